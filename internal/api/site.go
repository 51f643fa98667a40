package api

import (
	"bytes"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/gorilla/mux"
)

// registerAppRoutes serves the admin SPA under /admin/ (GET only: POST /admin/login and
// /admin/forgot-password stay API calls) and GET /reset-password/{token}, with SPA fallback to
// index.html; and in demo mode the built site at /.
func (s *Server) registerAppRoutes(r *mux.Router) {
	if s.cfg.AdminUI != nil {
		r.Handle("/admin", http.RedirectHandler("/admin/", http.StatusMovedPermanently)).Methods("GET", "HEAD")
		r.PathPrefix("/admin/").HandlerFunc(s.handleAdminApp).Methods("GET", "HEAD")
		r.HandleFunc("/reset-password/{token}", s.handleAdminIndex).Methods("GET", "HEAD")
	}
	if s.cfg.ServeSite {
		r.PathPrefix("/").HandlerFunc(s.serveSite).Methods("GET", "HEAD")
	}
}

// handleAdminApp serves a file of the admin SPA, or its index.html for the SPA's own routes.
func (s *Server) handleAdminApp(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/admin")
	name = strings.TrimPrefix(name, "/")
	if name == "" || name == "index.html" || strings.HasPrefix(name, ".") || !fs.ValidPath(name) {
		s.handleAdminIndex(w, r)
		return
	}
	data, err := fs.ReadFile(s.cfg.AdminUI, name)
	if err != nil {
		if strings.HasPrefix(name, "assets/") {
			// A missing hashed asset is a real 404, not a route: answering HTML would
			// be run as a script.
			writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found."})
			return
		}
		s.handleAdminIndex(w, r)
		return
	}
	if strings.HasPrefix(name, "assets/") {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	setHTMLHeaders(w, false)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
}

// handleAdminIndex answers the SPA's index.html.
func (s *Server) handleAdminIndex(w http.ResponseWriter, r *http.Request) {
	data, err := fs.ReadFile(s.cfg.AdminUI, "index.html")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	setHTMLHeaders(w, false)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
}

// serveSite serves the built site from OutDir like a static host (see internal/static), with
// the security headers of every HTML answer.
func (s *Server) serveSite(w http.ResponseWriter, r *http.Request) {
	setHTMLHeaders(w, false)
	s.site.ServeHTTP(w, r)
}
