package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/publish"
)

func (s *Server) registerBuildRoutes(r *mux.Router) {
	r.HandleFunc("/api/builds", s.member(s.handleBuildList)).Methods("GET")
	r.HandleFunc("/api/builds", s.can(domain.PermSite, s.handleBuildStart)).Methods("POST")
}

// buildView is a build as the API answers it (docs/API.md, GET /api/builds, and the build of a
// publish or a change). It is the API's own type, field by field, so that renaming a field of
// the generator's result or of the queue's record cannot change the API unseen
// (TestBuildJSONShape pins it).
type buildView struct {
	ID             uint64        `json:"id"`
	Reason         string        `json:"reason"`
	Status         string        `json:"status"`
	Clean          bool          `json:"clean"`
	Generation     string        `json:"generation"`
	Previous       string        `json:"previous,omitempty"`
	Swapped        bool          `json:"swapped"`
	PagesTotal     int           `json:"pagesTotal"`
	PagesRendered  int           `json:"pagesRendered"`
	PagesUnchanged int           `json:"pagesUnchanged"`
	ImagesLater    int           `json:"imagesLater,omitempty"`
	Started        time.Time     `json:"started"`
	Duration       time.Duration `json:"duration"`
	Stages         []stageView   `json:"stages"`
	Search         searchView    `json:"search"`
	Ms             int64         `json:"ms"`
	Error          string        `json:"error,omitempty"`
	QueuedAt       time.Time     `json:"queuedAt"`
	StartedAt      time.Time     `json:"startedAt"`
	Deploy         *deployView   `json:"deploy,omitempty"`
}

type stageView struct {
	Name     string        `json:"name"`
	Duration time.Duration `json:"duration"`
}

type searchView struct {
	Pages   int   `json:"pages"`
	Files   int   `json:"files"`
	Written int   `json:"written"`
	Merged  bool  `json:"merged"`
	Bytes   int64 `json:"bytes"`
}

type deployView struct {
	Target     string   `json:"target"`
	Status     string   `json:"status"`
	Generation string   `json:"generation,omitempty"`
	Uploaded   int      `json:"uploaded"`
	Deleted    int      `json:"deleted"`
	Bytes      int64    `json:"bytes"`
	Unchanged  int      `json:"unchanged"`
	Changed    []string `json:"changed,omitempty"`
	Ms         int64    `json:"ms"`
	Error      string   `json:"error,omitempty"`
	PurgeError string   `json:"purgeError,omitempty"`
}

// viewOfBuild is b as the API answers it.
func viewOfBuild(b publish.Build) buildView {
	r := b.Result
	v := buildView{ID: b.ID, Reason: b.Reason, Status: b.Status, Clean: b.Clean,
		Generation: r.Generation, Previous: r.Previous, Swapped: r.Swapped, PagesTotal: r.PagesTotal,
		PagesRendered: r.PagesRendered, PagesUnchanged: r.PagesUnchanged, ImagesLater: r.ImagesLater, Started: r.Started, Duration: r.Duration,
		Search: searchView{Pages: r.Search.Pages, Files: r.Search.Files, Written: r.Search.Written, Merged: r.Search.Merged, Bytes: r.Search.Bytes},
		Ms:     b.Ms, Error: b.Error, QueuedAt: b.QueuedAt, StartedAt: b.StartedAt}
	if r.Stages != nil {
		v.Stages = make([]stageView, len(r.Stages))
		for i, st := range r.Stages {
			v.Stages[i] = stageView{Name: st.Name, Duration: st.Duration}
		}
	}
	if d := b.Deploy; d != nil {
		v.Deploy = &deployView{Target: d.Target, Status: d.Status, Generation: d.Generation, Uploaded: d.Uploaded,
			Deleted: d.Deleted, Bytes: d.Bytes, Unchanged: d.Unchanged, Changed: d.Changed, Ms: d.Ms,
			Error: d.Error, PurgeError: d.PurgeError}
	}
	return v
}

// handleBuildList handles GET /api/builds.
func (s *Server) handleBuildList(w http.ResponseWriter, r *http.Request) {
	list, err := s.builds.Builds()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]buildView, len(list))
	for i, b := range list {
		out[i] = viewOfBuild(b)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleBuildStart handles POST /api/builds: a full rebuild, answered at once.
func (s *Server) handleBuildStart(w http.ResponseWriter, r *http.Request) {
	j := s.builds.Request(true, "full rebuild by "+adminFrom(r.Context()).Username)
	s.audit(r, domain.AuditRebuild, "site", "", "full rebuild")
	writeJSON(w, http.StatusAccepted, map[string]any{"build": viewOfBuild(j.Record())})
}

// rebuild queues a build for a change and waits for it (up to PublishTimeout); the build is
// answered as the API shows it, and done says whether it finished.
func (s *Server) rebuild(ctx context.Context, reason string) (build buildView, done bool) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.PublishTimeout)
	defer cancel()
	b, done := s.builds.Request(false, reason).Wait(ctx)
	return viewOfBuild(b), done
}
