package api

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/webhook"
)

// receiver is a webhook endpoint on loopback that answers the statuses it is given in turn (200
// when they run out) and hands every request it got to the test.
type receiver struct {
	*httptest.Server
	got chan received

	mu       sync.Mutex
	statuses []int
}

type received struct {
	header http.Header
	body   []byte
	at     time.Time
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	rc := &receiver{got: make(chan received, 16), statuses: statuses}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		status := 200
		if len(rc.statuses) > 0 {
			status, rc.statuses = rc.statuses[0], rc.statuses[1:]
		}
		rc.mu.Unlock()
		w.WriteHeader(status)
		rc.got <- received{r.Header.Clone(), body, time.Now()}
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) next(t *testing.T, what string) received {
	t.Helper()
	select {
	case r := <-rc.got:
		return r
	case <-time.After(10 * time.Second):
		t.Fatalf("the receiver never got %s", what)
	}
	return received{}
}

// withHooks runs the webhook worker with a tiny backoff, as adminapi serve runs it with the
// default one.
func withHooks(backoff time.Duration) func(*Config) {
	return func(c *Config) {
		c.Webhooks = webhook.New(webhook.Config{DB: c.DB, Backoff: func(int) time.Duration { return backoff }, MaxAttempts: 3})
	}
}

// TestWebhookSignedAndRetried: a new enquiry reaches the endpoint as a signed JSON event; the
// endpoint's first answer is 500, so it is sent again after the backoff, newly signed, and then
// shows as delivered after two attempts. Spam sends nothing.
func TestWebhookSignedAndRetried(t *testing.T) {
	rc := newReceiver(t, 500)
	e := newEnv(t, withHooks(time.Millisecond))
	st, body := e.json("POST", "/api/webhooks", map[string]any{"url": rc.URL + "/crm", "events": []string{domain.EventEnquiry}}, true)
	if st != 201 {
		t.Fatalf("add webhook: %d %v", st, body)
	}
	secret := body["webhook"].(map[string]any)["secret"].(string)
	if !strings.HasPrefix(secret, "whsec_") || len(secret) < 40 {
		t.Fatalf("secret %q", secret)
	}
	// Spam first: no event.
	res := e.do("POST", "/popup", strings.NewReader(mustJSON(withAny(popupOK, "website", "x"))), "application/json", nil)
	res.Body.Close()
	res = e.do("POST", "/popup", strings.NewReader(mustJSON(popupOK)), "application/json", nil)
	res.Body.Close()

	first := rc.next(t, "the first attempt")
	second := rc.next(t, "the retry")
	for i, got := range []received{first, second} {
		if err := webhook.Verify([]byte(secret), got.header.Get(webhook.HeaderTimestamp), got.header.Get(webhook.HeaderSignature), got.body, time.Now()); err != nil {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
		if got.header.Get(webhook.HeaderEvent) != domain.EventEnquiry || got.header.Get("Content-Type") != "application/json" {
			t.Errorf("attempt %d headers: %v", i+1, got.header)
		}
	}
	if first.header.Get(webhook.HeaderDelivery) != second.header.Get(webhook.HeaderDelivery) {
		t.Error("a retry carries another delivery id")
	}
	var ev struct {
		ID   string
		Type string
		Data map[string]any
	}
	if err := json.Unmarshal(second.body, &ev); err != nil || ev.Type != domain.EventEnquiry || ev.Data["name"] != "Asha" || ev.Data["email"] != "asha@example.in" {
		t.Fatalf("event: %s (%v)", second.body, err)
	}
	// A wrong secret, a changed body or an old timestamp fail the receiver's check.
	ts := second.header.Get(webhook.HeaderTimestamp)
	sig := second.header.Get(webhook.HeaderSignature)
	if webhook.Verify([]byte("whsec_other"), ts, sig, second.body, time.Now()) == nil ||
		webhook.Verify([]byte(secret), ts, sig, append(second.body, ' '), time.Now()) == nil ||
		webhook.Verify([]byte(secret), ts, sig, second.body, time.Now().Add(10*time.Minute)) == nil {
		t.Fatal("Verify accepts a forged, changed or replayed delivery")
	}
	// The admin sees the delivery: delivered after two attempts, the first failure's status kept.
	var list []domain.Delivery
	waitFor(t, "the delivery to be recorded as delivered", func() bool {
		res := e.do("GET", "/api/webhooks/deliveries", nil, "", e.bearer())
		defer res.Body.Close()
		list = nil
		_ = json.NewDecoder(res.Body).Decode(&list)
		return len(list) == 1 && list[0].Status == domain.DeliveryDelivered
	})
	if d := list[0]; d.Attempts != 2 || d.LastStatus != 200 || d.Event != domain.EventEnquiry {
		t.Fatalf("delivery: %+v", d)
	}
}

// TestWebhookOnPublishAndManualRetry: a publish is an event too; a delivery that failed every
// attempt shows as failed with the endpoint's answer, and the admin's retry delivers it.
func TestWebhookOnPublishAndManualRetry(t *testing.T) {
	rc := newReceiver(t, 503, 503, 503)
	e := newEnv(t, withHooks(time.Millisecond))
	watch, stop := e.srv.cfg.Webhooks.Watch()
	defer stop()
	if st, body := e.json("POST", "/api/webhooks", map[string]any{"url": rc.URL, "events": []string{domain.EventPublished}, "format": "slack"}, true); st != 201 {
		t.Fatalf("add: %d %v", st, body)
	}
	if st, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{}, true); st != 200 {
		t.Fatalf("publish: %d %v", st, body)
	}
	var d domain.Delivery
	for d.Status != domain.DeliveryFailed {
		select {
		case d = <-watch:
		case <-time.After(10 * time.Second):
			t.Fatalf("the delivery never failed for good: %+v", d)
		}
	}
	if d.Attempts != 3 || d.LastStatus != 503 || !strings.Contains(d.LastError, "503") {
		t.Fatalf("failed delivery: %+v", d)
	}
	var slack map[string]string
	got := rc.next(t, "the publish event")
	if err := json.Unmarshal(got.body, &slack); err != nil || !strings.Contains(slack["text"], "Draft Post") || !strings.Contains(slack["text"], "https://site.test/blog/draft-post/") {
		t.Fatalf("slack body: %s", got.body)
	}
	rc.next(t, "the second attempt")
	rc.next(t, "the third attempt")
	if st, body := e.json("POST", "/api/webhooks/deliveries/"+itoa64(d.ID)+"/retry", nil, true); st != 202 {
		t.Fatalf("retry: %d %v", st, body)
	}
	rc.next(t, "the manual retry")
	for d.Status != domain.DeliveryDelivered {
		select {
		case d = <-watch:
		case <-time.After(10 * time.Second):
			t.Fatalf("the retry was never delivered: %+v", d)
		}
	}
	if st, _ := e.json("POST", "/api/webhooks/deliveries/"+itoa64(d.ID)+"/retry", nil, true); st != 202 {
		t.Fatalf("retrying a delivered one again: %d", st)
	}
}

// TestScheduledPublishIsAuditedAndSent: an admin schedules a draft; at its time the scheduler
// publishes it by itself: the audit log names who scheduled it and that the system published
// it, and the publish webhook goes out as for a publish by hand.
func TestScheduledPublishIsAuditedAndSent(t *testing.T) {
	rc := newReceiver(t)
	e := newEnv(t, withHooks(time.Millisecond))
	if st, body := e.json("POST", "/api/webhooks", map[string]any{"url": rc.URL, "events": []string{domain.EventPublished}}, true); st != 201 {
		t.Fatalf("add: %d %v", st, body)
	}
	at := e.clock.Now().Add(time.Hour).UTC().Truncate(time.Second)
	if st, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{"publishAt": at.Format(time.RFC3339)}, true); st != 202 {
		t.Fatalf("schedule: %d %v", st, body)
	}
	e.advance(time.Hour)
	if ev := e.nextEvent(); ev.Outcome != publish.OutcomeDone {
		t.Fatalf("scheduled run: %+v", ev)
	}
	got := rc.next(t, "the publish event of the scheduled publish")
	var ev struct {
		Type string
		Data map[string]any
	}
	if err := json.Unmarshal(got.body, &ev); err != nil || ev.Type != domain.EventPublished || ev.Data["slug"] != "draft-post" || ev.Data["by"] != testUser {
		t.Fatalf("event: %s", got.body)
	}
	entries, _ := e.auditEntries("?kind=blog")
	if len(entries) != 2 || entries[0].User != "(system)" || entries[0].Action != domain.AuditPublish || entries[0].Detail != "scheduled by "+testUser ||
		entries[1].User != testUser || entries[1].Action != domain.AuditSchedule || entries[1].Target != "draft-post" {
		t.Fatalf("audit: %+v", entries)
	}
}
