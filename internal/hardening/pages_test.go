package hardening

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

const siteName = "Digital Reeviver"

// probe is what an attacker with the admin's pen (or a stolen session) would put in every
// one-line field: quotes of both kinds, an element with a handler, tags that close the title, a
// script and a CDATA section, a comment, U+2028 (which ends a JavaScript string in old engines)
// and template syntax.
const probe = `P "dq" 'sq' & <xss-probe onmouseover=alert(1)>x</xss-probe></title></script><script>alert(1)</script>]]><!-- ` + "\u2028" + ` {{7*7}} ${alert(2)}`

// evilRichText is rich text with every way to run script the sanitizer must remove.
const evilRichText = `<p>Safe paragraph survives.</p><script>alert(1)</script><img src=x onerror=alert(2)>` +
	`<a href="javascript:alert(3)">js link</a><a href="JaVaScRiPt&colon;alert(4)">js link 2</a><iframe src="https://evil.example"></iframe>` +
	`<svg onload=alert(5)><script>alert(6)</script></svg><style>*{display:none}</style><form action="https://evil.example"><input name=p></form>` +
	`<p style="background:url(javascript:alert(7))" onclick="alert(8)">styled</p><object data="x.swf"></object><base href="https://evil.example/">` +
	`<meta http-equiv="refresh" content="0;url=https://evil.example"><noscript><p title="</noscript><img src=x onerror=alert(9)>"></noscript>` +
	`<a href="https://example.com/" target="_blank">ok link</a><xss-probe>tag</xss-probe>`

// urlAttrs are the attributes a browser loads or navigates to.
var urlAttrs = map[string]bool{"href": true, "src": true, "action": true, "formaction": true, "poster": true, "data": true,
	"background": true, "srcset": true, "xlink:href": true, "ping": true, "cite": true, "longdesc": true, "manifest": true}

// unsafeNodes walks a parsed document and lists what could run script or load what the page
// must not: any script but our module bundle, JSON-LD and island props (both of which must be
// valid JSON); any event-handler attribute; any URL with a script-capable scheme; any element
// that embeds or re-bases the page; any frame but the map on the contact page; any http-equiv
// but the head's own script-restricting Content-Security-Policy and a redirect page's refresh to
// a path of the site (in its head; the page walk checks the build's manifest lists it); and any
// element named xss-probe, which only a failure to escape a field could create.
func unsafeNodes(doc *html.Node) []string {
	var bad []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			name := n.Data
			attr := map[string]string{}
			for _, a := range n.Attr {
				key := strings.ToLower(a.Key)
				if a.Namespace != "" {
					key = a.Namespace + ":" + key
				}
				attr[key] = a.Val
				switch {
				case strings.HasPrefix(key, "on"):
					bad = append(bad, fmt.Sprintf("<%s %s=%q>", name, a.Key, a.Val))
				case urlAttrs[key] || strings.HasSuffix(key, ":href"):
					v := a.Val
					if key == "srcset" {
						v, _, _ = strings.Cut(strings.TrimSpace(v), " ")
					}
					v = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(strings.TrimFunc(v, func(r rune) bool { return r <= ' ' }))
					scheme := ""
					if i := strings.IndexAny(v, ":/?#"); i > 0 && v[i] == ':' {
						scheme = strings.ToLower(v[:i])
					}
					switch scheme {
					case "", "http", "https", "mailto", "tel":
					case "data":
						if name != "img" || !strings.HasPrefix(strings.ToLower(v), "data:image/") || strings.HasPrefix(strings.ToLower(v), "data:image/svg") {
							bad = append(bad, fmt.Sprintf("<%s %s=%q>", name, a.Key, a.Val))
						}
					default:
						bad = append(bad, fmt.Sprintf("<%s %s=%q>", name, a.Key, a.Val))
					}
				case key == "style":
					if l := strings.ToLower(a.Val); strings.Contains(l, "javascript") || strings.Contains(l, "expression(") || strings.Contains(l, "url(") {
						bad = append(bad, fmt.Sprintf("<%s style=%q>", name, a.Val))
					}
				}
			}
			switch n.DataAtom {
			case atom.Script:
				text := ""
				if n.FirstChild != nil {
					text = n.FirstChild.Data
				}
				_, island := attr["data-island-props"]
				switch {
				case attr["type"] == "module" && strings.HasPrefix(attr["src"], "/assets/") && text == "":
				case attr["type"] == "application/ld+json" && json.Valid([]byte(text)):
				case attr["type"] == "application/json" && island && json.Valid([]byte(text)):
				default:
					bad = append(bad, fmt.Sprintf("script %v %.120q", attr, text))
				}
			case atom.Iframe:
				if !strings.HasPrefix(attr["src"], "https://www.google.com/maps") && !strings.HasPrefix(attr["src"], "https://maps.google.com/") {
					bad = append(bad, fmt.Sprintf("iframe %v", attr))
				}
			case atom.Object, atom.Embed, atom.Applet, atom.Base, atom.Frame, atom.Frameset, atom.Style:
				bad = append(bad, "element <"+name+">")
			case atom.Meta:
				// The one http-equiv a page may have is its own Content-Security-Policy in the
				// head, which only restricts (our scripts alone); a refresh or any other is bad.
				inHead := n.Parent != nil && n.Parent.Data == "head"
				if eq, ok := attr["http-equiv"]; ok && !(strings.EqualFold(eq, "Content-Security-Policy") &&
					inHead && cspDirective(attr["content"], "script-src") == "'self'") && !(inHead && refreshPath(attr) != "") {
					bad = append(bad, fmt.Sprintf("meta %v", attr))
				}
			case atom.Form:
				if a := attr["action"]; a != "/popup" && !strings.HasPrefix(a, "/") {
					bad = append(bad, fmt.Sprintf("form action %q", a))
				}
			}
			if strings.Contains(strings.ToLower(name), "xss") {
				bad = append(bad, "element <"+name+">")
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return bad
}

// page is a parsed HTML document with helpers to read what a browser would show.
type page struct {
	name string
	doc  *html.Node
	raw  []byte
}

// refreshPath is the path of the site a meta refresh of a redirect page leads to ("0; url=/p/"),
// or "".
func refreshPath(attr map[string]string) string {
	if !strings.EqualFold(attr["http-equiv"], "refresh") {
		return ""
	}
	to, ok := strings.CutPrefix(attr["content"], "0; url=")
	if !ok || !strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") || strings.ContainsAny(to, "\\ \t\n:") {
		return ""
	}
	return to
}

func parsePage(t *testing.T, name string, data []byte) *page {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("<!doctype html>")) || !bytes.HasSuffix(data, []byte("</html>\n")) {
		t.Errorf("%s: not a whole document (%d bytes)", name, len(data))
	}
	if !utf8.Valid(data) {
		t.Errorf("%s: not UTF-8", name)
	}
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	p := &page{name: name, doc: doc, raw: data}
	for _, b := range unsafeNodes(doc) {
		t.Errorf("%s: unsafe: %s", name, b)
	}
	return p
}

func (p *page) find(match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.doc)
	return out
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// title is the document title as a browser shows it.
func (p *page) title() string {
	if n := p.find(func(n *html.Node) bool { return n.DataAtom == atom.Title }); len(n) > 0 {
		return textOf(n[0])
	}
	return ""
}

// meta is the content of <meta name=key> or <meta property=key>.
func (p *page) meta(key string) string {
	for _, n := range p.find(func(n *html.Node) bool { return n.DataAtom == atom.Meta }) {
		if attrOf(n, "name") == key || attrOf(n, "property") == key {
			return attrOf(n, "content")
		}
	}
	return ""
}

// jsonLD is the page's structured data of one @type.
func (p *page) jsonLD(typ string) map[string]any {
	for _, n := range p.find(func(n *html.Node) bool {
		return n.DataAtom == atom.Script && attrOf(n, "type") == "application/ld+json"
	}) {
		var v map[string]any
		if json.Unmarshal([]byte(textOf(n)), &v) == nil && v["@type"] == typ {
			return v
		}
	}
	return nil
}

// hasText reports whether some element's whole text is exactly s.
func (p *page) hasText(s string) bool {
	return len(p.find(func(n *html.Node) bool { return strings.TrimSpace(textOf(n)) == s })) > 0
}

// Script in every field an admin writes, published through the API and built by the real
// generator: in every page of the site, in every context (body text, attribute, <title>,
// JSON-LD, island props, feed, sitemap), the value shows exactly as typed and nothing of it
// runs; rich text keeps its safe parts only. The preview renders the same way, and the served
// site and previews carry a CSP that would stop an inline script even if one got through.
func TestScriptInContentNeverRuns(t *testing.T) {
	needBundle(t)
	if n := utf8.RuneCountInString("Service " + probe); n > 200 {
		t.Fatalf("probe too long for a title: %d", n)
	}
	s := newServer(t, opts{bundle: true, demo: true})
	c := s.client().login(t)
	category := `Cat <script>alert("c")</script> & "q"`
	blogTitle := "Post " + probe
	body, ct := form(map[string]string{"title": blogTitle, "category": category, "content": evilRichText,
		"metaTitle": "Meta " + probe, "metaDescription": "Desc " + probe, "focusKeyword": "kw " + probe})
	r := c.must(t, "POST", "/api/preview-blogs", body, ct)
	if r.status != 201 {
		t.Fatalf("create: %s", r)
	}
	slug := r.json()["blog"].(map[string]any)["slug"].(string)

	// The preview is the page visitors would get.
	r = c.must(t, "GET", "/api/preview-blogs/"+slug+"/render", nil, "")
	if r.status != 200 || cspDirective(r.header.Get("Content-Security-Policy"), "script-src") != "'self'" {
		t.Fatalf("preview: %s %v", r, r.header)
	}
	checkPostPage(t, parsePage(t, "preview of "+slug, r.body), blogTitle, category)

	if r := c.mustJSON(t, "POST", "/api/preview-blogs/publish/"+slug, map[string]string{}); r.status != 200 || r.json()["live"] != true {
		t.Fatalf("publish: %s", r)
	}
	svcTitle := "Service " + probe
	body, ct = form(map[string]string{"title": svcTitle, "category": category, "description": evilRichText,
		"metaTitle": "Meta " + probe, "metaDescription": "Desc " + probe, "focusKeyword": "kw " + probe},
		filePart{"image", "cover.png", "image/png", pngBytes(t, 40, 30)})
	r = c.must(t, "POST", "/api/preview-services", body, ct)
	if r.status != 201 {
		t.Fatalf("create service: %s", r)
	}
	svcSlug := r.json()["service"].(map[string]any)["slug"].(string)
	if r := c.mustJSON(t, "POST", "/api/preview-services/publish/"+svcSlug, map[string]string{}); r.status != 200 || r.json()["live"] != true {
		t.Fatalf("publish service: %s", r)
	}

	// Every page of the live site.
	dist, err := filepath.EvalSymlinks(filepath.Join(s.dir, "dist"))
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]*page{}
	err = filepath.WalkDir(dist, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dist, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch filepath.Ext(p) {
		case ".html":
			pages[filepath.ToSlash(rel)] = parsePage(t, rel, data)
		case ".xml":
			dec := xml.NewDecoder(bytes.NewReader(data))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Errorf("%s: not well-formed XML: %v", rel, err)
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 40 {
		t.Fatalf("only %d pages built", len(pages))
	}
	// A page that refreshes is one of the build's redirect pages (a post's /preview/blog/
	// address, a moved page's old one), listed as such in the build's manifest.
	var manifest struct {
		Redirects map[string]string `json:"redirects"`
	}
	if data, err := os.ReadFile(filepath.Join(dist, ".build.json")); err != nil || json.Unmarshal(data, &manifest) != nil {
		t.Fatalf("the build's manifest: %v", err)
	}
	for rel, p := range pages {
		for _, m := range p.find(func(n *html.Node) bool { return n.Data == "meta" }) {
			attr := map[string]string{}
			for _, a := range m.Attr {
				attr[a.Key] = a.Val
			}
			if to := refreshPath(attr); to != "" {
				route := "/" + strings.TrimSuffix(rel, "index.html")
				if manifest.Redirects[route] != to {
					t.Errorf("%s refreshes to %s, which the build's manifest does not list as its redirect", rel, to)
				}
			}
		}
	}
	post := pages["blog/"+slug+"/index.html"]
	if post == nil {
		t.Fatalf("blog/%s/index.html not built", slug)
	}
	checkPostPage(t, post, blogTitle, category)
	for _, list := range []string{"blog/index.html", "index.html", "blogslider/index.html"} {
		if p := pages[list]; p == nil || !p.hasText(blogTitle) {
			t.Errorf("%s does not show the title as text", list)
		}
	}
	svc := pages[svcSlug+"/index.html"]
	if svc == nil {
		t.Fatalf("%s/index.html not built", svcSlug)
	}
	if got, want := svc.title(), "Meta "+probe+" | "+siteName; got != want {
		t.Errorf("service <title> %q, want %q", got, want)
	}
	if ld := svc.jsonLD("Service"); ld == nil || ld["name"] != svcTitle || ld["description"] != "Desc "+probe {
		t.Errorf("service JSON-LD: %v", ld)
	}
	if !svc.hasText("Safe paragraph survives.") || !pages["OurServices/index.html"].hasText(svcTitle) {
		t.Errorf("the service's safe text or card is missing")
	}
	feed, _ := os.ReadFile(filepath.Join(dist, "feed.xml"))
	var rss struct {
		Items []struct {
			Title string `xml:"title"`
		} `xml:"channel>item"`
	}
	if err := xml.Unmarshal(feed, &rss); err != nil || len(rss.Items) == 0 || rss.Items[0].Title != blogTitle {
		t.Errorf("feed: first item %+v, want the title as text (%v)", rss.Items, err)
	}

	// Served: the same bytes, with the CSP that forbids inline script.
	r = c.anon().must(t, "GET", "/blog/"+slug+"/", nil, "")
	if csp := r.header.Get("Content-Security-Policy"); r.status != 200 || !bytes.Equal(r.body, post.raw) || cspDirective(csp, "script-src") != "'self'" {
		t.Errorf("served post: %d, CSP %q", r.status, csp)
	}

	// No address of the served site redirects elsewhere.
	for _, p := range []string{"//evil.example", "/%2F%2Fevil.example", `/\evil.example`, "/%5Cevil.example", "/%5C%5Cevil.example/",
		"/blog//evil.example", "/blog/%2F%2Fevil.example", "/.%2F%2Fevil.example", "///evil.example/%2e%2e"} {
		r := c.anon().must(t, "GET", p, nil, "")
		if loc := r.header.Get("Location"); strings.Contains(loc, "evil.example") && !strings.HasPrefix(loc, "/") ||
			strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, `/\`) {
			t.Errorf("GET %s redirects to %q", p, loc)
		}
	}

	// The served site never leaves its generation.
	for _, p := range []string{"/../site.db", "/..%2f..%2fsite.db", "/%2e%2e/%2e%2e/site.db", "/blog/%2e%2e/%2e%2e/%2e%2e/site.db",
		"/blog/..%2f..%2f..%2fsite.db", "/.build.json", "/.dist/", "/site.db", "/outbox/", "/uploads/..%2f..%2fsite.db",
		"//etc/passwd", `/..\..\site.db`, "/%2e%2e%5c%2e%2e%5csite.db", "/assets/../../site.db", "/blog/" + slug + "/../../../site.db"} {
		r := c.anon().must(t, "GET", p, nil, "")
		for _, secret := range [][]byte{{0xed, 0xda, 0x0c, 0xed}, []byte("jwt_secret"), []byte(`"generation"`), []byte("root:x:0:0")} {
			if bytes.Contains(r.body, secret) {
				t.Errorf("GET %s leaked %q (%d)", p, secret, r.status)
			}
		}
		if r.status == 200 && !bytes.HasPrefix(r.body, []byte("<!doctype html>")) {
			t.Errorf("GET %s: %d with a non-page body", p, r.status)
		}
	}
}

// cspDirective is the value of one directive of a Content-Security-Policy.
func cspDirective(csp, name string) string {
	for _, d := range strings.Split(csp, ";") {
		if k, v, _ := strings.Cut(strings.TrimSpace(d), " "); k == name {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// The checker itself: each of these, slipped into a page, is reported. Without this a checker
// that saw nothing would pass every page.
func TestUnsafeNodesSeesInjection(t *testing.T) {
	for _, snippet := range []string{
		`<script>alert(1)</script>`, `<script src="https://evil.example/x.js"></script>`, `<script type="module">import "x"</script>`,
		`<script type="application/ld+json">{"a":1}</script><script type="application/ld+json">{"a":</script>`,
		`<img src=x onerror=alert(1)>`, `<a href="javascript:alert(1)">x</a>`, `<a href=" JAVA` + "\t" + `SCRIPT:alert(1)">x</a>`,
		`<iframe src="https://evil.example"></iframe>`, `<base href="https://evil.example/">`, `<meta http-equiv="refresh" content="0">`,
		`<meta http-equiv="Content-Security-Policy" content="script-src *">`,
		`<svg><a xlink:href="javascript:alert(1)">x</a></svg>`, `<xss-probe>x</xss-probe>`, `<p style="background:url(x)">x</p>`,
		`<form action="https://evil.example/"></form>`, `<object data="x"></object>`, `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
	} {
		doc, err := html.Parse(strings.NewReader("<!doctype html><html><head></head><body>" + snippet + "</body></html>"))
		if err != nil {
			t.Fatal(err)
		}
		if len(unsafeNodes(doc)) == 0 {
			t.Errorf("not seen: %s", snippet)
		}
	}
	doc, _ := html.Parse(strings.NewReader(`<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'">` +
		`<script type="module" src="/assets/client-x.js"></script>` +
		`<script type="application/ld+json">{"@type":"WebSite"}</script></head><body><a href="/contactus/">c</a><a href="tel:+91">t</a>` +
		`<img src="/images/a.svg" alt=""><form action="/popup" method="post"></form></body></html>`))
	if bad := unsafeNodes(doc); len(bad) != 0 {
		t.Errorf("a safe page is reported: %v", bad)
	}
}

// checkPostPage checks that every field of the probe post reads back exactly as typed.
func checkPostPage(t *testing.T, p *page, title, category string) {
	t.Helper()
	if got, want := p.title(), "Meta "+probe+" | "+siteName; got != want {
		t.Errorf("%s: <title> %q, want %q", p.name, got, want)
	}
	for key, want := range map[string]string{"description": "Desc " + probe, "keywords": "kw " + probe,
		"og:title": "Meta " + probe + " | " + siteName, "twitter:description": "Desc " + probe} {
		if got := p.meta(key); got != want {
			t.Errorf("%s: meta %s %q, want %q", p.name, key, got, want)
		}
	}
	ld := p.jsonLD("BlogPosting")
	if ld == nil || ld["headline"] != title || ld["description"] != "Desc "+probe || ld["keywords"] != "kw "+probe || ld["articleSection"] != category {
		t.Errorf("%s: JSON-LD %v", p.name, ld)
	}
	h1 := p.find(func(n *html.Node) bool { return n.DataAtom == atom.H1 })
	if len(h1) != 1 || textOf(h1[0]) != title {
		t.Errorf("%s: h1 %v", p.name, h1)
	}
	if !p.hasText("Safe paragraph survives.") || !p.hasText("ok link") {
		t.Errorf("%s: the safe rich text is missing", p.name)
	}
	for _, gone := range []string{"alert(3)", "alert(8)", "evil.example", "display:none"} {
		if bytes.Contains(p.raw, []byte(gone)) {
			t.Errorf("%s: %q survived the sanitizer", p.name, gone)
		}
	}
}
