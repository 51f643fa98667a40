package api

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// uploadAs uploads a small PNG with the headers' account and answers its name in the library.
func (e *testEnv) uploadAs(headers map[string]string) string {
	e.t.Helper()
	r, ct := multipartBody(map[string]string{"alt": "A picture"}, pngBytes(e.t, 20, 10), "image/png")(e.t)
	res := e.do("POST", "/api/preview-blogs/upload", r, ct, headers)
	var up struct {
		ImageURL string `json:"imageUrl"`
	}
	decodeInto(res.Body, &up)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		e.t.Fatalf("upload: %d", res.StatusCode)
	}
	return strings.TrimPrefix(up.ImageURL, "/uploads/")
}

// Issue 23.5: an editor cannot change the live site through the media library. The alt text of
// an image a live page shows, or a draft an admin scheduled shows, is refused with a message
// that says why and who may (403 naming the permission, the editor stays signed in); an
// editor's own draft image is theirs to describe; an upload an admin (or another account)
// made is not an editor's to delete. Each change that is made is in the audit log.
func TestEditorsCannotChangeTheLiveSiteThroughMedia(t *testing.T) {
	e := newEnv(t)
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	admins := e.uploadAs(e.bearer())
	mine := e.uploadAs(editor)

	// The admin's image on the live post, and the editor's in a draft the admin then schedules.
	if st, body := e.json("PUT", "/api/blogs/live-post", map[string]string{"image": "/uploads/" + admins}, true); st != 200 {
		t.Fatalf("live post's image: %d %v", st, body)
	}
	builds := e.site.count()
	st, body := e.jsonAs("PUT", "/api/media/"+admins, map[string]string{"alt": "Buy now at spam.example"}, editor)
	if st != http.StatusForbidden || body["permission"] != "publish" ||
		body["error"] != "This image is shown by Blog “Live Post” (published), a live page: only an admin may change its alt text. Ask an admin to change it." {
		t.Fatalf("an editor's alt text on a live image: %d %v", st, body)
	}
	if u, _ := e.db.Upload(admins); u.Alt != "A picture" || e.site.count() != builds {
		t.Fatalf("the refused change was made: %+v, builds %d → %d", u, builds, e.site.count())
	}

	if st, body := e.jsonAs("PUT", "/api/preview-blogs/draft-post", map[string]string{"image": "/uploads/" + mine}, editor); st != 200 {
		t.Fatalf("draft's image: %d %v", st, body)
	}
	if st, body := e.jsonAs("PUT", "/api/media/"+mine, map[string]string{"alt": "The draft's cover"}, editor); st != 200 || body["build"] != nil {
		t.Fatalf("an editor's alt text on their draft's image: %d %v", st, body)
	}
	e.scheduleDraft(e.clock.Now().Add(time.Hour))
	if st, body := e.jsonAs("PUT", "/api/media/"+mine, map[string]string{"alt": "Changed after the schedule"}, editor); st != http.StatusForbidden ||
		!strings.Contains(fmt.Sprint(body["error"]), "which an admin has scheduled to go live") {
		t.Fatalf("an editor's alt text on a scheduled draft's image: %d %v", st, body)
	}
	if st, body := e.json("PUT", "/api/media/"+admins, map[string]string{"alt": "Our office"}, true); st != 200 || body["build"] == nil {
		t.Fatalf("the admin's alt text on a live image: %d %v", st, body)
	}

	// Deleting: an unused upload of the admin's is not the editor's to delete; their own is.
	unused := e.uploadAs(e.bearer())
	st, body = e.jsonAs("DELETE", "/api/media/"+unused, nil, editor)
	if st != http.StatusForbidden || body["error"] != "You may delete only images you uploaded: ask an admin to delete this one." {
		t.Fatalf("an editor deletes the admin's upload: %d %v", st, body)
	}
	if _, err := os.Stat(filepath.Join(e.dir, "uploads", unused)); err != nil {
		t.Fatal("the refused delete removed the file")
	}
	own := e.uploadAs(editor)
	if st, body := e.jsonAs("DELETE", "/api/media/"+own, nil, editor); st != 200 {
		t.Fatalf("an editor deletes their own unused upload: %d %v", st, body)
	}
	if st, body := e.json("DELETE", "/api/media/"+unused, nil, true); st != 200 {
		t.Fatalf("the admin deletes an unused upload: %d %v", st, body)
	}

	if !e.auditHas(domain.AuditEdit, testEditor, "/uploads/"+mine, "alt text: The draft's cover") ||
		!e.auditHas(domain.AuditEdit, testUser, "/uploads/"+admins, "alt text: Our office") ||
		!e.auditHas(domain.AuditDelete, testEditor, "/uploads/"+own, "uploaded by "+testEditor) ||
		!e.auditHas(domain.AuditDelete, testUser, "/uploads/"+unused, "uploaded by "+testUser) ||
		!e.auditHas(domain.AuditUpload, testEditor, "/uploads/"+mine, "") {
		list, _ := e.auditEntries("?kind=image")
		t.Fatalf("media changes not audited: %+v", list)
	}
	if e.auditHas(domain.AuditEdit, testEditor, "/uploads/"+admins, "") {
		t.Fatal("a refused change is in the audit log")
	}
}

// Redirects an admin adds and removes are in the audit log, by the admin, with where they led.
func TestRedirectChangesAreAudited(t *testing.T) {
	e := newEnv(t)
	if st, body := e.json("POST", "/api/redirects", map[string]string{"from": "/old-offer/", "to": "/blog/live-post/"}, true); st != http.StatusCreated {
		t.Fatalf("add: %d %v", st, body)
	}
	if st, body := e.json("DELETE", "/api/redirects?from="+url.QueryEscape("/old-offer/"), nil, true); st != 200 {
		t.Fatalf("remove: %d %v", st, body)
	}
	if !e.auditHas(domain.AuditAdd, testUser, "/old-offer/", "to /blog/live-post/") || !e.auditHas(domain.AuditRemove, testUser, "/old-offer/", "") {
		list, _ := e.auditEntries("?kind=redirect")
		t.Fatalf("redirect changes not audited: %+v", list)
	}
}

// Through the real server (issue 23.5): 71 quick draft saves by an editor, with the count limit
// at 20, leave the admin's sign-in, publish, deletion and role change in the log; only the
// oldest saves go.
func TestDraftSavesNeverEvictSecurityEntries(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Quotas = Quotas{DraftSaveBurst: 100} }) // the quotas are TestEditorQuotas' business
	e.db.SetAuditRetention(domain.AuditRetention{MaxAge: 365 * 24 * time.Hour, MaxEntries: 20})
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	if st, body := e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": testPassword}, false); st != 200 {
		t.Fatalf("sign-in: %d %v", st, body)
	}
	if st, body := e.json("POST", "/api/preview-services/publish/draft-service", map[string]string{}, true); st != 200 {
		t.Fatalf("publish: %d %v", st, body)
	}
	if st, body := e.json("DELETE", "/api/blogs/live-post", nil, true); st != 200 {
		t.Fatalf("delete: %d %v", st, body)
	}
	for i := range 71 {
		if st, body := e.jsonAs("PUT", "/api/preview-blogs/draft-post", map[string]string{"content": fmt.Sprintf("<p>Save %d</p>", i)}, editor); st != 200 {
			t.Fatalf("save %d: %d %v", i, st, body)
		}
	}
	for _, want := range []struct{ action, target string }{{domain.AuditSignIn, testUser}, {domain.AuditPublish, "draft-service"}, {domain.AuditDelete, "live-post"}} {
		if list, _ := e.auditEntries("?action=" + want.action); len(list) != 1 || list[0].Target != want.target {
			t.Errorf("%s: %+v", want.action, list)
		}
	}
	saves, _ := e.auditEntries("?action=edit&user=" + testEditor)
	if len(saves) != 20 || saves[0].Detail != store.Preview.String() {
		t.Fatalf("draft saves kept: %d", len(saves))
	}
}
