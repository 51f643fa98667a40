// Package static serves a built site the way a static host or CDN would: a folder's
// index.html, a redirect that adds the trailing slash, the site's 404.html with status 404,
// never a directory listing and never a dot-file. The output path is a symlink that every build
// swaps, so it is opened anew (through os.Root, which refuses to leave it) on every request:
// a request is answered wholly from one generation, and a swap is seen at once.
package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
	"sync"

	"digitalreeviver/internal/hostrules"
)

// Handler serves the site at dir. inject, when not nil, is inserted before </body> of HTML
// pages (the dev server's live-reload script). Every answer carries the headers the
// generation's own `_headers` file gives its path, as Netlify or Cloudflare Pages would send
// them (over those the caller set), so the site is served with the policy it was built with.
func Handler(dir string, inject []byte) http.Handler {
	cache := &gzipCache{entries: map[gzipKey][]byte{}, max: 32 << 20}
	host, redirects, built := newHostRules(), &redirectRules{}, newBuildRecord()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "The site has not been built yet.\n")
			return
		}
		defer root.Close()
		rules := host.of(root)

		upath := r.URL.Path
		rules.Apply(w.Header(), upath)
		name := strings.TrimPrefix(path.Clean("/"+upath), "/")
		for _, seg := range strings.Split(name, "/") {
			if strings.HasPrefix(seg, ".") {
				notFound(w, r, root, inject)
				return
			}
		}
		if hostFiles[name] { // the host's own configuration (_headers), not a page
			notFound(w, r, root, inject)
			return
		}
		if rd, ok := redirects.rule(root, redirectKeyOf(name, upath)); ok && redirectApplies(root, rd, built.of(root)) {
			target := rd.To
			if r.URL.RawQuery != "" && !strings.Contains(target, "?") {
				target += "?" + r.URL.RawQuery // as Netlify and Cloudflare pass a query on
			}
			http.Redirect(w, r, target, rd.Status)
			return
		}
		if name == "" {
			name = "."
		}
		f, st, err := open(root, name)
		if err != nil {
			notFound(w, r, root, inject)
			return
		}
		defer func() { f.Close() }()
		if st.IsDir() {
			if !strings.HasSuffix(upath, "/") {
				target := upath + "/"
				if r.URL.RawQuery != "" {
					target += "?" + r.URL.RawQuery
				}
				http.Redirect(w, r, target, http.StatusMovedPermanently)
				return
			}
			f.Close()
			name = path.Join(name, "index.html")
			if f, st, err = open(root, name); err != nil || st.IsDir() {
				notFound(w, r, root, inject)
				return
			}
		}
		if strings.HasPrefix(name, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		rules.Apply(w.Header(), upath, "/"+name)
		if inject != nil && strings.HasSuffix(name, ".html") {
			data, err := io.ReadAll(f)
			if err != nil {
				http.Error(w, "internal error", http.StatusInternalServerError)
				return
			}
			writeHTML(w, r, http.StatusOK, injectInto(data, inject))
			return
		}
		if compressible(name) && st.Size() > 512 && acceptsGzip(r) {
			var data []byte
			var err error
			if cache.get(gzipKey{name: name, mod: st.ModTime().UnixNano(), size: st.Size()}) == nil {
				data, err = io.ReadAll(f)
			}
			if err != nil {
				http.Error(w, "internal error", http.StatusInternalServerError)
				return
			}
			key := gzipKey{name: name, mod: st.ModTime().UnixNano(), size: st.Size()}
			gz := cache.get(key)
			if gz == nil {
				gz = gzipBytes(data)
				cache.put(key, gz)
			}
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Add("Vary", "Accept-Encoding")
			http.ServeContent(w, r, path.Base(name), st.ModTime(), bytes.NewReader(gz))
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		http.ServeContent(w, r, path.Base(name), st.ModTime(), f)
	})
}

func open(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

func notFound(w http.ResponseWriter, r *http.Request, root *os.Root, inject []byte) {
	data, err := root.ReadFile("404.html")
	if err != nil || len(data) == 0 {
		data = []byte("<!doctype html><title>Page not found</title><h1>Page not found</h1><p><a href=\"/\">Home</a></p>")
	}
	if inject != nil {
		data = injectInto(data, inject)
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeHTML(w, r, http.StatusNotFound, data)
}

// gzipCache keeps compressed files, so a file is compressed once however often it is asked for.
// A file is known by its name, modification time and size: a new generation's file of the same
// name differs in time, while unchanged pages (hard links) share theirs and stay cached.
type gzipCache struct {
	mu      sync.Mutex
	entries map[gzipKey][]byte
	bytes   int
	max     int
}

type gzipKey struct {
	name      string
	mod, size int64
}

func (c *gzipCache) get(k gzipKey) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries[k]
}

func (c *gzipCache) put(k gzipKey, gz []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bytes+len(gz) > c.max {
		// Simple and bounded: start afresh rather than track recency.
		c.entries, c.bytes = map[gzipKey][]byte{}, 0
	}
	c.entries[k] = gz
	c.bytes += len(gz)
}

// compressible names the text types worth compressing; images and fonts are compressed already.
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt":
		return true
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		if enc, q, _ := strings.Cut(strings.TrimSpace(part), ";"); strings.TrimSpace(enc) == "gzip" {
			return !strings.Contains(strings.ReplaceAll(q, " ", ""), "q=0") || strings.Contains(q, "q=0.")
		}
	}
	return false
}

var gzipPool = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression); return w }}

func gzipBytes(data []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(data) / 4)
	zw := gzipPool.Get().(*gzip.Writer)
	zw.Reset(&buf)
	zw.Write(data)
	zw.Close()
	gzipPool.Put(zw)
	return buf.Bytes()
}

func writeHTML(w http.ResponseWriter, r *http.Request, status int, data []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if len(data) > 512 && acceptsGzip(r) {
		data = gzipBytes(data)
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Add("Vary", "Accept-Encoding")
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

func injectInto(page, inject []byte) []byte {
	return bytes.Replace(page, []byte("</body>"), append(append([]byte{}, inject...), "</body>"...), 1)
}

// newBuildRecord keeps the build's own redirect pages (.build.json), old address → new.
func newBuildRecord() *hostFile[map[string]string] {
	return &hostFile[map[string]string]{name: ".build.json", parse: hostrules.RedirectPages}
}

// redirectKeyOf is the file a request for upath (name, cleaned) reaches, as RedirectKey names
// the file of a rule's source.
func redirectKeyOf(name, upath string) string {
	if name != "" && strings.HasSuffix(upath, "/") {
		name += "/"
	}
	key, _ := hostrules.RedirectKey("/" + name)
	return key
}

// redirectApplies: a _redirects rule is followed unless a page of the site stands at its
// source, as on Netlify; the build's own page at an old address (a meta refresh, recorded in
// .build.json) is the redirect's fallback and does not count.
func redirectApplies(root *os.Root, rd hostrules.Redirect, ownPages map[string]string) bool {
	if ownPages[rd.From] == rd.To {
		return true
	}
	_, err := root.Stat(rd.Key)
	return err != nil
}
