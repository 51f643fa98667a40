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

	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/domain"
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
	// Deploy is the deploy to the object store that followed the build, when one is configured:
	// the build is "ok" only once the store has the site.
	Deploy *DeployRecord `json:"deploy,omitempty"`
}

// DeployRecord is what the deploy after a build did.
type DeployRecord struct {
	Target     string   `json:"target"`
	Status     string   `json:"status"` // running, ok, failed
	Generation string   `json:"generation,omitempty"`
	Uploaded   int      `json:"uploaded"`
	Deleted    int      `json:"deleted"`
	Bytes      int64    `json:"bytes"`
	Unchanged  int      `json:"unchanged"`
	Changed    []string `json:"changed,omitempty"` // the objects uploaded or deleted, the first 100
	Ms         int64    `json:"ms"`
	Error      string   `json:"error,omitempty"`
	PurgeError string   `json:"purgeError,omitempty"` // the deploy is done; the CDN may serve stale copies
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

	deployer *deploy.Deployer // nil: builds are not deployed
	outDir   string           // the built site the deployer uploads

	mu      sync.Mutex
	started bool
	pending *Job
	nextID  uint64
	closed  bool
	wake    chan struct{}
	stopped chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc
	// saving is closed once the last record saved in the background (saveLater) is stored.
	saving chan struct{}
}

// Job is one build to run; requests that arrive while it waits join it.
type Job struct {
	q       *Queue
	rec     Build
	reasons []string
	done    chan struct{}
	// whenLive end what must end as the job's changes go live (Request); each is called once.
	whenLive []func() error
}

// NewQueue makes the queue of site's builds (nil: every build fails and says why); Start
// starts its worker and Close stops it. Builds requested before Start wait for it.
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
	return q, nil
}

// Start starts the worker that runs the builds.
func (q *Queue) Start(context.Context) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.started {
		return errors.New("build queue: started twice")
	}
	q.started = true
	go q.run()
	return nil
}

// DeployTo makes every build deploy the live generation of out to d's object store after it
// (also a build that changed nothing, so a retry puts a failed deploy right). Call it before the
// first Request.
func (q *Queue) DeployTo(d *deploy.Deployer, out string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.deployer, q.outDir = d, out
}

// Request asks for a build and returns the job that will include the caller's change: the
// waiting one if there is one, else a new one. A clean (full) request makes the job clean.
// whenLive are called in the step that makes the change live, just before it (the generator's
// switch to the new generation; with a deploy, once the store has the site; when the build
// changes nothing, once it is done): their error fails the build and nothing goes live.
func (q *Queue) Request(clean bool, reason string, whenLive ...func() error) *Job {
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
	j.whenLive = append(j.whenLive, whenLive...)
	if len(j.reasons) < 20 {
		j.reasons = append(j.reasons, reason)
	}
	j.rec.Reason = strings.Join(j.reasons, "; ")
	q.saveLater(j.rec)
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

// Builds returns the recorded builds, newest first, each in its state now.
func (q *Queue) Builds() ([]Build, error) {
	q.stored()
	return store.Builds[Build](q.db)
}

func (q *Queue) run() {
	defer close(q.stopped)
	for {
		q.mu.Lock()
		j := q.pending
		q.pending = nil
		if j != nil {
			j.rec.Status, j.rec.StartedAt = StatusRunning, time.Now().UTC()
			q.saveLater(j.rec)
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
	// j is no longer pending: nothing adds to whenLive now.
	ended := false
	goLive := func() error {
		ended = true
		for _, end := range j.whenLive {
			if err := end(); err != nil {
				return err
			}
		}
		return nil
	}
	if q.site != nil {
		opts := generator.Options{Clean: j.rec.Clean, Reason: j.rec.Reason}
		if q.deployer == nil {
			opts.BeforeLive = goLive // live locally: the generator's switch
		}
		ctx, cancel := context.WithTimeout(q.ctx, 10*time.Minute)
		res, err = q.site.Build(ctx, opts)
		cancel()
	}
	if err == nil && q.deployer != nil {
		err = q.deployLive(j, res)
	}
	if err == nil && !ended {
		err = goLive() // deployed, or nothing to switch
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
	q.saveNow(j.rec)
	close(j.done)
}

// deployLive uploads the live generation after j's build; the record shows the deploy running,
// then its outcome. An error fails the build: the page is not live until the store has it.
func (q *Queue) deployLive(j *Job, res generator.Result) error {
	start := time.Now()
	rec := &DeployRecord{Target: q.deployer.Target().String(), Status: StatusRunning}
	q.mu.Lock()
	j.rec.Result, j.rec.Deploy = res, rec
	q.saveLater(j.rec)
	q.mu.Unlock()
	dir, gen, err := deploy.GenerationDir(q.outDir, "")
	var dres deploy.Result
	if err == nil {
		ctx, cancel := context.WithTimeout(q.ctx, 10*time.Minute)
		// The store's manifest learns what the site shows (for sitegen deploy's guard), but the
		// deploy is not refused for showing no post: here that is an admin's deletion.
		_, dres, err = q.deployer.Deploy(ctx, dir, deploy.Options{Generation: gen, Records: res.Records})
		cancel()
	}
	// The audit log's entry of the deploy, appended once the queue's lock is released.
	var entry *domain.AuditEntry
	defer func() {
		if entry != nil {
			if _, err := q.db.AppendAudit(*entry); err != nil {
				q.log.Error("audit entry of a deploy not recorded", "id", j.rec.ID, "err", err)
			}
		}
	}()
	q.mu.Lock()
	defer q.mu.Unlock()
	done := &DeployRecord{Target: rec.Target, Status: StatusOK, Generation: gen, Uploaded: len(dres.Uploaded),
		Deleted: len(dres.Deleted), Bytes: dres.UploadedBytes, Unchanged: dres.Unchanged,
		Ms: time.Since(start).Milliseconds(), PurgeError: dres.PurgeError}
	for _, list := range [][]string{dres.Uploaded, dres.Deleted} {
		for _, k := range list {
			if len(done.Changed) < 100 {
				done.Changed = append(done.Changed, k)
			}
		}
	}
	j.rec.Deploy = done
	var purge *deploy.PurgeFailedError
	if errors.As(err, &purge) {
		// The store has the site; only the CDN's copies may be stale for their cache time.
		q.log.Warn("deploy: CDN purge failed", "id", j.rec.ID, "err", purge.Msg)
		err = nil
	}
	entry = &domain.AuditEntry{User: "(system)", Action: domain.AuditDeploy, Kind: "site", Target: rec.Target,
		Detail: fmt.Sprintf("%d uploaded, %d deleted, after: %s", done.Uploaded, done.Deleted, truncate(j.rec.Reason, 200))}
	if err != nil {
		done.Status, done.Error = StatusFailed, truncate(err.Error(), 1000)
		entry.Detail = "failed after: " + truncate(j.rec.Reason, 200)
		q.log.Error("deploy failed", "id", j.rec.ID, "target", rec.Target, "err", err)
		return fmt.Errorf("the site was built but not deployed to %s: %w", rec.Target, err)
	}
	if done.Uploaded == 0 && done.Deleted == 0 {
		entry = nil // the store had the site already: nothing changed there
	}
	q.log.Info("deploy done", "id", j.rec.ID, "target", rec.Target, "uploaded", done.Uploaded, "deleted", done.Deleted, "ms", done.Ms)
	return nil
}

// saveLater records b in the background, after every record saved before it; q.mu is held.
// A build's queued and running states are bookkeeping a publish need not wait for (each is a
// commit to disk, a few milliseconds on the path of every publish): its final state is saved
// before its callers are answered (saveNow), after the ones under way, and Builds waits for
// those too, so the list shows each build as it is. A crash may lose a record saved this way,
// of a build that then never ran.
func (q *Queue) saveLater(b Build) {
	prev, done := q.saving, make(chan struct{})
	q.saving = done
	go func() {
		if prev != nil {
			<-prev
		}
		q.save(b)
		close(done)
	}()
}

// saveNow records b once the records saved in the background are stored; q.mu is held.
func (q *Queue) saveNow(b Build) {
	if q.saving != nil {
		<-q.saving
	}
	q.save(b)
}

// stored waits until the records saved in the background are stored.
func (q *Queue) stored() {
	q.mu.Lock()
	saving := q.saving
	q.mu.Unlock()
	if saving != nil {
		<-saving
	}
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
	if !q.started {
		// Never started: the build asked for meanwhile fails, as one asked for after Close.
		if j := q.pending; j != nil {
			q.pending = nil
			j.rec.Status, j.rec.Error = StatusFailed, "server is shutting down"
			q.saveNow(j.rec)
			close(j.done)
		}
		q.mu.Unlock()
		q.cancel()
		return
	}
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
	q.stored() // no record is written once the queue is closed
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
