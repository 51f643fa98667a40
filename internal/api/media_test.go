package api

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/store"
)

func mediaList(t *testing.T, e *testEnv, headers map[string]string) map[string]map[string]any {
	t.Helper()
	res := e.do("GET", "/api/media", nil, "", headers)
	defer res.Body.Close()
	var list []map[string]any
	if err := decodeInto(res.Body, &list); err != nil || res.StatusCode != 200 {
		t.Fatalf("media list: %d %v", res.StatusCode, err)
	}
	out := map[string]map[string]any{}
	for _, it := range list {
		out[it["name"].(string)] = it
	}
	return out
}

// The media library through the real router and store: an editor uploads with alt text, the
// image is listed with its size and dimensions, reused as a second draft's cover and in a
// published post's text without a new upload, listed with those uses; deleting it is refused
// with 409 naming them; once unused it is deleted, file and all, and a record can no longer
// name it.
func TestMediaLibrary(t *testing.T) {
	e := newEnv(t, func(c *Config) {
		c.Media = media.New(media.Options{Dir: filepath.Join(filepath.Dir(c.UploadsDir), "variants")})
	})
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	r, ct := multipartBody(map[string]string{"alt": "Our team at the Noida office"}, pngBytes(t, 40, 30), "image/png")(t)
	res := e.do("POST", "/api/preview-blogs/upload", r, ct, editor)
	var up struct {
		ImageURL string         `json:"imageUrl"`
		Media    map[string]any `json:"media"`
	}
	decodeInto(res.Body, &up)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated || up.Media["alt"] != "Our team at the Noida office" || up.Media["original"] != "picture.png" {
		t.Fatalf("upload: %d %+v", res.StatusCode, up)
	}
	name := strings.TrimPrefix(up.ImageURL, "/uploads/")
	it := mediaList(t, e, editor)[name]
	if it == nil || it["width"] != 40.0 || it["height"] != 30.0 || it["type"] != "image/png" || it["size"].(float64) < 50 ||
		it["createdBy"] != testEditor || len(it["usedBy"].([]any)) != 0 {
		t.Fatalf("listed as %v", it)
	}

	// Reused: a draft's cover and a published post's text, by URL, without uploading again.
	if st, body := e.jsonAs("POST", "/api/preview-services", map[string]string{"title": "Team Training", "description": "<p>x</p>",
		"category": "Training", "image": up.ImageURL}, editor); st != http.StatusCreated {
		t.Fatalf("draft with the library image: %d %v", st, body)
	}
	if st, body := e.json("PUT", "/api/blogs/live-post", map[string]string{"content": `<p>Hello</p><p><img src="` + up.ImageURL + `" alt="The team"></p>`}, true); st != 200 {
		t.Fatalf("published post with the image: %d %v", st, body)
	}
	uses := mediaList(t, e, editor)[name]["usedBy"].([]any)
	if len(uses) != 2 || mustJSON(uses) != `[{"field":"content","kind":"blog","slug":"live-post","stage":"published","title":"Live Post"},`+
		`{"field":"image","kind":"service","slug":"team-training","stage":"preview","title":"Team Training"}]` {
		t.Fatalf("uses %s", mustJSON(uses))
	}
	st, body := e.jsonAs("DELETE", "/api/media/"+name, nil, editor)
	if st != http.StatusConflict || body["error"] != `This image is used by Blog “Live Post” (published), Service “Team Training” (draft). Remove it there first.` ||
		len(body["usedBy"].([]any)) != 2 {
		t.Fatalf("delete of a used image: %d %v", st, body)
	}
	if _, err := os.Stat(filepath.Join(e.dir, "uploads", name)); err != nil {
		t.Fatal("a refused delete removed the file")
	}

	// Alt text: required words, checked, changed.
	if st, body := e.jsonAs("PUT", "/api/media/"+name, map[string]string{"alt": "<script>"}, editor); st != http.StatusBadRequest {
		t.Errorf("alt with markup: %d %v", st, body)
	}
	// The live page shows it: an admin's change (rebuilt), not an editor's (issue 23.5).
	if st, body := e.jsonAs("PUT", "/api/media/"+name, map[string]string{"alt": "The whole team"}, editor); st != http.StatusForbidden ||
		body["permission"] != "publish" || !strings.Contains(fmt.Sprint(body["error"]), "a live page: only an admin may change its alt text") {
		t.Fatalf("an editor's alt change of a published image: %d %v", st, body)
	}
	if st, body := e.json("PUT", "/api/media/"+name, map[string]string{"alt": "  The   whole team  "}, true); st != 200 ||
		body["media"].(map[string]any)["alt"] != "The whole team" || body["build"] == nil {
		t.Fatalf("alt change of a published image: %d %v", st, body)
	}

	// Unused again: deleted, file and record; a record naming it is refused.
	e.json("PUT", "/api/blogs/live-post", map[string]string{"content": "<p>Hello</p>"}, true)
	_, deleted := e.jsonAs("DELETE", "/api/preview-services/team-training", nil, editor)
	// A draft in the trash can come back: its images are still in use until the trash lets it go.
	if st, body := e.jsonAs("DELETE", "/api/media/"+name, nil, editor); st != http.StatusConflict ||
		body["error"] != `This image is used by Service “Team Training” (in the trash). Remove it there first.` {
		t.Fatalf("delete of an image a trashed draft uses: %d %v", st, body)
	}
	trashID := deleted["trash"].(map[string]any)["id"].(float64)
	if st, body := e.json("DELETE", fmt.Sprintf("/api/trash/%d", int(trashID)), nil, true); st != 200 {
		t.Fatalf("empty the trash of it: %d %v", st, body)
	}
	if st, body := e.jsonAs("DELETE", "/api/media/"+name, nil, editor); st != 200 {
		t.Fatalf("delete of an unused image: %d %v", st, body)
	}
	if _, err := os.Stat(filepath.Join(e.dir, "uploads", name)); !os.IsNotExist(err) {
		t.Error("the deleted image's file is still there")
	}
	if _, ok := mediaList(t, e, editor)[name]; ok {
		t.Error("the deleted image is still listed")
	}
	if st, _ := e.json("PUT", "/api/preview-blogs/draft-post", map[string]string{"image": up.ImageURL}, true); st != http.StatusBadRequest {
		t.Errorf("a draft took a deleted image: %d", st)
	}
	if _, err := e.db.UpdateRecord(domain.Blogs, store.Preview, "draft-post", func(r domain.Record) error {
		*r.Fields().Body = `<img src="` + up.ImageURL + `">`
		return nil
	}); domain.ErrorCode(err) != domain.EConflict {
		t.Errorf("the store took a deleted image: %v", err)
	}
	if st, _ := e.json("DELETE", "/api/media/"+name, nil, true); st != http.StatusNotFound {
		t.Errorf("second delete: %d", st)
	}
}

// A delete and a save that uses the image, released together many times: either the save wins
// and the delete is refused, or the delete wins and the save is refused; never a record that
// names a deleted image.
func TestDeletingAnImageWhileItIsBeingUsed(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 20; i++ {
		r, ct := multipartBody(map[string]string{"alt": "x"}, pngBytes(t, 8, 8), "image/png")(t)
		res := e.do("POST", "/api/preview-blogs/upload", r, ct, e.bearer())
		var up map[string]any
		decodeInto(res.Body, &up)
		res.Body.Close()
		ref := up["imageUrl"].(string)
		var wg sync.WaitGroup
		var del, save int
		wg.Add(2)
		go func() {
			defer wg.Done()
			del, _ = e.json("DELETE", "/api/media/"+strings.TrimPrefix(ref, "/uploads/"), nil, true)
		}()
		go func() {
			defer wg.Done()
			save, _ = e.json("PUT", "/api/preview-blogs/draft-post", map[string]string{"image": ref}, true)
		}()
		wg.Wait()
		b, _ := e.blog(store.Preview, "draft-post")
		_, gone := os.Stat(filepath.Join(e.dir, "uploads", strings.TrimPrefix(ref, "/uploads/")))
		switch {
		case save == 200 && del == http.StatusConflict && b.Image == ref && gone == nil:
		case del == 200 && save != 200 && b.Image != ref && os.IsNotExist(gone):
		default:
			t.Fatalf("round %d: delete %d, save %d, draft image %q, file %v", i, del, save, b.Image, gone)
		}
		e.json("PUT", "/api/preview-blogs/draft-post", map[string]string{"image": ""}, true)
	}
}

// The admin's preview frame shows the site's page from this server: without demo mode (an admin
// host of its own) the site's bundle assets and images are served here all the same, pages are
// not; and a draft's image variants, which no live page uses yet, come from the media cache.
func TestPreviewFilesAreServedByTheAdminServer(t *testing.T) {
	var cache *media.Cache
	e := newEnv(t, func(c *Config) {
		cache = media.New(media.Options{Dir: filepath.Join(filepath.Dir(c.UploadsDir), "variants")})
		c.Media = cache
	})
	t.Cleanup(cache.Close)
	gen := filepath.Join(e.dir, ".dist", "g1")
	for p, data := range map[string]string{
		"index.html": "<h1>Home</h1>", "blog/index.html": "<h1>Blog</h1>", "404.html": "<h1>Not here</h1>",
		"assets/client-1.css": "body{}", "images/logo.svg": "<svg/>",
	} {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(gen, p)), 0o755))
		must(t, os.WriteFile(filepath.Join(gen, p), []byte(data), 0o644))
	}
	must(t, os.Symlink(gen, filepath.Join(e.dir, "dist")))

	r, ct := multipartBody(map[string]string{"alt": "A wide test picture"}, pngBytes(t, 600, 400), "image/png")(t)
	res := e.do("POST", "/api/preview-blogs/upload", r, ct, e.bearer())
	var up struct {
		ImageURL string `json:"imageUrl"`
	}
	decodeInto(res.Body, &up)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: %d", res.StatusCode)
	}
	cache.Wait() // the variants are made in the background from the upload
	set, ok := cache.Cached(filepath.Join(e.dir, "uploads", strings.TrimPrefix(up.ImageURL, "/uploads/")))
	if !ok || len(set.Variants) == 0 {
		t.Fatalf("no variants made: %v %+v", ok, set)
	}
	webp := set.ByType(media.TypeWebP)[0].Name

	for _, tt := range []struct {
		path   string
		status int
		ctype  string
	}{
		{"/assets/client-1.css", 200, "text/css"},
		{"/images/logo.svg", 200, "image/svg+xml"},
		{"/assets/media/" + webp, 200, "image/webp"},
		{"/assets/media/0123456789abcdef0123-480.webp", 404, ""},
		{"/assets/missing.css", 404, ""},
		{"/blog/", 404, ""}, // the site's pages are not this server's, without demo mode
	} {
		res := e.do("GET", tt.path, nil, "", nil)
		res.Body.Close()
		if res.StatusCode != tt.status || !strings.HasPrefix(res.Header.Get("Content-Type"), tt.ctype) {
			t.Errorf("GET %s: %d %q, want %d %q", tt.path, res.StatusCode, res.Header.Get("Content-Type"), tt.status, tt.ctype)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
