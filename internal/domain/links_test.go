package domain

import (
	"math/rand/v2"
	"strings"
	"testing"

	"digitalreeviver/internal/htmlscan/scantest"
)

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

// LinkTargets reads the usual fragment with the direct scanner, handing only its <a> tags to the
// tokenizer, and anything else with the tokenizer alone: both give the same text.
func TestLinkTargetsFastMatchesTokenizer(t *testing.T) {
	if raceEnabled {
		t.Skip("20,000 fragments compared take minutes under -race; make test runs it without")
	}
	const site = "www.digitalreeviver.com"
	pieces := []string{
		`<a href="/contactus/">`, `<a href="https://example.com/x" target="_blank">`, `<A HREF="https://www.digitalreeviver.com/">`,
		`<a class="x" href='https://e.com/?a=1&amp;b=2' rel=nofollow>`, `<a href=//cdn.example.com/x>`, `<a href="a>b">`,
		`<a href=x/>`, `<a/>`, `<a>`, `</a>`, `<a href="https://e.com/x" class="y">`, `<a href="/x" data-id="1" href="https://e.com/">`,
		`<a href="https://e.com/a&amp;b">`, `<a href="/x"  class="y">`, `<a href="/x" Class="y">`, `<a href="/x" download>`, `<a href="x'y">`,
		`<a href="https://www.digitalreeviver.com/x" title="t">`, `<abbr title="a">`, `</abbr>`, `<a
href="https://e.com">`, `<a href="mailto:x@example.com" target=_self>`, `<a href="https://e.com" target="_blank" rel="noopener noreferrer">`,
		"<p>", "</p>", "<P class=\"lead\">", "<br/>", "<h2>", "</h2>", "<img src=x alt=\"a > b\"/>", "<strong>", "</strong>",
		"word", " more text ", "\n", "&amp;", "&lt;", "&nbsp", "café", "\xff", "<a", "a<b", "<!-- <a href=x> -->",
		"<script>a<b</script>", "<style>a{}</style>", "</>", "<",
	}
	fast := 0
	scantest.Fragments(t, "LINKTARGETS_SEED", 20261127, pieces, 30, 20000, func(_ *rand.Rand, frag string) {
		want := frag // without "<a" (an upper-case <A> alone included) the text is kept as it is
		if strings.Contains(frag, "<a") {
			want = linkTargetsTokenizer(frag, []string{site})
		}
		if got := LinkTargets(frag, site); got != want {
			t.Fatalf("LinkTargets(%q)\n got %q\nwant %q", frag, got, want)
		}
		if _, ok := linkTargetsFast(frag, []string{site}); ok {
			fast++
		}
	})
	if fast < 1000 {
		t.Fatalf("only %d of 20000 fragments took the fast path", fast)
	}
}
