package hardening

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	netmail "net/mail"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"digitalreeviver/internal/logbuf"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/render"
)

// The fixed values every server of these tests runs with.
const (
	adminUser     = "admin"
	adminEmail    = "admin@example.com"
	adminPassword = "Hardening-Passw0rd-7731"
	jwtSecret     = "hardening-jwt-secret-0123456789abcdef-0123456789"
	siteURL       = "https://site.test"
	allowedOrigin = "https://www.digitalreeviver.com"
	notifyEmail   = "team@example.com"
)

var (
	repoRoot   string
	contentDir string
	siteDir    string
	binDir     string
	adminapi   string
	sitegen    string
	// adminapiRace is adminapi built with -race, when the tests run under it (else adminapi):
	// the server of the tests whose subject is concurrency inside it (opts.race).
	adminapiRace string
)

// TestMain builds the real binaries once, as an operator builds them, so every test drives what
// is deployed; under -race it also builds adminapi with -race for the tests about concurrency in
// the server (opts.race). Every server under the race detector cost about twice the CPU, most of
// this package's time in make test, for attacks, crashes and limits that are not about races.
// With -short (make test-quick, the inner loop) none runs: they start servers and wait on them
// for over a minute in all; make test runs them.
func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		fmt.Println("hardening: skipped with -short (make test runs it)")
		os.Exit(0)
	}
	var err error
	if repoRoot, err = filepath.Abs(filepath.Join("..", "..")); err != nil {
		panic(err)
	}
	contentDir = filepath.Join(repoRoot, "content")
	siteDir = filepath.Join(repoRoot, "site")
	if binDir, err = os.MkdirTemp("", "hardening-bin-"); err != nil {
		panic(err)
	}
	adminapi, sitegen = filepath.Join(binDir, "adminapi"), filepath.Join(binDir, "sitegen")
	builds := [][]string{{"-o", adminapi, "./cmd/adminapi"}, {"-o", sitegen, "./cmd/sitegen"}}
	adminapiRace = adminapi
	if raceEnabled {
		adminapiRace = filepath.Join(binDir, "adminapi-race")
		builds = append(builds, []string{"-race", "-o", adminapiRace, "./cmd/adminapi"})
	}
	for _, args := range builds {
		pkg := args[len(args)-1]
		cmd := exec.Command("go", append([]string{"build"}, args...)...)
		cmd.Dir = repoRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "go build %s: %v\n%s", pkg, err, out)
			os.RemoveAll(binDir)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(binDir)
	os.Exit(code)
}

// needBundle skips a test that builds pages when the React bundle is not built, unless
// REQUIRE_SITE_BUNDLE is set (make test builds it first), so a missing bundle fails there.
func needBundle(t *testing.T) {
	t.Helper()
	r, err := render.New(render.Options{SiteDir: siteDir})
	if err != nil {
		if os.Getenv("REQUIRE_SITE_BUNDLE") != "" {
			t.Fatalf("site bundle required: %v", err)
		}
		t.Skipf("site bundle not built (run make site): %v", err)
	}
	r.Close()
}

// opts shape one `adminapi serve`.
type opts struct {
	bundle     bool     // --site is the real site/ (builds and previews work); else builds fail
	demo       bool     // --demo: serves dist at /, imports the demo content
	trustProxy bool     // --trust-proxy: client address from X-Forwarded-For
	env        []string // more environment, overriding the defaults
	// manyEnquiries lifts the site-wide enquiry limit (--enquiries-per-minute) and the intake's
	// drain's (--intake-per-minute), for tests whose writers send hundreds of enquiries and are
	// not about those limits.
	manyEnquiries bool
	// race runs the -race build of adminapi when the tests run under it: a data race inside the
	// server then fails the test that provoked it. For tests whose subject is concurrency.
	race bool
	// smallDisk, in MiB, runs the server on a file system of that size of its own: dir (its
	// database, uploads, site and outbox) becomes a tmpfs in a user and mount namespace
	// (unshare -Urm, no privilege needed), seeded with what dir held. Only the server sees it.
	smallDisk int
}

// smallDiskScript mounts a tmpfs of $1 MiB over the folder $2, seeded with the folder's files,
// and runs the rest of its arguments there.
const smallDiskScript = `set -e
size=$1; dir=$2; shift 2
seed=$(mktemp -d)
cp -a "$dir/." "$seed/"
mount -t tmpfs -o size=${size}m tmpfs "$dir"
cp -a "$seed/." "$dir/"
rm -rf "$seed"
exec "$@"`

// onItsDisk runs a command in the mount namespace of a smallDisk server (nsenter), where its
// file system is: what the operator does in a shell on the server.
func (s *server) onItsDisk(args ...string) {
	s.t.Helper()
	cmd := exec.Command("nsenter", append([]string{"-t", fmt.Sprint(s.cmd.Process.Pid), "-U", "-m", "--preserve-credentials"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		s.t.Fatalf("%v on the server's disk: %v\n%s", args, err, out)
	}
}

// needUnshare skips a test that needs a small file system of its own when this machine does not
// allow unprivileged user and mount namespaces (REQUIRE_UNSHARE makes that a failure).
func needUnshare(t testing.TB) {
	t.Helper()
	if out, err := exec.Command("unshare", "-Urm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs \"$(mktemp -d)\"").CombinedOutput(); err != nil {
		if os.Getenv("REQUIRE_UNSHARE") != "" {
			t.Fatalf("unshare -Urm with a tmpfs: %v\n%s", err, out)
		}
		t.Skipf("no unprivileged user and mount namespaces here (unshare -Urm: %v %s)", err, out)
	}
}

// server is one running `adminapi serve` child process.
type server struct {
	t      testing.TB
	dir    string
	url    string
	cmd    *exec.Cmd
	logs   *logbuf.Buffer
	exited chan struct{}
	err    error // Wait's answer, once exited is closed
}

var listening = regexp.MustCompile(`msg=listening addr=(\S+)`)

// dbPath is the database of a server directory.
func dbPath(dir string) string { return filepath.Join(dir, "site.db") }

func serverEnv(extra []string) []string {
	env := append(os.Environ(),
		"ADMIN_JWT_SECRET="+jwtSecret, "SITE_URL="+siteURL, "ALLOWED_ORIGINS="+allowedOrigin,
		"SMTP_URL=", "MAIL_FROM=", "NOTIFY_EMAIL="+notifyEmail, "ADMIN_PASSWORD="+adminPassword, "FORM_ENDPOINT=",
		"GORACE=halt_on_error=1 exitcode=66")
	return append(env, extra...)
}

// startServer runs `adminapi serve` on dir (db, dist, uploads and outbox all live there) on a
// free loopback port, and waits until /healthz answers (and in demo mode until the site is
// built). The process is killed when the test ends, and a data race in a -race build of it
// (o.race) fails the test.
func startServer(t testing.TB, dir string, o opts) *server {
	t.Helper()
	site := filepath.Join(dir, "no-site")
	if o.bundle {
		site = siteDir
	}
	// No AVIF variants: making them starts by compiling libavif's WebAssembly, seconds of CPU in
	// every server that gets an image; these tests are about attacks and crashes, and the
	// variants are the media tests' and the browser tests' (e2e/media).
	args := []string{"serve", "--db", dbPath(dir), "--addr", "127.0.0.1:0", "--out", filepath.Join(dir, "dist"),
		"--uploads", filepath.Join(dir, "uploads"), "--site", site, "--content", contentDir, "--avif=false"}
	if o.demo {
		args = append(args, "--demo")
	}
	if o.trustProxy {
		args = append(args, "--trust-proxy")
	}
	if o.manyEnquiries {
		args = append(args, "--enquiries-per-minute", "1000000", "--intake-per-minute", "1000000")
	}
	s := &server{t: t, dir: dir, logs: &logbuf.Buffer{}, exited: make(chan struct{})}
	bin := adminapi
	if o.race {
		bin = adminapiRace
	}
	s.cmd = exec.Command(bin, args...)
	if o.smallDisk > 0 {
		s.cmd = exec.Command("unshare", append([]string{"-Urm", "sh", "-c", smallDiskScript, "sh", fmt.Sprint(o.smallDisk), dir, bin}, args...)...)
	}
	s.cmd.Env = serverEnv(o.env)
	s.cmd.Stdout, s.cmd.Stderr = s.logs, s.logs
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.err = s.cmd.Wait(); close(s.exited) }()
	t.Cleanup(func() {
		s.kill()
		s.checkRace()
	})
	ready := poll.Wait(func() bool {
		if m := listening.FindStringSubmatch(s.logs.String()); m != nil {
			s.url = "http://" + m[1]
		}
		select {
		case <-s.exited:
			t.Fatalf("adminapi serve exited: %v\n%s", s.err, s.logs.String())
		default:
		}
		return s.url != "" && s.healthy() && (!o.demo || strings.Contains(s.logs.String(), "login:"))
	}, poll.Within(60*time.Second))
	if !ready {
		t.Fatalf("adminapi serve not ready in time:\n%s", s.logs.String())
	}
	return s
}

func (s *server) healthy() bool {
	if s.url == "" {
		return false
	}
	c := &http.Client{Timeout: 2 * time.Second}
	res, err := c.Get(s.url + "/healthz")
	if err != nil {
		return false
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

func (s *server) running() bool {
	select {
	case <-s.exited:
		return false
	default:
		return true
	}
}

// stop sends SIGTERM and waits for a clean exit, answering the exit error.
func (s *server) stop() error {
	s.t.Helper()
	if !s.running() {
		return s.err
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(40 * time.Second):
		s.kill()
		s.t.Errorf("adminapi serve did not stop on SIGTERM:\n%s", s.logs.String())
	}
	return s.err
}

// kill ends the process with SIGKILL: no clean-up, no flush, as a power cut or an OOM kill.
func (s *server) kill() {
	if s.running() {
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
}

func (s *server) checkRace() {
	if logs := s.logs.String(); strings.Contains(logs, "WARNING: DATA RACE") {
		s.t.Errorf("data race in adminapi serve:\n%s", logs)
	}
}

// peakRSS is the server process's peak resident memory so far (VmHWM), in MiB.
func (s *server) peakRSS() int64 {
	s.t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		s.t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kib int64
			fmt.Sscanf(strings.TrimSpace(v), "%d", &kib)
			return kib / 1024
		}
	}
	s.t.Fatal("no VmHWM in /proc status")
	return 0
}

func (s *server) outbox() string { return filepath.Join(s.dir, "outbox") }

// run runs a binary to completion (at most two minutes) and answers its combined output.
func run(t testing.TB, env []string, bin string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = serverEnv(env)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// addAdmin creates the admin account in dir's database (before a server holds it).
func addAdmin(t testing.TB, dir string) {
	t.Helper()
	if out, err := run(t, nil, adminapi, "user", "add", "--create", "--db", dbPath(dir), "--username", adminUser, "--email", adminEmail); err != nil {
		t.Fatalf("user add: %v\n%s", err, out)
	}
}

// newServer is a fresh directory with the admin account and a server on it.
func newServer(t testing.TB, o opts) *server {
	t.Helper()
	dir := t.TempDir()
	addAdmin(t, dir)
	return startServer(t, dir, o)
}

// client talks to one server. Redirects are never followed; every answer is read whole.
type client struct {
	base  string
	hc    *http.Client
	token string
	xff   string // sent as X-Forwarded-For when set
}

func (s *server) client() *client {
	return &client{base: s.url, hc: &http.Client{Timeout: 60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// clientFrom is a client whose connections come from the loopback address ip (127.0.0.x), so
// the server, without --trust-proxy, sees a client address of that value: the way to test
// limits per address and per subnet with real peers.
func (s *server) clientFrom(ip string) *client {
	c := s.client()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	c.hc.Transport = &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64}
	return c
}

type reply struct {
	status int
	header http.Header
	body   []byte
}

func (r reply) String() string {
	b := r.body
	if len(b) > 600 {
		b = append(b[:600:600], "…"...)
	}
	return fmt.Sprintf("%d %s", r.status, b)
}

// json decodes the answer as a JSON object (nil when it is none).
func (r reply) json() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(r.body, &m)
	return m
}

func (r reply) errorMessage() string { s, _ := r.json()["error"].(string); return s }

// send sends one request. hdr is name, value pairs.
func (c *client) send(method, path string, body io.Reader, contentType string, hdr ...string) (reply, error) {
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		return reply{}, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if c.xff != "" {
		req.Header.Set("X-Forwarded-For", c.xff)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if strings.EqualFold(hdr[i], "Host") {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return reply{status: res.StatusCode, header: res.Header, body: data}, err
}

// must is send that fails the test on a transport error.
func (c *client) must(t testing.TB, method, path string, body io.Reader, contentType string, hdr ...string) reply {
	t.Helper()
	r, err := c.send(method, path, body, contentType, hdr...)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return r
}

// sendJSON sends v as a JSON body.
func (c *client) sendJSON(method, path string, v any, hdr ...string) (reply, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return reply{}, err
	}
	return c.send(method, path, bytes.NewReader(data), "application/json", hdr...)
}

func (c *client) mustJSON(t testing.TB, method, path string, v any, hdr ...string) reply {
	t.Helper()
	r, err := c.sendJSON(method, path, v, hdr...)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return r
}

// login signs in as the admin and keeps the token.
func (c *client) login(t testing.TB) *client {
	t.Helper()
	r := c.mustJSON(t, "POST", "/admin/login", map[string]string{"username": adminUser, "password": adminPassword})
	tok, _ := r.json()["token"].(string)
	if r.status != 200 || tok == "" {
		t.Fatalf("login: %s", r)
	}
	c.token = tok
	return c
}

// enquiries lists every stored enquiry through GET /popups, page by page (newest first).
func (c *client) enquiries(t testing.TB) []map[string]any {
	t.Helper()
	var all []map[string]any
	path := "/popups?limit=500"
	for pages := 0; ; pages++ {
		r := c.must(t, "GET", path, nil, "")
		var page []map[string]any
		if err := json.Unmarshal(r.body, &page); r.status != 200 || err != nil || pages > 1000 {
			t.Fatalf("GET %s: %s", path, r)
		}
		all = append(all, page...)
		next := r.header.Get("X-Next-Cursor")
		if next == "" {
			return all
		}
		path = "/popups?limit=500&cursor=" + next
	}
}

// anon is a copy of c without the token.
func (c *client) anon() *client { cc := *c; cc.token = ""; return &cc }

// filePart is the file of a multipart form.
type filePart struct {
	field, name, contentType string
	data                     []byte
}

// form builds a multipart body of text fields and optional files.
func form(fields map[string]string, files ...filePart) (io.Reader, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for _, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, f.field, f.name))
		if f.contentType != "" {
			h.Set("Content-Type", f.contentType)
		}
		p, _ := w.CreatePart(h)
		_, _ = p.Write(f.data)
	}
	_ = w.Close()
	return &buf, w.FormDataContentType()
}

func pngBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{200, 10, 10, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gifBytes(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gif.Encode(&buf, image.NewPaletted(image.Rect(0, 0, 8, 8), color.Palette{color.Black, color.White}), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// enquiry is a valid popup body whose fields carry marker, so it can be found again.
func enquiry(marker string) map[string]any {
	return map[string]any{"name": "Visitor " + marker, "email": "visitor@example.in", "phone": "+91 98110 45672",
		"message": "Enquiry " + marker, "startedAt": time.Now().Add(-time.Minute).UnixMilli()}
}

// readMail reads an .eml file: its headers and its decoded body.
func readMail(t testing.TB, path string) (netmail.Header, string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
	var body io.Reader = m.Body
	if strings.EqualFold(m.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(body)
	} else if strings.EqualFold(m.Header.Get("Content-Transfer-Encoding"), "base64") {
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	text, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m.Header, string(text)
}

func outboxFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	return files
}
