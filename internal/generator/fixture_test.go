package generator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/fixturefile"
	"digitalreeviver/internal/media"
)

// fixturePages names the page of the test site that stands for each page of the renderer: the
// one that sets the most optional fields (an archive page of the blog, with both neighbours; a
// landing page with a published record).
var fixturePages = map[string]string{
	"home": "/", "about": "/about/", "contact": "/contactus/", "blogList": "/blog/page/2/",
	"blogPost": "/blog/local-seo-for-noida-clinics/", "serviceList": "/OurServices/", "landing": "/seo-services-in-delhi/",
	"servicePage": "/video-marketing/", "policy": "/privacy-policy/", "courses": "/courses/", "section": "/blogslider/",
	"thankYou": "/thank-you/", "notFound": "/404", "search": "/search/",
}

// The renderer's fixture (site/dev/fixture.json) is the planner's output for a small site: the
// test content folder and a few records. The site's tests render every page of it and compare
// its keys and values with site/src/types.ts (contract.test.ts), so a props field added on one
// side only fails a test: here when Go's props change, there when the TypeScript types do.
func TestRendererFixture(t *testing.T) {
	s := newTestSite(t)
	var more []domain.Blog
	for i := 0; i < 2*PostsPerPage+1-3; i++ { // three archive pages in all
		more = append(more, domain.Blog{Title: fmt.Sprintf("Archive post %02d", i), Category: "Archive",
			Content: fmt.Sprintf("<p>Archived article number %d.</p>", i), CreatedAt: time.Date(2025, 1, 1+i, 5, 0, 0, 0, time.UTC)})
	}
	if err := s.db.Import(more, nil); err != nil {
		t.Fatal(err)
	}
	// The post page's cover and an image in its text are an upload with responsive variants.
	uploads := t.TempDir()
	const upload = "0123456789abcdef0123456789abcdef.png"
	if err := os.WriteFile(filepath.Join(uploads, upload), pngOf(t, 4, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.UpdateBlog("local-seo-for-noida-clinics", func(b *domain.Blog) error {
		b.Image = "/uploads/" + upload
		b.Content += `<p><img src="/uploads/` + upload + `" alt="The checklist on one page"></p>`
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	src, err := contentdir.Load(contentDir)
	if err != nil {
		t.Fatal(err)
	}
	blogs, _ := s.db.Blogs()
	services, _ := s.db.Services()
	// With a Turnstile site key (Cloudflare's documented test key), so the fixture shows that
	// optional field of the site too.
	pl := newPlanner(Config{ContentDir: contentDir, UploadsDir: uploads, TurnstileSiteKey: "1x00000000000000000000AA"}, filepath.Join(siteDir, "public"), src, blogs, services)
	pl.images.sets = map[string]*media.Set{upload: fixtureSet()}
	pl.images.alts = map[string]string{upload: "A clinic's front desk with a laptop showing map results"}
	pages, err := pl.plan()
	if err != nil {
		t.Fatal(err)
	}
	type page struct {
		Route string `json:"route"`
		Props any    `json:"props"`
	}
	fixture := struct {
		Site  SiteInfo        `json:"site"`
		Pages map[string]page `json:"pages"`
	}{Site: pl.site, Pages: map[string]page{}}
	fixture.Site.Year = 2026 // the fixture must not change with the calendar
	for _, p := range pages {
		if _, ok := fixturePages[p.Name]; !ok {
			t.Errorf("no fixture page stands for the renderer's page %q", p.Name)
		}
		for name, route := range fixturePages {
			if p.Route == route {
				if p.Name != name {
					t.Errorf("%s is a %q page, not %q", route, p.Name, name)
				}
				fixture.Pages[name] = page{Route: route, Props: p.Props}
			}
		}
	}
	if len(fixture.Pages) != len(fixturePages) {
		t.Fatalf("the test site lacks fixture pages: has %d of %d", len(fixture.Pages), len(fixturePages))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(fixture); err != nil {
		t.Fatal(err)
	}
	fixturefile.Check(t, filepath.Join(siteDir, "dev", "fixture.json"), buf.Bytes(),
		"run `go test ./internal/generator -run TestRendererFixture -update-fixture`, then `npm --prefix site test` for the TypeScript side")
}

// fixtureSet is the variants of the fixture's upload: 1600×1000 in AVIF, WebP and PNG, as
// internal/media makes them (their names hold the image's hash).
func fixtureSet() *media.Set {
	s := &media.Set{Hash: strings.Repeat("ab", 32), Width: 1600, Height: 1000, Type: media.TypePNG}
	for _, t := range []struct{ typ, ext string }{{media.TypeAVIF, "avif"}, {media.TypeWebP, "webp"}, {media.TypePNG, "png"}} {
		for _, w := range media.Widths {
			s.Variants = append(s.Variants, media.Variant{Width: w, Height: w * 1000 / 1600, Type: t.typ,
				Name: fmt.Sprintf("%s-%d.%s", s.Hash[:20], w, t.ext)})
		}
	}
	return s
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
