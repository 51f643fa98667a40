package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

func (s *Server) registerMailRoutes(r *mux.Router) {
	r.HandleFunc("/api/mail", s.admin(s.handleMailList)).Methods("GET")
	r.HandleFunc("/api/mail/{id}/retry", s.admin(s.handleMailRetry)).Methods("POST")
}

// mailView is a mail job as the admin sees it (docs/API.md).
type mailView struct {
	ID            uint64    `json:"id"`
	Kind          string    `json:"kind"`
	To            string    `json:"to"`
	Ref           string    `json:"ref,omitempty"`
	Status        string    `json:"status"` // queued, sending, retrying, sent, failed
	Attempts      int       `json:"attempts"`
	LastError     string    `json:"lastError,omitempty"`
	CreatedAt     time.Time `json:"createdAt"`
	NextAttemptAt time.Time `json:"nextAttemptAt,omitzero"`
	SentAt        time.Time `json:"sentAt,omitzero"`
	// Outbox says a sent mail went to the outbox folder, not to a mail server: no SMTP_URL is
	// set, and nobody receives it unless someone opens the folder.
	Outbox bool `json:"outbox,omitempty"`
}

func (s *Server) mailView(j store.MailJob) mailView {
	v := mailView{ID: j.ID, Kind: j.Kind, To: j.To, Ref: j.Ref, Status: j.Status, Attempts: j.Attempts,
		LastError: j.LastError, CreatedAt: j.CreatedAt, SentAt: j.SentAt, Outbox: j.Status == store.MailSent && s.mail.ToOutbox()}
	if !j.Finished() {
		v.NextAttemptAt = j.NextAt
		if s.mail.Sending(j.ID) {
			v.Status = "sending"
		}
	}
	return v
}

// handleMailList handles GET /api/mail?limit=&cursor=: the mail the server sent, is sending or
// gave up on, newest first, paged like GET /popups.
func (s *Server) handleMailList(w http.ResponseWriter, r *http.Request) {
	limit, cursor, err := pageParams(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	jobs, next, err := s.db.MailJobs(cursor, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]mailView, 0, len(jobs))
	for _, j := range jobs {
		out = append(out, s.mailView(j))
	}
	setNextPage(w, "/api/mail", limit, next)
	writeJSON(w, http.StatusOK, out)
}

// handleMailRetry handles POST /api/mail/{id}/retry: a failed or retrying mail is tried again
// now.
func (s *Server) handleMailRetry(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseUint(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		s.writeError(w, r, domain.Errorf(domain.ENotFound, "No such mail."))
		return
	}
	j, err := s.mail.Retry(id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.Info("mail retry requested", "id", id, "kind", j.Kind, "by", adminFrom(r.Context()).Username)
	s.audit(r, domain.AuditRetryDelivery, "mail", strconv.FormatUint(j.ID, 10), j.Kind+" mail")
	writeJSON(w, http.StatusOK, map[string]any{"message": "The mail will be sent again now.", "mail": s.mailView(j)})
}
