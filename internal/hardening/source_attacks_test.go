package hardening

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"digitalreeviver/internal/generator"
)

// A build from a source trusts nothing it reads: a slug that climbs out of the site (a dozen
// "../" and then a folder of the attacker's choosing), a slug ".." (which named the home page)
// and a service slug that climbs out, each from an admin server's read API and from a snapshot
// folder, fail the build naming the record and why; nothing is written outside the output, and
// the live site stays as it was, byte for byte.
func TestHostileSourceCannotWriteOutsideTheSite(t *testing.T) {
	needBundle(t)
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.MkdirAll(victim, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "site", "dist")
	good := `{"title":"A good post","slug":"a-good-post","content":"<p>Hello there.</p>","category":"News","createdAt":"2026-02-01T10:00:00Z"}`
	build := func(source string) (string, error) {
		return run(t, nil, sitegen, "build", "--source", source, "--out", out, "--content", contentDir, "--site", siteDir,
			"--uploads", filepath.Join(dir, "fetched"))
	}
	snapshot := func(name, blogs, services string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(p, "blogs.json"), []byte(blogs), 0o644)
		os.WriteFile(filepath.Join(p, "services.json"), []byte(services), 0o644)
		return p
	}
	if o, err := build(snapshot("good", "["+good+"]", "[]")); err != nil {
		t.Fatalf("build of a good snapshot: %v\n%s", err, o)
	}
	live := generator.LiveGeneration(out)
	want := treeHashes(t, live)
	if _, ok := want["blog/a-good-post/index.html"]; !ok {
		t.Fatal("the good post was not built")
	}

	climb := strings.Repeat("../", 12) + strings.TrimPrefix(filepath.ToSlash(victim), "/") + "/pwned"
	post := func(slug string) string {
		return `{"title":"Hostile post","slug":"` + slug + `","content":"<p>Owned.</p>","category":"News","createdAt":"2026-02-02T10:00:00Z"}`
	}
	service := func(slug string) string {
		return `{"title":"Hostile service","slug":"` + slug + `","description":"<p>Owned.</p>","category":"SEO","createdAt":"2026-02-02T10:00:00Z"}`
	}
	cases := []struct{ name, slug, blogs, services string }{
		{"blog slug climbing out", climb, "[" + good + "," + post(climb) + "]", "[]"},
		{"blog slug ..", "..", "[" + good + "," + post("..") + "]", "[]"},
		{"service slug climbing out", climb, "[" + good + "]", "[" + service(climb) + "]"},
		{"service slug ..", "..", "[" + good + "]", "[" + service("..") + "]"},
	}
	for i, c := range cases {
		hostile := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			switch r.URL.Path {
			case "/api/blogs":
				w.Write([]byte(c.blogs))
			case "/api/services":
				w.Write([]byte(c.services))
			default:
				http.NotFound(w, r)
			}
		}))
		for _, source := range []string{hostile.URL, snapshot("hostile-"+string(rune('a'+i)), c.blogs, c.services)} {
			o, err := build(source)
			if err == nil {
				t.Errorf("%s from %s: the build succeeded\n%s", c.name, source, o)
			}
			if !strings.Contains(o, `slug "`+c.slug+`"`) || !strings.Contains(o, "Slug may only hold") {
				t.Errorf("%s from %s: the error does not name the record and why:\n%s", c.name, source, o)
			}
			if now := generator.LiveGeneration(out); now != live {
				t.Errorf("%s from %s: the live site moved to %s", c.name, source, now)
			}
			got := treeHashes(t, live)
			if len(got) != len(want) {
				t.Errorf("%s from %s: the live generation has %d files, had %d", c.name, source, len(got), len(want))
			}
			for f, h := range want {
				if got[f] != h {
					t.Errorf("%s from %s: live file %s changed", c.name, source, f)
				}
			}
			if escaped := treeHashes(t, victim); len(escaped) > 0 {
				t.Fatalf("%s from %s: the build wrote outside its site: %v", c.name, source, escaped)
			}
		}
		hostile.Close()
	}
}
