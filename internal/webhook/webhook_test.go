package webhook

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

func TestSignAndVerify(t *testing.T) {
	secret := []byte("whsec_test")
	body := []byte(`{"type":"ping"}`)
	now := time.Unix(1_800_000_000, 0)
	sig := Sign(secret, now.Unix(), body)
	ts := "1800000000"
	if err := Verify(secret, ts, sig, body, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{
		"other secret": Verify([]byte("x"), ts, sig, body, now),
		"other body":   Verify(secret, ts, sig, []byte(`{"type":"pong"}`), now),
		"other time":   Verify(secret, "1800000001", sig, body, now),
		"replayed":     Verify(secret, ts, sig, body, now.Add(Tolerance+time.Second)),
		"from ahead":   Verify(secret, ts, sig, body, now.Add(-Tolerance-time.Second)),
		"no timestamp": Verify(secret, "", sig, body, now),
	} {
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestPendingDeliveriesSurviveARestart: an event queued while the endpoint is down, with the
// worker stopped before it succeeds, is delivered by the next worker on the same database.
func TestPendingDeliveriesSurviveARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	up := make(chan bool, 1)
	up <- false
	got := make(chan string, 8)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ok := <-up
		up <- ok
		got <- r.Header.Get(HeaderEvent)
		if !ok {
			w.WriteHeader(502)
		}
	}))
	defer srv.Close()
	if err := db.PutWebhookEndpoint(domain.WebhookEndpoint{ID: "e1", URL: srv.URL, Events: []string{domain.EventEnquiry}, Format: domain.FormatJSON, Secret: "s"}); err != nil {
		t.Fatal(err)
	}
	// A long backoff: after the first failure the delivery waits, pending, when the worker stops.
	h := startHooks(t, Config{DB: db, Backoff: func(int) time.Duration { return time.Hour }})
	watch, stop := h.Watch()
	h.Enquiry(domain.Message{ID: "0123456789abcdef01234567", Name: "Asha"})
	if d := <-watch; d.Status != domain.DeliveryPending || d.Attempts != 1 || d.LastStatus != 502 {
		t.Fatalf("after the failed attempt: %+v", d)
	}
	stop()
	h.Close(t.Context())
	<-got
	db.Close()

	db, err = store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// The endpoint is up again, but holds the request until the test watches.
	<-up
	// The next run's clock is past the backoff: the stored delivery is due.
	h = startHooks(t, Config{DB: db, Now: func() time.Time { return time.Now().Add(2 * time.Hour) }})
	defer h.Close(t.Context())
	watch, stop = h.Watch()
	defer stop()
	up <- true
	if ev := <-got; ev != domain.EventEnquiry {
		t.Fatalf("event %q", ev)
	}
	select {
	case d := <-watch:
		if d.Status != domain.DeliveryDelivered || d.Attempts != 2 {
			t.Fatalf("after the restart: %+v", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the pending delivery was not delivered after the restart")
	}
	if list, _ := db.Deliveries(10); len(list) != 1 || list[0].Status != domain.DeliveryDelivered {
		t.Fatalf("stored: %+v", list)
	}
}

// startHooks makes the hooks and starts their worker, as adminapi serve's list of services does.
func startHooks(t *testing.T, cfg Config) *Hooks {
	t.Helper()
	h := New(cfg)
	if err := h.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	return h
}
