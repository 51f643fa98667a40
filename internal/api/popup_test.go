package api

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/poll"
)

// TestPopupRetryIsAnsweredAgain: a page's retry carries the enquiry's id; the server answers it
// as the first time, before its limits, so a retry after a lost answer never meets a 429 and
// never stores, mails or webhooks the enquiry twice.
func TestPopupRetryIsAnsweredAgain(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Limits.PopupPerMinute, c.Limits.PopupBurst = 1, 1 })
	body := mustJSON(withAny(popupOK, "id", domain.NewEnquiryID(), "country", "in", "phone", "98110 45672"))
	for i := 0; i < 3; i++ {
		res := e.do("POST", "/popup", strings.NewReader(body), "application/json", nil)
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(data), enquiry.MsgThanks) {
			t.Fatalf("send %d: %d %s", i+1, res.StatusCode, data)
		}
	}
	// Another enquiry from the same address meets the limit.
	res := e.do("POST", "/popup", strings.NewReader(mustJSON(withAny(popupOK, "id", domain.NewEnquiryID()))), "application/json", nil)
	res.Body.Close()
	if res.StatusCode != 429 {
		t.Fatalf("a new enquiry past the limit: %d", res.StatusCode)
	}
	list, _ := e.listPage("")
	if len(list) != 1 || list[0].PhoneE164 != "+919811045672" || list[0].Country != "IN" {
		t.Fatalf("stored: %+v", list)
	}
	poll.Until(t, "the notification", func() bool { return len(outboxFiles(t, e.outbox)) >= 1 })
	if files := outboxFiles(t, e.outbox); len(files) != 1 {
		t.Fatalf("%d notifications, want 1", len(files))
	}
}

// TestRefusedFormPage: without JavaScript, a refused post answers the site's own contact page
// (as built) with the reason and the form filled with what was sent, and without scripts.
func TestRefusedFormPage(t *testing.T) {
	e := newEnv(t)
	page := `<!doctype html><html><head><title>Contact Us | Digital Reeviver</title><link rel="stylesheet" href="/assets/site.css">` +
		`<link rel="modulepreload" href="/assets/x.js"><script type="module" src="/assets/client.js"></script></head><body>` +
		`<a href="/">Home</a><form class="form contact-form" method="post" action="/popup">` +
		`<input name="name"><input name="email" type="email"><select name="country"><option value="in" selected>IN +91</option><option value="us">US +1</option></select>` +
		`<input name="phone"><textarea name="message"></textarea><input name="website"><input type="hidden" name="startedAt" value=""></form></body></html>`
	if err := os.MkdirAll(filepath.Join(e.dir, "dist", "contactus"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.dir, "dist", contactPage), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	form := url.Values{"name": {`Ravi <b>"K"</b>`}, "email": {"ravi@example.in"}, "country": {"us"}, "phone": {"12"},
		"message": {"Line one\n</textarea><script>alert(1)</script>"}, "website": {""}}
	res := e.do("POST", "/popup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil)
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	html := string(data)
	if res.StatusCode != 400 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("status %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{
		`<title>Message not sent | Contact Us | Digital Reeviver</title>`,
		`href="/assets/site.css"`, // the site's look
		`role="alert"`, domain.MsgPhoneInvalid,
		`value="Ravi &lt;b&gt;&#34;K&#34;&lt;/b&gt;"`, `value="ravi@example.in"`, `value="12"`,
		`<option value="us" selected="">`,
		`Line one` + "\n" + `&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the refused page lacks %s:\n%s", want, html)
		}
	}
	for _, unwanted := range []string{"<script", "modulepreload", `<option value="in" selected`} {
		if strings.Contains(html, unwanted) {
			t.Errorf("the refused page holds %s:\n%s", unwanted, html)
		}
	}
	// From the site on another allowed host, the page's links lead back there.
	e2 := newEnv(t, func(c *Config) {
		c.AllowedOrigins = []string{"https://www.example.in"}
		c.OutDir = filepath.Join(e.dir, "dist")
	})
	res = e2.do("POST", "/popup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", map[string]string{"Origin": "https://www.example.in"})
	data, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(data), `<a href="https://www.example.in/">Home</a>`) {
		t.Errorf("links do not lead back to the site:\n%s", data)
	}
}

// TestAWrongNumberIsAskedAboutOnce: a number a digit short for India is refused with a question
// and the field that answers it ("confirm": "phoneChecked"); sent again with the number in that
// field, it is stored as typed. Without JavaScript, the refused contact page carries the number
// in that hidden field, so pressing Send again answers the question.
func TestAWrongNumberIsAskedAboutOnce(t *testing.T) {
	e := newEnv(t)
	sent := withAny(popupOK, "id", domain.NewEnquiryID(), "country", "in", "phone", "+91 99999 8888")
	res := e.do("POST", "/popup", strings.NewReader(mustJSON(sent)), "application/json", nil)
	var refused map[string]string
	json.NewDecoder(res.Body).Decode(&refused)
	res.Body.Close()
	if res.StatusCode != 400 || refused["confirm"] != domain.PhoneChecked || !strings.Contains(refused["error"], "not look like a phone number in India") {
		t.Fatalf("a number a digit short: %d %v", res.StatusCode, refused)
	}
	res = e.do("POST", "/popup", strings.NewReader(mustJSON(withAny(sent, domain.PhoneChecked, "+91 99999 8888"))), "application/json", nil)
	res.Body.Close()
	if list, _ := e.listPage(""); res.StatusCode != 200 || len(list) != 1 || list[0].Phone != "+91 99999 8888" {
		t.Fatalf("sent again: %d %+v", res.StatusCode, list)
	}

	page := `<!doctype html><html><head><title>Contact Us</title></head><body><form class="form contact-form" method="post" action="/popup">` +
		`<input name="name"><input name="phone"><textarea name="message"></textarea></form></body></html>`
	if err := os.MkdirAll(filepath.Join(e.dir, "dist", "contactus"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.dir, "dist", contactPage), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	form := url.Values{"name": {"Ravi"}, "email": {"ravi@example.in"}, "country": {"in"}, "phone": {"98110 4567"}, "message": {"SEO?"}}
	res = e.do("POST", "/popup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil)
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 400 || !strings.Contains(string(data), `<input type="hidden" name="phoneChecked" value="98110 4567"/>`) ||
		!strings.Contains(string(data), "If it is right, send it again.</div>") {
		t.Fatalf("the refused page: %d\n%s", res.StatusCode, data)
	}
	form.Set(domain.PhoneChecked, "98110 4567")
	res = e.do("POST", "/popup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil)
	res.Body.Close()
	if list, _ := e.listPage(""); res.StatusCode != http.StatusSeeOther || len(list) != 2 || list[0].Phone != "98110 4567" {
		t.Fatalf("sent again without JavaScript: %d %+v", res.StatusCode, list)
	}
}

// TestOneSiteTimeZone: the CSV gives times in the site's time zone (site.yaml's timeZone) with
// its offset, not in UTC (the notification mail's: internal/mailkinds TestNotification).
func TestOneSiteTimeZone(t *testing.T) {
	zone, err := domain.LoadSiteZone("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(c *Config) {
		c.Enquiries, _ = enquiry.New(enquiry.Config{DB: c.DB, NotifyEmail: c.NotifyEmail, Zone: zone})
	})
	res := e.do("POST", "/popup", strings.NewReader(mustJSON(popupOK)), "application/json", nil)
	res.Body.Close()
	res = e.do("GET", "/popups.csv", nil, "", e.bearer())
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	lines := strings.Split(string(data), "\n")
	if len(lines) < 2 || !strings.Contains(lines[1], "+05:30,") {
		t.Fatalf("CSV times not in the site's zone:\n%s", data)
	}
}
