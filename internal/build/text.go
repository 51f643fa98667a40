package build

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// plainPrefix returns content.PlainText(fragment) when that has at most limit runes, and
// otherwise its first limit+1 runes at least: enough for excerpt and describe to cut it the same
// way, without tokenizing the rest of a long post (a build takes an excerpt of every post).
// Folding the whitespace of a prefix gives a prefix of the folded whole, so the result agrees.
func plainPrefix(fragment string, limit int) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(fragment))
	skip := 0
	next := 4 * (limit + 1) // bytes of raw text after which to look whether there is enough
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.StartTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style":
				skip++
			case "p", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "div", "blockquote", "pre":
				b.WriteByte(' ')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style":
				if skip > 0 {
					skip--
				}
			case "p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "div", "blockquote", "pre":
				b.WriteByte(' ')
			}
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		}
		if b.Len() >= next {
			t := strings.Join(strings.Fields(b.String()), " ")
			if utf8.RuneCountInString(t) > limit+1 {
				return t
			}
			next = b.Len() + 2*(limit+1)
		}
	}
}
