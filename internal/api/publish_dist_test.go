package api

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/render"
	"digitalreeviver/internal/store"
)

var (
	repoContent = filepath.Join("..", "..", "content")
	repoSite    = filepath.Join("..", "..", "site")
)

// needBundle skips a test that renders when the site bundle is not built, unless
// REQUIRE_SITE_BUNDLE is set (make test builds it first), so a missing bundle fails there.
func needBundle(t *testing.T) {
	t.Helper()
	r, err := render.New(render.Options{SiteDir: repoSite})
	if err != nil {
		if os.Getenv("REQUIRE_SITE_BUNDLE") != "" {
			t.Fatalf("site bundle required: %v", err)
		}
		t.Skipf("site bundle not built (run make site): %v", err)
	}
	r.Close()
}

// newEnvWithGenerator is newEnv with the real generator and node renderer behind the API.
func newEnvWithGenerator(t *testing.T) *testEnv {
	t.Helper()
	needBundle(t)
	return newEnv(t, func(c *Config) {
		b, err := generator.New(generator.Config{ContentDir: repoContent, OutDir: c.OutDir, SiteDir: repoSite,
			UploadsDir: c.UploadsDir, BaseURL: testSiteURL})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		c.Site = publish.NewSite(b, c.DB)
		c.PublishTimeout = 60e9
	})
}

func (e *testEnv) distFile(rel string) (string, bool) {
	data, err := os.ReadFile(filepath.Join(e.dir, "dist", rel))
	return string(data), err == nil
}

// Publish → the page is in dist with the new content; edit → updated; delete → gone.
func TestPublishPutsPageInDist(t *testing.T) {
	e := newEnvWithGenerator(t)

	// A preview with an uploaded cover image, created through the API.
	png := pngBytes(t, 40, 30)
	r, ct := multipartBody(map[string]string{"title": "Noida Bakery Case Study", "category": "Case Studies",
		"content": `<h2>Results</h2><p>Orders doubled in <strong>ninety days</strong>.</p><script>alert(1)</script>`}, png, "image/png")(t)
	res := e.do("POST", "/api/preview-blogs", r, ct, e.bearer())
	if res.StatusCode != 201 {
		t.Fatalf("create: %d %s", res.StatusCode, readBody(t, res))
	}
	res.Body.Close()

	// The preview renders as the public page would.
	res = e.do("GET", "/api/preview-blogs/noida-bakery-case-study/render", nil, "", e.bearer())
	page := readBody(t, res)
	if res.StatusCode != 200 || !strings.Contains(page, "Noida Bakery Case Study") || !strings.Contains(page, "ninety days") {
		t.Fatalf("render: %d %s", res.StatusCode, trim([]byte(page)))
	}

	code, body := e.json("POST", "/api/preview-blogs/publish/noida-bakery-case-study", map[string]string{}, true)
	if code != 200 || body["live"] != true || body["url"] != testSiteURL+"/blog/noida-bakery-case-study/" {
		t.Fatalf("publish: %d %v", code, body)
	}
	html, ok := e.distFile("blog/noida-bakery-case-study/index.html")
	if !ok || !strings.Contains(html, "Noida Bakery Case Study") || !strings.Contains(html, "ninety days") {
		t.Fatalf("published page missing or stale: %v %s", ok, trim([]byte(html)))
	}
	if strings.Contains(html, "alert(1)") {
		t.Fatal("script reached the published page")
	}
	b, _ := e.blog(store.Published, "noida-bakery-case-study")
	if name := strings.TrimPrefix(b.Image, "/uploads/"); name == b.Image {
		t.Fatalf("image not an upload: %q", b.Image)
	} else if _, ok := e.distFile(filepath.Join("uploads", name)); !ok {
		t.Errorf("the page's image %s was not copied into dist", b.Image)
	}
	if list, _ := e.distFile("blog/index.html"); !strings.Contains(list, "Noida Bakery Case Study") {
		t.Error("blog list does not show the new post")
	}

	// Editing the published post rebuilds its page.
	r, ct = multipartBody(map[string]string{"title": "Noida Bakery Case Study", "content": "<p>Orders tripled.</p>", "category": "Case Studies"}, nil, "")(t)
	res = e.do("PUT", "/api/blogs/noida-bakery-case-study", r, ct, e.bearer())
	if res.StatusCode != 200 {
		t.Fatalf("edit: %d %s", res.StatusCode, readBody(t, res))
	}
	res.Body.Close()
	if html, _ = e.distFile("blog/noida-bakery-case-study/index.html"); !strings.Contains(html, "Orders tripled.") {
		t.Fatalf("edited page not rebuilt: %s", trim([]byte(html)))
	}

	// A published service gets its page at /{slug}/.
	code, body = e.json("POST", "/api/preview-services/publish/draft-service", map[string]string{}, true)
	if code != 200 || body["live"] != true {
		t.Fatalf("publish service: %d %v", code, body)
	}
	if html, ok = e.distFile("draft-service/index.html"); !ok || !strings.Contains(html, "Draft Service") {
		t.Fatalf("service page: %v %s", ok, trim([]byte(html)))
	}

	// Deleting takes the page down.
	if code, _ = e.json("DELETE", "/api/blogs/noida-bakery-case-study", nil, true); code != 200 {
		t.Fatalf("delete: %d", code)
	}
	if _, ok = e.distFile("blog/noida-bakery-case-study/index.html"); ok {
		t.Fatal("deleted post still in dist")
	}

	res = e.do("GET", "/api/builds", nil, "", e.bearer())
	if list := readBody(t, res); !strings.Contains(list, `"status":"ok"`) || strings.Contains(list, `"status":"failed"`) {
		t.Fatalf("builds: %s", trim([]byte(list)))
	}
}
