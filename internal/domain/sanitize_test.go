package domain

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestSanitizeHTML(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []string // fragments that must stay
		notWant []string // fragments that must go
	}{
		{"quill formatting kept",
			`<h2 class="ql-align-center">Title</h2><p><strong>b</strong><em>i</em><u>u</u><s>s</s></p>`,
			[]string{`<h2 class="ql-align-center">`, "<strong>b</strong>", "<em>i</em>", "<u>u</u>", "<s>s</s>"}, nil},
		{"quill 2 lists",
			`<ol><li data-list="bullet" class="ql-indent-2">a</li><li data-list="ordered">b</li></ol>`,
			[]string{`data-list="bullet"`, `class="ql-indent-2"`, `data-list="ordered"`}, nil},
		{"code block and quote",
			`<pre class="ql-syntax" spellcheck="false">x &lt; y</pre><blockquote>q</blockquote>`,
			[]string{`<pre class="ql-syntax" spellcheck="false">`, "<blockquote>q</blockquote>"}, nil},
		{"colours kept, other styles dropped",
			`<span style="color: rgb(230, 0, 0); background-color: #ff0; position: fixed">c</span>`,
			[]string{"color: rgb(230, 0, 0)", "background-color: #ff0"}, []string{"position"}},
		{"named colours kept, other words dropped (found by fuzzing)",
			`<span style="color: Teal">a</span><a style="Color:AeXpression">b</a><span style="color: expression(alert(1))">c</span>`,
			[]string{"color: Teal"}, []string{"xpression", "alert"}},
		{"escaped and commented CSS dropped",
			`<span style="color: \65 xpression(alert(1))">a</span><span style="color: e/**/xpression(1)">b</span><span style="color: #12345">c</span>`,
			nil, []string{"xpression", "style", "#12345"}},
		{"a pasted table kept, without Quill's row ids or styles",
			`<table style="border:1px"><tbody><tr><td data-row="row-a1" colspan="2" onclick="x()">Package</td><td data-row="row-a1" rowspan="x">Fee</td></tr></tbody></table>`,
			[]string{`<table><tbody><tr><td colspan="2">Package</td><td>Fee</td></tr></tbody></table>`}, []string{"data-row", "onclick", "border", "rowspan"}},
		{"script removed", `<p>hi</p><script>alert(1)</script>`, []string{"<p>hi</p>"}, []string{"script", "alert"}},
		{"event handlers removed", `<img src="/uploads/a.png" onerror="alert(1)"><p onclick="x()">p</p>`,
			[]string{`src="/uploads/a.png"`, "<p>p</p>"}, []string{"onerror", "onclick", "alert"}},
		{"javascript links removed", `<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a>`,
			nil, []string{"javascript", "JaVaScRiPt", "href"}},
		{"allowed links", `<a href="https://e.com" target="_blank">a</a><a href="mailto:a@b.c">m</a><a href="tel:+91">t</a><a href="/contactus">c</a>`,
			[]string{`href="https://e.com"`, `target="_blank"`, `href="mailto:a@b.c"`, `href="tel:+91"`, `href="/contactus"`}, nil},
		// Only a link that may lead off the site opens a new tab, and then without a handle on ours.
		{"a new tab only for absolute links", `<a href="/contactus" target="_blank" rel="opener">c</a><a href="#faq" target="x">f</a><a href="https://e.com" rel="opener">e</a>`,
			[]string{`<a href="/contactus">c</a>`, `<a href="#faq">f</a>`, `<a href="https://e.com" rel="noreferrer noopener" target="_blank">e</a>`}, []string{`rel="opener"`}},
		{"ftp and data links dropped", `<a href="ftp://x/y">f</a><a href="data:text/html,<script>">d</a>`, nil, []string{"ftp:", "data:"}},
		{"data and svg images dropped", `<img src="data:image/svg+xml;base64,PHN2Zz4="><img src="/other/x.svg">`, nil, []string{"data:", "/other"}},
		{"foreign classes dropped", `<p class="evil ql-align-right">x</p>`, []string{"<p>x</p>"}, []string{"evil"}},
		{"iframes, forms, styles gone", `<iframe src="https://e.com"></iframe><form><input></form><style>p{}</style><svg onload=x>`,
			nil, []string{"iframe", "form", "input", "style", "svg", "onload"}},
		{"attribute breakout", `<img src="/uploads/a.png" alt="&quot;><script>x</script>">`, nil, []string{"<script>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SanitizeHTML(tt.in)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("SanitizeHTML(%q) = %q, missing %q", tt.in, got, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(got, w) {
					t.Errorf("SanitizeHTML(%q) = %q, should not contain %q", tt.in, got, w)
				}
			}
		})
	}
}

// allowedAttrs is the allow-list of SanitizeHTML, element by element ("*" for all).
var allowedAttrs = map[string]map[string]bool{
	"*":   {"class": true, "style": true},
	"a":   {"href": true, "target": true, "rel": true},
	"img": {"src": true, "alt": true, "width": true, "height": true},
	"li":  {"data-list": true},
	"pre": {"spellcheck": true, "data-language": true},
	"td":  {"colspan": true, "rowspan": true},
	"th":  {"colspan": true, "rowspan": true},
}

var allowedTags = map[string]bool{"p": true, "br": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"strong": true, "b": true, "em": true, "i": true, "u": true, "s": true, "ol": true, "ul": true, "li": true, "blockquote": true,
	"pre": true, "code": true, "span": true, "a": true, "img": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true}

// FuzzSanitizeHTML checks, for any input, that what comes out holds only allowed elements and
// attributes and no link or image a browser could execute.
func FuzzSanitizeHTML(f *testing.F) {
	for _, s := range []string{`<p onclick=x>a</p>`, `<a href="javascript:alert(1)">x</a>`, `<img src=x onerror=alert(1)>`,
		`<svg><script>alert(1)</script></svg>`, `<a href="&#106;avascript:alert(1)">x</a>`, `<p style="color:red;background:url(x)">`,
		`<math><mi xlink:href="data:x">`, `<!--<img src=x onerror=alert(1)>-->`, `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
		`<ol><li data-list="bullet" class="ql-indent-1">x</li></ol>`, `<pre class="ql-syntax">a<b</pre>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := SanitizeHTML(in)
		z := html.NewTokenizer(strings.NewReader(out))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt == html.CommentToken || tt == html.DoctypeToken {
				t.Fatalf("comment or doctype kept: %q → %q", in, out)
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			tok := z.Token()
			if !allowedTags[tok.Data] {
				t.Fatalf("element <%s> kept: %q → %q", tok.Data, in, out)
			}
			for _, a := range tok.Attr {
				if !allowedAttrs["*"][a.Key] && !allowedAttrs[tok.Data][a.Key] {
					t.Fatalf("attribute %s on <%s> kept: %q → %q", a.Key, tok.Data, in, out)
				}
				v := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
				if a.Key == "href" || a.Key == "src" {
					// Browsers drop whitespace and control characters before reading the scheme.
					clean := strings.Map(func(r rune) rune {
						if r <= ' ' {
							return -1
						}
						return r
					}, v)
					if u, err := url.Parse(clean); err != nil {
						t.Fatalf("%s=%q unparseable but kept", a.Key, a.Val)
					} else if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "mailto" && u.Scheme != "tel" {
						t.Fatalf("%s=%q kept: %q → %q", a.Key, a.Val, in, out)
					}
				}
				if a.Key == "style" && unsafeCSSValue(a.Val) {
					t.Fatalf("style %q kept", a.Val)
				}
			}
		}
	})
}
