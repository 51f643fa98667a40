package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/store"
)

// list GETs a JSON array with the token.
func (e *testEnv) list(path string) []map[string]any {
	e.t.Helper()
	res := e.do("GET", path, nil, "", e.bearer())
	body := readBody(e.t, res)
	var out []map[string]any
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &out) != nil {
		e.t.Fatalf("GET %s: %d %s", path, res.StatusCode, trim([]byte(body)))
	}
	return out
}

// Both kinds' publish calls take publishAt: a future time answers 202 with the time, the draft
// keeps the fields sent and is not published until the scheduler's clock reaches the time.
func TestPublishAtSchedulesThroughTheAPI(t *testing.T) {
	for _, k := range domain.Kinds {
		t.Run(k.Plural, func(t *testing.T) {
			e := newEnv(t)
			slug := "draft-post"
			if k == domain.Services {
				slug = "draft-service"
			}
			at := e.clock.Now().Add(3 * time.Hour).Truncate(time.Second)
			code, body := e.json("POST", "/api/preview-"+k.Plural+"/publish/"+slug,
				map[string]string{"publishAt": at.In(time.FixedZone("IST", 19800)).Format(time.RFC3339), "title": "Scheduled Title"}, true)
			if code != 202 || body["publishAt"] != at.Format(time.RFC3339) || body["live"] != false ||
				!strings.Contains(fmt.Sprint(body["message"]), "scheduled") {
				t.Fatalf("schedule: %d %v", code, body)
			}
			if code, _ := e.json("GET", "/api/"+k.Plural+"/"+slug, nil, false); code != 404 {
				t.Fatalf("published before its time: %d", code)
			}
			list := e.list("/api/schedules")
			if len(list) != 1 || list[0]["title"] != "Scheduled Title" || list[0]["action"] != "publish" || list[0]["kind"] != k.Plural {
				t.Fatalf("schedules: %v", list)
			}
			// Reschedule an hour earlier, then let the clock reach it.
			id := int(list[0]["id"].(float64))
			code, body = e.json("PUT", fmt.Sprintf("/api/schedules/%d", id), map[string]string{"at": at.Add(-time.Hour).Format(time.RFC3339)}, true)
			if code != 200 {
				t.Fatalf("reschedule: %d %v", code, body)
			}
			builds := e.site.count()
			e.advance(2 * time.Hour)
			if ev := e.nextEvent(); ev.Outcome != publish.OutcomeDone {
				t.Fatalf("run: %+v", ev)
			}
			code, body = e.json("GET", "/api/"+k.Plural+"/"+slug, nil, false)
			if code != 200 || body["title"] != "Scheduled Title" {
				t.Fatalf("after its time: %d %v", code, body)
			}
			if e.site.count() != builds+1 || len(e.list("/api/schedules")) != 0 {
				t.Fatalf("builds %d → %d; schedules %v", builds, e.site.count(), e.list("/api/schedules"))
			}
		})
	}
}

// A scheduled publish whose build fails mails the admins through the server's mail queue: the
// mail is a job the admin sees in GET /api/mail (kind "schedule", naming the schedule), sent
// from the queue into the outbox.
func TestScheduleFailureMailIsInTheMailStatus(t *testing.T) {
	e := newEnv(t)
	at := e.clock.Now().Add(time.Hour)
	if code, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{"publishAt": at.Format(time.RFC3339)}, true); code != 202 {
		t.Fatalf("schedule: %d %v", code, body)
	}
	id := fmt.Sprint(e.list("/api/schedules")[0]["id"])
	e.site.mu.Lock()
	e.site.fail = errors.New("render: node renderer crashed")
	e.site.mu.Unlock()
	e.advance(time.Hour)
	if ev := e.nextEvent(); ev.Outcome != publish.OutcomeRetry {
		t.Fatalf("run: %+v", ev)
	}
	var mails []map[string]any
	poll.Until(t, "the failure mail sent from the queue", func() bool {
		mails = e.list("/api/mail")
		return len(mails) == 1 && mails[0]["status"] == "sent"
	})
	// No mail server here: the mail says it went to the outbox folder, not that anyone has it.
	if m := mails[0]; m["kind"] != "schedule" || m["to"] != testEmail || m["ref"] != id || m["outbox"] != true {
		t.Fatalf("mail: %v", m)
	}
	files, _ := filepath.Glob(filepath.Join(e.outbox, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox: %v", files)
	}
	if data, _ := os.ReadFile(files[0]); !strings.Contains(string(data), "Scheduled publish failed") || !strings.Contains(string(data), "renderer crashed") {
		t.Fatalf("mail:\n%s", data)
	}
}

// Bad times are refused; a time that has passed publishes at once; cancel removes a schedule.
func TestPublishAtRefusalsAndCancel(t *testing.T) {
	e := newEnv(t)
	for _, bad := range []string{"tomorrow", "2030-05-01 09:00", "1746000000000", e.clock.Now().AddDate(6, 0, 0).Format(time.RFC3339)} {
		if code, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{"publishAt": bad}, true); code != 400 ||
			!strings.Contains(fmt.Sprint(body["error"]), "publishAt") {
			t.Errorf("publishAt %q: %d %v", bad, code, body)
		}
	}
	if _, err := e.blog(store.Preview, "draft-post"); err != nil {
		t.Fatal("a refused schedule changed the draft")
	}
	// An incomplete draft cannot be scheduled, for the same reason it cannot be published.
	if code, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{
		"publishAt": e.clock.Now().Add(time.Hour).Format(time.RFC3339), "content": ""}, true); code != 400 || body["error"] != domain.MsgPublishIncomplete {
		t.Fatalf("incomplete: %d %v", code, body)
	}
	code, _ := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{"publishAt": e.clock.Now().Add(time.Hour).Format(time.RFC3339)}, true)
	if code != 202 {
		t.Fatalf("schedule: %d", code)
	}
	id := int(e.list("/api/schedules")[0]["id"].(float64))
	if code, body := e.json("DELETE", fmt.Sprintf("/api/schedules/%d", id), nil, true); code != 200 || body["message"] != "Schedule cancelled." {
		t.Fatalf("cancel: %d %v", code, body)
	}
	if code, _ := e.json("DELETE", fmt.Sprintf("/api/schedules/%d", id), nil, true); code != 404 {
		t.Fatalf("cancel twice: %d", code)
	}
	// A time already past publishes now.
	code, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{"publishAt": e.clock.Now().Add(-time.Minute).Format(time.RFC3339)}, true)
	if code != 200 || body["live"] != true {
		t.Fatalf("past time: %d %v", code, body)
	}
}

// Unpublish takes a live record back among the drafts at once or at a time; delete moves it to
// the trash, from where it comes back, or goes for good.
func TestUnpublishAndTrashThroughTheAPI(t *testing.T) {
	for _, k := range domain.Kinds {
		t.Run(k.Plural, func(t *testing.T) {
			e := newEnv(t)
			slug := "live-post"
			if k == domain.Services {
				slug = "live-service"
			}
			pub := "/api/" + k.Plural + "/" + slug
			code, body := e.json("POST", pub+"/unpublish", nil, true)
			if code != 200 || body[k.Name] == nil || body["build"] == nil {
				t.Fatalf("unpublish: %d %v", code, body)
			}
			if code, _ := e.json("GET", pub, nil, false); code != 404 {
				t.Fatal("still published")
			}
			if code, _ := e.json("GET", "/api/preview-"+k.Plural+"/"+slug, nil, true); code != 200 {
				t.Fatal("not among the drafts")
			}
			if code, body := e.json("POST", pub+"/unpublish", nil, true); code != 404 || body["error"] != k.Messages.NotFound {
				t.Fatalf("unpublish a draft: %d %v", code, body)
			}
			if code, _ := e.json("POST", "/api/preview-"+k.Plural+"/publish/"+slug, map[string]string{}, true); code != 200 {
				t.Fatal("publish again")
			}
			// At a time.
			code, body = e.json("POST", pub+"/unpublish", map[string]string{"unpublishAt": e.clock.Now().Add(time.Hour).Format(time.RFC3339)}, true)
			if code != 202 || body["unpublishAt"] == nil {
				t.Fatalf("unpublishAt: %d %v", code, body)
			}
			e.advance(time.Hour)
			if ev := e.nextEvent(); ev.Outcome != publish.OutcomeDone {
				t.Fatalf("%+v", ev)
			}
			if code, _ := e.json("GET", pub, nil, false); code != 404 {
				t.Fatal("still published after its unpublish time")
			}
			if code, _ := e.json("POST", "/api/preview-"+k.Plural+"/publish/"+slug, map[string]string{}, true); code != 200 {
				t.Fatal("publish again")
			}

			// Delete: the spec's message, and the trash item to undo with.
			code, body = e.json("DELETE", pub, nil, true)
			if code != 200 || body["message"] != k.Messages.Deleted || body["trash"] == nil {
				t.Fatalf("delete: %d %v", code, body)
			}
			id := int(body["trash"].(map[string]any)["id"].(float64))
			trash := e.list("/api/trash")
			if len(trash) != 1 || trash[0]["slug"] != slug || trash[0]["stage"] != "published" || trash[0]["username"] != testUser {
				t.Fatalf("trash: %v", trash)
			}
			code, body = e.json("POST", fmt.Sprintf("/api/trash/%d/restore", id), nil, true)
			if code != 200 || body["build"] == nil || body[k.Name] == nil {
				t.Fatalf("restore: %d %v", code, body)
			}
			if code, _ := e.json("GET", pub, nil, false); code != 200 {
				t.Fatal("not published after the restore")
			}
			if code, _ := e.json("POST", fmt.Sprintf("/api/trash/%d/restore", id), nil, true); code != 404 {
				t.Fatal("restored twice")
			}
			_, body = e.json("DELETE", pub, nil, true)
			id = int(body["trash"].(map[string]any)["id"].(float64))
			if code, _ := e.json("DELETE", fmt.Sprintf("/api/trash/%d", id), nil, true); code != 200 || len(e.list("/api/trash")) != 0 {
				t.Fatal("purge")
			}
		})
	}
}

// Three edits of a live record make three revisions (after the ones of its draft and publish);
// restoring the first brings its fields back as the published version, rebuilt.
func TestRevisionsThroughTheAPI(t *testing.T) {
	for _, k := range domain.Kinds {
		t.Run(k.Plural, func(t *testing.T) {
			e := newEnv(t)
			slug := "live-post"
			if k == domain.Services {
				slug = "live-service"
			}
			pub := "/api/" + k.Plural + "/" + slug
			first := e.list(pub + "/revisions")[0]
			for i := 1; i <= 3; i++ {
				code, body := e.json("PUT", pub, map[string]string{"title": fmt.Sprintf("Edit %d", i), k.Body: fmt.Sprintf("<p>Edit %d</p>", i)}, true)
				if code != 200 {
					t.Fatalf("edit %d: %d %v", i, code, body)
				}
			}
			revs := e.list(pub + "/revisions")
			if revs[0]["title"] != "Edit 3" || revs[2]["title"] != "Edit 1" || revs[3]["id"] != first["id"] || revs[0]["username"] != testUser {
				t.Fatalf("revisions: %v", revs)
			}
			for _, r := range revs {
				if r["record"] != nil {
					t.Fatal("the list carries whole records")
				}
			}
			code, one := e.json("GET", fmt.Sprintf("%s/revisions/%v", pub, revs[2]["id"]), nil, true)
			if code != 200 || one["record"].(map[string]any)[k.Body] != "<p>Edit 1</p>" {
				t.Fatalf("one revision: %d %v", code, one)
			}
			builds := e.site.count()
			code, body := e.json("POST", fmt.Sprintf("%s/revisions/%v/restore", pub, first["id"]), nil, true)
			if code != 200 || body["build"] == nil || e.site.count() != builds+1 {
				t.Fatalf("restore: %d %v", code, body)
			}
			code, live := e.json("GET", pub, nil, false)
			orig := first["title"]
			if code != 200 || live["title"] != orig || !strings.Contains(fmt.Sprint(live[k.Body]), "Live") {
				t.Fatalf("live after the restore: %v (first title %v)", live, orig)
			}
			for _, bad := range []string{"/revisions/999", "/revisions/x", "/revisions/0"} {
				if code, _ := e.json("GET", pub+bad, nil, true); code != 404 {
					t.Errorf("%s: %d", bad, code)
				}
			}
			if code, _ := e.json("GET", "/api/"+k.Plural+"/nope/revisions", nil, true); code != 404 {
				t.Error("revisions of an unknown slug")
			}
			// A draft's saves are revisions too, under its own path.
			draft := "/api/preview-" + k.Plural + "/" + strings.Replace(slug, "live", "draft", 1)
			if code, _ := e.json("PUT", draft, map[string]string{"title": "Draft v2"}, true); code != 200 {
				t.Fatal("draft save")
			}
			if revs := e.list(draft + "/revisions"); len(revs) != 2 || revs[0]["note"] != "Draft saved" || revs[1]["note"] != "Draft created" {
				t.Fatalf("draft revisions: %v", revs)
			}
		})
	}
}

// POST …/render renders unsaved edits of a live record (or a draft) with the site's renderer and
// saves nothing.
func TestRenderUnsavedEdits(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/api/blogs/live-post/render", "/api/preview-blogs/draft-post/render"} {
		r, ct := jsonBody(map[string]string{"title": "Preview Only", "content": "<p>Not saved</p><script>x</script>"})(t)
		res := e.do("POST", path, r, ct, e.bearer())
		page := readBody(t, res)
		if res.StatusCode != 200 || !strings.Contains(page, "Preview Only") || strings.Contains(page, "<script>x") ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %s", path, res.StatusCode, trim([]byte(page)))
		}
	}
	if b, _ := e.blog(store.Published, "live-post"); b.Title != "Live Post" {
		t.Fatal("a preview render saved the edit")
	}
	if code, _ := e.json("POST", "/api/blogs/live-post/render", map[string]string{"title": ""}, true); code != 400 {
		t.Fatal("an invalid edit rendered")
	}
	r, ct := multipartBody(map[string]string{"title": "X"}, pngBytes(t, 4, 4), "image/png")(t)
	if res := e.do("POST", "/api/blogs/live-post/render", r, ct, e.bearer()); res.StatusCode != 400 {
		t.Fatalf("an image file in a render: %d", res.StatusCode)
	}
	if code, _ := e.json("POST", "/api/blogs/live-post/render", map[string]string{"image": "/uploads/" + fixtureUpload}, true); code == 400 {
		t.Fatal("an uploaded image refused in a render")
	}
}

// Through the real generator and renderer: a scheduled post reaches dist only at its time; three
// edits and a restore of the first leave the page as the first made it; unpublish takes the page
// down and a restore from the trash brings it back.
func TestEditorialThroughTheGenerator(t *testing.T) {
	e := newEnvWithGenerator(t)
	page := "blog/draft-post/index.html"
	code, _ := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{
		"publishAt": e.clock.Now().Add(time.Hour).Format(time.RFC3339), "content": "<p>Version one</p>"}, true)
	if code != 202 {
		t.Fatalf("schedule: %d", code)
	}
	if _, ok := e.distFile(page); ok {
		t.Fatal("in dist before its time")
	}
	e.advance(time.Hour)
	if ev := e.nextEvent(); ev.Outcome != publish.OutcomeDone {
		t.Fatalf("%+v", ev)
	}
	first, ok := e.distFile(page)
	if !ok || !strings.Contains(first, "Version one") {
		t.Fatalf("not live after its time: %v", ok)
	}
	for i := 2; i <= 4; i++ {
		if code, _ := e.json("PUT", "/api/blogs/draft-post", map[string]string{"content": fmt.Sprintf("<p>Version %d</p>", i)}, true); code != 200 {
			t.Fatal("edit")
		}
	}
	if html, _ := e.distFile(page); !strings.Contains(html, "Version 4") {
		t.Fatal("edit not live")
	}
	revs := e.list("/api/blogs/draft-post/revisions")
	var published any
	for _, r := range revs {
		if r["note"] == "Published" {
			published = r["id"]
		}
	}
	if code, _ := e.json("POST", fmt.Sprintf("/api/blogs/draft-post/revisions/%v/restore", published), nil, true); code != 200 {
		t.Fatal("restore")
	}
	// The same page but for when it was last modified: the restore is a modification.
	modified := regexp.MustCompile(`("dateModified":"|article:modified_time" content=")[^"]+`)
	if html, _ := e.distFile(page); modified.ReplaceAllString(html, "$1") != modified.ReplaceAllString(first, "$1") {
		t.Fatalf("the restored page differs from the first:\n%s", trim([]byte(html)))
	}
	if code, _ := e.json("POST", "/api/blogs/draft-post/unpublish", nil, true); code != 200 {
		t.Fatal("unpublish")
	}
	if _, ok := e.distFile(page); ok {
		t.Fatal("unpublished page still in dist")
	}
	if code, _ := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{}, true); code != 200 {
		t.Fatal("publish")
	}
	_, body := e.json("DELETE", "/api/blogs/draft-post", nil, true)
	if _, ok := e.distFile(page); ok {
		t.Fatal("deleted page still in dist")
	}
	id := body["trash"].(map[string]any)["id"]
	if code, _ := e.json("POST", fmt.Sprintf("/api/trash/%v/restore", id), nil, true); code != 200 {
		t.Fatal("restore from the trash")
	}
	if html, ok := e.distFile(page); !ok || !strings.Contains(html, "Version one") {
		t.Fatal("the restored post is not live again")
	}
}

// An editor restores a draft from the trash but not what was live, which only who may publish
// puts back on the site.
func TestEditorMayRestoreOnlyDraftsFromTheTrash(t *testing.T) {
	e := newEnv(t)
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	_, live := e.json("DELETE", "/api/blogs/live-post", nil, true)
	_, draft := e.json("DELETE", "/api/preview-blogs/draft-post", nil, true)
	restore := func(body map[string]any) (int, string) {
		res := e.do("POST", fmt.Sprintf("/api/trash/%v/restore", body["trash"].(map[string]any)["id"]), nil, "", editor)
		return res.StatusCode, readBody(t, res)
	}
	if code, body := restore(live); code != 403 || !strings.Contains(body, `"permission":"publish"`) {
		t.Fatalf("editor restores live work: %d %s", code, body)
	}
	if code, _ := e.json("GET", "/api/blogs/live-post", nil, false); code != 404 {
		t.Fatal("the refused restore put the post back")
	}
	if code, body := restore(draft); code != 200 {
		t.Fatalf("editor restores a draft: %d %s", code, body)
	}
}

// Every read answers the record's version; a write sent with an older one (another tab saved
// since) is refused with 409, the kind's update-failure message and the current record, and
// changes nothing; without If-Match the spec's clients write as before. The publish that
// schedules is guarded the same way.
func TestStaleWritesAreRefused(t *testing.T) {
	for _, k := range domain.Kinds {
		t.Run(k.Plural, func(t *testing.T) {
			e := newEnv(t)
			slug := map[*domain.Kind]string{domain.Blogs: "live-post", domain.Services: "live-service"}[k]
			pub := "/api/" + k.Plural + "/" + slug
			res := e.do("GET", pub, nil, "", nil)
			old := res.Header.Get("ETag")
			res.Body.Close()
			if old == "" {
				t.Fatal("no ETag on GET")
			}
			send := func(method, path string, v map[string]string, tag string) (int, map[string]any, string) {
				data, _ := json.Marshal(v)
				h := e.bearer()
				if tag != "" {
					h["If-Match"] = tag
				}
				res := e.do(method, path, strings.NewReader(string(data)), "application/json", h)
				var out map[string]any
				_ = json.Unmarshal([]byte(readBody(t, res)), &out)
				return res.StatusCode, out, res.Header.Get("ETag")
			}
			code, _, fresh := send("PUT", pub, map[string]string{"title": "Tab A"}, old)
			if code != 200 || fresh == "" || fresh == old {
				t.Fatalf("first write: %d, ETag %q", code, fresh)
			}
			code, body, _ := send("PUT", pub, map[string]string{"title": "Tab B"}, old)
			cur, _ := body[k.Name].(map[string]any)
			if code != 409 || body["error"] != k.Messages.UpdateFailed || cur["title"] != "Tab A" {
				t.Fatalf("stale write: %d %v", code, body)
			}
			if code, _, _ := send("PUT", pub, map[string]string{"title": "No guard"}, ""); code != 200 {
				t.Fatal("a write without If-Match was refused")
			}
			if revs := e.list(pub + "/revisions"); revs[0]["title"] != "No guard" || revs[1]["title"] != "Tab A" {
				t.Fatalf("the refused write left a revision: %v", revs)
			}
			draft := "/api/preview-" + k.Plural + "/" + strings.Replace(slug, "live", "draft", 1)
			res = e.do("GET", draft, nil, "", e.bearer())
			dtag := res.Header.Get("ETag")
			res.Body.Close()
			if code, _, _ := send("PUT", draft, map[string]string{"title": "Draft moved on"}, dtag); code != 200 {
				t.Fatal("draft write")
			}
			publish := "/api/preview-" + k.Plural + "/publish/" + strings.Replace(slug, "live", "draft", 1)
			if code, body, _ := send("POST", publish, map[string]string{"publishAt": e.clock.Now().Add(time.Hour).Format(time.RFC3339)}, dtag); code != 409 {
				t.Fatalf("stale scheduled publish: %d %v", code, body)
			}
			if len(e.list("/api/schedules")) != 0 {
				t.Fatal("a stale publish was scheduled")
			}
		})
	}
}

// A revision whose image was deleted from the media library since is restored without it (its
// image field emptied, its <img> gone from the text) and the answer says so; a live record that
// cannot stand without it is not restored, and the answer says why. (Before, both answered a bare
// 409 telling the admin to "choose another" image, which a restore cannot do.)
func TestRestoringARevisionWhoseImageWasDeleted(t *testing.T) {
	e := newEnv(t)
	upload := func() string {
		r, ct := multipartBody(map[string]string{"alt": "x"}, pngBytes(t, 8, 8), "image/png")(t)
		res := e.do("POST", "/api/preview-blogs/upload", r, ct, e.bearer())
		defer res.Body.Close()
		var up map[string]any
		if err := decodeInto(res.Body, &up); err != nil || res.StatusCode != 201 {
			t.Fatalf("upload: %d %v", res.StatusCode, up)
		}
		return up["imageUrl"].(string)
	}
	latest := func(path string) any {
		return e.list(path + "/revisions")[0]["id"]
	}
	a, b := upload(), upload()
	draft := "/api/preview-blogs/draft-post"
	if code, body := e.json("PUT", draft, map[string]string{"image": a, "content": `<p>Words stay.</p><p><img src="` + a + `" alt="x"></p>`}, true); code != 200 {
		t.Fatalf("save with a: %d %v", code, body)
	}
	withA := latest(draft)
	if code, _ := e.json("PUT", draft, map[string]string{"image": b, "content": "<p>Words stay.</p>"}, true); code != 200 {
		t.Fatal("save with b")
	}
	if code, body := e.json("DELETE", "/api/media/"+strings.TrimPrefix(a, "/uploads/"), nil, true); code != 200 {
		t.Fatalf("delete a: %d %v", code, body)
	}
	code, body := e.json("POST", fmt.Sprintf("%s/revisions/%v/restore", draft, withA), nil, true)
	want := "Revision " + fmt.Sprint(withA) + " restored without " + a + ", which was deleted from the media library since."
	if code != 200 || !strings.HasPrefix(fmt.Sprint(body["message"]), want) || fmt.Sprint(body["droppedImages"]) != "["+a+"]" {
		t.Fatalf("restore of the draft's revision with a: %d %v", code, body)
	}
	if got, _ := e.blog(store.Preview, "draft-post"); got.Image != "" || strings.Contains(got.Content, a) || !strings.Contains(got.Content, "Words stay.") {
		t.Fatalf("restored draft: image %q, content %q", got.Image, got.Content)
	}

	// A live post whose text was only the deleted picture cannot be live without it.
	c := upload()
	live := "/api/blogs/live-post"
	if code, body := e.json("PUT", live, map[string]string{"content": `<p><img src="` + c + `" alt="x"></p>`}, true); code != 200 {
		t.Fatalf("live post with only c: %d %v", code, body)
	}
	onlyC := latest(live)
	if code, _ := e.json("PUT", live, map[string]string{"content": "<p>Text now.</p>"}, true); code != 200 {
		t.Fatal("live post with text")
	}
	if code, _ := e.json("DELETE", "/api/media/"+strings.TrimPrefix(c, "/uploads/"), nil, true); code != 200 {
		t.Fatal("delete c")
	}
	code, body = e.json("POST", fmt.Sprintf("%s/revisions/%v/restore", live, onlyC), nil, true)
	if code != 400 || body["error"] != fmt.Sprintf("Revision %v cannot be restored without %s, deleted from the media library since: %s", onlyC, c, domain.MsgPublishIncomplete) {
		t.Fatalf("restore of the live post's revision with only c: %d %v", code, body)
	}
	if got, _ := e.blog(store.Published, "live-post"); got.Content != "<p>Text now.</p>" {
		t.Fatalf("the refused restore changed the live post: %q", got.Content)
	}
}

// A meta title that only repeated the title (a publish sets an empty one to the title) follows a
// rename (editOf, which the preview of unsaved edits applies too); one of its own stays.
func TestAMetaTitleThatRepeatedTheTitleFollowsARename(t *testing.T) {
	e := newEnv(t)
	if b, _ := e.blog(store.Published, "live-post"); b.MetaTitle != "Live Post" {
		t.Fatalf("publish set the meta title to %q", b.MetaTitle)
	}
	// As the edit screen sends it: every field, the meta title as it was.
	edit := map[string]string{"title": "Live Post, Renamed", "metaTitle": "Live Post", "content": "<p>Live body</p>"}
	if code, body := e.json("PUT", "/api/blogs/live-post", edit, true); code != 200 {
		t.Fatalf("edit: %d %v", code, body)
	}
	if b, _ := e.blog(store.Published, "live-post"); b.Title != "Live Post, Renamed" || b.MetaTitle != "Live Post, Renamed" {
		t.Fatalf("after the rename: title %q, meta title %q", b.Title, b.MetaTitle)
	}
	// A meta title of its own stays, through a rename and through an edit that sets it.
	if code, _ := e.json("PUT", "/api/blogs/live-post", map[string]string{"metaTitle": "Live Post | Our Agency"}, true); code != 200 {
		t.Fatal("edit the meta title")
	}
	if code, _ := e.json("PUT", "/api/blogs/live-post", map[string]string{"title": "Live Post Again", "metaTitle": "Live Post | Our Agency"}, true); code != 200 {
		t.Fatal("rename")
	}
	if b, _ := e.blog(store.Published, "live-post"); b.MetaTitle != "Live Post | Our Agency" {
		t.Fatalf("a meta title of its own became %q", b.MetaTitle)
	}
	// A rename that sets the meta title too gets what it sent.
	if code, _ := e.json("PUT", "/api/blogs/live-post", map[string]string{"title": "Live Post Three", "metaTitle": "Live Post Again"}, true); code != 200 {
		t.Fatal("rename with a meta title")
	}
	if b, _ := e.blog(store.Published, "live-post"); b.MetaTitle != "Live Post Again" {
		t.Fatalf("the meta title sent became %q", b.MetaTitle)
	}
}
