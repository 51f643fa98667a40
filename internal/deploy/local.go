package deploy

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"

	"digitalreeviver/internal/hostrules"
)

// kind orders the uploads: every asset a page may use is on the store before any page that uses
// it, and the files that list pages (sitemap, feed) follow the pages they list.
type kind int

const (
	kindAsset kind = iota // scripts, styles, fonts, images, uploads
	kindPage              // HTML pages and redirect objects
	kindLast              // sitemap.xml, feed.xml, robots.txt
)

var kindNames = [...]string{"asset", "page", "last"}

func (k kind) String() string { return kindNames[k] }

func kindOf(rel string) kind {
	switch {
	// The search manifest names the index's chunk files (assets): like a page, it goes up once
	// they are all on the store.
	case strings.HasSuffix(rel, ".html") || rel == "search/index.bin":
		return kindPage
	case rel == "robots.txt" || rel == "feed.xml" || strings.HasPrefix(rel, "sitemap") && strings.HasSuffix(rel, ".xml"):
		return kindLast
	}
	return kindAsset
}

// object is one object of the site as it should be on the store.
type object struct {
	Rel          string // key below the target's prefix, with forward slashes
	Path         string // local file; "" for a redirect object
	Size         int64  // bytes of the file (before any compression)
	Sum          string // sha256 of the file's bytes, or of the redirect's target
	ContentType  string
	CacheControl string
	Gzip         bool              // compress when it pays (decided on the bytes at upload)
	Redirect     string            // x-amz-website-redirect-location
	Headers      map[string]string // stored as x-amz-meta-* (the security headers of pages)
	Kind         kind
}

// meta sums everything about the object but its bytes: a change of type, caching or headers
// uploads it again although its bytes are the same.
func (o *object) meta() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%t\x00%s\x00", o.ContentType, o.CacheControl, o.Gzip, o.Redirect)
	keys := make([]string, 0, len(o.Headers))
	for k := range o.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(h, "%s=%s\x00", k, o.Headers[k])
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// contentTypes are fixed rather than taken from the system's mime table, so a deploy from any
// machine stores the same types.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
	".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".json": "application/json", ".map": "application/json", ".webmanifest": "application/manifest+json",
	".xml": "application/xml; charset=utf-8", ".txt": "text/plain; charset=utf-8",
	".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".gif": "image/gif", ".webp": "image/webp", ".avif": "image/avif", ".ico": "image/x-icon",
	".bin":   "application/octet-stream", // the search index's files, read by the site's own script
	".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".pdf": "application/pdf",
}

// ContentType is the Content-Type a file of the site is stored with.
func ContentType(rel string) string {
	if rel == "feed.xml" {
		return "application/rss+xml; charset=utf-8"
	}
	if t, ok := contentTypes[strings.ToLower(path.Ext(rel))]; ok {
		return t
	}
	return "application/octet-stream"
}

// Cache-Control values.
const (
	CacheImmutable  = "public, max-age=31536000, immutable"
	CacheRevalidate = "public, max-age=0, must-revalidate"
	CacheImages     = "public, max-age=86400"
)

// CacheControl is the Cache-Control a file of the site is stored with: a year for files whose
// names change with their bytes (the bundle's hashed assets, uploads, which are stored under new
// names and never edited); a day for the site's own images, which may be edited in place; and
// for pages, the feed, the sitemap and everything else, revalidation on every request, so a
// publish is seen at once (a CDN keeps answering from its cache with 304s).
func CacheControl(rel string) string {
	switch {
	case strings.HasPrefix(rel, "assets/") || strings.HasPrefix(rel, "uploads/"):
		return CacheImmutable
	case strings.HasPrefix(rel, "images/"):
		return CacheImages
	}
	return CacheRevalidate
}

// compressible names the text types worth compressing; images and fonts are compressed already.
func compressible(rel string) bool {
	switch path.Ext(rel) {
	case ".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt", ".map", ".webmanifest":
		return true
	}
	return false
}

// maxMetadata is what S3 stores of an object's user metadata (keys and values together).
const maxMetadata = 2048

// applyHeaders gives o what the site's _headers rules send with it: Cache-Control and
// Content-Type become the object's own, every other header is stored as x-amz-meta-* metadata,
// since S3 serves no other custom headers (the CDN in front copies them into real headers, see
// docs/DEPLOY.md).
func (o *object) applyHeaders(rules hostrules.HeaderRules) error {
	size := 0
	for name, v := range rules.For(o.Rel) {
		switch name {
		case "Cache-Control":
			o.CacheControl = v
		case "Content-Type":
			o.ContentType = v
		default:
			if o.Headers == nil {
				o.Headers = map[string]string{}
			}
			o.Headers[name] = v
			size += len("x-amz-meta-") + len(name) + len(v)
		}
	}
	if size > maxMetadata-200 { // room for the sha256 the deploy stores beside them
		return fmt.Errorf("_headers: the headers of %s come to %d bytes of object metadata; S3 stores at most %d", o.Rel, size, maxMetadata)
	}
	return nil
}

// skipped says whether a file of the generation stays off the store: dot-files (the build's
// manifest) and the files that instruct the deploy rather than being served.
func skipped(rel string) bool {
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return rel == "_redirects" || rel == "_headers"
}

// scan lists the objects of the site in dir, with their sums and the headers the site's own
// _headers file gives them. Sums of unchanged files (the same inode, size and time: a generation
// hard-links the pages it did not render) come from cache.
func (d *Deployer) scan(dir string) ([]*object, []string, error) {
	var files []*object
	var warnings []string
	var rules hostrules.HeaderRules
	switch data, err := os.ReadFile(filepath.Join(dir, "_headers")); {
	case err == nil:
		var warns []string
		rules, warns = hostrules.ParseHeaders(data)
		warnings = append(warnings, warns...)
	case os.IsNotExist(err):
		warnings = append(warnings, "the site has no _headers file: its objects carry no security headers")
	default:
		return nil, nil, err
	}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if skipped(rel) || !e.Type().IsRegular() {
			return nil
		}
		o := &object{Rel: rel, Path: p, ContentType: ContentType(rel), CacheControl: CacheControl(rel), Kind: kindOf(rel)}
		o.Gzip = d.cfg.Gzip && compressible(rel)
		if err := o.applyHeaders(rules); err != nil {
			return err
		}
		files = append(files, o)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", dir, err)
	}
	if err := d.sumFiles(files); err != nil {
		return nil, nil, err
	}
	byRel := make(map[string]*object, len(files))
	for _, o := range files {
		byRel[o.Rel] = o
	}
	data, err := os.ReadFile(filepath.Join(dir, "_redirects"))
	if err == nil {
		rules, warns := hostrules.ParseRedirects(data)
		warnings = append(warnings, warns...)
		moved := redirectPages(dir)
		for _, r := range rules {
			if r.Status != 301 {
				warnings = append(warnings, fmt.Sprintf("_redirects line %d: %s: S3 answers object redirects with 301, not %d", r.Line, r.From, r.Status))
			}
			if page, ok := byRel[r.Key]; ok {
				if moved[r.From] == r.To {
					// The build's own page at the old address (a meta refresh to the new one): it
					// goes up as it is and carries the redirect, so the website endpoint answers
					// 301 and a request for the object itself still gets the page.
					page.Redirect = r.To
					continue
				}
				warnings = append(warnings, fmt.Sprintf("_redirects line %d: %s is a page of the site: the page is kept, the redirect is not made", r.Line, r.From))
				continue
			}
			sum := sha256.Sum256([]byte("redirect\x00" + r.To))
			o := &object{Rel: r.Key, Sum: hex.EncodeToString(sum[:]), ContentType: "text/html; charset=utf-8",
				CacheControl: CacheRevalidate, Redirect: r.To, Kind: kindPage}
			byRel[r.Key] = o
			files = append(files, o)
		}
	} else if !os.IsNotExist(err) {
		return nil, nil, err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Rel < files[j].Rel })
	return files, warnings, nil
}

// fileID identifies a file's bytes without reading them.
type fileID struct {
	dev, ino    uint64
	size, mtime int64
}

func idOf(st fs.FileInfo) (fileID, bool) {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{dev: uint64(sys.Dev), ino: uint64(sys.Ino), size: st.Size(), mtime: st.ModTime().UnixNano()}, true
}

// hashCache remembers file sums between deploys of one Deployer (adminapi deploys after every
// publish; most files are the same inodes as last time).
type hashCache struct {
	mu   sync.Mutex
	sums map[fileID]string
}

func (c *hashCache) get(id fileID) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.sums[id]
	return s, ok
}

func (c *hashCache) put(id fileID, sum string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sums == nil || len(c.sums) > 200_000 {
		c.sums = map[fileID]string{}
	}
	c.sums[id] = sum
}

func (d *Deployer) sumFiles(files []*object) error {
	return parallel(8, len(files), func(i int) error {
		o := files[i]
		st, err := os.Stat(o.Path)
		if err != nil {
			return err
		}
		o.Size = st.Size()
		id, ok := idOf(st)
		if ok {
			if sum, hit := d.hashes.get(id); hit {
				o.Sum = sum
				return nil
			}
		}
		f, err := os.Open(o.Path)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return fmt.Errorf("read %s: %w", o.Path, err)
		}
		o.Sum = hex.EncodeToString(h.Sum(nil))
		if ok {
			d.hashes.put(id, o.Sum)
		}
		return nil
	})
}

// body is what is stored for o: the file, compressed when that saves a tenth or more, or
// nothing for a redirect object.
func (o *object) body() ([]byte, string, error) {
	if o.Path == "" {
		return nil, "", nil
	}
	data, err := os.ReadFile(o.Path)
	if err != nil {
		return nil, "", err
	}
	if o.Gzip && len(data) >= 1024 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		if buf.Len() <= len(data)*9/10 {
			return buf.Bytes(), "gzip", nil
		}
	}
	return data, "", nil
}

// redirectPages reads the build's manifest for the redirects it wrote a page for (old address →
// new): those pages are redirects, not pages the site serves.
func redirectPages(dir string) map[string]string {
	data, _ := os.ReadFile(filepath.Join(dir, ".build.json"))
	return hostrules.RedirectPages(data)
}
