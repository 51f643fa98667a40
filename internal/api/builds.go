package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/store"
)

// Build statuses.
const (
	statusQueued  = "queued"
	statusRunning = "running"
	statusOK      = "ok"
	statusFailed  = "failed"
)

// keepBuilds is how many build records the store keeps.
const keepBuilds = 50

// Build is the record of one site build, as GET /api/builds lists it.
type Build struct {
	ID             uint64    `json:"id"`
	Reason         string    `json:"reason"`
	Status         string    `json:"status"`
	Clean          bool      `json:"clean"`
	PagesRendered  int       `json:"pagesRendered"`
	PagesUnchanged int       `json:"pagesUnchanged"`
	Ms             int64     `json:"ms"`
	Error          string    `json:"error,omitempty"`
	Generation     string    `json:"generation,omitempty"`
	QueuedAt       time.Time `json:"queuedAt"`
	StartedAt      time.Time `json:"startedAt"` // when it ran; the queue time until then
}

// buildJob is one build to run; requests that arrive while it waits join it.
type buildJob struct {
	rec     Build
	reasons []string
	done    chan struct{}
}

// wait blocks until j's build finished (true) or ctx ended (false), and answers its record as
// it is then.
func (q *buildQueue) wait(ctx context.Context, j *buildJob) (Build, bool) {
	done := true
	select {
	case <-j.done:
	case <-ctx.Done():
		done = false
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return j.rec, done
}

// buildQueue runs site builds one at a time in a worker goroutine. A request made while a build
// runs joins the next one (coalescing), so ten publishes in a row cost two builds, and every
// caller gets the build that includes its change.
type buildQueue struct {
	db   *store.DB
	site Site
	log  *slog.Logger

	mu      sync.Mutex
	pending *buildJob
	running *buildJob
	nextID  uint64
	closed  bool
	wake    chan struct{}
	stopped chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc
}

func newBuildQueue(db *store.DB, site Site, log *slog.Logger) (*buildQueue, error) {
	q := &buildQueue{db: db, site: site, log: log, wake: make(chan struct{}, 1), stopped: make(chan struct{})}
	q.ctx, q.cancel = context.WithCancel(context.Background())
	// Ids go on from the newest stored record; a record left queued or running by a crash is
	// marked failed so the list does not show it running forever.
	recs, err := db.Builds()
	if err != nil {
		return nil, fmt.Errorf("load builds: %w", err)
	}
	for _, raw := range recs {
		var b Build
		if json.Unmarshal(raw, &b) != nil {
			continue
		}
		q.nextID = max(q.nextID, b.ID)
		if b.Status == statusQueued || b.Status == statusRunning {
			b.Status, b.Error = statusFailed, "interrupted: the server stopped during the build"
			_ = db.PutBuild(b.ID, b, keepBuilds)
		}
	}
	go q.run()
	return q, nil
}

// request asks for a build and returns the job that will include the caller's change: the
// waiting one if there is one, else a new one. A clean (full) request makes the job clean.
func (q *buildQueue) request(clean bool, reason string) *buildJob {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		j := &buildJob{done: make(chan struct{}), rec: Build{Reason: reason, Status: statusFailed, Error: "server is shutting down"}}
		close(j.done)
		return j
	}
	j := q.pending
	if j == nil {
		q.nextID++
		now := time.Now().UTC()
		j = &buildJob{done: make(chan struct{}), rec: Build{ID: q.nextID, Status: statusQueued, QueuedAt: now, StartedAt: now}}
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

func (q *buildQueue) run() {
	defer close(q.stopped)
	for {
		q.mu.Lock()
		j := q.pending
		q.pending = nil
		q.running = j
		if j != nil {
			j.rec.Status, j.rec.StartedAt = statusRunning, time.Now().UTC()
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

func (q *buildQueue) runOne(j *buildJob) {
	start := time.Now()
	var stats BuildStats
	err := errors.New("the site generator is not available (is the site bundle built? see the server log)")
	if q.site != nil {
		ctx, cancel := context.WithTimeout(q.ctx, 10*time.Minute)
		stats, err = q.site.Build(ctx, j.rec.Clean, j.rec.Reason)
		cancel()
	}
	q.mu.Lock()
	j.rec.Ms = time.Since(start).Milliseconds()
	j.rec.PagesRendered, j.rec.PagesUnchanged, j.rec.Generation = stats.PagesRendered, stats.PagesUnchanged, stats.Generation
	if err != nil {
		j.rec.Status, j.rec.Error = statusFailed, truncate(err.Error(), 1000)
		q.log.Error("build failed", "id", j.rec.ID, "reason", j.rec.Reason, "err", err)
	} else {
		j.rec.Status = statusOK
		q.log.Info("build done", "id", j.rec.ID, "reason", j.rec.Reason, "rendered", stats.PagesRendered,
			"unchanged", stats.PagesUnchanged, "ms", j.rec.Ms)
	}
	q.save(j.rec)
	q.running = nil
	close(j.done)
	q.mu.Unlock()
}

// save records a build; a failure to record is logged, it must not fail the build.
func (q *buildQueue) save(b Build) {
	if err := q.db.PutBuild(b.ID, b, keepBuilds); err != nil {
		q.log.Error("record build", "id", b.ID, "err", err)
	}
}

// close lets the queued builds finish, or cancels them when ctx ends first.
func (q *buildQueue) close(ctx context.Context) {
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

func (s *Server) registerBuildRoutes(r *mux.Router) {
	r.HandleFunc("/api/builds", s.admin(s.handleBuildList)).Methods("GET")
	r.HandleFunc("/api/builds", s.admin(s.handleBuildStart)).Methods("POST")
}

// handleBuildList handles GET /api/builds.
func (s *Server) handleBuildList(w http.ResponseWriter, r *http.Request) {
	recs, err := s.db.Builds()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if recs == nil {
		recs = []json.RawMessage{}
	}
	writeJSON(w, http.StatusOK, recs)
}

// handleBuildStart handles POST /api/builds: a full rebuild, answered at once.
func (s *Server) handleBuildStart(w http.ResponseWriter, r *http.Request) {
	j := s.builds.request(true, "full rebuild by "+adminFrom(r.Context()).Username)
	s.builds.mu.Lock()
	rec := j.rec
	s.builds.mu.Unlock()
	writeJSON(w, http.StatusAccepted, map[string]any{"build": rec})
}

// rebuild queues a build for a change and waits for it (up to PublishTimeout).
func (s *Server) rebuild(ctx context.Context, reason string) (Build, bool) {
	j := s.builds.request(false, reason)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.PublishTimeout)
	defer cancel()
	return s.builds.wait(ctx, j)
}
