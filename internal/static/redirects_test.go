package static

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A new version of _redirects (a publish adds a line) applies from the first request after it,
// whether or not that request waits for the file to be parsed.
func TestANewRedirectAppliesFromTheFirstRequest(t *testing.T) {
	dist, gen := site(t)
	h := Handler(dist, nil)
	g1 := gen("g1", "one")
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	write := func(data string, at time.Time) {
		os.WriteFile(filepath.Join(g1, "_redirects"), []byte(data), 0o644)
		os.Chtimes(filepath.Join(g1, "_redirects"), at, at)
	}
	write("/preview/blog/a/ /blog/a/ 301\n", time.Now())
	if res, _ := get(t, h, "/about/"); res.StatusCode != 200 {
		t.Fatalf("GET /about/: %d", res.StatusCode)
	}
	// The next publish: its line, and a line in a comment, which is no rule.
	write("/preview/blog/a/ /blog/a/ 301\n  /preview/blog/b/  /blog/b/ 301\n# /old/ /about/ 301\n", time.Now().Add(time.Minute))
	for _, c := range []struct {
		path string
		want int
	}{{"/preview/blog/b/", 301}, {"/old/", 404}, {"/about/", 200}, {"/preview/blog/b", 301}, {"/preview/blog/a/", 301}} {
		if res, _ := get(t, h, c.path); res.StatusCode != c.want {
			t.Errorf("GET %s after the file changed: %d, want %d", c.path, res.StatusCode, c.want)
		}
	}
}

// mayRedirect is false only where no rule can reach the file.
func TestMayRedirect(t *testing.T) {
	data := []byte("# rules\n/old/ /new/ 301\n\t/offer.html /about/ 302\n  /x.html/ /y/\n/notes # /hidden/ /about/\n")
	for key, want := range map[string]bool{
		"old/index.html":    true,
		"offer.html":        true,
		"x.html/index.html": true,
		"notes/index.html":  true,
		"index.html":        true, // "/" starts every source
		"new/index.html":    false,
		"about/index.html":  false,
		"hidden/index.html": false, // in a comment
		"rules/index.html":  false,
		"ol/index.html":     true, // "/old/" starts with "/ol": may (the parse then says no)
	} {
		if got := mayRedirect(data, key); got != want {
			t.Errorf("mayRedirect(%q) = %t, want %t", key, got, want)
		}
	}
}
