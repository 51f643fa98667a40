package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func site(t *testing.T) (dist string, gen func(name, body string) string) {
	t.Helper()
	dir := t.TempDir()
	dist = filepath.Join(dir, "dist")
	gen = func(name, body string) string {
		g := filepath.Join(dir, ".dist", name)
		for rel, data := range map[string]string{
			"index.html": "<html><body>" + body + "</body></html>", "about/index.html": "about " + body,
			"404.html": "<body>not found " + body + "</body>", "assets/app.js": "js", ".build.json": "{}",
			"empty/keep.txt": "x",
		} {
			p := filepath.Join(g, rel)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(data), 0o644)
		}
		return g
	}
	return dist, gen
}

func get(t *testing.T, h http.Handler, path string) (*http.Response, string) {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := srv.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := c.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func TestServesLikeAStaticHost(t *testing.T) {
	dist, gen := site(t)
	h := Handler(dist, nil)
	if res, _ := get(t, h, "/"); res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("before any build: %d", res.StatusCode)
	}
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	gen("g1", "one")

	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/", 200, "one"},
		{"/about/", 200, "about one"},
		{"/about", 301, ""},
		{"/missing/", 404, "not found one"},
		{"/empty/", 404, "not found"}, // no directory listing
		{"/.build.json", 404, "not found"},
		{"/assets/../.build.json", 404, "not found"},
		{"/../../etc/passwd", 404, "not found"},
		{"/assets/app.js", 200, "js"},
	}
	for _, tt := range tests {
		res, body := get(t, h, tt.path)
		if res.StatusCode != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("GET %s = %d %q, want %d containing %q", tt.path, res.StatusCode, body, tt.status, tt.want)
		}
	}
	if res, _ := get(t, h, "/about?x=1"); res.Header.Get("Location") != "/about/?x=1" {
		t.Errorf("redirect keeps the query: %q", res.Header.Get("Location"))
	}
	if res, _ := get(t, h, "/assets/app.js"); !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Error("hashed assets must be cached for good")
	}

	// A swap of the symlink is seen by the next request.
	gen("g2", "two")
	tmp := dist + ".tmp"
	os.Symlink(filepath.Join(".dist", "g2"), tmp)
	os.Rename(tmp, dist)
	if _, body := get(t, h, "/"); !strings.Contains(body, "two") {
		t.Errorf("after swap: %q", body)
	}
}

// The generation's own _headers is applied to every answer, as a static host applies it: the
// page policy to pages (at their folder's address), 404s and redirects, the rules for a path
// joined, and the next generation's file once it is swapped in.
func TestAppliesTheGenerationsHeaders(t *testing.T) {
	dist, gen := site(t)
	h := Handler(dist, nil)
	g1 := gen("g1", "one")
	os.WriteFile(filepath.Join(g1, "_headers"), []byte("/*\n  Content-Security-Policy: one\n  X-Frame-Options: DENY\n/about/\n  X-Robots-Tag: noindex\n/assets/*\n  Content-Security-Policy: two\n"), 0o644)
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	for path, want := range map[string][2]string{
		"/":              {"one", ""},
		"/about/":        {"one", "noindex"},
		"/about":         {"one", ""}, // the redirect to /about/
		"/missing/":      {"one", ""},
		"/assets/app.js": {"one, two", ""},
	} {
		res, _ := get(t, h, path)
		if res.Header.Get("Content-Security-Policy") != want[0] || res.Header.Get("X-Robots-Tag") != want[1] || res.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: %v", path, res.Header)
		}
	}
	g2 := gen("g2", "two")
	os.WriteFile(filepath.Join(g2, "_headers"), []byte("/*\n  Content-Security-Policy: three\n"), 0o644)
	tmp := dist + ".tmp"
	os.Symlink(filepath.Join(".dist", "g2"), tmp)
	os.Rename(tmp, dist)
	if res, _ := get(t, h, "/"); res.Header.Get("Content-Security-Policy") != "three" || res.Header.Get("X-Frame-Options") != "" {
		t.Errorf("after the swap: %v", res.Header)
	}
}

func TestInjectsIntoHTMLOnly(t *testing.T) {
	dist, gen := site(t)
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	gen("g1", "one")
	h := Handler(dist, []byte("<script src=/r.js></script>"))
	if _, body := get(t, h, "/"); !strings.Contains(body, "<script src=/r.js></script></body>") {
		t.Errorf("not injected: %q", body)
	}
	if res, body := get(t, h, "/nope/"); res.StatusCode != 404 || !strings.Contains(body, "r.js") {
		t.Error("404 page lacks the injection")
	}
	if _, body := get(t, h, "/assets/app.js"); body != "js" {
		t.Errorf("asset changed: %q", body)
	}
}

func TestGzipsText(t *testing.T) {
	dist, gen := site(t)
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	g := gen("g1", strings.Repeat("compress me ", 200))
	srv := httptest.NewServer(Handler(dist, nil))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	orig, _ := os.ReadFile(filepath.Join(g, "index.html"))
	if res.Header.Get("Content-Encoding") != "gzip" || len(raw) >= len(orig)/4 {
		t.Fatalf("encoding %q, %d bytes of %d", res.Header.Get("Content-Encoding"), len(raw), len(orig))
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != string(orig) {
		t.Fatal("gzip body does not decode to the page")
	}
	// A client that does not ask for gzip gets the plain page (Go's client asks by itself, so
	// the header is set explicitly).
	req.Header.Set("Accept-Encoding", "identity")
	res2, _ := http.DefaultTransport.RoundTrip(req)
	plain2, _ := io.ReadAll(res2.Body)
	res2.Body.Close()
	if res2.Header.Get("Content-Encoding") != "" || string(plain2) != string(orig) {
		t.Fatal("identity request got a compressed body")
	}
}

// The site's policy lets a form endpoint on another host receive the forms, and nothing an
// endpoint's text could smuggle into the policy.
func TestPolicyFollowsTheFormEndpoint(t *testing.T) {
	for endpoint, want := range map[string]string{
		"":                                    "'self'",
		"/popup":                              "'self'",
		"https://api.example.com/popup":       "'self' https://api.example.com",
		"http://127.0.0.1:8080/popup":         "'self' http://127.0.0.1:8080",
		"https://a.example;script-src *":      "'self'",
		"https://a.example/x; script-src *":   "'self' https://a.example",
		"javascript:alert(1)":                 "'self'",
		"https://user:pw@a.example/p":         "'self' https://a.example",
		"https://a.example:99999999999/popup": "'self'",
	} {
		csp := PageCSP(Policy{FormEndpoint: endpoint})
		sends := strings.Contains(csp, "connect-src "+want+"; ") && strings.Contains(csp, "form-action "+want+"; ")
		if !sends || strings.Count(csp, "script-src") != 1 || !strings.HasSuffix(csp, "frame-ancestors 'none'") {
			t.Errorf("%q: %s", endpoint, csp)
		}
		if meta := MetaCSP(Policy{FormEndpoint: endpoint}); strings.Contains(meta, "frame-ancestors") || !strings.Contains(meta, "form-action "+want+";") {
			t.Errorf("%q meta: %s", endpoint, meta)
		}
	}
	file := string(HeadersFile(Policy{}))
	for _, want := range []string{"/*\n  Content-Security-Policy: " + PageCSP(Policy{}) + "\n", "  X-Frame-Options: DENY\n", "/uploads/*\n  Content-Security-Policy: default-src 'none'; sandbox\n"} {
		if !strings.Contains(file, want) {
			t.Errorf("_headers lacks %q:\n%s", want, file)
		}
	}
}

// Turnstile's origin may serve a script and a frame only when the forms carry its widget; nothing
// else of the policy changes.
func TestPolicyAllowsTurnstileOnlyWhenConfigured(t *testing.T) {
	without, with := PageCSP(Policy{}), PageCSP(Policy{Turnstile: true})
	if strings.Contains(without, "cloudflare") {
		t.Errorf("without a site key: %s", without)
	}
	for _, want := range []string{"script-src 'self' https://challenges.cloudflare.com;", "frame-src 'self' https://www.google.com https://maps.google.com https://challenges.cloudflare.com;"} {
		if !strings.Contains(with, want) || !strings.Contains(MetaCSP(Policy{Turnstile: true}), want) {
			t.Errorf("with a site key, %q missing: %s", want, with)
		}
	}
	if strings.Count(with, "challenges.cloudflare.com") != 2 || strings.ReplaceAll(with, " https://challenges.cloudflare.com", "") != without {
		t.Errorf("Turnstile changed more than its two directives:\n%s\n%s", without, with)
	}
}

func TestParseHeaders(t *testing.T) {
	rules, warns := ParseHeaders([]byte(`# comment
/*
  X-Frame-Options: DENY
  link: </a.css>; rel=preload
  Link: </b.css>; rel=preload
/blog/:slug/
  X-Robots-Tag: noindex
  ! X-Frame-Options
https://example.com/*
  X-Other: 1
/assets/*
  not a header
	Cache-Control: public, max-age=60`))
	if len(warns) != 3 {
		t.Errorf("warnings %d: %v", len(warns), warns)
	}
	for rel, want := range map[string]map[string]string{
		"index.html":          {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
		"blog/a/index.html":   {"X-Robots-Tag": "noindex", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
		"blog/a/b/index.html": {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
		"assets/x/app-1.js":   {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload", "Cache-Control": "public, max-age=60"},
		"blog/index.html":     {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
	} {
		if got := rules.For(rel); !maps.Equal(got, want) {
			t.Errorf("%s: %v, want %v", rel, got, want)
		}
	}
	if got := HeaderRules(nil).For("index.html"); got != nil {
		t.Errorf("no rules: %v", got)
	}
}

func TestParseRedirects(t *testing.T) {
	rules, warns := ParseRedirects([]byte(`/a /b
/c/ https://example.com/c 302
/d.html /e/ 301!
/f /g 200
/h/:slug /i/:slug
/j /k 301 Country=in
x /y
/../etc /z
/a /other
/only`))
	var keys []string
	for _, r := range rules {
		keys = append(keys, r.Key+"→"+r.To+" "+strconv.Itoa(r.Status))
	}
	want := []string{"a/index.html→/b 301", "c/index.html→https://example.com/c 302", "d.html→/e/ 301"}
	if !slices.Equal(keys, want) {
		t.Errorf("rules %v, want %v", keys, want)
	}
	if len(warns) != 7 {
		t.Errorf("warnings %d: %v", len(warns), warns)
	}
}

// The generation's _redirects are followed with their status, as Cloudflare Pages and Netlify
// would: over the build's own meta-refresh page at an old address, not over another page of the
// site (Netlify's shadowing), with the query passed on; a changed file is read again.
func TestFollowsTheGenerationsRedirects(t *testing.T) {
	dist, gen := site(t)
	h := Handler(dist, nil)
	g1 := gen("g1", "one")
	for rel, data := range map[string]string{
		"_redirects":          "/blog/old/ /blog/new/ 301\n/about/ /elsewhere/ 301\n/offer.html /about/ 302\n",
		".build.json":         `{"redirects":{"/blog/old/":"/blog/new/"}}`,
		"blog/old/index.html": "<meta http-equiv=refresh content=\"0;url=/blog/new/\">",
		"blog/new/index.html": "new",
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(g1, rel)), 0o755)
		os.WriteFile(filepath.Join(g1, rel), []byte(data), 0o644)
	}
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	for path, want := range map[string]struct {
		status   int
		location string
	}{
		"/blog/old/":       {301, "/blog/new/"},
		"/blog/old":        {301, "/blog/new/"},
		"/blog/old/?utm=x": {301, "/blog/new/?utm=x"},
		"/offer.html":      {302, "/about/"},
		"/about/":          {200, ""}, // a page of the site stands there: it wins
		"/blog/new/":       {200, ""},
		"/_redirects":      {404, ""},
		"/.build.json":     {404, ""},
	} {
		res, _ := get(t, h, path)
		if res.StatusCode != want.status || res.Header.Get("Location") != want.location {
			t.Errorf("GET %s: %d %q, want %d %q", path, res.StatusCode, res.Header.Get("Location"), want.status, want.location)
		}
	}
	os.WriteFile(filepath.Join(g1, "_redirects"), []byte("/offer.html /blog/new/ 301\n"), 0o644)
	os.Chtimes(filepath.Join(g1, "_redirects"), time.Now().Add(time.Minute), time.Now().Add(time.Minute))
	if res, _ := get(t, h, "/offer.html"); res.StatusCode != 301 || res.Header.Get("Location") != "/blog/new/" {
		t.Errorf("after the file changed: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res, _ := get(t, h, "/blog/old/"); res.StatusCode != 200 {
		t.Errorf("a rule no longer in the file: %d", res.StatusCode)
	}
}

// The search index's files get the page headers but those that govern only a document (they are
// never one), served by Handler from the site's own _headers, a range read of a doc slot too;
// the pages, the search page among them, keep every header.
func TestSearchIndexFilesCarryNoDocumentHeaders(t *testing.T) {
	dist, gen := site(t)
	g := gen("g1", "one")
	for rel, data := range map[string]string{"_headers": string(HeadersFile(Policy{})), "search/index.html": "<p>search</p>",
		"search/index.bin": strings.Repeat("m", 2048), "assets/search/0123456789ab.bin": strings.Repeat("x", 2048)} {
		os.MkdirAll(filepath.Dir(filepath.Join(g, rel)), 0o755)
		os.WriteFile(filepath.Join(g, rel), []byte(data), 0o644)
	}
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	srv := httptest.NewServer(Handler(dist, nil))
	defer srv.Close()
	page := map[string]string{}
	for _, kv := range PageHeaders(Policy{}) {
		page[kv[0]] = kv[1]
	}
	for path, wantCache := range map[string]string{"/": "", "/search/": "", "/search/index.bin": "", "/assets/search/0123456789ab.bin": "public, max-age=31536000, immutable"} {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Range", "bytes=768-1535")
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		index := strings.HasSuffix(path, ".bin")
		if index && res.StatusCode != http.StatusPartialContent {
			t.Errorf("GET %s with a range: %d", path, res.StatusCode)
		}
		for name, value := range page {
			want := value
			if index && slices.Contains(DocumentOnlyHeaders, name) {
				want = ""
			}
			if got := res.Header.Get(name); got != want {
				t.Errorf("GET %s: %s %q, want %q", path, name, got, want)
			}
		}
		if got := res.Header.Get("Cache-Control"); wantCache != "" && got != wantCache {
			t.Errorf("GET %s: Cache-Control %q", path, got)
		}
	}
	for _, name := range DocumentOnlyHeaders {
		if page[name] == "" {
			t.Errorf("%s is no page header", name)
		}
	}
	if page["X-Content-Type-Options"] != "nosniff" || slices.Contains(DocumentOnlyHeaders, "X-Content-Type-Options") {
		t.Error("the search index's files must keep nosniff")
	}
}
