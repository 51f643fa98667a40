package api

import (
	"net/http"
	"strconv"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
)

func (s *Server) registerAuditRoutes(r *mux.Router) {
	r.HandleFunc("/api/audit", s.can(domain.PermAudit, s.handleAuditList)).Methods("GET")
}

// audit records a change made by the request's signed-in account, from the request's client
// address, in the audit log: one line in any handler after its change succeeded, e.g.
//
//	s.audit(r, domain.AuditPublish, "blog", slug, "")
//
// kind names what changed ("blog", "service", "enquiry", "account", "site", …), target which
// one (a slug, a username, an enquiry's id: never an enquiry's personal data), detail a short
// note. A failure to record is logged; the change it describes has already been made.
func (s *Server) audit(r *http.Request, action, kind, target, detail string) {
	a := adminFrom(r.Context())
	s.auditAs(r, a.Username, domain.RoleOf(a.Role), action, kind, target, detail)
}

// auditAs is audit for a request with no signed-in account (a sign-in, an invitation being
// accepted): the caller names the user.
func (s *Server) auditAs(r *http.Request, user string, role domain.Role, action, kind, target, detail string) {
	s.record(domain.AuditEntry{User: user, Role: role, IP: s.clientIP(r), Action: action, Kind: kind,
		Target: target, Detail: detail})
}

// record appends e to the audit log; a failure is logged.
func (s *Server) record(e domain.AuditEntry) {
	if e.User == "" {
		e.Role = ""
	}
	if _, err := s.db.AppendAudit(e); err != nil {
		s.log.Error("audit entry not recorded", "action", e.Action, "kind", e.Kind, "target", e.Target, "err", err)
	}
}

// handleAuditList handles GET /api/audit?limit=&cursor=&user=&kind=&action=: a page of the
// audit log, newest first, with the next page named as in GET /popups.
func (s *Server) handleAuditList(w http.ResponseWriter, r *http.Request) {
	limit, cursor, err := pageParams(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	f := domain.AuditFilter{User: domain.NormalizeUsername(q.Get("user")), Kind: q.Get("kind"), Action: q.Get("action")}
	list, next, err := s.db.AuditPage(f, cursor, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	setNextPageOf(w, r, limit, next)
	writeJSON(w, http.StatusOK, nonNil(list))
}

// setNextPageOf names the next page of a filtered list in the X-Next-Cursor and Link headers:
// the request's own path and query (its filters), with the cursor and limit of the next page.
func setNextPageOf(w http.ResponseWriter, r *http.Request, limit int, next uint64) {
	if next == 0 {
		return
	}
	c := strconv.FormatUint(next, 10)
	q := r.URL.Query()
	q.Set("limit", strconv.Itoa(limit))
	q.Set("cursor", c)
	w.Header().Set("X-Next-Cursor", c)
	w.Header().Set("Link", "<"+r.URL.Path+"?"+q.Encode()+`>; rel="next"`)
}
