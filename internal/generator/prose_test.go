package generator

import (
	"context"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// A post's text is written into its rendered page by Go (withoutProse), and the site is the same
// byte for byte as when node writes it: for a plain text, a text with a table (which node's Prose
// wraps, so it still goes through node), and titles and texts that look like the slot.
func TestPostTextSplicedAsTheRendererWritesIt(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	posts := []domain.Blog{
		{Title: "Prices in a table", Content: "<p>Before.</p><TABLE><tr><th>Plan</th><th>Price</th><th>Visits</th><th>Leads</th></tr><tr><td>A</td><td>1</td><td>2</td><td>3</td></tr></TABLE><p>After $1 &amp; $2.</p>",
			CreatedAt: time.Date(2026, 6, 1, 5, 0, 0, 0, time.UTC)},
		{Title: `A <template id="__post-text__"></template> title`, Content: `<p>Text that names &lt;template id="__post-text__"&gt; and ends $&.</p>`,
			CreatedAt: time.Date(2026, 6, 2, 5, 0, 0, 0, time.UTC)},
	}
	if err := s.db.Import(posts, nil); err != nil {
		t.Fatal(err)
	}
	blogs, _ := s.db.Blogs()
	var spliced, sent int
	for _, b := range blogs {
		if _, text := withoutProse(BlogPostProps{Post: PostProps{HTML: b.Content}}); text != "" {
			spliced++
		} else {
			sent++
		}
	}
	if spliced < 3 || sent != 1 {
		t.Fatalf("%d posts' texts spliced and %d sent, want the table's alone sent", spliced, sent)
	}
	build := func(oneShot bool) map[string]string {
		t.Helper()
		if _, err := s.builder(t, func(c *Config) { c.OneShot = oneShot }).Build(context.Background(), s.db, Options{Clean: true}); err != nil {
			t.Fatal(err)
		}
		return readTree(t, s.out)
	}
	spliceless := func() map[string]string {
		proseSpliced = false
		defer func() { proseSpliced = true }()
		return build(false)
	}()
	if !strings.Contains(spliceless["blog/prices-in-a-table/index.html"], `class="table-scroll"`) {
		t.Fatal("the table was not wrapped by the renderer")
	}
	for _, oneShot := range []bool{false, true} {
		got := build(oneShot)
		if len(got) != len(spliceless) {
			t.Errorf("one-shot %v: %d files, want %d", oneShot, len(got), len(spliceless))
		}
		for f, data := range spliceless {
			if got[f] != data {
				t.Errorf("one-shot %v: %s differs from the page node wrote whole:\n%.2000s", oneShot, f, got[f])
			}
		}
	}
}
