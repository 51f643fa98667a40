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
// publish or a change). It is the API's own type, so that renaming a field of the generator's
// result cannot change the API unseen (TestBuildJSONShape pins it); the deploy is the queue's
// record as it is, its fields named for the API.
type buildView struct {
	ID     uint64 `json:"id"`
	Reason string `json:"reason"`
	Status string `json:"status"`
	Clean  bool   `json:"clean"`
	generatedView
	Stages    []stageView `json:"stages"`
	Search    searchView  `json:"search"`
	Ms        int64       `json:"ms"`
	Error     string      `json:"error,omitempty"`
	QueuedAt  time.Time   `json:"queuedAt"`
	StartedAt *time.Time  `json:"startedAt,omitempty"` // left out while queued

	Deploy *publish.DeployRecord `json:"deploy,omitempty"`
}

// generatedView is what the generator made of the build (empty until it ran).
type generatedView struct {
	Generation     string        `json:"generation"`
	Previous       string        `json:"previous,omitempty"`
	Swapped        bool          `json:"swapped"`
	PagesTotal     int           `json:"pagesTotal"`
	PagesRendered  int           `json:"pagesRendered"`
	PagesUnchanged int           `json:"pagesUnchanged"`
	ImagesLater    int           `json:"imagesLater,omitempty"`
	Started        *time.Time    `json:"started,omitempty"` // left out until the generator began
	Duration       time.Duration `json:"duration"`
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

// known is t, or nil for the zero time: a time not known yet is left out of the answer, not
// "0001-01-01T00:00:00Z".
func known(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// viewOfBuild is b as the API answers it.
func viewOfBuild(b publish.Build) buildView {
	r := b.Result
	v := buildView{ID: b.ID, Reason: b.Reason, Status: b.Status, Clean: b.Clean,
		generatedView: generatedView{Generation: r.Generation, Previous: r.Previous, Swapped: r.Swapped,
			PagesTotal: r.PagesTotal, PagesRendered: r.PagesRendered, PagesUnchanged: r.PagesUnchanged,
			ImagesLater: r.ImagesLater, Started: known(r.Started), Duration: r.Duration},
		Search: searchView{Pages: r.Search.Pages, Files: r.Search.Files, Written: r.Search.Written, Merged: r.Search.Merged, Bytes: r.Search.Bytes},
		Ms:     b.Ms, Error: b.Error, QueuedAt: b.QueuedAt, StartedAt: known(b.StartedAt), Deploy: b.Deploy}
	if r.Stages != nil {
		v.Stages = make([]stageView, len(r.Stages))
		for i, st := range r.Stages {
			v.Stages[i] = stageView{Name: st.Name, Duration: st.Duration}
		}
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
