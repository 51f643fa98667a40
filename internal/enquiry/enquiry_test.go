package enquiry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

// env is a Service over a real bbolt file, with one webhook endpoint configured (never sent
// to: the worker is not started) and a notification address, so every write of an accepted
// enquiry can be counted.
type env struct {
	db  *store.DB
	svc *Service
}

func newEnv(t *testing.T, cfg func(*Config)) *env {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "site.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.PutWebhookEndpoint(domain.WebhookEndpoint{ID: "crm", URL: "https://crm.example/hook",
		Events: []string{domain.EventEnquiry}, Format: domain.FormatJSON, Secret: "s"}); err != nil {
		t.Fatal(err)
	}
	// Not started: the deliveries stay stored as they were queued.
	hooks := webhook.New(webhook.Config{DB: db})
	c := Config{DB: db, Hooks: hooks, NotifyEmail: "team@example.com", DefaultCountry: "IN"}
	if cfg != nil {
		cfg(&c)
	}
	svc, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	return &env{db: db, svc: svc}
}

func fields(id string) map[string]string {
	return map[string]string{"id": id, "name": "Asha Verma", "email": "asha@example.in", "phone": "98110 45699",
		"country": "in", "message": "We need SEO for our clinic."}
}

// counts is how many enquiries, notification jobs and webhook deliveries are stored.
func (e *env) counts(t *testing.T) (enquiries, mails, hooks int) {
	t.Helper()
	list, err := e.db.Messages()
	if err != nil {
		t.Fatal(err)
	}
	jobs, _, err := e.db.MailJobs(0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := e.db.Deliveries(1000)
	if err != nil {
		t.Fatal(err)
	}
	return len(list), len(jobs), len(ds)
}

func TestAnIDIsStoredMailedAndWebhookedOnce(t *testing.T) {
	e := newEnv(t, nil)
	id := domain.NewEnquiryID()
	first, err := e.svc.Accept(t.Context(), Submission{Fields: fields(id)})
	if err != nil || first.Outcome != Stored || first.Message.ID != id {
		t.Fatalf("first: %+v, %v", first, err)
	}
	// A retry after a lost answer, by any path, with the limits exhausted: the first answer.
	limited := func() error { return domain.Errorf(domain.ERateLimited, "Too many messages.") }
	for _, sub := range []Submission{{Fields: fields(id), Limit: limited}, {Fields: fields(id), Via: domain.ViaIntake}} {
		again, err := e.svc.Accept(t.Context(), sub)
		if err != nil || again.Outcome != Known || again.Message.CreatedAt != first.Message.CreatedAt {
			t.Fatalf("again: %+v, %v", again, err)
		}
	}
	if n, mails, hooks := e.counts(t); n != 1 || mails != 1 || hooks != 1 {
		t.Fatalf("stored %d enquiries, %d mails, %d webhook deliveries; want 1 of each", n, mails, hooks)
	}
	ds, _ := e.db.Deliveries(10)
	var ev webhook.Event
	if err := json.Unmarshal(ds[0].Payload, &ev); err != nil || ev.ID != id {
		t.Fatalf("webhook event id %q (%v), want the enquiry's %q", ev.ID, err, id)
	}
	if j := mustJob(t, e.db); j.Ref != id {
		t.Fatalf("the notification's job names %q, want the enquiry %s", j.Ref, id)
	}
}

func mustJob(t *testing.T, db *store.DB) store.MailJob {
	t.Helper()
	jobs, _, err := db.MailJobs(0, 10)
	if err != nil || len(jobs) == 0 {
		t.Fatalf("mail jobs: %v %v", jobs, err)
	}
	return jobs[0]
}

// Copies of one enquiry arriving at once (a double click, a retry crossing the intake's copy)
// race past the lookup; the store's one transaction keeps one.
func TestConcurrentCopiesStoreOne(t *testing.T) {
	e := newEnv(t, nil)
	id := domain.NewEnquiryID()
	var wg sync.WaitGroup
	outcomes := make(chan string, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := e.svc.Accept(context.Background(), Submission{Fields: fields(id)})
			if err != nil {
				t.Error(err)
			}
			outcomes <- r.Outcome
		}()
	}
	wg.Wait()
	close(outcomes)
	got := map[string]int{}
	for o := range outcomes {
		got[o]++
	}
	if got[Stored] != 1 || got[Known] != 15 {
		t.Fatalf("outcomes %v: want one stored, 15 known", got)
	}
	if n, mails, hooks := e.counts(t); n != 1 || mails != 1 || hooks != 1 {
		t.Fatalf("stored %d, %d mails, %d deliveries", n, mails, hooks)
	}
}

func TestAnErasedIDStaysErased(t *testing.T) {
	e := newEnv(t, nil)
	id := domain.NewEnquiryID()
	if _, err := e.svc.Accept(t.Context(), Submission{Fields: fields(id)}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.EraseMessage(id); err != nil {
		t.Fatal(err)
	}
	r, err := e.svc.Accept(t.Context(), Submission{Fields: fields(id), Via: domain.ViaIntake})
	if err != nil || r.Outcome != Erased {
		t.Fatalf("a late copy: %+v, %v; want erased", r, err)
	}
	if n, mails, _ := e.counts(t); n != 0 || mails != 0 {
		t.Fatalf("a late copy brought back %d enquiries, %d mails", n, mails)
	}
	// Spam swept after 30 days leaves its tombstone too.
	old := domain.NewEnquiryID()
	f := fields(old)
	f["website"] = "http://bot.example"
	if r, err := e.svc.Accept(t.Context(), Submission{Fields: f}); err != nil || r.Outcome != Spam {
		t.Fatalf("bot: %+v %v", r, err)
	}
	if gone, err := e.db.PurgeSpam(time.Now().Add(time.Hour)); err != nil || len(gone) != 1 {
		t.Fatalf("purge: %v %v", gone, err)
	}
	if r, _ := e.svc.Accept(t.Context(), Submission{Fields: f}); r.Outcome != Erased {
		t.Fatalf("swept spam came back: %+v", r)
	}
}

func TestIDs(t *testing.T) {
	e := newEnv(t, nil)
	f := fields("")
	r, err := e.svc.Accept(t.Context(), Submission{Fields: f, Form: true})
	if err != nil || !domain.ValidEnquiryID(r.Message.ID) || len(r.Message.ID) != 36 || r.Message.Source != "form" {
		t.Fatalf("a form without an id: %+v, %v; want a UUID made by the server", r.Message, err)
	}
	f["id"] = "0B6C2F5E-3A47-4F1E-9D1C-5B2A7C9E8F10"
	if r, err := e.svc.Accept(t.Context(), Submission{Fields: f}); err != nil || r.Message.ID != "0b6c2f5e-3a47-4f1e-9d1c-5b2a7c9e8f10" {
		t.Fatalf("upper-case UUID: %+v %v", r.Message.ID, err)
	}
	for _, bad := range []string{"x", "../../etc", "0b6c2f5e3a474f1e9d1c5b2a7c9e8f10", "0b6c2f5e-3a47-4f1e-9d1c-5b2a7c9e8f10-1"} {
		f["id"] = bad
		if _, err := e.svc.Accept(t.Context(), Submission{Fields: f}); domain.ErrorMessage(err) != domain.MsgEnquiryID {
			t.Errorf("id %q: %v, want %q", bad, err, domain.MsgEnquiryID)
		}
	}
}

func TestEmailIsOptionalButChecked(t *testing.T) {
	e := newEnv(t, nil)
	f := fields(domain.NewEnquiryID())
	f["email"] = ""
	r, err := e.svc.Accept(t.Context(), Submission{Fields: f})
	if err != nil || r.Outcome != Stored {
		t.Fatalf("a phone and no e-mail: %+v, %v; want stored", r, err)
	}
	f = fields(domain.NewEnquiryID())
	f["email"] = "asha@example"
	if _, err := e.svc.Accept(t.Context(), Submission{Fields: f}); domain.ErrorMessage(err) != domain.MsgEmailInvalid {
		t.Fatalf("a given bad address: %v", err)
	}
}

func TestPhonesInE164BesideWhatWasTyped(t *testing.T) {
	e := newEnv(t, nil)
	for _, c := range []struct{ country, typed, e164, region string }{
		{"in", "98110 45699", "+919811045699", "IN"},
		{"", "98110 45699", "+919811045699", "IN"},       // the site's default
		{"xx", "098110-45699", "+919811045699", "IN"},    // an unknown code: the default
		{"us", "+91 98110 45699", "+919811045699", "IN"}, // typed with its +code: its own country
		{"us", "(415) 555-2671", "+14155552671", "US"},
		{"gb", "020 7946 0018", "+442079460018", "GB"},
		{"in", "55555 55555", "", "IN"}, // not a number of India: kept as typed once checked (TestAWrongNumberIsAskedAboutOnce)
	} {
		f := fields(domain.NewEnquiryID())
		f["country"], f["phone"] = c.country, c.typed
		if c.e164 == "" {
			f[domain.PhoneChecked] = c.typed
		}
		r, err := e.svc.Accept(t.Context(), Submission{Fields: f})
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if m := r.Message; m.Phone != c.typed || m.PhoneE164 != c.e164 || m.Country != c.region {
			t.Errorf("%s %q: stored %q %q %q, want %q %q", c.country, c.typed, m.Phone, m.PhoneE164, m.Country, c.e164, c.region)
		}
	}
}

// TestAWrongNumberIsAskedAboutOnce: a number that is not one of its country's (a digit short)
// is refused once with a question the visitor can answer by sending it again: the second send,
// carrying the number in phoneChecked, is stored as typed. A changed number is asked about
// afresh; the intake's enquiries, whose visitors have gone, are never asked.
func TestAWrongNumberIsAskedAboutOnce(t *testing.T) {
	e := newEnv(t, nil)
	f := fields(domain.NewEnquiryID())
	f["country"], f["phone"] = "in", "+91 99999 8888"
	_, err := e.svc.Accept(t.Context(), Submission{Fields: f})
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != domain.EInvalid || de.Confirm != domain.PhoneChecked ||
		de.Message != "Please check your phone number: it does not look like a phone number in India. If it is right, send it again." {
		t.Fatalf("a number a digit short: %#v", err)
	}
	f[domain.PhoneChecked] = "+91 99999 888" // another number than the one sent
	if _, err := e.svc.Accept(t.Context(), Submission{Fields: f}); !errors.As(err, &de) || de.Confirm == "" {
		t.Fatalf("checked another number: %v", err)
	}
	f[domain.PhoneChecked] = " +91 99999 8888"
	r, err := e.svc.Accept(t.Context(), Submission{Fields: f})
	if err != nil || r.Outcome != Stored || r.Message.Phone != "+91 99999 8888" || r.Message.PhoneE164 != "" {
		t.Fatalf("sent again as it was: %+v %v", r, err)
	}
	g := fields(domain.NewEnquiryID())
	g["phone"] = "98110 4569" // the site's default country, a digit short, from the intake
	if r, err := e.svc.Accept(t.Context(), Submission{Fields: g, Via: domain.ViaIntake}); err != nil || r.Outcome != Stored {
		t.Fatalf("from the intake: %+v %v", r, err)
	}
}

// With Turnstile on, a token that merely expired while its enquiry waited in the intake does
// not make the enquiry spam; on the endpoint it does, and so does a refused one anywhere.
func TestTurnstileAndTheIntake(t *testing.T) {
	codes := map[string]string{"expired": "timeout-or-duplicate", "forged": "invalid-input-response"}
	verify := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		tok := r.PostForm.Get("response")
		if tok == "good" {
			fmt.Fprint(w, `{"success":true}`)
			return
		}
		fmt.Fprintf(w, `{"success":false,"error-codes":[%q]}`, codes[tok])
	}))
	defer verify.Close()
	e := newEnv(t, func(c *Config) { c.Turnstile = Turnstile{Secret: "s", VerifyURL: verify.URL} })
	for _, c := range []struct {
		token, via, want string
	}{
		{"good", "", Stored}, {"expired", "", Spam}, {"expired", domain.ViaIntake, Stored},
		{"forged", domain.ViaIntake, Spam}, {"", domain.ViaIntake, Spam},
	} {
		f := fields(domain.NewEnquiryID())
		f["cf-turnstile-response"] = c.token
		r, err := e.svc.Accept(t.Context(), Submission{Fields: f, Via: c.via})
		if err != nil || r.Outcome != c.want {
			t.Errorf("token %q via %q: %s %v, want %s", c.token, c.via, r.Outcome, err, c.want)
		}
	}
}

// The fill-time check of an intake copy is made at its upload, not at its drain.
func TestFillTimeOfAnIntakeCopy(t *testing.T) {
	e := newEnv(t, nil)
	started := time.Now().Add(-time.Hour)
	f := fields(domain.NewEnquiryID())
	f["startedAt"] = fmt.Sprint(started.UnixMilli())
	r, err := e.svc.Accept(t.Context(), Submission{Fields: f, Via: domain.ViaIntake, SentAt: started.Add(500 * time.Millisecond)})
	if err != nil || r.Outcome != Spam || r.Why != "sent too fast" {
		t.Fatalf("sent half a second after it was shown: %+v %v", r, err)
	}
	f = fields(domain.NewEnquiryID())
	f["startedAt"] = fmt.Sprint(started.UnixMilli())
	if r, _ := e.svc.Accept(t.Context(), Submission{Fields: f, Via: domain.ViaIntake, SentAt: started.Add(time.Minute)}); r.Outcome != Stored || r.Message.Via != domain.ViaIntake {
		t.Fatalf("sent a minute after: %+v", r)
	}
	// A phone's autofill fills the popup in one tap: sent 1.5 s after it showed, it is a lead.
	f = fields(domain.NewEnquiryID())
	f["startedAt"] = fmt.Sprint(started.UnixMilli())
	if r, _ := e.svc.Accept(t.Context(), Submission{Fields: f, Via: domain.ViaIntake, SentAt: started.Add(1500 * time.Millisecond)}); r.Outcome != Stored {
		t.Fatalf("sent 1.5 s after, as with autofill: %+v", r)
	}
}
