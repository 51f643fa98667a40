package api

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/operator"
)

// listPage reads one page of GET /popups with the admin's token.
func (e *testEnv) listPage(query string) ([]domain.Message, string) {
	e.t.Helper()
	res := e.do("GET", "/popups"+query, nil, "", e.bearer())
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		e.t.Fatalf("GET /popups%s: %d %s", query, res.StatusCode, data)
	}
	var out []domain.Message
	if err := json.Unmarshal(data, &out); err != nil {
		e.t.Fatal(err)
	}
	return out, res.Header.Get("X-Next-Cursor")
}

func (e *testEnv) csv(query string) [][]string {
	e.t.Helper()
	res := e.do("GET", "/popups.csv"+query, nil, "", e.bearer())
	defer res.Body.Close()
	rows, err := csv.NewReader(res.Body).ReadAll()
	if err != nil || res.StatusCode != 200 {
		e.t.Fatalf("csv: %d %v", res.StatusCode, err)
	}
	return rows
}

// TestInboxPagingStatusesAndSearch: 230 enquiries page newest first without gaps or repeats;
// statuses change the counts and the filters; the search finds by name, e-mail, phone (any
// spacing) and text; the CSV holds the current filter.
func TestInboxPagingStatusesAndSearch(t *testing.T) {
	e := newEnv(t)
	base := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	var ids []string
	for i := 0; i < 230; i++ {
		m, err := e.db.AddMessage(domain.Message{Name: fmt.Sprintf("Visitor %03d", i), Email: fmt.Sprintf("v%03d@example.in", i),
			Phone: fmt.Sprintf("+91 98110 %05d", i), Message: "Need a quote", Source: "popup", CreatedAt: base.Add(time.Duration(i) * time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	var seen []string
	cursor := ""
	for pages := 0; pages < 10; pages++ {
		q := "?limit=100"
		if cursor != "" {
			q += "&cursor=" + cursor
		}
		page, next := e.listPage(q)
		for _, m := range page {
			if m.Status != domain.StatusNew || m.ID == "" || m.CreatedAt.IsZero() {
				t.Fatalf("enquiry %+v", m)
			}
			seen = append(seen, m.ID)
		}
		if cursor = next; cursor == "" {
			break
		}
	}
	if len(seen) != 230 || seen[0] != ids[229] || seen[229] != ids[0] {
		t.Fatalf("paged %d enquiries, first %s last %s", len(seen), seen[0], seen[len(seen)-1])
	}
	if all, next := e.listPage(""); len(all) != 100 || next == "" {
		t.Fatalf("without parameters: %d enquiries, next %q", len(all), next)
	}

	// Statuses and notes.
	st, body := e.json("PATCH", "/popups/"+ids[5], map[string]string{"status": "replied", "note": "Called back, sending a proposal"}, true)
	if st != 200 || body["enquiry"].(map[string]any)["status"] != "replied" || body["enquiry"].(map[string]any)["statusBy"] != testUser {
		t.Fatalf("patch: %d %v", st, body)
	}
	e.json("PATCH", "/popups/"+ids[6], map[string]string{"status": "archived"}, true)
	e.json("PATCH", "/popups/"+ids[7], map[string]string{"status": "spam"}, true)
	if st, _ := e.json("PATCH", "/popups/"+ids[8], map[string]string{"status": "done"}, true); st != 400 {
		t.Fatalf("unknown status: %d", st)
	}
	if st, _ := e.json("PATCH", "/popups/ffffffffffffffffffffffff", map[string]string{"status": "replied"}, true); st != 404 {
		t.Fatalf("unknown id: %d", st)
	}
	st, counts := e.json("GET", "/popups/counts", nil, true)
	if st != 200 || counts["new"] != 227.0 || counts["replied"] != 1.0 || counts["archived"] != 1.0 || counts["spam"] != 1.0 || counts["all"] != 230.0 {
		t.Fatalf("counts: %v", counts)
	}
	if replied, _ := e.listPage("?status=replied"); len(replied) != 1 || replied[0].Note != "Called back, sending a proposal" {
		t.Fatalf("replied: %+v", replied)
	}
	inbox, _ := e.listPage("?limit=500")
	for _, m := range inbox {
		if m.ID == ids[7] {
			t.Fatal("the inbox without a status shows spam")
		}
	}
	if len(inbox) != 229 {
		t.Fatalf("inbox: %d", len(inbox))
	}

	// Search.
	for q, want := range map[string]string{"visitor 042": ids[42], "V043@EXAMPLE.IN": ids[43], "98110 00044": ids[44], "9811000045": ids[45]} {
		found, _ := e.listPage("?q=" + url.QueryEscape(q))
		if len(found) != 1 || found[0].ID != want {
			t.Errorf("search %q: %d found", q, len(found))
		}
	}
	if found, _ := e.listPage("?status=archived&q=visitor"); len(found) != 1 || found[0].ID != ids[6] {
		t.Errorf("status and search: %+v", found)
	}

	// The CSV is the current filter.
	rows := e.csv("?status=replied")
	if len(rows) != 2 || rows[0][6] != "status" || rows[1][1] != "Visitor 005" || rows[1][6] != "replied" || rows[1][7] != "Called back, sending a proposal" {
		t.Fatalf("csv of replied: %v", rows)
	}
	if rows := e.csv(""); len(rows) != 230 { // header + every status but spam
		t.Fatalf("csv rows: %d", len(rows))
	}

	// The audit names the change by id, never the visitor or the note.
	entries, _ := e.auditEntries("?kind=enquiry")
	if len(entries) != 3 || entries[2].Target != ids[5] || entries[2].Detail != "new → replied, note changed" {
		t.Fatalf("audit: %+v", entries)
	}
	raw, _ := json.Marshal(entries)
	if strings.Contains(string(raw), "Visitor") || strings.Contains(string(raw), "proposal") {
		t.Errorf("personal data in the audit log: %s", raw)
	}
}

// TestEraseEnquiryEverywhere: a data-protection erase removes the enquiry from the list, the
// CSV and the outbox's copy of its notification; the audit log keeps only its id.
func TestEraseEnquiryEverywhere(t *testing.T) {
	e := newEnv(t)
	post := func(v map[string]any) {
		res := e.do("POST", "/popup", strings.NewReader(mustJSON(v)), "application/json", nil)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("popup: %d", res.StatusCode)
		}
	}
	post(withAny(popupOK, "name", "Keep Me", "email", "keep@example.in"))
	post(withAny(popupOK, "name", "Forget Me", "email", "forget@example.in", "message", "Please call about SEO"))
	var files []string
	waitFor(t, "two notifications", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 2 })
	list, _ := e.listPage("")
	var id string
	for _, m := range list {
		if m.Name == "Forget Me" {
			id = m.ID
		}
	}
	if id == "" {
		t.Fatalf("not listed: %+v", list)
	}
	st, body := e.json("DELETE", "/popups/"+id, nil, true)
	if st != 200 || body["copiesErased"] != 1.0 {
		t.Fatalf("erase: %d %v", st, body)
	}
	list, _ = e.listPage("?status=all")
	if len(list) != 1 || list[0].Name != "Keep Me" {
		t.Fatalf("list after erase: %+v", list)
	}
	for _, row := range e.csv("?status=all") {
		if strings.Contains(strings.Join(row, ","), "forget@example.in") {
			t.Fatalf("erased enquiry in the CSV: %v", row)
		}
	}
	files = outboxFiles(t, e.outbox)
	if len(files) != 1 {
		t.Fatalf("outbox after erase: %v", files)
	}
	if eml, _ := os.ReadFile(files[0]); strings.Contains(string(eml), "forget@example.in") || !strings.Contains(string(eml), "keep@example.in") {
		t.Fatalf("the wrong notification was erased:\n%s", eml)
	}
	if st, _ := e.json("DELETE", "/popups/"+id, nil, true); st != 404 {
		t.Fatalf("erase twice: %d", st)
	}
	entries, _ := e.auditEntries("?action=erase")
	raw, _ := json.Marshal(entries)
	if len(entries) != 1 || entries[0].Target != id || entries[0].User != testUser || strings.Contains(string(raw), "orget") || strings.Contains(string(raw), "SEO") {
		t.Fatalf("audit of the erase: %s", raw)
	}
}

// TestSpamFolder: what the checks take for spam is kept (content scoring too), answered like
// any enquiry, recoverable, and swept after 30 days.
func TestSpamFolder(t *testing.T) {
	e := newEnv(t)
	spammy := withAny(popupOK, "name", "Best Offer", "message", "Cheap backlinks package http://a.example http://b.example http://c.example")
	res := e.do("POST", "/popup", strings.NewReader(mustJSON(spammy)), "application/json", nil)
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(data), enquiry.MsgThanks) {
		t.Fatalf("spam answer: %d %s", res.StatusCode, data)
	}
	spam, _ := e.listPage("?status=spam")
	if len(spam) != 1 || !strings.Contains(spam[0].Spam, "many links") || !strings.Contains(spam[0].Spam, "spam words") {
		t.Fatalf("spam folder: %+v", spam)
	}
	if inbox, _ := e.listPage(""); len(inbox) != 0 {
		t.Fatalf("spam in the inbox: %+v", inbox)
	}
	// Nobody is mailed about spam: the next real enquiry's notification is the only mail.
	res = e.do("POST", "/popup", strings.NewReader(mustJSON(popupOK)), "application/json", nil)
	res.Body.Close()
	var files []string
	waitFor(t, "the notification", func() bool { files = outboxFiles(t, e.outbox); return len(files) >= 1 })
	if eml, _ := os.ReadFile(files[0]); len(files) != 1 || strings.Contains(string(eml), "backlinks") {
		t.Fatalf("outbox: %v", files)
	}
	// Recover it.
	if st, body := e.json("PATCH", "/popups/"+spam[0].ID, map[string]string{"status": "new"}, true); st != 200 || body["enquiry"].(map[string]any)["spamReason"] != nil {
		t.Fatalf("recover: %d %v", st, body)
	}
	// Old spam is swept; younger spam and old enquiries that are not spam stay.
	old, _ := e.db.AddMessage(domain.Message{Name: "Old", Email: "o@example.in", Phone: "+91 98110 45672", Status: domain.StatusSpam, CreatedAt: time.Now().Add(-31 * 24 * time.Hour)})
	young, _ := e.db.AddMessage(domain.Message{Name: "Young", Email: "y@example.in", Phone: "+91 98110 45672", Status: domain.StatusSpam, CreatedAt: time.Now().Add(-29 * 24 * time.Hour)})
	operator.SweepSpam(e.db, e.spool, time.Now().UTC(), slog.New(slog.DiscardHandler))
	if _, err := e.db.Message(old.ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("old spam kept: %v", err)
	}
	if _, err := e.db.Message(young.ID); err != nil {
		t.Errorf("young spam swept: %v", err)
	}
	if _, err := e.db.Message(spam[0].ID); err != nil {
		t.Errorf("recovered enquiry swept: %v", err)
	}
}

// TestTurnstileWhenConfigured: with a secret, each enquiry's token is checked at the verify
// endpoint (a loopback stand-in for Cloudflare's): a passed one is an enquiry, a failed or
// missing one goes to spam, an unreachable endpoint lets the enquiry through. Without a secret
// no call goes out at all (every other test runs so).
func TestTurnstileWhenConfigured(t *testing.T) {
	var calls atomic.Int32
	verify := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		_ = r.ParseForm()
		if r.PostForm.Get("secret") != "test-secret" || r.PostForm.Get("remoteip") == "" {
			w.WriteHeader(400)
			return
		}
		fmt.Fprintf(w, `{"success":%t,"error-codes":[]}`, r.PostForm.Get("response") == "good-token")
	}))
	defer verify.Close()
	e := newEnv(t, func(c *Config) { c.Turnstile = Turnstile{Secret: "test-secret", VerifyURL: verify.URL} })
	post := func(token string, ip string) {
		v := withAny(popupOK)
		if token != "" {
			v["cf-turnstile-response"] = token
		}
		res := e.do("POST", "/popup", strings.NewReader(mustJSON(v)), "application/json", map[string]string{"X-Forwarded-For": ip})
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("popup: %d", res.StatusCode)
		}
	}
	post("good-token", "10.2.0.1")
	post("bad-token", "10.2.0.2")
	post("", "10.2.0.3")
	if calls.Load() != 2 {
		t.Fatalf("siteverify called %d times, want 2 (none without a token)", calls.Load())
	}
	if inbox, _ := e.listPage(""); len(inbox) != 1 {
		t.Fatalf("inbox: %+v", inbox)
	}
	if spam, _ := e.listPage("?status=spam"); len(spam) != 2 || spam[0].Spam != "failed the Turnstile check" {
		t.Fatalf("spam: %+v", spam)
	}
	// The body the site's forms send (site/src/lib/turnstile.ts): JSON with the widget's token
	// under cf-turnstile-response, as above; a form post carries it the same way (the widget's
	// hidden field), and a form post without one (no JavaScript, no widget) is kept as spam.
	formPost := func(token, ip string) {
		form := url.Values{"name": {"Asha"}, "email": {"asha@example.in"}, "phone": {"9811045672"}, "message": {"hi"}}
		if token != "" {
			form.Set("cf-turnstile-response", token)
		}
		res := e.do("POST", "/popup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", map[string]string{"X-Forwarded-For": ip})
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("form post: %d", res.StatusCode)
		}
	}
	formPost("good-token", "10.2.0.5")
	formPost("", "10.2.0.6")
	if calls.Load() != 3 {
		t.Fatalf("siteverify called %d times, want 3", calls.Load())
	}
	if inbox, _ := e.listPage(""); len(inbox) != 2 {
		t.Fatalf("inbox after the form posts: %+v", inbox)
	}
	if spam, _ := e.listPage("?status=spam"); len(spam) != 3 || spam[0].Spam != "failed the Turnstile check" {
		t.Fatalf("spam after the form posts: %+v", spam)
	}

	verify.Close()
	post("good-token", "10.2.0.4")
	if inbox, _ := e.listPage(""); len(inbox) != 3 {
		t.Fatalf("an unreachable siteverify cost an enquiry: %+v", inbox)
	}
}
