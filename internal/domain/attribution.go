package domain

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"
)

// Attribution is where the visit that sent an enquiry came from: the last visit, not the first
// (yesterday's ad click followed by a direct visit today is direct). The page keeps it for that
// visit only, in sessionStorage, and sends it with the enquiry; nothing here comes from a cookie
// or from an earlier visit. Every field is validated and bounded (ReadAttribution) before it is
// kept; Channel is derived here, never taken from the page.
type Attribution struct {
	Landing  string `json:"landing,omitempty"`  // path of the visit's first page on the site
	Page     string `json:"page,omitempty"`     // path of the page the form was on
	Referrer string `json:"referrer,omitempty"` // host of the site that sent the visit (never its full address)
	Source   string `json:"utmSource,omitempty"`
	Medium   string `json:"utmMedium,omitempty"`
	Campaign string `json:"utmCampaign,omitempty"`
	Term     string `json:"utmTerm,omitempty"`
	Content  string `json:"utmContent,omitempty"`
	// The ad networks' click ids. They identify one click on one ad, so they are personal data:
	// kept only as the site's setting allows (AttributionMode), erased after ClickIDKeep, and
	// never sent anywhere but in the admin's Google Ads export.
	GCLID   string `json:"gclid,omitempty"`
	GBRAID  string `json:"gbraid,omitempty"`
	WBRAID  string `json:"wbraid,omitempty"`
	FBCLID  string `json:"fbclid,omitempty"`
	MSCLKID string `json:"msclkid,omitempty"`
	Channel string `json:"channel"`
	// Consent: the visitor ticked the form's box (the consent setting); Basis: the setting the
	// enquiry was sent under (notice or consent), which decides whether its click ids may reach
	// the Ads export.
	Consent bool            `json:"adConsent,omitempty"`
	Basis   AttributionMode `json:"basis,omitempty"`
	// ClickIDsErased is set when the click ids were erased for their age.
	ClickIDsErased bool `json:"clickIdsErased,omitempty"`
}

// AttributionMode is the site's setting (`attribution:` in content/site.yaml).
type AttributionMode string

const (
	// AttributionNotice keeps the attribution of every enquiry, click ids included; a line beside
	// each form's button says so. The default.
	AttributionNotice AttributionMode = "notice"
	// AttributionConsent keeps the page and campaign as with notice, but the click ids only when
	// the visitor ticks the form's box; only those enquiries reach the Ads export.
	AttributionConsent AttributionMode = "consent"
	// AttributionOff keeps nothing and counts nothing: no capture, no beacon, no notice.
	AttributionOff AttributionMode = "off"
)

// ParseAttributionMode reads the setting; "" is the default, notice.
func ParseAttributionMode(s string) (AttributionMode, error) {
	switch m := AttributionMode(strings.TrimSpace(s)); m {
	case "":
		return AttributionNotice, nil
	case AttributionNotice, AttributionConsent, AttributionOff:
		return m, nil
	}
	return "", Errorf(EInvalid, "attribution must be notice, consent or off, not %q", s)
}

// The channels an enquiry's visit and a counted visit are put in.
const (
	ChannelPaidSearch    = "paid-search"
	ChannelOrganicSearch = "organic-search"
	ChannelSocial        = "social"
	ChannelReferral      = "referral"
	ChannelEmail         = "email"
	ChannelDirect        = "direct"
)

// Channels lists the channels in the order the admin's screens show them.
var Channels = []string{ChannelPaidSearch, ChannelOrganicSearch, ChannelSocial, ChannelReferral, ChannelEmail, ChannelDirect}

// ValidChannel reports whether s names a channel.
func ValidChannel(s string) bool {
	for _, c := range Channels {
		if s == c {
			return true
		}
	}
	return false
}

// Bounds of what a page may send of a visit.
const (
	MaxPathLen     = 300 // a path of the site, percent-encoded
	MaxHostLen     = 253 // a DNS name
	MaxCampaignLen = 100 // a utm_ value, in characters
	MaxClickIDLen  = 200 // an ad click id (a gclid is about 100)
)

// The attribution fields of an enquiry as the page sends them (and the beacon's keys for the
// visit's entry): the landing path, the form's page, the referring host, the five utm_ values
// and the click ids. AttributionFields lists them for the API's documentation and tests.
var AttributionFields = []string{"landing", "page", "referrer", "utm_source", "utm_medium", "utm_campaign",
	"utm_term", "utm_content", "gclid", "gbraid", "wbraid", "fbclid", "msclkid", "adConsent"}

var (
	// A path as a browser's location.pathname gives it: percent-encoded, RFC 3986's pchar and /.
	pathPattern = regexp.MustCompile(`^/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*$`)
	// A host name: letter-or-digit labels with inner hyphens (an IDN arrives as punycode).
	hostPattern = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)
	// Click ids are base64url-like tokens.
	clickIDPattern = regexp.MustCompile(`^[A-Za-z0-9_\-.]+$`)
)

// ValidSitePath reports whether p is a path as a page's location gives it.
func ValidSitePath(p string) bool { return len(p) <= MaxPathLen && pathPattern.MatchString(p) }

// ValidHost reports whether h is a lower-case host name.
func ValidHost(h string) bool { return len(h) <= MaxHostLen && hostPattern.MatchString(h) }

// CleanCampaignValue answers a utm_ value made safe to keep: trimmed, inner white space made
// single spaces, at most MaxCampaignLen characters; ok is false for what is no text a person
// would write (control or format characters, markup brackets, invalid UTF-8), which is dropped.
func CleanCampaignValue(v string) (string, bool) {
	if !utf8.ValidString(v) {
		return "", false
	}
	v = strings.Join(strings.Fields(v), " ")
	if utf8.RuneCountInString(v) > MaxCampaignLen {
		return "", false
	}
	for _, r := range v {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || strings.ContainsRune("<>\"\\`", r) {
			return "", false
		}
	}
	return v, true
}

// ReadAttribution reads the attribution an enquiry was sent with (get answers a field's value,
// "" when it was not sent) under the site's setting. Each field that breaks its rule is
// dropped, never kept raw, and named in dropped; the rest is kept. It answers nil when nothing
// was sent (no script, a visitor asking not to be tracked) or the setting is off.
func ReadAttribution(get func(string) string, mode AttributionMode) (a *Attribution, dropped []string) {
	if mode == AttributionOff {
		return nil, nil
	}
	out := Attribution{Basis: mode}
	sent := false
	take := func(name string, to *string, ok func(string) (string, bool)) {
		v := get(name)
		if v == "" {
			return
		}
		sent = true
		if clean, good := ok(v); good {
			*to = clean
		} else {
			dropped = append(dropped, name)
		}
	}
	path := func(v string) (string, bool) { return v, ValidSitePath(v) }
	host := func(v string) (string, bool) {
		v = strings.ToLower(strings.TrimSuffix(v, "."))
		return v, ValidHost(v)
	}
	clickID := func(v string) (string, bool) { return v, len(v) <= MaxClickIDLen && clickIDPattern.MatchString(v) }
	take("landing", &out.Landing, path)
	take("page", &out.Page, path)
	take("referrer", &out.Referrer, host)
	for _, f := range []struct {
		name string
		to   *string
	}{{"utm_source", &out.Source}, {"utm_medium", &out.Medium}, {"utm_campaign", &out.Campaign}, {"utm_term", &out.Term}, {"utm_content", &out.Content}} {
		take(f.name, f.to, CleanCampaignValue)
	}
	out.Consent = get("adConsent") == "true" || get("adConsent") == "1"
	for _, f := range []struct {
		name string
		to   *string
	}{{"gclid", &out.GCLID}, {"gbraid", &out.GBRAID}, {"wbraid", &out.WBRAID}, {"fbclid", &out.FBCLID}, {"msclkid", &out.MSCLKID}} {
		take(f.name, f.to, clickID)
	}
	if !sent {
		return nil, dropped
	}
	if mode == AttributionConsent && !out.Consent {
		out.clearClickIDs()
	}
	out.Channel = ChannelOf(out.Visit())
	return &out, dropped
}

// HasClickID reports whether any click id is kept.
func (a *Attribution) HasClickID() bool {
	return a != nil && a.GCLID+a.GBRAID+a.WBRAID+a.FBCLID+a.MSCLKID != ""
}

// EraseClickIDs removes the click ids and notes that they were erased; the channel stays.
func (a *Attribution) EraseClickIDs() {
	a.clearClickIDs()
	a.ClickIDsErased = true
}

func (a *Attribution) clearClickIDs() {
	a.GCLID, a.GBRAID, a.WBRAID, a.FBCLID, a.MSCLKID = "", "", "", "", ""
}

// MayExport reports whether the enquiry's gclid may go into the Google Ads export under the
// site's current setting: never when it is off, only with the visitor's tick under consent.
func (a *Attribution) MayExport(mode AttributionMode) bool {
	if a == nil || a.GCLID == "" {
		return false
	}
	switch mode {
	case AttributionNotice:
		return true
	case AttributionConsent:
		return a.Consent
	}
	return false
}

// ChannelNames are the channels as people read them.
var ChannelNames = map[string]string{ChannelPaidSearch: "Paid search", ChannelOrganicSearch: "Organic search",
	ChannelSocial: "Social", ChannelReferral: "Referral", ChannelEmail: "E-mail", ChannelDirect: "Direct"}

// Summary says in one line where the visit came from (its click ids left out): "Paid search,
// campaign Diwali, landed on /seo-services-in-delhi/, from www.google.com".
func (a *Attribution) Summary() string {
	if a == nil {
		return ""
	}
	parts := []string{ChannelNames[a.Channel]}
	if a.Campaign != "" {
		parts = append(parts, "campaign "+a.Campaign)
	}
	if a.Landing != "" {
		parts = append(parts, "landed on "+a.Landing)
	}
	if a.Referrer != "" {
		parts = append(parts, "from "+a.Referrer)
	}
	if a.Page != "" {
		parts = append(parts, "form on "+a.Page)
	}
	return strings.Join(parts, ", ")
}

// ChannelOfMessage is an enquiry's channel as the inbox files it: its attribution's, or "" when
// none was kept (no script, a visitor asking not to be tracked, an enquiry from before).
func ChannelOfMessage(m Message) string {
	if m.Attribution == nil {
		return ""
	}
	return m.Attribution.Channel
}

// Visit is what decides a visit's channel: where it came from, its campaign's source and
// medium, and whether it carried an ad's click id. The beacon sends the same (with AdClick in
// place of the ids), so a counted visit and an enquiry land in the same channel.
type Visit struct {
	Referrer, Source, Medium, Campaign string
	PaidClick                          bool // a Google or Microsoft ad click id (gclid, gbraid, wbraid, msclkid)
	SocialClick                        bool // Meta's fbclid, which Facebook and Instagram add to every outbound link
}

// Visit answers what decides the attribution's channel.
func (a Attribution) Visit() Visit {
	return Visit{Referrer: a.Referrer, Source: a.Source, Medium: a.Medium, Campaign: a.Campaign,
		PaidClick: a.GCLID+a.GBRAID+a.WBRAID+a.MSCLKID != "", SocialClick: a.FBCLID != ""}
}

var (
	emailMedium = regexp.MustCompile(`^(e[-_ ]?mail|newsletter)`)
	paidMedium  = regexp.MustCompile(`^(cpc|ppc|cpm|cpv|paid[-_ ]?search|paid|sem|ads?)$`)
	socialMed   = regexp.MustCompile(`^(social|social[-_ ]?(network|media|post)|sm|paid[-_ ]?social|organic[-_ ]?social)$`)
)

// The sites whose visits are search or social, by the label before their top-level domain (so
// google.co.in and google.com are one) or by a whole host.
var (
	searchSites = map[string]bool{"google": true, "bing": true, "yahoo": true, "duckduckgo": true, "yandex": true,
		"baidu": true, "ecosia": true, "naver": true, "qwant": true, "startpage": true, "brave": true, "search": true}
	socialSites = map[string]bool{"facebook": true, "instagram": true, "linkedin": true, "lnkd": true, "twitter": true,
		"t": true, "x": true, "youtube": true, "whatsapp": true, "pinterest": true, "reddit": true, "quora": true,
		"threads": true, "tiktok": true, "fb": true, "snapchat": true, "telegram": true}
	socialHosts = map[string]bool{"t.co": true, "x.com": true, "fb.me": true, "wa.me": true, "youtu.be": true}
)

// siteName is the label of a host (or a utm_source) that names the site: "google" for
// www.google.co.in, "facebook" for l.facebook.com or "facebook". The public suffix list tells
// the registrable name from the suffix (google.co.in, not co.in).
func siteName(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if !strings.Contains(h, ".") {
		return h
	}
	if d, err := publicsuffix.EffectiveTLDPlusOne(h); err == nil {
		h = d
	}
	name, _, _ := strings.Cut(h, ".")
	return name
}

// ChannelOf derives the channel of a visit, in this order: an e-mail medium; a Google or
// Microsoft click id or a paid medium (a paid medium from a social site is social); a social
// site, medium or Meta's click id; a search engine or the organic medium; any other site,
// source or campaign (referral); nothing at all (direct).
func ChannelOf(v Visit) string {
	medium := strings.ToLower(strings.TrimSpace(v.Medium))
	source := strings.ToLower(strings.TrimSpace(v.Source))
	from := func(sites map[string]bool) bool {
		return (source != "" && (sites[siteName(source)] || sites[source])) ||
			(v.Referrer != "" && sites[siteName(v.Referrer)])
	}
	social := v.SocialClick || socialMed.MatchString(medium) || from(socialSites) || socialHosts[v.Referrer] || socialHosts[source]
	switch {
	case emailMedium.MatchString(medium):
		return ChannelEmail
	case v.PaidClick:
		return ChannelPaidSearch
	case paidMedium.MatchString(medium):
		if social {
			return ChannelSocial
		}
		return ChannelPaidSearch
	case social:
		return ChannelSocial
	case medium == "organic" || from(searchSites):
		return ChannelOrganicSearch
	case v.Referrer != "" || source != "" || v.Campaign != "":
		return ChannelReferral
	}
	return ChannelDirect
}
