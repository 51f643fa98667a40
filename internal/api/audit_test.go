package api

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// auditEntries reads one page of GET /api/audit with the admin's token.
func (e *testEnv) auditEntries(query string) ([]domain.AuditEntry, http.Header) {
	e.t.Helper()
	res := e.do("GET", "/api/audit"+query, nil, "", e.bearer())
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		e.t.Fatalf("GET /api/audit%s: %d %s", query, res.StatusCode, data)
	}
	var out []domain.AuditEntry
	if err := json.Unmarshal(data, &out); err != nil {
		e.t.Fatal(err)
	}
	return out, res.Header
}

// TestAuditNamesEditorAndAdmin: an editor's draft, refused publish and an admin's publish of
// it; the audit log names who did what, from where, and only the admin may read it.
func TestAuditNamesEditorAndAdmin(t *testing.T) {
	e := newEnv(t)
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	r, ct := multipartBody(blogForm, nil, "")(t)
	if res := e.do("POST", "/api/preview-blogs", r, ct, editor); res.StatusCode != http.StatusCreated {
		t.Fatalf("editor's draft: %d", res.StatusCode)
	}
	if st, _ := e.jsonAs("POST", "/api/preview-blogs/publish/fresh-post", map[string]string{}, editor); st != http.StatusForbidden {
		t.Fatalf("editor publish: %d", st)
	}
	if st, _ := e.json("POST", "/api/preview-blogs/publish/fresh-post", map[string]string{}, true); st != http.StatusOK {
		t.Fatalf("admin publish: %d", st)
	}
	if st, body := e.jsonAs("GET", "/api/audit", nil, editor); st != http.StatusForbidden || body["permission"] != "audit" {
		t.Fatalf("editor reads the audit log: %d %v", st, body)
	}
	list, _ := e.auditEntries("?kind=blog")
	if len(list) != 2 {
		t.Fatalf("blog entries: %+v", list)
	}
	pub, save := list[0], list[1]
	if pub.Action != domain.AuditPublish || pub.User != testUser || pub.Role != domain.RoleAdmin || pub.Target != "fresh-post" || pub.IP != "127.0.0.1" {
		t.Errorf("publish entry: %+v", pub)
	}
	if save.Action != domain.AuditSave || save.User != testEditor || save.Role != domain.RoleEditor || save.Target != "fresh-post" {
		t.Errorf("save entry: %+v", save)
	}
	if mine, _ := e.auditEntries("?user=" + testEditor); len(mine) != 1 || mine[0].User != testEditor {
		t.Errorf("filter by user: %+v", mine)
	}
	if st, body := e.json("GET", "/api/audit?limit=0", nil, true); st != 400 || body["error"] == nil {
		t.Errorf("limit 0: %d %v", st, body)
	}
}

// TestAuditRecordsSignInsAndBursts: a sign-in is an entry; single failures are not, the burst
// that locks an account out is one, without the password.
func TestAuditRecordsSignInsAndBursts(t *testing.T) {
	e := newEnv(t)
	if st, _ := e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": testPassword}, false); st != 200 {
		t.Fatalf("login: %d", st)
	}
	for i := 0; i < DefaultLimits.LoginFailures; i++ {
		e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": "wrong-password-" + string(rune('a'+i))}, false)
	}
	list, _ := e.auditEntries("?kind=session")
	if len(list) != 2 {
		t.Fatalf("session entries: %+v", list)
	}
	if b := list[0]; b.Action != domain.AuditSignInBurst || b.User != "" || b.Target != testUser || b.IP == "" || !strings.Contains(b.Detail, "locked") {
		t.Errorf("burst entry: %+v", b)
	}
	if in := list[1]; in.Action != domain.AuditSignIn || in.User != testUser {
		t.Errorf("sign-in entry: %+v", in)
	}
	raw, _ := json.Marshal(list)
	if strings.Contains(string(raw), "wrong-password") || strings.Contains(string(raw), testPassword) {
		t.Errorf("a password reached the audit log: %s", raw)
	}
}

// A lockout's entry (and log line) names what was typed as the username only when it is an
// account: a password typed into the username box locks its address out as any burst does, and
// neither the audit log nor the server's log holds it.
func TestLockoutEntryNamesOnlyAccounts(t *testing.T) {
	var logs strings.Builder
	e := newEnv(t, func(c *Config) {
		c.TrustProxy = true
		c.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	})
	burst := func(ip, user string) {
		for i := 0; i < DefaultLimits.LoginFailures; i++ {
			res := e.do("POST", "/admin/login", strings.NewReader(mustJSON(map[string]string{"username": user, "password": "guess-" + string(rune('a'+i))})),
				"application/json", map[string]string{"X-Forwarded-For": ip})
			res.Body.Close()
		}
	}
	burst("10.9.0.1", "Tr0ub4dor&3-secret")
	burst("10.9.0.2", testUser)
	list, _ := e.auditEntries("?kind=session")
	if len(list) != 2 || list[0].Target != testUser || list[1].Target != "(not an account)" || list[1].Action != domain.AuditSignInBurst {
		t.Fatalf("burst entries: %+v", list)
	}
	raw, _ := json.Marshal(list)
	if strings.Contains(strings.ToLower(string(raw)+logs.String()), "tr0ub4dor") {
		t.Errorf("a typed username that is no account was kept:\n%s\n%s", raw, logs.String())
	}
}

// TestAuditPagesFollowTheLink: the next page is named by X-Next-Cursor and by a Link that
// keeps the filter.
func TestAuditPagesFollowTheLink(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 5; i++ {
		e.srv.record(domain.AuditEntry{User: testUser, Action: domain.AuditEdit, Kind: "blog", Target: string(rune('a' + i))})
		e.srv.record(domain.AuditEntry{User: testUser, Action: domain.AuditEdit, Kind: "service", Target: "s"})
	}
	page, h := e.auditEntries("?kind=blog&limit=2")
	if len(page) != 2 || page[0].Target != "e" || h.Get("X-Next-Cursor") == "" ||
		!strings.Contains(h.Get("Link"), "kind=blog") || !strings.Contains(h.Get("Link"), "cursor="+h.Get("X-Next-Cursor")) {
		t.Fatalf("first page %+v, headers %v", page, h)
	}
	var targets []string
	for _, p := range page {
		targets = append(targets, p.Target)
	}
	for next := h.Get("X-Next-Cursor"); next != ""; {
		page, h = e.auditEntries("?kind=blog&limit=2&cursor=" + next)
		for _, p := range page {
			targets = append(targets, p.Target)
		}
		next = h.Get("X-Next-Cursor")
	}
	if strings.Join(targets, "") != "edcba" {
		t.Fatalf("pages: %v", targets)
	}
}

// TestEditorialChangesAreAudited: unpublishing, scheduling and cancelling, deleting to the trash
// and restoring from it each leave their line, by the admin who did them.
func TestEditorialChangesAreAudited(t *testing.T) {
	e := newEnv(t)
	if st, body := e.json("POST", "/api/blogs/live-post/unpublish", nil, true); st != 200 {
		t.Fatalf("unpublish: %d %v", st, body)
	}
	at := e.clock.Now().Add(48 * time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339)
	st, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{"publishAt": at}, true)
	if st != 202 {
		t.Fatalf("schedule: %d %v", st, body)
	}
	id := body["schedule"].(map[string]any)["id"].(float64)
	if st, body := e.json("DELETE", fmt.Sprintf("/api/schedules/%d", int(id)), nil, true); st != 200 {
		t.Fatalf("cancel: %d %v", st, body)
	}
	st, body = e.json("DELETE", "/api/preview-blogs/draft-post", nil, true)
	if st != 200 {
		t.Fatalf("delete: %d %v", st, body)
	}
	trash := body["trash"].(map[string]any)["id"].(float64)
	if st, body := e.json("POST", fmt.Sprintf("/api/trash/%d/restore", int(trash)), nil, true); st != 200 {
		t.Fatalf("restore: %d %v", st, body)
	}
	entries, _ := e.auditEntries("?user=" + testUser)
	var got []string
	for _, a := range entries {
		got = append(got, a.Action+" "+a.Kind+" "+a.Target)
	}
	want := []string{"restore blog draft-post", "delete blog draft-post", "cancel blog draft-post", "schedule blog draft-post", "unpublish blog live-post"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("audit:\n got %q\nwant %q", got, want)
	}
}
