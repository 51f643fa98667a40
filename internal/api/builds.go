package api

import (
	"context"
	"net/http"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/publish"
)

func (s *Server) registerBuildRoutes(r *mux.Router) {
	r.HandleFunc("/api/builds", s.member(s.handleBuildList)).Methods("GET")
	r.HandleFunc("/api/builds", s.can(domain.PermSite, s.handleBuildStart)).Methods("POST")
}

// handleBuildList handles GET /api/builds.
func (s *Server) handleBuildList(w http.ResponseWriter, r *http.Request) {
	list, err := s.builds.Builds()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(list))
}

// handleBuildStart handles POST /api/builds: a full rebuild, answered at once.
func (s *Server) handleBuildStart(w http.ResponseWriter, r *http.Request) {
	j := s.builds.Request(true, "full rebuild by "+adminFrom(r.Context()).Username)
	s.audit(r, domain.AuditRebuild, "site", "", "full rebuild")
	writeJSON(w, http.StatusAccepted, map[string]any{"build": j.Record()})
}

// rebuild queues a build for a change and waits for it (up to PublishTimeout).
func (s *Server) rebuild(ctx context.Context, reason string) (publish.Build, bool) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.PublishTimeout)
	defer cancel()
	return s.builds.Request(false, reason).Wait(ctx)
}
