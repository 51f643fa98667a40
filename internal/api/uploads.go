package api

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/atomicfile"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/store"
)

const msgImageType = "Only JPEG, PNG, WebP or GIF images are allowed."

var extTypes = map[string]string{".jpg": "image/jpeg", ".png": "image/png", ".gif": "image/gif", ".webp": "image/webp"}

// registerUploadRoutes serves the uploads; they are made by POST /api/preview-{plural}/upload
// (see registerRecordRoutes) and with the records they were sent with.
func (s *Server) registerUploadRoutes(r *mux.Router) {
	r.HandleFunc("/uploads/{name}", s.handleServeUpload).Methods("GET", "HEAD")
}

// handleUpload handles POST /api/preview-{plural}/upload: an image for the editor.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	f, err := readFields(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if f.image == nil {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, domain.MsgImageRequired))
		return
	}
	alt := f.get("alt")
	if err := checkAlt(alt); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.spendUpload(r, len(f.image)); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, _, err := s.saveUpload(f.image, f.imageName, alt, adminFrom(r.Context()).Username)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditUpload, "image", "/uploads/"+u.Name, "")
	writeJSON(w, http.StatusCreated, map[string]any{"imageUrl": "/uploads/" + u.Name, "media": s.mediaItem(u, nil)})
}

// checkImage decides an upload's type by its bytes (media.CheckImage: the sniffed type and the
// decoder's must agree on one of the four formats, and the pixel size must be bounded), in the
// API's words.
func checkImage(data []byte) (store.Upload, error) {
	info, err := media.CheckImage(data)
	var big *media.TooBigError
	switch {
	case errors.As(err, &big):
		return store.Upload{}, domain.Errorf(domain.EInvalid, "Image is too big: at most %d×%d pixels.", media.MaxSide, media.MaxSide)
	case err != nil:
		return store.Upload{}, domain.Errorf(domain.EUnsupported, msgImageType)
	}
	return store.Upload{Type: info.Type, Size: int64(len(data)), Width: info.Width, Height: info.Height, Name: info.Ext}, nil
}

// saveImage checks and stores an uploaded image under a server-made name and records it. It
// answers the image's URL path and an undo that removes it again, for when the record it was
// sent with cannot be saved.
func (s *Server) saveImage(data []byte, by string) (string, func(), error) {
	u, undo, err := s.saveUpload(data, "", "", by)
	return "/uploads/" + u.Name, undo, err
}

// saveUpload is saveImage with the media library's fields: the name the file was sent as and
// its alt text. The responsive variants are made in the background from here on.
func (s *Server) saveUpload(data []byte, original, alt, by string) (store.Upload, func(), error) {
	u, err := checkImage(data)
	if err != nil {
		return u, nil, err
	}
	var rnd [16]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return u, nil, err
	}
	sum := sha256.Sum256(data)
	u.Name = hex.EncodeToString(rnd[:]) + "." + u.Name
	u.CreatedBy, u.Hash, u.Alt, u.Original = by, hex.EncodeToString(sum[:]), alt, originalName(original)
	u.CreatedAt = time.Now().UTC()
	if err := atomicfile.Write(s.cfg.UploadsDir, u.Name, data); err != nil {
		return u, nil, fmt.Errorf("save upload: %w", err)
	}
	if err := s.db.PutUpload(u); err != nil {
		os.Remove(filepath.Join(s.cfg.UploadsDir, u.Name))
		return u, nil, fmt.Errorf("save upload: %w", err)
	}
	if s.cfg.Media != nil {
		s.cfg.Media.Prepare(filepath.Join(s.cfg.UploadsDir, u.Name))
	}
	undo := func() {
		os.Remove(filepath.Join(s.cfg.UploadsDir, u.Name))
		if err := s.db.DeleteUpload(u.Name); err != nil {
			s.log.Error("remove upload record", "name", u.Name, "err", err)
		}
	}
	return u, undo, nil
}

// originalName keeps the base of the name an image was sent as, for the media library's list
// (it is shown, never used as a path): at most 120 characters, no control characters.
func originalName(name string) string {
	name = filepath.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, name)
	if name == "." || name == "/" {
		return ""
	}
	if r := []rune(name); len(r) > 120 {
		name = string(r[:120])
	}
	return name
}

// checkAlt checks an image's alt text as the store will keep it.
func checkAlt(alt string) error {
	if len([]rune(alt)) > store.MaxAltLen || strings.ContainsAny(alt, "<>") {
		return domain.Errorf(domain.EInvalid, "Alt text: at most %d characters, no < or >.", store.MaxAltLen)
	}
	return nil
}

// checkImageRef verifies an image field sent as text: empty, a site image, or one of our uploads
// that exists.
func (s *Server) checkImageRef(ref string) error {
	if !domain.ValidImageRef(ref) {
		return domain.Errorf(domain.EInvalid, domain.MsgImageRefInvalid)
	}
	if name := domain.UploadNameOf(ref); name != "" {
		if _, err := s.db.Upload(name); domain.ErrorCode(err) == domain.ENotFound {
			return domain.Errorf(domain.EInvalid, "Image %s does not exist; upload it again.", ref)
		} else if err != nil {
			return err
		}
	}
	return nil
}

// handleServeUpload handles GET /uploads/{name}: only names we made, with the type we decided
// at upload, nosniff and a CSP that forbids everything, so even a polyglot file cannot act as a
// page.
func (s *Server) handleServeUpload(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	if !domain.ValidUploadName(name) {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found."})
		return
	}
	f, err := os.Open(filepath.Join(s.cfg.UploadsDir, name))
	if err != nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found."})
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found."})
		return
	}
	w.Header().Set("Content-Type", extTypes[filepath.Ext(name)])
	w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	// The name is random and never reused: the file never changes.
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, name, st.ModTime(), f)
}
