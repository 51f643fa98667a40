package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/hostrules"
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
	for rel, data := range map[string]string{"_headers": string(hostrules.HeadersFile(hostrules.Policy{})), "search/index.html": "<p>search</p>",
		"search/index.bin": strings.Repeat("m", 2048), "assets/search/0123456789ab.bin": strings.Repeat("x", 2048)} {
		os.MkdirAll(filepath.Dir(filepath.Join(g, rel)), 0o755)
		os.WriteFile(filepath.Join(g, rel), []byte(data), 0o644)
	}
	os.Symlink(filepath.Join(".dist", "g1"), dist)
	srv := httptest.NewServer(Handler(dist, nil))
	defer srv.Close()
	page := map[string]string{}
	for _, kv := range hostrules.PageHeaders(hostrules.Policy{}) {
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
			if index && slices.Contains(hostrules.DocumentOnlyHeaders, name) {
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
	for _, name := range hostrules.DocumentOnlyHeaders {
		if page[name] == "" {
			t.Errorf("%s is no page header", name)
		}
	}
	if page["X-Content-Type-Options"] != "nosniff" || slices.Contains(hostrules.DocumentOnlyHeaders, "X-Content-Type-Options") {
		t.Error("the search index's files must keep nosniff")
	}
}
