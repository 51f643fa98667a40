package api

import (
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/publish"
)

// registerRedirectRoutes registers the redirects of the site: made by the store when a published
// record's slug changes, or by an admin; listed for every signed-in account, changed by those
// who may change what is live.
func (s *Server) registerRedirectRoutes(r *mux.Router) {
	r.HandleFunc("/api/redirects", s.member(s.handleRedirectList)).Methods("GET")
	r.HandleFunc("/api/redirects", s.can(domain.PermPublish, s.handleRedirectAdd)).Methods("POST")
	r.HandleFunc("/api/redirects", s.can(domain.PermPublish, s.handleRedirectDelete)).Methods("DELETE")
}

// redirectAnswer is a redirect as the API lists it: with how the live site treats it.
type redirectAnswer struct {
	From      string    `json:"from"`
	To        string    `json:"to"`
	Kind      string    `json:"kind,omitempty"`
	RecordID  string    `json:"recordId,omitempty"`
	CreatedBy string    `json:"createdBy,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	Status    string    `json:"status"`
}

// handleRedirectList handles GET /api/redirects.
func (s *Server) handleRedirectList(w http.ResponseWriter, r *http.Request) {
	list, err := s.db.Redirects()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	live := publish.ReadLiveSite(s.cfg.OutDir)
	out := make([]redirectAnswer, len(list))
	for i, rd := range list {
		out[i] = redirectAnswer{From: rd.From, To: rd.To, Kind: rd.Kind, RecordID: rd.RecordID, CreatedBy: rd.CreatedBy,
			CreatedAt: rd.CreatedAt, Status: live.RedirectStatus(rd.From, rd.To)}
	}
	writeJSON(w, http.StatusOK, out)
}

// handleRedirectAdd handles POST /api/redirects {from, to}: an old address of the site that
// should lead to another one. The site is rebuilt.
func (s *Server) handleRedirectAdd(w http.ResponseWriter, r *http.Request) {
	var body struct {
		From string `json:"from"`
		To   string `json:"to"`
	}
	if err := decodeJSON(r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	// A page of the live site that is no record (the about page, a landing page) is known to
	// the generation, not to the store.
	if from, err := domain.CleanRedirectPath(body.From); err == nil && publish.ReadLiveSite(s.cfg.OutDir).Pages[from] {
		s.writeError(w, r, domain.Errorf(domain.EConflict, domain.MsgRedirectLive, from))
		return
	}
	rd, err := s.db.AddRedirect(domain.Redirect{From: body.From, To: body.To, CreatedBy: adminFrom(r.Context()).Username})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.Info("redirect added", "from", rd.From, "to", rd.To, "by", rd.CreatedBy)
	s.audit(r, domain.AuditAdd, "redirect", rd.From, "to "+rd.To)
	build, _ := s.rebuild(r.Context(), "redirect added: "+rd.From)
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Redirect saved: " + rd.From + " now leads to " + rd.To + ".",
		"redirect": rd, "build": build})
}

// handleRedirectDelete handles DELETE /api/redirects?from=/old/path/. The site is rebuilt.
func (s *Server) handleRedirectDelete(w http.ResponseWriter, r *http.Request) {
	from := r.URL.Query().Get("from")
	if err := s.db.DeleteRedirect(from); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.Info("redirect removed", "from", from, "by", adminFrom(r.Context()).Username)
	s.audit(r, domain.AuditRemove, "redirect", from, "")
	build, _ := s.rebuild(r.Context(), "redirect removed: "+from)
	writeJSON(w, http.StatusOK, map[string]any{"message": "Redirect removed: " + from + " no longer leads anywhere.", "build": build})
}
