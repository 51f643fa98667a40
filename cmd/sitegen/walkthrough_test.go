package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"digitalreeviver/internal/intake/intaketest"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/s3test"
	"digitalreeviver/internal/store"
)

// TestBuildRefusesAFolderItDidNotMake: --out naming a folder of the operator's (not the link a
// build makes, not empty) is refused, naming it and what to do, and its files stay; an empty
// folder is taken over, and the builds after it replace the link as usual.
func TestBuildRefusesAFolderItDidNotMake(t *testing.T) {
	bundleOrSkip(t)
	dir := t.TempDir()
	www := filepath.Join(dir, "www")
	os.MkdirAll(www, 0o755)
	important := filepath.Join(www, "important.txt")
	os.WriteFile(important, []byte("x"), 0o644)
	build := func(out string, more ...string) error {
		return run(t, append([]string{"build", "--empty", "--db", filepath.Join(dir, "none.db"), "--out", out, "--content", testContent,
			"--site", filepath.Join(repo, "site"), "--uploads", dir}, more...)...)
	}
	for _, more := range [][]string{nil, {"--clean"}, {"--force"}} {
		err := build(www, more...)
		if err == nil || !strings.Contains(err.Error(), www) || !strings.Contains(err.Error(), "(it holds important.txt)") ||
			!strings.Contains(err.Error(), "pick another --out") {
			t.Fatalf("build %v over a folder of the operator's: %v", more, err)
		}
		if data, err := os.ReadFile(important); err != nil || string(data) != "x" {
			t.Fatalf("the operator's file is gone: %v", err)
		}
	}
	if st, err := os.Lstat(www); err != nil || !st.IsDir() {
		t.Fatal("the operator's folder was replaced")
	}
	if _, err := os.Stat(filepath.Join(dir, ".www")); err == nil {
		t.Fatal("a refused build made the generations' folder")
	}

	// A file at --out is refused too.
	file := filepath.Join(dir, "site.html")
	os.WriteFile(file, []byte("<p>mine</p>"), 0o644)
	if err := build(file); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Fatalf("build over a file: %v", err)
	}

	// An empty folder is taken over: it becomes the link, and later builds go on from it.
	empty := filepath.Join(dir, "html")
	os.MkdirAll(empty, 0o755)
	if err := build(empty); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(empty); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the empty folder did not become the link to the live generation")
	}
	// What an earlier version moved aside (.html/legacy-*) is the operator's: no build removes it.
	aside := filepath.Join(dir, ".html", "legacy-0123abcd", "important.txt")
	os.MkdirAll(filepath.Dir(aside), 0o755)
	os.WriteFile(aside, []byte("x"), 0o644)
	if err := build(empty, "--clean"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(empty, "index.html")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(aside); err != nil {
		t.Fatalf("a build removed what an earlier version had moved aside: %v", err)
	}
}

// stdout runs fn and returns what it printed on the standard output.
func stdout(t *testing.T, fn func() error) (string, error) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	got := make(chan string)
	go func() {
		data, _ := io.ReadAll(r)
		got <- string(data)
	}()
	err = fn()
	os.Stdout = saved
	w.Close()
	return <-got, err
}

// TestRollbackDryRunChangesNothing: rollback --dry-run, with and without --to, says which
// generation would be served (and the store's plan) and leaves the link, the generations and
// the store as they were; the real rollback then does it.
func TestRollbackDryRunChangesNothing(t *testing.T) {
	bundleOrSkip(t)
	srv, bucket := startStore(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "dist")
	common := []string{"--empty", "--db", filepath.Join(dir, "none.db"), "--out", out, "--content", testContent, "--site", filepath.Join(repo, "site"), "--uploads", dir}
	if err := run(t, append([]string{"build", "--base-url", "https://one.example.com"}, common...)...); err != nil {
		t.Fatal(err)
	}
	first, _ := filepath.EvalSymlinks(out)
	if err := run(t, append([]string{"build", "--base-url", "https://two.example.com"}, common...)...); err != nil {
		t.Fatal(err)
	}
	second, _ := filepath.EvalSymlinks(out)
	target := "s3://" + bucket + "/site"
	if err := run(t, "deploy", "--to", target, "--out", out); err != nil {
		t.Fatal(err)
	}
	gens := func() []string {
		entries, _ := os.ReadDir(filepath.Join(dir, ".dist"))
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	before := strings.Join(gens(), " ")

	for _, args := range [][]string{{"rollback", "--out", out, "--dry-run"}, {"rollback", "--out", out, "--to", target, "--dry-run"}} {
		printed, err := stdout(t, func() error { return run(t, args...) })
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		want := out + " would serve generation " + filepath.Base(first) + " (it serves " + filepath.Base(second) + " now)"
		if !strings.Contains(printed, want) || !strings.Contains(printed, "dry run: nothing was changed") || strings.Contains(printed, "now serves") {
			t.Fatalf("%v printed:\n%s\nwant %q", args, printed, want)
		}
		if now, _ := filepath.EvalSymlinks(out); now != second {
			t.Fatalf("%v switched the live site", args)
		}
		if after := strings.Join(gens(), " "); after != before {
			t.Fatalf("%v changed the generations: %s, was %s", args, after, before)
		}
		assertStoreHolds(t, srv, bucket, "site/", second)
	}

	if err := run(t, "rollback", "--out", out, "--to", target); err != nil {
		t.Fatal(err)
	}
	if now, _ := filepath.EvalSymlinks(out); now != first {
		t.Fatal("the rollback after the dry runs did not serve the first generation")
	}
	assertStoreHolds(t, srv, bucket, "site/", first)
}

// TestAddressesWithoutASchemeAreRefused: the site's address (--base-url, SITE_URL, site.yaml's
// baseUrl), the forms' endpoint and the intake's --origin are held to what a browser can use,
// and the refusal shows the corrected form; nothing is built.
func TestAddressesWithoutASchemeAreRefused(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "dist")
	content := filepath.Join(dir, "content")
	if err := os.CopyFS(content, os.DirFS(testContent)); err != nil {
		t.Fatal(err)
	}
	siteYAML := filepath.Join(content, "site.yaml")
	data, _ := os.ReadFile(siteYAML)
	os.WriteFile(siteYAML, []byte(strings.Replace(string(data), `baseUrl: "https://www.test-agency.example"`, `baseUrl: "www.test-agency.example"`, 1)), 0o644)
	build := []string{"build", "--empty", "--db", filepath.Join(dir, "none.db"), "--out", out, "--site", filepath.Join(repo, "site"), "--uploads", dir}
	for k, v := range map[string]string{"INTAKE_TARGET": "s3://agency-intake", "INTAKE_ENDPOINT_URL": "http://127.0.0.1:1",
		"INTAKE_UPLOAD_ACCESS_KEY_ID": "upload", "INTAKE_UPLOAD_SECRET_ACCESS_KEY": "upload-secret",
		"INTAKE_DRAIN_ACCESS_KEY_ID": "drain", "INTAKE_DRAIN_SECRET_ACCESS_KEY": "drain-secret",
		"AWS_ACCESS_KEY_ID": "x", "AWS_SECRET_ACCESS_KEY": "y", "SITE_URL": "", "FORM_ENDPOINT": ""} {
		t.Setenv(k, v)
	}
	for _, tc := range []struct {
		env  string // SITE_URL
		args []string
		want string
	}{
		{"", append(build, "--content", testContent, "--base-url", "www.example.com"), "did you mean https://www.example.com?"},
		{"", append(build, "--content", testContent, "--base-url", "ftp://x y"), "expected an http:// or https:// address"},
		{"www.example.com", append(build, "--content", testContent), "(--base-url, env SITE_URL) \"www.example.com\" has no scheme: did you mean https://www.example.com?"},
		{"", append(build, "--content", content), "site.yaml: baseUrl \"www.test-agency.example\" has no scheme: did you mean https://www.test-agency.example?"},
		{"", append(build, "--content", testContent, "--form-endpoint", "api.example.com/popup"), "did you mean https://api.example.com/popup?"},
		{"", []string{"deploy", "--setup-intake", "--origin", "www.example.com", "--dry-run"}, "did you mean https://www.example.com?"},
		{"https://www.example.com/contactus/", []string{"deploy", "--setup-intake", "--dry-run"}, "--origin (default env SITE_URL): \"https://www.example.com/contactus\" is not an origin"},
		{"", []string{"deploy", "--to", "s3://www-site", "--out", out, "--purge-base-url", "www.example.com"}, "did you mean https://www.example.com?"},
	} {
		t.Setenv("SITE_URL", tc.env)
		if err := run(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("SITE_URL=%q %v:\n got %v\nwant %q", tc.env, tc.args, err, tc.want)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Fatalf("%v built a site", tc.args)
		}
	}
}

// TestTheSiteBucketIsNeverTheIntake: deploy --setup-intake and a deploy refuse an INTAKE_TARGET
// that is the deploy target's bucket on the same store (with or without a prefix), saying why,
// and change nothing; an intake bucket of its own is set up.
func TestTheSiteBucketIsNeverTheIntake(t *testing.T) {
	srv := s3test.StartIAM(t)
	site := srv.Bucket(t)
	own := intaketest.Bucket(t, srv)
	for _, kv := range append(srv.Env(), intaketest.Env(own)...) {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	t.Setenv("DEPLOY_TARGET", "s3://"+site)
	out := filepath.Join(t.TempDir(), "dist")
	for _, intakeTarget := range []string{"s3://" + site, "s3://" + site + "/enquiries"} {
		t.Setenv("INTAKE_TARGET", intakeTarget)
		for _, args := range [][]string{
			{"deploy", "--setup-intake", "--origin", "https://www.example.com", "--dry-run"},
			{"deploy", "--setup-intake", "--origin", "https://www.example.com"},
			{"deploy", "--out", out, "--dry-run"},
			{"rollback", "--out", out, "--to", "s3://" + site + "/www"},
		} {
			err := run(t, args...)
			if err == nil || !strings.Contains(err.Error(), "is the site's bucket (s3://"+site+"/") || !strings.Contains(err.Error(), "public through the CDN") {
				t.Fatalf("INTAKE_TARGET=%s %v: %v", intakeTarget, args, err)
			}
		}
	}
	cors, _ := srv.Client().GetBucketCors(context.Background(), site)
	if cors != nil && len(cors.CORSRules) > 0 || len(srv.Objects(t, site, "")) > 0 {
		t.Fatal("the refused setup changed the site's bucket")
	}
	t.Setenv("INTAKE_TARGET", "s3://"+own.Bucket)
	if printed, err := stdout(t, func() error {
		return run(t, "deploy", "--setup-intake", "--origin", "https://www.example.com", "--dry-run")
	}); err != nil || !strings.Contains(printed, "CORS: POST from https://www.example.com") {
		t.Fatalf("an intake bucket of its own: %v\n%s", err, printed)
	}
}

// TestGuardsKeepThePostsOfASmallSite: on the demo site (about thirty fixed pages, ten posts,
// six services), a build from an export with no records, or with --empty, would remove every
// post and service without removing half the pages: the build refuses it unless --force, naming
// how many would go; forced, the deploy refuses it in turn unless --force, and the store keeps
// the posts and their preview redirects. On the way, check's count of HTML files is shown to be
// the build's pages and its redirect pages.
func TestGuardsKeepThePostsOfASmallSite(t *testing.T) {
	bundleOrSkip(t)
	srv, bucket := startStore(t)
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "site.db")
	db, err := store.Open(dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := operator.ImportFiles(db, []string{filepath.Join(repo, "content", "demo", "blogs.json"), filepath.Join(repo, "content", "demo", "services.json")}, func(string) {}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	emptyExport := filepath.Join(dir, "export")
	os.MkdirAll(emptyExport, 0o755)
	os.WriteFile(filepath.Join(emptyExport, "blogs.json"), []byte("[]"), 0o644)
	os.WriteFile(filepath.Join(emptyExport, "services.json"), []byte("[]"), 0o644)
	out := filepath.Join(dir, "dist")
	common := []string{"--out", out, "--uploads", filepath.Join(dir, "uploads"), "--content", filepath.Join(repo, "content"), "--site", filepath.Join(repo, "site")}
	built, err := stdout(t, func() error { return run(t, append([]string{"build", "--db", dbPath}, common...)...) })
	if err != nil {
		t.Fatal(err)
	}
	live, _ := filepath.EvalSymlinks(out)
	// check counts the HTML files, and says how they add up to what the build counted.
	pages := regexp.MustCompile(`built (\d+) pages`).FindStringSubmatch(built)
	checked, err := stdout(t, func() error { return run(t, "check", "--out", out, "--content", filepath.Join(repo, "content")) })
	if err != nil || pages == nil || !strings.Contains(checked, "(the build's "+pages[1]+" pages and 10 redirect pages)") {
		t.Fatalf("build said %q, check said %q (%v)", built, checked, err)
	}
	target := "s3://" + bucket
	if err := run(t, "deploy", "--to", target, "--out", out); err != nil {
		t.Fatal(err)
	}
	stored := srv.Objects(t, bucket, "")
	post, preview := "blog/"+firstSlug(t)+"/index.html", "preview/blog/"+firstSlug(t)+"/index.html"
	if _, ok := stored[post]; !ok {
		t.Fatalf("%s is not on the store", post)
	}

	for _, source := range [][]string{{"--source", emptyExport}, {"--empty", "--db", filepath.Join(dir, "none.db")}} {
		err := run(t, append(append([]string{"build"}, source...), common...)...)
		if err == nil || !strings.Contains(err.Error(), "would remove all 10 posts and all 6 services of the live site") || !strings.Contains(err.Error(), "--force") {
			t.Fatalf("build %v: %v", source, err)
		}
		if now, _ := filepath.EvalSymlinks(out); now != live {
			t.Fatalf("the refused build %v replaced the live site", source)
		}
	}
	if err := run(t, append([]string{"build", "--source", emptyExport, "--force"}, common...)...); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"deploy", "--to", target, "--out", out, "--dry-run"}, {"deploy", "--to", target, "--out", out}} {
		err := run(t, args...)
		if err == nil || !strings.Contains(err.Error(), "would remove all 10 posts and all 6 services live on "+target+"/") || !strings.Contains(err.Error(), "--force") {
			t.Fatalf("%v: %v", args, err)
		}
	}
	now := srv.Objects(t, bucket, "")
	for _, key := range []string{post, preview} {
		if _, ok := now[key]; !ok {
			t.Fatalf("the refused deploy removed %s", key)
		}
	}
	if len(now) != len(stored) {
		t.Fatalf("the refused deploy changed the store: %d objects, was %d", len(now), len(stored))
	}
	if err := run(t, "deploy", "--to", target, "--out", out, "--force"); err != nil {
		t.Fatal(err)
	}
	if _, ok := srv.Objects(t, bucket, "")[post]; ok {
		t.Fatal("the forced deploy kept the posts")
	}
}

// firstSlug is the slug of the first post of the demo content.
func firstSlug(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repo, "content", "demo", "blogs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var posts []struct {
		Slug string `json:"slug"`
	}
	if err := json.Unmarshal(data, &posts); err != nil || len(posts) == 0 {
		t.Fatalf("demo posts: %v", err)
	}
	return posts[0].Slug
}

// TestDeploySaysWhenTheFormsPostToTheBucket: a site built with site.yaml's "/popup" posts its
// enquiries to the bucket's own address, which answers no POST: the deploy says so; built with
// the admin server's address (FORM_ENDPOINT), it does not.
func TestDeploySaysWhenTheFormsPostToTheBucket(t *testing.T) {
	bundleOrSkip(t)
	_, bucket := startStore(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "dist")
	common := []string{"build", "--empty", "--db", filepath.Join(dir, "none.db"), "--out", out, "--content", testContent,
		"--site", filepath.Join(repo, "site"), "--uploads", dir, "--base-url", "https://www.example.com"}
	deployed := func() string {
		t.Helper()
		printed, err := stdout(t, func() error { return run(t, "deploy", "--to", "s3://"+bucket+"/site", "--out", out, "--dry-run") })
		if err != nil {
			t.Fatalf("deploy --dry-run: %v\n%s", err, printed)
		}
		return printed
	}
	if err := run(t, common...); err != nil {
		t.Fatal(err)
	}
	if got := deployed(); !strings.Contains(got, "warning: the site's forms post to /popup on the site's own address") ||
		!strings.Contains(got, "FORM_ENDPOINT=https://<the admin server>/popup") {
		t.Fatalf("no warning of forms posting to the bucket:\n%s", got)
	}
	if err := run(t, append(common, "--form-endpoint", "https://admin.example.com/popup")...); err != nil {
		t.Fatal(err)
	}
	if got := deployed(); strings.Contains(got, "warning") {
		t.Fatalf("a warning for forms posting to the admin server:\n%s", got)
	}
}
