package generator

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"digitalreeviver/internal/domain"
)

// excerpt and describe must cut the prefix exactly as they would cut the whole plain text.
func TestPlainPrefixAgreesWithPlainText(t *testing.T) {
	cut := func(t string, n int) string {
		if utf8.RuneCountInString(t) <= n {
			return t
		}
		return strings.TrimSpace(string([]rune(t)[:n])) + "…"
	}
	parts := []string{"word ", "wörd", " ", "\n\t", "<p>", "</p>", "<br>", "<li>", "</li>", "<h2>", "</h2>", "<strong>", "</strong>",
		"<a href=\"/x/\">", "</a>", "<script>hidden text</script>", "<style>p{}</style>", "&amp;", "&nbsp;", "😀", "<div>", "</div>",
		"<em>", "</em>", strings.Repeat("x", 40), "  "}
	r := rand.New(rand.NewPCG(3, 4))
	docs := []string{"", "<p></p>", "<p>short</p>", strings.Repeat("<p>para text here</p>", 50)}
	for n := 0; n < 3000; n++ {
		var sb strings.Builder
		for k := r.IntN(120); k > 0; k-- {
			sb.WriteString(parts[r.IntN(len(parts))])
		}
		docs = append(docs, sb.String())
	}
	for _, d := range docs {
		full := domain.PlainText(d)
		for _, n := range []int{1, 10, domain.PreviewLimit, descLimit} {
			if got, want := cut(plainPrefix(d, n), n), cut(full, n); got != want {
				t.Fatalf("limit %d, %q:\n got %q\nwant %q", n, d, got, want)
			}
		}
	}
}
