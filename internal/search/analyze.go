package search

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Doc is one searchable page as the index sees it.
type Doc struct {
	URL         string   `json:"u"`
	Kind        string   `json:"k"`           // shown beside the title: "Blog", "Service", "Page"
	Title       string   `json:"t"`           // the page's own title (not the <title> with the site name)
	Date        string   `json:"d,omitempty"` // shown for posts: "12 March 2025"
	Description string   `json:"x,omitempty"` // the fallback excerpt
	Headings    []string `json:"h,omitempty"`
	Keywords    string   `json:"-"` // focus keyword and category: ranked above the body, not shown
	Body        string   `json:"b,omitempty"`
	Boost       float64  `json:"-"` // 0 means 1; services and pages rank a little above posts
}

// maxBodyChars bounds the text a doc file carries for excerpts (the index covers all of it): a
// result list reads a doc file per result, and the first paragraphs hold most matches.
const maxBodyChars = 600

// Ranking: each field's term frequency is normalised by the field's length, saturated, weighted
// and summed, so one mention in the title outweighs many in the body (title > headings > body).
// The sum, times the doc's boost, is the term's impact in the doc, which depends on nothing but
// the doc: adding a page changes no other page's postings.
var fields = [...]struct {
	weight, b, avgLen float64
}{
	{6, 0.3, 8},    // title
	{3, 0.3, 20},   // headings
	{2, 0, 1},      // keywords
	{1, 0.75, 400}, // body and description
}

const k1 = 1.2

// Impact levels: an impact is stored as a level 1..Levels on a logarithmic scale, so postings of
// equal level group together and need no per-posting score. impactOf is the inverse.
const (
	Levels    = 31
	impactMin = 0.05
	impactMax = 16.0
)

var levelAlpha = float64(Levels-1) / math.Log(impactMax/impactMin)

func levelOf(impact float64) uint8 {
	if impact <= 0 {
		return 0
	}
	l := 1 + math.Round(levelAlpha*math.Log(impact/impactMin))
	return uint8(max(1, min(Levels, l)))
}

func impactOf(level uint8) float64 {
	return impactMin * math.Exp(float64(level-1)/levelAlpha)
}

// analyzed is a doc reduced to what the index needs: each term's impact level.
type analyzed struct {
	terms  []string
	levels []uint8
}

func analyze(d Doc) analyzed { return analyzeWith(d, newTermCache()) }

func analyzeWith(d Doc, cache *termCache) analyzed {
	texts := [len(fields)][]string{
		{d.Title},
		d.Headings,
		{d.Keywords},
		{d.Description, d.Body},
	}
	type tf [len(fields)]float64
	// Each distinct term's counts, in the order first seen; cache.slot[id] is the index of term
	// number id here when cache.stamp[id] is this doc's.
	cache.fresh()
	cache.gen++
	if cache.gen == 0 { // wrapped: no stamp may look current
		clear(cache.stamp)
		cache.gen = 1
	}
	terms, counts := make([]string, 0, 256), make([]tf, 0, 256)
	var lens [len(fields)]float64
	buf := make([]termRef, 0, 512)
	for f, parts := range texts {
		for _, text := range parts {
			buf = cache.refs(text, buf[:0])
			lens[f] += float64(len(buf))
			for _, r := range buf {
				if int(r.id) >= len(cache.slot) {
					n := max(2*len(cache.slot), int(r.id)+1, 1024)
					cache.slot = append(cache.slot, make([]int32, n-len(cache.slot))...)
					cache.stamp = append(cache.stamp, make([]uint32, n-len(cache.stamp))...)
				}
				if cache.stamp[r.id] != cache.gen {
					cache.stamp[r.id] = cache.gen
					cache.slot[r.id] = int32(len(terms))
					terms = append(terms, r.term)
					counts = append(counts, tf{})
				}
				counts[cache.slot[r.id]][f]++
			}
		}
	}
	boost := d.Boost
	if boost == 0 {
		boost = 1
	}
	var norm [len(fields)]float64
	for f, p := range fields {
		norm[f] = 1 - p.b + p.b*lens[f]/p.avgLen
	}
	a := analyzed{terms: terms, levels: make([]uint8, 0, len(terms))}
	for k := range terms {
		c := &counts[k]
		impact := 0.0
		for f, p := range fields {
			if c[f] > 0 {
				x := c[f] / norm[f]
				impact += p.weight * x / (k1 + x)
			}
		}
		a.levels = append(a.levels, levelOf(impact*boost))
	}
	return a
}

// clip shortens text to at most n characters, at a word boundary.
func clip(text string, n int) string {
	// The first n characters, found without decoding the rest of a long text.
	end, count := 0, 0
	for end < len(text) && count < n {
		if text[end] < utf8.RuneSelf {
			end++
		} else {
			_, size := utf8.DecodeRuneInString(text[end:])
			end += size
		}
		count++
	}
	if end >= len(text) {
		return text
	}
	s := text[:end]
	if !utf8.ValidString(s) {
		s = string([]rune(text)[:n]) // as a conversion spells bad bytes (U+FFFD)
	}
	if i := strings.LastIndexAny(s, " \n\t"); i > len(s)/2 {
		s = s[:i]
	}
	return strings.TrimSpace(s) + "…"
}
