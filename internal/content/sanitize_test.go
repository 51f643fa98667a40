package content

import (
	"strings"
	"testing"
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
		{"script removed", `<p>hi</p><script>alert(1)</script>`, []string{"<p>hi</p>"}, []string{"script", "alert"}},
		{"event handlers removed", `<img src="/uploads/a.png" onerror="alert(1)"><p onclick="x()">p</p>`,
			[]string{`src="/uploads/a.png"`, "<p>p</p>"}, []string{"onerror", "onclick", "alert"}},
		{"javascript links removed", `<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a>`,
			nil, []string{"javascript", "JaVaScRiPt", "href"}},
		{"allowed links", `<a href="https://e.com" target="_blank">a</a><a href="mailto:a@b.c">m</a><a href="tel:+91">t</a><a href="/contactus">c</a>`,
			[]string{`href="https://e.com"`, `target="_blank"`, `href="mailto:a@b.c"`, `href="tel:+91"`, `href="/contactus"`}, nil},
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
