package publish

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/store"
)

// scheduled is a scheduler over a real database file, a real queue whose builds a gate runs, and
// a fake clock the test advances; its runs' outcomes arrive on events.
type scheduled struct {
	t      *testing.T
	path   string
	db     *store.DB
	gate   *gate
	q      *Queue
	clock  *clockwork.FakeClock
	s      *Scheduler
	events chan Event
	outbox string
	spool  *mail.Spool
	// mailDown makes the mail server refuse (the spool keeps the failure mails and retries).
	mailDown bool
}

// refusing is a mail server that is down.
type refusing struct{}

func (refusing) Send(context.Context, mail.Message) error { return errors.New("451 mail server down") }

func newScheduled(t *testing.T) *scheduled {
	return newScheduledAt(t, time.Date(2030, 1, 1, 9, 0, 0, 0, time.UTC))
}

func newScheduledAt(t *testing.T, start time.Time) *scheduled {
	t.Helper()
	dir := t.TempDir()
	x := &scheduled{t: t, path: filepath.Join(dir, "site.db"), gate: newGate(),
		clock: clockwork.NewFakeClockAt(start), outbox: filepath.Join(dir, "outbox")}
	x.start()
	if err := x.db.CreateAdmin(domain.Admin{Username: "admin", Email: "admin@example.com", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	return x
}

// start opens the database and starts the queue and the scheduler, as a server start does.
func (x *scheduled) start() {
	x.t.Helper()
	db, err := store.Open(x.path, store.Options{})
	if err != nil {
		x.t.Fatal(err)
	}
	x.db = db
	x.q = newQueue(x.t, db, x.gate)
	x.events = make(chan Event, 16)
	x.s, err = NewScheduler(SchedulerConfig{DB: db, Builds: x.q, Clock: x.clock, AdminURL: "https://admin.test",
		OnEvent: func(e Event) { x.events <- e }})
	if err != nil {
		x.t.Fatal(err)
	}
	// The server's mail spool, serving the scheduler's kind of mail as adminapi serve's does.
	var sender mail.Sender = &mail.Outbox{Dir: x.outbox, From: "no-reply@example.com"}
	if x.mailDown {
		sender = refusing{}
	}
	x.spool = mail.NewSpool(db, sender, map[string]mail.Kind{MailKind: {Compose: x.s.ComposeFailureMail, MaxAttempts: 10}},
		slog.New(slog.DiscardHandler))
	for _, svc := range []interface{ Start(context.Context) error }{x.spool, x.s} {
		if err := svc.Start(context.Background()); err != nil {
			x.t.Fatal(err)
		}
	}
	x.t.Cleanup(x.stop)
}

// stop closes the scheduler, the queue and the database, as a server stop does.
func (x *scheduled) stop() {
	if x.db == nil {
		return
	}
	x.s.Close(context.Background())
	x.spool.Close(context.Background())
	x.q.Close(cancelled())
	x.db.Close()
	x.db = nil
}

// waiting returns once the scheduler waits on its clock (it has looked at every schedule).
func (x *scheduled) waiting() {
	x.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := x.clock.BlockUntilContext(ctx, 1); err != nil {
		x.t.Fatal("the scheduler does not wait on its clock")
	}
}

func (x *scheduled) event() Event {
	x.t.Helper()
	select {
	case e := <-x.events:
		return e
	case <-time.After(10 * time.Second):
		x.t.Fatal("no scheduled run ended")
		return Event{}
	}
}

// build lets the next build run, failing with err when it is not nil.
func (x *scheduled) build(err error) string {
	x.t.Helper()
	var reason string
	select {
	case reason = <-x.gate.started:
	case <-time.After(10 * time.Second):
		x.t.Fatal("no build was asked for")
	}
	x.gate.err = err
	x.gate.release <- struct{}{}
	return reason
}

func (x *scheduled) draft(title string) {
	x.t.Helper()
	if _, err := x.db.CreatePreviewBlog(domain.Blog{Title: title, Category: "SEO", Content: "<p>Body</p>"}); err != nil {
		x.t.Fatal(err)
	}
}

func (x *scheduled) published(slug string) bool {
	_, err := x.db.Record(domain.Blogs, store.Published, slug)
	return err == nil
}

// mailJobs waits until the failure mails' jobs are n and each is settled as status (stored by
// the spool after its attempt), and returns them.
func (x *scheduled) mailJobs(n int, status string) []store.MailJob {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		jobs, _, err := x.db.MailJobs(0, 100)
		if err != nil {
			x.t.Fatal(err)
		}
		settled := 0
		for _, j := range jobs {
			if j.Kind == MailKind && j.Status == status && !x.spool.Sending(j.ID) {
				settled++
			}
		}
		if len(jobs) == n && settled == n {
			return jobs
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("mail jobs %+v, want %d %s", jobs, n, status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (x *scheduled) mails() []string {
	entries, _ := os.ReadDir(x.outbox)
	var out []string
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(x.outbox, e.Name()))
		out = append(out, string(data))
	}
	return out
}

// A draft scheduled an hour ahead stays a draft until the hour has passed, then is published
// and built; its schedule is gone and "Published on" is the scheduled time.
func TestScheduledPublishRunsOnTime(t *testing.T) {
	x := newScheduled(t)
	x.draft("Launch")
	at := x.clock.Now().Add(time.Hour)
	if _, _, err := x.s.Publish(domain.Blogs, "launch", at, "asha", nil); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(59 * time.Minute)
	x.waiting()
	if x.published("launch") {
		t.Fatal("published before its time")
	}
	x.clock.Advance(time.Minute)
	if reason := x.build(nil); reason != "blog published on schedule: launch" {
		t.Fatalf("build reason %q", reason)
	}
	if e := x.event(); e.Outcome != OutcomeDone || e.Schedule.Slug != "launch" {
		t.Fatalf("event %+v", e)
	}
	rec, err := x.db.Record(domain.Blogs, store.Published, "launch")
	if err != nil || !rec.Fields().CreatedAt.Equal(at) {
		t.Fatalf("published %+v %v", rec, err)
	}
	if list, _ := x.s.Schedules(); len(list) != 0 {
		t.Fatalf("schedules left: %+v", list)
	}
	if revs, _ := x.db.Revisions(domain.Blogs, store.Published, "launch"); revs[0].Note != "Published" || revs[0].Username != "asha" {
		t.Fatalf("the scheduled publish is not a revision by its author: %+v", revs[0])
	}
}

// A schedule that fell due while the server was down runs as soon as it starts again.
func TestMissedScheduleRunsAtStart(t *testing.T) {
	x := newScheduled(t)
	x.draft("Overnight")
	if _, _, err := x.s.Publish(domain.Blogs, "overnight", x.clock.Now().Add(10*time.Minute), "asha", nil); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.stop()
	x.clock.Advance(8 * time.Hour) // the server is down past the time
	x.start()
	x.build(nil)
	if e := x.event(); e.Outcome != OutcomeDone || !x.published("overnight") {
		t.Fatalf("event %+v, published %v", e, x.published("overnight"))
	}
}

// A stop between the move and its build leaves the schedule applied; the next start builds it.
func TestScheduleInterruptedDuringItsBuildFinishesAtStart(t *testing.T) {
	x := newScheduled(t)
	x.draft("Midway")
	if _, _, err := x.s.Publish(domain.Blogs, "midway", x.clock.Now().Add(time.Minute), "asha", nil); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(time.Minute)
	select { // the record has moved; the build runs when the server stops
	case <-x.gate.started:
	case <-time.After(10 * time.Second):
		t.Fatal("no build was asked for")
	}
	x.stop()
	list, _ := func() ([]store.Schedule, error) {
		db, err := store.Open(x.path, store.Options{ReadOnly: true})
		if err != nil {
			return nil, err
		}
		defer db.Close()
		return db.Schedules()
	}()
	if len(list) != 1 || !list[0].Applied {
		t.Fatalf("after the stop: %+v", list)
	}
	x.start()
	x.build(nil)
	if e := x.event(); e.Outcome != OutcomeDone {
		t.Fatalf("event %+v", e)
	}
}

// A failed build is retried after a growing delay, mailed to the admins once, and listed with
// its error meanwhile; the retry that succeeds closes the schedule.
func TestFailedScheduledBuildIsRetried(t *testing.T) {
	x := newScheduled(t)
	x.draft("Flaky")
	if _, _, err := x.s.Publish(domain.Blogs, "flaky", x.clock.Now().Add(time.Minute), "asha", nil); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(time.Minute)
	x.build(errors.New("render: node renderer crashed"))
	e := x.event()
	if e.Outcome != OutcomeRetry || e.Schedule.Status != store.ScheduleRetrying || e.Schedule.Attempts != 1 ||
		!e.Schedule.NextAttemptAt.Equal(x.clock.Now().Add(time.Minute)) || !strings.Contains(e.Schedule.Error, "renderer crashed") {
		t.Fatalf("first failure: %+v", e)
	}
	// The admins' mail is sent from the mail queue (a mail that waits for a later attempt is
	// composed from the schedule as it is then; one whose schedule has run since is not sent).
	if jobs := x.mailJobs(1, store.MailSent); jobs[0].To != "admin@example.com" {
		t.Fatalf("mail job %+v", jobs[0])
	}
	x.waiting()
	x.clock.Advance(time.Minute)
	x.build(errors.New("render: node renderer crashed"))
	if e := x.event(); e.Outcome != OutcomeRetry || e.Schedule.Attempts != 2 || !e.Schedule.NextAttemptAt.Equal(x.clock.Now().Add(2*time.Minute)) {
		t.Fatalf("second failure: %+v", e)
	}
	x.waiting()
	x.clock.Advance(2 * time.Minute)
	x.build(nil)
	if e := x.event(); e.Outcome != OutcomeDone || !x.published("flaky") {
		t.Fatalf("retry: %+v", e)
	}
	x.mailJobs(1, store.MailSent) // still the one mail
	mails := x.mails()
	if len(mails) != 1 || !strings.Contains(mails[0], "Scheduled publish failed: Flaky") ||
		!strings.Contains(mails[0], "admin@example.com") || !strings.Contains(mails[0], "https://admin.test/admin/dashboard#schedules") ||
		!strings.Contains(mails[0], "renderer crashed") || !strings.Contains(mails[0], "tried again at 1 Jan 2030 09:02 UTC") {
		t.Fatalf("mails: %q", mails)
	}
}

// The failure mail is a durable job of the mail queue: while the mail server is down it waits
// (listed as retrying with the server's answer), survives a restart, and is sent after it with
// the schedule's state as it is then; a given-up schedule mails the admins a second time.
func TestFailureMailSurvivesARestart(t *testing.T) {
	x := newScheduledDown(t)
	x.draft("Doomed")
	if _, _, err := x.s.Publish(domain.Blogs, "doomed", x.clock.Now().Add(time.Minute), "asha", nil); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(time.Minute)
	x.build(errors.New("render: node renderer crashed"))
	if e := x.event(); e.Outcome != OutcomeRetry {
		t.Fatalf("first failure: %+v", e)
	}
	if j := x.mailJobs(1, store.MailRetrying)[0]; j.To != "admin@example.com" || j.Ref == "" || !strings.Contains(j.LastError, "451") {
		t.Fatalf("mail job while the mail server is down: %+v", j)
	}

	x.stop()
	x.mailDown = false
	x.start()
	x.mailJobs(1, store.MailSent)
	mails := x.mails()
	if len(mails) != 1 || !strings.Contains(mails[0], "Scheduled publish failed: Doomed") || !strings.Contains(mails[0], "renderer crashed") {
		t.Fatalf("mails after the restart: %q", mails)
	}

	// Run out of attempts: the admins hear that it is given up.
	for attempt := 2; attempt <= 8; attempt++ {
		x.waiting()
		x.clock.Advance(time.Hour)
		x.build(errors.New("render: still crashing"))
		if e := x.event(); (e.Outcome == OutcomeFailed) != (attempt == 8) {
			t.Fatalf("attempt %d: %+v", attempt, e)
		}
	}
	x.mailJobs(2, store.MailSent)
	mails = x.mails()
	if len(mails) != 2 || !strings.Contains(strings.Join(mails, ""), "It will not be tried again by itself") {
		t.Fatalf("mails: %q", mails)
	}
}

func newScheduledDown(t *testing.T) *scheduled {
	t.Helper()
	dir := t.TempDir()
	x := &scheduled{t: t, path: filepath.Join(dir, "site.db"), gate: newGate(), mailDown: true,
		clock: clockwork.NewFakeClockAt(time.Date(2030, 1, 1, 9, 0, 0, 0, time.UTC)), outbox: filepath.Join(dir, "outbox")}
	x.start()
	if err := x.db.CreateAdmin(domain.Admin{Username: "admin", Email: "admin@example.com", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	return x
}

// A draft that no longer meets the publish rules (its own admin emptied it after scheduling it)
// fails at once, is not retried, and runs again when the admin reschedules it after mending it.
func TestScheduleOfABrokenDraftWaitsForTheAdmin(t *testing.T) {
	x := newScheduled(t)
	x.draft("Emptied")
	sc, _, err := x.s.Publish(domain.Blogs, "emptied", x.clock.Now().Add(time.Minute), "asha", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.db.As("asha").UpdateRecord(domain.Blogs, store.Preview, "emptied", func(r domain.Record) error { *r.Fields().Body = ""; return nil }); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(time.Minute)
	if e := x.event(); e.Outcome != OutcomeFailed || e.Schedule.Status != store.ScheduleFailed || e.Schedule.Error != domain.MsgPublishIncomplete {
		t.Fatalf("event %+v", e)
	}
	x.waiting()
	x.clock.Advance(24 * time.Hour)
	x.waiting()
	if x.published("emptied") {
		t.Fatal("a failed schedule ran again by itself")
	}
	if _, err := x.db.As("asha").UpdateRecord(domain.Blogs, store.Preview, "emptied", func(r domain.Record) error { *r.Fields().Body = "<p>Back</p>"; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := x.s.Reschedule(sc.ID, x.clock.Now(), "asha"); err != nil {
		t.Fatal(err)
	}
	x.build(nil)
	if e := x.event(); e.Outcome != OutcomeDone || !x.published("emptied") {
		t.Fatalf("after rescheduling: %+v", e)
	}
}

// A live record scheduled to come down goes back among the drafts at its time; a cancelled
// schedule does nothing.
func TestScheduledUnpublishAndCancel(t *testing.T) {
	x := newScheduled(t)
	x.draft("Offer")
	x.draft("Kept")
	for _, slug := range []string{"offer", "kept"} {
		if _, err := x.db.PublishBlog(slug, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := x.s.Unpublish(domain.Blogs, "offer", x.clock.Now().Add(time.Hour), "asha"); err != nil {
		t.Fatal(err)
	}
	kept, err := x.s.Unpublish(domain.Blogs, "kept", x.clock.Now().Add(time.Hour), "asha")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.s.Cancel(kept.ID); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(time.Hour)
	if reason := x.build(nil); reason != "blog unpublished on schedule: offer" {
		t.Fatalf("reason %q", reason)
	}
	if e := x.event(); e.Outcome != OutcomeDone || x.published("offer") || !x.published("kept") {
		t.Fatalf("event %+v", e)
	}
	if _, err := x.db.Record(domain.Blogs, store.Preview, "offer"); err != nil {
		t.Fatal("the unpublished record is not among the drafts")
	}
}

// The trash empties itself of what was deleted more than 30 days ago.
func TestTrashIsPurgedAfterThirtyDays(t *testing.T) {
	// The store stamps deletions with the real time: the fake clock starts there.
	x := newScheduledAt(t, time.Now().UTC())
	x.draft("Old")
	if _, err := x.db.DeleteRecord(domain.Blogs, store.Preview, "old"); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(29 * 24 * time.Hour)
	x.waiting()
	if list, _ := x.db.Trash(); len(list) != 1 {
		t.Fatalf("purged too soon: %+v", list)
	}
	x.clock.Advance(2 * 24 * time.Hour)
	x.waiting()
	if list, _ := x.db.Trash(); len(list) != 0 {
		t.Fatalf("not purged after 31 days: %+v", list)
	}
}

// A schedule held by an editor's change does not run at its time, and the admin who made it is
// mailed why (the spool composes the mail from the held schedule); rescheduled by an admin, it
// publishes the draft as it is then.
func TestAHeldScheduleWaitsForTheAdmin(t *testing.T) {
	x := newScheduled(t)
	if err := x.db.CreateAdmin(domain.Admin{Username: "asha", Email: "asha@example.com", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	x.draft("Held")
	sc, _, err := x.s.Publish(domain.Blogs, "held", x.clock.Now().Add(time.Minute), "asha", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.db.As("edith").UpdateRecord(domain.Blogs, store.Preview, "held", func(r domain.Record) error {
		*r.Fields().Body = `<p>Body</p><p><a href="https://spam.example">deal</a></p>`
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	x.waiting()
	x.clock.Advance(time.Hour)
	x.waiting()
	if len(x.gate.started) != 0 || x.published("held") {
		t.Fatal("a held schedule ran")
	}
	if jobs := x.mailJobs(1, store.MailSent); jobs[0].To != "asha@example.com" {
		t.Fatalf("mail job %+v", jobs[0])
	}
	if m := x.mails(); len(m) != 1 || !strings.Contains(m[0], "Scheduled publish on hold: Held") ||
		!strings.Contains(m[0], "edith changed the draft") || !strings.Contains(m[0], "https://admin.test/admin/dashboard#schedules") {
		t.Fatalf("mails: %q", m)
	}
	if _, err := x.s.Reschedule(sc.ID, x.clock.Now(), "admin"); err != nil {
		t.Fatal(err)
	}
	x.build(nil)
	if e := x.event(); e.Outcome != OutcomeDone || e.Schedule.Username != "admin" || !x.published("held") {
		t.Fatalf("after the admin's reschedule: %+v", e)
	}
}
