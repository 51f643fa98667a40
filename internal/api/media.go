package api

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// registerMediaRoutes registers the media library: every uploaded image with its size, alt text
// and where it is used, for everyone who may upload (editors pick images from it too).
func (s *Server) registerMediaRoutes(r *mux.Router) {
	r.HandleFunc("/api/media", s.can(domain.PermUpload, s.handleMediaList)).Methods("GET")
	r.HandleFunc("/api/media/{name}", s.can(domain.PermUpload, s.handleMediaUpdate)).Methods("PUT")
	r.HandleFunc("/api/media/{name}", s.can(domain.PermUpload, s.handleMediaDelete)).Methods("DELETE")
}

// mediaItem is an image of the library as the API answers it.
type mediaItem struct {
	Name      string           `json:"name"`
	URL       string           `json:"url"`
	Type      string           `json:"type"`
	Size      int64            `json:"size"`
	Width     int              `json:"width"`
	Height    int              `json:"height"`
	Alt       string           `json:"alt"`
	Original  string           `json:"original,omitempty"`
	CreatedBy string           `json:"createdBy"`
	CreatedAt time.Time        `json:"createdAt"`
	UsedBy    []store.MediaUse `json:"usedBy"`
	// Variants is how many responsive variants the site serves of it (0 until they are made,
	// and for images too small to need any).
	Variants int `json:"variants"`
}

func (s *Server) mediaItem(u store.Upload, uses []store.MediaUse) mediaItem {
	it := mediaItem{Name: u.Name, URL: "/uploads/" + u.Name, Type: u.Type, Size: u.Size, Width: u.Width, Height: u.Height,
		Alt: u.Alt, Original: u.Original, CreatedBy: u.CreatedBy, CreatedAt: u.CreatedAt, UsedBy: nonNil(uses)}
	if s.cfg.Media != nil {
		if set, ok := s.cfg.Media.Cached(filepath.Join(s.cfg.UploadsDir, u.Name)); ok {
			it.Variants = len(set.Variants)
		}
	}
	return it
}

// handleMediaList handles GET /api/media: the library, newest first.
func (s *Server) handleMediaList(w http.ResponseWriter, r *http.Request) {
	ups, err := s.db.MediaLibrary()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	uses, err := s.db.MediaUses()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]mediaItem, len(ups))
	for i, u := range ups {
		out[i] = s.mediaItem(u, uses[u.Name])
	}
	writeJSON(w, http.StatusOK, out)
}

// handleMediaUpdate handles PUT /api/media/{name} {alt}: the alt text pages show with the image.
// A published page that shows it is rebuilt; an editor may not change what a live page or a
// scheduled draft shows (403 naming it).
func (s *Server) handleMediaUpdate(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Alt *string `json:"alt"`
	}
	if err := decodeJSON(r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	if body.Alt == nil {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Send the image's alt text: {\"alt\": \"…\"}."))
		return
	}
	name := mux.Vars(r)["name"]
	u, err := s.author(r).SetUploadAlt(name, *body.Alt)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	uses, err := s.db.MediaUses()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditEdit, "image", "/uploads/"+name, "alt text: "+domain.OneLine(u.Alt, 200))
	answer := map[string]any{"message": "Alt text saved.", "media": s.mediaItem(u, uses[name])}
	for _, use := range uses[name] {
		if use.Stage == store.Published.String() {
			answer["build"], _ = s.rebuild(r.Context(), "image alt text changed: "+name)
			break
		}
	}
	writeJSON(w, http.StatusOK, answer)
}

// handleMediaDelete handles DELETE /api/media/{name}: an image no record shows leaves the
// library and the uploads folder; a used one is refused with 409 naming where it is used, and
// an editor may delete only their own uploads (403).
func (s *Server) handleMediaDelete(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	if !domain.ValidUploadName(name) {
		s.writeError(w, r, domain.Errorf(domain.ENotFound, "No such image."))
		return
	}
	u, err := s.author(r).DeleteUnusedUpload(name)
	var inUse *store.ErrInUse
	if errors.As(err, &inUse) {
		writeJSON(w, http.StatusConflict, map[string]any{"error": inUse.Err.Message, "usedBy": inUse.Uses})
		return
	} else if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := os.Remove(filepath.Join(s.cfg.UploadsDir, name)); err != nil && !os.IsNotExist(err) {
		s.log.Error("remove deleted upload", "name", name, "err", err)
	}
	s.log.Info("image deleted from the media library", "name", name, "by", adminFrom(r.Context()).Username)
	s.audit(r, domain.AuditDelete, "image", "/uploads/"+name, "uploaded by "+u.CreatedBy)
	writeJSON(w, http.StatusOK, map[string]string{"message": "Image deleted."})
}
