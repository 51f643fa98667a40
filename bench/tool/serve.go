package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"log"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// serveStatic serves a built site the way a static host or CDN in front of it would: files from
// -dir, directory routes to index.html, 404.html for the rest, gzip for text when the client
// accepts it, long caching for the hashed /assets/. It stands in for the production host in the
// Lighthouse runs (adminapi's demo server sends everything uncompressed).
func serveStatic(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	dir := fs.String("dir", "dist", "site folder")
	addr := fs.String("addr", "127.0.0.1:8090", "address")
	fs.Parse(args)
	var cache sync.Map // path → gzipped bytes
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean("/" + r.URL.Path)
		file := filepath.Join(*dir, filepath.FromSlash(p))
		if st, err := os.Stat(file); err == nil && st.IsDir() {
			if !strings.HasSuffix(r.URL.Path, "/") {
				http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
				return
			}
			file = filepath.Join(file, "index.html")
		}
		status := http.StatusOK
		data, err := os.ReadFile(file)
		if err != nil {
			status = http.StatusNotFound
			file = filepath.Join(*dir, "404.html")
			if data, err = os.ReadFile(file); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		ctype := mime.TypeByExtension(filepath.Ext(file))
		if ctype == "" {
			ctype = http.DetectContentType(data)
		}
		w.Header().Set("Content-Type", ctype)
		if strings.HasPrefix(p, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=0, must-revalidate")
		}
		compressible := strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") ||
			strings.Contains(ctype, "json") || strings.Contains(ctype, "xml") || strings.Contains(ctype, "svg")
		if compressible && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			key := file
			gz, ok := cache.Load(key)
			if !ok || status == http.StatusOK && strings.HasSuffix(file, ".html") {
				gz = gzipBytes(data)
				cache.Store(key, gz)
			}
			data = gz.([]byte)
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Add("Vary", "Accept-Encoding")
		}
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			w.Write(data)
		}
	})
	log.Printf("serving %s at http://%s/", *dir, *addr)
	return http.ListenAndServe(*addr, h)
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}
