package search

import (
	stdhtml "html"
	"strings"
	"unicode"
	"unicode/utf8"

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

// folded collects text with its whitespace folded as strings.Fields and a join with single
// spaces would: no leading or trailing space, one space between words.
type folded struct {
	buf     []byte
	pending bool // whitespace seen since the last word character
}

func (f *folded) space() {
	if len(f.buf) > 0 {
		f.pending = true
	}
}

func (f *folded) reset() { f.buf, f.pending = f.buf[:0], false }

func (f *folded) write(s string) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if asciiSpace[c] {
				f.space()
			} else {
				if f.pending {
					f.buf = append(f.buf, ' ')
					f.pending = false
				}
				f.buf = append(f.buf, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			f.space()
		} else {
			if f.pending {
				f.buf = append(f.buf, ' ')
				f.pending = false
			}
			f.buf = append(f.buf, s[i:i+size]...)
		}
		i += size
	}
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// htmlTextFast is HTMLText for fragments of tags, attributes, text and character references;
// ok is false for any other fragment.
func htmlTextFast(s string) (headings []string, body string, ok bool) {
	b := folded{buf: make([]byte, 0, len(s)/2)}
	var h folded
	skip, inHeading := 0, false
	text := func(t string) {
		if skip > 0 {
			return
		}
		if strings.IndexByte(t, '&') >= 0 {
			t = stdhtml.UnescapeString(t)
		}
		if inHeading {
			h.write(t)
		} else {
			b.write(t)
		}
	}
	for i := 0; i < len(s); {
		lt := strings.IndexByte(s[i:], '<')
		if lt < 0 {
			text(s[i:])
			break
		}
		if lt > 0 {
			text(s[i : i+lt])
		}
		i += lt
		end := false
		j := i + 1
		if j < len(s) && s[j] == '/' {
			end = true
			j++
		}
		if j >= len(s) || !isASCIILetter(s[j]) {
			return nil, "", false // "<!--", "<?", "</>", a "<" in the text: the tokenizer knows
		}
		k := j
		for k < len(s) && !tagNameEnd(s[k]) {
			k++
		}
		close := tagClose(s, k)
		if close < 0 {
			return nil, "", false // unfinished tag
		}
		i = close + 1
		name := s[j:k]
		if !end && rawTextTag(name) {
			return nil, "", false // script, style and the like: their text is not markup
		}
		switch lowerTag(name) {
		case "script", "style", "template":
			if end {
				skip = max(0, skip-1)
			} else {
				skip++
			}
		case "h1", "h2", "h3", "h4", "h5", "h6":
			if end {
				if len(h.buf) > 0 {
					headings = append(headings, string(h.buf))
				}
				inHeading = false
			} else {
				inHeading = true
				h.reset()
			}
		case "br":
			if !end {
				b.space()
			}
		case "p", "li", "div", "blockquote", "pre", "td", "th", "dt", "dd", "tr":
			b.space()
		}
	}
	return headings, string(b.buf), true
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func tagNameEnd(c byte) bool {
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		return true
	}
	return false
}

func isTagSpace(c byte) bool {
	switch c {
	case ' ', '\n', '\r', '\t', '\f':
		return true
	}
	return false
}

// tagClose is the index of the '>' that ends the tag whose name ends at i, read as the
// tokenizer reads attributes (a quoted value may hold '>'), or -1 when the fragment ends first.
func tagClose(s string, i int) int {
	skipSpace := func() {
		for i < len(s) && isTagSpace(s[i]) {
			i++
		}
	}
	skipSpace()
	for i < len(s) {
		if s[i] == '>' {
			return i
		}
		// The attribute's key: an '=' as its first character belongs to it.
		start := i
	key:
		for i < len(s) {
			switch c := s[i]; c {
			case '=':
				if i == start {
					i++
					continue
				}
				break key
			case ' ', '\n', '\r', '\t', '\f', '/', '>':
				break key
			}
			i++
		}
		// Its value.
		skipSpace()
		if i >= len(s) {
			return -1
		}
		switch s[i] {
		case '/':
			i++
		case '=':
			i++
			skipSpace()
			if i >= len(s) {
				return -1
			}
			switch q := s[i]; q {
			case '>':
			case '\'', '"':
				e := strings.IndexByte(s[i+1:], q)
				if e < 0 {
					return -1
				}
				i += e + 2
			default:
				for i < len(s) && !isTagSpace(s[i]) && s[i] != '>' {
					i++
				}
			}
		}
		skipSpace()
	}
	return -1
}

// rawTextTag reports whether a start tag of this name makes the tokenizer read what follows as
// text up to its end tag.
func rawTextTag(name string) bool {
	switch lowerTag(name) {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp":
		return true
	}
	return false
}

// lowerTag lower-cases an ASCII tag name, without allocating when it is lower case already.
func lowerTag(name string) string {
	for i := 0; i < len(name); i++ {
		if c := name[i]; 'A' <= c && c <= 'Z' {
			return strings.ToLower(name)
		}
	}
	return name
}
