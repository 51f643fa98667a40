package api

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/mailkinds"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/store"
)

// Issue 23.8, through the real server: an editor's draft saves, the bytes they save and their
// uploads are bounded per account, refused with 429, Retry-After and a message that says what to
// do; what was refused was not written; an admin has no quota.
func TestEditorQuotas(t *testing.T) {
	e := newEnv(t, func(c *Config) {
		c.Quotas = Quotas{DraftSavesPerHour: 1, DraftSaveBurst: 5, DraftBytesPerDay: 1, DraftBytesBurst: 3 << 20,
			UploadsPerHour: 1, UploadBurst: 3}
	})
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	for i := range 5 {
		if st, body := e.jsonAs("PUT", "/api/preview-blogs/draft-post", map[string]string{"content": fmt.Sprintf("<p>Save %d</p>", i)}, editor); st != 200 {
			t.Fatalf("save %d: %d %v", i, st, body)
		}
	}
	res := e.do("PUT", "/api/preview-blogs/draft-post", strings.NewReader(`{"content":"<p>Save 5</p>"}`), "application/json", editor)
	body := readBody(t, res)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" ||
		!regexp.MustCompile(`"You are saving faster than an editor may. Wait \d+ minutes, then save again: your text is still in the editor."`).MatchString(body) {
		t.Fatalf("sixth save: %d %q %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	if b, _ := e.blog(store.Preview, "draft-post"); b.Content != "<p>Save 4</p>" {
		t.Fatalf("the refused save was written: %q", b.Content)
	}
	for i := range 8 { // an admin: no quota
		if st, body := e.json("PUT", "/api/preview-blogs/draft-post", map[string]string{"content": fmt.Sprintf("<p>Admin %d</p>", i)}, true); st != 200 {
			t.Fatalf("admin save %d: %d %v", i, st, body)
		}
	}

	// Uploads: three, then refused, and no file written for the refused one.
	for range 3 {
		e.uploadAs(editor)
	}
	files, _ := os.ReadDir(filepath.Join(e.dir, "uploads"))
	r, ct := multipartBody(nil, pngBytes(t, 20, 10), "image/png")(t)
	res = e.do("POST", "/api/preview-blogs/upload", r, ct, editor)
	body = readBody(t, res)
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "You have uploaded many images in a short time. Wait") ||
		!strings.Contains(body, "or ask an admin to upload it.") {
		t.Fatalf("fourth upload: %d %s", res.StatusCode, body)
	}
	if after, _ := os.ReadDir(filepath.Join(e.dir, "uploads")); len(after) != len(files) {
		t.Fatalf("the refused upload left a file: %d → %d", len(files), len(after))
	}
	e.uploadAs(e.bearer()) // an admin: no quota
}

// Saving large drafts fast is bounded by bytes (0.9 MB saved 31 times grew the database by
// 52 MB in 4 s): with 3 MB at once, the fourth 0.9 MB save is refused.
func TestEditorDraftBytesQuota(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Quotas = Quotas{DraftBytesPerDay: 1, DraftBytesBurst: 3 << 20} })
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	big := "<p>" + strings.Repeat("Lorem ipsum dolor sit amet. ", 900_000/28) + "</p>"
	for i := range 3 {
		if st, body := e.jsonAs("PUT", "/api/preview-blogs/draft-post", map[string]string{"content": big + fmt.Sprint(i)}, editor); st != 200 {
			t.Fatalf("save %d: %d %v", i, st, body)
		}
	}
	st, body := e.jsonAs("PUT", "/api/preview-blogs/draft-post", map[string]string{"content": big + "3"}, editor)
	if st != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(body["error"]), "You have saved a great deal of draft text in a short time. Wait") {
		t.Fatalf("fourth big save: %d %v", st, body)
	}
}

// Twenty submit and withdraw cycles of one draft make one review mail, not twenty; the draft is
// in the admins' queue after each submission.
func TestOneReviewMailPerDraftAnHour(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Quotas = Quotas{DraftSaveBurst: 100} })
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	for i := range 20 {
		if st, body := e.jsonAs("POST", "/api/preview-blogs/draft-post/review", map[string]string{"note": fmt.Sprint("take ", i)}, editor); st != 200 {
			t.Fatalf("submit %d: %d %v", i, st, body)
		}
		if queue := e.list("/api/reviews"); len(queue) != 1 {
			t.Fatalf("queue after submit %d: %v", i, queue)
		}
		if i < 19 {
			if st, body := e.jsonAs("DELETE", "/api/preview-blogs/draft-post/review", nil, editor); st != 200 {
				t.Fatalf("withdraw %d: %d %v", i, st, body)
			}
		}
	}
	n := 0
	for _, m := range e.list("/api/mail") {
		if m["kind"] == mailkinds.Review {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d review mails for twenty submissions", n)
	}
}

// The admin's publish never waits for image work (issue 23.8): the build serves an upload whose
// variants are not made yet as it was uploaded, says so (imagesLater), and asks for them first
// in line; when they are made, the build that follows gives the page its <picture>.
func TestAPublishNeverWaitsForImageWork(t *testing.T) {
	needBundle(t)
	var cache *media.Cache
	e := newEnv(t, func(c *Config) {
		cache = media.New(media.Options{Dir: filepath.Join(filepath.Dir(c.UploadsDir), "variants")})
		t.Cleanup(cache.Close)
		b, err := generator.New(generator.Config{ContentDir: repoContent, OutDir: c.OutDir, SiteDir: repoSite,
			UploadsDir: c.UploadsDir, BaseURL: testSiteURL, Media: cache, ImagesLater: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		c.Site = publish.NewSite(b, c.DB)
		c.PublishTimeout = 60 * time.Second
		// The server's own Media stays nil: no upload starts encoding, so only the build can.
	})
	followed := make(chan *publish.Job, 4)
	cache.OnReady(func() { followed <- e.builds.Request(false, "image variants made") }) // as adminapi serve wires it

	r, ct := multipartBody(map[string]string{"title": "Office Photos", "category": "News", "content": "<p>Our new office.</p>"},
		pngBytes(t, 900, 600), "image/png")(t)
	if res := e.do("POST", "/api/preview-blogs", r, ct, e.bearer()); res.StatusCode != 201 {
		t.Fatalf("draft: %d %s", res.StatusCode, readBody(t, res))
	}
	st, body := e.json("POST", "/api/preview-blogs/publish/office-photos", map[string]string{}, true)
	if st != 200 || body["live"] != true || body["build"].(map[string]any)["imagesLater"] != 1.0 {
		t.Fatalf("publish: %d %v", st, body)
	}
	page, _ := e.distFile("blog/office-photos/index.html")
	if !strings.Contains(page, `<img src="/uploads/`) || strings.Contains(page, "/assets/media/") {
		t.Fatal("the publish's page is not the original image alone")
	}

	select {
	case j := <-followed:
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		if b, done := j.Wait(ctx); !done || b.Status != publish.StatusOK || b.ImagesLater != 0 {
			t.Fatalf("the build after the variants: %+v %v", b, done)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("no build followed the variants")
	}
	page, _ = e.distFile("blog/office-photos/index.html")
	if !strings.Contains(page, `<source type="image/webp" srcSet="/assets/media/`) {
		i := strings.Index(page, "post__image")
		t.Fatalf("the page did not get its variants: %s", page[max(0, i-20):min(len(page), i+600)])
	}
}
