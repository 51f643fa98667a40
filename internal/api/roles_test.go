package api

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/poll"
)

const (
	testEditor      = "edith"
	testEditorEmail = "edith@example.com"
)

// editorToken adds an editor account to e and returns a token of it.
func (e *testEnv) editorToken() string {
	e.t.Helper()
	changed := time.Now().Add(-time.Hour).UTC()
	err := e.db.CreateAdmin(domain.Admin{Username: testEditor, Email: testEditorEmail, Role: domain.RoleEditor,
		PasswordHash: testHash, PasswordChangedAt: changed})
	if err != nil {
		e.t.Fatal(err)
	}
	tok, err := e.srv.tokens.Issue(testEditor, changed)
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// Who may call a route: the policy of docs/API.md, one line per route. A route the router has
// and this table lacks fails TestEveryRouteHasItsRole, so no new route is added without a
// decision about who may call it.
const (
	public = "public" // anybody
	member = "member" // any signed-in account: admin or editor
)

var routeRoles = map[string]string{
	"GET /healthz":                               public,
	"HEAD /healthz":                              public,
	"GET /api/site-info":                         public,
	"POST /admin/login":                          public,
	"POST /admin/forgot-password":                public,
	"POST /reset-password":                       public,
	"POST /popup":                                public,
	"GET /uploads/{name}":                        public,
	"HEAD /uploads/{name}":                       public,
	"GET /assets/":                               public, // the built site's files the previews use
	"HEAD /assets/":                              public,
	"GET /assets/media/":                         public,
	"HEAD /assets/media/":                        public,
	"GET /images/":                               public,
	"HEAD /images/":                              public,
	"GET /api/people":                            string(domain.PermPeople),
	"POST /api/people/invites":                   string(domain.PermPeople),
	"DELETE /api/people/invites/{id}":            string(domain.PermPeople),
	"POST /api/people/invites/{id}/link":         string(domain.PermPeople),
	"PATCH /api/people/{username}":               string(domain.PermPeople),
	"DELETE /api/people/{username}":              string(domain.PermPeople),
	"POST /invite/check":                         public,
	"POST /invite/accept":                        public,
	"GET /api/reviews":                           string(domain.PermPublish),
	"POST /api/preview-{plural}/{slug}/review":   string(domain.PermDrafts),
	"DELETE /api/preview-{plural}/{slug}/review": string(domain.PermDrafts),
	"GET /popups/counts":                         string(domain.PermEnquiries),
	"GET /popups/notify":                         string(domain.PermEnquiries),
	"GET /popups/{id}":                           string(domain.PermEnquiries),
	"PATCH /popups/{id}":                         string(domain.PermEnquiries),
	"DELETE /popups/{id}":                        string(domain.PermEnquiries),
	"GET /api/webhooks":                          string(domain.PermSite),
	"GET /api/intake":                            string(domain.PermEnquiries),
	"PUT /api/intake":                            string(domain.PermSite),
	"POST /api/webhooks":                         string(domain.PermSite),
	"DELETE /api/webhooks/{id}":                  string(domain.PermSite),
	"POST /api/webhooks/{id}/test":               string(domain.PermSite),
	"GET /api/webhooks/deliveries":               string(domain.PermSite),
	"POST /api/webhooks/deliveries/{id}/retry":   string(domain.PermSite),
	"GET /api/audit":                             string(domain.PermAudit),
	"GET /api/me":                                member,
	"GET /api/builds":                            member,
	"POST /api/builds":                           string(domain.PermSite),
	"GET /popups":                                string(domain.PermEnquiries),
	"GET /popups.csv":                            string(domain.PermEnquiries),
	"POST /beacon":                               public,
	"GET /popups/ads-conversions.csv":            string(domain.PermEnquiries),
	"GET /popups/sources":                        string(domain.PermEnquiries),
	"PUT /popups/{id}/outcome":                   string(domain.PermEnquiries),
	"GET /api/traffic":                           string(domain.PermEnquiries),
	"GET /api/mail":                              string(domain.PermAdmin),
	"GET /api/disk":                              string(domain.PermAdmin),
	"POST /api/mail/{id}/retry":                  string(domain.PermAdmin),
	"GET /api/{plural}":                          public,
	"GET /api/{plural}/{slug}":                   public,
	"PUT /api/{plural}/{slug}":                   string(domain.PermPublish),
	"DELETE /api/{plural}/{slug}":                string(domain.PermPublish),
	"DELETE /api/{plural}/{slug}/image":          string(domain.PermPublish),
	"POST /api/preview-{plural}/publish/{slug}":  string(domain.PermPublish),
	"GET /api/preview-{plural}":                  string(domain.PermDrafts),
	"POST /api/preview-{plural}":                 string(domain.PermDrafts),
	"POST /api/preview-{plural}/upload":          string(domain.PermUpload),
	"GET /api/preview-{plural}/{slug}":           string(domain.PermDrafts),
	"PUT /api/preview-{plural}/{slug}":           string(domain.PermDrafts),
	"DELETE /api/preview-{plural}/{slug}":        string(domain.PermDrafts),
	"DELETE /api/preview-{plural}/{slug}/image":  string(domain.PermDrafts),
	"GET /api/preview-{plural}/{slug}/render":    string(domain.PermDrafts),

	// Editorial: who may publish unpublishes, restores what is live and moves schedules; an
	// editor reads the history and the schedules, previews edits and restores drafts.
	"POST /api/{plural}/{slug}/unpublish":                      string(domain.PermPublish),
	"POST /api/{plural}/{slug}/revisions/{id}/restore":         string(domain.PermPublish),
	"POST /api/preview-{plural}/{slug}/revisions/{id}/restore": string(domain.PermDrafts),
	"GET /api/{plural}/{slug}/revisions":                       string(domain.PermDrafts),
	"GET /api/{plural}/{slug}/revisions/{id}":                  string(domain.PermDrafts),
	"GET /api/preview-{plural}/{slug}/revisions":               string(domain.PermDrafts),
	"GET /api/preview-{plural}/{slug}/revisions/{id}":          string(domain.PermDrafts),
	"POST /api/{plural}/{slug}/render":                         string(domain.PermDrafts),
	"POST /api/preview-{plural}/{slug}/render":                 string(domain.PermDrafts),
	"GET /api/schedules":                                       string(domain.PermDrafts),
	"PUT /api/schedules/{id}":                                  string(domain.PermPublish),
	"DELETE /api/schedules/{id}":                               string(domain.PermPublish),
	"GET /api/trash":                                           string(domain.PermDrafts),
	"POST /api/trash/{id}/restore":                             string(domain.PermDrafts), // and publish for what was live
	"DELETE /api/trash/{id}":                                   string(domain.PermPublish),

	// Redirects and the media library.
	"GET /api/redirects":       member,
	"POST /api/redirects":      string(domain.PermPublish),
	"DELETE /api/redirects":    string(domain.PermPublish),
	"GET /api/media":           string(domain.PermUpload),
	"PUT /api/media/{name}":    string(domain.PermUpload),
	"DELETE /api/media/{name}": string(domain.PermUpload),
}

type route struct{ method, path, key string }

// routes lists every method and path the router serves, with the kinds' paths folded into
// {plural} so one line of routeRoles covers every kind.
func routes(t *testing.T, s *Server) []route {
	var out []route
	plural := regexp.MustCompile(`^/api/(preview-)?(` + kindPlurals() + `)(/|$)`)
	err := s.router().Walk(func(rt *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		path, err := rt.GetPathTemplate()
		if err != nil {
			return nil // the SPA and site catch-alls: prefixes, GET only, no API
		}
		methods, err := rt.GetMethods()
		if err != nil {
			t.Errorf("route %s has no methods", path)
			return nil
		}
		key := plural.ReplaceAllString(path, "/api/${1}{plural}${3}")
		for _, m := range methods {
			out = append(out, route{m, path, m + " " + key})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func kindPlurals() string {
	var ps []string
	for _, k := range domain.Kinds {
		ps = append(ps, k.Plural)
	}
	return strings.Join(ps, "|")
}

// concrete fills a path template's variables with names of the fixtures.
func concrete(path string) string {
	return regexp.MustCompile(`\{[^}]+\}`).ReplaceAllStringFunc(path, func(v string) string {
		switch v {
		case "{slug}":
			return "draft-post"
		case "{name}":
			return fixtureUpload
		}
		return "x1"
	})
}

// TestEveryRouteHasItsRole calls every route of the router without a token, with an editor's
// and with an admin's, and checks each against routeRoles: without a token only public routes
// answer (401 otherwise, with the contract's message); an editor gets 403 naming the
// permission on what editors may not do, and is let through to the rest; an admin is let
// through everywhere.
func TestEveryRouteHasItsRole(t *testing.T) {
	e := newEnv(t)
	editor := e.editorToken()
	all := routes(t, e.srv)
	if len(all) < 20 {
		t.Fatalf("only %d routes found", len(all))
	}
	var missing []string
	for _, rt := range all {
		if _, ok := routeRoles[rt.key]; !ok {
			missing = append(missing, rt.key)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("routes without a role in routeRoles (decide who may call them, in the router and here):\n%s", strings.Join(missing, "\n"))
	}
	call := func(rt route, token string) (int, map[string]any) {
		h := map[string]string{}
		if token != "" {
			h["Authorization"] = "Bearer " + token
		}
		// An empty JSON body: the role check comes before any handler reads one.
		res := e.do(rt.method, concrete(rt.path), strings.NewReader("{}"), "application/json", h)
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		var out map[string]any
		_ = json.Unmarshal(data, &out)
		return res.StatusCode, out
	}
	for _, rt := range all {
		role := routeRoles[rt.key]
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			if role == public {
				if st, _ := call(rt, ""); st == http.StatusUnauthorized || st == http.StatusForbidden {
					t.Errorf("public route answers %d without a token", st)
				}
				return
			}
			if st, body := call(rt, ""); st != http.StatusUnauthorized || body["error"] != msgUnauthorized {
				t.Errorf("without a token: %d %v, want 401 %q", st, body, msgUnauthorized)
			}
			st, body := call(rt, editor)
			// What editors may do, written out here rather than read from content, so that a
			// change of the policy has to change this test too.
			editorMay := role == member || role == string(domain.PermDrafts) || role == string(domain.PermUpload)
			// A route an editor may call can still refuse one thing with its own reason (an
			// image another account uploaded, say): never with the role's refusal.
			roleRefusal := st == http.StatusForbidden && strings.HasPrefix(fmt.Sprint(body["error"]), "Only an admin may")
			switch {
			case editorMay && (st == http.StatusUnauthorized || roleRefusal):
				t.Errorf("editor refused with %d %v", st, body)
			case !editorMay && (st != http.StatusForbidden || body["permission"] != role ||
				!strings.HasPrefix(body["error"].(string), "Only an admin may")):
				t.Errorf("editor: %d %v, want 403 naming permission %q", st, body, role)
			}
			if st, body := call(rt, e.token); st == http.StatusUnauthorized || st == http.StatusForbidden {
				t.Errorf("admin refused with %d %v", st, body)
			}
		})
	}
}

// TestEditorDraftsAdminPublishes walks the hand-over: an editor saves a draft and may not
// publish it (403 naming the permission, the draft stays a draft); an admin publishes it.
func TestEditorDraftsAdminPublishes(t *testing.T) {
	e := newEnv(t)
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	r, ct := multipartBody(blogForm, nil, "")(t)
	res := e.do("POST", "/api/preview-blogs", r, ct, editor)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("editor's draft: %d", res.StatusCode)
	}
	// The editor hands the draft over; the admins' queue shows it and they get a mail.
	if st, body := e.jsonAs("POST", "/api/preview-blogs/fresh-post/review", map[string]string{"note": "Ready, please check the intro"}, editor); st != 200 ||
		body["blog"].(map[string]any)["review"].(map[string]any)["submittedBy"] != testEditor {
		t.Fatalf("submit for review: %d %v", st, body)
	}
	if st, body := e.jsonAs("GET", "/api/reviews", nil, editor); st != http.StatusForbidden || body["permission"] != "publish" {
		t.Fatalf("editor reads the queue: %d %v", st, body)
	}
	// Another editor may not hand it back (only its own editor takes a submission back).
	changed := time.Now().Add(-time.Hour).UTC()
	if err := e.db.CreateAdmin(domain.Admin{Username: "otto", Role: domain.RoleEditor, PasswordHash: testHash, PasswordChangedAt: changed}); err != nil {
		t.Fatal(err)
	}
	otto, err := e.srv.tokens.Issue("otto", changed)
	if err != nil {
		t.Fatal(err)
	}
	if st, body := e.jsonAs("DELETE", "/api/preview-blogs/fresh-post/review", map[string]string{"note": "not yours"},
		map[string]string{"Authorization": "Bearer " + otto}); st != http.StatusForbidden ||
		body["error"] != "Only an admin can hand back a draft that "+testEditor+" submitted." {
		t.Fatalf("another editor hands it back: %d %v", st, body)
	}
	// Nor change it or delete it while it awaits review: the admin answers what was submitted.
	ottoAuth := map[string]string{"Authorization": "Bearer " + otto}
	locked := "edith submitted this draft for review: until an admin answers, only edith or an admin can change it."
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"PUT", "/api/preview-blogs/fresh-post", map[string]string{"title": "Otto's title"}},
		{"DELETE", "/api/preview-blogs/fresh-post/image", nil},
		{"DELETE", "/api/preview-blogs/fresh-post", nil},
		{"POST", "/api/preview-blogs/fresh-post/revisions/1/restore", nil},
	} {
		if st, body := e.jsonAs(c.method, c.path, c.body, ottoAuth); st != http.StatusForbidden || body["error"] != locked {
			t.Fatalf("another editor: %s %s: %d %v", c.method, c.path, st, body)
		}
	}
	if st, d := e.jsonAs("GET", "/api/preview-blogs/fresh-post", nil, editor); st != 200 || d["review"] == nil || d["handedBack"] != nil || d["title"] != "Fresh Post" {
		t.Fatalf("the draft after another editor's refused hand-back, edit and deletion: %v", d)
	}
	res = e.do("GET", "/api/reviews", nil, "", e.bearer())
	var queue []reviewItem
	_ = decodeInto(res.Body, &queue)
	res.Body.Close()
	if len(queue) != 1 || queue[0].Slug != "fresh-post" || queue[0].Kind != "blog" || queue[0].Review.Note != "Ready, please check the intro" {
		t.Fatalf("queue: %+v", queue)
	}
	var mails []string
	poll.Until(t, "the review mail", func() bool { mails = outboxFiles(t, e.outbox); return len(mails) == 1 })
	if eml, _ := os.ReadFile(mails[0]); !strings.Contains(string(eml), "To: <"+testEmail+">") || !strings.Contains(string(eml), "edith submitted a blog for review") {
		t.Errorf("review mail:\n%s", eml)
	}

	// An admin hands it back with a reason; the editor sees it on the draft until they submit it
	// again; a hand-back with no body (an older client) still works.
	if st, body := e.json("DELETE", "/api/preview-blogs/fresh-post/review", map[string]string{"note": "Add the prices table, please"}, true); st != 200 ||
		body["message"] != "Handed back to "+testEditor+"." {
		t.Fatalf("hand back: %d %v", st, body)
	}
	st, draft := e.jsonAs("GET", "/api/preview-blogs/fresh-post", nil, editor)
	hb, _ := draft["handedBack"].(map[string]any)
	if st != 200 || draft["review"] != nil || hb["by"] != testUser || hb["note"] != "Add the prices table, please" || hb["at"] == "" {
		t.Fatalf("the editor's draft after the hand-back: %d %v", st, draft)
	}
	// The editor is mailed why, with the way to the draft.
	poll.Until(t, "the hand-back mail", func() bool { mails = outboxFiles(t, e.outbox); return len(mails) == 2 })
	var handBack string
	for _, m := range mails {
		if eml, _ := os.ReadFile(m); strings.Contains(string(eml), "handed your blog back") {
			handBack = string(eml)
		}
	}
	for _, want := range []string{"admin handed your blog back without publishing it", "Their note: Add the prices table, please",
		"/admin/preview-blog/fresh-post", "your draft was handed back", "To: <" + testEditorEmail + ">"} {
		if !strings.Contains(handBack, want) {
			t.Errorf("the hand-back mail lacks %q:\n%s", want, handBack)
		}
	}
	if st, body := e.jsonAs("POST", "/api/preview-blogs/fresh-post/review", map[string]string{"note": "Table added"}, editor); st != 200 ||
		body["blog"].(map[string]any)["handedBack"] != nil {
		t.Fatalf("submitted again: %d %v", st, body)
	}
	if res := e.do("DELETE", "/api/preview-blogs/fresh-post/review", nil, "", editor); res.StatusCode != 200 {
		t.Fatalf("the editor takes it back, no body: %d", res.StatusCode)
	} else if st, d := e.jsonAs("GET", "/api/preview-blogs/fresh-post", nil, editor); st != 200 || d["handedBack"] != nil {
		t.Fatalf("taken back by its editor is no hand-back: %v", d)
	}
	e.jsonAs("POST", "/api/preview-blogs/fresh-post/review", map[string]string{}, editor)

	res = e.do("POST", "/api/preview-blogs/publish/fresh-post", strings.NewReader("{}"), "application/json", editor)
	var refused map[string]string
	_ = decodeInto(res.Body, &refused)
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden || refused["permission"] != "publish" ||
		refused["error"] != "Only an admin may publish, schedule or change what is on the website." {
		t.Fatalf("editor's publish: %d %v", res.StatusCode, refused)
	}
	if _, err := e.blog(0, "fresh-post"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("refused publish changed the site: %v", err)
	}
	if st, body := e.json("POST", "/api/preview-blogs/publish/fresh-post", map[string]string{}, true); st != http.StatusOK || body["live"] != true {
		t.Fatalf("admin's publish: %d %v", st, body)
	}
	if b, err := e.blog(0, "fresh-post"); err != nil || b.Review != nil {
		t.Fatalf("published record: %+v %v", b, err)
	}
	res = e.do("GET", "/api/reviews", nil, "", e.bearer())
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if strings.TrimSpace(string(raw)) != "[]" {
		t.Fatalf("queue after publish: %s", raw)
	}
	st, me := e.jsonAs("GET", "/api/me", nil, editor)
	if st != 200 || me["role"] != "editor" {
		t.Fatalf("/api/me of the editor: %d %v", st, me)
	}
}

// jsonAs is json with the given headers.
func (e *testEnv) jsonAs(method, path string, v any, headers map[string]string) (int, map[string]any) {
	e.t.Helper()
	var body io.Reader
	if v != nil {
		data, _ := json.Marshal(v)
		body = strings.NewReader(string(data))
	}
	res := e.do(method, path, body, "application/json", headers)
	defer res.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(data, &out)
	return res.StatusCode, out
}
