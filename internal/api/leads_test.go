package api

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/poll"
)

const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

// leadsEnv is the test server with visitor counts, under the attribution setting mode.
func leadsEnv(t *testing.T, mode domain.AttributionMode, tweak ...func(*Config)) (*testEnv, *leads.Counter) {
	t.Helper()
	var counter *leads.Counter
	e := newEnv(t, append([]func(*Config){func(c *Config) {
		counter = leads.NewCounter(leads.Config{DB: c.DB, Site: "site.test",
			Settings: func() leads.Settings { s := leads.DefaultSettings(); s.Mode = mode; return s },
			Pages:    func() (string, []string) { return "g1", []string{"/", "/seo-services-in-delhi/", "/contactus/"} }})
		c.Leads = counter
	}}, tweak...)...)
	return e, counter
}

// beacon posts a beacon's body with the headers given (a browser's user agent unless set).
func (e *testEnv) beacon(body string, headers map[string]string) (int, string) {
	e.t.Helper()
	h := map[string]string{"User-Agent": browserUA}
	for k, v := range headers {
		h[k] = v
	}
	ct := h["Content-Type"]
	if ct == "" {
		ct = "application/x-www-form-urlencoded;charset=UTF-8"
	}
	delete(h, "Content-Type")
	res := e.do("POST", "/beacon", strings.NewReader(body), ct, h)
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}

// today reads the counts of today as stored after a flush.
func today(t *testing.T, e *testEnv, c *leads.Counter) domain.TrafficDay {
	t.Helper()
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	day := time.Now().In(c.Settings().Zone).Format(time.DateOnly)
	days, err := e.db.TrafficDays(day, day)
	if err != nil || len(days) != 1 {
		t.Fatalf("%v %v", days, err)
	}
	return days[0]
}

// TestBeaconCountsOnlyWhatItShould: a browser's page views count; bots, previews, GPC and DNT do
// not; a malformed beacon is a 400 with a JSON error (never a 500), counted and never stored.
func TestBeaconCountsOnlyWhatItShould(t *testing.T) {
	e, c := leadsEnv(t, domain.AttributionNotice)
	ok := []string{"p=%2Fseo-services-in-delhi%2F&e=1&r=www.google.com&s=google&m=cpc&c=Diwali&a=1", "p=%2Fcontactus%2F", "p=%2Fnot-a-page%2F",
		"p=%2Fcontactus%2F&t=call", "p=%2Fcontactus%2F&t=chat"} // taps on the call and WhatsApp links
	for _, b := range ok {
		if st, body := e.beacon(b, nil); st != http.StatusNoContent {
			t.Fatalf("%s: %d %s", b, st, body)
		}
	}
	ignored := []map[string]string{
		{"Sec-GPC": "1"}, {"DNT": "1"},
		{"User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
		{"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36"},
		{"User-Agent": "curl/8.5.0"}, {"Sec-Purpose": "prefetch"},
		{"Referer": e.ts.URL + "/api/preview-blogs/draft-post/page"},
	}
	for _, h := range ignored {
		if st, body := e.beacon("p=%2F&e=1", h); st != http.StatusNoContent {
			t.Errorf("%v: %d %s", h, st, body)
		}
	}
	bad := []struct {
		body    string
		headers map[string]string
	}{
		{"e=1", nil}, // no path
		{"p=https%3A%2F%2Fevil.example%2F", nil},
		{"p=%2F&p=%2Fx%2F", nil},
		{"p=%2F&e=2", nil},
		{"p=%2F&e=1&r=evil.example%2Fpath", nil},
		{"p=%2F&e=1&c=" + url.QueryEscape("<script>"), nil},
		{"p=%2F&e=1&s=" + strings.Repeat("x", 101), nil},
		{"p=%2F&c=Diwali", nil}, // a campaign on a page that begins no visit
		{"p=%2F&t=sms", nil},
		{"p=%2F&e=1&t=call", nil}, // a tap is no page view
		{"p=%2F&%zz", nil},
		{"p=%2F" + strings.Repeat("&x=1", 300), nil}, // too large
		{`{"p":"/"}`, map[string]string{"Content-Type": "application/json"}},
		{"p=%2F", map[string]string{"Origin": "https://evil.example"}},
	}
	for _, b := range bad {
		st, body := e.beacon(b.body, b.headers)
		var out map[string]string
		if st != http.StatusBadRequest || json.Unmarshal([]byte(body), &out) != nil || !strings.HasPrefix(out["error"], "Invalid beacon") {
			t.Errorf("%.60s %v: %d %s", b.body, b.headers, st, body)
		}
	}
	d := today(t, e, c)
	if d.Views != 3 || d.Visits != 1 || d.Visitors != 1 || d.Paths[domain.Other].Views != 1 || d.Channels[domain.ChannelPaidSearch].Visits != 1 ||
		d.Campaigns["Diwali"].Visits != 1 || d.Bots != 5 || d.Invalid != len(bad) || d.Calls != 1 || d.Chats != 1 ||
		d.Campaigns["Diwali"].Taps != 1 || d.Paths["/seo-services-in-delhi/"].Taps != 1 {
		t.Errorf("counted %+v", d)
	}
	raw, _ := json.Marshal(d)
	for _, s := range []string{"evil", "script", "127.0.0.1", "Chrome"} {
		if strings.Contains(string(raw), s) {
			t.Errorf("%q stored: %s", s, raw)
		}
	}
}

// TestBeaconFloodIsShedBesideEnquiries: past the site's limit beacons are shed (429, counted),
// and an enquiry sent meanwhile is taken and stored as ever.
func TestBeaconFloodIsShedBesideEnquiries(t *testing.T) {
	e, c := leadsEnv(t, domain.AttributionNotice, func(cfg *Config) {
		cfg.TrustProxy = true
		cfg.Limits.BeaconsPerSecond = 5
	})
	shed := 0
	for i := range 50 {
		st, _ := e.beacon("p=%2F&e=1", map[string]string{"X-Forwarded-For": fmt.Sprintf("10.0.%d.%d", i/200, i%200)})
		if st == http.StatusTooManyRequests {
			shed++
		} else if st != http.StatusNoContent {
			t.Fatalf("beacon %d: %d", i, st)
		}
	}
	if shed < 40 {
		t.Errorf("only %d of 50 shed", shed)
	}
	st, body := e.json("POST", "/popup", map[string]any{"name": "Asha", "email": "asha@example.com", "phone": "+91 98110 45672",
		"message": "SEO please", "startedAt": time.Now().Add(-time.Minute).UnixMilli()}, false)
	if st != http.StatusOK {
		t.Fatalf("enquiry during the flood: %d %v", st, body)
	}
	if d := today(t, e, c); d.Shed != shed || d.Views != 50-shed {
		t.Errorf("shed %d views %d, want %d and %d", d.Shed, d.Views, shed, 50-shed)
	}
	if list, _ := e.db.Messages(); len(list) != 1 {
		t.Errorf("%d enquiries stored", len(list))
	}
}

// TestOnePerAddressIsShed: one address cannot count a flood of page views.
func TestOnePerAddressIsShed(t *testing.T) {
	e, c := leadsEnv(t, domain.AttributionNotice)
	for range beaconsPerAddressBurst + 10 {
		e.beacon("p=%2F", nil)
	}
	if d := today(t, e, c); d.Views != beaconsPerAddressBurst || d.Shed != 10 {
		t.Errorf("views %d shed %d", d.Views, d.Shed)
	}
}

func visitEnquiry(extra map[string]any) map[string]any {
	m := map[string]any{"name": "Asha Verma", "email": "asha@example.com", "phone": "+91 98110 45672", "message": "SEO for my clinic",
		"startedAt": time.Now().Add(-time.Minute).UnixMilli()}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

var adVisit = map[string]any{"landing": "/seo-services-in-delhi/", "page": "/contactus/", "referrer": "www.google.com",
	"utm_source": "google", "utm_medium": "cpc", "utm_campaign": "Diwali", "gclid": "Cj0KCQiA_abc-123"}

func lastEnquiry(t *testing.T, e *testEnv) domain.Message {
	t.Helper()
	list, err := e.db.Messages()
	if err != nil || len(list) == 0 {
		t.Fatalf("no enquiry: %v", err)
	}
	return list[0]
}

// TestEnquiryKeepsItsVisit: the enquiry keeps the visit's fields and its channel, converts the
// counted visit that sent it, and keeps nothing for GPC/DNT; a bad field is dropped, not the
// enquiry.
func TestEnquiryKeepsItsVisit(t *testing.T) {
	e, c := leadsEnv(t, domain.AttributionNotice)
	e.beacon("p=%2Fseo-services-in-delhi%2F&e=1&r=www.google.com&s=google&m=cpc&c=Diwali&a=1", nil)
	post := func(v map[string]any, headers map[string]string) {
		t.Helper()
		body, _ := json.Marshal(v)
		h := map[string]string{"User-Agent": browserUA}
		for k, x := range headers {
			h[k] = x
		}
		res := e.do("POST", "/popup", strings.NewReader(string(body)), "application/json", h)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("enquiry: %d", res.StatusCode)
		}
	}
	post(visitEnquiry(adVisit), nil)
	a := lastEnquiry(t, e).Attribution
	want := domain.Attribution{Landing: "/seo-services-in-delhi/", Page: "/contactus/", Referrer: "www.google.com", Source: "google",
		Medium: "cpc", Campaign: "Diwali", GCLID: "Cj0KCQiA_abc-123", Channel: domain.ChannelPaidSearch, Basis: domain.AttributionNotice}
	if a == nil || *a != want {
		t.Fatalf("kept %+v", a)
	}
	if d := today(t, e, c); d.Conversions != 1 || d.Campaigns["Diwali"].Conversions != 1 {
		t.Errorf("conversions %+v", d)
	}
	// The agency's notification says where the lead came from, without its click id.
	var files []string
	poll.Until(t, "the notification", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 1 })
	raw, _ := os.ReadFile(files[0])
	eml := strings.NewReplacer("=\r\n", "", "=\n", "").Replace(string(raw)) // quoted-printable's soft breaks
	if !strings.Contains(eml, "Came from: Paid search, campaign Diwali, landed on /seo-services-in-delhi/, from www.google.com") ||
		strings.Contains(eml, "Cj0KCQiA") {
		t.Errorf("notification:\n%s", eml)
	}
	post(visitEnquiry(adVisit), map[string]string{"Sec-GPC": "1"})
	if m := lastEnquiry(t, e); m.Attribution != nil {
		t.Errorf("GPC kept %+v", m.Attribution)
	}
	post(visitEnquiry(map[string]any{"landing": "javascript:alert(1)", "utm_campaign": "Holi", "gclid": "<x>"}), nil)
	if a := lastEnquiry(t, e).Attribution; a == nil || a.Landing != "" || a.GCLID != "" || a.Campaign != "Holi" || a.Channel != domain.ChannelReferral {
		t.Errorf("bad fields: %+v", a)
	}
	if d := today(t, e, c); d.Invalid != 1 || d.Conversions != 1 {
		t.Errorf("invalid %d conversions %d", d.Invalid, d.Conversions)
	}
}

// TestEnquiryUnderConsentAndOff: with consent, the click ids stay only with the tick; off keeps
// nothing.
func TestEnquiryUnderConsentAndOff(t *testing.T) {
	e, _ := leadsEnv(t, domain.AttributionConsent)
	e.json("POST", "/popup", visitEnquiry(adVisit), false)
	if a := lastEnquiry(t, e).Attribution; a.GCLID != "" || a.Campaign != "Diwali" || a.Consent {
		t.Errorf("without the tick: %+v", a)
	}
	e.json("POST", "/popup", visitEnquiry(map[string]any{"adConsent": "true", "gclid": "abc", "landing": "/"}), false)
	if a := lastEnquiry(t, e).Attribution; a.GCLID != "abc" || !a.Consent || a.Basis != domain.AttributionConsent {
		t.Errorf("with the tick: %+v", a)
	}
	off, _ := leadsEnv(t, domain.AttributionOff)
	off.json("POST", "/popup", visitEnquiry(adVisit), false)
	if a := lastEnquiry(t, off).Attribution; a != nil {
		t.Errorf("off kept %+v", a)
	}
	if st, _ := off.beacon("p=%2F&e=1", nil); st != http.StatusNoContent {
		t.Errorf("beacon with attribution off: %d", st)
	}
}

func (e *testEnv) setOutcome(id string, v map[string]any) (int, map[string]any) {
	return e.json("PUT", "/popups/"+id+"/outcome", v, true)
}

// TestOutcomeAndTheAdsExport: an outcome is checked, audited and outlives archiving; the Ads file
// is Google's template for the won enquiries with a gclid the setting lets out, nothing personal.
func TestOutcomeAndTheAdsExport(t *testing.T) {
	e, _ := leadsEnv(t, domain.AttributionNotice)
	e.json("POST", "/popup", visitEnquiry(adVisit), false)
	e.json("POST", "/popup", visitEnquiry(map[string]any{"landing": "/", "referrer": "www.bing.com"}), false)
	all, _ := e.db.Messages()
	ads, other := all[1], all[0]
	for _, bad := range []map[string]any{{"result": "maybe"}, {"result": "won", "value": -5, "currency": "INR"},
		{"result": "won", "value": 10}, {"result": "won", "value": "ten", "currency": "INR"}, {}} {
		if st, body := e.setOutcome(ads.ID, bad); st != http.StatusBadRequest || body["error"] == "" {
			t.Errorf("%v: %d %v", bad, st, body)
		}
	}
	if st, _ := e.setOutcome("0123456789abcdef01234567", map[string]any{"result": "won"}); st != http.StatusNotFound {
		t.Errorf("unknown enquiry: %d", st)
	}
	// A new enquiry won was handled: it leaves the New folder as replied, and the answer says so.
	if st, body := e.setOutcome(ads.ID, map[string]any{"result": "won", "value": 45000, "currency": "inr"}); st != http.StatusOK ||
		body["message"] != "Outcome saved; the enquiry is marked replied." || body["enquiry"].(map[string]any)["status"] != domain.StatusReplied {
		t.Fatalf("%d %v", st, body)
	}
	if counts, _ := e.db.MessageCounts(); counts[domain.StatusNew] != 1 || counts[domain.StatusReplied] != 1 {
		t.Errorf("counts %v", counts)
	}
	if st, body := e.setOutcome(ads.ID, map[string]any{"result": "won", "value": 45000, "currency": "INR"}); st != http.StatusOK || body["message"] != "Outcome saved." {
		t.Errorf("again: %d %v", st, body)
	}
	e.setOutcome(other.ID, map[string]any{"result": "won"})
	if st, body := e.json("PATCH", "/popups/"+ads.ID, map[string]any{"status": "archived"}, true); st != http.StatusOK ||
		body["enquiry"].(map[string]any)["outcome"].(map[string]any)["result"] != "won" {
		t.Fatalf("archived: %d %v", st, body)
	}
	if entries, _, _ := e.db.AuditPage(domain.AuditFilter{Action: domain.AuditOutcome}, 0, 10); len(entries) != 2 || entries[1].Detail != "none → won 45000 INR, new → replied" {
		t.Errorf("audit %+v", entries)
	}

	res := e.do("GET", "/popups/ads-conversions.csv?since="+time.Now().AddDate(0, 0, -1).Format(time.DateOnly)+"&name=Enquiry%20won", nil, "", e.bearer())
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("%d %s", res.StatusCode, data)
	}
	r := csv.NewReader(strings.NewReader(string(data)))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil || len(recs) != 3 {
		t.Fatalf("%q %v", recs, err)
	}
	if recs[0][0] != "Parameters:TimeZone=+0530" || strings.Join(recs[1], "|") != "Google Click ID|Conversion Name|Conversion Time|Conversion Value|Conversion Currency" {
		t.Errorf("head %q", recs[:2])
	}
	row := recs[2]
	if row[0] != "Cj0KCQiA_abc-123" || row[1] != "Enquiry won" || row[3] != "45000" || row[4] != "INR" {
		t.Errorf("row %q", row)
	}
	if _, err := time.Parse(leads.AdsTimeLayout, row[2]); err != nil {
		t.Errorf("time %q: %v", row[2], err)
	}
	if strings.Contains(string(data), "asha") || strings.Contains(string(data), "98110") {
		t.Error("personal data in the export")
	}
	for _, q := range []string{"since=yesterday", "name=" + strings.Repeat("x", 101), "name=a%0Ab"} {
		res := e.do("GET", "/popups/ads-conversions.csv?"+q, nil, "", e.bearer())
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d", q, res.StatusCode)
		}
	}
	// Under consent, an enquiry without the tick has no gclid, so it never reaches the file.
	consent, _ := leadsEnv(t, domain.AttributionConsent)
	consent.json("POST", "/popup", visitEnquiry(adVisit), false)
	m := lastEnquiry(t, consent)
	consent.setOutcome(m.ID, map[string]any{"result": "won"})
	res = consent.do("GET", "/popups/ads-conversions.csv", nil, "", consent.bearer())
	data, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Count(string(data), "\n") != 2 {
		t.Errorf("consent without the tick exported: %q", data)
	}
}

// TestInboxByChannelAndCampaign: the inbox filters by the visit's channel and campaign, lists the
// sources, and the CSV carries the columns.
func TestInboxByChannelAndCampaign(t *testing.T) {
	e, _ := leadsEnv(t, domain.AttributionNotice)
	e.json("POST", "/popup", visitEnquiry(adVisit), false)
	e.json("POST", "/popup", visitEnquiry(map[string]any{"page": "/", "referrer": "l.facebook.com", "utm_campaign": "Holi"}), false)
	e.json("POST", "/popup", visitEnquiry(nil), false)
	count := func(q string) int {
		res := e.do("GET", "/popups?"+q, nil, "", e.bearer())
		defer res.Body.Close()
		var list []domain.Message
		if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&list) != nil {
			t.Fatalf("%s: %d", q, res.StatusCode)
		}
		return len(list)
	}
	for q, want := range map[string]int{"channel=paid-search": 1, "channel=social": 1, "channel=unknown": 1, "campaign=diwali": 1,
		"campaign=Holi&channel=social": 1, "campaign=Holi&channel=paid-search": 0, "": 3} {
		if got := count(q); got != want {
			t.Errorf("%s: %d, want %d", q, got, want)
		}
	}
	if res := e.do("GET", "/popups?channel=tv", nil, "", e.bearer()); res.StatusCode != http.StatusBadRequest {
		t.Errorf("unknown channel: %d", res.StatusCode)
	}
	st, src := e.json("GET", "/popups/sources", nil, true)
	if st != http.StatusOK || src["channels"].(map[string]any)["social"] != 1.0 || len(src["campaigns"].([]any)) != 2 {
		t.Errorf("sources %v", src)
	}
	res := e.do("GET", "/popups.csv?channel=paid-search", nil, "", e.bearer())
	recs, err := csv.NewReader(res.Body).ReadAll()
	res.Body.Close()
	if err != nil || len(recs) != 2 {
		t.Fatalf("%q %v", recs, err)
	}
	col := map[string]string{}
	for i, h := range recs[0] {
		col[h] = recs[1][i]
	}
	if col["landing"] != "/seo-services-in-delhi/" || col["channel"] != "paid-search" || col["utm_campaign"] != "Diwali" ||
		col["gclid"] != "Cj0KCQiA_abc-123" || col["name"] != "Asha Verma" {
		t.Errorf("csv %v", col)
	}
}

func TestTrafficReport(t *testing.T) {
	e, _ := leadsEnv(t, domain.AttributionNotice)
	e.beacon("p=%2F&e=1", nil)
	st, rep := e.json("GET", "/api/traffic?days=7", nil, true)
	if st != http.StatusOK || rep["days"] != 7.0 || len(rep["series"].([]any)) != 7 || rep["totals"].(map[string]any)["visits"] != 1.0 {
		t.Fatalf("%d %v", st, rep)
	}
	for _, q := range []string{"days=5", "days=x"} {
		if st, _ := e.json("GET", "/api/traffic?"+q, nil, true); st != http.StatusBadRequest {
			t.Errorf("%s: %d", q, st)
		}
	}
}
