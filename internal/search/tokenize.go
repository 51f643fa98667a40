package search

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
	"golang.org/x/text/unicode/norm"
)

// The rules below are mirrored by site/src/search/tokenize.ts; the contract fixture written by
// TestWriteClientFixture holds both sides to the same terms.

// maxWordLen bounds a word: longer runs are URLs, hashes or garbage, never searched for.
const maxWordLen = 40

// eachWord calls fn with every word of text and its byte offsets. A word is a run of letters,
// marks and digits; an apostrophe between two such runs joins them ("don't"), a hyphen does not
// ("e-commerce" is two words).
func eachWord(text string, fn func(word string, start, end int)) {
	start := -1
	for i := 0; i < len(text); {
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			i += size
			continue
		}
		if start >= 0 && (r == '\'' || r == '’') {
			if next, _ := utf8.DecodeRuneInString(text[i+size:]); i+size < len(text) && isWordRune(next) {
				i += size
				continue
			}
		}
		if start >= 0 {
			fn(text[start:i], start, i)
			start = -1
		}
		i += size
	}
	if start >= 0 {
		fn(text[start:], start, len(text))
	}
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)
}

// fold lower-cases a word and removes Latin accents (é → e), dropping the possessive 's and any
// other apostrophe. It returns "" for a word the index never holds (too long, or outside the
// Basic Multilingual Plane, which the browser orders differently).
func fold(word string) string {
	if len(word) > maxWordLen*4 {
		return ""
	}
	if w, ok := foldASCII(word); ok {
		return w
	}
	var b strings.Builder
	b.Grow(len(word))
	for _, r := range norm.NFKD.String(word) {
		switch {
		case r > 0xFFFF:
			return ""
		case r >= 0x300 && r <= 0x36F: // combining accents
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	w := b.String()
	for _, suffix := range []string{"'s", "’s"} {
		w = strings.TrimSuffix(w, suffix)
	}
	w = strings.ReplaceAll(strings.ReplaceAll(w, "'", ""), "’", "")
	if utf8.RuneCountInString(w) > maxWordLen {
		return ""
	}
	return w
}

// foldASCII is fold for a word of ASCII letters and digits, the common case: no allocation when
// the word is lower case already.
func foldASCII(word string) (string, bool) {
	upper := false
	for i := 0; i < len(word); i++ {
		c := word[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
		case c >= 'A' && c <= 'Z':
			upper = true
		default:
			return "", false
		}
	}
	if len(word) > maxWordLen {
		return "", true
	}
	if !upper {
		return word, true
	}
	b := []byte(word)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b), true
}

// stem reduces an English word to its Porter2 stem ("services" → "servic"). Words with digits
// or letters outside a–z (Hindi in Devanagari, brand names like "ga4") are kept whole.
func stem(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return w
		}
	}
	if len(w) <= 2 {
		return w
	}
	if s, ok := cachedStem(w); ok {
		return s
	}
	s := english.Stem(w, true)
	rememberStem(w, s)
	return s
}

// stems remembers the stems of words seen: a site's vocabulary is small beside its text, and
// stemming is most of the cost of indexing. It stops growing at stemCacheMax words.
var (
	stems     sync.Map
	stemCount atomic.Int64
)

const stemCacheMax = 500_000

func cachedStem(w string) (string, bool) {
	s, ok := stems.Load(w)
	if !ok {
		return "", false
	}
	return s.(string), true
}

func rememberStem(w, s string) {
	if stemCount.Add(1) <= stemCacheMax {
		stems.Store(strings.Clone(w), s)
	}
}

// Term is what the index files a word under: folded and stemmed, or "" for a stop word or a
// one-letter word (digits excepted).
func Term(word string) string {
	w := fold(word)
	if w == "" || stopWords[w] {
		return ""
	}
	if utf8.RuneCountInString(w) == 1 && !unicode.IsDigit(rune(w[0])) {
		return ""
	}
	return stem(w)
}

// termCache remembers the terms of words seen by one worker: a site's vocabulary is small beside
// its text, and folding and stemming are most of the cost of indexing. Each distinct term also
// gets a small number of its own, so a doc's analysis counts terms in a slice, not a second map.
type termCache struct {
	words map[string]termRef // word → its term
	ids   map[string]int32   // term → its number
	// analyzeWith's scratch: the doc-local index of each term number seen in the current doc.
	slot  []int32
	stamp []uint32
	gen   uint32
}

// termRef is a word's term and the term's number (-1 for no term).
type termRef struct {
	term string
	id   int32
}

const termCacheMax = 200_000

func newTermCache() *termCache {
	return &termCache{words: map[string]termRef{}, ids: map[string]int32{}}
}

// fresh forgets everything once the cache holds too many words; called between docs, so the
// term numbers of one doc never change under it.
func (c *termCache) fresh() {
	if len(c.words) >= termCacheMax || len(c.ids) >= termCacheMax {
		clear(c.words)
		clear(c.ids)
		c.slot, c.stamp = c.slot[:0], c.stamp[:0]
	}
}

func (c *termCache) ref(word string) termRef {
	if r, ok := c.words[word]; ok {
		return r
	}
	r := termRef{term: Term(word), id: -1}
	if r.term != "" {
		id, ok := c.ids[r.term]
		if !ok {
			id = int32(len(c.ids))
			c.ids[r.term] = id
		}
		r.id = id
	}
	c.words[strings.Clone(word)] = r
	return r
}

func (c *termCache) term(word string) string { return c.ref(word).term }

// terms appends the terms of text to out, and for a hyphenated compound of two or three words
// ("e-commerce", "follow-up") also the term of the joined word, so "ecommerce" finds it.
func terms(text string, out []string) []string {
	for _, r := range newTermCache().refs(text, nil) {
		out = append(out, r.term)
	}
	return out
}

// refs is terms with each term's number.
func (c *termCache) refs(text string, out []termRef) []termRef {
	var chain []string
	prevEnd := -1
	flush := func() {
		if len(chain) >= 2 && len(chain) <= 3 {
			if r := c.ref(strings.Join(chain, "")); r.id >= 0 {
				out = append(out, r)
			}
		}
		chain = chain[:0]
	}
	eachWord(text, func(word string, start, end int) {
		if r := c.ref(word); r.id >= 0 {
			out = append(out, r)
		}
		if !(prevEnd >= 0 && start == prevEnd+1 && text[prevEnd] == '-') {
			flush()
		}
		chain = append(chain, word)
		prevEnd = end
	})
	flush()
	return out
}

// StopWords lists the words neither indexed nor searched for: English function words and the
// commonest Hinglish ones. The client holds the same list (checked by the contract fixture).
var StopWords = strings.Fields(`a about above after again against all am an and any are as at be because been before
	being below between both but by can could did do does doing down during each few for from further had has have
	having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
	nor not now of off on once only or other our ours ourselves out over own same she should so some such than that
	the their theirs them themselves then there these they this those through to too under until up very was we were
	what when where which while who whom why will with would you your yours yourself yourselves
	aur hai hain ka ke ki ko mein se bhi yeh ye kya tha thi`)

var stopWords = func() map[string]bool {
	m := make(map[string]bool, len(StopWords))
	for _, w := range StopWords {
		m[w] = true
	}
	return m
}()
