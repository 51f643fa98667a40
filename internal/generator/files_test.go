package generator

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Whatever name reaches the writer (a slug a future bug lets through, a search file, a symlink
// someone left inside a generation), nothing is written outside the generation: the names that
// climb out, absolute names and names through a symlink pointing out are refused, by write,
// link and copy alike, and the names inside work.
func TestWritesStayInTheGeneration(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	os.MkdirAll(outside, 0o755)
	src := filepath.Join(dir, "source.txt")
	os.WriteFile(src, []byte("linked"), 0o644)
	o, err := openOutput(filepath.Join(dir, "site", "dist"))
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	w, err := o.generation("g1.tmp")
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	gen := filepath.Join(dir, "site", ".dist", "g1.tmp")

	climb := strings.Repeat("../", 12) + strings.TrimPrefix(filepath.ToSlash(outside), "/")
	bad := []string{
		"../escaped.html", "../../escaped.html", "blog/../../escaped.html", "..", "../index.html",
		climb + "/pwned/index.html", filepath.ToSlash(outside) + "/abs.html", "door/through-link.html",
		"door/deeper/index.html",
	}
	for _, name := range bad {
		// A removal of the file below takes the symlink with it (as an emptied folder).
		os.Remove(filepath.Join(gen, "door"))
		if err := os.Symlink(outside, filepath.Join(gen, "door")); err != nil {
			t.Fatal(err)
		}
		if err := w.write(name, []byte("x")); err == nil {
			t.Errorf("write %q: accepted", name)
		}
		if err := w.link(src, name); err == nil {
			t.Errorf("link %q: accepted", name)
		}
		if err := w.copy(src, name); err == nil {
			t.Errorf("copy %q: accepted", name)
		}
		w.remove(name)
	}
	for _, root := range []string{outside, filepath.Join(dir, "site")} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasPrefix(p, gen+string(filepath.Separator)) && p != src {
				t.Errorf("written outside the generation: %s", p)
			}
			return nil
		})
	}
	if _, err := os.Stat(src); err != nil {
		t.Fatalf("a remove reached outside: %v", err)
	}

	// Inside, every way works, and a replaced file is replaced, not written through.
	if err := w.write("blog/a-post/index.html", []byte("page")); err != nil {
		t.Fatal(err)
	}
	if err := w.link(src, "uploads/x.png"); err != nil {
		t.Fatal(err)
	}
	if err := w.copy(src, "images/y.png"); err != nil {
		t.Fatal(err)
	}
	if err := w.write("uploads/x.png", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(src); string(data) != "linked" {
		t.Fatalf("a write went through a hard link into its source: %q", data)
	}
	for name, want := range map[string]string{"blog/a-post/index.html": "page", "uploads/x.png": "new", "images/y.png": "linked"} {
		if data, err := os.ReadFile(filepath.Join(gen, filepath.FromSlash(name))); string(data) != want {
			t.Errorf("%s: %q, %v", name, data, err)
		}
	}
	w.remove("blog/a-post/index.html")
	if _, err := os.Stat(filepath.Join(gen, "blog")); err == nil {
		t.Error("the emptied folders were kept")
	}
	// The writer keeps "blog" open for the pages below it; removed, it is made and opened anew.
	if err := w.write("blog/another/index.html", []byte("again")); err != nil {
		t.Fatalf("a write below a removed folder: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(gen, "blog", "another", "index.html")); string(data) != "again" {
		t.Errorf("blog/another/index.html: %q, %v", data, err)
	}
}

// A content image over the pixel limits (a PNG of 16000×16000 in content/images) is read no
// further than its header: a page that shows it takes its fallback image, and the build says why.
func TestContentImageOverTheLimitsIsRefused(t *testing.T) {
	content := t.TempDir()
	os.MkdirAll(filepath.Join(content, "images"), 0o755)
	bomb, err := os.ReadFile(filepath.Join("..", "media", "testdata", "pixel-bomb-16000.png"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(content, "images", "huge.png"), bomb, 0o644)
	var warned []string
	c := newImageCache(content, t.TempDir(), "", func(msg string, args ...any) { warned = append(warned, fmt.Sprint(msg, args)) })
	img := c.image("/images/huge.png", "", "/images/fallback.svg")
	if img.Src != "/images/fallback.svg" || len(warned) != 1 || !strings.Contains(warned[0], "16000×16000 pixels") {
		t.Fatalf("image %+v, warnings %q", img, warned)
	}
}
