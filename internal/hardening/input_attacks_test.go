package hardening

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/poll"
)

// pngHeader is the start of a PNG that claims w×h pixels: signature and a valid IHDR chunk, which
// is all a decoder reads to learn the size.
func pngHeader(w, h uint32) []byte {
	var ihdr bytes.Buffer
	ihdr.WriteString("IHDR")
	binary.Write(&ihdr, binary.BigEndian, w)
	binary.Write(&ihdr, binary.BigEndian, h)
	ihdr.Write([]byte{8, 6, 0, 0, 0})
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	binary.Write(&out, binary.BigEndian, uint32(ihdr.Len()-4))
	out.Write(ihdr.Bytes())
	binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(ihdr.Bytes()))
	return out.Bytes()
}

var uploadURL = regexp.MustCompile(`^/uploads/[0-9a-f]{32}\.(png|gif|jpg|webp)$`)

// Uploads are judged by their bytes, never by the name or type the client claims: HTML, SVG and
// files lying about their type are refused with 415, oversized bytes and pixel sizes with 413 and
// 400, malformed multipart with 400; an accepted file is stored only under a name the server
// makes, and served with its decided type, nosniff and a sandboxing CSP, so even a polyglot
// cannot act as a page.
func TestUploadAttacks(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.client().login(t)
	png := pngBytes(t, 8, 8)
	upload := func(parts ...filePart) reply {
		body, ct := form(nil, parts...)
		return c.must(t, "POST", "/api/preview-blogs/upload", body, ct)
	}
	img := func(name, ct string, data []byte) filePart { return filePart{"image", name, ct, data} }
	html := []byte("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`)
	refused := []struct {
		name   string
		part   filePart
		status int
	}{
		{"HTML named .png, declared image/png", img("x.png", "image/png", html), 415},
		{"HTML after a PNG signature", img("x.png", "image/png", append([]byte("\x89PNG\r\n\x1a\n"), html...)), 415},
		{"SVG with script", img("logo.svg", "image/svg+xml", svg), 415},
		{"SVG declared image/png", img("logo.png", "image/png", svg), 415},
		{"SVG with an XML prolog", img("x.svg", "image/svg+xml", append([]byte(`<?xml version="1.0"?>`), svg...)), 415},
		{"PDF renamed .jpg", img("x.jpg", "image/jpeg", []byte("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF")), 415},
		{"GIF header with script (GIFAR style)", img("x.gif", "image/gif", []byte("GIF89a/*<svg onload=alert(1)>*/=alert(1)//")), 0},
		{"JPEG magic then HTML", img("x.jpg", "image/jpeg", append([]byte{0xff, 0xd8, 0xff, 0xe0}, html...)), 415},
		{"empty file", img("x.png", "image/png", nil), 400},
		{"7000 pixels wide", img("x.png", "image/png", pngHeader(7000, 10)), 400},
		{"6000×6001", img("x.png", "image/png", pngHeader(6000, 6001)), 400},
		{"decompression bomb 50000×50000", img("x.png", "image/png", pngHeader(50000, 50000)), 400},
		{"zero width", img("x.png", "image/png", pngHeader(0, 10)), 0},
		{"5 MB and one byte", img("x.png", "image/png", append(append([]byte{}, png...), make([]byte, 5<<20+1-len(png))...)), 413},
		{"image under another field name", filePart{"file", "x.png", "image/png", png}, 400},
	}
	for _, tt := range refused {
		r := upload(tt.part)
		if tt.status != 0 && r.status != tt.status || tt.status == 0 && (r.status < 400 || r.status > 415) {
			t.Errorf("%s: %s, want %d", tt.name, r, tt.status)
		}
		if r.errorMessage() == "" || strings.Contains(string(r.body), "imageUrl") {
			t.Errorf("%s: answer without a clear error: %s", tt.name, r)
		}
	}

	// Polyglots that really are images: accepted, and served so that no browser runs them.
	polyglots := map[string][]byte{
		"image/gif": append(gifBytes(t), html...),
		"image/png": append(append([]byte{}, png...), html...),
	}
	accepted := 0
	for typ, data := range polyglots {
		r := upload(img("polyglot.html", "text/html", data))
		u, _ := r.json()["imageUrl"].(string)
		if r.status != 201 || !uploadURL.MatchString(u) {
			t.Fatalf("%s polyglot: %s", typ, r)
		}
		accepted++
		got := c.anon().must(t, "GET", u, nil, "")
		if got.status != 200 || got.header.Get("Content-Type") != typ || got.header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(got.header.Get("Content-Security-Policy"), "sandbox") || !bytes.Equal(got.body, data) {
			t.Errorf("%s polyglot served as %q, nosniff %q, CSP %q", typ, got.header.Get("Content-Type"),
				got.header.Get("X-Content-Type-Options"), got.header.Get("Content-Security-Policy"))
		}
	}

	// Path tricks in the file name change nothing: the server names the file.
	for _, name := range []string{"../../../../../tmp/pwned.png", `..\..\..\pwned.png`, "/etc/cron.d/pwned.png", "pwned.png\x00.html",
		"%2e%2e%2f%2e%2e%2fpwned.png", ".htaccess", "pwned.php.png", "CON.png", strings.Repeat("a", 300) + ".png", "pwned.html"} {
		r := upload(img(name, "image/png", png))
		if u, _ := r.json()["imageUrl"].(string); r.status != 201 || !uploadURL.MatchString(u) {
			t.Errorf("file name %q: %s", name, r)
		} else {
			accepted++
		}
	}

	// Malformed multipart bodies.
	raw := func(body, ct string) reply {
		return c.must(t, "POST", "/api/preview-blogs/upload", strings.NewReader(body), ct)
	}
	part := "--B\r\nContent-Disposition: form-data; name=\"image\"; filename=\"x.png\"\r\n\r\n" + string(png) + "\r\n"
	for _, tt := range []struct{ name, body, ct string }{
		{"no boundary", part + "--B--\r\n", "multipart/form-data"},
		{"wrong boundary", part + "--B--\r\n", "multipart/form-data; boundary=OTHER"},
		{"truncated", part[:len(part)/2], "multipart/form-data; boundary=B"},
		{"no closing boundary", part, "multipart/form-data; boundary=B"},
		{"garbage", "\x00\x01\x02 not multipart at all", "multipart/form-data; boundary=B"},
		{"part without headers end", "--B\r\nContent-Disposition: form-data; name=\"image\"", "multipart/form-data; boundary=B"},
		{"50 parts", strings.Repeat("--B\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nx\r\n", 50) + part + "--B--\r\n", "multipart/form-data; boundary=B"},
		{"boundary of 100 KB", "--" + strings.Repeat("B", 100<<10) + "\r\n", "multipart/form-data; boundary=" + strings.Repeat("B", 100<<10)},
	} {
		if r := raw(tt.body, tt.ct); r.status < 400 || r.status > 431 || strings.Contains(string(r.body), "imageUrl") {
			t.Errorf("%s: %s", tt.name, r)
		}
	}

	// More than the body limit, with and without a declared length.
	big := bytes.Repeat([]byte("A"), 7<<20)
	body, ct := form(nil, img("x.png", "image/png", append(append([]byte{}, png...), big...)))
	if r := c.must(t, "POST", "/api/preview-blogs/upload", body, ct); r.status != 413 {
		t.Errorf("7 MB body: %s", r)
	}
	body, ct = form(nil, img("x.png", "image/png", append(append([]byte{}, png...), big...)))
	if r := c.must(t, "POST", "/api/preview-blogs/upload", io.MultiReader(body), ct); r.status != 413 {
		t.Errorf("7 MB chunked body: %s", r)
	}

	// Without a token nothing is stored.
	body, ct = form(nil, img("x.png", "image/png", png))
	if r := c.anon().must(t, "POST", "/api/preview-blogs/upload", body, ct); r.status != 401 {
		t.Errorf("anonymous upload: %s", r)
	}

	// Exactly the accepted uploads are on disk, under server-made names, and nothing was
	// written anywhere else.
	entries, _ := os.ReadDir(filepath.Join(s.dir, "uploads"))
	names := regexp.MustCompile(`^[0-9a-f]{32}\.(png|gif)$`)
	for _, e := range entries {
		if !names.MatchString(e.Name()) {
			t.Errorf("unexpected file in uploads: %q", e.Name())
		}
	}
	if len(entries) != accepted {
		t.Errorf("%d files in uploads, %d uploads accepted", len(entries), accepted)
	}
	_ = filepath.WalkDir(filepath.Dir(s.dir), func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(strings.ToLower(d.Name()), "pwned") {
			t.Errorf("a file name from the client was used: %s", p)
		}
		return nil
	})
	for _, p := range []string{"/uploads/../site.db", "/uploads/..%2fsite.db", "/uploads/%2e%2e%2fsite.db", "/uploads/..%5csite.db",
		"/uploads/.", "/uploads/", "/uploads/" + strings.Repeat("0", 32) + ".png"} {
		if r := c.anon().must(t, "GET", p, nil, ""); r.status == 200 {
			t.Errorf("GET %s: %s", p, r)
		}
	}
}

// Oversized, deeply nested, malformed and wrong-type bodies are refused with the right 4xx and a
// clear message; nothing is stored and the server keeps answering.
func TestHostileBodies(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.client().login(t)
	nested := func(open string, n int) string { return strings.Repeat(open, n) }
	huge := `{"username":"admin","password":"` + strings.Repeat("x", 2<<20) + `"}`
	cases := []struct {
		name, method, path, body, ct string
		auth                         bool
		status                       int
	}{
		{"2 MB login", "POST", "/admin/login", huge, "application/json", false, 413},
		{"100 KB enquiry", "POST", "/popup", `{"name":"` + strings.Repeat("x", 100<<10) + `"}`, "application/json", false, 413},
		{"2 MB preview blog", "POST", "/api/preview-blogs", `{"title":"t","content":"` + strings.Repeat("x", 2<<20) + `"}`, "application/json", true, 413},
		{"2 MB form-encoded preview blog", "POST", "/api/preview-blogs", "title=t&content=" + strings.Repeat("x", 2<<20), "application/x-www-form-urlencoded", true, 413},
		{"nested arrays in login", "POST", "/admin/login", `{"username":` + nested("[", 300000), "application/json", false, 400},
		{"nested objects in enquiry", "POST", "/popup", `{"name":` + nested(`{"a":`, 12000), "application/json", false, 400},
		{"nested arrays in preview blog", "POST", "/api/preview-blogs", `{"title":` + nested("[", 300000), "application/json", true, 400},
		{"truncated JSON", "POST", "/admin/login", `{"username":"admin","password":`, "application/json", false, 400},
		{"not JSON", "POST", "/admin/login", `{username: admin}`, "application/json", false, 400},
		{"binary", "POST", "/popup", "\xff\xfe\x00\x00\x01", "application/json", false, 400},
		{"empty body", "POST", "/admin/login", "", "application/json", false, 400},
		{"a JSON string", "POST", "/api/preview-blogs", `"title"`, "application/json", true, 400},
		{"a JSON array", "POST", "/popup", `[{"name":"a"}]`, "application/json", false, 400},
		{"operator injection in login", "POST", "/admin/login", `{"username":{"$ne":null},"password":{"$gt":""}}`, "application/json", false, 400},
		{"array as username", "POST", "/admin/login", `{"username":["admin"],"password":"x"}`, "application/json", false, 400},
		{"number as password", "POST", "/admin/login", `{"username":"admin","password":12345678}`, "application/json", false, 400},
		{"object as enquiry name", "POST", "/popup", `{"name":{"first":"a"},"email":"a@b.co","phone":"9811045672"}`, "application/json", false, 400},
		{"array as blog title", "POST", "/api/preview-blogs", `{"title":["x"],"category":"c","content":"<p>x</p>"}`, "application/json", true, 400},
		{"object as blog content", "POST", "/api/preview-blogs", `{"title":"x","category":"c","content":{"html":"x"}}`, "application/json", true, 400},
		{"NUL in enquiry name", "POST", "/popup", `{"name":"a\u0000b","email":"a@b.co","phone":"9811045672"}`, "application/json", false, 400},
		{"text/plain JSON (cross-site simple request)", "POST", "/admin/login", `{"username":"admin","password":"` + adminPassword + `"}`, "text/plain", false, 415},
		{"XML", "POST", "/api/preview-blogs", `<blog><title>x</title></blog>`, "application/xml", true, 415},
		{"multipart login", "POST", "/admin/login", "--B--", "multipart/form-data; boundary=B", false, 415},
		{"broken form encoding", "POST", "/api/preview-blogs", "title=%zz&content=%", "application/x-www-form-urlencoded", true, 400},
	}
	for _, tt := range cases {
		cc := c.anon()
		if tt.auth {
			cc = c
		}
		r := cc.must(t, tt.method, tt.path, strings.NewReader(tt.body), tt.ct)
		if r.status != tt.status || r.errorMessage() == "" {
			t.Errorf("%s: %s, want %d with a message", tt.name, r, tt.status)
		}
	}
	// Headers beyond the server's 64 KB are refused before any handler runs.
	if r, err := c.send("GET", "/api/blogs", nil, "", "X-Big", strings.Repeat("h", 100<<10)); err == nil && r.status != 431 {
		t.Errorf("100 KB header: %s", r)
	}
	// The same oversized bodies without a declared length (chunked) are cut off as well.
	for _, p := range []string{"/admin/login", "/popup"} {
		r := c.anon().must(t, "POST", p, io.MultiReader(strings.NewReader(huge)), "application/json")
		if r.status != 413 {
			t.Errorf("chunked 2 MB to %s: %s", p, r)
		}
	}
	if r := c.must(t, "GET", "/api/preview-blogs", nil, ""); string(r.body) != "[]\n" {
		t.Errorf("a refused body stored a blog: %s", r)
	}
	if r := c.must(t, "GET", "/popups", nil, ""); string(r.body) != "[]\n" {
		t.Errorf("a refused body stored an enquiry: %s", r)
	}
	if !s.healthy() || strings.Contains(s.logs.String(), "panic") {
		t.Fatalf("server unwell after hostile bodies:\n%s", s.logs.String())
	}
}

// Slugs are URL segments and folder names: every traversal or odd form is refused before it is
// stored, in every call that can set one, and encoded traversal in a path finds nothing.
func TestSlugTraversalIsRefused(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.client().login(t)
	bad := []string{"../../etc/passwd", "../x", "/etc/passwd", "a/b", `a\b`, "..", ".", "%2e%2e", "..%2f..", "a%2fb",
		"ａｂｃ", "a b", "ABC", "-a", "a-", "a--b", strings.Repeat("a", 121), "a\x00b", "a.html", "~root", "a?b", "a#b", "index.html",
		"<script>alert(1)</script>", `"><img src=x onerror=alert(1)>`}
	for _, slug := range bad {
		r := c.mustJSON(t, "POST", "/api/preview-blogs", map[string]string{"title": "Traversal", "category": "SEO", "content": "<p>x</p>", "slug": slug})
		if r.status != 400 {
			t.Errorf("blog slug %q: %s", slug, r)
		}
		body, ct := form(map[string]string{"title": "Traversal", "category": "SEO", "description": "<p>x</p>", "slug": slug}, filePart{"image", "x.png", "image/png", pngBytes(t, 4, 4)})
		if r := c.must(t, "POST", "/api/preview-services", body, ct); r.status != 400 {
			t.Errorf("service slug %q: %s", slug, r)
		}
	}
	for _, slug := range []string{"admin", "api", "uploads", "assets", "blog", "healthz"} {
		body, ct := form(map[string]string{"title": "Reserved", "category": "SEO", "description": "<p>x</p>", "slug": slug}, filePart{"image", "x.png", "image/png", pngBytes(t, 4, 4)})
		if r := c.must(t, "POST", "/api/preview-services", body, ct); r.status != 400 {
			t.Errorf("reserved service slug %q: %s", slug, r)
		}
	}
	// A traversal in the title only makes an odd but harmless slug.
	r := c.mustJSON(t, "POST", "/api/preview-blogs", map[string]string{"title": "../../etc/passwd", "category": "SEO", "content": "<p>x</p>"})
	if r.status != 201 || r.json()["blog"].(map[string]any)["slug"] != "etcpasswd" {
		t.Fatalf("title with traversal: %s", r)
	}
	// Renames and publishes that would move it somewhere odd are refused and move nothing.
	for _, slug := range []string{"../../x", "/x", "a/../../b"} {
		if r := c.mustJSON(t, "PUT", "/api/preview-blogs/etcpasswd", map[string]string{"slug": slug}); r.status != 400 {
			t.Errorf("rename to %q: %s", slug, r)
		}
		if r := c.mustJSON(t, "POST", "/api/preview-blogs/publish/etcpasswd", map[string]string{"slug": slug}); r.status != 400 {
			t.Errorf("publish as %q: %s", slug, r)
		}
	}
	for _, p := range []string{"/api/blogs/..%2f..%2fsite.db", "/api/blogs/%2e%2e", "/api/blogs/..", "/api/services/..%2Fadmin",
		"/api/preview-blogs/..%2fetcpasswd", "/api/preview-blogs/%2e%2e%2fetcpasswd", "/api/preview-blogs/ETCPASSWD"} {
		for _, m := range []string{"GET", "DELETE"} {
			if r := c.must(t, m, p, nil, ""); r.status == 200 {
				t.Errorf("%s %s: %s", m, p, r)
			}
		}
	}
	r = c.must(t, "GET", "/api/preview-blogs", nil, "")
	if n := strings.Count(string(r.body), `"slug"`); n != 1 || !strings.Contains(string(r.body), `"slug":"etcpasswd"`) {
		t.Errorf("previews after the attacks: %s", r)
	}
	if r := c.must(t, "GET", "/api/preview-services", nil, ""); string(r.body) != "[]\n" {
		t.Errorf("a refused service was stored: %s", r)
	}
	// The images sent with the refused services were removed again.
	if entries, _ := os.ReadDir(filepath.Join(s.dir, "uploads")); len(entries) != 0 {
		t.Errorf("refused services left %d images behind", len(entries))
	}
}

// Titles the spec's slug rule turns into a slug with doubled or edge hyphens, or into one too
// long, still save: the derived slug is one the store accepts.
func TestAwkwardTitlesStillSave(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.client().login(t)
	for title, want := range map[string]string{
		"SEO - The Basics":               "seo-the-basics",
		"- Intro -":                      "intro",
		"Pre- and Post-Launch Audits":    "pre-and-post-launch-audits",
		strings.Repeat("Noida SEO ", 19): strings.TrimSuffix(strings.Repeat("noida-seo-", 12), "-"),
	} {
		r := c.mustJSON(t, "POST", "/api/preview-blogs", map[string]string{"title": title, "category": "SEO", "content": "<p>x</p>"})
		if got, _ := r.json()["blog"].(map[string]any); r.status != 201 || got["slug"] != want {
			t.Errorf("title %q: %s, want slug %q", title, r, want)
		}
	}
}

// The form endpoint: the honeypot and a too-fast submission get the normal answer and store
// nothing; one address is limited to a burst of ten (429 with Retry-After) while others go on;
// line breaks cannot reach a header of the notification, which goes to the agency alone.
func TestEnquiryDefences(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{trustProxy: true})
	c := s.client()
	thanks := "Thank you! Your message has been sent. We will get back to you soon."
	ip := 0
	post := func(v map[string]any) reply {
		ip++
		c.xff = fmt.Sprintf("203.0.113.%d", ip)
		return c.mustJSON(t, "POST", "/popup", v)
	}
	with := func(k string, v any) map[string]any { m := enquiry("defence"); m[k] = v; return m }
	stored := 0
	for _, tt := range []struct {
		name  string
		body  map[string]any
		store bool
	}{
		{"honeypot", with("website", "http://spam.example"), false},
		{"submitted at once", with("startedAt", time.Now().UnixMilli()), false},
		{"started in the future", with("startedAt", time.Now().Add(time.Hour).UnixMilli()), false},
		{"a person", enquiry("person"), true},
		{"no startedAt (no script)", with("startedAt", nil), true},
		{"unicode line separators in the name", with("name", "Asha\u2028Bcc: victim@example.com\u0085Cc: x@example.com"), true},
	} {
		r := post(tt.body)
		if r.status != 200 || r.json()["message"] != thanks {
			t.Errorf("%s: %s", tt.name, r)
		}
		if tt.store {
			stored++
		}
	}
	for _, tt := range []struct{ name, field, value string }{
		{"CRLF Bcc in the name", "name", "Asha\r\nBcc: victim@example.com"},
		{"LF in the name", "name", "Asha\nSubject: hi"},
		{"CRLF Bcc in the e-mail", "email", "asha@example.in\r\nBcc: victim@example.com"},
		{"LF in the e-mail", "email", "asha@example.in\nBcc: victim@example.com"},
		{"two addresses", "email", "asha@example.in,victim@example.com"},
		{"display name and address", "email", "Asha <asha@example.in>"},
		{"an address the spec's pattern lets through but is no mailbox", "email", "visitor@example.com,x"},
		{"CRLF in the phone", "phone", "9811045672\r\nBcc: v@example.com"},
	} {
		if r := post(with(tt.field, tt.value)); r.status != 400 || r.errorMessage() == "" {
			t.Errorf("%s: %s", tt.name, r)
		}
	}
	ip++
	form := func(v string) reply {
		return c.must(t, "POST", "/popup", strings.NewReader(v), "application/x-www-form-urlencoded")
	}
	c.xff = fmt.Sprintf("203.0.113.%d", ip)
	if r := form("name=Asha%0D%0ABcc%3A+victim%40example.com&email=asha%40example.in&phone=9811045672"); r.status != 400 ||
		!strings.Contains(string(r.body), "Your message was not sent") {
		t.Errorf("form post with CRLF: %s", r)
	}
	if r := form("name=Asha&email=asha%40example.in&phone=9811045672&website=spam"); r.status != 303 || r.header.Get("Location") != "/thank-you/" {
		t.Errorf("form post honeypot: %s %q", r, r.header.Get("Location"))
	}

	// Without --trust-proxy, forwarded-address headers are the client's own claims: rotating
	// them does not get around the limit.
	direct := newServer(t, opts{})
	dc := direct.client()
	for i := 0; i < 11; i++ {
		r := dc.mustJSON(t, "POST", "/popup", with("website", "x"), "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i), "X-Real-IP", fmt.Sprintf("198.51.100.%d", i))
		if i < 10 && r.status != 200 || i == 10 && r.status != 429 {
			t.Errorf("enquiry %d with a rotating X-Forwarded-For, no --trust-proxy: %s", i, r)
		}
	}

	// Rate limit: ten from one address, then 429 with Retry-After, for JSON and form posts.
	c.xff = "192.0.2.77"
	for i := 0; i < 10; i++ {
		if r := c.mustJSON(t, "POST", "/popup", with("website", "x")); r.status != 200 {
			t.Fatalf("burst %d: %s", i, r)
		}
	}
	if r := c.mustJSON(t, "POST", "/popup", enquiry("limited")); r.status != 429 || r.header.Get("Retry-After") == "" || r.errorMessage() == "" {
		t.Errorf("11th enquiry from one address: %s", r)
	}
	if r := form("name=Asha&email=asha%40example.in&phone=9811045672"); r.status != 429 || r.header.Get("Retry-After") == "" {
		t.Errorf("form post past the limit: %s", r)
	}
	c.xff = "192.0.2.78"
	if r := c.mustJSON(t, "POST", "/popup", enquiry("other")); r.status != 200 {
		t.Errorf("another address is limited too: %s", r)
	}
	stored++

	c.xff = "192.0.2.200"
	c.login(t)
	r := c.must(t, "GET", "/popups", nil, "")
	if n := strings.Count(string(r.body), `"_id"`); n != stored {
		t.Fatalf("%d enquiries stored, want %d: %s", n, stored, r)
	}
	// The server's mail queue sends one job at a time, in order: once the notification of a last
	// enquiry is out, every notification the requests above caused is out too.
	c.xff = "192.0.2.201"
	if r := c.mustJSON(t, "POST", "/popup", enquiry("last")); r.status != 200 {
		t.Fatalf("last enquiry: %s", r)
	}
	stored++
	var files []string
	poll.Until(t, "the last enquiry's notification", func() bool {
		files = outboxFiles(s.outbox())
		for _, f := range files {
			if _, body := readMail(t, f); strings.Contains(body, "Enquiry last") {
				return true
			}
		}
		return false
	}, poll.Within(10*time.Second))
	if len(files) != stored {
		t.Fatalf("%d notifications for %d enquiries", len(files), stored)
	}
	for _, f := range files {
		h, body := readMail(t, f)
		for k := range h {
			switch k {
			case "From", "To", "Reply-To", "Subject", "Date", "Message-Id", "Mime-Version", "Content-Type", "Content-Transfer-Encoding", "User-Agent", "X-Mailer":
			default:
				t.Errorf("%s: unexpected header %s: %q", f, k, h[k])
			}
		}
		if to, err := h.AddressList("To"); err != nil || len(to) != 1 || to[0].Address != notifyEmail {
			t.Errorf("%s: To %v %v", f, to, err)
		}
		if rt := h.Get("Reply-To"); rt != "" {
			if list, err := h.AddressList("Reply-To"); err != nil || len(list) != 1 || list[0].Address != "visitor@example.in" {
				t.Errorf("%s: Reply-To %q", f, rt)
			}
		}
		if !strings.Contains(body, "A new enquiry arrived") {
			t.Errorf("%s: body %q", f, body)
		}
	}
}

// CORS: an origin that is not allowed gets no CORS header at all, so a script on it cannot read
// any answer, nor send a preflighted call; the allowed origin gets exactly its own; the
// no-script form post never redirects to a foreign origin.
func TestCORSFromForeignOrigins(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{trustProxy: true})
	c := s.client()
	for i, origin := range []string{"https://evil.example", "null", "https://www.digitalreeviver.com.evil.example",
		"http://www.digitalreeviver.com", "https://evil.example/https://www.digitalreeviver.com", allowedOrigin + ":8443"} {
		for _, call := range [][]string{{"GET", "/api/blogs"}, {"GET", "/api/me"}, {"POST", "/popup"}} {
			r := c.must(t, call[0], call[1], strings.NewReader(`{}`), "application/json", "Origin", origin)
			if v := r.header.Get("Access-Control-Allow-Origin"); v != "" {
				t.Errorf("%s %s from %s: Access-Control-Allow-Origin %q", call[0], call[1], origin, v)
			}
		}
		r := c.must(t, "OPTIONS", "/api/preview-blogs", nil, "", "Origin", origin, "Access-Control-Request-Method", "POST",
			"Access-Control-Request-Headers", "authorization, content-type")
		for _, h := range []string{"Access-Control-Allow-Origin", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers", "Access-Control-Allow-Credentials"} {
			if v := r.header.Get(h); v != "" {
				t.Errorf("preflight from %s: %s %q", origin, h, v)
			}
		}
		c.xff = fmt.Sprintf("198.51.100.%d", i+1) // the enquiry limit is not what this test is about
		r = c.must(t, "POST", "/popup", strings.NewReader("name=Asha&email=asha%40example.in&phone=9811045672&website=x"),
			"application/x-www-form-urlencoded", "Origin", origin, "Referer", origin+"/contactus/")
		if loc := r.header.Get("Location"); r.status != 303 || loc != "/thank-you/" {
			t.Errorf("form post from %s redirects to %q (%d)", origin, loc, r.status)
		}
	}
	r := c.must(t, "OPTIONS", "/api/preview-blogs", nil, "", "Origin", allowedOrigin, "Access-Control-Request-Method", "POST")
	if r.header.Get("Access-Control-Allow-Origin") != allowedOrigin || !strings.Contains(r.header.Get("Access-Control-Allow-Methods"), "POST") ||
		r.header.Get("Access-Control-Allow-Credentials") != "" {
		t.Errorf("preflight from the allowed origin: %v", r.header)
	}
	if r := c.must(t, "GET", "/api/blogs", nil, "", "Origin", allowedOrigin); r.header.Get("Access-Control-Allow-Origin") != allowedOrigin ||
		!strings.Contains(strings.Join(r.header.Values("Vary"), ","), "Origin") {
		t.Errorf("GET from the allowed origin: %v", r.header)
	}
}

// Slow clients: connections that dribble their headers are cut off after ReadHeaderTimeout (5 s)
// and never reach a handler, while the server keeps answering everyone else at once.
func TestSlowClientsAreCutOff(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	addr := strings.TrimPrefix(s.url, "http://")
	const slow = 30
	var wg sync.WaitGroup
	cut := make([]time.Duration, slow)
	answered := make([]string, slow)
	stop := make(chan struct{})
	for i := 0; i < slow; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				answered[i] = err.Error()
				return
			}
			defer conn.Close()
			start := time.Now()
			closed := make(chan []byte, 1)
			go func() { data, _ := io.ReadAll(conn); closed <- data }()
			header := "POST /popup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Slow: " + strings.Repeat("a", 100)
			for j := 0; j < len(header); j++ {
				if _, err := conn.Write([]byte{header[j]}); err != nil {
					break
				}
				select {
				case data := <-closed:
					cut[i], answered[i] = time.Since(start), string(data)
					return
				case <-stop:
					return
				case <-time.After(250 * time.Millisecond):
				}
			}
			select {
			case data := <-closed:
				cut[i], answered[i] = time.Since(start), string(data)
			case <-time.After(20 * time.Second):
			}
		}(i)
	}
	// Meanwhile others are served at once, for as long as the slow clients hang on.
	allDone := make(chan struct{})
	go func() { wg.Wait(); close(allDone) }()
	// The property is that they are served while the slow clients are still connected, not how
	// fast (a timed bound fails on a loaded machine): each answer is checked to come before the
	// last slow client was cut off.
	c := s.client()
	c.hc.Timeout = 15 * time.Second
	servedMeanwhile := 0
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for done := false; !done; {
		r, err := c.send("GET", "/healthz", nil, "")
		if err != nil || r.status != 200 {
			t.Fatalf("healthz while slow clients hang on: %v %v", r, err)
		}
		select {
		case <-allDone:
			done = true // answered, but perhaps only once they were gone
		default:
			servedMeanwhile++
		}
		select {
		case <-tick.C:
		case <-allDone:
			done = true
		}
	}
	close(stop)
	for i := range cut {
		if cut[i] == 0 || cut[i] > 9*time.Second {
			t.Errorf("slow client %d not cut off in time (%v)", i, cut[i])
		}
		if strings.Contains(answered[i], "HTTP/1.1 200") {
			t.Errorf("slow client %d was answered: %q", i, answered[i])
		}
	}
	if servedMeanwhile == 0 {
		t.Errorf("no request was answered while the slow clients were connected")
	}
	if n := strings.Count(s.logs.String(), "path=/popup"); n != 0 {
		t.Errorf("a slow client reached the handler %d times", n)
	}
	_ = http.StatusOK
}
