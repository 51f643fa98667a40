package api

import (
	"encoding/csv"
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/store"
)

// The enquiry inbox: statuses, notes, counts, filters, erasure (the spam folder's sweep is
// operator.SweepSpam, a service of adminapi serve).
// GET /popups and /popups.csv (messages.go) read the same filters.

func (s *Server) registerInboxRoutes(r *mux.Router) {
	enquiries := func(h http.HandlerFunc) http.HandlerFunc { return s.can(domain.PermEnquiries, h) }
	r.HandleFunc("/popups/counts", enquiries(s.handleMessageCounts)).Methods("GET")
	r.HandleFunc("/popups/notify", enquiries(s.handleNotify)).Methods("GET")
	r.HandleFunc("/popups/{id}", enquiries(s.handleMessageGet)).Methods("GET")
	r.HandleFunc("/popups/{id}", enquiries(s.handleMessageChange)).Methods("PATCH")
	r.HandleFunc("/popups/{id}", enquiries(s.handleMessageErase)).Methods("DELETE")
}

// inboxQuery reads ?status= ("" every status but spam, "all", or one status) and ?q=.
func inboxQuery(r *http.Request) (domain.MessageQuery, error) {
	q := r.URL.Query()
	mq := domain.MessageQuery{Status: q.Get("status"), Text: q.Get("q"), Channel: q.Get("channel"), Campaign: q.Get("campaign")}
	if mq.Status != "" && mq.Status != domain.InboxAll && !domain.ValidStatus(mq.Status) {
		return mq, domain.Errorf(domain.EInvalid, "status must be new, replied, archived, spam or all.")
	}
	if mq.Channel != "" && mq.Channel != domain.ChannelUnknown && !domain.ValidChannel(mq.Channel) {
		return mq, domain.Errorf(domain.EInvalid, "channel must be one of %s or %s.", strings.Join(domain.Channels, ", "), domain.ChannelUnknown)
	}
	if len(mq.Text) > 200 || len(mq.Campaign) > 200 {
		return mq, domain.Errorf(domain.EInvalid, "The search may be at most 200 characters.")
	}
	return mq, nil
}

func idParam(r *http.Request) (string, error) {
	id := mux.Vars(r)["id"]
	if !domain.ValidEnquiryID(id) {
		return "", domain.Errorf(domain.ENotFound, "Enquiry not found.")
	}
	return id, nil
}

// handleNotify handles GET /popups/notify: where new enquiries are mailed ({to, mailServer}):
// the address NOTIFY_EMAIL set ("" when none is, and no mail goes out), and whether a mail server
// sends it (false: it is written to the outbox folder, and nobody receives it). The inbox says so,
// so an owner knows whether a lead can reach them anywhere but this screen.
func (s *Server) handleNotify(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"to": s.cfg.NotifyEmail, "mailServer": !s.mail.ToOutbox()})
}

// handleMessageCounts handles GET /popups/counts: {new, replied, archived, spam, all}.
func (s *Server) handleMessageCounts(w http.ResponseWriter, r *http.Request) {
	counts, err := s.db.MessageCounts()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, counts)
}

// handleMessageGet handles GET /popups/{id}.
func (s *Server) handleMessageGet(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err == nil {
		var m domain.Message
		if m, err = s.db.Message(id); err == nil {
			writeJSON(w, http.StatusOK, m)
			return
		}
	}
	s.writeError(w, r, err)
}

// handleMessageChange handles PATCH /popups/{id} {status?, note?}.
func (s *Server) handleMessageChange(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var in struct {
		Status *string `json:"status"`
		Note   *string `json:"note"`
	}
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Status == nil && in.Note == nil {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Send a status, a note or both."))
		return
	}
	if in.Note != nil && (len([]rune(*in.Note)) > domain.MaxNoteLen || strings.ContainsRune(*in.Note, 0)) {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "A note may be at most %d characters.", domain.MaxNoteLen))
		return
	}
	before, after, err := s.db.ChangeMessage(id, store.MessageChange{Status: in.Status, Note: in.Note, By: adminFrom(r.Context()).Username})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// The audit names the enquiry by id and the change, never what the visitor wrote or the note.
	var what []string
	if before.Status != after.Status {
		what = append(what, before.Status+" → "+after.Status)
	}
	if before.Note != after.Note {
		what = append(what, "note changed")
	}
	if len(what) > 0 {
		s.audit(r, domain.AuditStatus, "enquiry", id, strings.Join(what, ", "))
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": "Enquiry updated.", "enquiry": after})
}

// handleMessageErase handles DELETE /popups/{id}: the enquiry is erased everywhere we keep it
// (the database, the outbox's copies of its notification, its webhook deliveries), for a
// data-protection request. The audit log keeps only that an enquiry with this id was erased.
func (s *Server) handleMessageErase(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := s.db.EraseMessage(id); err != nil {
		s.writeError(w, r, err)
		return
	}
	copies, err := operator.EraseEnquiryCopies(s.db, s.mail, id)
	if err == nil && s.cfg.Intake != nil {
		// Its copies in the intake bucket and its quarantine, where a late upload may wait.
		var n int
		n, err = s.cfg.Intake.Erase(r.Context(), id)
		copies += n
	}
	if err != nil {
		// The record is gone; say what is left so the admin can finish by hand.
		s.log.Error("enquiry erased, copies not", "id", id, "err", err)
		s.audit(r, domain.AuditErase, "enquiry", id, "erased; removing its copies failed")
		s.writeError(w, r, domain.Errorf(domain.EInternal, "erase copies: %v", err))
		return
	}
	s.audit(r, domain.AuditErase, "enquiry", id, "erased on request")
	writeJSON(w, http.StatusOK, map[string]any{"message": "Enquiry erased everywhere it was kept.", "copiesErased": copies})
}

// writeMessagesCSV writes enquiries as CSV rows (the header first when header is set), their
// times in the site's time zone with its offset.
func writeMessagesCSV(cw *csv.Writer, list []domain.Message, header bool, zone domain.SiteZone) {
	if header {
		_ = cw.Write(append([]string{"createdAt", "name", "email", "phone", "message", "source", "status", "note", "id",
			"phoneE164", "country", "via"}, leadColumns...))
	}
	for _, m := range list {
		_ = cw.Write(append([]string{zone.ISO(m.CreatedAt), csvCell(m.Name), csvCell(m.Email), csvCell(m.Phone),
			csvCell(m.Message), m.Source, domain.StatusOf(m.Status), csvCell(m.Note), m.ID, m.PhoneE164, m.Country, m.Via}, leadCells(m)...))
	}
}
