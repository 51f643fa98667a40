package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/store"
)

var (
	repo = filepath.Join("..", "..")
	// testContent is a small content folder of the tests' own, so editing the agency's copy
	// never breaks a test.
	testContent = filepath.Join(repo, "internal", "content", "folder", "testdata", "content")
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
	err := run(t, "build", "--db", filepath.Join(dir, "none.db"), "--out", filepath.Join(dir, "dist"), "--content", testContent, "--site", dir)
	if err == nil || !strings.Contains(err.Error(), "site bundle missing") || !strings.Contains(err.Error(), "make site") {
		t.Fatalf("got %v", err)
	}
}

func TestBuildCheckAndRollback(t *testing.T) {
	bundleOrSkip(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "dist")
	common := []string{"--db", filepath.Join(dir, "none.db"), "--out", out, "--content", testContent, "--site", filepath.Join(repo, "site"), "--uploads", dir}
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
	root.SetArgs([]string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "none.db"), "--out", filepath.Join(dir, "dist"),
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
