package search

import (
	"strings"

	"digitalreeviver/internal/htmlscan"

	"golang.org/x/net/html"
)

// HTMLText splits an HTML fragment (a post's or a service's rich text, a markdown page) into the
// text of its headings and the rest of its visible text, each with whitespace folded. Headings
// rank above the body; neither holds the other's words.
//
// A build reads every post's text this way, so the usual fragment (tags, attributes, text and
// character references: what the editor's sanitizer lets through) is scanned directly; anything
// else (comments, doctypes, a stray "<", raw-text elements such as script) goes through the
// HTML tokenizer. Both give the same answer (TestHTMLTextFastMatchesTokenizer).
func HTMLText(fragment string) (headings []string, body string) {
	if h, b, ok := htmlTextFast(fragment); ok {
		return h, b
	}
	return htmlTextTokenizer(fragment)
}

// htmlTextTokenizer is HTMLText by golang.org/x/net/html's tokenizer, for any fragment.
func htmlTextTokenizer(fragment string) (headings []string, body string) {
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

// htmlTextFast is HTMLText for fragments of tags, attributes, text and character references;
// ok is false for any other fragment.
func htmlTextFast(s string) (headings []string, body string, ok bool) {
	b := htmlscan.Folded{Buf: make([]byte, 0, len(s)/2)}
	var h htmlscan.Folded
	skip, inHeading := 0, false
	ok = htmlscan.Scan(s, func(name string, end, _ bool) bool {
		switch name {
		case "script", "style", "template":
			if end {
				skip = max(0, skip-1)
			} else {
				skip++
			}
		case "h1", "h2", "h3", "h4", "h5", "h6":
			if end {
				if len(h.Buf) > 0 {
					headings = append(headings, string(h.Buf))
				}
				inHeading = false
			} else {
				inHeading = true
				h.Reset()
			}
		case "br":
			if !end {
				b.Space()
			}
		case "p", "li", "div", "blockquote", "pre", "td", "th", "dt", "dd", "tr":
			b.Space()
		}
		return true
	}, func(t string) bool {
		switch {
		case skip > 0:
		case inHeading:
			h.Write(t)
		default:
			b.Write(t)
		}
		return true
	})
	if !ok {
		return nil, "", false
	}
	return headings, string(b.Buf), true
}
