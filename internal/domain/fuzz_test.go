package domain

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FuzzSlugify checks what every slug derived from a title must be: only a-z, 0-9 and hyphens,
// stable when derived again, and either empty (the caller then asks for another title) or a
// slug the store accepts, so no title can produce a slug that is refused or escapes a folder.
func FuzzSlugify(f *testing.F) {
	for _, s := range []string{
		"Hello World", "  Trim Me  ", "SEO: 10 Tips & Tricks!", "Multiple   spaces\tand\ttabs",
		"SEO - The Basics", "-Intro-", "a -- b", "Café Délhi", "../../etc/passwd", "..\\..\\x", "<script>alert(1)</script>",
		"", "!!!", "\u212a\u0130Ǆ", "title\u00a0with\u2028odd\u0085spaces", strings.Repeat("long title ", 30),
		strings.Repeat("a", 121), strings.Repeat("ab-", 60), "\x00\xff\xfe", "%2e%2e%2f",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, title string) {
		s := Slugify(title)
		for i := 0; i < len(s); i++ {
			if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				t.Fatalf("Slugify(%q) = %q holds %q", title, s, c)
			}
		}
		if again := Slugify(s); again != s {
			t.Fatalf("Slugify not stable: %q → %q → %q", title, s, again)
		}
		if s != "" && !ValidSlug(s) {
			t.Fatalf("Slugify(%q) = %q, which ValidSlug refuses: a title the admin cannot save", title, s)
		}
		hasAlnum := strings.IndexFunc(strings.ToLower(title), func(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' }) >= 0
		if hasAlnum && s == "" {
			t.Fatalf("Slugify(%q) is empty although the title holds letters or digits", title)
		}
	})
}

// pageAttrs is what the sanitizer may leave on each element: the Quill toolbar of SPEC §1.
var pageAttrs = map[atom.Atom]map[string]bool{
	atom.A:   {"href": true, "target": true, "rel": true},
	atom.Img: {"src": true, "alt": true, "width": true, "height": true},
	atom.Li:  {"data-list": true},
	atom.Pre: {"spellcheck": true, "data-language": true},
	atom.Td:  {"colspan": true, "rowspan": true},
	atom.Th:  {"colspan": true, "rowspan": true},
}

var pageElements = map[atom.Atom]bool{
	atom.P: true, atom.Br: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true,
	atom.H6: true, atom.Strong: true, atom.B: true, atom.Em: true, atom.I: true, atom.U: true, atom.S: true,
	atom.Ol: true, atom.Ul: true, atom.Li: true, atom.Blockquote: true, atom.Pre: true, atom.Code: true,
	atom.Span: true, atom.A: true, atom.Img: true,
	atom.Table: true, atom.Thead: true, atom.Tbody: true, atom.Tr: true, atom.Th: true, atom.Td: true,
}

// browserURL is a URL attribute as a browser reads it: leading and trailing C0 controls and
// spaces dropped, tabs and newlines removed anywhere.
func browserURL(v string) string {
	v = strings.TrimFunc(v, func(r rune) bool { return r <= ' ' })
	return strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(v)
}

func urlScheme(v string) string {
	if i := strings.IndexAny(v, ":/?#"); i > 0 && v[i] == ':' {
		return strings.ToLower(v[:i])
	}
	return ""
}

// unsafeFragment reports why the sanitized fragment s could run script or escape the editor's
// formatting once a browser parses it inside a <div> (how the pages insert it), or "".
func unsafeFragment(s string) string {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(s), ctx)
	if err != nil {
		return "unparseable: " + err.Error()
	}
	var why string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if why != "" {
			return
		}
		switch n.Type {
		case html.CommentNode:
			why = "a comment survived"
			return
		case html.ElementNode:
			if !pageElements[n.DataAtom] || n.Namespace != "" {
				why = "element <" + n.Data + "> survived"
				return
			}
			for _, a := range n.Attr {
				k := strings.ToLower(a.Key)
				switch {
				case a.Namespace != "":
					why = "namespaced attribute " + a.Key
				case strings.HasPrefix(k, "on"):
					why = "event handler " + a.Key
				case k == "class" || k == "style" || pageAttrs[n.DataAtom][k]:
				default:
					why = "attribute " + a.Key + " on <" + n.Data + ">"
				}
				if why != "" {
					return
				}
				v := browserURL(a.Val)
				switch {
				case k == "href":
					if sc := urlScheme(v); sc != "" && sc != "http" && sc != "https" && sc != "mailto" && sc != "tel" {
						why = "link scheme " + sc
					} else if _, err := url.Parse(v); err != nil {
						why = "unparseable link " + v
					}
				case k == "src":
					if !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "https://") &&
						!strings.HasPrefix(v, "/uploads/") && !strings.HasPrefix(v, "/images/") {
						why = "image source " + v
					}
				case k == "style":
					for _, decl := range strings.Split(a.Val, ";") {
						if strings.TrimSpace(decl) == "" {
							continue
						}
						prop, val, _ := strings.Cut(decl, ":")
						prop = strings.ToLower(strings.TrimSpace(prop))
						if prop != "color" && prop != "background-color" || unsafeCSSValue(val) {
							why = "style " + decl
						}
					}
				}
				if why != "" {
					return
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return why
}

// FuzzSanitizeHTMLInPage checks that nothing unsafe survives SanitizeHTML whatever the input: parsed
// as a browser parses it where the pages insert it, the result holds only the editor's elements
// and attributes, no event handler, no script-capable URL and no style beyond colours; and
// sanitizing it again finds nothing more to remove.
func FuzzSanitizeHTMLInPage(f *testing.F) {
	for _, s := range []string{
		`<p>ok</p><script>alert(1)</script>`,
		`<img src=x onerror=alert(1)>`, `<img src="/uploads/a.png" onload="x()">`,
		`<a href="javascript:alert(1)">x</a>`, `<a href="JaVaScRiPt&colon;alert(1)">x</a>`,
		"<a href=\"java\tscript:alert(1)\">x</a>", `<a href="&#106;avascript:alert(1)">x</a>`,
		`<a href=" javascript:alert(1)">x</a>`, `<a href="data:text/html,<script>alert(1)</script>">x</a>`,
		`<a href="vbscript:msgbox(1)">x</a>`, `<a href="/contactus" target="_blank">c</a>`,
		`<svg><script>alert(1)</script></svg>`, `<svg onload=alert(1)>`, `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
		`<iframe src="https://evil.example"></iframe>`, `<object data="x.swf"></object>`, `<embed src="x">`,
		`<form action="https://evil.example"><input name=p></form>`, `<base href="https://evil.example/">`,
		`<meta http-equiv="refresh" content="0;url=https://evil.example">`, `<style>body{display:none}</style>`,
		`<p style="color:red;background-image:url(javascript:alert(1))">x</p>`, `<p style="position:fixed;top:0">x</p>`,
		`<span style="color: expression(alert(1))">x</span>`, `<p class="ql-align-center ql-indent-2">x</p>`,
		`<li data-list="bullet">x</li>`, `<pre data-language="go" spellcheck="false">x</pre>`,
		`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`, `<p title="</p><script>alert(1)</script>">x</p>`,
		`<!--<img src=x onerror=alert(1)>-->`, `<![CDATA[<script>alert(1)</script>]]>`, `<textarea><script>alert(1)</script></textarea>`,
		`<select><template><script>alert(1)</script></template></select>`, `<table><td><script>alert(1)</script></td></table>`,
		`<img src="https://ok.example/a.png" width="10" height="10" alt="a">`, `<h2>Heading</h2><blockquote>q</blockquote>`,
		"<a href='https://example.com/?q=\"><script>alert(1)</script>'>x</a>", `<<script>script>alert(1)<</script>/script>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) {
			return // the API decodes JSON, multipart and forms as UTF-8; Go's JSON replaces bad bytes
		}
		out := SanitizeHTML(in)
		if why := unsafeFragment(out); why != "" {
			t.Fatalf("unsafe output: %s\n in: %q\nout: %q", why, in, out)
		}
		if again := SanitizeHTML(out); unsafeFragment(again) != "" {
			t.Fatalf("re-sanitizing made it unsafe:\n in: %q\nout: %q\nagain: %q", in, out, again)
		}
		_ = PlainText(out)
	})
}

// unsafeCSSValue reports whether a style value could make a browser fetch, run or read anything:
// expression(), url(), image-set(), script schemes and friends, in any case and however they are
// escaped or split by comments; backslashes, quotes and angle brackets are refused outright.
func unsafeCSSValue(v string) bool {
	if strings.ContainsAny(v, `\<>"'`) {
		return true
	}
	plain := strings.ToLower(strings.Join(strings.Fields(cssUnescape(v)), ""))
	for _, bad := range []string{"expression", "url(", "image(", "image-set(", "element(", "attr(", "var(",
		"javascript:", "vbscript:", "data:", "@import", "behavior", "binding", "\\"} {
		if strings.Contains(plain, bad) {
			return true
		}
	}
	return false
}

// cssUnescape undoes what CSS lets a value hide behind: comments, and backslash escapes (hex up
// to six digits with an optional space, or a single character).
func cssUnescape(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch {
		case strings.HasPrefix(v[i:], "/*"):
			end := strings.Index(v[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
		case v[i] == '\\' && i+1 < len(v):
			j := i + 1
			for j < len(v) && j-i <= 6 && strings.IndexByte("0123456789abcdefABCDEF", v[j]) >= 0 {
				j++
			}
			if j == i+1 {
				b.WriteByte(v[j])
				i = j
				continue
			}
			n, _ := strconv.ParseUint(v[i+1:j], 16, 32)
			b.WriteRune(rune(n))
			if j < len(v) && v[j] == ' ' {
				j++
			}
			i = j - 1
		default:
			b.WriteByte(v[i])
		}
	}
	return b.String()
}
