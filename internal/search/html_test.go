package search

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"digitalreeviver/internal/htmlscan/scantest"
)

// The scanner must read every fragment as the tokenizer does: random fragments made of the
// pieces rich text has (and the ones that send it to the tokenizer) give both the same answer.
func TestHTMLTextFastMatchesTokenizer(t *testing.T) {
	pieces := []string{
		"<p>", "</p>", "<P class=\"lead\">", "<h2>", "</h2>", "<H3 id=x>", "</h3>", "<h1>", "</H1>", "<br>", "<br/>", "</br>",
		"<ul>", "<li>", "</li>", "</ul>", "<strong>", "</strong>", "<a href=\"/blog/x/\">", "<a href='a>b'>", "</a>",
		"<img src=\"/uploads/a.png\" alt=\"a > b\"/>", "<div data-x = \"1\" hidden>", "</div>", "<td>", "<th>", "<tr>",
		"<blockquote>", "</blockquote>", "<pre>", "</pre>", "<template>", "</template>", "</script>", "<dt>", "<dd>",
		"<em =x>", "<span a=b c= 'd' e>", "<i/x>", "<b a=>",
		"word", "Words ", " more text ", "\n", "\t", "\r\n", "  ", "&amp;", "&lt;", "&gt;", "&nbsp;", "&nbsp", "&#39;",
		"&#x2019;", "&copy", "&notanentity;", "&", "café", "नमस्ते", "\u00a0", "\u2003", "don’t", "e-commerce", "\xff",
		// Sent to the tokenizer:
		"<!-- c -->", "<script>a<b</script>", "<style>p{}</style>", "a < b", "</>", "<?x?>", "<title>t</title>", "<", "<p", "<a href=\"x",
	}
	fast := 0
	scantest.Fragments(t, "HTMLTEXT_SEED", 20261123, pieces, 30, 20000, func(_ *rand.Rand, frag string) {
		wantH, wantB := htmlTextTokenizer(frag)
		gotH, gotB := HTMLText(frag)
		if _, _, ok := htmlTextFast(frag); ok {
			fast++
		}
		if wantB != gotB || !slices.Equal(wantH, gotH) {
			t.Fatalf("fragment %q:\n tokenizer %q %q\n HTMLText  %q %q", frag, wantH, wantB, gotH, gotB)
		}
	})
	if fast < 1000 {
		t.Fatalf("only %d of 20000 fragments took the fast path", fast)
	}
	for _, d := range corpus(50, 3) {
		frag := "<h2>" + d.Title + "</h2><p>" + d.Body + "</p>"
		wantH, wantB := htmlTextTokenizer(frag)
		gotH, gotB, ok := htmlTextFast(frag)
		if !ok || wantB != gotB || !slices.Equal(wantH, gotH) {
			t.Fatalf("corpus fragment read differently (fast path %v)", ok)
		}
	}
}

func BenchmarkHTMLText(b *testing.B) {
	var frags []string
	for _, d := range corpus(200, 5) {
		frags = append(frags, "<h2>"+d.Title+"</h2><p>"+strings.ReplaceAll(d.Body, ". ", ".</p><p>")+" &amp; more</p><ul><li><strong>x</strong></li></ul>")
	}
	b.Run("tokenizer", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			htmlTextTokenizer(frags[i%len(frags)])
		}
	})
	b.Run("HTMLText", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			HTMLText(frags[i%len(frags)])
		}
	})
}

func BenchmarkAnalyze(b *testing.B) {
	docs := corpus(200, 5)
	cache := newTermCache()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		analyzeWith(docs[i%len(docs)], cache)
	}
}

// clip finds the first n characters without decoding the whole text, and cuts as before.
func TestClipMatchesRuneConversion(t *testing.T) {
	old := func(text string, n int) string {
		if utf8.RuneCountInString(text) <= n {
			return text
		}
		s := string([]rune(text)[:n])
		if i := strings.LastIndexAny(s, " \n\t"); i > len(s)/2 {
			s = s[:i]
		}
		return strings.TrimSpace(s) + "…"
	}
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"word", " ", "\n", "é", "नमस्ते", "😀", "\xff", "\xe2\x80", "ab cd", "\t"}
	for k := 0; k < 5000; k++ {
		var b strings.Builder
		for j := r.IntN(40); j >= 0; j-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text, n := b.String(), r.IntN(30)
		if got, want := clip(text, n), old(text, n); got != want {
			t.Fatalf("clip(%q, %d) = %q, want %q", text, n, got, want)
		}
	}
}

func BenchmarkBuild1000(b *testing.B) {
	inputs := inputsOf(corpus(1000, 11))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Build(nil, inputs, Options{Clean: true}); err != nil {
			b.Fatal(err)
		}
	}
}
