package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// maxScheduleAhead bounds how far ahead a change may be scheduled.
const maxScheduleAhead = 5 * 366 * 24 * time.Hour

// author is the store as the signed-in admin writes to it: the revisions it keeps name them.
func (s *Server) author(r *http.Request) *store.DB { return s.db.As(adminFrom(r.Context()).Username) }

// editor is author for the changes of a record's content (edit, image removal, revision
// restore, deletion): a draft awaiting review stays as its editor submitted it for the admin
// who answers it, so another editor may not change it or delete it until then (checked in the
// change's transaction).
func (s *Server) editor(r *http.Request) *store.DB {
	me := adminFrom(r.Context())
	return s.author(r).Guard(func(rec domain.Record) error {
		if rv := *rec.Fields().Review; rv != nil && rv.SubmittedBy != me.Username && !me.Can(domain.PermPublish) {
			return domain.Errorf(domain.EForbidden, "%s submitted this draft for review: until an admin answers, only %s or an admin can change it.", rv.SubmittedBy, rv.SubmittedBy)
		}
		return nil
	})
}

// laterTime reads the time field name (RFC 3339) of a request. later is true for a time in the
// future; a time that has already come means now, and an absent or empty field means now too.
func (s *Server) laterTime(f *fields, name string) (at time.Time, later bool, err error) {
	v, ok := f.lookup(name)
	if !ok || v == "" {
		return time.Time{}, false, nil
	}
	at, err = time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return at, false, domain.Errorf(domain.EInvalid,
			"%s must be a date and time in RFC 3339 form, such as 2026-05-01T09:00:00+05:30.", name)
	}
	now := s.schedules.Now()
	if at.Sub(now) > maxScheduleAhead {
		return at, false, domain.Errorf(domain.EInvalid, "%s is too far ahead: at most five years.", name)
	}
	return at.UTC(), at.After(now), nil
}

// readOptionalFields reads a write request whose body may be left out altogether.
func readOptionalFields(r *http.Request) (*fields, error) {
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return &fields{vals: map[string]string{}}, nil
	}
	return readFields(r)
}

// withID adapts a handler of one numbered item (a revision, a schedule, an item in the trash)
// so that it starts with the item's {id} read. An id that is not a positive number answers
// notFound, as one that names nothing does: the client learns no more from a malformed one.
func (s *Server) withID(notFound string, h func(w http.ResponseWriter, r *http.Request, id uint64)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseUint(mux.Vars(r)["id"], 10, 64)
		if err != nil || id == 0 {
			s.writeError(w, r, domain.Errorf(domain.ENotFound, "%s", notFound))
			return
		}
		h(w, r, id)
	}
}

const msgRevisionNotFound = "Revision not found."

// revisions handles GET /api/{plural}/{slug}/revisions and GET
// /api/preview-{plural}/{slug}/revisions: newest first, without the records.
func (h kindHandlers) revisions(st store.Stage) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		list, err := h.s.db.Revisions(h.k, st, mux.Vars(r)["slug"])
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, list)
	}
}

// revision handles GET /api/{plural}/{slug}/revisions/{id} (and under /api/preview-{plural}):
// one revision with the whole record as it was.
func (h kindHandlers) revision(st store.Stage) http.HandlerFunc {
	return h.s.withID(msgRevisionNotFound, func(w http.ResponseWriter, r *http.Request, id uint64) {
		rev, err := h.s.db.Revision(h.k, st, mux.Vars(r)["slug"], id)
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, rev)
	})
}

// restoreRevision handles POST /api/{plural}/{slug}/revisions/{id}/restore (the revision becomes
// the published version and the site is rebuilt) and the same under /api/preview-{plural} (it
// becomes the draft).
func (h kindHandlers) restoreRevision(st store.Stage) http.HandlerFunc {
	return h.s.withID(msgRevisionNotFound, func(w http.ResponseWriter, r *http.Request, id uint64) {
		if err := h.s.spendDraft(r, 0); err != nil {
			h.s.writeError(w, r, err)
			return
		}
		edit, err := h.s.editor(r).RestoreRevision(h.k, st, mux.Vars(r)["slug"], id)
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		rec, dropped := edit.Record, edit.Dropped
		slug := *rec.Fields().Slug
		n := strconv.FormatUint(id, 10)
		msg, detail := "Revision "+n+" restored.", st.String()+", revision "+n
		if len(dropped) > 0 {
			// Its image was deleted from the media library since: restored without it, saying so.
			without := strings.Join(dropped, " and ")
			msg = "Revision " + n + " restored without " + without + ", which was deleted from the media library since. Choose another image if it needs one."
			detail += ", without " + without
		}
		h.s.log.Info(h.k.Name+" revision restored", "slug", slug, "revision", id, "by", adminFrom(r.Context()).Username, "without", dropped)
		h.s.audit(r, domain.AuditRestore, h.k.Name, slug, detail)
		h.changed(w, r, st, h.k.Name+" revision "+n+" restored: "+slug, h.s.withHeld(r, h.k, edit.Held,
			map[string]any{"message": msg, "droppedImages": nonNil(dropped), h.k.Name: rec}))
	})
}

func (s *Server) registerScheduleRoutes(r *mux.Router) {
	// Everyone sees what is scheduled (GET: waiting, retrying and failed schedules, the soonest
	// first); only who may publish moves or cancels it.
	r.HandleFunc("/api/schedules", s.can(domain.PermDrafts, listing(s, s.schedules.Schedules))).Methods("GET")
	r.HandleFunc("/api/schedules/{id}", s.can(domain.PermPublish, s.withID(msgScheduleNotFound, s.handleReschedule))).Methods("PUT")
	r.HandleFunc("/api/schedules/{id}", s.can(domain.PermPublish, s.withID(msgScheduleNotFound, s.handleScheduleCancel))).Methods("DELETE")
}

const msgScheduleNotFound = "That schedule no longer exists."

// handleReschedule handles PUT /api/schedules/{id} {at}: a new time (one that has come means
// now); a failed schedule is tried afresh.
func (s *Server) handleReschedule(w http.ResponseWriter, r *http.Request, id uint64) {
	f, err := readFields(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if v, _ := f.lookup("at"); v == "" {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "at is required: the new date and time (RFC 3339)."))
		return
	}
	at, later, err := s.laterTime(f, "at")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !later {
		at = s.schedules.Now()
	}
	sc, err := s.schedules.Reschedule(id, at, adminFrom(r.Context()).Username)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditSchedule, scheduleKind(sc.Kind), sc.Slug, sc.Action+" moved to "+sc.At.Format(time.RFC3339))
	writeJSON(w, http.StatusOK, map[string]any{"message": "Rescheduled for " + sc.At.Format(time.RFC3339) + ".", "schedule": sc})
}

// handleScheduleCancel handles DELETE /api/schedules/{id}.
func (s *Server) handleScheduleCancel(w http.ResponseWriter, r *http.Request, id uint64) {
	sc, err := s.schedules.Cancel(id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.Info("schedule cancelled", "id", id, "kind", sc.Kind, "slug", sc.Slug, "by", adminFrom(r.Context()).Username)
	s.audit(r, domain.AuditCancel, scheduleKind(sc.Kind), sc.Slug, "scheduled "+sc.Action+" cancelled")
	writeJSON(w, http.StatusOK, map[string]any{"message": "Schedule cancelled.", "schedule": sc})
}

func (s *Server) registerTrashRoutes(r *mux.Router) {
	// A draft deleted by an editor may be restored by one; what was live only by who may publish
	// (checked in the handler, which knows where the item was); deleting for good likewise. GET
	// lists deleted records, newest first.
	r.HandleFunc("/api/trash", s.can(domain.PermDrafts, listing(s, s.db.Trash))).Methods("GET")
	r.HandleFunc("/api/trash/{id}/restore", s.can(domain.PermDrafts, s.withID(msgTrashNotFound, s.handleTrashRestore))).Methods("POST")
	r.HandleFunc("/api/trash/{id}", s.can(domain.PermPublish, s.withID(msgTrashNotFound, s.handleTrashPurge))).Methods("DELETE")
}

const msgTrashNotFound = "That item is no longer in the trash."

// handleTrashRestore handles POST /api/trash/{id}/restore: the record goes back where it was; a
// published one is rebuilt onto the site.
func (s *Server) handleTrashRestore(w http.ResponseWriter, r *http.Request, id uint64) {
	it, err := s.db.TrashItem(id)
	if err == nil && it.Stage == store.Published.String() && !adminFrom(r.Context()).Can(domain.PermPublish) {
		err = domain.Forbidden(domain.PermPublish)
	}
	var rec domain.Record
	if err == nil {
		it, rec, err = s.author(r).RestoreTrash(id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	k := rec.Kind()
	s.log.Info(k.Name+" restored from the trash", "slug", it.Slug, "stage", it.Stage, "by", adminFrom(r.Context()).Username)
	s.audit(r, domain.AuditRestore, k.Name, it.Slug, it.Stage+", from the trash")
	h := kindHandlers{s, k}
	stage := store.Preview
	if it.Stage == store.Published.String() {
		stage = store.Published
	}
	h.changed(w, r, stage, k.Name+" restored: "+it.Slug, s.withRevived(r, k, it.Schedules, map[string]any{
		"message": k.Label + " restored.", "trash": it, k.Name: rec}))
}

// handleTrashPurge handles DELETE /api/trash/{id}: gone for good, with its revisions.
func (s *Server) handleTrashPurge(w http.ResponseWriter, r *http.Request, id uint64) {
	it, err := s.db.TrashItem(id)
	if err == nil {
		err = s.db.PurgeTrash(id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditDelete, scheduleKind(it.Kind), it.Slug, "deleted for good from the trash")
	writeJSON(w, http.StatusOK, map[string]string{"message": "Deleted for good."})
}

// scheduleKind names a kind given by its plural (schedules and the trash keep "blogs") as the
// audit log names kinds ("blog").
func scheduleKind(plural string) string {
	for _, k := range domain.Kinds {
		if k.Plural == plural {
			return k.Name
		}
	}
	return plural
}

// listing answers a GET with what list returns, as JSON.
func listing[T any](s *Server, list func() (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := list()
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}
