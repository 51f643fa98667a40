package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/intake"
)

func (s *Server) registerIntakeRoutes(r *mux.Router) {
	r.HandleFunc("/api/intake", s.can(domain.PermEnquiries, s.handleIntakeStatus)).Methods("GET")
	r.HandleFunc("/api/intake", s.can(domain.PermSite, s.handleIntakeSwitch)).Methods("PUT")
}

// handleIntakeStatus handles GET /api/intake: whether enquiries arrived through the intake
// bucket and when, and what needs doing ({"configured": false} without an intake).
func (s *Server) handleIntakeStatus(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Intake == nil {
		writeJSON(w, http.StatusOK, intake.Status{Problems: []intake.Problem{}})
		return
	}
	writeJSON(w, http.StatusOK, s.cfg.Intake.Status())
}

// handleIntakeSwitch handles PUT /api/intake {"enabled": bool}: the kill switch. Off, the site
// is rebuilt with an intake.json that tells the pages so, and the drain stops.
func (s *Server) handleIntakeSwitch(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Enabled *bool `json:"enabled"`
	}
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Enabled == nil {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Send enabled: true or false."))
		return
	}
	if s.cfg.Intake == nil {
		s.writeError(w, r, domain.Errorf(domain.EConflict, "No intake bucket is configured (INTAKE_TARGET, see docs/DEPLOY.md)."))
		return
	}
	if err := s.cfg.Intake.SetEnabled(*in.Enabled, adminFrom(r.Context()).Username); err != nil {
		s.writeError(w, r, err)
		return
	}
	what := map[bool]string{true: "switched on", false: "switched off"}[*in.Enabled]
	s.audit(r, intake.AuditIntake, "site", "intake", what)
	writeJSON(w, http.StatusOK, map[string]any{"message": "The intake is " + what + "; the site is being rebuilt.", "intake": s.cfg.Intake.Status()})
}
