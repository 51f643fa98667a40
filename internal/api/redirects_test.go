package api

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func redirectList(t *testing.T, e *testEnv) map[string][2]string {
	t.Helper()
	res := e.do("GET", "/api/redirects", nil, "", e.bearer())
	defer res.Body.Close()
	var list []map[string]any
	if err := decodeInto(res.Body, &list); err != nil || res.StatusCode != 200 {
		t.Fatalf("list: %d %v", res.StatusCode, err)
	}
	out := map[string][2]string{}
	for _, r := range list {
		out[r["from"].(string)] = [2]string{r["to"].(string), r["status"].(string)}
	}
	return out
}

// Through the real router, store and generator: the spec's PUT with a new slug leaves a
// redirect page at the old address and a _redirects line, for a blog and a service; the admin
// lists them with their status, adds one, is refused a loop and a live page (409), removes one
// and the next build drops its page.
func TestSlugChangeRedirectsThroughTheAPI(t *testing.T) {
	e := newEnvWithGenerator(t)
	if st, body := e.json("POST", "/api/builds", nil, true); st != http.StatusAccepted {
		t.Fatalf("first build: %d %v", st, body)
	}
	for _, c := range []struct{ path, newSlug, from, to string }{
		{"/api/blogs/live-post", "live-post-renamed", "/blog/live-post/", "/blog/live-post-renamed/"},
		{"/api/services/live-service", "live-service-renamed", "/live-service/", "/live-service-renamed/"},
	} {
		r, ct := multipartBody(map[string]string{"slug": c.newSlug}, nil, "")(t)
		res := e.do("PUT", c.path, r, ct, e.bearer())
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("PUT %s: %d", c.path, res.StatusCode)
		}
		page, ok := e.distFile(strings.TrimPrefix(c.from, "/") + "index.html")
		if !ok || !strings.Contains(page, `<meta http-equiv="refresh" content="0; url=`+c.to+`">`) ||
			!strings.Contains(page, `<link rel="canonical" href="`+testSiteURL+c.to+`">`) || !strings.Contains(page, `content="noindex"`) {
			t.Fatalf("no redirect page at %s:\n%s", c.from, page)
		}
		if lines, _ := e.distFile("_redirects"); !strings.Contains(lines, c.from+" "+c.to+" 301\n") {
			t.Fatalf("_redirects lacks %s:\n%s", c.from, lines)
		}
		if got := redirectList(t, e)[c.from]; got != [2]string{c.to, "live"} {
			t.Fatalf("listed as %v", got)
		}
	}
	// Made by hand: an old site's address; then a loop, a live page and a bad path.
	st, body := e.json("POST", "/api/redirects", map[string]string{"from": "/old-blog/seo.html", "to": "/blog/live-post-renamed"}, true)
	if st != http.StatusCreated || body["build"] == nil {
		t.Fatalf("add: %d %v", st, body)
	}
	if page, _ := e.distFile("old-blog/seo.html"); !strings.Contains(page, "url=/blog/live-post-renamed/") {
		t.Fatalf("hand-made redirect page: %s", page)
	}
	for _, bad := range []struct {
		from, to string
		status   int
		message  string
	}{
		{"/blog/live-post-renamed/", "/blog/live-post/", http.StatusConflict, "is a page of the site"},
		{"/about/", "/blog/live-post-renamed/", http.StatusConflict, "is a page of the site"},
		{"/blog/live-post-renamed/", "/x/", http.StatusConflict, "is a page of the site"},
		{"/elsewhere/", "/elsewhere/", http.StatusConflict, "cannot lead to the address it comes from"},
		{"/https:/evil/", "https://evil.example/", http.StatusBadRequest, "A redirect goes from one address of this site to another"},
	} {
		st, body := e.json("POST", "/api/redirects", map[string]string{"from": bad.from, "to": bad.to}, true)
		if st != bad.status || !strings.Contains(body["error"].(string), bad.message) {
			t.Errorf("%s → %s: %d %v", bad.from, bad.to, st, body)
		}
	}
	// A loop: /a/ → /b/ exists, /b/ → /a/ is refused.
	if st, body := e.json("POST", "/api/redirects", map[string]string{"from": "/a/", "to": "/b/"}, true); st != http.StatusCreated {
		t.Fatalf("add /a/: %d %v", st, body)
	}
	if got := redirectList(t, e)["/a/"]; got != [2]string{"/b/", "broken"} {
		t.Errorf("a redirect to no page is listed as %v", got)
	}
	st, body = e.json("POST", "/api/redirects", map[string]string{"from": "/b/", "to": "/a/"}, true)
	if st != http.StatusConflict || body["error"] != "That redirect would make a loop: /a/ already leads to /b/." {
		t.Fatalf("loop: %d %v", st, body)
	}
	// Removed: its page goes with the next build.
	st, body = e.json("DELETE", "/api/redirects?from="+url.QueryEscape("/old-blog/seo.html"), nil, true)
	if st != 200 || body["build"] == nil {
		t.Fatalf("delete: %d %v", st, body)
	}
	if _, ok := e.distFile("old-blog/seo.html"); ok {
		t.Error("the removed redirect's page is still in the site")
	}
	if st, _ := e.json("DELETE", "/api/redirects?from=/nope/", nil, true); st != http.StatusNotFound {
		t.Errorf("delete unknown: %d", st)
	}
	// A new post published at the old address takes it over.
	if st, body := e.json("POST", "/api/preview-blogs", map[string]string{"title": "Live Post", "content": "<p>A new post</p>", "category": "SEO"}, true); st != http.StatusCreated {
		t.Fatalf("new draft: %d %v", st, body)
	}
	if st, body := e.json("POST", "/api/preview-blogs/publish/live-post", map[string]string{}, true); st != 200 {
		t.Fatalf("publish at the old address: %d %v", st, body)
	}
	if _, ok := redirectList(t, e)["/blog/live-post/"]; ok {
		t.Error("the redirect from a reused slug is still there")
	}
	if page, _ := e.distFile("blog/live-post/index.html"); !strings.Contains(page, "A new post") {
		t.Error("the new post is not at the reused address")
	}
}
