package store

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// The published blogs are listed in their list order (newest first, then by slug) after any run
// of imports, publishes, edits and deletions: a list merges the records that joined since the
// last one into that list's order, and must give what sorting them all would.
func TestListKeepsItsOrderAcrossChanges(t *testing.T) {
	seed := time.Now().UnixNano()
	if s, err := strconv.ParseInt(os.Getenv("TEST_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("seed %d (TEST_SEED=%d replays it)", seed, seed)
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	db, err := Open(filepath.Join(t.TempDir(), "site.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func() time.Time { return day.Add(time.Duration(rng.IntN(40)) * time.Hour) } // many ties
	live := map[string]bool{}
	n := 0
	for step := range 80 {
		switch op := rng.IntN(4); {
		case op == 0 || len(live) < 3: // an import of a few
			var blogs []domain.Blog
			for range 1 + rng.IntN(5) {
				n++
				blogs = append(blogs, domain.Blog{Title: fmt.Sprintf("Post %d", n), Content: "<p>x</p>", CreatedAt: at()})
			}
			if err := db.Import(blogs, nil); err != nil {
				t.Fatal(err)
			}
			for _, b := range blogs {
				live[domain.Slugify(b.Title)] = true
			}
		case op == 1: // a publish
			n++
			title := fmt.Sprintf("Post %d", n)
			if _, err := db.CreatePreviewBlog(domain.Blog{Title: title, Category: "News", Content: "<p>y</p>"}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.PublishBlog(domain.Slugify(title), nil); err != nil {
				t.Fatal(err)
			}
			live[domain.Slugify(title)] = true
		case op == 2: // an edit: the record is decoded again
			slug := anyOf(rng, live)
			if _, err := db.UpdateBlog(slug, func(b *domain.Blog) error { b.Content = fmt.Sprintf("<p>edit %d</p>", step); return nil }); err != nil {
				t.Fatal(err)
			}
		default: // a deletion
			slug := anyOf(rng, live)
			if err := db.DeleteBlog(slug); err != nil {
				t.Fatal(err)
			}
			delete(live, slug)
		}
		blogs, err := db.Blogs()
		if err != nil {
			t.Fatal(err)
		}
		var slugs []string
		for _, b := range blogs {
			slugs = append(slugs, b.Slug)
		}
		if len(blogs) != len(live) || !slices.IsSortedFunc(blogs, func(a, b domain.Blog) int { return domain.Blogs.Compare(&a, &b) }) {
			t.Fatalf("step %d: listed %v, want the %d live posts newest first", step, slugs, len(live))
		}
		for _, s := range slugs {
			if !live[s] {
				t.Fatalf("step %d: listed %s, which is not published", step, s)
			}
		}
	}
}

// anyOf is one of the keys of m, picked by rng in a fixed order.
func anyOf(rng *rand.Rand, m map[string]bool) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys[rng.IntN(len(keys))]
}
