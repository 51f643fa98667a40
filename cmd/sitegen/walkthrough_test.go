package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		if err == nil || !strings.Contains(err.Error(), www) || !strings.Contains(err.Error(), "important.txt") ||
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
