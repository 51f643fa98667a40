package hardening

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

var strongETag = regexp.MustCompile(`^"[0-9a-f]{32}"$`)

// An older tab cannot silently undo newer edits: every preview and published item has an ETag;
// a PUT, a publish or an image removal with an If-Match that is no longer the stored version
// answers 409 with the spec's update-failure message and the item as it is now (with its ETag),
// and changes nothing; of writes sent at once with the same version exactly one wins; without
// If-Match the spec's clients keep working. (Before, the last write won, whatever it had seen.)
func TestStaleEditsAreRefused(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	tabA := s.clientFrom("127.0.80.2").login(t)
	tabB := s.clientFrom("127.0.80.3").login(t)
	put := func(c *client, path, etag string, v map[string]string) reply {
		hdr := []string{}
		if etag != "" {
			hdr = []string{"If-Match", etag}
		}
		return c.mustJSON(t, "PUT", path, v, hdr...)
	}
	if r := tabA.mustJSON(t, "POST", "/api/preview-blogs", map[string]string{"title": "Versioned Post", "category": "SEO", "content": "<p>First.</p>"}); r.status != 201 || !strongETag.MatchString(r.header.Get("ETag")) {
		t.Fatalf("create: %s (ETag %q)", r, r.header.Get("ETag"))
	}
	const path = "/api/preview-blogs/versioned-post"
	r := tabA.must(t, "GET", path, nil, "")
	v1 := r.header.Get("ETag")
	if !strongETag.MatchString(v1) {
		t.Fatalf("GET %s: no strong ETag (%q)", path, v1)
	}
	if again := tabB.must(t, "GET", path, nil, ""); again.header.Get("ETag") != v1 {
		t.Fatalf("the same version read twice has two ETags: %q and %q", v1, again.header.Get("ETag"))
	}

	// Tab B saves first; tab A, still holding version 1, is refused.
	r = put(tabB, path, v1, map[string]string{"title": "Newer Title From B"})
	v2 := r.header.Get("ETag")
	if r.status != 200 || !strongETag.MatchString(v2) || v2 == v1 {
		t.Fatalf("tab B's save: %s (ETag %q)", r, v2)
	}
	r = put(tabA, path, v1, map[string]string{"title": "Older Title From A"})
	blog, _ := r.json()["blog"].(map[string]any)
	if r.status != 409 || r.errorMessage() != "Failed to update blog." || blog["title"] != "Newer Title From B" || r.header.Get("ETag") != v2 {
		t.Fatalf("tab A's stale save: %s (ETag %q, want %q)", r, r.header.Get("ETag"), v2)
	}
	for _, tt := range []struct{ name, method, path, etag string }{
		{"stale publish", "POST", "/api/preview-blogs/publish/versioned-post", v1},
		{"stale image removal", "DELETE", path + "/image", v1},
		{"a weak tag of the current version", "PUT", path, "W/" + v2},
		{"another version", "PUT", path, `"0123456789abcdef0123456789abcdef"`},
	} {
		r := tabA.mustJSON(t, tt.method, tt.path, map[string]string{"title": "Should Not Land"}, "If-Match", tt.etag)
		if r.status != 409 || r.errorMessage() != "Failed to update blog." {
			t.Errorf("%s: %s", tt.name, r)
		}
	}
	if r := tabA.must(t, "GET", path, nil, ""); r.json()["title"] != "Newer Title From B" || r.header.Get("ETag") != v2 {
		t.Fatalf("a refused write changed the preview: %s", r)
	}
	if r := tabA.anon().must(t, "GET", "/api/blogs/versioned-post", nil, ""); r.status != 404 {
		t.Fatalf("a stale publish published: %s", r)
	}

	// Writes sent at once with the same version: exactly one wins.
	replies := burst(t, 10, func(i int) (reply, error) {
		c := tabA
		if i%2 == 1 {
			c = tabB
		}
		return c.sendJSON("PUT", path, map[string]string{"title": fmt.Sprintf("Racer %d", i)}, "If-Match", v2)
	})
	if n := statusCount(replies); n[200] != 1 || n[409] != 9 {
		t.Fatalf("10 writes at once with one version: %v, want one 200 and nine 409", n)
	}
	r = tabA.must(t, "GET", path, nil, "")
	v3 := r.header.Get("ETag")

	// A list of versions, or "*", matches the current one; publishing the current version works.
	if r := put(tabA, path, `"0123456789abcdef0123456789abcdef", `+v3, map[string]string{"category": "Growth"}); r.status != 200 {
		t.Fatalf("If-Match with a list holding the current version: %s", r)
	}
	if r := put(tabA, path, "*", map[string]string{"category": "Growth Two"}); r.status != 200 {
		t.Fatalf("If-Match: *: %s", r)
	}
	v4 := tabA.must(t, "GET", path, nil, "").header.Get("ETag")
	r = tabA.mustJSON(t, "POST", "/api/preview-blogs/publish/versioned-post", map[string]string{}, "If-Match", v4)
	if r.status == 409 || r.status == 400 || r.status == 404 {
		t.Fatalf("publish of the current version: %s", r)
	}
	pub := tabA.anon().must(t, "GET", "/api/blogs/versioned-post", nil, "")
	p1 := pub.header.Get("ETag")
	if pub.status != 200 || !strongETag.MatchString(p1) {
		t.Fatalf("published: %s (ETag %q)", pub, p1)
	}

	// The published item: a stale edit from the edit screen (multipart) is refused, the current
	// one goes through, and a client without If-Match (the spec's) still saves.
	edit := func(etag, title string) reply {
		body, ct := form(map[string]string{"title": title, "content": "<p>Edited.</p>", "category": "SEO"})
		hdr := []string{}
		if etag != "" {
			hdr = []string{"If-Match", etag}
		}
		return tabB.must(t, "PUT", "/api/blogs/versioned-post", body, ct, hdr...)
	}
	if r := edit(p1, "Edited Live"); r.status != 200 || r.header.Get("ETag") == p1 {
		t.Fatalf("edit of the current published version: %s", r)
	}
	if r := edit(p1, "Stale Live Edit"); r.status != 409 || r.errorMessage() != "Failed to update blog." {
		t.Fatalf("stale edit of the published item: %s", r)
	}
	if r := edit("", "Spec Client Edit"); r.status != 200 {
		t.Fatalf("an edit without If-Match: %s", r)
	}
	if r := tabA.anon().must(t, "GET", "/api/blogs/versioned-post", nil, ""); r.json()["title"] != "Spec Client Edit" {
		t.Fatalf("published title: %s", r)
	}

	// Services say it in their own words.
	body, ct := form(map[string]string{"title": "Versioned Service", "category": "SEO", "description": "<p>x</p>"},
		filePart{"image", "x.png", "image/png", pngBytes(t, 8, 8)})
	if r := tabA.must(t, "POST", "/api/preview-services", body, ct); r.status != 201 {
		t.Fatalf("service: %s", r)
	}
	sv1 := tabA.must(t, "GET", "/api/preview-services/versioned-service", nil, "").header.Get("ETag")
	put(tabB, "/api/preview-services/versioned-service", sv1, map[string]string{"title": "Versioned Service Two"})
	if r := put(tabA, "/api/preview-services/versioned-service", sv1, map[string]string{"title": "Stale"}); r.status != 409 ||
		r.errorMessage() != "Failed to update service." || !strings.Contains(string(r.body), "Versioned Service Two") {
		t.Fatalf("stale service save: %s", r)
	}
}
