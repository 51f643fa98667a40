package search

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Searcher answers queries from the files of an index, exactly as the browser does
// (site/src/search/engine.ts): the same words, the same files fetched, the same ranking. It is
// the reference the client is tested against, and the tests' way to see what a query costs.
type Searcher struct {
	open    func(path string) ([]byte, error)
	m       manifest
	deleted map[uint32]bool
	files   map[string][]entry
	Fetched map[string]int // path → compressed bytes, of every file read so far
}

// maxFileBytes bounds what one index file may inflate to.
const maxFileBytes = 16 << 20

// NewSearcher reads the manifest through open, which takes a site path such as "/search/index.bin".
func NewSearcher(open func(path string) ([]byte, error)) (*Searcher, error) {
	s := &Searcher{open: open, files: map[string][]entry{}, Fetched: map[string]int{}, deleted: map[uint32]bool{}}
	raw, err := s.read("/" + ManifestPath)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &s.m); err != nil {
		return nil, err
	}
	for _, id := range s.m.Deleted {
		s.deleted[id] = true
	}
	return s, nil
}

func (s *Searcher) read(path string) ([]byte, error) {
	data, err := s.open(path)
	if err != nil {
		return nil, err
	}
	s.Fetched[path] = len(data)
	return inflate(data, maxFileBytes)
}

func (s *Searcher) entries(name string) ([]entry, error) {
	path := s.m.Files + name + ".bin"
	if es, ok := s.files[path]; ok {
		return es, nil
	}
	raw, err := s.read(path)
	if err != nil {
		return nil, err
	}
	es, err := decodeEntries(raw)
	if err != nil {
		return nil, err
	}
	s.files[path] = es
	return es, nil
}

// Doc reads the doc of id: from its pack (the header once a pack, then the doc's bytes, as the
// browser's range requests do) or, for the delta, its file.
func (s *Searcher) Doc(id uint32) (Doc, error) {
	var d Doc
	var raw []byte
	var err error
	if id < s.m.BaseEnd {
		k := int(id / PackDocs)
		if k >= len(s.m.Packs) {
			return d, errCorrupt
		}
		path := s.m.Files + s.m.Packs[k] + ".bin"
		pack, err := s.open(path)
		if err != nil {
			return d, err
		}
		off := int(id%PackDocs) * DocSlot
		if off+DocSlot > len(pack) {
			return d, errCorrupt
		}
		slot := pack[off : off+DocSlot]
		n := int(binary.LittleEndian.Uint16(slot))
		if n == 0 || n > DocSlot-2 {
			return d, errCorrupt
		}
		s.Fetched[path+"#"+itoa(id)] = DocSlot
		if raw, err = inflate(slot[2:2+n], maxFileBytes); err != nil {
			return d, err
		}
	} else if raw, err = s.read(s.m.Docs + itoa(id) + ".bin"); err != nil {
		return d, err
	}
	err = json.Unmarshal(raw, &d)
	return d, err
}

func itoa(id uint32) string { return strconv.FormatUint(uint64(id), 10) }

// QueryWord is one word of a query: folded, and whether it may still be being typed.
type QueryWord struct {
	Text    string `json:"text"`
	Partial bool   `json:"partial"`
}

// maxQueryWords bounds the words of a query that are looked up.
const maxQueryWords = 8

// ParseQuery splits a query into the words to look up. The last word is partial (matched as a
// prefix too) unless the query ends with a space or punctuation. Stop words and one-letter
// words are dropped unless partial.
func ParseQuery(q string) []QueryWord {
	type raw struct {
		w   string
		end int
	}
	var words []raw
	eachWord(q, func(word string, start, end int) { words = append(words, raw{w: fold(word), end: end}) })
	var out []QueryWord
	seen := map[string]bool{}
	for i, w := range words {
		partial := i == len(words)-1 && w.end == len(q)
		if w.w == "" {
			continue
		}
		if !partial && (stopWords[w.w] || (utf8.RuneCountInString(w.w) == 1 && !unicode.IsDigit(rune(w.w[0])))) {
			continue
		}
		if seen[w.w] && !partial {
			continue
		}
		seen[w.w] = true
		out = append(out, QueryWord{Text: w.w, Partial: partial})
	}
	if len(out) > maxQueryWords {
		out = append(out[:maxQueryWords-1], out[len(out)-1])
	}
	if len(out) == 1 && utf8.RuneCountInString(out[0].Text) < 2 {
		return nil
	}
	return out
}

// Hit is one ranked page.
type Hit struct {
	ID      uint32  `json:"id"`
	Score   float64 `json:"score"`
	Matched int     `json:"matched"` // query words it matches
}

// Result is a query's answer: every matching page, best first, and the terms each word matched
// (for highlighting).
type Result struct {
	Hits  []Hit      `json:"hits"`
	Words int        `json:"words"`
	Terms [][]string `json:"terms"`
}

const prefixWeight = 0.7

// Search ranks every page that matches any word of q: pages matching more words first, then by
// the sum over words of idf × impact.
func (s *Searcher) Search(q string) (Result, error) {
	words := ParseQuery(q)
	res := Result{Words: len(words), Terms: make([][]string, len(words)), Hits: []Hit{}}
	for i := range res.Terms {
		res.Terms[i] = []string{}
	}
	if len(words) == 0 {
		return res, nil
	}
	n := float64(s.m.N)
	idf := func(df int) float64 {
		d := float64(df)
		return math.Log(1 + (n-d+0.5)/(d+0.5))
	}
	scores := map[uint32]float64{}
	matched := map[uint32]int{}
	for i, w := range words {
		word := map[uint32]float64{}
		apply := func(ps []posting, weight float64) {
			for _, p := range ps {
				if s.deleted[p.doc] {
					continue
				}
				if v := weight * impactOf(p.level); v > word[p.doc] {
					word[p.doc] = v
				}
			}
		}
		// The exact term.
		t := ""
		if !stopWords[w.Text] && (utf8.RuneCountInString(w.Text) > 1 || unicode.IsDigit(rune(w.Text[0]))) {
			t = stem(w.Text)
		}
		if t != "" {
			var lists [][]posting
			df := 0
			for _, seg := range s.m.Segs {
				es, err := s.entries(seg.Files[chunkOf(seg.Keys, t)])
				if err != nil {
					return res, err
				}
				if e := findEntry(es, t); e != nil {
					// Postings of replaced pages do not count: the ranking is then the same as
					// a fresh build's.
					for _, p := range e.postings {
						if !s.deleted[p.doc] {
							df++
						}
					}
					lists = append(lists, e.postings)
				}
			}
			if len(lists) > 0 {
				res.Terms[i] = append(res.Terms[i], t)
				f := idf(df)
				for _, ps := range lists {
					apply(ps, f)
				}
			}
		}
		if w.Partial {
			exp, df, keys, err := s.expand(w.Text)
			if err != nil {
				return res, err
			}
			if len(exp) > 0 {
				f := prefixWeight * idf(df)
				for _, ps := range exp {
					apply(ps, f)
				}
				for _, k := range keys {
					if k != t {
						res.Terms[i] = append(res.Terms[i], k+"*")
					}
				}
			}
		}
		for doc, v := range word {
			scores[doc] += v
			matched[doc]++
		}
	}
	for doc, sc := range scores {
		res.Hits = append(res.Hits, Hit{ID: doc, Score: math.Round(sc*1e6) / 1e6, Matched: matched[doc]})
	}
	sort.Slice(res.Hits, func(i, j int) bool {
		a, b := res.Hits[i], res.Hits[j]
		if a.Matched != b.Matched {
			return a.Matched > b.Matched
		}
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		return a.ID > b.ID
	})
	return res, nil
}

// expand finds the terms that begin with w, backing off a letter at a time (at most three, never
// below three letters) while none do: "marketi" finds the stem "market". It returns their
// postings, the summed largest df of each segment and the prefixes or terms matched.
func (s *Searcher) expand(w string) ([][]posting, int, []string, error) {
	r := []rune(w)
	minLen := len(r)
	if len(r) > 3 {
		minLen = max(3, len(r)-3)
	}
	for l := len(r); l >= minLen; l-- {
		p := string(r[:l])
		var lists [][]posting
		var keys []string
		df := 0
		for _, seg := range s.m.Segs {
			segDF := 0
			if needsSummary(seg.Keys, p) {
				first, _ := utf8.DecodeRuneInString(p)
				name, ok := seg.Sums[string(first)]
				if !ok {
					continue
				}
				es, err := s.entries(name)
				if err != nil {
					return nil, 0, nil, err
				}
				if e := findEntry(es, p); e != nil {
					lists = append(lists, e.postings)
					segDF = e.df
					keys = appendUnique(keys, p)
				}
			} else {
				es, err := s.entries(seg.Files[chunkOf(seg.Keys, p)])
				if err != nil {
					return nil, 0, nil, err
				}
				lo := sort.Search(len(es), func(i int) bool { return es[i].key >= p })
				for i := lo; i < len(es) && strings.HasPrefix(es[i].key, p); i++ {
					lists = append(lists, es[i].postings)
					segDF = max(segDF, es[i].df)
					keys = appendUnique(keys, es[i].key)
				}
			}
			df += segDF
		}
		if len(lists) > 0 {
			return lists, df, keys, nil
		}
	}
	return nil, 0, nil, nil
}

func appendUnique(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

// chunkOf is the index of the chunk whose range holds t: the last whose key is ≤ t.
func chunkOf(keys []string, t string) int {
	return sort.Search(len(keys), func(i int) bool { return keys[i] > t }) - 1
}

// needsSummary reports whether the terms that begin with p lie in more than one chunk: some
// chunk key then begins with p and is longer.
func needsSummary(keys []string, p string) bool {
	i := sort.Search(len(keys), func(i int) bool { return keys[i] > p })
	return i < len(keys) && strings.HasPrefix(keys[i], p)
}

func findEntry(es []entry, key string) *entry {
	i := sort.Search(len(es), func(i int) bool { return es[i].key >= key })
	if i < len(es) && es[i].key == key {
		return &es[i]
	}
	return nil
}
