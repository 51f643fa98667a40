package leads

import (
	"net/http"
	"strings"

	"digitalreeviver/internal/domain"
)

// botWords are parts of the user agents of crawlers, link previews, monitors, scripts and
// automated browsers, lower-case. A user agent that is no browser's (no "Mozilla/") is a bot as
// well. Plain substring tests: a regular expression over every beacon's user agent was most of
// the counting's time.
var botWords = []string{"bot", "crawl", "spider", "slurp", "archiv", "scan", "monitor", "uptime", "pingdom", "headless",
	"phantom", "selenium", "puppeteer", "playwright", "webdriver", "lighthouse", "pagespeed", "gtmetrix", "preview",
	"prerender", "facebookexternalhit", "whatsapp", "embedly", "quora link", "vkshare", "ahrefs", "semrush", "mj12",
	"yandex", "baidu", "bytespider", "gptbot", "chatgpt", "claude", "perplexity", "ccbot", "google-inspectiontool",
	"googleother", "mediapartners", "adsbot", "feedfetcher", "curl", "wget", "python", "httpclient", "http-client",
	"go-http", "java/", "okhttp", "axios", "node-fetch", "libwww", "scrapy"}

// MaxUserAgentLen bounds the user agent a beacon is counted with (real ones are a few hundred
// bytes); a longer one is no browser's.
const MaxUserAgentLen = 512

// IsBot reports whether a request comes from a bot, a prefetch or prerender, or an automated
// browser, none of which is a visitor.
func IsBot(r *http.Request) bool {
	ua := r.UserAgent()
	if len(ua) > MaxUserAgentLen || !strings.Contains(ua, "Mozilla/") || containsAny(strings.ToLower(ua), botWords) {
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
	tabletWords = []string{"ipad", "tablet", "kindle", "silk/", "playbook"}
	mobileWords = []string{"mobi", "iphone", "ipod", "android", "blackberry", "opera mini", "iemobile"}
)

// DeviceClass is the class of device a user agent names: mobile, tablet or desktop (an Android
// device that does not say "Mobile" is a tablet).
func DeviceClass(ua string) string {
	l := strings.ToLower(ua)
	switch {
	case containsAny(l, tabletWords) || strings.Contains(l, "android") && !strings.Contains(l, "mobile"):
		return domain.DeviceTablet
	case containsAny(l, mobileWords):
		return domain.DeviceMobile
	}
	return domain.DeviceDesktop
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
