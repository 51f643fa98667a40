package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/store"
)

// msgImageRemoved answers a removed image, of any kind.
const msgImageRemoved = "Image removed successfully."

// kindHandlers serve the calls of docs/API.md for one kind of content: the published records
// under /api/{plural}, the drafts under /api/preview-{plural}. Every kind gets the same calls;
// where kinds differ (messages, rules), the kind's descriptor says how.
type kindHandlers struct {
	s *Server
	k *domain.Kind
}

// registerRecordRoutes registers the calls of every kind of content (domain.Kinds).
func (s *Server) registerRecordRoutes(r *mux.Router) {
	for _, k := range domain.Kinds {
		h := kindHandlers{s, k}
		pub, pre := "/api/"+k.Plural, "/api/preview-"+k.Plural
		r.HandleFunc(pub, h.list(store.Published)).Methods("GET")
		r.HandleFunc(pub+"/{slug}", h.get(store.Published)).Methods("GET")
		// What is live changes only by an admin's hand.
		publisher := func(h http.HandlerFunc) http.HandlerFunc { return s.can(domain.PermPublish, h) }
		r.HandleFunc(pub+"/{slug}", publisher(h.update(store.Published))).Methods("PUT")
		r.HandleFunc(pub+"/{slug}", publisher(h.delete(store.Published))).Methods("DELETE")
		r.HandleFunc(pub+"/{slug}/image", publisher(h.removeImage(store.Published))).Methods("DELETE")
		r.HandleFunc(pre+"/publish/{slug}", publisher(h.publish)).Methods("POST") // also schedules (publishAt)
		r.HandleFunc(pub+"/{slug}/unpublish", publisher(h.unpublish)).Methods("POST")
		r.HandleFunc(pub+"/{slug}/revisions/{id}/restore", publisher(h.restoreRevision(store.Published))).Methods("POST")

		// Drafts and images: editors too.
		drafts := func(h http.HandlerFunc) http.HandlerFunc { return s.can(domain.PermDrafts, h) }
		r.HandleFunc(pre, drafts(h.list(store.Preview))).Methods("GET")
		r.HandleFunc(pre, drafts(h.create)).Methods("POST")
		r.HandleFunc(pre+"/upload", s.can(domain.PermUpload, s.handleUpload)).Methods("POST")
		r.HandleFunc(pre+"/{slug}", drafts(h.get(store.Preview))).Methods("GET")
		r.HandleFunc(pre+"/{slug}", drafts(h.update(store.Preview))).Methods("PUT")
		r.HandleFunc(pre+"/{slug}", drafts(h.delete(store.Preview))).Methods("DELETE")
		r.HandleFunc(pre+"/{slug}/image", drafts(h.removeImage(store.Preview))).Methods("DELETE")
		r.HandleFunc(pre+"/{slug}/render", drafts(h.render)).Methods("GET")
		r.HandleFunc(pre+"/{slug}/render", drafts(h.renderEdit(store.Preview))).Methods("POST")
		r.HandleFunc(pre+"/{slug}/revisions/{id}/restore", drafts(h.restoreRevision(store.Preview))).Methods("POST")

		// Reading: previews of unsaved edits and the history, of drafts and of what is live.
		r.HandleFunc(pub+"/{slug}/render", drafts(h.renderEdit(store.Published))).Methods("POST")
		for _, st := range []store.Stage{store.Published, store.Preview} {
			root := pub
			if st == store.Preview {
				root = pre
			}
			r.HandleFunc(root+"/{slug}/revisions", drafts(h.revisions(st))).Methods("GET")
			r.HandleFunc(root+"/{slug}/revisions/{id}", drafts(h.revision(st))).Methods("GET")
		}
	}
}

// list handles GET /api/{plural} (public) and GET /api/preview-{plural}.
func (h kindHandlers) list(st store.Stage) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		recs, err := h.s.db.Records(h.k, st)
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, nonNil(recs))
	}
}

// get handles GET /api/{plural}/{slug} (public) and GET /api/preview-{plural}/{slug}.
func (h kindHandlers) get(st store.Stage) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		rec, err := h.s.db.Record(h.k, st, mux.Vars(r)["slug"])
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		setETag(w, rec)
		writeJSON(w, http.StatusOK, rec)
	}
}

// create handles POST /api/preview-{plural}: a new draft.
func (h kindHandlers) create(w http.ResponseWriter, r *http.Request) {
	f, undo, err := h.s.readEdit(r)
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	rec := h.k.New()
	err = editOf(f)(rec)
	if err == nil && h.k.ImageOnAdd && *rec.Fields().Image == "" {
		err = domain.Errorf(domain.EInvalid, domain.MsgImageRequired)
	}
	if err == nil {
		err = h.s.author(r).CreatePreview(rec)
	}
	if err != nil {
		undo()
		h.s.writeError(w, r, err)
		return
	}
	setETag(w, rec)
	h.s.audit(r, domain.AuditSave, h.k.Name, *rec.Fields().Slug, "draft")
	writeJSON(w, http.StatusCreated, map[string]any{"message": h.k.Messages.Saved, h.k.Name: rec})
}

// update handles PUT /api/{plural}/{slug} (the site is rebuilt) and PUT
// /api/preview-{plural}/{slug}. Only the fields sent change; an image sent as "" removes the
// image, a new slug renames. With If-Match, only the version named is changed (else 409).
func (h kindHandlers) update(st store.Stage) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f, undo, err := h.s.readEdit(r)
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		slug := mux.Vars(r)["slug"]
		edit, err := h.s.editor(r).EditRecord(h.k, st, slug, guarded(r, editOf(f)))
		if err != nil {
			undo()
			h.s.writeError(w, r, err)
			return
		}
		rec := edit.Record
		setETag(w, rec)
		detail := st.String()
		if newSlug := *rec.Fields().Slug; newSlug != slug {
			detail += ", renamed from " + slug
		}
		h.s.audit(r, domain.AuditEdit, h.k.Name, *rec.Fields().Slug, detail)
		h.changed(w, r, st, h.k.Name+" edited: "+*rec.Fields().Slug,
			h.s.withHeld(r, h.k, edit.Held, map[string]any{"message": h.k.Messages.Updated, h.k.Name: rec}))
	}
}

// delete handles DELETE /api/{plural}/{slug} (the page goes, the site is rebuilt) and DELETE
// /api/preview-{plural}/{slug}. The record moves into the trash, restorable for 30 days; the
// answer names it there ("trash"), so the admin can undo.
func (h kindHandlers) delete(st store.Stage) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		slug := mux.Vars(r)["slug"]
		it, err := h.s.editor(r).DeleteRecord(h.k, st, slug)
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		h.s.audit(r, domain.AuditDelete, h.k.Name, slug, st.String()+", moved to the trash")
		h.changed(w, r, st, h.k.Name+" deleted: "+slug,
			h.s.withHeld(r, h.k, it.Schedules, map[string]any{"message": h.k.Messages.Deleted, "trash": it}))
	}
}

// removeImage handles DELETE /api/{plural}/{slug}/image (and rebuilds) and DELETE
// /api/preview-{plural}/{slug}/image: the page shows its fallback image instead.
func (h kindHandlers) removeImage(st store.Stage) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h.s.spendDraft(r, 0); err != nil {
			h.s.writeError(w, r, err)
			return
		}
		edit, err := h.s.editor(r).EditRecord(h.k, st, mux.Vars(r)["slug"], guarded(r, func(rec domain.Record) error {
			*rec.Fields().Image = ""
			return nil
		}))
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		rec := edit.Record
		setETag(w, rec)
		h.s.audit(r, domain.AuditEdit, h.k.Name, *rec.Fields().Slug, st.String()+", image removed")
		h.changed(w, r, st, h.k.Name+" image removed: "+*rec.Fields().Slug,
			h.s.withHeld(r, h.k, edit.Held, map[string]any{"message": msgImageRemoved, h.k.Name: rec}))
	}
}

// changed answers a successful change. A change to a published record changes the site: it is
// rebuilt first (up to PublishTimeout) and the answer carries the build.
func (h kindHandlers) changed(w http.ResponseWriter, r *http.Request, st store.Stage, reason string, answer map[string]any) {
	if st == store.Published {
		answer["build"], _ = h.s.rebuild(r.Context(), reason)
	}
	writeJSON(w, http.StatusOK, answer)
}

// publish handles POST /api/preview-{plural}/publish/{slug}: the draft moves into the published
// records in one transaction (fields sent override it), then the site is rebuilt and the answer
// says whether the page is live. With If-Match, only the draft's version named is published. With
// a publishAt in the future the fields are saved to the draft, which is checked against the
// publish rules and scheduled: 202 with the time.
func (h kindHandlers) publish(w http.ResponseWriter, r *http.Request) {
	f, undo, err := h.s.readEdit(r)
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	at, later, err := h.s.laterTime(f, "publishAt")
	if err != nil {
		undo()
		h.s.writeError(w, r, err)
		return
	}
	if later {
		sc, rec, err := h.s.schedules.Publish(h.k, mux.Vars(r)["slug"], at, adminFrom(r.Context()).Username, guarded(r, editOf(f)))
		if err != nil {
			undo()
			h.s.writeError(w, r, err)
			return
		}
		h.s.audit(r, domain.AuditSchedule, h.k.Name, sc.Slug, "publish at "+sc.At.Format(time.RFC3339))
		writeJSON(w, http.StatusAccepted, map[string]any{
			"message":   h.k.Label + " scheduled. It will be published at " + sc.At.Format(time.RFC3339) + ".",
			"publishAt": sc.At, "schedule": sc, "url": h.k.PageURL(h.s.cfg.SiteURL, sc.Slug), "live": false, h.k.Name: rec})
		return
	}
	rec, err := h.s.author(r).Publish(h.k, mux.Vars(r)["slug"], guarded(r, editOf(f)))
	if err != nil {
		undo()
		h.s.writeError(w, r, err)
		return
	}
	setETag(w, rec) // the published record's version
	slug := *rec.Fields().Slug
	h.s.log.Info(h.k.Name+" published", "slug", slug, "by", adminFrom(r.Context()).Username)
	h.s.audit(r, domain.AuditPublish, h.k.Name, slug, "")
	build, done := h.s.rebuild(r.Context(), h.k.Name+" published: "+slug)
	url := h.k.PageURL(h.s.cfg.SiteURL, slug)
	h.s.hooks.Published(h.k.Name, slug, *rec.Fields().Title, url, adminFrom(r.Context()).Username)
	h.s.publishAnswer(w, h.k.Label, url, build, done)
}

// unpublish handles POST /api/{plural}/{slug}/unpublish: the live record goes back among the
// drafts and the site is rebuilt without its page. With an unpublishAt in the future it is
// scheduled instead: 202 with the time.
func (h kindHandlers) unpublish(w http.ResponseWriter, r *http.Request) {
	f, err := readOptionalFields(r)
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	slug := mux.Vars(r)["slug"]
	at, later, err := h.s.laterTime(f, "unpublishAt")
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	if later {
		sc, err := h.s.schedules.Unpublish(h.k, slug, at, adminFrom(r.Context()).Username)
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		h.s.audit(r, domain.AuditSchedule, h.k.Name, slug, "unpublish at "+sc.At.Format(time.RFC3339))
		writeJSON(w, http.StatusAccepted, map[string]any{
			"message":     h.k.Label + " scheduled. It will be unpublished at " + sc.At.Format(time.RFC3339) + ".",
			"unpublishAt": sc.At, "schedule": sc})
		return
	}
	rec, err := h.s.author(r).Unpublish(h.k, slug)
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	h.s.log.Info(h.k.Name+" unpublished", "slug", slug, "by", adminFrom(r.Context()).Username)
	h.s.audit(r, domain.AuditUnpublish, h.k.Name, slug, "")
	h.changed(w, r, store.Published, h.k.Name+" unpublished: "+slug, map[string]any{
		"message": h.k.Label + " unpublished. It is back among the drafts.", h.k.Name: rec})
}

// render handles GET /api/preview-{plural}/{slug}/render: the page the public site would serve
// for the draft.
func (h kindHandlers) render(w http.ResponseWriter, r *http.Request) {
	rec, err := h.s.db.Record(h.k, store.Preview, mux.Vars(r)["slug"])
	if err != nil {
		h.s.writeError(w, r, err)
		return
	}
	h.writePage(w, r, rec)
}

// renderEdit handles POST /api/{plural}/{slug}/render and POST /api/preview-{plural}/{slug}/render:
// the page as it would be with the fields sent applied to the stored record, rendered by the
// site's renderer and saved nowhere. A new picture is uploaded first and sent by its URL.
func (h kindHandlers) renderEdit(st store.Stage) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f, err := readFields(r)
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		if f.image != nil {
			h.s.writeError(w, r, domain.Errorf(domain.EInvalid, "Upload the new picture first (POST /api/preview-%s/upload) and send its URL as image.", h.k.Plural))
			return
		}
		if ref, ok := f.lookup("image"); ok {
			if err := h.s.checkImageRef(ref); err != nil {
				h.s.writeError(w, r, err)
				return
			}
		}
		rec, err := h.s.db.Record(h.k, st, mux.Vars(r)["slug"])
		if err == nil {
			err = editOf(f)(rec)
		}
		if err == nil {
			domain.Normalize(rec)
			err = domain.Validate(rec)
		}
		if err == nil && st == store.Published {
			err = domain.PreparePublish(rec, time.Now().UTC())
		}
		if err != nil {
			h.s.writeError(w, r, err)
			return
		}
		h.writePage(w, r, rec)
	}
}

// writePage answers the page the public site would serve for rec.
func (h kindHandlers) writePage(w http.ResponseWriter, r *http.Request, rec domain.Record) {
	if h.s.cfg.Site == nil {
		h.s.writeError(w, r, domain.Errorf(domain.EUnavailable, "Preview is not available: the site renderer is not running."))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	page, err := h.s.cfg.Site.RenderPreview(ctx, rec)
	if err != nil {
		h.s.log.Error("render preview", "path", r.URL.Path, "err", err)
		h.s.writeError(w, r, domain.Errorf(domain.EUnavailable, "The preview could not be rendered. Please try again."))
		return
	}
	setHTMLHeaders(w, true)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(page)
}

// readEdit reads a write request's fields, taken from an editor's quotas (Quotas); an image file
// among them is checked and stored first, and an image sent as text must name an existing
// upload or site image. undo removes a
// stored image again when the record cannot be saved, so a failed request leaves nothing behind.
func (s *Server) readEdit(r *http.Request) (*fields, func(), error) {
	noop := func() {}
	f, err := readFields(r)
	if err != nil {
		return nil, noop, err
	}
	if err := s.spendDraft(r, f.textBytes()); err != nil {
		return nil, noop, err
	}
	if f.image != nil {
		if err := s.spendUpload(r, len(f.image)); err != nil {
			return nil, noop, err
		}
		ref, undo, err := s.saveImage(f.image, adminFrom(r.Context()).Username)
		if err != nil {
			return nil, noop, err
		}
		s.audit(r, domain.AuditUpload, "image", ref, "sent with "+r.URL.Path)
		f.vals["image"] = ref
		return f, undo, nil
	}
	if ref, ok := f.lookup("image"); ok {
		if err := s.checkImageRef(ref); err != nil {
			return nil, noop, err
		}
	}
	return f, noop, nil
}

// publishAnswer writes the answer of a publish (docs/API.md): 200 live with the URL, 500 with
// the build's error (the content stays published), or 202 when the build outlasted the wait.
func (s *Server) publishAnswer(w http.ResponseWriter, label, url string, b buildView, done bool) {
	switch {
	case done && b.Status == publish.StatusOK:
		writeJSON(w, http.StatusOK, map[string]any{"message": label + " published! It is live at " + url,
			"url": url, "live": true, "build": b})
	case done:
		writeJSON(w, http.StatusInternalServerError, map[string]any{
			"error": label + " saved and published, but the site build failed, so the page is not live yet: " + b.Error,
			"url":   url, "live": false, "build": b})
	default:
		writeJSON(w, http.StatusAccepted, map[string]any{
			"message": label + " published. The site is still building; the page will be live at " + url + " shortly.",
			"url":     url, "live": false, "build": b})
	}
}

// nonNil makes an empty list answer [] rather than null.
func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}
