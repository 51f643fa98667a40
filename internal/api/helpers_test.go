package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/mailkinds"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/server"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

const (
	testUser     = "admin"
	testEmail    = "admin@example.com"
	testPassword = "correct-horse-1"
	testSiteURL  = "https://site.test"
)

var testSecret = []byte(strings.Repeat("k", 32))

var (
	hashOnce sync.Once
	testHash string
)

// fakeSite stands in for the generator: builds succeed (or fail, or take long) on command and
// are counted.
type fakeSite struct {
	mu     sync.Mutex
	builds []string
	fail   error
	delay  time.Duration
}

func (f *fakeSite) Build(ctx context.Context, opts generator.Options) (generator.Result, error) {
	f.mu.Lock()
	delay, fail := f.delay, f.fail
	f.builds = append(f.builds, opts.Reason)
	f.mu.Unlock()
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return generator.Result{}, ctx.Err()
		}
	}
	if fail != nil {
		return generator.Result{}, fail
	}
	return generator.Result{Generation: "g1", Previous: "g0", PagesTotal: 43, PagesRendered: 3, PagesUnchanged: 40, Swapped: true,
		Started: time.Now(), Duration: time.Millisecond, Stages: []generator.Stage{{Name: "load", Duration: time.Millisecond}},
		Search: generator.SearchResult{Pages: 3, Files: 2, Written: 1, Bytes: 100}}, nil
}

func (f *fakeSite) RenderPreview(_ context.Context, r domain.Record) ([]byte, error) {
	d := r.Fields()
	return []byte("<!doctype html><title>" + *d.Title + "</title>" + *d.Body), nil
}

func (f *fakeSite) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.builds)
}

type testEnv struct {
	t      *testing.T
	dir    string
	db     *store.DB
	srv    *Server
	builds *publish.Queue
	ts     *httptest.Server
	site   *fakeSite
	token  string
	outbox string

	services  *server.Services // as adminapi serve's: started before the first request
	spool     *mail.Spool
	schedules *publish.Scheduler
	clock     *clockwork.FakeClock // the scheduler's: tests advance it
	events    chan publish.Event   // the scheduler's runs, as they end
}

func (e *testEnv) onEvent(ev publish.Event) { e.events <- ev }

// nextEvent waits for the scheduler's next run to end.
func (e *testEnv) nextEvent() publish.Event {
	e.t.Helper()
	select {
	case ev := <-e.events:
		return ev
	case <-time.After(20 * time.Second):
		e.t.Fatal("no scheduled run ended within 20 s")
		return publish.Event{}
	}
}

// advance moves the scheduler's clock on by d once the scheduler is waiting on it.
func (e *testEnv) advance(d time.Duration) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := e.clock.BlockUntilContext(ctx, 1); err != nil {
		e.t.Fatalf("the scheduler is not waiting: %v", err)
	}
	e.clock.Advance(d)
}

// newEnv starts the real router over a real bbolt file in a temp dir, with one admin and the
// fixtures the scenarios use: a preview and a published blog, a preview and a published
// service, and an uploaded image. Mail goes to a real outbox.
func newEnv(t *testing.T, tweak ...func(*Config)) *testEnv {
	t.Helper()
	return newEnvSending(t, nil, tweak...)
}

// newEnvSending is newEnv with the mail sent through sender (nil: the outbox).
func newEnvSending(t *testing.T, sender mail.Sender, tweak ...func(*Config)) *testEnv {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "site.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hashOnce.Do(func() { testHash, _ = auth.NewPasswordGate().Hash(context.Background(), testPassword) })
	changed := time.Now().Add(-time.Hour).UTC()
	if err := db.CreateAdmin(domain.Admin{Username: testUser, Email: testEmail, PasswordHash: testHash, PasswordChangedAt: changed}); err != nil {
		t.Fatal(err)
	}
	e := &testEnv{t: t, dir: dir, db: db, site: &fakeSite{}, outbox: filepath.Join(dir, "outbox"),
		clock: clockwork.NewFakeClockAt(time.Now().UTC()), events: make(chan publish.Event, 64)}
	if sender == nil {
		sender = &mail.Outbox{Dir: e.outbox, From: "no-reply@example.com"}
	}
	cfg := Config{
		DB: db, Site: e.site, JWTSecret: testSecret, SiteURL: testSiteURL, UploadsDir: filepath.Join(dir, "uploads"),
		OutDir: filepath.Join(dir, "dist"), NotifyEmail: "team@example.com",
		PublishTimeout: 5 * time.Second,
	}
	for _, f := range tweak {
		f(&cfg)
	}
	// The services are made from the Site and Webhooks the tweaks leave, as adminapi serve
	// makes them, and closed after the HTTP server.
	svc := startServices(t, db, cfg.Site, sender, cfg.Webhooks, publish.SchedulerConfig{AdminURL: testSiteURL, Clock: e.clock,
		OnEvent: func(ev publish.Event) {
			// As adminapi serve wires it: the audit entry and the webhook, then the test's ear.
			publish.ScheduledChanges(db, cfg.Webhooks, testSiteURL, nil)(ev)
			e.onEvent(ev)
		}})
	e.services, e.builds, e.schedules, e.spool = svc.list, svc.builds, svc.schedules, svc.spool
	cfg.Builds, cfg.Schedules, cfg.Mail = svc.builds, svc.schedules, svc.spool
	e.srv, err = New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.ts = httptest.NewServer(e.srv.Handler())
	t.Cleanup(func() {
		e.ts.Close()
		e.closeServices()
		db.Close()
	})
	e.token, err = e.srv.tokens.Issue(testUser, changed)
	if err != nil {
		t.Fatal(err)
	}
	e.seed()
	return e
}

// closeServices stops the services as a server stop does (the mail spool sends what is queued).
func (e *testEnv) closeServices() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	e.services.Close(ctx)
}

// testServices are the background services the API hands work to.
type testServices struct {
	list      *server.Services
	builds    *publish.Queue
	schedules *publish.Scheduler
	spool     *mail.Spool
}

// startServices makes and starts, in adminapi serve's order, the build queue of site, the
// webhooks (when given), the mail spool of every kind of mail sending through sender, and the
// scheduler of sched (its DB and Builds filled in); the test's end closes them in reverse.
func startServices(tb testing.TB, db *store.DB, site publish.Site, sender mail.Sender, hooks *webhook.Hooks, sched publish.SchedulerConfig) testServices {
	tb.Helper()
	s := testServices{list: server.New(nil)}
	var err error
	if s.builds, err = publish.NewQueue(db, site, nil); err != nil {
		tb.Fatal(err)
	}
	s.list.Add("build queue", s.builds)
	if hooks != nil {
		s.list.Add("webhooks", hooks)
	}
	sched.DB, sched.Builds = db, s.builds
	if s.schedules, err = publish.NewScheduler(sched); err != nil {
		tb.Fatal(err)
	}
	s.spool = mailkinds.NewSpool(mailkinds.Config{DB: db, SiteURL: testSiteURL, Schedules: s.schedules}, sender, nil)
	s.list.Add("mail spool", s.spool)
	s.list.Add("scheduler", s.schedules)
	if err := s.list.Start(context.Background()); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.list.Close(ctx) // a second Close (closeServices) stops nothing twice
	})
	return s
}

func (e *testEnv) seed() {
	t := e.t
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := e.db.CreatePreviewBlog(domain.Blog{Title: "Draft Post", Content: "<p>Draft body</p>", Category: "SEO"})
	must(err)
	_, err = e.db.CreatePreviewBlog(domain.Blog{Title: "Live Post", Content: "<p>Live body</p>", Category: "SEO"})
	must(err)
	_, err = e.db.PublishBlog("live-post", nil)
	must(err)
	must(e.db.CreatePreview(&domain.Service{Title: "Draft Service", Description: "<p>Draft service</p>", Category: "Marketing", Image: "/images/x.svg"}))
	must(e.db.CreatePreview(&domain.Service{Title: "Live Service", Description: "<p>Live service</p>", Category: "Marketing", Image: "/images/x.svg"}))
	_, err = e.db.Publish(domain.Services, "live-service", nil)
	must(err)
	must(os.MkdirAll(filepath.Join(e.dir, "uploads"), 0o755))
	must(os.WriteFile(filepath.Join(e.dir, "uploads", fixtureUpload), pngBytes(t, 4, 4), 0o644))
	must(e.db.PutUpload(store.Upload{Name: fixtureUpload, Type: "image/png"}))
}

const fixtureUpload = "0123456789abcdef0123456789abcdef.png"

// blog reads a stored blog.
func (e *testEnv) blog(st store.Stage, slug string) (domain.Blog, error) {
	r, err := e.db.Record(domain.Blogs, st, slug)
	if err != nil {
		return domain.Blog{}, err
	}
	return *r.(*domain.Blog), nil
}

// do sends a request; body may be nil.
func (e *testEnv) do(method, path string, body io.Reader, contentType string, headers map[string]string) *http.Response {
	e.t.Helper()
	req, err := http.NewRequest(method, e.ts.URL+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	return res
}

func (e *testEnv) bearer() map[string]string {
	return map[string]string{"Authorization": "Bearer " + e.token}
}

// postJSON sends v as JSON, with the token when auth is set, and decodes the answer into a map.
func (e *testEnv) json(method, path string, v any, auth bool) (int, map[string]any) {
	e.t.Helper()
	var h map[string]string
	if auth {
		h = e.bearer()
	}
	var body io.Reader
	if v != nil {
		data, _ := json.Marshal(v)
		body = bytes.NewReader(data)
	}
	res := e.do(method, path, body, "application/json", h)
	defer res.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(data, &out)
	return res.StatusCode, out
}

// body is a request body factory: fresh per request.
type body func(t *testing.T) (io.Reader, string)

func jsonBody(v any) body {
	return func(t *testing.T) (io.Reader, string) {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return bytes.NewReader(data), "application/json"
	}
}

func rawBody(s, contentType string) body {
	return func(t *testing.T) (io.Reader, string) { return strings.NewReader(s), contentType }
}

// multipartBody builds a multipart form; image (when not nil) goes in the "image" file part
// with the given declared type.
func multipartBody(fields map[string]string, image []byte, declared string) body {
	return func(t *testing.T) (io.Reader, string) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for k, v := range fields {
			_ = w.WriteField(k, v)
		}
		if image != nil {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", `form-data; name="image"; filename="picture.png"`)
			h.Set("Content-Type", declared)
			p, _ := w.CreatePart(h)
			_, _ = p.Write(image)
		}
		_ = w.Close()
		return &buf, w.FormDataContentType()
	}
}

func pngBytes(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w && x < 10; x++ {
		img.Set(x, 0, color.RGBA{200, 10, 10, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func jpegBytes(t testing.TB) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gifBytes(t testing.TB) []byte {
	var buf bytes.Buffer
	if err := gif.Encode(&buf, image.NewPaletted(image.Rect(0, 0, 8, 8), color.Palette{color.Black, color.White}), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// webpBytes is a 1×1 lossless WebP (the standard library has no WebP encoder).
func webpBytes() []byte {
	b, _ := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	return b
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func outboxFiles(t *testing.T, dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	return files
}

func mustJSON(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

func decodeInto(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }

func hashOf(token string) []byte { return auth.HashResetToken(token) }

func itoa64(v uint64) string { return strconv.FormatUint(v, 10) }
