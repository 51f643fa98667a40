package api

import (
	"bytes"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
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
	// The admin's previews are the site's pages in a frame of this server: the site's files they
	// use (the bundle's hashed assets, its images) are served here also when the site is not
	// (an admin host of its own), and so are a draft's image variants that no live page uses yet.
	r.PathPrefix("/assets/media/").HandlerFunc(s.serveMediaVariant).Methods("GET", "HEAD")
	if s.cfg.ServeSite {
		r.PathPrefix("/").HandlerFunc(s.siteOrAPIError(r)).Methods("GET", "HEAD")
	} else {
		r.PathPrefix("/assets/").HandlerFunc(s.serveSite).Methods("GET", "HEAD")
		r.PathPrefix("/images/").HandlerFunc(s.serveSite).Methods("GET", "HEAD")
	}
}

// siteOrAPIError serves the site to every GET that no route took, except at an address of the
// API, which answers in JSON as every API call does (the site's 404 page is for visitors): 405
// where a route of another method is (GET /popup), 404 anywhere else (/api/no-such-call).
func (s *Server) siteOrAPIError(router *mux.Router) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !apiAddress(r.URL.Path) {
			s.serveSite(w, r)
			return
		}
		for _, method := range []string{"POST", "PUT", "PATCH", "DELETE"} {
			probe := r.Clone(r.Context())
			probe.Method = method
			var m mux.RouteMatch
			if router.Match(probe, &m) && m.MatchErr == nil {
				s.handleMethodNotAllowed(w, r)
				return
			}
		}
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found."})
	}
}

// apiAddress says whether path is an address of the API rather than of the site: /api/…, the
// enquiry calls (/popup, /popups…), invitations and the password reset. No page of the site is
// there.
func apiAddress(path string) bool {
	return strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/popup") || strings.HasPrefix(path, "/invite/") ||
		path == "/reset-password" || path == "/admin/forgot-password"
}

// serveMediaVariant serves a variant of an uploaded image: the live site's copy, or the media
// cache's when no live page uses the image yet (a draft's, shown in its preview).
func (s *Server) serveMediaVariant(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/assets/media/")
	if _, err := os.Stat(filepath.Join(s.cfg.OutDir, "assets", "media", filepath.Base(name))); err == nil || s.cfg.Media == nil {
		s.serveSite(w, r)
		return
	}
	file := s.cfg.Media.File(name)
	if file == "" {
		s.serveSite(w, r) // the site's own 404
		return
	}
	f, err := os.Open(file)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer f.Close()
	// Named by the image's content: it never changes.
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, name, time.Time{}, f)
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
