package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/api"
	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/mailkinds"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/s3test"
	"digitalreeviver/internal/source"
	"digitalreeviver/internal/store"
)

var (
	repo = filepath.Join("..", "..")
	// testContent is a small content folder of the tests' own, so editing the agency's copy
	// never breaks a test.
	testContent = filepath.Join(repo, "internal", "contentdir", "testdata", "content")
)

func run(t *testing.T, args ...string) error {
	t.Helper()
	root := newRootCommand()
	root.SetArgs(args)
	root.SetOut(io.Discard)
	root.SetErr(io.Discard)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return root.ExecuteContext(ctx)
}

// pngBytes is a real PNG of w×h pixels: what a build accepts as an upload.
func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func bundleOrSkip(t *testing.T) {
	if _, err := os.Stat(filepath.Join(repo, "site", "dist", "server", "entry-server.js")); err != nil {
		if os.Getenv("REQUIRE_SITE_BUNDLE") != "" {
			t.Fatal("site bundle required")
		}
		t.Skip("site bundle not built")
	}
}

func TestBuildFailsFastOnALockedDatabase(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "site.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	err = run(t, "build", "--db", db.Path(), "--out", filepath.Join(dir, "dist"), "--content", testContent, "--site", filepath.Join(repo, "site"))
	if err == nil || !strings.Contains(err.Error(), "held by another process") || !strings.Contains(err.Error(), "POST /api/builds") {
		t.Fatalf("got %v", err)
	}
	if time.Since(start) > 10*time.Second {
		t.Fatal("took too long to fail")
	}
	if _, err := os.Lstat(filepath.Join(dir, "dist")); err == nil {
		t.Fatal("a failed build wrote dist")
	}
}

func TestBuildNamesAMissingBundle(t *testing.T) {
	dir := t.TempDir()
	err := run(t, "build", "--empty", "--db", filepath.Join(dir, "none.db"), "--out", filepath.Join(dir, "dist"), "--content", testContent, "--site", dir)
	if err == nil || !strings.Contains(err.Error(), "site bundle missing") || !strings.Contains(err.Error(), "make site") {
		t.Fatalf("got %v", err)
	}
}

func TestBuildCheckAndRollback(t *testing.T) {
	bundleOrSkip(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "dist")
	common := []string{"--empty", "--db", filepath.Join(dir, "none.db"), "--out", out, "--content", testContent, "--site", filepath.Join(repo, "site"), "--uploads", dir}
	if err := run(t, append([]string{"build"}, common...)...); err != nil {
		t.Fatal(err)
	}
	if err := run(t, "check", "--out", out, "--content", testContent); err != nil {
		t.Fatalf("check of a fresh build: %v", err)
	}
	if err := run(t, append([]string{"build", "--clean"}, common...)...); err != nil {
		t.Fatal(err)
	}
	// A broken link makes check fail and name it.
	live, _ := filepath.EvalSymlinks(out)
	os.WriteFile(filepath.Join(live, "bad.html"), []byte(`<a href="/nowhere/">x</a>`), 0o644)
	if err := run(t, "check", "--out", out, "--content", testContent); err == nil || !strings.Contains(err.Error(), "1 broken") {
		t.Fatalf("check with a broken link: %v", err)
	}
	if err := run(t, "rollback", "--out", out); err != nil {
		t.Fatal(err)
	}
	if now, _ := filepath.EvalSymlinks(out); now == live {
		t.Fatal("rollback kept the same generation")
	}
}

func TestServeReloadsOnContentChange(t *testing.T) {
	bundleOrSkip(t)
	dir := t.TempDir()
	content := filepath.Join(dir, "content")
	if err := os.CopyFS(content, os.DirFS(testContent)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	root := newRootCommand()
	root.SetArgs([]string{"serve", "--addr", "127.0.0.1:0", "--empty", "--db", filepath.Join(dir, "none.db"), "--out", filepath.Join(dir, "dist"),
		"--content", content, "--site", filepath.Join(repo, "site"), "--uploads", dir})
	addrs := make(chan string, 1)
	serveListening = func(addr string) { addrs <- addr }
	defer func() { serveListening = nil }()
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	var addr string
	select {
	case addr = <-addrs:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(60 * time.Second):
		t.Fatal("serve did not start")
	}
	res, err := http.Get("http://" + addr + "/about/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(page), "/__livereload.js") {
		t.Fatal("pages lack the live-reload script")
	}
	events, err := http.Get("http://" + addr + "/__livereload")
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	lines := bufio.NewReader(events.Body)
	lines.ReadString('\n') // ": connected"

	about := filepath.Join(content, "pages", "about.md")
	data, _ := os.ReadFile(about)
	os.WriteFile(about, []byte(strings.Replace(string(data), "## ", "## Freshly edited section\n\nNew words.\n\n## ", 1)), 0o644)
	got := make(chan string, 1)
	go func() {
		for {
			line, err := lines.ReadString('\n')
			if err != nil || strings.HasPrefix(line, "data:") {
				got <- line
				return
			}
		}
	}()
	select {
	case line := <-got:
		if !strings.HasPrefix(line, "data: reload") {
			t.Fatalf("event %q", line)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no reload event after an edit")
	}
	res, _ = http.Get("http://" + addr + "/about/")
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(page), "Freshly edited section") {
		t.Fatal("the edit is not served")
	}
	cancel()
	<-done
}

// TestDeployRealSiteAndRollBack builds the real site, deploys it to a real S3 server, checks the
// store holds every file byte for byte with its type, rolls back and checks the store follows.
func TestDeployRealSiteAndRollBack(t *testing.T) {
	bundleOrSkip(t)
	srv, bucket := startStore(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "dist")
	common := []string{"--empty", "--db", filepath.Join(dir, "none.db"), "--out", out, "--content", filepath.Join(repo, "content"), "--site", filepath.Join(repo, "site"), "--uploads", dir}
	if err := run(t, append([]string{"build", "--base-url", "https://one.example.com"}, common...)...); err != nil {
		t.Fatal(err)
	}
	first, _ := filepath.EvalSymlinks(out)
	target := "s3://" + bucket + "/site"
	if err := run(t, "deploy", "--to", target, "--out", out); err != nil {
		t.Fatal(err)
	}
	assertStoreHolds(t, srv, bucket, "site/", first)

	// The second build's forms post to another host: its policy (in its _headers) names that
	// host, and the store's objects must carry that policy, not a copy of the first's.
	if err := run(t, append([]string{"build", "--base-url", "https://two.example.com", "--form-endpoint", "https://forms.two.example.com/popup"}, common...)...); err != nil {
		t.Fatal(err)
	}
	second, _ := filepath.EvalSymlinks(out)
	if err := run(t, "deploy", "--to", target, "--out", out, "--dry-run"); err != nil {
		t.Fatal(err)
	}
	assertStoreHolds(t, srv, bucket, "site/", first) // a dry run changes nothing
	if err := run(t, "deploy", "--to", target, "--out", out); err != nil {
		t.Fatal(err)
	}
	assertStoreHolds(t, srv, bucket, "site/", second)
	if err := run(t, "rollback", "--out", out, "--to", target); err != nil {
		t.Fatal(err)
	}
	assertStoreHolds(t, srv, bucket, "site/", first)

	// A refused credential: a clear error naming the bucket, and the store unchanged.
	t.Setenv("AWS_SECRET_ACCESS_KEY", "wrong-secret-wrong-secret")
	before := srv.Objects(t, bucket, "site/")
	err := run(t, "deploy", "--to", target, "--out", out, "--force")
	if err == nil || !strings.Contains(err.Error(), "s3://"+bucket+"/site/") || !strings.Contains(err.Error(), "AWS_SECRET_ACCESS_KEY") {
		t.Fatalf("refused credential: %v", err)
	}
	if after := srv.Objects(t, bucket, "site/"); len(after) != len(before) {
		t.Fatal("the store changed")
	}
}

// startStore starts a real S3 server with a bucket, and names it to the commands as the
// environment does (no DEPLOY_TARGET: each command says --to).
func startStore(t *testing.T) (*s3test.Server, string) {
	t.Helper()
	srv := s3test.Start(t)
	for _, kv := range srv.Env() {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	t.Setenv("DEPLOY_TARGET", "")
	return srv, srv.Bucket(t)
}

// assertStoreHolds checks that the store's objects below prefix are the site in dir, byte for
// byte with their content types, every page with the security headers of the site's own
// _headers file as its metadata, and nothing else but the deploy manifest.
func assertStoreHolds(t *testing.T, srv *s3test.Server, bucket, prefix, dir string) {
	t.Helper()
	objs := srv.Objects(t, bucket, prefix)
	headers, err := os.ReadFile(filepath.Join(dir, "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	policy := regexp.MustCompile(`(?m)^  Content-Security-Policy: (.*)$`).FindSubmatch(headers)
	if policy == nil {
		t.Fatalf("no policy in the site's _headers:\n%s", headers)
	}
	files := 0
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		if rel, _ := filepath.Rel(dir, p); rel == "_headers" || rel == "_redirects" {
			return nil // instructions for a host, which the deploy turns into metadata
		}
		files++
		rel, _ := filepath.Rel(dir, p)
		data, _ := os.ReadFile(p)
		o, ok := objs[prefix+filepath.ToSlash(rel)]
		if !ok {
			t.Fatalf("%s is not on the store", rel)
		}
		if !bytes.Equal(o.Data, data) {
			t.Fatalf("%s differs on the store", rel)
		}
		if o.Info.ContentType != deploy.ContentType(filepath.ToSlash(rel)) || o.Info.ContentType == "application/octet-stream" && path.Ext(rel) != ".bin" {
			t.Fatalf("%s stored as %q", rel, o.Info.ContentType)
		}
		if got := o.Info.Metadata.Get("X-Amz-Meta-Content-Security-Policy"); strings.HasSuffix(rel, ".html") && got != string(policy[1]) {
			t.Fatalf("%s carries the policy\n%s\nbut the site's _headers says\n%s", rel, got, policy[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) != files+1 {
		t.Fatalf("%d objects on the store for %d files", len(objs), files)
	}
}

func TestBuildRefusesAMissingDatabase(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope.db")
	err := run(t, "build", "--db", missing, "--out", filepath.Join(dir, "dist"), "--content", filepath.Join(repo, "content"), "--site", filepath.Join(repo, "site"))
	if err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "--empty") {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "dist")); err == nil {
		t.Fatal("a build from a missing database wrote a site")
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("the missing database was created")
	}
}

// TestBuildFromAdminServerAndSnapshotEqualsBuildFromDatabase: the CI paths (--source with the
// admin server's address, --source with an export) build the same site, byte for byte, as the
// database does, uploaded images included.
func TestBuildFromAdminServerAndSnapshotEqualsBuildFromDatabase(t *testing.T) {
	bundleOrSkip(t)
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "site.db")
	uploads := filepath.Join(dir, "uploads")
	os.MkdirAll(uploads, 0o755)
	upload := "0123456789abcdef0123456789abcdef.png"
	png := pngBytes(t, 8, 8)
	os.WriteFile(filepath.Join(uploads, upload), png, 0o644)
	extra := filepath.Join(dir, "extra.json")
	os.WriteFile(extra, []byte(`[{"title":"Post with an upload","slug":"post-with-an-upload","content":"<p>Hello <img src=\"/uploads/`+upload+`\"></p>","category":"News","image":"/uploads/`+upload+`","createdAt":"2026-02-01T10:00:00Z"}]`), 0o644)
	db, err := store.Open(dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := operator.ImportFiles(db, []string{filepath.Join(repo, "content", "demo", "blogs.json"), filepath.Join(repo, "content", "demo", "services.json"), extra}, func(string) {}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	common := []string{"--content", filepath.Join(repo, "content"), "--site", filepath.Join(repo, "site")}
	fromDB := filepath.Join(dir, "from-db")
	if err := run(t, append([]string{"build", "--db", dbPath, "--uploads", uploads, "--out", fromDB}, common...)...); err != nil {
		t.Fatal(err)
	}

	db, err = store.Open(dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// The admin server's read API, over services that are made but need not run for reads.
	queue, err := publish.NewQueue(db, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	schedules, err := publish.NewScheduler(publish.SchedulerConfig{DB: db, Builds: queue})
	if err != nil {
		t.Fatal(err)
	}
	spool := mailkinds.NewSpool(mailkinds.Config{DB: db, Schedules: schedules}, &mail.Outbox{Dir: filepath.Join(dir, "outbox")}, nil)
	srv, err := api.New(api.Config{DB: db, Builds: queue, Schedules: schedules, Mail: spool,
		JWTSecret: bytes.Repeat([]byte("k"), 32), UploadsDir: uploads, OutDir: filepath.Join(dir, "none")})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	fromAPI := filepath.Join(dir, "from-api")
	fetched := filepath.Join(dir, "fetched")
	if err := run(t, append([]string{"build", "--source", hs.URL, "--uploads", fetched, "--out", fromAPI}, common...)...); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(fetched, upload)); !bytes.Equal(data, png) {
		t.Fatal("the upload was not fetched from the admin server")
	}
	assertSameSite(t, fromDB, fromAPI)

	snap := filepath.Join(dir, "snapshot")
	if _, err := operator.ExportFiles(db, snap); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(snap, "uploads"), 0o755)
	os.WriteFile(filepath.Join(snap, "uploads", upload), png, 0o644)
	fromSnap := filepath.Join(dir, "from-snapshot")
	if err := run(t, append([]string{"build", "--source", snap, "--out", fromSnap}, common...)...); err != nil {
		t.Fatal(err)
	}
	assertSameSite(t, fromDB, fromSnap)

	// --db and --source together are refused; a source that is not there names itself.
	if err := run(t, append([]string{"build", "--db", dbPath, "--source", snap, "--out", filepath.Join(dir, "x")}, common...)...); err == nil || !strings.Contains(err.Error(), "give one") {
		t.Fatalf("--db with --source: %v", err)
	}
	if err := run(t, append([]string{"build", "--source", filepath.Join(dir, "no-such"), "--out", filepath.Join(dir, "x")}, common...)...); err == nil || !strings.Contains(err.Error(), "adminapi export") {
		t.Fatalf("missing snapshot: %v", err)
	}
}

// assertSameSite compares two built sites file by file (the build manifests aside).
func assertSameSite(t *testing.T, a, b string) {
	t.Helper()
	list := func(root string) map[string][]byte {
		out := map[string][]byte{}
		root, _ = filepath.EvalSymlinks(root)
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasPrefix(d.Name(), ".") {
				rel, _ := filepath.Rel(root, p)
				out[rel], _ = os.ReadFile(p)
			}
			return nil
		})
		return out
	}
	fa, fb := list(a), list(b)
	if len(fa) != len(fb) || len(fa) == 0 {
		t.Fatalf("%d files against %d", len(fa), len(fb))
	}
	for rel, data := range fa {
		if !bytes.Equal(data, fb[rel]) {
			t.Fatalf("%s differs", rel)
		}
	}
}

func TestErrorsSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "--empty", "--content", filepath.Join(dir, "content"), "--out", filepath.Join(dir, "dist")}, "run sitegen from the project's root folder, or pass --content"},
		{[]string{"build", "--empty", "--content", dir, "--out", filepath.Join(dir, "dist")}, "has no site.yaml"},
		{[]string{"check", "--content", filepath.Join(repo, "content"), "--out", filepath.Join(dir, "dist")}, "build it first (sitegen build --out " + filepath.Join(dir, "dist") + ")"},
		{[]string{"deploy", "--to", "s3://bucket", "--out", filepath.Join(dir, "dist")}, "build the site first"},
		{[]string{"deploy", "--to", "bucket"}, "expected s3://BUCKET"},
		{[]string{"build", "--dbb", "x.db"}, "unknown flag: --dbb\nDid you mean --db?\n\nUsage:\n  sitegen build [flags]"},
		{[]string{"deploy", "--dry-rn"}, "Did you mean --dry-run?"},
	} {
		t.Setenv("AWS_ACCESS_KEY_ID", "x")
		t.Setenv("AWS_SECRET_ACCESS_KEY", "y")
		if err := run(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestBuildRefusesToRemoveMostOfTheSite: a build from an empty database over a site of many
// posts is refused unless --force, and the live site stays.
func TestBuildRefusesToRemoveMostOfTheSite(t *testing.T) {
	bundleOrSkip(t)
	dir := t.TempDir()
	var posts []string
	for i := 0; i < 40; i++ {
		posts = append(posts, fmt.Sprintf(`{"title":"Post %d","slug":"post-%d","content":"<p>Words %d.</p>","category":"News","createdAt":"2026-01-%02dT10:00:00Z"}`, i, i, i, i%28+1))
	}
	file := filepath.Join(dir, "posts.json")
	os.WriteFile(file, []byte("["+strings.Join(posts, ",")+"]"), 0o644)
	full, empty := filepath.Join(dir, "full.db"), filepath.Join(dir, "empty.db")
	for _, p := range []string{full, empty} {
		db, err := store.Open(p, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if p == full {
			if _, err := operator.ImportFiles(db, []string{file}, func(string) {}); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
	}
	out := filepath.Join(dir, "dist")
	common := []string{"--out", out, "--uploads", dir, "--content", filepath.Join(repo, "content"), "--site", filepath.Join(repo, "site")}
	if err := run(t, append([]string{"build", "--db", full}, common...)...); err != nil {
		t.Fatal(err)
	}
	live, _ := filepath.EvalSymlinks(out)
	err := run(t, append([]string{"build", "--db", empty}, common...)...)
	if err == nil || !regexp.MustCompile(`would remove \d+ of the \d+ pages`).MatchString(err.Error()) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("got %v", err)
	}
	if now, _ := filepath.EvalSymlinks(out); now != live {
		t.Fatal("the refused build replaced the live site")
	}
	if err := run(t, append([]string{"build", "--db", empty, "--force"}, common...)...); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "blog", "post-1", "index.html")); err == nil {
		t.Fatal("the forced build kept the posts")
	}
}

// TestBuildKnowsTheIntakeSwitch: a build outside the admin server (a CI job's sitegen build)
// with the intake's keys publishes what the admin's switch says: switched off, intake.json says
// {"enabled":false} and signs no upload policy, from the database and from what an admin server
// publishes; switched on again, the policy is signed.
func TestBuildKnowsTheIntakeSwitch(t *testing.T) {
	bundleOrSkip(t)
	for k, v := range map[string]string{"INTAKE_TARGET": "s3://agency-intake", "INTAKE_ENDPOINT_URL": "http://127.0.0.1:1",
		"INTAKE_REGION": "ap-south-1", "INTAKE_UPLOAD_ACCESS_KEY_ID": "upload", "INTAKE_UPLOAD_SECRET_ACCESS_KEY": "upload-secret",
		"INTAKE_DRAIN_ACCESS_KEY_ID": "drain", "INTAKE_DRAIN_SECRET_ACCESS_KEY": "drain-secret"} {
		t.Setenv(k, v)
	}
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "site.db")
	db, err := store.Open(dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := intake.Switch(db, false, "admin", time.Now()); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out := filepath.Join(dir, "dist")
	build := func() map[string]any {
		t.Helper()
		if err := run(t, "build", "--db", dbPath, "--out", out, "--content", testContent, "--site", filepath.Join(repo, "site")); err != nil {
			t.Fatal(err)
		}
		var file map[string]any
		if b, err := os.ReadFile(filepath.Join(out, "intake.json")); err != nil || json.Unmarshal(b, &file) != nil {
			t.Fatalf("intake.json: %v %s", err, b)
		}
		return file
	}
	if file := build(); file["enabled"] != false || file["fields"] != nil {
		t.Fatalf("switched off, the build published %v", file)
	}

	// An admin server publishes that intake.json: a build from it reads the switch there.
	site := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer site.Close()
	if off, where := intakeSwitchedOff(context.Background(), &source.Records{Origin: site.URL}); !off || where != site.URL+"/intake.json" {
		t.Fatalf("from the admin server's intake.json: off %v (%s)", off, where)
	}

	db, err = store.Open(dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := intake.Switch(db, true, "admin", time.Now()); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if file := build(); file["enabled"] != true || file["fields"] == nil {
		t.Fatalf("switched on, the build published %v", file)
	}
	if off, _ := intakeSwitchedOff(context.Background(), &source.Records{Origin: site.URL}); off {
		t.Fatal("an admin server whose intake.json is signed counts as switched off")
	}
}
