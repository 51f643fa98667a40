package api

import (
	"bytes"
	"digitalreeviver/internal/poll"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/fixturefile"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/publish"
)

// adminFixturePath is the admin UI's fixture: what the API answers to the calls its screens
// make, as the handlers answered them here.
var adminFixturePath = filepath.Join("..", "..", "admin-ui", "src", "test", "api-fixture.json")

// fixtureCall is one answer of the fixture: its status and its JSON body.
type fixtureCall struct {
	Status int `json:"status"`
	Body   any `json:"body"`
}

// The admin UI's tests answer its calls with what the real handlers answer (a real bbolt
// file, the real generator), recorded here into admin-ui/src/test/api-fixture.json; the UI's
// contract test type-checks every answer against the TypeScript types its API modules declare.
// A field added or renamed on one side only therefore fails a test: here when the handlers'
// answers change, there when the types do. Values that differ from run to run (ids, times,
// versions, secrets, tokens, durations) are replaced by stable ones, consistently across answers.
func TestAdminUIFixture(t *testing.T) {
	needBundle(t)
	start := time.Now().UTC()
	// The real generator over the tests' own small content folder, so editing the agency's
	// copy never changes the fixture.
	e := newEnv(t, func(c *Config) {
		b, err := generator.New(generator.Config{ContentDir: filepath.Join("..", "contentdir", "testdata", "content"), OutDir: c.OutDir,
			SiteDir: repoSite, UploadsDir: c.UploadsDir, BaseURL: testSiteURL})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		c.Site = publish.NewSite(b, c.DB)
		c.PublishTimeout = 60e9
	})
	rec := &fixtureRecorder{e: e, calls: map[string]fixtureCall{}}
	admin, editor := e.bearer(), map[string]string{"Authorization": "Bearer " + e.editorToken()}
	none := map[string]string{}
	png := pngBytes(t, 4, 3)

	rec.call("GET /api/site-info", none, nil)
	rec.call("GET /api/me", admin, nil)
	rec.call("GET /api/blogs", none, nil)
	rec.call("GET /api/blogs/live-post", none, nil)
	rec.call("GET /api/services", none, nil)
	rec.call("GET /api/services/live-service", none, nil)

	// A blog's life: saved, read, updated, refused a stale update, published, edited.
	created := rec.call("POST /api/preview-blogs", admin, multipartBody(map[string]string{"title": "Spring checklist", "category": "SEO",
		"content": "<p>Plant keywords.</p>", "metaTitle": "Spring | DR", "metaDescription": "Short.", "focusKeyword": "spring"}, png, "image/png"))
	version := created.Header.Get("ETag")
	rec.call("GET /api/preview-blogs", admin, nil)
	rec.call("GET /api/preview-blogs/spring-checklist", admin, nil)
	rec.callWith("GET /api/preview-blogs/no-such-draft", "not found", admin, nil)
	updated := rec.call("PUT /api/preview-blogs/spring-checklist", withHeader(admin, "If-Match", version), jsonBody(map[string]any{"title": "Spring checklist",
		"category": "SEO", "content": "<p>Plant keywords early.</p>", "metaTitle": "Spring | DR", "metaDescription": "Short.", "focusKeyword": "spring"}))
	rec.callWith("PUT /api/preview-blogs/spring-checklist", "stale", withHeader(admin, "If-Match", version), jsonBody(map[string]any{"title": "Older", "category": "SEO", "content": "<p>x</p>"}))
	rec.call("GET /api/preview-blogs/spring-checklist/revisions", admin, nil)
	rec.call("POST /api/preview-blogs/publish/spring-checklist", withHeader(admin, "If-Match", updated.Header.Get("ETag")), jsonBody(map[string]any{}))
	rec.call("GET /api/blogs/spring-checklist", none, nil)
	rec.call("PUT /api/blogs/spring-checklist", admin, multipartBody(map[string]string{"title": "Spring checklist", "category": "SEO",
		"content": "<p>Plant keywords early.</p>", "metaTitle": "Spring | DR", "metaDescription": "Short.", "keyword": "spring seo"}, nil, ""))

	// A service is saved; another draft is scheduled; an editor's draft waits for review.
	rec.call("POST /api/preview-services", admin, multipartBody(map[string]string{"title": "Local SEO", "slug": "local-seo", "category": "SEO",
		"description": "<p>Be found nearby.</p>", "metaTitle": "Local SEO | DR", "metaDescription": "Nearby.", "focusKeyword": "local seo"}, pngBytes(t, 3, 2), "image/png"))
	rec.call("GET /api/preview-services", admin, nil)
	rec.call("GET /api/preview-services/draft-service", admin, nil)
	rec.call("POST /api/preview-services/publish/draft-service", admin, multipartBody(map[string]string{"title": "Draft Service", "category": "Marketing",
		"description": "<p>Draft service</p>", "publishAt": start.Add(48 * time.Hour).Format(time.RFC3339)}, nil, ""))
	rec.call("GET /api/schedules", admin, nil)
	rec.call("POST /api/preview-blogs/draft-post/review", editor, jsonBody(map[string]string{"note": "Please check the intro."}))
	rec.call("GET /api/reviews", admin, nil)
	rec.call("DELETE /api/preview-blogs/draft-post", admin, nil)
	rec.call("GET /api/trash", admin, nil)

	// People, webhooks, the library, redirects, enquiries.
	rec.call("GET /api/people", admin, nil)
	invited := rec.call("POST /api/people/invites", admin, jsonBody(map[string]string{"email": "sam@example.com", "role": "editor"}))
	var inv struct{ Invite struct{ ID string } }
	_ = json.Unmarshal(invited.Data, &inv)
	rec.callAt("POST /api/people/invites/{id}/link", "/api/people/invites/"+inv.Invite.ID+"/link", admin, nil)
	rec.callWith("GET /api/people", "with an invitation", admin, nil)
	rec.call("POST /api/webhooks", admin, jsonBody(map[string]any{"url": "https://crm.example.com/hooks/website", "events": []string{"enquiry.created"}, "format": "json"}))
	rec.call("GET /api/webhooks", admin, nil)
	rec.call("GET /api/media", admin, nil)
	rec.call("GET /api/redirects", admin, nil)
	rec.call("POST /popup", none, jsonBody(map[string]string{"name": "Meera Kapoor", "email": "meera@example.in", "phone": "+91 98110 45672", "message": "A new website, please."}))
	rec.call("GET /popups", admin, nil)

	// What ran in the background, once it has settled.
	poll.Until(t, "the builds", func() bool {
		return !strings.Contains(string(rec.get("/api/builds", admin)), `"status":"queued"`) && !strings.Contains(string(rec.get("/api/builds", admin)), `"status":"running"`)
	})
	poll.Until(t, "the mail", func() bool {
		m := string(rec.get("/api/mail", admin))
		return !strings.Contains(m, `"queued"`) && !strings.Contains(m, `"sending"`)
	})
	rec.call("GET /api/builds", admin, nil)
	rec.call("GET /api/mail", admin, nil)
	rec.call("GET /api/webhooks/deliveries?limit=50", admin, nil)

	fixturefile.Check(t, adminFixturePath, normalizeFixture(rec.calls, start),
		"run `go test ./internal/api -run TestAdminUIFixture -update-fixture`, then `npm --prefix admin-ui test` for the TypeScript side")
}

type fixtureRecorder struct {
	e     *testEnv
	calls map[string]fixtureCall
}

type recorded struct {
	Header http.Header
	Data   []byte
}

// call makes the call named "METHOD path" and records its answer under that name.
func (r *fixtureRecorder) call(name string, headers map[string]string, b body) recorded {
	return r.callWith(name, "", headers, b)
}

// callWith records the answer under "METHOD path (variant)" when a call has more than one.
func (r *fixtureRecorder) callWith(name, variant string, headers map[string]string, b body) recorded {
	_, path, _ := strings.Cut(name, " ")
	if variant != "" {
		name += " (" + variant + ")"
	}
	return r.callAt(name, path, headers, b)
}

// callAt makes the call to path and records its answer under name ("METHOD pattern", for a
// path whose ids differ from run to run).
func (r *fixtureRecorder) callAt(name, path string, headers map[string]string, b body) recorded {
	t := r.e.t
	t.Helper()
	method, _, _ := strings.Cut(name, " ")
	var rd io.Reader
	contentType := ""
	if b != nil {
		rd, contentType = b(t)
	}
	res := r.e.do(method, path, rd, contentType, headers)
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: not JSON (%d): %s", name, res.StatusCode, data)
	}
	if _, dup := r.calls[name]; dup {
		t.Fatalf("two answers named %s", name)
	}
	r.calls[name] = fixtureCall{Status: res.StatusCode, Body: v}
	return recorded{Header: res.Header, Data: data}
}

// get reads path without recording it.
func (r *fixtureRecorder) get(path string, headers map[string]string) []byte {
	res := r.e.do("GET", path, nil, "", headers)
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return data
}

func withHeader(h map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for hk, hv := range h {
		out[hk] = hv
	}
	return out
}

var (
	hexID           = regexp.MustCompile(`^[0-9a-f]{24}$`)
	uuidID          = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`) // an enquiry's id
	uploadName      = regexp.MustCompile(`[0-9a-f]{32}`)                                                   // an upload's random name
	timeInText      = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
	invitePathToken = regexp.MustCompile(`/admin/invite/[A-Za-z0-9_-]+`)
)

// fixtureTime is where the fixture's clock starts: the run's start maps to it, and every time
// keeps its distance from the start, to the minute.
var fixtureTime = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// normalizeFixture gives the values that differ from run to run stable stand-ins, the same
// value the same stand-in in every answer, and encodes the fixture.
func normalizeFixture(calls map[string]fixtureCall, start time.Time) []byte {
	n := &normalizer{start: start, seen: map[string]string{}}
	names := make([]string, 0, len(calls))
	for k := range calls {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		c := calls[k]
		c.Body = n.value("", c.Body)
		calls[k] = c
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	_ = enc.Encode(calls)
	return buf.Bytes()
}

type normalizer struct {
	start time.Time
	seen  map[string]string // a value met before → its stand-in
	count map[string]int
}

func (n *normalizer) value(key string, v any) any {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			x[k] = n.value(k, x[k])
		}
		return x
	case []any:
		for i := range x {
			x[i] = n.value(key, x[i])
		}
		return x
	case float64:
		switch key {
		case "ms", "duration", "bytes", "written", "files":
			return 0.0
		}
		return x
	case string:
		return n.text(key, x)
	}
	return v
}

func (n *normalizer) text(key, s string) string {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil && t.Year() > 2000 {
		return fixtureTime.Add(t.Sub(n.start).Round(time.Minute)).Format(time.RFC3339)
	}
	switch {
	case hexID.MatchString(s) || key == "_id":
		return n.standIn("id", s, func(i int) string { return fmt.Sprintf("%024x", i) })
	case uuidID.MatchString(s):
		return n.standIn("uuid", s, func(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012x", i) })
	case key == "version":
		return n.standIn("version", s, func(i int) string { return fmt.Sprintf("v%d", i) })
	case key == "secret":
		return n.standIn("secret", s, func(i int) string { return fmt.Sprintf("whsec_fixture%d", i) })
	case key == "token":
		return n.standIn("token", s, func(i int) string { return fmt.Sprintf("token-%d", i) })
	case key == "generation" || key == "previous":
		return n.standIn("generation", s, func(i int) string { return fmt.Sprintf("g%d", i) })
	case uploadName.MatchString(s):
		return uploadName.ReplaceAllStringFunc(s, func(m string) string {
			return n.standIn("upload", m, func(i int) string { return fmt.Sprintf("%032x", i) })
		})
	case timeInText.MatchString(s):
		return timeInText.ReplaceAllStringFunc(s, func(m string) string { return n.text("", m) })
	case invitePathToken.MatchString(s):
		return invitePathToken.ReplaceAllStringFunc(s, func(m string) string {
			return "/admin/invite/" + n.standIn("invite", m, func(i int) string { return fmt.Sprintf("invite-token-%d", i) })
		})
	}
	return s
}

func (n *normalizer) standIn(kind, s string, make func(int) string) string {
	if v, ok := n.seen[kind+"\x00"+s]; ok {
		return v
	}
	if n.count == nil {
		n.count = map[string]int{}
	}
	n.count[kind]++
	v := make(n.count[kind])
	n.seen[kind+"\x00"+s] = v
	return v
}
