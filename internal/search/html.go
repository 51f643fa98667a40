package search

import (
	"strings"

	"golang.org/x/net/html"
)

// HTMLText splits an HTML fragment (a post's or a service's rich text, a markdown page) into the
// text of its headings and the rest of its visible text, each with whitespace folded. Headings
// rank above the body; neither holds the other's words.
func HTMLText(fragment string) (headings []string, body string) {
	var b, h strings.Builder
	z := html.NewTokenizer(strings.NewReader(fragment))
	skip, inHeading := 0, false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return headings, strings.Join(strings.Fields(b.String()), " ")
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch t := string(name); t {
			case "script", "style", "template":
				skip++
			case "h1", "h2", "h3", "h4", "h5", "h6":
				inHeading = true
				h.Reset()
			case "p", "br", "li", "div", "blockquote", "pre", "td", "th", "dt", "dd", "tr":
				b.WriteByte(' ')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style", "template":
				skip = max(0, skip-1)
			case "h1", "h2", "h3", "h4", "h5", "h6":
				if t := strings.Join(strings.Fields(h.String()), " "); t != "" {
					headings = append(headings, t)
				}
				inHeading = false
			case "p", "li", "div", "blockquote", "pre", "td", "th", "dt", "dd", "tr":
				b.WriteByte(' ')
			}
		case html.TextToken:
			if skip > 0 {
				continue
			}
			if inHeading {
				h.Write(z.Text())
			} else {
				b.Write(z.Text())
			}
		}
	}
}
