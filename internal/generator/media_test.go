package generator

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/store"
)

// uploadPNG writes a w×h picture into the uploads folder under an upload name and records it,
// as the API does.
func uploadPNG(t *testing.T, db *store.DB, dir string, w, h int, alt string) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x ^ y) & 0xff), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	name := domain.NewID()[:16] + domain.NewID()[:16] + ".png"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := db.PutUpload(store.Upload{Name: name, Type: "image/png", Size: int64(buf.Len()), Width: w, Height: h, Alt: alt}); err != nil {
		t.Fatal(err)
	}
	return name
}

// An uploaded image used as a post's cover and in its text is served as a <picture> with
// srcsets of its variants, which are files of the generation; the library's alt text shows;
// the cards of the blog list use the variants too. A later build (also after a restart, also a
// clean one) does no image work, and changing the alt text in the library rebuilds the pages.
func TestUploadsAreServedAsResponsiveImages(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	uploads := filepath.Join(s.dir, "uploads")
	name := uploadPNG(t, s.db, uploads, 1000, 600, "A chart of clinic visits by month")
	slug := "local-seo-for-noida-clinics"
	if _, err := s.db.UpdateBlog(slug, func(b *domain.Blog) error {
		b.Image = "/uploads/" + name
		b.Content += `<p><img src="/uploads/` + name + `" alt="Visits, month by month"></p>`
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	cacheDir := filepath.Join(s.dir, "variants")
	cache := media.New(media.Options{Dir: cacheDir}) // WebP only: the encoders are media's tests' business
	b := s.builder(t, func(c *Config) { c.Media = cache })
	ctx := context.Background()
	res, err := b.Build(ctx, s.db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if cache.Made() != 1 {
		t.Fatalf("%d images made, want 1", cache.Made())
	}
	post := s.read(t, "blog/"+slug+"/index.html")
	hero := regexp.MustCompile(`<figure class="post__image"><picture><source type="image/webp" srcSet="([^"]+)" sizes="[^"]+"/><img src="/uploads/` +
		name + `" srcSet="([^"]+)" sizes="[^"]+" alt="A chart of clinic visits by month" width="1000" height="600" loading="eager"`)
	m := hero.FindStringSubmatch(post)
	if m == nil {
		i := strings.Index(post, "post__image")
		t.Fatalf("post hero is not a picture of the upload:\n%s", post[max(0, i-20):min(len(post), i+900)])
	}
	for _, set := range m[1:] {
		for _, cand := range strings.Split(set, ", ") {
			url, w, _ := strings.Cut(cand, " ")
			if !strings.HasPrefix(url, "/assets/media/") || (w != "480w" && w != "800w" && w != "1000w") {
				t.Errorf("candidate %q", cand)
			}
			if _, err := os.Stat(filepath.Join(s.out, filepath.FromSlash(url))); err != nil {
				t.Errorf("variant %s is not in the site: %v", url, err)
			}
		}
	}
	if !strings.Contains(m[1], ".webp 1000w") || !strings.Contains(m[2], ".png 1000w") {
		t.Errorf("sources %q / %q", m[1], m[2])
	}
	// In the text: lazy, sized, with the text's own alt.
	if !regexp.MustCompile(`<picture><source type="image/webp" srcset="[^"]+" sizes="[^"]+"><img src="/uploads/` + name +
		`" alt="Visits, month by month" srcset="[^"]+" sizes="[^"]+" width="1000" height="600" loading="lazy" decoding="async"></picture>`).MatchString(post) {
		t.Error("the image in the post's text is not a lazy picture")
	}
	list := s.read(t, "blog/index.html")
	if !strings.Contains(list, `<source type="image/webp"`) || !strings.Contains(list, `sizes="(min-width: 1024px) 360px`) {
		t.Error("the blog list's card does not use the variants")
	}
	written := strings.Join(res.Changes.Written, " ")
	if n := strings.Count(written, "assets/media/"); n != 6 {
		t.Errorf("%d variants among the written files, want 3 widths × 2 types: %s", n, written)
	}
	if broken, _, err := CheckLinks(s.out); err != nil || len(broken) != 0 {
		t.Errorf("broken links: %v %v", broken, err)
	}

	// A restart (a new cache on the same folder and a new builder) and a clean build: no image work.
	cache2 := media.New(media.Options{Dir: cacheDir})
	b2 := s.builder(t, func(c *Config) { c.Media = cache2 })
	if _, err := b2.Build(ctx, s.db, Options{Clean: true}); err != nil {
		t.Fatal(err)
	}
	if cache2.Made() != 0 {
		t.Fatalf("a rebuild made %d images", cache2.Made())
	}
	if s.read(t, "blog/"+slug+"/index.html") != post {
		t.Error("the clean build's post differs")
	}
	// The library's alt text is part of the page: changing it rebuilds the post.
	if _, err := s.db.SetUploadAlt(name, "Clinic visits, 2025"); err != nil {
		t.Fatal(err)
	}
	res, err = b2.Build(ctx, s.db, Options{})
	if err != nil || !res.Swapped {
		t.Fatalf("alt change: %+v %v", res, err)
	}
	if !strings.Contains(s.read(t, "blog/"+slug+"/index.html"), `alt="Clinic visits, 2025"`) || cache2.Made() != 0 {
		t.Error("the new alt text is not in the page, or the rebuild made images")
	}
}

// TestUploadsUsed checks the hand-written scan against the expression it replaced.
func TestUploadsUsed(t *testing.T) {
	re := regexp.MustCompile(`/uploads/([A-Za-z0-9._-]+)`)
	texts := []string{
		`<img src="/uploads/a.png"><img src="/uploads/b-1_x.webp?w=1">`,
		`/uploads//uploads/c.jpg /uploads/ /uploads/.hidden /uploads/uploads/d`,
		`no uploads here`, `/uploads/a.png again`, `/uploads`, `/uploads/é.png`, `/uploads/e.png"/uploads/f.png`,
	}
	var want []string
	seen := map[string]bool{}
	for _, text := range texts {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if !seen[m[1]] && !strings.HasPrefix(m[1], ".") {
				seen[m[1]] = true
				want = append(want, m[1])
			}
		}
	}
	if got := uploadsUsed(texts...); !slices.Equal(got, want) {
		t.Fatalf("uploadsUsed = %q, want %q", got, want)
	}
}
