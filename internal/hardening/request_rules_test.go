package hardening

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/poll"
)

// A body without a Content-Type is refused with 415 on every JSON endpoint, public and admin: a
// cross-site fetch of a Blob without a type needs no preflight, so before, any page could make
// its visitors count failures against the admin (or send enquiries) through our JSON parser. The
// refusals count as nothing: the admin then signs in from the same address. A call without any
// body still works where the contract allows one (a rebuild, publishing the stored preview).
func TestBodiesWithoutContentTypeAreRefused(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	anon := s.clientFrom("127.0.3.2")
	admin := s.clientFrom("127.0.3.3").login(t)
	if r := admin.mustJSON(t, "POST", "/api/preview-blogs", map[string]string{"title": "Typed Post", "category": "SEO", "content": "<p>Typed.</p>"}); r.status != 201 {
		t.Fatalf("preview blog: %s", r)
	}
	untyped := func(c *client, method, path, body string) reply {
		return c.must(t, method, path, strings.NewReader(body), "")
	}
	calls := []struct {
		c                  *client
		method, path, body string
	}{
		{anon, "POST", "/admin/forgot-password", `{"email":"` + adminEmail + `"}`},
		{anon, "POST", "/reset-password", `{"token":"abcdefghijklmnopqrstuvwxyz","newPassword":"attacker-password"}`},
		{anon, "POST", "/popup", `{"name":"Asha","email":"asha@example.in","phone":"9811045672","message":"hi"}`},
		{admin, "POST", "/api/preview-blogs", `{"title":"Untyped Post","category":"SEO","content":"<p>x</p>"}`},
		{admin, "PUT", "/api/preview-blogs/typed-post", `{"title":"Changed Untyped"}`},
		{admin, "POST", "/api/preview-blogs/publish/typed-post", `{"title":"Published Untyped"}`},
		{admin, "POST", "/api/preview-services", `{"title":"Untyped Service","category":"SEO","description":"<p>x</p>"}`},
	}
	for i := 0; i < 6; i++ {
		calls = append(calls, struct {
			c                  *client
			method, path, body string
		}{anon, "POST", "/admin/login", fmt.Sprintf(`{"username":%q,"password":"guess-%d"}`, adminUser, i)})
	}
	for _, call := range calls {
		if r := untyped(call.c, call.method, call.path, call.body); r.status != 415 || r.errorMessage() == "" {
			t.Errorf("%s %s without Content-Type: %s", call.method, call.path, r)
		}
	}
	if r := anon.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 200 {
		t.Errorf("untyped sign-ins counted as failures: the right password then got %s", r)
	}
	if r := admin.must(t, "GET", "/api/preview-blogs/typed-post", nil, ""); r.json()["title"] != "Typed Post" {
		t.Errorf("an untyped update changed the preview: %s", r)
	}
	if r := admin.must(t, "GET", "/popups", nil, ""); strings.Contains(string(r.body), "Asha") {
		t.Errorf("an untyped enquiry was stored: %s", r)
	}
	// No body at all needs no type.
	if r := untyped(admin, "POST", "/api/builds", ""); r.status != 202 {
		t.Errorf("a rebuild without a body: %s", r)
	}
	if r := untyped(admin, "POST", "/api/preview-blogs/publish/typed-post", ""); r.status == 415 || r.status == 400 {
		t.Errorf("publishing the stored preview without a body: %s", r)
	}
	if r := anon.must(t, "GET", "/api/blogs/typed-post", nil, ""); r.status != 200 || r.json()["title"] != "Typed Post" {
		t.Errorf("the stored preview was not published: %s", r)
	}
}

// Dates out of range are a 400 with a clear message wherever a client sends createdAt (a
// preview's create and update, a blog's and a service's publish, JSON and multipart), and
// nothing is stored or published. (Before, the year 10000 answered 500 and the year 0000 was
// published.)
func TestOutOfRangeDatesAreRefused(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.clientFrom("127.0.3.10").login(t)
	const msg = "createdAt must be a date between 1970-01-01 and 2099-12-31 (UTC)."
	blog := func(title, created string) map[string]string {
		return map[string]string{"title": title, "category": "SEO", "content": "<p>Dated.</p>", "createdAt": created}
	}
	bad := []string{"253402300800000", "9999-12-31T23:59:59-23:00", "0000-01-01T00:00:00Z", "-62135596800000",
		"1969-12-31T23:59:59Z", "2100-01-01T00:00:00Z", "9223372036854775807"}
	if r := c.mustJSON(t, "POST", "/api/preview-blogs", blog("Dated Post", "")); r.status != 201 {
		t.Fatalf("preview: %s", r)
	}
	body, ct := form(map[string]string{"title": "Dated Service", "category": "SEO", "description": "<p>Dated.</p>"},
		filePart{"image", "x.png", "image/png", pngBytes(t, 8, 8)})
	if r := c.must(t, "POST", "/api/preview-services", body, ct); r.status != 201 {
		t.Fatalf("preview service: %s", r)
	}
	for _, d := range bad {
		if r := c.mustJSON(t, "POST", "/api/preview-blogs", blog("Out Of Range", d)); r.status != 400 || r.errorMessage() != msg {
			t.Errorf("create with createdAt %s: %s", d, r)
		}
		if r := c.mustJSON(t, "PUT", "/api/preview-blogs/dated-post", map[string]string{"createdAt": d}); r.status != 400 || r.errorMessage() != msg {
			t.Errorf("update with createdAt %s: %s", d, r)
		}
		if r := c.mustJSON(t, "POST", "/api/preview-blogs/publish/dated-post", map[string]string{"createdAt": d}); r.status != 400 || r.errorMessage() != msg {
			t.Errorf("blog publish with createdAt %s: %s", d, r)
		}
		body, ct := form(map[string]string{"createdAt": d})
		if r := c.must(t, "POST", "/api/preview-services/publish/dated-service", body, ct); r.status != 400 || r.errorMessage() != msg {
			t.Errorf("service publish with createdAt %s: %s", d, r)
		}
	}
	if r := c.must(t, "GET", "/api/preview-blogs", nil, ""); strings.Contains(string(r.body), "out-of-range") {
		t.Errorf("an out-of-range preview was stored: %s", r)
	}
	for _, p := range []string{"/api/blogs/dated-post", "/api/services/dated-service"} {
		if r := c.anon().must(t, "GET", p, nil, ""); r.status != 404 {
			t.Errorf("GET %s after refused publishes: %s", p, r)
		}
	}
	// Dates in range still work, in either form.
	if r := c.mustJSON(t, "PUT", "/api/preview-blogs/dated-post", map[string]string{"createdAt": "2024-05-01T10:00:00+05:30"}); r.status != 200 {
		t.Errorf("an RFC 3339 date: %s", r)
	}
	if r := c.mustJSON(t, "POST", "/api/preview-blogs/publish/dated-post", map[string]string{"createdAt": "1714540000000"}); r.status >= 400 && r.status != 500 {
		t.Errorf("a date in milliseconds: %s", r)
	}
	if r := c.anon().must(t, "GET", "/api/blogs/dated-post", nil, ""); r.json()["createdAt"] != "2024-05-01T05:06:40Z" {
		t.Errorf("published date: %s", r)
	}
}

// A visitor's e-mail address must be one plain mailbox: an address with ?, &, %, spaces, commas,
// quotes or a display name is refused with the spec's message (JSON and no-script form posts),
// so no stored address can become a mailto: link that copies an attacker or writes the body.
// (Before, `visitor@example.com?bcc=…&body=…` was stored as it came.)
func TestVisitorAddressesAreOneMailbox(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	const msg = "Enter a valid email address."
	refused := []string{
		"visitor@example.com?bcc=attacker@evil.example&body=Click%20here",
		"visitor@example.com?subject=hi", "a&b@example.com", "asha verma@example.com", "visitor@example.com,x",
		"visitor@example.com;other@example.com", `"asha"@example.com`, "Asha <asha@example.in>", "asha%40evil@example.com",
		"asha@example.com#x", "asha@exa mple.com", "asha@example.com/",
	}
	for i, email := range refused {
		c := s.clientFrom(fmt.Sprintf("127.0.5.%d", 2+i))
		m := enquiry("mailbox")
		m["email"] = email
		if r := c.mustJSON(t, "POST", "/popup", m); r.status != 400 || r.errorMessage() != msg {
			t.Errorf("enquiry from %q: %s", email, r)
		}
		body := "name=Asha&phone=9811045672&message=hi&email=" + urlQueryEscape(email)
		if r := c.must(t, "POST", "/popup", strings.NewReader(body), "application/x-www-form-urlencoded"); r.status != 400 || !strings.Contains(string(r.body), msg) {
			t.Errorf("form post from %q: %s", email, r)
		}
	}
	accepted := []string{"asha.verma+leads@example.co.in", "o'brien@example.ie", "priya_s-1@mail.example.com"}
	for i, email := range accepted {
		m := enquiry("mailbox")
		m["email"] = email
		if r := s.clientFrom(fmt.Sprintf("127.0.5.%d", 100+i)).mustJSON(t, "POST", "/popup", m); r.status != 200 {
			t.Errorf("enquiry from %q: %s", email, r)
		}
	}
	admin := s.clientFrom("127.0.5.200").login(t)
	r := admin.must(t, "GET", "/popups", nil, "")
	var list []map[string]any
	if err := json.Unmarshal(r.body, &list); err != nil || len(list) != len(accepted) {
		t.Fatalf("stored enquiries: %s", r)
	}
	for _, m := range list {
		if e, _ := m["email"].(string); !slices.Contains(accepted, e) {
			t.Errorf("stored address %q", e)
		}
	}
}

func urlQueryEscape(s string) string { return url.QueryEscape(s) }

// The per-address limit of reset links holds for every spelling of an admin's address: the
// admin is found first and the limit keyed by the stored address, so `ſales@` (which folds to
// `sales@`) and `SALES@` share the three links an hour of `sales@`. (Before, the limit keyed by
// strings.ToLower of what was typed, and `ſ` is already lower case.)
func TestResetLinkLimitHoldsForEverySpelling(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	addAdmin(t, dir)
	if out, err := run(t, nil, adminapi, "user", "add", "--create", "--db", dbPath(dir), "--username", "sales", "--email", "sales@example.com"); err != nil {
		t.Fatalf("user add: %v\n%s", err, out)
	}
	s := startServer(t, dir, opts{})
	spellings := []string{"sales@example.com", "sales@example.com", "sales@example.com", "ſales@example.com",
		"SALES@EXAMPLE.COM", "ſALES@example.com", "Sales@Example.Com", " sales@example.com "}
	var first reply
	for i, email := range spellings {
		r := s.clientFrom(fmt.Sprintf("127.0.6.%d", 2+i)).mustJSON(t, "POST", "/admin/forgot-password", map[string]string{"email": email})
		if i == 0 {
			first = r
		}
		if r.status != 200 || string(r.body) != string(first.body) {
			t.Errorf("forgot-password for %q: %s", email, r)
		}
	}
	// Reset mail goes out in the order asked for, so once a later one to another admin is out,
	// every one before it has been decided.
	s.clientFrom("127.0.6.100").mustJSON(t, "POST", "/admin/forgot-password", map[string]string{"email": adminEmail})
	to := func() map[string]int {
		n := map[string]int{}
		for _, f := range outboxFiles(s.outbox()) {
			h, _ := readMail(t, f)
			n[h.Get("To")]++
		}
		return n
	}
	poll.Until(t, "the reset mail to the other admin", func() bool { return to()["<"+adminEmail+">"] == 1 }, poll.Within(20*time.Second))
	if n := to()["<sales@example.com>"]; n != 3 {
		t.Errorf("%d reset links went to sales@example.com for %d requests in its spellings; at most 3 an hour", n, len(spellings))
	}
}
