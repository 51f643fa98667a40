package api

import (
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/mailkinds"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/store"
)

// The hand-over of drafts: an editor submits a draft for review, admins see the queue and
// publish (which clears the submission) or hand it back by withdrawing it.

func (s *Server) registerReviewRoutes(r *mux.Router) {
	r.HandleFunc("/api/reviews", s.can(domain.PermPublish, s.handleReviewQueue)).Methods("GET")
	for _, k := range domain.Kinds {
		h := kindHandlers{s, k}
		pre := "/api/preview-" + k.Plural
		r.HandleFunc(pre+"/{slug}/review", s.can(domain.PermDrafts, h.submit)).Methods("POST")
		r.HandleFunc(pre+"/{slug}/review", s.can(domain.PermDrafts, h.withdraw)).Methods("DELETE")
	}
}

// reviewItem is one draft in the queue.
type reviewItem struct {
	Kind   string         `json:"kind"` // the kind's name: "blog", "service"
	Slug   string         `json:"slug"`
	Title  string         `json:"title"`
	Review *domain.Review `json:"review"`
}

// handleReviewQueue handles GET /api/reviews: the drafts of every kind awaiting review,
// oldest submission first.
func (s *Server) handleReviewQueue(w http.ResponseWriter, r *http.Request) {
	var out []reviewItem
	for _, k := range domain.Kinds {
		recs, err := s.db.Records(k, store.Preview)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		for _, rec := range recs {
			if f := rec.Fields(); *f.Review != nil {
				out = append(out, reviewItem{Kind: k.Name, Slug: *f.Slug, Title: *f.Title, Review: *f.Review})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Review.SubmittedAt.Before(out[j].Review.SubmittedAt) })
	writeJSON(w, http.StatusOK, nonNil(out))
}

// readNote reads the body {note?} of a submission or a hand-back (an empty body too, unless
// needed) and checks the note.
func readNote(r *http.Request, needBody bool) (string, error) {
	var in struct{ Note string }
	if needBody || r.ContentLength != 0 {
		if err := decodeJSON(r, &in); err != nil {
			return "", err
		}
	}
	note := strings.TrimSpace(in.Note)
	if len([]rune(note)) > domain.MaxReviewNoteLen || strings.ContainsRune(note, 0) {
		return "", domain.Errorf(domain.EInvalid, "A note may be at most %d characters.", domain.MaxReviewNoteLen)
	}
	return note, nil
}

// submit handles POST /api/preview-{plural}/{slug}/review {note?}: the draft awaits an
// admin, who is told by e-mail.
func (h kindHandlers) submit(w http.ResponseWriter, r *http.Request) {
	note, err := readNote(r, true)
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	by := adminFrom(r.Context()).Username
	if err := h.s.spendDraft(r, len(note)); err != nil {
		h.s.writeError(w, r, err)
		return
	}
	rec, err := h.s.author(r).UpdateRecord(h.k, store.Preview, mux.Vars(r)["slug"], func(rec domain.Record) error {
		f := rec.Fields()
		*f.Review = &domain.Review{SubmittedBy: by, SubmittedAt: time.Now().UTC(), Note: note}
		*f.HandedBack = nil
		return nil
	})
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	f := rec.Fields()
	h.s.audit(r, domain.AuditSubmit, h.k.Name, *f.Slug, "")
	h.s.tellAdmins(by, h.k, *f.Slug)
	setETag(w, rec)
	writeJSON(w, http.StatusOK, map[string]any{"message": "Submitted for review. An admin will check and publish it.", h.k.Name: rec})
}

// withdraw handles DELETE /api/preview-{plural}/{slug}/review {note?}: the submission is taken
// back (by its editor) or handed back (by anyone else: an admin), with the note saying why,
// which the editor sees on the draft until they submit it again; the draft stays.
func (h kindHandlers) withdraw(w http.ResponseWriter, r *http.Request) {
	note, err := readNote(r, false) // older clients send no body
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	if err := h.s.spendDraft(r, len(note)); err != nil {
		h.s.writeError(w, r, err)
		return
	}
	me := adminFrom(r.Context())
	by := me.Username
	var to string // the editor a draft is handed back to ("" when they took it back themselves)
	rec, err := h.s.author(r).UpdateRecord(h.k, store.Preview, mux.Vars(r)["slug"], func(rec domain.Record) error {
		f := rec.Fields()
		if *f.Review == nil {
			return domain.Errorf(domain.EConflict, "This draft is not awaiting review.")
		}
		if sub := (*f.Review).SubmittedBy; sub != by {
			// Handing back is the reviewer's answer: an editor takes back only their own
			// submission (checked in the transaction, so it holds against a submission racing it).
			if !me.Can(domain.PermPublish) {
				return domain.Errorf(domain.EForbidden, "Only an admin can hand back a draft that %s submitted.", sub)
			}
			to = sub
			*f.HandedBack = &domain.HandBack{By: by, At: time.Now().UTC(), Note: note}
		}
		*f.Review = nil
		return nil
	})
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	msg, detail := "The draft is no longer awaiting review.", ""
	if to != "" {
		msg, detail = "Handed back to "+to+".", "handed back to "+to
		h.s.tellEditor(to, h.k, *rec.Fields().Slug)
	}
	h.s.audit(r, domain.AuditWithdraw, h.k.Name, *rec.Fields().Slug, detail)
	setETag(w, rec)
	writeJSON(w, http.StatusOK, map[string]any{"message": msg, h.k.Name: rec})
}

// tellEditor queues the mail that tells an editor their draft was handed back (composed when it
// is sent, from the draft as it then is); an account without an address, or gone, gets none.
func (s *Server) tellEditor(username string, k *domain.Kind, slug string) {
	a, err := s.db.Admin(username)
	if err != nil || a.Email == "" {
		return
	}
	if _, err := s.db.EnqueueMail(store.MailJob{Kind: mailkinds.HandBack, To: a.Email, Ref: k.Name + "/" + slug}); err != nil {
		s.log.Error("hand-back notification", "err", err)
	}
}

// tellAdmins queues a mail to every admin (but the one who submitted) that a draft of kind k
// awaits review; each mail is composed when it is sent, from the draft as it then is. A draft
// submitted again within Quotas.ReviewMailEvery of its last mail gets none: the queue shows it,
// and twenty submissions in a row make one mail, not twenty.
func (s *Server) tellAdmins(by string, k *domain.Kind, slug string) {
	accounts, err := operator.Accounts(s.db)
	if err != nil {
		s.log.Error("review notification", "err", err)
		return
	}
	since := time.Now().Add(-s.cfg.Quotas.ReviewMailEvery)
	for _, a := range accounts {
		if a.Role != domain.RoleAdmin || a.Username == by || a.Email == "" {
			continue
		}
		job := store.MailJob{Kind: mailkinds.Review, To: a.Email, Ref: k.Name + "/" + slug}
		if _, err := s.db.EnqueueMailOnce(job, since); err != nil {
			s.log.Error("review notification not stored", "to", a.Email, "err", err)
		}
	}
}
