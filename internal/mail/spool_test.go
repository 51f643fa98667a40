package mail

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/storetest"
)

// gatedSender stands in for the mail server: it records what it is given, fails while fail is
// set, and holds mail to a gated address until the gate opens.
type gatedSender struct {
	mu    sync.Mutex
	sent  []Message
	fail  error
	gate  map[string]chan struct{}
	calls chan Message
}

func (g *gatedSender) Send(ctx context.Context, m Message) error {
	g.calls <- m
	g.mu.Lock()
	gate, fail := g.gate[m.To], g.fail
	g.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if fail != nil {
		return fail
	}
	g.mu.Lock()
	g.sent = append(g.sent, m)
	g.mu.Unlock()
	return nil
}

func newGated() *gatedSender {
	return &gatedSender{gate: map[string]chan struct{}{}, calls: make(chan Message, 100)}
}

func composeJob(ctx context.Context, j store.MailJob) (Message, error) {
	return Message{To: j.To, Subject: j.Kind + " " + j.Ref, Text: "x"}, nil
}

func openStore(t *testing.T) *store.DB {
	return storetest.Open(t)
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func kinds(attempts int) map[string]Kind {
	return map[string]Kind{"reset": {Compose: composeJob, MaxAttempts: attempts}, "enquiry": {Compose: composeJob, MaxAttempts: attempts}}
}

func waitCall(t *testing.T, g *gatedSender, to string) {
	t.Helper()
	for {
		select {
		case m := <-g.calls:
			if m.To == to {
				return
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no attempt to mail %s", to)
		}
	}
}

func waitStatus(t *testing.T, db *store.DB, id uint64, status string) store.MailJob {
	t.Helper()
	return poll.Value(t, fmt.Sprintf("job %d %s", id, status), func() (store.MailJob, bool) {
		jobs, _, _ := db.MailJobs(0, 100)
		for _, j := range jobs {
			if j.ID == id {
				return j, j.Status == status
			}
		}
		return store.MailJob{}, false
	})
}

// A reset mail does not wait behind a notification the mail server holds up: each kind has its
// own queue.
func TestSpoolKindsDoNotWaitForEachOther(t *testing.T) {
	db := openStore(t)
	g := newGated()
	hold := make(chan struct{})
	g.gate["team@example.com"] = hold
	sp := startSpool(t, db, g, kinds(3), quiet())
	for i := 0; i < 50; i++ {
		if _, err := sp.Enqueue(store.MailJob{Kind: "enquiry", To: "team@example.com"}); err != nil {
			t.Fatal(err)
		}
	}
	waitCall(t, g, "team@example.com") // the first notification is held by the server
	reset, _ := sp.Enqueue(store.MailJob{Kind: "reset", To: "admin@example.com", Ref: "admin"})
	waitStatus(t, db, reset.ID, store.MailSent)
	close(hold)
	sp.Close(context.Background())
	if jobs, _, _ := db.MailJobs(0, 100); len(jobs) != 51 {
		t.Fatalf("%d jobs", len(jobs))
	}
	for _, j := range func() []store.MailJob { j, _, _ := db.MailJobs(0, 100); return j }() {
		if j.Status != store.MailSent {
			t.Errorf("job %d %s after the drain", j.ID, j.Status)
		}
	}
}

// A failed attempt is kept with its error and retried later; past its attempts a job is given
// up; a restart retries what waits at once; the admin's retry sends a given-up job again.
func TestSpoolRetriesFromDisk(t *testing.T) {
	db := openStore(t)
	g := newGated()
	g.fail = errors.New("451 try again later")
	sp := startSpool(t, db, g, kinds(2), quiet())
	j, _ := sp.Enqueue(store.MailJob{Kind: "enquiry", To: "team@example.com", Ref: "e1"})
	got := waitStatus(t, db, j.ID, store.MailRetrying)
	if got.Attempts != 1 || got.LastError != "451 try again later" || time.Until(got.NextAt) < 50*time.Second {
		t.Fatalf("after one failure: %+v", got)
	}
	sp.Close(context.Background())

	// A restart tries the waiting job at once; it fails again and is given up (2 attempts).
	sp = startSpool(t, db, g, kinds(2), quiet())
	got = waitStatus(t, db, j.ID, store.MailFailed)
	if got.Attempts != 2 || !got.NextAt.IsZero() {
		t.Fatalf("given up: %+v", got)
	}
	// The mail server is mended; the admin retries.
	g.mu.Lock()
	g.fail = nil
	g.mu.Unlock()
	if _, err := sp.Retry(j.ID); err != nil {
		t.Fatal(err)
	}
	got = waitStatus(t, db, j.ID, store.MailSent)
	if got.Attempts != 3 || got.LastError != "" || got.SentAt.IsZero() {
		t.Fatalf("sent: %+v", got)
	}
	if _, err := sp.Retry(j.ID); err == nil {
		t.Fatal("a sent mail was queued again")
	}
	sp.Close(context.Background())

	// A job stored while no spool ran (a crash between the commit and the attempt) is sent by
	// the next one.
	orphan, _ := db.EnqueueMail(store.MailJob{Kind: "reset", To: "admin@example.com"})
	sp = startSpool(t, db, g, kinds(2), quiet())
	waitStatus(t, db, orphan.ID, store.MailSent)
	sp.Close(context.Background())

	// A job whose subject is gone is given up at once.
	gone := map[string]Kind{"enquiry": {MaxAttempts: 5, Compose: func(context.Context, store.MailJob) (Message, error) {
		return Message{}, errors.Join(errors.New("enquiry deleted"), ErrPermanent)
	}}}
	sp = startSpool(t, db, g, gone, quiet())
	j2, _ := sp.Enqueue(store.MailJob{Kind: "enquiry", To: "team@example.com"})
	if got := waitStatus(t, db, j2.ID, store.MailFailed); got.Attempts != 1 {
		t.Fatalf("permanent failure: %+v", got)
	}
	sp.Close(context.Background())
}

func TestRetryDelay(t *testing.T) {
	want := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute, 16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour}
	for i, w := range want {
		if d := RetryDelay(i + 1); d != w {
			t.Errorf("after attempt %d: %v, want %v", i+1, d, w)
		}
	}
}

// startSpool makes a spool and starts it, as adminapi serve's list of services does.
func startSpool(t *testing.T, db *store.DB, sender Sender, kinds map[string]Kind, log *slog.Logger) *Spool {
	t.Helper()
	sp := NewSpool(db, sender, kinds, log)
	if err := sp.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return sp
}
