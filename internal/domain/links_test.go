package domain

import "testing"

// Only links that leave the site open a new tab, with rel="noopener noreferrer"; links into
// the site (relative, #anchors, or absolute to the site's own host, with or without www.) and
// mailto:/tel: links open where they are, whatever target the stored text had.
func TestLinkTargets(t *testing.T) {
	const site = "www.digitalreeviver.com"
	for _, c := range []struct{ in, want string }{
		{`<p>No links.</p>`, `<p>No links.</p>`},
		{`<a href="/contactus/" target="_blank" rel="noopener">c</a>`, `<a href="/contactus/">c</a>`},
		{`<a href="#faq">f</a>`, `<a href="#faq">f</a>`},
		{`<a href="https://www.digitalreeviver.com/seo-services-in-delhi" rel="noopener noreferrer" target="_blank">ours</a>`,
			`<a href="https://www.digitalreeviver.com/seo-services-in-delhi">ours</a>`},
		{`<a href="https://DigitalReeviver.com/blog/">ours without www</a>`, `<a href="https://DigitalReeviver.com/blog/">ours without www</a>`},
		{`<a href="https://support.google.com/business/answer/3038177">theirs</a>`,
			`<a href="https://support.google.com/business/answer/3038177" target="_blank" rel="noopener noreferrer">theirs</a>`},
		{`<a href="//cdn.example.com/x">scheme-relative</a>`, `<a href="//cdn.example.com/x" target="_blank" rel="noopener noreferrer">scheme-relative</a>`},
		{`<a href="mailto:hello@example.com" target="_blank">m</a> <a href="tel:+911234">t</a>`, `<a href="mailto:hello@example.com">m</a> <a href="tel:+911234">t</a>`},
		{`<p class="ql-align-center">a <strong>b</strong> <a class="x" href="https://e.com/?a=1&amp;b=2">e</a> &amp; c</p>`,
			`<p class="ql-align-center">a <strong>b</strong> <a class="x" href="https://e.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">e</a> &amp; c</p>`},
	} {
		if got := LinkTargets(c.in, site); got != c.want {
			t.Errorf("LinkTargets(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	if External("https://example.com/") != true || External("/x") || External("https://digitalreeviver.com/", site) {
		t.Error("External")
	}
}
