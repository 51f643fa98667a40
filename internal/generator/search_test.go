package generator

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/search"
)

// searchAnswers asks the index of the live site at out, as the browser would, and returns every
// hit as "matched score url", sorted (pages of equal rank by URL).
func searchAnswers(t *testing.T, out, q string) []string {
	t.Helper()
	root, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	sr, err := search.NewSearcher(func(p string) ([]byte, error) {
		return os.ReadFile(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(p, "/"))))
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sr.Search(q)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, h := range res.Hits {
		d, err := sr.Doc(h.ID)
		if err != nil {
			t.Fatalf("doc %d: %v", h.ID, err)
		}
		lines = append(lines, fmt.Sprintf("%d %.6f %s", h.Matched, h.Score, d.URL))
	}
	sort.Strings(lines)
	return lines
}

func TestSearchIndexFollowsPublishes(t *testing.T) {
	needBundle(t)
	ctx := context.Background()
	s := newTestSite(t)
	b := s.builder(t)
	first, err := b.Build(ctx, s.db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !first.Search.Merged || first.Search.Pages < 10 || first.Search.Written != first.Search.Files {
		t.Fatalf("first build's index: %+v", first.Search)
	}
	// Posts, services, landing pages and the site's pages are all found, best match first.
	for q, want := range map[string]string{
		"local seo clinics ": "/blog/local-seo-for-noida-clinics/",
		"video marketing ":   "/video-marketing/",
		"privacy ":           "/privacy-policy/",
		"courses ":           "/courses/",
	} {
		got := searchURLs(t, s.out, q)
		if len(got) == 0 || got[0] != want {
			t.Errorf("%q: %v, want %s first", q, got, want)
		}
	}
	if page := s.read(t, "search/index.html"); !strings.Contains(page, `action="/search/"`) || !strings.Contains(page, `href="/blog/local-seo-for-noida-clinics/"`) ||
		!strings.Contains(page, `href="/video-marketing/"`) || !strings.Contains(page, `noindex`) {
		t.Error("/search/ lacks its form, its list of pages or noindex")
	}
	base := readTreeAll(t, s.out, "assets/search/")

	// A publish: the post is found, and only the delta, the manifest and one doc file are new.
	draft, err := s.db.CreatePreviewBlog(domain.Blog{Title: "Zorblax Reels for Bakeries", Category: "Social", Content: "<p>Bakeries love zorblax reels.</p>"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.PublishBlog(draft.Slug, nil); err != nil {
		t.Fatal(err)
	}
	res, err := b.Build(ctx, s.db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first build: %+v; publish: %+v", first.Search, res.Search)
	if res.Search.Merged || res.Search.Written == 0 {
		t.Fatalf("publish: %+v", res.Search)
	}
	if got := searchURLs(t, s.out, "zorblax"); len(got) != 1 || got[0] != "/blog/"+draft.Slug+"/" {
		t.Fatalf("zorblax: %v", got)
	}
	after := readTreeAll(t, s.out, "assets/search/")
	docs := 0
	for _, p := range res.Search.Chunks {
		if strings.HasPrefix(p, "assets/search/d/") {
			docs++
		}
		if _, existed := base[p]; existed {
			t.Errorf("publish rewrote %s", p)
		}
	}
	if docs != 1 {
		t.Errorf("publish wrote %d doc files: %v", docs, res.Search.Chunks)
	}
	for p, ino := range base {
		if now, ok := after[p]; ok && now != ino {
			t.Errorf("%s was written again", p)
		}
	}

	// Nothing changed: nothing written, the live site kept.
	again, err := b.Build(ctx, s.db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if again.Swapped || again.Search.Written != 0 {
		t.Fatalf("unchanged rebuild: swapped %v, search %+v", again.Swapped, again.Search)
	}
}

func searchURLs(t *testing.T, out, q string) []string {
	t.Helper()
	var urls []string
	lines := searchAnswers(t, out, q)
	sort.SliceStable(lines, func(i, j int) bool { return rankKey(lines[i]) > rankKey(lines[j]) })
	for _, l := range lines {
		urls = append(urls, l[strings.LastIndex(l, " ")+1:])
	}
	return urls
}

// rankKey orders "matched score url" lines best first.
func rankKey(line string) string {
	var m int
	var sc float64
	fmt.Sscan(line, &m, &sc)
	return fmt.Sprintf("%03d %015.6f", m, sc)
}

// readTreeAll maps the files under dir of the live site to their inode numbers.
func readTreeAll(t *testing.T, out, dir string) map[string]uint64 {
	t.Helper()
	root, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]uint64{}
	filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			info, _ := d.Info()
			rel, _ := filepath.Rel(root, p)
			files[filepath.ToSlash(rel)] = info.Sys().(*syscall.Stat_t).Ino
		}
		return nil
	})
	return files
}
