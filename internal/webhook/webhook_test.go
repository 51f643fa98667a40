package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/storetest"
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
	m := domain.Message{ID: "0b6c2f5e-3a47-4f1e-9d1c-5b2a7c9e8f10", Name: "Asha"}
	ds, err := h.EnquiryDeliveries(m)
	if err != nil || len(ds) != 1 || ds[0].EventID != m.ID {
		t.Fatalf("deliveries %+v, %v: want one, whose event id is the enquiry's", ds, err)
	}
	if _, _, err := db.AddEnquiry(store.NewEnquiry{Message: m, Deliveries: ds}); err != nil {
		t.Fatal(err)
	}
	h.Wake()
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

// openDB opens a real database file in a temp dir, closed when the test ends.
// queueEnquiry stores a new enquiry with its deliveries, as the acceptance of an enquiry does,
// and wakes the worker.
func queueEnquiry(t *testing.T, db *store.DB, h *Hooks, m domain.Message) {
	t.Helper()
	ds, err := h.EnquiryDeliveries(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.AddEnquiry(store.NewEnquiry{Message: m, Deliveries: ds}); err != nil {
		t.Fatal(err)
	}
	h.Wake()
}

func openDB(t *testing.T) *store.DB {
	return storetest.Open(t)
}

func addEndpoint(t *testing.T, db *store.DB, id, url string, created time.Time) {
	t.Helper()
	if err := db.PutWebhookEndpoint(domain.WebhookEndpoint{ID: id, URL: url, Events: []string{domain.EventEnquiry},
		Format: domain.FormatJSON, Secret: "s-" + id, CreatedAt: created}); err != nil {
		t.Fatal(err)
	}
}

// A receiver that never answers holds back only its own deliveries: six enquiries reach the
// healthy receiver, in order, while the hanging one still holds its first request (the worker
// of one endpoint used to send to all of them, one request at a time, 62 s for six enquiries).
func TestAHangingEndpointDelaysNoOther(t *testing.T) {
	db := openDB(t)
	release := make(chan struct{})
	hung := make(chan string, 16)
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hung <- r.Header.Get(HeaderDelivery)
		select { // hangs until the test ends (or the sender gives up)
		case <-release:
		case <-r.Context().Done():
		}
	}))
	healthyGot := make(chan string, 16)
	healthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev Event
		_ = json.NewDecoder(r.Body).Decode(&ev)
		healthyGot <- ev.Data.(map[string]any)["_id"].(string)
	}))
	t.Cleanup(func() { close(release); hanging.Close(); healthy.Close() })
	// The hanging endpoint is the older one: its delivery of each event is queued first.
	now := time.Now()
	addEndpoint(t, db, "hanging", hanging.URL, now.Add(-time.Hour))
	addEndpoint(t, db, "healthy", healthy.URL, now)

	// A request may take a minute: far longer than the test waits for the healthy receiver.
	h := startHooks(t, Config{DB: db, Timeout: time.Minute})
	t.Cleanup(func() { h.Close(context.Background()) })
	var ids []string
	for i := range 6 {
		id := fmt.Sprintf("0123456789abcdef0123456%d", i)
		ids = append(ids, id)
		queueEnquiry(t, db, h, domain.Message{ID: id, Name: "Asha", Message: "Enquiry " + strconv.Itoa(i)})
	}
	for i, want := range ids {
		select {
		case got := <-healthyGot:
			if got != want {
				t.Fatalf("the healthy receiver's delivery %d is %s, want %s", i, got, want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("the healthy receiver got %d of 6 enquiries while the other one hangs", i)
		}
	}
	if n := len(hung); n != 1 {
		t.Fatalf("the hanging receiver got %d requests, want its first still held", n)
	}
}

// A receiver that answers 307 (or any 3xx) gets a failed delivery with the status recorded and
// the reason said; the address it redirects to never gets a request (a redirect would re-send
// the signed body to an address no admin configured).
func TestARedirectIsNeverFollowed(t *testing.T) {
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect, http.StatusFound} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			db := openDB(t)
			var target atomic.Int32
			elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { target.Add(1) }))
			defer elsewhere.Close()
			redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, elsewhere.URL+"/collect", status)
			}))
			defer redirecting.Close()
			addEndpoint(t, db, "e1", redirecting.URL, time.Now())
			h := startHooks(t, Config{DB: db, Backoff: func(int) time.Duration { return time.Hour }})
			defer h.Close(context.Background())
			watch, stop := h.Watch()
			defer stop()
			queueEnquiry(t, db, h, domain.Message{ID: "0123456789abcdef01234567", Name: "Asha"})
			var d domain.Delivery
			select {
			case d = <-watch:
			case <-time.After(10 * time.Second):
				t.Fatal("no attempt")
			}
			if d.Status != domain.DeliveryPending || d.LastStatus != status || !strings.Contains(d.LastError, "never follow redirects") ||
				!strings.Contains(d.LastError, elsewhere.URL+"/collect") {
				t.Fatalf("delivery after the redirect: %+v", d)
			}
			if n := target.Load(); n != 0 {
				t.Fatalf("the redirect's target got %d requests", n)
			}
		})
	}
}
