package leads

import (
	"net/http"
	"regexp"
	"strings"

	"digitalreeviver/internal/domain"
)

// botAgent matches the user agents of crawlers, link previews, monitors, scripts and automated
// browsers. A user agent that is no browser's (no "Mozilla/") is a bot as well.
var botAgent = regexp.MustCompile(`(?i)bot\b|bot/|crawl|spider|slurp|archiv|scan|monitor|uptime|pingdom|headless|phantom|` +
	`selenium|puppeteer|playwright|webdriver|lighthouse|pagespeed|gtmetrix|preview|prerender|facebookexternalhit|` +
	`whatsapp|embedly|quora link|vkshare|ahrefs|semrush|mj12|yandex|baidu|bytespider|gptbot|chatgpt|claude|perplexity|` +
	`ccbot|google-inspectiontool|googleother|mediapartners|adsbot|feedfetcher|curl|wget|python|httpclient|http-client|` +
	`go-http|java/|okhttp|axios|node-fetch|libwww|scrapy`)

// MaxUserAgentLen bounds the user agent a beacon is counted with (real ones are a few hundred
// bytes); a longer one is no browser's.
const MaxUserAgentLen = 512

// IsBot reports whether a request comes from a bot, a prefetch or prerender, or an automated
// browser, none of which is a visitor.
func IsBot(r *http.Request) bool {
	ua := r.UserAgent()
	if len(ua) > MaxUserAgentLen || !strings.Contains(ua, "Mozilla/") || botAgent.MatchString(ua) {
		return true
	}
	p := strings.ToLower(r.Header.Get("Sec-Purpose") + r.Header.Get("Purpose") + r.Header.Get("X-Purpose"))
	return strings.Contains(p, "prefetch") || strings.Contains(p, "prerender") || strings.Contains(p, "preview")
}

// AsksNotToBeTracked reports whether the request carries Global Privacy Control (Sec-GPC: 1) or
// Do Not Track (DNT: 1): such a visitor is not counted and keeps no attribution.
func AsksNotToBeTracked(r *http.Request) bool {
	return strings.TrimSpace(r.Header.Get("Sec-GPC")) == "1" || strings.TrimSpace(r.Header.Get("DNT")) == "1"
}

var (
	tabletAgent = regexp.MustCompile(`(?i)ipad|tablet|kindle|silk/|playbook`)
	mobileAgent = regexp.MustCompile(`(?i)mobi|iphone|ipod|android|blackberry|opera mini|iemobile`)
	androidApp  = regexp.MustCompile(`(?i)android`)
	mobileWord  = regexp.MustCompile(`(?i)mobile`)
)

// DeviceClass is the class of device a user agent names: mobile, tablet or desktop.
func DeviceClass(ua string) string {
	switch {
	case tabletAgent.MatchString(ua) || androidApp.MatchString(ua) && !mobileWord.MatchString(ua):
		return domain.DeviceTablet
	case mobileAgent.MatchString(ua):
		return domain.DeviceMobile
	}
	return domain.DeviceDesktop
}
