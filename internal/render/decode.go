package render

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeResponse reads one answer line of the render server. The answers of a build are a few
// tens of megabytes of HTML inside JSON strings, and encoding/json reads each twice (a validity
// scan, then the decoding), so the usual shape, {"id":N,"html":"…","head":"…"} as JSON.stringify
// writes it, is read here in one pass; any other line (the handshake, errors) goes to
// encoding/json, and so does anything the fast path is not sure of. Both give the same result.
func decodeResponse(line []byte, resp *response) error {
	line = bytes.TrimSpace(line)
	if fastResponse(line, resp) {
		return nil
	}
	*resp = response{}
	return json.Unmarshal(line, resp)
}

func fastResponse(b []byte, resp *response) bool {
	const (
		idKey   = `{"id":`
		htmlKey = `,"html":`
		headKey = `,"head":`
	)
	if !bytes.HasPrefix(b, []byte(idKey)) {
		return false
	}
	i := len(idKey)
	j := i
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	if j == i || j-i > 19 || (b[i] == '0' && j-i > 1) {
		return false
	}
	id, err := strconv.ParseUint(string(b[i:j]), 10, 64)
	if err != nil || !bytes.HasPrefix(b[j:], []byte(htmlKey)) {
		return false
	}
	html, k, ok := unquote(b, j+len(htmlKey))
	if !ok || !bytes.HasPrefix(b[k:], []byte(headKey)) {
		return false
	}
	head, k, ok := unquote(b, k+len(headKey))
	if !ok || k != len(b)-1 || b[k] != '}' {
		return false
	}
	*resp = response{ID: id, HTML: html, Head: head}
	return true
}

// unquote reads the JSON string starting at b[i] (a quote) and returns it and the index after
// its closing quote; ok is false where encoding/json might read it differently (invalid UTF-8,
// a lone surrogate, a control character), so the caller falls back to it.
func unquote(b []byte, i int) (s string, next int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return "", 0, false
	}
	i++
	var out []byte // nil until the first escape
	for {
		// The plain run up to the next quote or backslash.
		j := i
		ascii := true
		for j < len(b) && !special[b[j]] {
			j++
		}
		for j < len(b) && b[j] >= 0x80 { // UTF-8: checked below, then on with the run
			ascii = false
			for j < len(b) && (b[j] >= 0x80 || !special[b[j]]) {
				j++
			}
		}
		if j >= len(b) || b[j] < 0x20 {
			return "", 0, false
		}
		run := b[i:j]
		if !ascii && !utf8.Valid(run) {
			return "", 0, false
		}
		if b[j] == '"' {
			if out == nil {
				return string(run), j + 1, true
			}
			return string(append(out, run...)), j + 1, true
		}
		if out == nil {
			out = make([]byte, 0, len(b)-i) // decoding only shrinks
		}
		out = append(out, run...)
		i += len(run) // at a backslash
		if i+1 >= len(b) {
			return "", 0, false
		}
		switch b[i+1] {
		case '"', '\\', '/':
			out = append(out, b[i+1])
			i += 2
		case 'b':
			out, i = append(out, '\b'), i+2
		case 'f':
			out, i = append(out, '\f'), i+2
		case 'n':
			out, i = append(out, '\n'), i+2
		case 'r':
			out, i = append(out, '\r'), i+2
		case 't':
			out, i = append(out, '\t'), i+2
		case 'u':
			r, ok := hex4(b, i+2)
			if !ok {
				return "", 0, false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				// Only a well-formed pair is taken here; a lone half is left to encoding/json.
				if i+6 > len(b) || b[i] != '\\' || b[i+1] != 'u' {
					return "", 0, false
				}
				r2, ok := hex4(b, i+2)
				if !ok {
					return "", 0, false
				}
				dec := utf16.DecodeRune(r, r2)
				if dec == utf8.RuneError {
					return "", 0, false
				}
				r = dec
				i += 6
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", 0, false
		}
	}
}

// special marks the bytes that end a plain run inside a JSON string: the quote, the backslash,
// control characters (invalid there) and the bytes of multi-byte UTF-8 sequences.
var special = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
