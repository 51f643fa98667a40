package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/logbuf"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/s3test"
	"digitalreeviver/internal/store"
)

var binary string

// TestMain builds the real binary once; the tests run it as an operator would.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "adminapi-test-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "adminapi")
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startServe runs `adminapi serve` in dir and waits until /healthz answers.
func startServe(t *testing.T, dir string, extra ...string) (addr string, stop func()) {
	t.Helper()
	addr, stop, _ = startServeEnv(t, dir, nil, extra...)
	return addr, stop
}

// startServeEnv is startServe with more environment; logs is the server's output so far (all
// of it once stop returned).
func startServeEnv(t *testing.T, dir string, env []string, extra ...string) (addr string, stop func(), logs *logbuf.Buffer) {
	t.Helper()
	addr = freeAddr(t)
	args := append([]string{"serve", "--db", filepath.Join(dir, "site.db"), "--addr", addr, "--out", filepath.Join(dir, "dist"),
		"--uploads", filepath.Join(dir, "uploads"), "--site", filepath.Join(dir, "no-site"), "--content", filepath.Join("..", "..", "content")}, extra...)
	cmd := exec.Command(binary, args...)
	cmd.Env = append(append(os.Environ(), "ADMIN_JWT_SECRET=", "SMTP_URL="), env...)
	logs = &logbuf.Buffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	stop = func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("serve did not stop on SIGTERM:\n%s", logs.String())
		}
	}
	answered := poll.Wait(func() bool {
		select {
		case err := <-done:
			t.Fatalf("serve exited: %v\n%s", err, logs.String())
		default:
		}
		res, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	}, poll.Within(20*time.Second))
	if !answered {
		stop()
		t.Fatalf("serve never answered:\n%s", logs.String())
	}
	return addr, stop, logs
}

func run(t *testing.T, env []string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// A second serve on the same database fails fast with a message that says why.
func TestSecondServeFailsFast(t *testing.T) {
	dir := t.TempDir()
	_, stop := startServe(t, dir)
	defer stop()

	start := time.Now()
	out, err := run(t, nil, "serve", "--db", filepath.Join(dir, "site.db"), "--addr", freeAddr(t))
	if err == nil {
		t.Fatalf("second serve started:\n%s", out)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("second serve took %v to fail", d)
	}
	if !strings.Contains(out, "is held by a running server") {
		t.Errorf("message does not say why:\n%s", out)
	}
}

// TestServeStartsItsServicesInOrderAndStopsThemInReverse: `adminapi serve` starts every
// background service from its one list before it answers, and on SIGTERM stops them in the
// reverse order (the mail spool after the scheduler that mails its failures, the build queue
// after both). Without the renderer bundle there is no site generator in the list.
func TestServeStartsItsServicesInOrderAndStopsThemInReverse(t *testing.T) {
	_, stop, logs := startServeEnv(t, t.TempDir(), []string{"LOG_LEVEL=debug"})
	stop()
	var started, stopped []string
	for _, m := range regexp.MustCompile(`msg="service (started|stopped)" service="?([a-z -]+)"?`).FindAllStringSubmatch(logs.String(), -1) {
		if m[1] == "started" {
			started = append(started, m[2])
		} else {
			stopped = append(stopped, m[2])
		}
	}
	want := []string{"image variants", "build queue", "webhooks", "mail spool", "scheduler", "spam sweep", "control socket",
		"traffic counts", "salt rotation", "click-id eraser"}
	if !slices.Equal(started, want) {
		t.Errorf("started %q\nwant    %q\n%s", started, want, logs)
	}
	slices.Reverse(want)
	if !slices.Equal(stopped, want) {
		t.Errorf("stopped %q\nwant    %q", stopped, want)
	}
	if i, j := strings.Index(logs.String(), "shutting down"), strings.Index(logs.String(), `msg="service stopped"`); i < 0 || j < i {
		t.Errorf("the services stopped before the HTTP server:\n%s", logs)
	}
}

// The operator's commands: add an admin, change the password, import, export, and a hot backup
// while the server runs.
func TestOperatorCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "site.db")
	env := []string{"ADMIN_PASSWORD=first-password-1"}
	if out, err := run(t, env, "user", "add", "--create", "--db", db, "--username", "Owner", "--email", "owner@example.com"); err != nil || !strings.Contains(out, `"owner"`) {
		t.Fatalf("user add: %v\n%s", err, out)
	}
	if out, err := run(t, env, "user", "add", "--db", db, "--username", "owner", "--email", "owner@example.com"); err == nil {
		t.Fatalf("duplicate user added:\n%s", out)
	}
	if out, err := run(t, []string{"ADMIN_PASSWORD=short"}, "user", "passwd", "--db", db, "--username", "owner"); err == nil || !strings.Contains(out, "at least 8") {
		t.Fatalf("short password: %v\n%s", err, out)
	}
	// A common password is refused by both commands, saying why (NIST SP 800-63B).
	common := []string{"ADMIN_PASSWORD=Password123"}
	if out, err := run(t, common, "user", "passwd", "--db", db, "--username", "owner"); err == nil || !strings.Contains(out, "one of the most common passwords") {
		t.Fatalf("common password (passwd): %v\n%s", err, out)
	}
	if out, err := run(t, common, "user", "add", "--db", db, "--username", "second", "--email", "second@example.com"); err == nil || !strings.Contains(out, "one of the most common passwords") {
		t.Fatalf("common password (add): %v\n%s", err, out)
	}
	if out, err := run(t, []string{"ADMIN_PASSWORD=second-password-2"}, "user", "passwd", "--db", db, "--username", "owner"); err != nil {
		t.Fatalf("passwd: %v\n%s", err, out)
	}

	blogs := filepath.Join(dir, "in.json")
	os.WriteFile(blogs, []byte(`[{"title":"Imported Post","content":"<p>From the old backend</p>","_id":"65a1b2c3d4e5f6a7b8c9d0e1"},
		{"title":"Imported Service","description":"<p>We help</p>"}]`), 0o644)
	if out, err := run(t, nil, "import", "--db", db, blogs); err != nil || !strings.Contains(out, "imported 1 blog and 1 service;") {
		t.Fatalf("import: %v\n%s", err, out)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`[{"title":"Good","content":"<p>x</p>"},{"slug":"no-title","content":"<p>x</p>"}]`), 0o644)
	if out, err := run(t, nil, "import", "--db", db, bad); err == nil || !strings.Contains(out, `blog 1 (slug "no-title")`) {
		t.Fatalf("bad import: %v\n%s", err, out)
	}

	addr, stop := startServe(t, dir)
	// Login with the changed password through the running server.
	res, err := http.Post("http://"+addr+"/admin/login", "application/json", strings.NewReader(`{"username":"owner","password":"second-password-2"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("login: %v %v", err, res)
	}
	res.Body.Close()
	// Import and account changes refuse while the server holds the file, saying so once; the list
	// of accounts and a backup go through the server.
	for _, args := range [][]string{{"import", "--db", db, blogs}, {"user", "role", "--db", db, "--username", "owner", "--role", "editor"}} {
		out, err := run(t, nil, args...)
		if err == nil || !strings.Contains(out, "is held by a running server") || strings.Count(out, "running") != 1 || strings.Contains(out, "in use by another process") {
			t.Fatalf("%s while serving: %v\n%s", args[0], err, out)
		}
	}
	if out, err := run(t, nil, "user", "list", "--db", db); err != nil || !regexp.MustCompile(`(?m)^owner\s+admin\s+owner@example\.com\s+\d{4}-\d\d-\d\d$`).MatchString(out) {
		t.Fatalf("user list while serving: %v\n%s", err, out)
	}
	backup := filepath.Join(dir, "backup.db")
	if out, err := run(t, nil, "backup", "--db", db, "--to", backup); err != nil {
		t.Fatalf("hot backup: %v\n%s", err, out)
	}
	stop()

	// The backup is a whole, consistent database.
	b, err := store.Open(backup, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	if got, err := b.Record(domain.Blogs, store.Published, "imported-post"); err != nil || *got.Fields().ID != "65a1b2c3d4e5f6a7b8c9d0e1" {
		t.Fatalf("backup content: %+v %v", got, err)
	}
	b.Close()

	// Export (cold) gives the API's shape back.
	outDir := filepath.Join(dir, "export")
	if out, err := run(t, nil, "export", "--db", db, "--dir", outDir); err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(filepath.Join(outDir, "services.json"))
	if !strings.Contains(string(data), `"description": "\u003cp\u003eWe help\u003c/p\u003e"`) {
		t.Fatalf("services.json:\n%s", data)
	}

	// Moving servers: everything, into a fresh database, and the same export from there.
	move, again := filepath.Join(dir, "move"), filepath.Join(dir, "again")
	if out, err := run(t, nil, "export", "--db", db, "--dir", move, "--move", "--enquiries", "--admins"); err != nil ||
		!strings.Contains(out, "admins.json") || !strings.Contains(out, "preview-blogs.json") {
		t.Fatalf("export --move: %v\n%s", err, out)
	}
	fresh := filepath.Join(dir, "fresh.db")
	if out, err := run(t, nil, "import", "--db", fresh, "--dir", move); err != nil || !strings.Contains(out, "and 1 account;") {
		t.Fatalf("import --dir: %v\n%s", err, out)
	}
	if out, err := run(t, nil, "import", "--db", fresh, "--dir", move, blogs); err == nil || !strings.Contains(out, "not both") {
		t.Fatalf("import with files and --dir: %v\n%s", err, out)
	}
	if out, err := run(t, nil, "export", "--db", fresh, "--dir", again, "--move", "--enquiries", "--admins"); err != nil {
		t.Fatalf("export of the moved database: %v\n%s", err, out)
	}
	entries, _ := os.ReadDir(move)
	if len(entries) != 7 {
		t.Fatalf("%d files in a move export", len(entries))
	}
	for _, e := range entries {
		a, _ := os.ReadFile(filepath.Join(move, e.Name()))
		b, _ := os.ReadFile(filepath.Join(again, e.Name()))
		if string(a) != string(b) {
			t.Errorf("%s differs after the move:\n%s\n---\n%s", e.Name(), a, b)
		}
	}
}

// The demo's admin is held to the password policy too: a common ADMIN_PASSWORD stops the start,
// saying why, and creates no account.
func TestDemoRefusesACommonPassword(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(binary, "serve", "--demo", "--db", filepath.Join(dir, "site.db"), "--addr", freeAddr(t),
		"--out", filepath.Join(dir, "dist"), "--uploads", filepath.Join(dir, "uploads"),
		"--site", filepath.Join("..", "..", "site"), "--content", filepath.Join("..", "..", "content"))
	cmd.Env = append(os.Environ(), "ADMIN_PASSWORD=iloveyou1", "ADMIN_JWT_SECRET=")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "demo admin") || !strings.Contains(string(out), "one of the most common passwords") {
		t.Fatalf("serve --demo with a common password: %v\n%s", err, out)
	}
}

// Demo mode serves the whole product from one address and prints the login once.
func TestDemoServe(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	cmd := exec.Command(binary, "serve", "--demo", "--db", filepath.Join(dir, "site.db"), "--addr", addr,
		"--out", filepath.Join(dir, "dist"), "--uploads", filepath.Join(dir, "uploads"),
		"--site", filepath.Join("..", "..", "site"), "--content", filepath.Join("..", "..", "content"))
	cmd.Env = append(os.Environ(), "ADMIN_PASSWORD=demo-password-1", "ADMIN_JWT_SECRET=")
	stdout, _ := cmd.StdoutPipe()
	var logs bytes.Buffer
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			_ = cmd.Wait()
		}
	}()
	banner := make(chan string, 1)
	go func() {
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := stdout.Read(buf)
			b.Write(buf[:n])
			if strings.Contains(b.String(), "again:") || err != nil {
				banner <- b.String()
				_, _ = io.Copy(io.Discard, stdout)
				return
			}
		}
	}()
	var text string
	select {
	case text = <-banner:
	case <-time.After(60 * time.Second):
		t.Fatalf("no banner:\n%s", logs.String())
	}
	if !strings.Contains(text, "http://"+addr+"/admin/") || !strings.Contains(text, "admin / demo-password-1") ||
		!strings.Contains(text, "admin@digitalreeviver.com") || !strings.Contains(text, "is written to "+filepath.Join(dir, "outbox")+"/ as an .eml file") {
		t.Fatalf("banner:\n%s\nlogs:\n%s", text, logs.String())
	}
	// The banner can be printed again while the server runs (the database is locked meanwhile).
	again, err := exec.Command(binary, "demo-login", "--db", filepath.Join(dir, "site.db")).CombinedOutput()
	if err != nil || !strings.Contains(string(again), "admin / demo-password-1") || !strings.Contains(string(again), "admin@digitalreeviver.com") {
		t.Fatalf("demo-login: %v\n%s", err, again)
	}
	res, err := http.Post("http://"+addr+"/admin/login", "application/json", strings.NewReader(`{"username":"admin","password":"demo-password-1"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("demo login: %v %v", err, res)
	}
	res.Body.Close()
	res, err = http.Get("http://" + addr + "/api/blogs")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(data), `"slug"`) {
		t.Fatalf("demo content not imported: %s", data)
	}
	if _, err := os.Stat(filepath.Join("..", "..", "site", "dist", "server")); err == nil {
		res, err = http.Get("http://" + addr + "/")
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("site at /: %v %v\n%s", err, res, logs.String())
		}
		res.Body.Close()
	}
	// At the default level the reads are not logged one by one; the sign-in (a change) is.
	_ = cmd.Process.Signal(syscall.SIGTERM)
	_ = cmd.Wait()
	stopped = true
	if l := logs.String(); strings.Contains(l, "msg=request method=GET") || !strings.Contains(l, "msg=request method=POST path=/admin/login") {
		t.Fatalf("request lines at the default level:\n%s", l)
	}
	// The banner's way to change the password is a whole command; once used, demo-login no
	// longer prints the demo's password (it would not sign in) but says it was changed.
	db := filepath.Join(dir, "site.db")
	if want := "`bin/adminapi user passwd --db " + db + " --username admin`"; !strings.Contains(text, want) {
		t.Fatalf("banner lacks %s:\n%s", want, text)
	}
	if out, err := run(t, []string{"ADMIN_PASSWORD=changed-password-2"}, "user", "passwd", "--db", db, "--username", "admin"); err != nil {
		t.Fatalf("passwd: %v\n%s", err, out)
	}
	again, err = exec.Command(binary, "demo-login", "--db", db).CombinedOutput()
	if err != nil || strings.Contains(string(again), "demo-password-1") || !strings.Contains(string(again), "http://"+addr+"/admin/") ||
		!strings.Contains(string(again), "login:   admin, with the password it was given after the demo started") {
		t.Fatalf("demo-login after passwd: %v\n%s", err, again)
	}
}

// Export copies the uploaded images the records use, so the folder builds the whole site
// (sitegen build --source DIR).
func TestExportCopiesTheUploadsTheRecordsUse(t *testing.T) {
	dir := t.TempDir()
	uploads := filepath.Join(dir, "uploads")
	os.MkdirAll(uploads, 0o755)
	used, unused := "00112233445566778899aabbccddeeff.png", "ffeeddccbbaa99887766554433221100.png"
	os.WriteFile(filepath.Join(uploads, used), []byte("used"), 0o644)
	os.WriteFile(filepath.Join(uploads, unused), []byte("unused"), 0o644)
	blogs := filepath.Join(dir, "blogs.json")
	os.WriteFile(blogs, []byte(`[{"title":"With image","slug":"with-image","content":"<p>x</p>","category":"A","image":"/uploads/`+used+`"}]`), 0o644)
	db := filepath.Join(dir, "site.db")
	if out, err := run(t, nil, "import", "--db", db, blogs); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	snap := filepath.Join(dir, "snap")
	if out, err := run(t, nil, "export", "--db", db, "--dir", snap, "--uploads", uploads); err != nil || !strings.Contains(out, "copied 1 uploaded images") {
		t.Fatalf("export: %v\n%s", err, out)
	}
	if data, _ := os.ReadFile(filepath.Join(snap, "uploads", used)); string(data) != "used" {
		t.Fatal("the used upload was not copied")
	}
	if _, err := os.Stat(filepath.Join(snap, "uploads", unused)); err == nil {
		t.Fatal("an unused upload was copied")
	}
}

// A backup to an object store: the database copy opens and holds the records; the uploads the
// store lacks are copied, once.
func TestBackupToObjectStore(t *testing.T) {
	srv := s3test.Start(t)
	bucket := srv.Bucket(t)
	dir := t.TempDir()
	uploads := filepath.Join(dir, "uploads")
	os.MkdirAll(uploads, 0o755)
	up := "00112233445566778899aabbccddeeff.png"
	os.WriteFile(filepath.Join(uploads, up), []byte("image"), 0o644)
	blogs := filepath.Join(dir, "blogs.json")
	os.WriteFile(blogs, []byte(`[{"title":"Backed up","slug":"backed-up","content":"<p>x</p>","category":"A","image":"/uploads/`+up+`"}]`), 0o644)
	db := filepath.Join(dir, "site.db")
	if out, err := run(t, nil, "import", "--db", db, blogs); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	for i, want := range []string{"1 new uploads", "0 new uploads"} {
		out, err := run(t, srv.Env(), "backup", "--db", db, "--uploads", uploads, "--to", "s3://"+bucket+"/backups")
		if err != nil || !strings.Contains(out, want) {
			t.Fatalf("backup %d: %v\n%s", i, err, out)
		}
	}
	objs := srv.Objects(t, bucket, "backups/")
	if string(objs["backups/uploads/"+up].Data) != "image" {
		t.Fatal("the upload is not in the backup")
	}
	var copies int
	for key, o := range objs {
		if !strings.HasSuffix(key, ".db") {
			continue
		}
		copies++
		p := filepath.Join(dir, "restored.db")
		os.WriteFile(p, o.Data, 0o600)
		b, err := store.Open(p, store.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Record(domain.Blogs, store.Published, "backed-up"); err != nil {
			t.Fatalf("restored copy: %v", err)
		}
		b.Close()
	}
	if copies != 2 && copies != 1 { // two runs within one second share a name
		t.Fatalf("%d database copies", copies)
	}
	// A refused credential names the bucket and key.
	env := append(srv.Env(), "AWS_SECRET_ACCESS_KEY=wrong-wrong-wrong-wrong")
	if out, err := run(t, env, "backup", "--db", db, "--uploads", uploads, "--to", "s3://"+bucket+"/backups"); err == nil || !strings.Contains(out, "s3://"+bucket+"/backups/site-") {
		t.Fatalf("refused backup: %v\n%s", err, out)
	}
}

// TestPublishReachesTheBucket: with --deploy-to, a publish answers live only once the store has
// the page; a deploy that fails says so (live: false, the build record's deploy failed) and the
// admin's Rebuild puts it right; a delete removes the page from the store.
func TestPublishReachesTheBucket(t *testing.T) {
	if _, err := os.Stat(filepath.Join("..", "..", "site", "dist", "server", "entry-server.js")); err != nil {
		if os.Getenv("REQUIRE_SITE_BUNDLE") != "" {
			t.Fatal("site bundle required")
		}
		t.Skip("site bundle not built")
	}
	s3 := s3test.Start(t)
	bucket := s3.Bucket(t)
	for _, kv := range s3.Env() {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	t.Setenv("DEPLOY_PURGE_URL", "")
	dir := t.TempDir()
	db := filepath.Join(dir, "site.db")
	if out, err := run(t, []string{"ADMIN_PASSWORD=publish-password-1"}, "user", "add", "--create", "--db", db, "--username", "ed", "--email", "ed@example.com"); err != nil {
		t.Fatalf("user add: %v\n%s", err, out)
	}
	addr, stop := startServe(t, dir, "--site", filepath.Join("..", "..", "site"), "--deploy-to", "s3://"+bucket+"/www")
	defer stop()
	base := "http://" + addr
	res, err := http.Post(base+"/admin/login", "application/json", strings.NewReader(`{"username":"ed","password":"publish-password-1"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("login: %v %v", err, res)
	}
	var login struct{ Token string }
	json.NewDecoder(res.Body).Decode(&login)
	res.Body.Close()
	call := func(method, path, body string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+login.Token)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}
	publishPost := func(slug string) (int, map[string]any) {
		t.Helper()
		if code, out := call("POST", "/api/preview-blogs", `{"title":"`+slug+`","slug":"`+slug+`","content":"<p>Fresh words of `+slug+`.</p>","category":"News"}`); code != 201 {
			t.Fatalf("save draft: %d %v", code, out)
		}
		return call("POST", "/api/preview-blogs/publish/"+slug, `{}`)
	}
	page := func(slug string) string {
		return string(s3.Get(t, bucket, "www/blog/"+slug+"/index.html").Data)
	}

	// The start-up build first: a publish while it reads the records would be in it, and the
	// publish's own build would then find nothing to deploy.
	poll.Value(t, "the start-up build", func() ([]struct{ Status string }, bool) {
		req, _ := http.NewRequest("GET", base+"/api/builds", nil)
		req.Header.Set("Authorization", "Bearer "+login.Token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var builds []struct{ Status string }
		json.NewDecoder(res.Body).Decode(&builds)
		res.Body.Close()
		return builds, len(builds) > 0 && (builds[0].Status == "ok" || builds[0].Status == "failed")
	}, poll.Within(60*time.Second))
	code, out := publishPost("first-deployed-post")
	if code != 200 || out["live"] != true {
		t.Fatalf("publish: %d %v", code, out)
	}
	// Live means on the store: no waiting.
	if !strings.Contains(page("first-deployed-post"), "Fresh words of first-deployed-post") {
		t.Fatal("the published page is not on the store when the answer says live")
	}
	build := out["build"].(map[string]any)
	dep, _ := build["deploy"].(map[string]any)
	if dep == nil || dep["status"] != "ok" || !strings.Contains(fmt.Sprint(dep["changed"]), "blog/first-deployed-post/index.html") {
		t.Fatalf("build record's deploy: %v", build)
	}

	// The store refuses (the bucket is gone): the answer is not live and says why.
	away := filepath.Join(s3.Dir, bucket+"-away")
	if err := os.Rename(filepath.Join(s3.Dir, bucket), away); err != nil {
		t.Fatal(err)
	}
	code, out = publishPost("second-deployed-post")
	if code != 500 || out["live"] != false || !strings.Contains(fmt.Sprint(out["error"]), "not deployed to s3://"+bucket+"/www/") {
		t.Fatalf("publish with the store refusing: %d %v", code, out)
	}
	if err := os.Rename(away, filepath.Join(s3.Dir, bucket)); err != nil {
		t.Fatal(err)
	}
	// The Builds panel shows the failed deploy; Rebuild (the retry) deploys.
	builds := func() []map[string]any {
		req, _ := http.NewRequest("GET", base+"/api/builds", nil)
		req.Header.Set("Authorization", "Bearer "+login.Token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var list []map[string]any
		json.NewDecoder(res.Body).Decode(&list)
		return list
	}
	if d, _ := builds()[0]["deploy"].(map[string]any); d == nil || d["status"] != "failed" || d["error"] == "" {
		t.Fatalf("failed deploy not recorded: %v", builds()[0])
	}
	code, out = call("POST", "/api/builds", "")
	if code != 202 {
		t.Fatalf("rebuild: %d %v", code, out)
	}
	id := out["build"].(map[string]any)["id"]
	b := poll.Value(t, "the retry", func() (map[string]any, bool) {
		b := builds()[0]
		return b, b["id"] == id && (b["status"] == "ok" || b["status"] == "failed")
	}, poll.Within(60*time.Second))
	if b["status"] != "ok" || b["deploy"].(map[string]any)["status"] != "ok" {
		t.Fatalf("retry: %v", b)
	}
	if !strings.Contains(page("second-deployed-post"), "Fresh words of second-deployed-post") {
		t.Fatal("the retry did not deploy the second post")
	}

	// A delete builds and deploys: the page leaves the store.
	if code, out := call("DELETE", "/api/blogs/first-deployed-post", ""); code != 200 {
		t.Fatalf("delete: %d %v", code, out)
	}
	if s3.Get(t, bucket, "www/blog/first-deployed-post/index.html").Data != nil {
		t.Fatal("the deleted post is still on the store")
	}

	// The audit log holds each deploy that changed the store, and the one that failed.
	req, _ := http.NewRequest("GET", base+"/api/audit?action=deploy", nil)
	req.Header.Set("Authorization", "Bearer "+login.Token)
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var entries []domain.AuditEntry
	json.NewDecoder(res.Body).Decode(&entries)
	res.Body.Close()
	var got []string
	for _, e := range entries {
		got = append(got, e.Detail)
	}
	if len(entries) != 5 || !strings.HasSuffix(entries[0].Detail, "after: blog deleted: first-deployed-post") ||
		!strings.HasPrefix(entries[2].Detail, "failed after: blog published: second-deployed-post") ||
		!strings.HasSuffix(entries[3].Detail, "after: blog published: first-deployed-post") ||
		entries[0].Target != "s3://"+bucket+"/www/" || entries[0].User != "(system)" {
		t.Fatalf("deploys in the audit log (newest first): %q", got)
	}
}

// A server started outside the project's folder says where the content should be.
func TestServeNamesAMissingContentFolder(t *testing.T) {
	dir := t.TempDir()
	out, err := run(t, nil, "serve", "--db", filepath.Join(dir, "site.db"), "--addr", freeAddr(t), "--content", filepath.Join(dir, "content"))
	if err == nil || !strings.Contains(out, "pass --content") {
		t.Fatalf("got %v\n%s", err, out)
	}
}

// A taken address is named, with the way to another one.
func TestServeNamesATakenAddress(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	out, err := run(t, nil, "serve", "--db", filepath.Join(t.TempDir(), "site.db"), "--addr", l.Addr().String(), "--content", filepath.Join("..", "..", "content"))
	if err == nil || !strings.Contains(out, l.Addr().String()+" is in use by another program") || !strings.Contains(out, "--addr") {
		t.Fatalf("got %v\n%s", err, out)
	}
}

// TestUserCommands adds, lists, re-roles and removes accounts as an operator would; the last
// admin can be neither demoted nor removed, and each change is in the audit log.
func TestUserCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "site.db")
	pw := []string{"ADMIN_PASSWORD=long-enough-pw"}
	mustRun := func(env []string, args ...string) string {
		t.Helper()
		out, err := run(t, env, append(args, "--db", db)...)
		if err != nil {
			t.Fatalf("adminapi %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return out
	}
	refused := func(want string, args ...string) {
		t.Helper()
		out, err := run(t, nil, append(args, "--db", db)...)
		if err == nil || !strings.Contains(out, want) {
			t.Fatalf("adminapi %s: %v, want a refusal with %q:\n%s", strings.Join(args, " "), err, want, out)
		}
	}
	if out := mustRun(pw, "user", "add", "--create", "--username", "Priya", "--email", "priya@example.com"); !strings.Contains(out, `admin "priya"`) {
		t.Errorf("add: %s", out)
	}
	if out := mustRun(pw, "user", "add", "--username", "ravi", "--email", "ravi@example.com", "--role", "editor"); !strings.Contains(out, `editor "ravi"`) {
		t.Errorf("add editor: %s", out)
	}
	refused("Role must be admin or editor.", "user", "add", "--username", "x", "--email", "x@example.com", "--role", "owner")
	out := mustRun(nil, "user", "list")
	if !regexpMatch(`(?m)^priya\s+admin\s+priya@example.com`, out) || !regexpMatch(`(?m)^ravi\s+editor\s+ravi@example.com`, out) {
		t.Errorf("list:\n%s", out)
	}
	refused("The last admin cannot become an editor.", "user", "role", "--username", "priya", "--role", "editor")
	refused("The last admin cannot be removed.", "user", "remove", "--username", "priya")
	refused("No such account.", "user", "remove", "--username", "nobody")
	if out := mustRun(nil, "user", "role", "--username", "ravi", "--role", "admin"); !strings.Contains(out, `"ravi" is now an admin (was editor)`) {
		t.Errorf("role: %s", out)
	}
	mustRun(nil, "user", "role", "--username", "priya", "--role", "editor")
	if out := mustRun(nil, "user", "remove", "--username", "priya"); !strings.Contains(out, `editor "priya" removed`) {
		t.Errorf("remove: %s", out)
	}
	out = mustRun(nil, "user", "list")
	if strings.Contains(out, "priya") || !regexpMatch(`(?m)^ravi\s+admin`, out) {
		t.Errorf("list after:\n%s", out)
	}

	s, err := store.Open(db, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	entries, _, err := s.AuditPage(domain.AuditFilter{Kind: "account"}, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if !strings.HasSuffix(e.User, "(command line)") || e.IP != "" {
			t.Errorf("entry not the operator's: %+v", e)
		}
		got = append(got, e.Action+" "+e.Target+" "+e.Detail)
	}
	want := []string{"remove priya ", "role priya admin → editor", "role ravi editor → admin", "add ravi as editor", "add priya as admin"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("audit entries:\n got %q\nwant %q", got, want)
	}
}

func regexpMatch(pattern, s string) bool { return regexp.MustCompile(pattern).MatchString(s) }
