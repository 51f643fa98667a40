// Package static serves a built site from its output path the way a CDN would: index.html for
// folders, a redirect to the trailing slash, 404.html with status 404, no directory listings.
// The path is resolved on every request, so a generation swap is seen at once and a request is
// answered wholly from one generation.
package static

import (
	"bytes"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// Handler serves the site at root. inject, when not nil, is added before </body> of HTML pages
// (the dev server's live-reload script).
func Handler(root string, inject []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		upath := path.Clean("/" + r.URL.Path)
		if strings.Contains(r.URL.Path, "\x00") {
			notFound(w, r, root, inject)
			return
		}
		full := filepath.Join(root, filepath.FromSlash(upath))
		st, err := os.Stat(full)
		if err == nil && st.IsDir() {
			if !strings.HasSuffix(r.URL.Path, "/") {
				target := upath + "/"
				if r.URL.RawQuery != "" {
					target += "?" + r.URL.RawQuery
				}
				http.Redirect(w, r, target, http.StatusMovedPermanently)
				return
			}
			full = filepath.Join(full, "index.html")
			st, err = os.Stat(full)
		}
		if err != nil || st.IsDir() || strings.HasPrefix(path.Base(upath), ".") {
			notFound(w, r, root, inject)
			return
		}
		serveFile(w, r, full, http.StatusOK, inject)
	})
}

func notFound(w http.ResponseWriter, r *http.Request, root string, inject []byte) {
	p := filepath.Join(root, "404.html")
	if _, err := os.Stat(p); err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	serveFile(w, r, p, http.StatusNotFound, inject)
}

func serveFile(w http.ResponseWriter, r *http.Request, file string, status int, inject []byte) {
	f, err := os.Open(file)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	if strings.Contains(file, string(filepath.Separator)+"assets"+string(filepath.Separator)) {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=0, must-revalidate")
	}
	isHTML := strings.HasSuffix(file, ".html")
	if isHTML && inject != nil {
		data, err := os.ReadFile(file)
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		data = bytes.Replace(data, []byte("</body>"), append(append([]byte{}, inject...), "</body>"...), 1)
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		w.Write(data)
		return
	}
	if status != http.StatusOK {
		h.Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			http.ServeContent(discardHeaders{w}, r, "", time.Time{}, f)
		}
		return
	}
	http.ServeContent(w, r, st.Name(), st.ModTime(), f)
}

// discardHeaders lets ServeContent copy a body after the status has been written.
type discardHeaders struct{ http.ResponseWriter }

func (d discardHeaders) WriteHeader(int) {}
