package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// BlogsWithoutText returns the published blogs in list order with their Content left empty. A
// single build of a large site (sitegen build) lists them so and reads each post's text with
// BlogText at the moments it needs it, so it never holds every post's text at once. The text
// is cut out of the stored bytes before the rest is decoded, so listing costs little more than
// the short fields.
func (db *DB) BlogsWithoutText() ([]domain.Blog, error) {
	k := domain.Blogs
	var out []domain.Blog
	err := db.bolt.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketOf(k, Published))
		if b == nil {
			return nil
		}
		var buf []byte
		return b.ForEach(func(key, v []byte) error {
			var rec domain.Blog
			if start, end, ok := jsonMember(v, "content"); ok {
				buf = append(append(append(buf[:0], v[:start]...), `""`...), v[end:]...)
				if err := json.Unmarshal(buf, &rec); err != nil {
					return fmt.Errorf("decode %s: %w", key, err)
				}
			} else if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("decode %s: %w", key, err)
			}
			rec.Content = ""
			out = append(out, rec)
			db.release(v)
			return nil
		})
	})
	db.releaseAll()
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", k.Plural, err)
	}
	recs := make([]domain.Record, len(out))
	for i := range out {
		recs[i] = &out[i]
	}
	k.Sort(recs)
	sorted := make([]domain.Blog, len(recs))
	for i, r := range recs {
		sorted[i] = *r.(*domain.Blog)
	}
	return sorted, nil
}

// BlogText returns the text (Content) of the published blog at slug, which BlogsWithoutText
// listed with updated as its UpdatedAt: an error if it is gone or has changed since.
func (db *DB) BlogText(slug string, updated time.Time) (string, error) {
	var text string
	err := db.bolt.View(func(tx *bolt.Tx) error {
		var v []byte
		if b := tx.Bucket(bucketOf(domain.Blogs, Published)); b != nil {
			v = b.Get([]byte(slug))
		}
		if v == nil {
			return fmt.Errorf("blog %s: no longer published", slug)
		}
		defer db.release(v)
		var at time.Time
		var spans [2][2]int
		ok := jsonMembers(v, textMembers[:], spans[:])
		if ok {
			text, ok = jsonString(v[spans[0][0]:spans[0][1]])
		}
		if ok {
			ok = json.Unmarshal(v[spans[1][0]:spans[1][1]], &at) == nil
		}
		if !ok { // anything encoding/json would not have written: decode it whole
			var rec domain.Blog
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("decode blog %s: %w", slug, err)
			}
			text, at = rec.Content, rec.UpdatedAt
		}
		if !at.Equal(updated) {
			return fmt.Errorf("blog %s changed while the site was built", slug)
		}
		return nil
	})
	return text, err
}

// textMembers are the members BlogText reads of a stored post.
var textMembers = [2]string{"content", "updatedAt"}

// jsonMember finds the value of the member key of the JSON object data, as encoding/json writes
// one (no white space), and returns its span. ok is false when data holds no such member, holds
// it twice or under another case (which encoding/json would also match), or is anything
// unexpected: the caller then decodes data whole.
func jsonMember(data []byte, key string) (start, end int, ok bool) {
	var spans [1][2]int
	if !jsonMembers(data, []string{key}, spans[:]) {
		return 0, 0, false
	}
	return spans[0][0], spans[0][1], true
}

// jsonMembers is jsonMember for each of keys, in one pass: spans[k] is the span of keys[k].
func jsonMembers(data []byte, keys []string, spans [][2]int) bool {
	if len(data) < 2 || data[0] != '{' {
		return false
	}
	found := 0
	for k := range spans {
		spans[k] = [2]int{-1, -1}
	}
	for i := 1; i < len(data); {
		if data[i] == '}' && i == len(data)-1 && i == 1 {
			break
		}
		if data[i] != '"' {
			return false
		}
		ke := stringEnd(data, i)
		if ke < 0 || ke >= len(data) || data[ke] != ':' {
			return false
		}
		name := data[i+1 : ke-1]
		ve := valueEnd(data, ke+1)
		if ve < 0 || ve >= len(data) {
			return false
		}
		for k, key := range keys {
			if bytes.EqualFold(name, []byte(key)) {
				if spans[k][0] >= 0 || string(name) != key {
					return false
				}
				spans[k] = [2]int{ke + 1, ve}
				found++
			}
		}
		switch data[ve] {
		case ',':
			i = ve + 1
		case '}':
			if ve != len(data)-1 {
				return false
			}
			return found == len(keys)
		default:
			return false
		}
	}
	return found == len(keys)
}

// stringEnd returns the index just past the JSON string that starts at data[i] ('"'), or -1.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); {
		q := bytes.IndexByte(data[j:], '"')
		if q < 0 {
			return -1
		}
		q += j
		n := 0 // backslashes just before the quote: an odd count escapes it
		for k := q - 1; k > i && data[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
	return -1
}

// valueEnd returns the index just past the JSON value that starts at data[i], or -1.
func valueEnd(data []byte, i int) int {
	if i >= len(data) {
		return -1
	}
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); {
			switch data[j] {
			case '"':
				if j = stringEnd(data, j); j < 0 {
					return -1
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
			j++
		}
		return -1
	default: // a number, true, false or null
		j := i
		for j < len(data) && data[j] != ',' && data[j] != '}' && data[j] != ']' {
			j++
		}
		return j
	}
}

// jsonString decodes the JSON string literal s (quotes included) as encoding/json would; ok is
// false for anything it would not have written (a control character, a lone surrogate, bytes
// that are not UTF-8), which the caller then decodes with encoding/json.
func jsonString(s []byte) (string, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	s = s[1 : len(s)-1]
	if !utf8.Valid(s) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '\\' && s[j] >= 0x20 && s[j] != '"' {
			j++
		}
		b.Write(s[i:j])
		if i = j; i == len(s) {
			break
		}
		if s[i] != '\\' || i+1 == len(s) {
			return "", false
		}
		switch c := s[i+1]; c {
		case '"', '\\', '/':
			b.WriteByte(c)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r := hex4(s[i+2:])
			if r < 0 {
				return "", false
			}
			if utf16.IsSurrogate(r) {
				if len(s) < i+12 || s[i+6] != '\\' || s[i+7] != 'u' {
					return "", false
				}
				if r = utf16.DecodeRune(r, hex4(s[i+8:])); r == utf8.RuneError {
					return "", false
				}
				b.WriteRune(r)
				i += 12
				continue
			}
			if r < utf8.RuneSelf {
				b.WriteByte(byte(r))
			} else {
				b.WriteRune(r)
			}
			i += 6
			continue
		default:
			return "", false
		}
		i += 2
	}
	return b.String(), true
}

// hex4 is the value of the four hex digits s starts with, or -1.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}
