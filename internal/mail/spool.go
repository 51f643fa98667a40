package mail

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"digitalreeviver/internal/store"
)

// Spool delivers mail from durable storage: every mail is a job in the database (store.MailJob)
// from the moment it is decided, and each kind of mail has its own queue and worker, so a flood
// of enquiry notifications can delay neither a password-reset mail nor lose any mail. A failed
// attempt is retried with a growing delay (one minute, doubling, at most an hour) up to the
// kind's attempts, then the job is marked failed; the admin sees every job's state and may
// retry. After a restart the queues resume, and what waited for a later attempt is tried at
// once (the restart may well have been to fix the mail settings).
type Spool struct {
	db     *store.DB
	sender Sender
	log    *slog.Logger
	kinds  map[string]Kind
	wake   map[string]chan struct{}
	stop   chan struct{} // closed by Close: finish what is due, then stop
	done   sync.WaitGroup
	submit sync.WaitGroup

	mu       sync.Mutex
	closed   bool
	inFlight map[uint64]bool
}

// Kind is one kind of mail: how to compose a job's message, and how often to try.
type Kind struct {
	// Compose makes the message of a job at sending time. An error wrapping ErrPermanent gives
	// the job up at once (its enquiry or admin is gone); any other error is retried.
	Compose     func(ctx context.Context, job store.MailJob) (Message, error)
	MaxAttempts int
}

// ErrPermanent marks a composing failure that no retry can mend.
var ErrPermanent = errors.New("permanent mail failure")

// sendTimeout bounds one attempt, composing and sending.
const sendTimeout = 30 * time.Second

// NewSpool makes the spool of kinds; Start starts one worker per kind and Close stops them.
// Jobs enqueued before Start wait on disk for it.
func NewSpool(db *store.DB, sender Sender, kinds map[string]Kind, log *slog.Logger) *Spool {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Spool{db: db, sender: sender, log: log, kinds: kinds, wake: map[string]chan struct{}{},
		stop: make(chan struct{}), inFlight: map[uint64]bool{}}
	for name := range kinds {
		s.wake[name] = make(chan struct{}, 1)
	}
	return s
}

// Start makes what waited for a later attempt due now (the restart may well have been to fix
// the mail settings) and starts one worker per kind.
func (s *Spool) Start(context.Context) error {
	now := time.Now()
	for name := range s.kinds {
		ids, err := s.db.WaitingMail(name, now)
		if err != nil {
			s.log.Error("mail queue: cannot read the jobs waiting for a retry", "kind", name, "err", err)
		}
		for _, id := range ids {
			if _, err := s.db.RescheduleMail(id, now); err != nil {
				s.log.Error("mail queue: cannot retry a job at start-up", "id", id, "err", err)
			}
		}
		s.done.Add(1)
		go s.work(name)
	}
	// A job stored by any part of the server (the scheduler's failure mail, say) wakes its queue.
	s.db.OnMailQueued(s.Wake)
	return nil
}

// EraseCopies removes the copies the sender keeps of the mails that name ref (the outbox's
// .eml files naming an enquiry's id), for a data-protection request, and answers how many went.
// A sender that keeps none (SMTP) has none to erase.
func (s *Spool) EraseCopies(ref string) (int, error) {
	if e, ok := s.sender.(Eraser); ok {
		return e.Erase(ref)
	}
	return 0, nil
}

// Enqueue stores a job, which wakes its queue; once it answers, the mail survives a crash.
func (s *Spool) Enqueue(job store.MailJob) (store.MailJob, error) {
	return s.db.EnqueueMail(job)
}

// Submit enqueues a job in the background (Close waits for it); errors are logged. A caller
// whose answer must not wait for, or be timed by, the disk write uses it.
func (s *Spool) Submit(job store.MailJob) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		s.log.Error("mail queue closed; job not stored", "kind", job.Kind)
		return
	}
	s.submit.Add(1)
	go func() {
		defer s.submit.Done()
		if _, err := s.Enqueue(job); err != nil {
			s.log.Error("mail job not stored", "kind", job.Kind, "err", err)
		}
	}()
}

// Wake tells kind's worker that a job may be due.
func (s *Spool) Wake(kind string) {
	select {
	case s.wake[kind] <- struct{}{}:
	default:
	}
}

// Retry makes a failed or retrying job due now (an admin's request).
func (s *Spool) Retry(id uint64) (store.MailJob, error) {
	j, err := s.db.RescheduleMail(id, time.Now())
	if err == nil {
		s.Wake(j.Kind)
	}
	return j, err
}

// Sending reports whether an attempt at job id is under way.
func (s *Spool) Sending(id uint64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inFlight[id]
}

// Close stops taking jobs, lets the workers send what is due (until ctx ends) and stops them.
// What is left stays on disk for the next start.
func (s *Spool) Close(ctx context.Context) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	s.submit.Wait()
	close(s.stop)
	finished := make(chan struct{})
	go func() { s.done.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-ctx.Done():
		s.log.Warn("mail queue not drained before shutdown; the rest is sent after the next start")
	}
}

func (s *Spool) stopping() bool {
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}

// work sends kind's due jobs one at a time, in the order they fell due.
func (s *Spool) work(kind string) {
	defer s.done.Done()
	for {
		job, due, next, err := s.db.DueMail(kind, time.Now())
		if err != nil {
			s.log.Error("mail queue", "kind", kind, "err", err)
			next = time.Now().Add(5 * time.Second)
		}
		if due {
			s.attempt(kind, job)
			continue
		}
		if s.stopping() {
			return
		}
		var timer <-chan time.Time
		var t *time.Timer
		if !next.IsZero() {
			t = time.NewTimer(time.Until(next))
			timer = t.C
		}
		select {
		case <-s.wake[kind]:
		case <-timer:
		case <-s.stop:
		}
		if t != nil {
			t.Stop()
		}
	}
}

func (s *Spool) attempt(kind string, job store.MailJob) {
	k := s.kinds[kind]
	s.mu.Lock()
	s.inFlight[job.ID] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.inFlight, job.ID)
		s.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	m, err := k.Compose(ctx, job)
	if err == nil {
		err = s.sender.Send(ctx, m)
	}
	var retryAt time.Time
	errText := ""
	if err != nil {
		errText = err.Error()
		if len(errText) > 300 {
			errText = errText[:300] + "…"
		}
		if !errors.Is(err, ErrPermanent) && job.Attempts+1 < k.MaxAttempts {
			retryAt = time.Now().Add(RetryDelay(job.Attempts + 1))
		}
	}
	settled, serr := s.db.SettleMail(job.ID, errText, retryAt)
	switch {
	case serr != nil:
		s.log.Error("mail queue: outcome not stored", "id", job.ID, "err", serr)
		time.Sleep(time.Second) // the disk is failing: do not spin on the same job
	case err == nil:
	case settled.Status == store.MailFailed:
		s.log.Error("mail given up", "kind", kind, "id", job.ID, "to", job.To, "attempts", settled.Attempts, "err", err)
	default:
		s.log.Warn("mail failed; retrying later", "kind", kind, "id", job.ID, "to", job.To,
			"attempts", settled.Attempts, "retryAt", retryAt.UTC().Format(time.RFC3339), "err", err)
	}
}

// RetryDelay is the wait after the n-th failed attempt: a minute, doubling, at most an hour.
func RetryDelay(n int) time.Duration {
	return min(time.Minute<<min(n-1, 10), time.Hour)
}
