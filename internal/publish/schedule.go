package publish

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jonboulle/clockwork"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/store"
)

// SchedulerConfig wires a Scheduler; zero fields take the defaults named.
type SchedulerConfig struct {
	DB     *store.DB
	Builds *Queue
	Clock  clockwork.Clock // default: the real clock; tests pass a fake one and advance it
	Log    *slog.Logger
	// AdminURL is the admin's address, named in the failure mails. Every admin is mailed when a
	// scheduled change fails for the first time and when it is given up: each mail is a job of
	// kind MailKind in the database, sent by the mail spool that serves that kind (composed by
	// ComposeFailureMail), so it survives a restart and shows in the admin's mail status.
	AdminURL string
	// RetryBase is the wait before the first retry of a failed build (default 1 minute); it
	// doubles with every attempt up to RetryMax (default 1 hour), for at most MaxAttempts runs
	// (default 8, about four hours), then the schedule is marked failed.
	RetryBase    time.Duration
	RetryMax     time.Duration
	MaxAttempts  int
	BuildTimeout time.Duration // how long one run waits for its build (default 10 minutes)
	// TrashDays is how long deleted records stay restorable (default store.TrashDays).
	TrashDays int
	// OnEvent, when set, hears of every run's outcome (tests wait on it).
	OnEvent func(Event)
}

// Event is the outcome of one run of a schedule.
type Event struct {
	Schedule store.Schedule
	Outcome  string // OutcomeDone, OutcomeRetry or OutcomeFailed
	Err      error
}

// Outcomes of a run.
const (
	OutcomeDone   = "done"   // the change is live; the schedule is gone
	OutcomeRetry  = "retry"  // it failed and runs again at the schedule's NextAttemptAt
	OutcomeFailed = "failed" // it failed and waits for the admin
	// OutcomeHeld: at its time the draft was not the content the admin scheduled (a change that
	// did not hold the schedule as it was saved); it is held, and the admin mailed.
	OutcomeHeld = "held"
)

// Scheduler publishes and unpublishes records at their set times. Schedules live in the
// database, so none is lost to a restart: one that fell due while the server was down runs as
// soon as the scheduler starts. A run moves the record in one transaction (marking the schedule
// applied), then asks the build queue for the build that makes it live and waits for it; a
// failed build is retried with a growing delay, shown in the schedule and mailed to the admins.
// The scheduler also purges the trash of what was deleted more than TrashDays ago.
type Scheduler struct {
	cfg   SchedulerConfig
	db    *store.DB
	clock clockwork.Clock
	log   *slog.Logger

	wake    chan struct{}
	started bool // by Start, before any Close
	ctx     context.Context
	cancel  context.CancelFunc
	stopped chan struct{}
}

// MailKind is the kind of the scheduler's mails among the mail jobs (internal/mail): a schedule
// failed, or was held by a change to its draft.
const MailKind = store.MailKindSchedule

// NewScheduler makes the scheduler; Start starts its worker (which first runs what fell due
// while the server was down) and Close stops it. Schedules made before Start wait for it.
func NewScheduler(cfg SchedulerConfig) (*Scheduler, error) {
	if cfg.DB == nil || cfg.Builds == nil {
		return nil, errors.New("scheduler: no database or no build queue")
	}
	if cfg.Clock == nil {
		cfg.Clock = clockwork.NewRealClock()
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.RetryBase <= 0 {
		cfg.RetryBase = time.Minute
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = time.Hour
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 8
	}
	if cfg.BuildTimeout <= 0 {
		cfg.BuildTimeout = 10 * time.Minute
	}
	if cfg.TrashDays <= 0 {
		cfg.TrashDays = store.TrashDays
	}
	s := &Scheduler{cfg: cfg, db: cfg.DB, clock: cfg.Clock, log: cfg.Log, wake: make(chan struct{}, 1), stopped: make(chan struct{})}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	return s, nil
}

// Start starts the worker.
func (s *Scheduler) Start(context.Context) error {
	if s.started {
		return errors.New("scheduler: started twice")
	}
	s.started = true
	go s.run()
	return nil
}

// Publish applies fn to k's draft with slug, checks it against the publish rules and schedules
// its publication at at, by the admin username (see store.SchedulePublish).
func (s *Scheduler) Publish(k *domain.Kind, slug string, at time.Time, username string, fn func(domain.Record) error) (store.Schedule, domain.Record, error) {
	sc, rec, err := s.db.As(username).SchedulePublish(k, slug, at, fn)
	if err == nil {
		s.log.Info("publish scheduled", "kind", k.Name, "slug", sc.Slug, "at", sc.At, "by", username)
		s.poke()
	}
	return sc, rec, err
}

// Unpublish schedules k's published record with slug to go back to the drafts at at.
func (s *Scheduler) Unpublish(k *domain.Kind, slug string, at time.Time, username string) (store.Schedule, error) {
	sc, err := s.db.As(username).ScheduleUnpublish(k, slug, at)
	if err == nil {
		s.log.Info("unpublish scheduled", "kind", k.Name, "slug", slug, "at", sc.At, "by", username)
		s.poke()
	}
	return sc, err
}

// Reschedule moves a schedule (also a failed one, which is then tried afresh, and a held one,
// which then publishes the draft as it is now, by username: see store.Reschedule).
func (s *Scheduler) Reschedule(id uint64, at time.Time, username string) (store.Schedule, error) {
	sc, err := s.db.As(username).Reschedule(id, at)
	if err == nil {
		s.poke()
	}
	return sc, err
}

// Cancel deletes a schedule.
func (s *Scheduler) Cancel(id uint64) (store.Schedule, error) {
	sc, err := s.db.CancelSchedule(id)
	if err == nil {
		s.poke()
	}
	return sc, err
}

// Schedules lists the schedules, the soonest first.
func (s *Scheduler) Schedules() ([]store.Schedule, error) { return s.db.Schedules() }

// Now is the scheduler's clock's time.
func (s *Scheduler) Now() time.Time { return s.clock.Now() }

// poke wakes the worker to look at the schedules again.
func (s *Scheduler) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Close stops the worker; a run under way is cancelled and runs again at the next start. (Its
// failure mails are on disk already, with the mail spool.)
func (s *Scheduler) Close(ctx context.Context) {
	s.cancel()
	if !s.started {
		return
	}
	select {
	case <-s.stopped:
	case <-ctx.Done():
	}
}

func (s *Scheduler) run() {
	defer close(s.stopped)
	var nextPurge time.Time
	for s.ctx.Err() == nil {
		now := s.clock.Now()
		if !now.Before(nextPurge) {
			s.purge(now)
			nextPurge = now.Add(time.Hour)
		}
		wait := nextPurge.Sub(now)
		all, err := s.db.Schedules()
		if err != nil {
			s.log.Error("scheduler: cannot read the schedules", "err", err)
			wait = min(wait, time.Minute)
		}
		var due *store.Schedule
		for i, sc := range all {
			if sc.Status == store.ScheduleFailed || sc.Status == store.ScheduleHeld {
				continue
			}
			if !sc.Due().After(now) {
				due = &all[i]
				break
			}
			wait = min(wait, sc.Due().Sub(now))
		}
		if due != nil {
			s.fire(*due)
			continue
		}
		t := s.clock.NewTimer(wait)
		if s.clock.Since(now) > time.Second {
			// The clock jumped while this plan was made (a suspended machine, or a test's fake
			// clock advanced): the timer would fire that much late, so plan again.
			t.Stop()
			continue
		}
		select {
		case <-t.Chan():
		case <-s.wake:
		case <-s.ctx.Done():
		}
		t.Stop()
	}
}

func (s *Scheduler) purge(now time.Time) {
	n, err := s.db.PurgeTrashBefore(now.Add(-time.Duration(s.cfg.TrashDays) * 24 * time.Hour))
	if err != nil {
		s.log.Error("trash: purge failed", "err", err)
	} else if n > 0 {
		s.log.Info("trash: purged what was deleted over 30 days ago", "items", n)
	}
}

// fire runs one due schedule: the record moves, then the build that makes the move live.
func (s *Scheduler) fire(sc store.Schedule) {
	k := domain.KindOf(sc.Kind)
	if k == nil {
		s.fail(sc, fmt.Errorf("unknown kind of content %q", sc.Kind), true)
		return
	}
	applied, rec, err := s.db.As(sc.Username).ApplySchedule(sc.ID)
	switch {
	case errors.Is(err, store.ErrHeld):
		return // held meanwhile by an edit, which told the admin
	case errors.Is(err, store.ErrChanged):
		s.log.Warn("scheduled publish held: the draft is not what was scheduled", "kind", sc.Kind, "slug", sc.Slug)
		s.emit(Event{Schedule: applied, Outcome: OutcomeHeld})
		return
	}
	if err != nil {
		if _, gone := s.db.Schedule(sc.ID); domain.ErrorCode(gone) == domain.ENotFound {
			return // cancelled meanwhile
		}
		// A refusal (the draft no longer meets the publish rules, its slug was taken) will not
		// mend itself; anything else might.
		s.fail(sc, err, domain.ErrorCode(err) != domain.EInternal)
		return
	}
	sc = applied
	slug := *rec.Fields().Slug
	reason := fmt.Sprintf("%s %s on schedule: %s", k.Name, pastOf(sc.Action), slug)
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.BuildTimeout)
	b, done := s.cfg.Builds.Request(false, reason).Wait(ctx)
	cancel()
	switch {
	case s.ctx.Err() != nil:
		return // stopping: the schedule stays applied and its build runs at the next start
	case !done:
		err = fmt.Errorf("the build did not finish within %s", s.cfg.BuildTimeout)
	case b.Status != StatusOK:
		err = b.Err()
	}
	if err != nil {
		s.fail(sc, err, false)
		return
	}
	if err := s.db.FinishSchedule(sc.ID); err != nil {
		s.log.Error("scheduler: cannot close a finished schedule", "id", sc.ID, "err", err)
	}
	s.log.Info("scheduled "+sc.Action+" done", "kind", k.Name, "slug", slug, "due", sc.At, "build", b.ID)
	s.emit(Event{Schedule: sc, Outcome: OutcomeDone})
}

// fail records a failed run: retried later unless it is permanent or out of attempts, mailed
// to the admins the first time and when it is given up.
func (s *Scheduler) fail(sc store.Schedule, cause error, permanent bool) {
	attempts := sc.Attempts + 1
	var next time.Time
	if !permanent && attempts < s.cfg.MaxAttempts {
		next = s.clock.Now().Add(s.backoff(attempts))
	}
	msg := domain.ErrorMessage(cause)
	if domain.ErrorCode(cause) == domain.EInternal {
		msg = cause.Error()
	}
	msg = truncate(msg, 1000)
	failed, err := s.db.FailSchedule(sc.ID, msg, next)
	if err != nil {
		if domain.ErrorCode(err) != domain.ENotFound {
			s.log.Error("scheduler: cannot record a failure", "id", sc.ID, "err", err)
		}
		return
	}
	s.log.Error("scheduled "+sc.Action+" failed", "kind", sc.Kind, "slug", sc.Slug, "attempt", attempts,
		"next", next, "err", msg)
	if attempts == 1 || next.IsZero() {
		s.mailFailure(failed)
	}
	outcome := OutcomeRetry
	if next.IsZero() {
		outcome = OutcomeFailed
	}
	s.emit(Event{Schedule: failed, Outcome: outcome, Err: cause})
}

func (s *Scheduler) backoff(attempts int) time.Duration {
	d := s.cfg.RetryBase
	for i := 1; i < attempts && d < s.cfg.RetryMax; i++ {
		d *= 2
	}
	return min(d, s.cfg.RetryMax)
}

func (s *Scheduler) emit(e Event) {
	if s.cfg.OnEvent != nil {
		s.cfg.OnEvent(e)
	}
}

func pastOf(action string) string {
	if action == store.ActionUnpublish {
		return "unpublished"
	}
	return "published"
}

// mailFailure stores a failure mail to every admin as a job of the mail queue MailKind.
func (s *Scheduler) mailFailure(sc store.Schedule) {
	admins, err := s.db.Admins()
	if err != nil {
		s.log.Error("scheduler: cannot list the admins to mail", "err", err)
		return
	}
	for _, a := range admins {
		if a.Email == "" || !a.Can(domain.PermPublish) { // editors cannot reschedule
			continue
		}
		if _, err := s.db.EnqueueMail(store.MailJob{Kind: MailKind, To: a.Email, Ref: strconv.FormatUint(sc.ID, 10)}); err != nil {
			s.log.Error("scheduler: failure mail not stored", "to", a.Email, "schedule", sc.ID, "err", err)
		}
	}
}

// ComposeFailureMail makes a schedule's mail (a job of kind MailKind naming the schedule) at
// sending time, from the schedule as it is then: a failure (a mail that waited for the mail
// server says the latest error and when the next attempt is), or a hold (a change to the draft
// by someone else after it was scheduled). A schedule that has run or been cancelled or
// rescheduled since needs no mail: the job is given up with that reason.
func (s *Scheduler) ComposeFailureMail(_ context.Context, job store.MailJob) (mail.Message, error) {
	id, err := strconv.ParseUint(job.Ref, 10, 64)
	if err != nil {
		return mail.Message{}, fmt.Errorf("schedule mail %q: no schedule named: %w", job.Ref, mail.ErrPermanent)
	}
	sc, err := s.db.Schedule(id)
	switch {
	case domain.ErrorCode(err) == domain.ENotFound:
		return mail.Message{}, fmt.Errorf("schedule %d has run or been cancelled since: nothing to report: %w", id, mail.ErrPermanent)
	case err != nil:
		return mail.Message{}, fmt.Errorf("schedule mail %d: %w", id, err)
	case sc.Error == "":
		return mail.Message{}, fmt.Errorf("schedule %d has been rescheduled since: nothing to report: %w", id, mail.ErrPermanent)
	}
	noun := strings.TrimSuffix(sc.Kind, "s")
	if k := domain.KindOf(sc.Kind); k != nil {
		noun = k.Name
	}
	title := sc.Title
	if title == "" {
		title = sc.Slug
	}
	when := sc.At.Format("2 Jan 2006 15:04 MST")
	var b strings.Builder
	subject := fmt.Sprintf("Scheduled %s failed: %s", sc.Action, title)
	switch sc.Status {
	case store.ScheduleHeld:
		subject = fmt.Sprintf("Scheduled %s on hold: %s", sc.Action, title)
		fmt.Fprintf(&b, "The %s %q was to be %s at %s, as %s scheduled it.\n\n  %s\n\n", noun, title, pastOf(sc.Action),
			when, sc.Username, sc.Error)
		b.WriteString("It will not be published by itself: look at the draft, then schedule it again or cancel the schedule in the dashboard.")
	case store.ScheduleRetrying:
		fmt.Fprintf(&b, "The %s %q was to be %s at %s, and that failed:\n\n  %s\n\n", noun, title, pastOf(sc.Action), when, sc.Error)
		fmt.Fprintf(&b, "It will be tried again at %s.", sc.NextAttemptAt.Format("2 Jan 2006 15:04 MST"))
	default:
		fmt.Fprintf(&b, "The %s %q was to be %s at %s, and that failed:\n\n  %s\n\n", noun, title, pastOf(sc.Action), when, sc.Error)
		b.WriteString("It will not be tried again by itself: reschedule or cancel it in the dashboard.")
	}
	if s.cfg.AdminURL != "" {
		fmt.Fprintf(&b, "\n\n%s\n", strings.TrimRight(s.cfg.AdminURL, "/")+"/admin/dashboard#schedules")
	}
	if len(subject) > 200 {
		subject = subject[:200]
	}
	subject = strings.NewReplacer("\r", " ", "\n", " ").Replace(subject)
	return mail.Message{To: job.To, Subject: subject, Text: b.String()}, nil
}
