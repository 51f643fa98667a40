package hardening

import (
	"fmt"
	"strings"
	"testing"
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
