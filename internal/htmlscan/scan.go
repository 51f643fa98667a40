// Package htmlscan reads the usual rich-text fragment (tags, attributes, text and character
// references: what the editor's sanitizer lets through) in one pass, as golang.org/x/net/html's
// tokenizer would, without its allocations. It declines anything else (comments, doctypes, a
// stray "<", raw-text elements such as script), for which callers use the tokenizer.
package htmlscan

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Scan calls text with each run of text between tags (character references decoded, as the
// tokenizer's Text gives it) and tag with each tag's lower-case name, whether it is an end tag
// and whether it closes itself ("<br/>"), in order, until either returns false (stop: Scan
// returns true). It returns false as soon as it meets what it does not read, after the calls
// for what came before it.
func Scan(s string, tag func(name string, end, selfClosing bool) bool, text func(t string) bool) bool {
	for i := 0; i < len(s); {
		lt := strings.IndexByte(s[i:], '<')
		if lt < 0 {
			text(Unescape(s[i:]))
			return true
		}
		if lt > 0 && !text(Unescape(s[i:i+lt])) {
			return true
		}
		i += lt
		name, end, close := tagAt(s, i)
		if close < 0 {
			return false
		}
		if !tag(name, end, s[close-1] == '/') {
			return true
		}
		i = close + 1
	}
	return true
}

// Tags calls tag with each tag of s as Scan reads it: where it starts and ends (s[start:end] is
// the tag from its '<' to its '>'), its lower-case name, whether it is an end tag and whether it
// closes itself, in order, until tag returns false (Tags returns true). Like Scan, it returns
// false as soon as it meets what it does not read; the text between tags is left to the caller.
func Tags(s string, tag func(start, end int, name string, isEnd, selfClosing bool) bool) bool {
	for i := 0; i < len(s); {
		lt := strings.IndexByte(s[i:], '<')
		if lt < 0 {
			return true
		}
		i += lt
		name, end, close := tagAt(s, i)
		if close < 0 {
			return false
		}
		if !tag(i, close+1, name, end, s[close-1] == '/') {
			return true
		}
		i = close + 1
	}
	return true
}

// tagAt reads the tag whose '<' is s[i]: its lower-case name, whether it is an end tag, and the
// index of its '>', or -1 for what Scan declines ("<!--", "<?", "</>", a "<" in the text, an
// unfinished tag, the start of a raw-text element such as script).
func tagAt(s string, i int) (name string, end bool, close int) {
	j := i + 1
	if j < len(s) && s[j] == '/' {
		end = true
		j++
	}
	if j >= len(s) || !isASCIILetter(s[j]) {
		return "", false, -1
	}
	k := j
	for k < len(s) && !tagNameEnd(s[k]) {
		k++
	}
	if close = tagClose(s, k); close < 0 {
		return "", false, -1
	}
	name = lowerTag(s[j:k])
	if !end && rawTextTag(name) {
		return "", false, -1 // their text is not markup
	}
	return name, end, close
}

// Unescape decodes the character references of text.
func Unescape(t string) string {
	if strings.IndexByte(t, '&') < 0 {
		return t
	}
	return html.UnescapeString(t)
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
			switch s[i] {
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
	switch name {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp":
		return true
	}
	return false
}

// lowerTag lower-cases the ASCII letters of a tag name as the tokenizer does (no others), without
// allocating when there are none.
func lowerTag(name string) string {
	for i := 0; i < len(name); i++ {
		if c := name[i]; 'A' <= c && c <= 'Z' {
			b := []byte(name)
			for k, c := range b {
				if 'A' <= c && c <= 'Z' {
					b[k] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return name
}

// Folded collects text with its whitespace folded as strings.Fields and a join with single
// spaces would: no leading or trailing space, one space between words.
type Folded struct {
	Buf     []byte
	pending bool // whitespace seen since the last word character
}

// Space adds whitespace.
func (f *Folded) Space() {
	if len(f.Buf) > 0 {
		f.pending = true
	}
}

// Reset empties f.
func (f *Folded) Reset() { f.Buf, f.pending = f.Buf[:0], false }

// Write adds text.
func (f *Folded) Write(s string) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if asciiSpace[c] {
				f.Space()
			} else {
				if f.pending {
					f.Buf = append(f.Buf, ' ')
					f.pending = false
				}
				f.Buf = append(f.Buf, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			f.Space()
		} else {
			if f.pending {
				f.Buf = append(f.Buf, ' ')
				f.pending = false
			}
			f.Buf = append(f.Buf, s[i:i+size]...)
		}
		i += size
	}
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
