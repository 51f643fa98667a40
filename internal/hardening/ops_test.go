package hardening

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/store"
)

// snapshot copies the ledger's acknowledged state at one moment.
func (l *ledger) snapshot() *ledger {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := newLedger()
	for k, v := range l.enquiries {
		c.enquiries[k] = v
	}
	for k, v := range l.blogs {
		c.blogs[k] = v
	}
	for k, v := range l.uploads {
		c.uploads[k] = v
	}
	return c
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// A hot backup taken while enquiries, preview writes and uploads pour in passes bbolt's
// consistency check and holds every write acknowledged before it began; restored on a fresh
// machine (the backup and the uploads folder), it serves the same site byte for byte, and the
// admin's sessions and password work there.
func TestHotBackupRestoresTheSameSite(t *testing.T) {
	needBundle(t)
	dir := t.TempDir()
	addAdmin(t, dir)
	if out, err := run(t, nil, adminapi, "import", "--db", dbPath(dir), filepath.Join(contentDir, "demo", "blogs.json"),
		filepath.Join(contentDir, "demo", "services.json")); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	// No ADMIN_JWT_SECRET: the secret lives in the database and travels with the backup.
	noSecret := []string{"ADMIN_JWT_SECRET="}
	s := startServer(t, dir, opts{bundle: true, trustProxy: true, env: noSecret, manyEnquiries: true})
	admin := s.client()
	admin.xff = "10.250.0.1"
	admin.login(t)
	poll.Until(t, "the start-up build", func() bool {
		_, err := os.Stat(filepath.Join(dir, "dist", "index.html"))
		return err == nil
	}, poll.Within(time.Minute))
	live := treeHashes(t, mustEval(t, filepath.Join(dir, "dist")))
	// The build's redirect pages (every post's /preview/blog/ address) are answered with a 301
	// to where they lead, as their _redirects rules say.
	var manifest struct {
		Redirects map[string]string `json:"redirects"`
	}
	if data, err := os.ReadFile(filepath.Join(mustEval(t, filepath.Join(dir, "dist")), ".build.json")); err != nil || json.Unmarshal(data, &manifest) != nil {
		t.Fatalf("the build's manifest: %v", err)
	}

	l := newLedger()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	png := pngBytes(t, 16, 16)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) { defer wg.Done(); writer(s, admin.token, 9, w, l, stop, png) }(w)
	}
	// Writes acknowledged before the backup begins, and more while it runs: waited for, not slept.
	enquiries := func() int { l.mu.Lock(); defer l.mu.Unlock(); return len(l.enquiries) }
	poll.Until(t, "enquiries acknowledged before the backup", func() bool { return enquiries() >= 5 }, poll.Within(time.Minute))
	before := l.snapshot()
	backup := filepath.Join(t.TempDir(), "backup.db")
	if out, err := run(t, nil, adminapi, "backup", "--db", dbPath(dir), "--to", backup); err != nil {
		t.Fatalf("hot backup: %v\n%s", err, out)
	}
	poll.Until(t, "enquiries acknowledged after the backup", func() bool { return enquiries() >= len(before.enquiries)+3 }, poll.Within(time.Minute))
	close(stop)
	wg.Wait()
	if err := s.stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	if len(before.enquiries) < 5 || len(l.enquiries) <= len(before.enquiries) {
		t.Fatalf("writes before (%d) and during (%d) the backup: the test proves little", len(before.enquiries), len(l.enquiries))
	}
	t.Logf("%d enquiries acknowledged before the backup, %d in all", len(before.enquiries), len(l.enquiries))

	// The copy is whole and holds everything acknowledged before it began.
	restored := t.TempDir()
	copyFile(t, backup, dbPath(restored))
	entries, _ := os.ReadDir(filepath.Join(dir, "uploads"))
	for _, e := range entries {
		copyFile(t, filepath.Join(dir, "uploads", e.Name()), filepath.Join(restored, "uploads", e.Name()))
	}
	// A blog acknowledged before the backup but deleted while it ran may be in it or not.
	for slug, present := range before.blogs {
		if now, ok := l.blogs[slug]; !ok || now != present {
			delete(before.blogs, slug)
		}
	}
	verifyLedger(t, restored, before)
	orig, err := store.Open(dbPath(dir), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ob, _ := orig.Blogs()
	os_, _ := orig.Services()
	orig.Close()
	cp, err := store.Open(dbPath(restored), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	cb, _ := cp.Blogs()
	cs, _ := cp.Services()
	cp.Close()
	if !reflect.DeepEqual(ob, cb) || !reflect.DeepEqual(os_, cs) || len(cb) == 0 {
		t.Fatalf("published content differs: %d/%d blogs, %d/%d services", len(ob), len(cb), len(os_), len(cs))
	}

	// Restored, it serves the same site.
	r := startServer(t, restored, opts{bundle: true, demo: true, env: noSecret})
	rc := r.client()
	rc.token = admin.token
	if res := rc.must(t, "GET", "/api/me", nil, ""); res.status != 200 {
		t.Errorf("a session of the original server is refused by the restored one: %s", res)
	}
	if n := len(rc.enquiries(t)); n < len(before.enquiries) {
		t.Errorf("the restored server lists fewer enquiries than were acknowledged before the backup")
	}
	rc.anon().login(t)
	compared := 0
	for f, want := range live {
		urlPath := "/" + strings.TrimSuffix(f, "index.html")
		if strings.HasPrefix(filepath.Base(f), ".") || f == "_headers" || f == "_redirects" {
			continue // not served: the host's own instructions
		}
		res := rc.anon().must(t, "GET", urlPath, nil, "", "Accept-Encoding", "identity")
		if to := manifest.Redirects[urlPath]; to != "" {
			if res.status != http.StatusMovedPermanently || res.header.Get("Location") != to {
				t.Errorf("restored site: %s answers %d to %q, want 301 to %s", urlPath, res.status, res.header.Get("Location"), to)
			}
			continue
		}
		sum := sha256Hex(res.body)
		if res.status != 200 || sum != want {
			t.Errorf("restored site: %s answers %d with different bytes", urlPath, res.status)
			continue
		}
		compared++
	}
	if compared < 50 {
		t.Fatalf("only %d files compared", compared)
	}
}

func mustEval(t *testing.T, p string) string {
	t.Helper()
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return real
}

// requestLine is the one structured line adminapi writes per request.
var requestLine = regexp.MustCompile(`^time=\S+ level=(?:DEBUG|INFO|ERROR) msg=request method=(\S+) path=(\S+) status=(\d+) ms=\d+ bytes=\d+ ip=\S+$`)

// adminapi serve writes one structured line per request and nothing a log reader could abuse:
// no password, token, reset link or enquiry field, whatever path, body or header carried it.
// GET /healthz answers.
func TestLogsOneSafeLinePerRequest(t *testing.T) {
	t.Parallel()
	// Debug: successful reads are logged at that level only.
	s := newServer(t, opts{env: []string{"LOG_LEVEL=debug"}})
	c := s.client()
	const (
		wrongPassword = "Wr0ng-Passw0rd-Marker-5521"
		resetMarker   = "ResetTokenMarker0123456789abcdefghijklmnop"
	)
	secrets := []string{adminPassword, wrongPassword, resetMarker, "Namemarker Qx", "emailmarker@example.in", "99999 12345",
		"Bodymarker secret text", "forgotmarker@example.com", jwtSecret}
	// GET /healthz lines are not counted: startServer's probes send it too.
	sent := 0
	do := func(method, path string, body any, hdr ...string) reply {
		t.Helper()
		sent++
		if body == nil {
			return c.must(t, method, path, nil, "", hdr...)
		}
		return c.mustJSON(t, method, path, body, hdr...)
	}
	if r := c.must(t, "GET", "/healthz", nil, ""); r.status != 200 || r.json()["status"] != "ok" {
		t.Fatalf("healthz: %s", r)
	}
	if r := do("HEAD", "/healthz", nil); r.status != 200 {
		t.Fatalf("HEAD healthz: %s", r)
	}
	do("POST", "/admin/login", map[string]string{"username": adminUser, "password": wrongPassword})
	r := do("POST", "/admin/login", map[string]string{"username": adminUser, "password": adminPassword})
	token, _ := r.json()["token"].(string)
	if token == "" {
		t.Fatalf("login: %s", r)
	}
	secrets = append(secrets, token, strings.Split(token, ".")[2])
	do("GET", "/api/me", nil, "Authorization", "Bearer "+token)
	do("GET", "/api/blogs?token="+token+"&password="+adminPassword, nil)
	do("POST", "/popup", map[string]any{"name": "Namemarker Qx", "email": "emailmarker@example.in", "phone": "+91 99999 12345",
		"message": "Bodymarker secret text", "startedAt": time.Now().Add(-time.Minute).UnixMilli()})
	do("POST", "/popup", map[string]any{"name": "Namemarker Qx", "email": "not-an-address", "phone": "+91 99999 12345", "message": "Bodymarker secret text"})
	do("POST", "/admin/forgot-password", map[string]string{"email": "forgotmarker@example.com"})
	do("POST", "/admin/forgot-password", map[string]string{"email": adminEmail})
	do("POST", "/reset-password", map[string]string{"token": resetMarker, "newPassword": wrongPassword})
	do("GET", "/reset-password/"+resetMarker, nil)
	do("GET", "/api/preview-blogs", nil, "Authorization", "Bearer "+token+"x")
	do("GET", "/no/such/page", nil)
	do("DELETE", "/api/blogs/x", nil, "Cookie", "adminToken="+token)
	var files []string
	poll.Until(t, "the reset mail", func() bool { files = outboxFiles(s.outbox()); return len(files) >= 2 }, poll.Within(10*time.Second))
	for _, f := range files {
		if _, body := readMail(t, f); resetLink.MatchString(body) {
			secrets = append(secrets, resetLink.FindStringSubmatch(body)[1])
		}
	}
	if err := s.stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	logs := s.logs.String()
	for _, secret := range secrets {
		if strings.Contains(logs, secret) {
			t.Errorf("the log holds %q:\n%s", secret, logs)
		}
	}
	requests := 0
	sc := bufio.NewScanner(strings.NewReader(logs))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "time=") || !strings.Contains(line, " level=") || !strings.Contains(line, " msg=") {
			t.Errorf("unstructured log line: %q", line)
		}
		if strings.Contains(line, "msg=request ") {
			if !requestLine.MatchString(line) {
				t.Errorf("request line not in the expected shape: %q", line)
			}
			if !strings.Contains(line, "method=GET path=/healthz ") {
				requests++
			}
		}
	}
	if requests != sent {
		t.Errorf("%d request lines for %d requests:\n%s", requests, sent, logs)
	}
}

// SIGTERM while enquiries pour in: the server stops taking new ones, answers the ones it has,
// exits 0, and every enquiry it acknowledged is stored and has its notification in the outbox.
func TestSIGTERMLosesNoAcceptedEnquiry(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{trustProxy: true, manyEnquiries: true})
	admin := s.client()
	admin.xff = "10.251.0.1"
	admin.login(t)
	l := newLedger()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	png := pngBytes(t, 8, 8)
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func(w int) { defer wg.Done(); writer(s, admin.token, 7, w, l, stop, png) }(w)
	}
	// SIGTERM once writes are flowing (acknowledged ones), not after a guessed pause.
	poll.Until(t, "writes acknowledged before SIGTERM", func() bool { l.mu.Lock(); defer l.mu.Unlock(); return l.acked >= 10 }, poll.Within(time.Minute))
	start := time.Now()
	err := s.stop()
	took := time.Since(start)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, s.logs.String())
	}
	if took > 15*time.Second {
		t.Errorf("SIGTERM took %v", took)
	}
	if !strings.Contains(s.logs.String(), "msg=\"shutting down\"") {
		t.Errorf("no shutdown line in the log")
	}
	if len(l.enquiries) < 5 {
		t.Fatalf("only %d enquiries acknowledged: the test proves little", len(l.enquiries))
	}
	verifyLedger(t, s.dir, l)
	db, err := store.Open(dbPath(s.dir), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	n, _ := db.CountMessages()
	db.Close()
	if mails := len(outboxFiles(s.outbox())); mails != n {
		t.Errorf("%d enquiries stored, %d notifications sent before the exit", n, mails)
	}
	t.Logf("%d enquiries acknowledged, %d stored, stopped in %v", len(l.enquiries), n, took)
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
