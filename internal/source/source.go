// Package source gives the generator the published blogs and services from somewhere other than
// the database file: the admin server's public read calls (GET /api/blogs, GET /api/services),
// which is how a CI job builds the site without the database, or a snapshot written by
// `adminapi export`. Nothing read is trusted: records are decoded and checked as `adminapi
// import` checks them (rich HTML sanitized again, the publish rules, slugs unique), a bad one
// fails the build, and the uploaded images they use are fetched or found, so the build copies
// them into the site as a build from the database does.
package source

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
)

// Records are published blogs and services read once; they satisfy the generator's Source.
type Records struct {
	blogs    []domain.Blog
	services []domain.Service
	digest   string
	// UploadsDir holds the uploads the records use: the snapshot's uploads/ folder, or the
	// folder a remote source fetched them into.
	UploadsDir string
	// Origin says where the records came from, for logs.
	Origin string
}

// Blogs returns the published blogs, in the order the source gave them (newest first).
func (r *Records) Blogs() ([]domain.Blog, error) { return r.blogs, nil }

// Services returns the published services.
func (r *Records) Services() ([]domain.Service, error) { return r.services, nil }

// RecordsDigest sums the records' bytes as read: equal sums mean equal records, so a build from
// an unchanged source stops before planning.
func (r *Records) RecordsDigest() (string, error) { return r.digest, nil }

// Options tune Open.
type Options struct {
	// UploadsDir is where a remote source stores the uploads it fetches (created if missing; a
	// file already there is not fetched again: uploads are stored under new names and never
	// edited). A snapshot's own uploads/ folder takes its place when it has one.
	UploadsDir string
	Client     *http.Client // default: 60 s timeout per request
	Logger     *slog.Logger
	Progress   io.Writer
}

// IsRemote reports whether spec names an admin server rather than a snapshot.
func IsRemote(spec string) bool {
	return strings.HasPrefix(spec, "https://") || strings.HasPrefix(spec, "http://")
}

// Open reads the records of spec: an http(s) URL of an admin server, or a snapshot (a folder
// holding blogs.json and services.json from `adminapi export`, or one such JSON file).
func Open(ctx context.Context, spec string, opts Options) (*Records, error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 60 * time.Second}
	}
	if IsRemote(spec) {
		return openRemote(ctx, spec, opts)
	}
	return openSnapshot(spec, opts)
}

// maxRecordsBody bounds one list answer (5000 posts are about 50 MB).
const maxRecordsBody = 512 << 20

func openRemote(ctx context.Context, base string, opts Options) (*Records, error) {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("source %q: expected the admin server's address, such as https://admin.example.com", base)
	}
	base = strings.TrimRight(base, "/")
	r := &Records{Origin: base, UploadsDir: opts.UploadsDir}
	h := sha256.New()
	check := importCheck(opts.Logger)
	for _, path := range []string{"/api/blogs", "/api/services"} {
		body, err := get(ctx, opts.Client, base+path, maxRecordsBody)
		if err != nil {
			return nil, fmt.Errorf("source: %w", err)
		}
		if err := r.add(base+path, body, check); err != nil {
			return nil, fmt.Errorf("source: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(body))
		h.Write(body)
	}
	r.digest = "remote:" + hex.EncodeToString(h.Sum(nil))
	if err := r.fetchUploads(ctx, base, opts); err != nil {
		return nil, err
	}
	if err := r.openUploads(); err != nil {
		return nil, err
	}
	return r, nil
}

// openUploads checks the uploads the records use in r.UploadsDir (checkUploads), when there is
// such a folder.
func (r *Records) openUploads() error {
	if r.UploadsDir == "" {
		return nil
	}
	dir, err := os.OpenRoot(r.UploadsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("source: uploads folder: %w", err)
	}
	defer dir.Close()
	return r.checkUploads(dir)
}

func get(ctx context.Context, client *http.Client, u string, limit int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return nil, fmt.Errorf("GET %s: %s: %s", u, resp.Status, strings.TrimSpace(string(msg)))
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", u, err)
	}
	if int64(len(body)) > limit {
		return nil, fmt.Errorf("GET %s: answer larger than %d MB", u, limit>>20)
	}
	return body, nil
}

// add decodes one JSON array of records and checks them as `adminapi import` does
// (domain.ImportCheck): nothing read from a source is trusted, so a record that breaks a rule of
// the publish (a slug that is not one, which would name a folder outside the site) fails the
// build, naming the record; an image the site cannot serve is dropped with a warning.
func (r *Records) add(where string, data []byte, check *domain.ImportCheck) error {
	recs, err := domain.DecodeRecords(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s: %s", where, domain.ErrorMessage(err))
	}
	if err := check.Check(where, recs); err != nil {
		return err
	}
	for _, rec := range recs {
		switch v := rec.(type) {
		case *domain.Blog:
			r.blogs = append(r.blogs, *v)
		case *domain.Service:
			r.services = append(r.services, *v)
		default:
			return fmt.Errorf("%s: %s records are not built by this generator", where, rec.Kind().Plural)
		}
	}
	return nil
}

// importCheck is the check of one source's records, its warnings logged.
func importCheck(log *slog.Logger) *domain.ImportCheck {
	return &domain.ImportCheck{Now: time.Now().UTC(), Warn: func(msg string) { log.Warn("source: " + msg) }}
}

func openSnapshot(spec string, opts Options) (*Records, error) {
	st, err := os.Stat(spec)
	if err != nil {
		return nil, fmt.Errorf("source %s: %w (expected an admin server's https:// address, or a folder written by adminapi export --dir)", spec, err)
	}
	var files []string
	r := &Records{Origin: spec, UploadsDir: opts.UploadsDir}
	if st.IsDir() {
		for _, name := range []string{"blogs.json", "services.json"} {
			if _, err := os.Stat(filepath.Join(spec, name)); err == nil {
				files = append(files, filepath.Join(spec, name))
			}
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("source %s: no blogs.json or services.json in it (write them with adminapi export --dir %s)", spec, spec)
		}
		if st, err := os.Stat(filepath.Join(spec, "uploads")); err == nil && st.IsDir() {
			r.UploadsDir = filepath.Join(spec, "uploads")
		}
	} else {
		files = []string{spec}
	}
	h := sha256.New()
	check := importCheck(opts.Logger)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("source: %w", err)
		}
		if err := r.add(f, data, check); err != nil {
			return nil, fmt.Errorf("source: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(f), len(data))
		h.Write(data)
	}
	r.digest = "snapshot:" + hex.EncodeToString(h.Sum(nil))
	if err := r.openUploads(); err != nil {
		return nil, err
	}
	return r, nil
}

var uploadRef = regexp.MustCompile(`/uploads/([a-f0-9]{16,64}\.(?:jpg|png|webp|gif))`)

// UploadsUsed names the uploaded images the records show: their image fields and the images in
// their HTML.
func UploadsUsed(blogs []domain.Blog, services []domain.Service) []string {
	names, _ := uploadsUsed(blogs, services)
	return names
}

// uploadsUsed is UploadsUsed, with the first record that uses each upload, for messages.
func uploadsUsed(blogs []domain.Blog, services []domain.Service) ([]string, map[string]string) {
	seen := map[string]string{}
	var out []string
	add := func(who string, texts ...string) {
		for _, t := range texts {
			for _, m := range uploadRef.FindAllStringSubmatch(t, -1) {
				if name := m[1]; seen[name] == "" && domain.ValidUploadName(name) {
					seen[name] = who
					out = append(out, name)
				}
			}
		}
	}
	for _, b := range blogs {
		add(fmt.Sprintf("blog %q", b.Slug), b.Image, b.Content)
	}
	for _, s := range services {
		add(fmt.Sprintf("service %q", s.Slug), s.Image, s.Description)
	}
	return out, seen
}

// checkUploads holds the uploads the records use, as found in dir, to the upload check
// (media.ReadImage: an image of one of the four types, at most 5 MB and within the pixel
// limits): a source's files are no more trusted than its records, and a build decodes them to
// make their variants. A refused one fails the build, named with a record that uses it.
func (r *Records) checkUploads(dir *os.Root) error {
	names, usedBy := uploadsUsed(r.blogs, r.services)
	for _, name := range names {
		f, err := dir.Open(name)
		if err != nil {
			continue // missing: the build warns and the page shows its fallback image
		}
		_, _, err = media.ReadImageFrom(f)
		f.Close()
		if media.IsRefused(err) {
			return fmt.Errorf("source: upload %s (used by %s) refused: %w", name, usedBy[name], err)
		}
		if err != nil {
			return fmt.Errorf("source: upload %s: %w", name, err)
		}
	}
	return nil
}

// fetchUploads fetches the uploads the records use from base/uploads/ into r.UploadsDir,
// skipping those already there. A missing one is logged, as a build from the database logs it.
func (r *Records) fetchUploads(ctx context.Context, base string, opts Options) error {
	names := UploadsUsed(r.blogs, r.services)
	if len(names) == 0 {
		return nil
	}
	if r.UploadsDir == "" {
		return errors.New("source: the records use uploaded images: give a folder to fetch them into (--uploads)")
	}
	if err := os.MkdirAll(r.UploadsDir, 0o755); err != nil {
		return fmt.Errorf("source: uploads folder: %w", err)
	}
	// The fetched files are written through a root of the folder: a name cannot lead out of it.
	dir, err := os.OpenRoot(r.UploadsDir)
	if err != nil {
		return fmt.Errorf("source: uploads folder: %w", err)
	}
	defer dir.Close()
	var todo []string
	for _, n := range names {
		if _, err := dir.Stat(n); err != nil {
			todo = append(todo, n)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	var fetched atomic.Int64
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for _, name := range todo {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			err := fetchOne(ctx, opts.Client, base+"/uploads/"+name, dir, name)
			switch {
			case err == nil:
				fetched.Add(1)
			case errors.Is(err, errNotFound):
				opts.Logger.Warn("source: an upload the records use is missing on the server", "name", name)
			default:
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return fmt.Errorf("source: uploads: %w", firstErr)
	}
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "fetched %d uploaded images from %s into %s\n", fetched.Load(), base, r.UploadsDir)
	}
	return nil
}

var errNotFound = errors.New("not found")

func fetchOne(ctx context.Context, client *http.Client, u string, dir *os.Root, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("GET %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return errNotFound
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, media.MaxBytes+1))
	if err != nil {
		return fmt.Errorf("GET %s: %w", u, err)
	}
	if len(data) > media.MaxBytes {
		return fmt.Errorf("GET %s: larger than an upload can be (%d MB)", u, media.MaxBytes>>20)
	}
	// Written aside and renamed, so a build never copies half a file.
	if err := dir.WriteFile(name+".part", data, 0o644); err != nil {
		return err
	}
	return dir.Rename(name+".part", name)
}
