package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/store"
)

func readBody(t *testing.T, res *http.Response) string {
	t.Helper()
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Script and event-handler payloads never reach the store, whichever call writes the HTML.
// Rich HTML is sanitized on every write of every kind: create, update, publish and edit.
func TestSavedHTMLIsSanitized(t *testing.T) {
	evil := `<p>ok</p><script>alert(1)</script><img src="/uploads/x.png" onerror="alert(2)">` +
		`<a href="javascript:alert(3)">l</a><iframe src="https://evil.example"></iframe><p style="position:fixed" onmouseover="x()">p</p>`
	for _, k := range domain.Kinds {
		t.Run(k.Name, func(t *testing.T) {
			e := newEnv(t)
			draft, live := "draft-"+k.Name, "live-"+k.Name
			if k == domain.Blogs {
				draft, live = "draft-post", "live-post" // the fixtures of newEnv
			}
			check := func(where string) {
				t.Helper()
				for _, st := range []store.Stage{store.Preview, store.Published} {
					recs, err := e.db.Records(k, st)
					if err != nil {
						t.Fatal(err)
					}
					for _, r := range recs {
						body := *r.Fields().Body
						for _, bad := range []string{"<script", "alert", "onerror", "javascript:", "<iframe", "onmouseover", "position"} {
							if strings.Contains(body, bad) {
								t.Errorf("%s: stored %s of %s holds %q: %s", where, k.Body, *r.Fields().Slug, bad, body)
							}
						}
					}
				}
			}
			pre, pub := "/api/preview-"+k.Plural, "/api/"+k.Plural
			r, ct := multipartBody(map[string]string{"title": "Fresh One", "category": "SEO", "image": "/images/x.svg", k.Body: evil}, nil, "")(t)
			if res := e.do("POST", pre, r, ct, e.bearer()); res.StatusCode != 201 {
				t.Fatalf("create: %d %s", res.StatusCode, readBody(t, res))
			} else {
				res.Body.Close()
			}
			check("create")
			if code, _ := e.json("PUT", pre+"/"+draft, map[string]string{k.Body: evil}, true); code != 200 {
				t.Fatalf("update: %d", code)
			}
			check("update")
			if code, _ := e.json("POST", pre+"/publish/"+draft, map[string]string{k.Body: evil}, true); code != 200 {
				t.Fatalf("publish: %d", code)
			}
			check("publish")
			r, ct = multipartBody(map[string]string{k.Body: evil}, nil, "")(t)
			if res := e.do("PUT", pub+"/"+live, r, ct, e.bearer()); res.StatusCode != 200 {
				t.Fatalf("edit: %d %s", res.StatusCode, readBody(t, res))
			} else {
				res.Body.Close()
			}
			check("edit")
			rec, _ := e.db.Record(k, store.Published, live)
			if body := *rec.Fields().Body; !strings.Contains(body, "<p>ok</p>") {
				t.Errorf("sanitizing lost the good part: %q", body)
			}
		})
	}
}

var resetLink = regexp.MustCompile(`https://site\.test/reset-password/([A-Za-z0-9_-]+)`)

// The reset flow end to end: the link goes to the outbox, works once, sets the password, and
// revokes the tokens issued before.
func TestResetFlowThroughOutbox(t *testing.T) {
	e := newEnv(t)
	oldToken := e.token
	if code, _ := e.json("GET", "/api/me", nil, true); code != 200 {
		t.Fatalf("token does not work before: %d", code)
	}
	code, body := e.json("POST", "/admin/forgot-password", map[string]string{"email": "ADMIN@example.com"}, false)
	if code != 200 || body["message"] != msgForgotSent {
		t.Fatalf("forgot: %d %v", code, body)
	}
	var files []string
	poll.Until(t, "the reset mail", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 1 })
	eml, _ := os.ReadFile(files[0])
	if !strings.Contains(string(eml), "To: <admin@example.com>") {
		t.Errorf("mail not to the admin:\n%s", eml)
	}
	m := resetLink.FindStringSubmatch(strings.ReplaceAll(string(eml), "=\r\n", ""))
	if m == nil {
		t.Fatalf("no reset link in:\n%s", eml)
	}
	token := m[1]
	if len(token) < 22 {
		t.Fatalf("token %q carries fewer than 128 bits", token)
	}
	// The token is stored hashed: the raw token is nowhere in the database file.
	raw, _ := os.ReadFile(filepath.Join(e.dir, "site.db"))
	if strings.Contains(string(raw), token) {
		t.Error("reset token stored in clear")
	}

	// A common password is refused, saying why, and does not spend the link.
	code, body = e.json("POST", "/reset-password", map[string]string{"token": token, "newPassword": "Football1"}, false)
	if code != 400 || body["error"] != domain.MsgPasswordCommon {
		t.Fatalf("common password: %d %v", code, body)
	}
	code, body = e.json("POST", "/reset-password", map[string]string{"token": token, "newPassword": "brand-new-pass"}, false)
	if code != 200 || body["message"] != msgResetDone {
		t.Fatalf("reset: %d %v", code, body)
	}
	code, body = e.json("POST", "/reset-password", map[string]string{"token": token, "newPassword": "another-pass-1"}, false)
	if code != 400 || body["error"] != msgResetInvalid {
		t.Fatalf("second use of the token: %d %v", code, body)
	}
	if code, _ = e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": testPassword}, false); code != 401 {
		t.Fatalf("old password still works: %d", code)
	}
	code, body = e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": "brand-new-pass"}, false)
	if code != 200 {
		t.Fatalf("new password refused: %d %v", code, body)
	}
	e.token = oldToken
	if code, _ = e.json("GET", "/api/me", nil, true); code != 401 {
		t.Fatalf("token issued before the change still works: %d", code)
	}
	e.token = body["token"].(string)
	if code, _ = e.json("GET", "/api/me", nil, true); code != 200 {
		t.Fatalf("new token refused: %d", code)
	}

	// An unknown address gets the same answer and no mail.
	code, body = e.json("POST", "/admin/forgot-password", map[string]string{"email": "nobody@example.com"}, false)
	if code != 200 || body["message"] != msgForgotSent {
		t.Fatalf("unknown address: %d %v", code, body)
	}
	// Closing the services drains the mail queue: whatever the request queued has been sent.
	e.closeServices()
	if n := len(outboxFiles(t, e.outbox)); n != 1 {
		t.Fatalf("outbox holds %d mails, want 1", n)
	}
}

func TestResetTokenExpires(t *testing.T) {
	e := newEnv(t)
	if err := e.db.PutResetToken(hashOf("expired-token-expired-token"), testUser, time.Now().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	code, body := e.json("POST", "/reset-password", map[string]string{"token": "expired-token-expired-token", "newPassword": "brand-new-pass"}, false)
	if code != 400 || body["error"] != msgResetInvalid {
		t.Fatalf("expired token: %d %v", code, body)
	}
}

// The reset link is built from SITE_URL, never from the Host header.
func TestResetLinkIgnoresHost(t *testing.T) {
	e := newEnv(t)
	res := e.do("POST", "/admin/forgot-password", strings.NewReader(`{"email":"admin@example.com"}`), "application/json",
		map[string]string{"Host": "evil.example", "X-Forwarded-Host": "evil.example"})
	res.Body.Close()
	var files []string
	poll.Until(t, "the reset mail", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 1 })
	eml, _ := os.ReadFile(files[0])
	if strings.Contains(string(eml), "evil.example") || !strings.Contains(string(eml), "https://site.test/reset-password/") {
		t.Fatalf("link not from SITE_URL:\n%s", eml)
	}
}

func TestLoginLockout(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.TrustProxy = true })
	login := func(ip, user, pw string) *http.Response {
		return e.do("POST", "/admin/login", strings.NewReader(fmt.Sprintf(`{"username":%q,"password":%q}`, user, pw)),
			"application/json", map[string]string{"X-Forwarded-For": ip})
	}
	for i := 0; i < DefaultLimits.LoginFailures; i++ {
		res := login("10.0.0.1", testUser, "wrong-password")
		if res.StatusCode != 401 {
			t.Fatalf("failure %d: %d", i, res.StatusCode)
		}
		res.Body.Close()
	}
	// Locked: even the right password is refused, with Retry-After.
	res := login("10.0.0.1", testUser, testPassword)
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("after %d failures: %d (Retry-After %q)", DefaultLimits.LoginFailures, res.StatusCode, res.Header.Get("Retry-After"))
	}
	if body := readBody(t, res); !strings.Contains(body, "Too many failed attempts") {
		t.Fatalf("lockout answer: %s", body)
	}
	// The username is locked from any address too.
	res = login("10.0.0.2", testUser, testPassword)
	if res.StatusCode != 429 {
		t.Fatalf("username lock from another address: %d", res.StatusCode)
	}
	res.Body.Close()
	// Another user from a fresh address is not affected.
	res = login("10.0.0.3", "someone", "x-password")
	if res.StatusCode != 401 {
		t.Fatalf("other user: %d", res.StatusCode)
	}
	res.Body.Close()
	// The wait grows: the next failure doubles it.
	if d := e.srv.loginUserFails.Fail(testUser); d != 2*DefaultLimits.LoginLockout {
		t.Fatalf("next lockout %v, want %v", d, 2*DefaultLimits.LoginLockout)
	}
}

// Variants of the login path (case, trailing slash, doubled slashes) never reach a handler that
// skips the limiter: they are refused or redirected to the one real route.
func TestLoginPathVariantsDoNotBypassLimits(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"/Admin/Login", "/ADMIN/LOGIN", "/admin/login/", "/admin/Login", "/admin//login", "/admin/./login", "/admin/login%2F"} {
		res := e.do("POST", p, strings.NewReader(`{"username":"admin","password":"correct-horse-1"}`), "application/json", nil)
		body := readBody(t, res)
		if res.StatusCode == 200 || strings.Contains(body, "token") {
			t.Errorf("POST %s answered %d %s", p, res.StatusCode, body)
		}
		if res.StatusCode == 301 || res.StatusCode == 308 {
			if loc := res.Header.Get("Location"); loc != "/admin/login" {
				t.Errorf("POST %s redirects to %q", p, loc)
			}
		}
	}
}

func TestTokenRevokedByPasswordChange(t *testing.T) {
	e := newEnv(t)
	code, body := e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": testPassword}, false)
	if code != 200 {
		t.Fatal(code)
	}
	e.token = body["token"].(string)
	if code, _ := e.json("GET", "/api/preview-blogs", nil, true); code != 200 {
		t.Fatal(code)
	}
	if err := operator.SetPassword(e.db, testUser, "changed-password"); err != nil {
		t.Fatal(err)
	}
	if code, _ := e.json("GET", "/api/preview-blogs", nil, true); code != 401 {
		t.Fatalf("token still valid after the password changed: %d", code)
	}
}

type failingMail struct{ calls chan struct{} }

func (f failingMail) Send(context.Context, mail.Message) error {
	f.calls <- struct{}{}
	return errors.New("smtp down")
}

func TestPopupFlow(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.TrustProxy = true })
	post := func(ip string, v map[string]any) (int, map[string]any) {
		res := e.do("POST", "/popup", strings.NewReader(mustJSON(v)), "application/json", map[string]string{"X-Forwarded-For": ip})
		defer res.Body.Close()
		var out map[string]any
		_ = decodeInto(res.Body, &out)
		return res.StatusCode, out
	}
	code, body := post("10.1.0.1", withAny(popupOK, "startedAt", time.Now().Add(-10*time.Second).UnixMilli()))
	if code != 200 || body["message"] != enquiry.MsgThanks {
		t.Fatalf("popup: %d %v", code, body)
	}
	// Stored before the answer.
	msgs, _ := e.db.Messages()
	if len(msgs) != 1 || msgs[0].Name != "Asha" || msgs[0].Source != "popup" {
		t.Fatalf("stored: %+v", msgs)
	}
	// The notification follows, replying to the visitor.
	var files []string
	poll.Until(t, "the notification", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 1 })
	eml, _ := os.ReadFile(files[0])
	for _, want := range []string{"To: <team@example.com>", "Reply-To: <asha@example.in>", "Need SEO"} {
		if !strings.Contains(string(eml), want) {
			t.Errorf("notification lacks %q:\n%s", want, eml)
		}
	}

	// Honeypot and too-fast submissions: the normal answer, kept in the spam folder, no
	// notification, not in the inbox.
	code, body = post("10.1.0.2", withAny(popupOK, "website", "http://spam.example"))
	if code != 200 || body["message"] != enquiry.MsgThanks {
		t.Fatalf("honeypot: %d %v", code, body)
	}
	code, _ = post("10.1.0.3", withAny(popupOK, "startedAt", time.Now().UnixMilli()))
	if code != 200 {
		t.Fatalf("fast: %d", code)
	}
	spam, _, _ := e.db.SearchMessages(domain.MessageQuery{Status: domain.StatusSpam}, 0, 10)
	if len(spam) != 2 || spam[0].Spam != "sent too fast" || spam[1].Spam != "hidden field filled in" {
		t.Fatalf("spam folder: %+v", spam)
	}
	if inbox, _, _ := e.db.SearchMessages(domain.MessageQuery{}, 0, 10); len(inbox) != 1 {
		t.Fatalf("inbox holds spam: %+v", inbox)
	}

	// Per-address rate limit.
	limited := false
	for i := 0; i < DefaultLimits.PopupBurst+2; i++ {
		res := e.do("POST", "/popup", strings.NewReader(mustJSON(popupOK)), "application/json", map[string]string{"X-Forwarded-For": "10.1.0.9"})
		res.Body.Close()
		if res.StatusCode == 429 {
			limited = res.Header.Get("Retry-After") != ""
			break
		}
	}
	if !limited {
		t.Fatal("no 429 with Retry-After from one address")
	}

	// Newest first in the admin list.
	code, _ = post("10.1.0.4", withAny(popupOK, "name", "Zoya"))
	if code != 200 {
		t.Fatal(code)
	}
	res := e.do("GET", "/popups", nil, "", e.bearer())
	if b := readBody(t, res); strings.Index(b, "Zoya") > strings.Index(b, "Asha") {
		t.Fatalf("not newest first: %s", b)
	}
}

func TestPopupMailFailureLosesNothing(t *testing.T) {
	calls := make(chan struct{}, 10)
	e := newEnvSending(t, failingMail{calls})
	code, _ := e.json("POST", "/popup", popupOK, false)
	if code != 200 {
		t.Fatalf("popup with mail down: %d", code)
	}
	select {
	case <-calls:
	case <-time.After(5 * time.Second):
		t.Fatal("notification never attempted")
	}
	if n, _ := e.db.CountMessages(); n != 1 {
		t.Fatalf("messages stored: %d", n)
	}
	// The failure is kept for a retry and shown to the admin.
	var jobs []store.MailJob
	poll.Until(t, "the failed notification recorded", func() bool {
		jobs, _, _ = e.db.MailJobs(0, 10)
		return len(jobs) == 1 && jobs[0].Status == store.MailRetrying
	})
	if j := jobs[0]; j.Kind != "enquiry" || j.To != "team@example.com" || j.Attempts != 1 || j.LastError != "smtp down" {
		t.Fatalf("job: %+v", j)
	}
	_, login := e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": testPassword}, false)
	e.token, _ = login["token"].(string)
	res := e.do("GET", "/api/mail", nil, "", e.bearer())
	var list []map[string]any
	if err := decodeInto(res.Body, &list); err != nil || res.StatusCode != 200 || len(list) != 1 ||
		list[0]["status"] != "retrying" || list[0]["lastError"] != "smtp down" || list[0]["nextAttemptAt"] == nil || list[0]["outbox"] != nil {
		t.Fatalf("GET /api/mail: %d %v %v", res.StatusCode, list, err)
	}
	res.Body.Close()
}

func TestPopupFormFallbackRedirectsToAllowedOrigin(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.AllowedOrigins = []string{"https://www.site.test"} })
	form := url.Values{"name": {"Asha"}, "email": {"asha@example.in"}, "phone": {"9811045672"}, "message": {"hi"}}
	res := e.do("POST", "/popup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", map[string]string{"Origin": "https://www.site.test"})
	res.Body.Close()
	if res.StatusCode != 303 || res.Header.Get("Location") != "https://www.site.test/thank-you/" {
		t.Fatalf("%d %q", res.StatusCode, res.Header.Get("Location"))
	}
	res = e.do("POST", "/popup", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", map[string]string{"Origin": "https://evil.example"})
	res.Body.Close()
	if res.Header.Get("Location") != "/thank-you/" {
		t.Fatalf("redirect to a foreign origin: %q", res.Header.Get("Location"))
	}
	msgs, _ := e.db.Messages()
	if len(msgs) != 2 || msgs[0].Source != "form" {
		t.Fatalf("stored: %+v", msgs)
	}
}

// TestMessagesCSVOpensInExcel: the export starts with a UTF-8 byte order mark, without which
// Excel reads it in the PC's code page and a Hindi name comes out garbled; the rows are intact.
func TestMessagesCSVOpensInExcel(t *testing.T) {
	e := newEnv(t)
	if _, err := e.db.AddMessage(domain.Message{Name: "राहुल शर्मा", Email: "r@b.co", Phone: "+91 98110 45672", Message: "Fees ₹? 🙏"}); err != nil {
		t.Fatal(err)
	}
	body := readBody(t, e.do("GET", "/popups.csv", nil, "", e.bearer()))
	if !strings.HasPrefix(body, "\ufeffcreatedAt,name,") {
		t.Fatalf("the CSV does not start with a byte order mark and its header: %q", body[:min(len(body), 40)])
	}
	if !strings.Contains(body, ",राहुल शर्मा,r@b.co,+91 98110 45672,Fees ₹? 🙏,") {
		t.Fatalf("csv:\n%s", body)
	}
}

func TestMessagesCSVDefusesFormulas(t *testing.T) {
	e := newEnv(t)
	if _, err := e.db.AddMessage(domain.Message{Name: "=HYPERLINK(\"http://x\")", Email: "a@b.co", Phone: "+91 98110 45672", Message: "@SUM(1)"}); err != nil {
		t.Fatal(err)
	}
	body := readBody(t, e.do("GET", "/popups.csv", nil, "", e.bearer()))
	if !strings.Contains(body, `'=HYPERLINK`) || !strings.Contains(body, "'@SUM") || !strings.Contains(body, ",+91 98110 45672,") {
		t.Fatalf("csv:\n%s", body)
	}
}

func TestPublishCoalescesBuilds(t *testing.T) {
	e := newEnv(t)
	e.site.hold = make(chan struct{})
	for i := 0; i < 5; i++ {
		if _, err := e.db.CreatePreviewBlog(domain.Blog{Title: fmt.Sprintf("Post %d", i), Content: "<p>x</p>", Category: "SEO"}); err != nil {
			t.Fatal(err)
		}
	}
	// One build starts; five publishes arrive while it runs and share the next one.
	first := e.builds.Request(false, "warm-up")
	poll.Until(t, "the first build to run", func() bool { return e.site.count() == 1 })
	var wg sync.WaitGroup
	answers := make([]map[string]any, 5)
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, answers[i] = e.json("POST", fmt.Sprintf("/api/preview-blogs/publish/post-%d", i), map[string]string{}, true)
		}(i)
	}
	// The first build is held until all five have asked for theirs: the queued one names them.
	poll.Until(t, "five publishes waiting for one build", func() bool {
		list, _ := e.builds.Builds()
		return len(list) == 2 && list[0].Status == "queued" && strings.Count(list[0].Reason, "published: post-") == 5
	})
	close(e.site.hold)
	wg.Wait()
	_, _ = first.Wait(context.Background())
	if n := e.site.count(); n != 2 {
		t.Fatalf("%d builds for one warm-up and five publishes, want 2", n)
	}
	for i, a := range answers {
		if a["live"] != true {
			t.Errorf("publish %d: %v", i, a)
		}
	}
	id := answers[0]["build"].(map[string]any)["id"]
	for _, a := range answers[1:] {
		if a["build"].(map[string]any)["id"] != id {
			t.Errorf("publishes answered with different builds: %v vs %v", a["build"], id)
		}
	}
	res := e.do("GET", "/api/builds", nil, "", e.bearer())
	if b := readBody(t, res); !strings.Contains(b, `"status":"ok"`) || !strings.Contains(b, "blog published: post-") {
		t.Fatalf("builds list: %s", b)
	}
}

func TestPublishBuildFailureKeepsContent(t *testing.T) {
	e := newEnv(t)
	e.site.fail = errors.New("render: page /blog/draft-post/: boom")
	code, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{}, true)
	if code != 500 || body["live"] != false || !strings.Contains(fmt.Sprint(body["error"]), "boom") {
		t.Fatalf("%d %v", code, body)
	}
	if _, err := e.blog(store.Published, "draft-post"); err != nil {
		t.Fatalf("content not published: %v", err)
	}
}

func TestPublishAnswersWhileStillBuilding(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.PublishTimeout = 100 * time.Millisecond })
	e.site.hold = make(chan struct{}) // the build does not end while the publish waits
	t.Cleanup(func() { close(e.site.hold) })
	code, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{}, true)
	if code != 202 || body["live"] != false || body["url"] != "https://site.test/blog/draft-post/" {
		t.Fatalf("%d %v", code, body)
	}
}

func TestPublishWithoutGenerator(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Site = nil })
	code, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{}, true)
	if code != 500 || body["live"] != false {
		t.Fatalf("%d %v", code, body)
	}
	res := e.do("GET", "/api/preview-blogs/live-post/render", nil, "", e.bearer())
	res.Body.Close()
	if res.StatusCode != 404 {
		t.Fatalf("render of a missing preview: %d", res.StatusCode)
	}
	if _, err := e.db.CreatePreviewBlog(domain.Blog{Title: "Another", Content: "<p>x</p>", Category: "c"}); err != nil {
		t.Fatal(err)
	}
	res = e.do("GET", "/api/preview-blogs/another/render", nil, "", e.bearer())
	res.Body.Close()
	if res.StatusCode != 503 {
		t.Fatalf("render without generator: %d", res.StatusCode)
	}
}

func TestCORS(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.AllowedOrigins = []string{"https://www.site.test"} })
	res := e.do("OPTIONS", "/popup", nil, "", map[string]string{"Origin": "https://www.site.test", "Access-Control-Request-Method": "POST"})
	res.Body.Close()
	if res.StatusCode != 204 || res.Header.Get("Access-Control-Allow-Origin") != "https://www.site.test" ||
		!strings.Contains(res.Header.Get("Access-Control-Allow-Headers"), "Content-Type") {
		t.Fatalf("preflight: %d %v", res.StatusCode, res.Header)
	}
	res = e.do("GET", "/api/blogs", nil, "", map[string]string{"Origin": "https://www.site.test"})
	res.Body.Close()
	if res.Header.Get("Access-Control-Allow-Origin") != "https://www.site.test" {
		t.Fatalf("allowed origin: %v", res.Header)
	}
	for _, o := range []string{"https://evil.example", "null", "https://www.site.test.evil.example"} {
		res = e.do("GET", "/api/blogs", nil, "", map[string]string{"Origin": o})
		res.Body.Close()
		if res.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("origin %s allowed", o)
		}
		res = e.do("OPTIONS", "/popup", nil, "", map[string]string{"Origin": o, "Access-Control-Request-Method": "POST"})
		res.Body.Close()
		if res.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("preflight of %s allowed", o)
		}
	}
}

func TestRecoverPanics(t *testing.T) {
	e := newEnv(t)
	h := e.srv.middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom at secret.go:12") }))
	rec := &captureWriter{header: http.Header{}}
	req, _ := http.NewRequest("GET", "/x", nil)
	req.RemoteAddr = "127.0.0.1:1"
	h.ServeHTTP(rec, req)
	if rec.status != 500 || strings.Contains(rec.body.String(), "boom") || !strings.Contains(rec.body.String(), `"error":"internal error"`) {
		t.Fatalf("%d %s", rec.status, rec.body.String())
	}
}

type captureWriter struct {
	header http.Header
	status int
	body   strings.Builder
}

func (c *captureWriter) Header() http.Header { return c.header }
func (c *captureWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = 200
	}
	return c.body.Write(b)
}
func (c *captureWriter) WriteHeader(s int) { c.status = s }

// Demo mode serves dist like a static host: through the symlink swapped per build, folders'
// index.html, the 404 page, no listings, no dot-files, GET only.
func TestDemoServesSite(t *testing.T) {
	e := newEnv(t, func(c *Config) {
		c.ServeSite = true
		c.AdminUI = fstest.MapFS{
			"index.html":        {Data: []byte(`<!doctype html><div id="root"></div>`)},
			"assets/app-1.js":   {Data: []byte(`console.log(1)`)},
			"assets/app-1.css":  {Data: []byte(`body{}`)},
			"favicon.svg":       {Data: []byte(`<svg/>`)},
			"deep/nested.json":  {Data: []byte(`{}`)},
			".hidden/index.txt": {Data: []byte(`x`)},
		}
	})
	gen := func(name, home string) string {
		dir := filepath.Join(e.dir, ".dist", name)
		for p, data := range map[string]string{
			"index.html": home, "404.html": "<h1>Not here</h1>", "blog/index.html": "<h1>Blog</h1>",
			"assets/site.css": "body{}", "images/empty/.keep": "", ".build.json": `{"secret":1}`,
		} {
			_ = os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
			if err := os.WriteFile(filepath.Join(dir, p), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	out := filepath.Join(e.dir, "dist")
	if err := os.Symlink(gen("g1", "<h1>Home one</h1>"), out); err != nil {
		t.Fatal(err)
	}
	get := func(method, p string) (*http.Response, string) {
		res := e.do(method, p, nil, "", nil)
		return res, readBody(t, res)
	}
	for _, tt := range []struct {
		method, path string
		status       int
		body         string
		header       [2]string
	}{
		{"GET", "/", 200, "Home one", [2]string{"Content-Security-Policy", "frame-ancestors 'none'"}},
		{"HEAD", "/", 200, "", [2]string{"Content-Type", "text/html"}},
		{"GET", "/blog/", 200, "<h1>Blog</h1>", [2]string{"X-Content-Type-Options", "nosniff"}},
		{"GET", "/blog", 301, "", [2]string{"Location", "/blog/"}},
		{"GET", "/assets/site.css", 200, "body{}", [2]string{"Content-Type", "text/css"}},
		{"GET", "/missing/page/", 404, "Not here", [2]string{"Content-Type", "text/html"}},
		{"GET", "/images/empty/", 404, "Not here", [2]string{}},
		{"GET", "/.build.json", 404, "Not here", [2]string{}},
		{"GET", "/../site.db", 301, "", [2]string{"Location", "/site.db"}}, // cleaned by the router, then a 404
		{"POST", "/", 405, "", [2]string{}},
		{"POST", "/blog/", 405, "", [2]string{}},
		// The API's addresses answer as the API does, in JSON, not with the site's 404 page.
		{"GET", "/api/no-such-call", 404, `{"error":"Not found."}`, [2]string{"Content-Type", "application/json"}},
		{"GET", "/popup", 405, `{"error":"Method not allowed."}`, [2]string{"Content-Type", "application/json"}},
		{"GET", "/reset-password", 405, `{"error":"Method not allowed."}`, [2]string{}},
		{"GET", "/popups/123/outcome", 405, `{"error":"Method not allowed."}`, [2]string{}},
		{"GET", "/admin", 301, "", [2]string{"Location", "/admin/"}},
		{"GET", "/admin/", 200, `id="root"`, [2]string{"Content-Security-Policy", "script-src 'self'"}},
		{"GET", "/admin/dashboard", 200, `id="root"`, [2]string{}},
		{"GET", "/admin/login", 200, `id="root"`, [2]string{}},
		{"GET", "/admin/preview-blog/some-slug", 200, `id="root"`, [2]string{}},
		{"GET", "/admin/assets/app-1.js", 200, "console.log", [2]string{"Content-Type", "text/javascript"}},
		{"GET", "/admin/assets/missing.js", 404, "", [2]string{}},
		{"GET", "/admin/.hidden/index.txt", 200, `id="root"`, [2]string{}},
		{"GET", "/reset-password/abc123", 200, `id="root"`, [2]string{}},
	} {
		res, body := get(tt.method, tt.path)
		if res.StatusCode != tt.status || !strings.Contains(body, tt.body) {
			t.Errorf("%s %s: %d %q, want %d %q", tt.method, tt.path, res.StatusCode, trim([]byte(body)), tt.status, tt.body)
		}
		if tt.header[0] != "" && !strings.Contains(res.Header.Get(tt.header[0]), tt.header[1]) {
			t.Errorf("%s %s: %s = %q, want %q", tt.method, tt.path, tt.header[0], res.Header.Get(tt.header[0]), tt.header[1])
		}
	}
	// POST /admin/login still reaches the API.
	if code, _ := e.json("POST", "/admin/login", map[string]string{"username": testUser, "password": testPassword}, false); code != 200 {
		t.Fatalf("login in demo mode: %d", code)
	}
	// A build swaps the symlink; the next request sees the new generation.
	tmp := out + ".tmp"
	if err := os.Symlink(gen("g2", "<h1>Home two</h1>"), tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, out); err != nil {
		t.Fatal(err)
	}
	if _, body := get("GET", "/"); !strings.Contains(body, "Home two") {
		t.Fatalf("after the swap: %s", body)
	}
}

// Export writes what GET /api/{plural} answers, kind by kind (the import side is tested in
// internal/operator).
func TestExportHasTheShapeOfTheAPI(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	paths, err := operator.ExportFiles(e.db, dir)
	if err != nil || len(paths) != len(domain.Kinds) {
		t.Fatal(paths, err)
	}
	for _, k := range domain.Kinds {
		api := readBody(t, e.do("GET", "/api/"+k.Plural, nil, "", nil))
		file, _ := os.ReadFile(filepath.Join(dir, k.Plural+".json"))
		var fromFile, fromAPI []any
		_ = json.Unmarshal(file, &fromFile)
		_ = json.Unmarshal([]byte(api), &fromAPI)
		if len(fromAPI) == 0 || !reflect.DeepEqual(fromFile, fromAPI) {
			t.Errorf("export of %s differs from GET /api/%s:\n%s\n%s", k.Plural, k.Plural, file, api)
		}
	}
}
