// Package publish is where a change becomes live: the build queue that runs the site generator
// one build at a time, coalesces the requests that arrive meanwhile and lets each caller wait
// for the build that includes its change, the typed record of every build, and the generator
// as publishing uses it (Site). It knows nothing of HTTP; the API and the CLI both drive it.
package publish

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/store"
)

// Build statuses.
const (
	StatusQueued  = "queued"
	StatusRunning = "running"
	StatusOK      = "ok"
	StatusFailed  = "failed"
)

// keepBuilds is how many build records the store keeps.
const keepBuilds = 50

// Build is the record of one site build, as GET /api/builds lists it and the store keeps it:
// the queue's bookkeeping around the generator's own result.
type Build struct {
	ID     uint64 `json:"id"`
	Reason string `json:"reason"`
	Status string `json:"status"`
	Clean  bool   `json:"clean"`
	generator.Result
	Ms        int64     `json:"ms"`
	Error     string    `json:"error,omitempty"`
	QueuedAt  time.Time `json:"queuedAt"`
	StartedAt time.Time `json:"startedAt"` // when it ran; the queue time until then
}

// Err is nil for a build that succeeded and its error otherwise.
func (b Build) Err() error {
	if b.Status == StatusOK {
		return nil
	}
	return errors.New(b.Error)
}

// Queue runs site builds one at a time in a worker goroutine. A request made while a build runs
// joins the next one (coalescing), so ten publishes in a row cost two builds, and every caller
// gets the build that includes its change. Every build is recorded in the store.
type Queue struct {
	db   *store.DB
	site Site
	log  *slog.Logger

	mu      sync.Mutex
	pending *Job
	nextID  uint64
	closed  bool
	wake    chan struct{}
	stopped chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc
}

// Job is one build to run; requests that arrive while it waits join it.
type Job struct {
	q       *Queue
	rec     Build
	reasons []string
	done    chan struct{}
}

// NewQueue starts the worker that runs site's builds (nil: every build fails and says why);
// Close stops it.
func NewQueue(db *store.DB, site Site, log *slog.Logger) (*Queue, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	q := &Queue{db: db, site: site, log: log, wake: make(chan struct{}, 1), stopped: make(chan struct{})}
	q.ctx, q.cancel = context.WithCancel(context.Background())
	// Ids go on from the newest stored record; a record left queued or running by a crash is
	// marked failed so the list does not show it running forever.
	recs, err := store.Builds[Build](db)
	if err != nil {
		return nil, fmt.Errorf("load builds: %w", err)
	}
	for _, b := range recs {
		q.nextID = max(q.nextID, b.ID)
		if b.Status == StatusQueued || b.Status == StatusRunning {
			b.Status, b.Error = StatusFailed, "interrupted: the server stopped during the build"
			q.save(b)
		}
	}
	go q.run()
	return q, nil
}

// Request asks for a build and returns the job that will include the caller's change: the
// waiting one if there is one, else a new one. A clean (full) request makes the job clean.
func (q *Queue) Request(clean bool, reason string) *Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		j := &Job{q: q, done: make(chan struct{}), rec: Build{Reason: reason, Status: StatusFailed, Error: "server is shutting down"}}
		close(j.done)
		return j
	}
	j := q.pending
	if j == nil {
		q.nextID++
		now := time.Now().UTC()
		j = &Job{q: q, done: make(chan struct{}), rec: Build{ID: q.nextID, Status: StatusQueued, QueuedAt: now, StartedAt: now}}
		q.pending = j
	}
	j.rec.Clean = j.rec.Clean || clean
	if len(j.reasons) < 20 {
		j.reasons = append(j.reasons, reason)
	}
	j.rec.Reason = strings.Join(j.reasons, "; ")
	q.save(j.rec)
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return j
}

// Wait blocks until j's build finished (true) or ctx ended (false), and answers its record as
// it is then. A build that has finished is reported finished even when ctx has ended too.
func (j *Job) Wait(ctx context.Context) (Build, bool) {
	select {
	case <-j.done:
	case <-ctx.Done():
	}
	select {
	case <-j.done:
		return j.Record(), true
	default:
		return j.Record(), false
	}
}

// Record answers j's record as it is now.
func (j *Job) Record() Build {
	j.q.mu.Lock()
	defer j.q.mu.Unlock()
	return j.rec
}

// Builds returns the recorded builds, newest first.
func (q *Queue) Builds() ([]Build, error) { return store.Builds[Build](q.db) }

func (q *Queue) run() {
	defer close(q.stopped)
	for {
		q.mu.Lock()
		j := q.pending
		q.pending = nil
		if j != nil {
			j.rec.Status, j.rec.StartedAt = StatusRunning, time.Now().UTC()
			q.save(j.rec)
		}
		closed := q.closed
		q.mu.Unlock()
		if j == nil {
			if closed {
				return
			}
			<-q.wake
			continue
		}
		q.runOne(j)
	}
}

func (q *Queue) runOne(j *Job) {
	start := time.Now()
	var res generator.Result
	err := errors.New("the site generator is not available (is the site bundle built? see the server log)")
	if q.site != nil {
		ctx, cancel := context.WithTimeout(q.ctx, 10*time.Minute)
		res, err = q.site.Build(ctx, generator.Options{Clean: j.rec.Clean, Reason: j.rec.Reason})
		cancel()
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	j.rec.Result = res
	j.rec.Ms = time.Since(start).Milliseconds()
	if err != nil {
		j.rec.Status, j.rec.Error = StatusFailed, truncate(err.Error(), 1000)
		q.log.Error("build failed", "id", j.rec.ID, "reason", j.rec.Reason, "err", err)
	} else {
		j.rec.Status = StatusOK
		q.log.Info("build done", "id", j.rec.ID, "reason", j.rec.Reason, "rendered", res.PagesRendered,
			"unchanged", res.PagesUnchanged, "ms", j.rec.Ms)
	}
	q.save(j.rec)
	close(j.done)
}

// save records a build; a failure to record is logged, it must not fail the build.
func (q *Queue) save(b Build) {
	if err := store.PutBuild(q.db, b.ID, b, keepBuilds); err != nil {
		q.log.Error("record build", "id", b.ID, "err", err)
	}
}

// Close lets the queued builds finish, or cancels them when ctx ends first, and stops the
// worker. Requests made after it fail at once.
func (q *Queue) Close(ctx context.Context) {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	select {
	case <-q.stopped:
	case <-ctx.Done():
		q.cancel()
		<-q.stopped
	}
	q.cancel()
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
