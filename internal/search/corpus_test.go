package search

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// corpus makes n blog posts of about 600 words whose vocabulary follows Zipf's law over 30,000
// made-up words plus the site's own, as real writing does; the same n and seed make the same
// posts. A few services and pages come first, as the site has them.
func corpus(n int, seed uint64) []Doc {
	r := rand.New(rand.NewPCG(seed, 7))
	domain := strings.Fields(`marketing digital seo google ads search business customers website traffic leads
		campaign content social media instagram facebook reels brand local noida delhi gurugram clinic school
		restaurant budget conversion tracking analytics keyword ranking landing page design graphic web development
		course training students placement certification email whatsapp youtube video strategy audience growth`)
	syll := []string{"ka", "lo", "mi", "ne", "ru", "ta", "vi", "so", "pe", "da", "gu", "ri", "ba", "te", "mo", "ni", "sha", "pra", "tor", "ven"}
	vocab := make([]string, 0, 30000)
	seen := map[string]bool{}
	for len(vocab) < 30000 {
		var b strings.Builder
		for k := 0; k < 2+r.IntN(3); k++ {
			b.WriteString(syll[r.IntN(len(syll))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			vocab = append(vocab, w)
		}
	}
	zipf := rand.NewZipf(rand.New(rand.NewPCG(seed, 9)), 1.07, 2, uint64(len(vocab)-1))
	word := func() string {
		if r.IntN(8) == 0 {
			return domain[r.IntN(len(domain))]
		}
		return vocab[zipf.Uint64()]
	}
	sentence := func(words int) string {
		ws := make([]string, words)
		for i := range ws {
			ws[i] = word()
		}
		ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
		return strings.Join(ws, " ") + "."
	}
	var docs []Doc
	for i := 0; i < 6; i++ {
		docs = append(docs, Doc{URL: fmt.Sprintf("/service-%d/", i), Kind: "Service", Title: sentence(4), Boost: 1.2,
			Headings: []string{sentence(3), sentence(4)}, Body: sentence(120)})
	}
	for i := 0; i < n; i++ {
		var body strings.Builder
		var heads []string
		for s := 0; s < 5; s++ {
			heads = append(heads, sentence(3+r.IntN(3)))
			for k := 0; k < 6; k++ {
				body.WriteString(sentence(12 + r.IntN(10)))
				body.WriteByte(' ')
			}
		}
		docs = append(docs, Doc{URL: fmt.Sprintf("/blog/post-%d/", i), Kind: "Blog", Title: sentence(5 + r.IntN(5)),
			Date: "1 January 2025", Description: sentence(20), Headings: heads, Keywords: word(), Body: body.String()})
	}
	return docs
}

func inputsOf(docs []Doc) []Input {
	in := make([]Input, len(docs))
	for i, d := range docs {
		d := d
		in[i] = Input{URL: d.URL, Key: fmt.Sprint(len(d.Body), d.Title, d.Body[:min(len(d.Body), 64)]), Doc: func() Doc { return d }}
	}
	return in
}

// site is a built index on disk, as a generation holds it.
type site struct {
	t     *testing.T
	dir   string
	state []byte
	out   *Output
}

func newSite(t *testing.T) *site { return &site{t: t, dir: t.TempDir()} }

// build runs Build and writes its files as the generator does: a file with Data is written, a
// file without is kept from the previous build (and must be there), every other file removed.
func (s *site) build(inputs []Input, opts Options) *Output {
	s.t.Helper()
	out, err := Build(s.state, inputs, opts)
	if err != nil {
		s.t.Fatal(err)
	}
	keep := map[string]bool{}
	for _, f := range out.Files {
		p := filepath.Join(s.dir, filepath.FromSlash(f.Path))
		keep[p] = true
		if f.Data == nil {
			if _, err := os.Stat(p); err != nil {
				s.t.Fatalf("%s is to be reused but the previous build has no such file", f.Path)
			}
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			s.t.Fatal(err)
		}
	}
	filepath.Walk(s.dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && !keep[p] {
			os.Remove(p)
		}
		return nil
	})
	s.state, s.out = out.State, out
	return out
}

func (s *site) searcher() *Searcher {
	s.t.Helper()
	sr, err := NewSearcher(func(path string) ([]byte, error) {
		return os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(strings.TrimPrefix(path, "/"))))
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return sr
}

// urls answers q with the URLs of the best k pages.
func (s *site) urls(q string, k int) []string {
	s.t.Helper()
	sr := s.searcher()
	res, err := sr.Search(q)
	if err != nil {
		s.t.Fatal(err)
	}
	var out []string
	for i, h := range res.Hits {
		if i == k {
			break
		}
		d, err := sr.Doc(h.ID)
		if err != nil {
			s.t.Fatalf("doc %d of %q: %v", h.ID, q, err)
		}
		out = append(out, d.URL)
	}
	return out
}

// ranking answers q with every hit as "matched score url", in rank order with ties (which doc ids
// decide) ordered by URL, so two indexes that number pages differently compare equal.
func (s *site) ranking(q string) []string {
	s.t.Helper()
	sr := s.searcher()
	res, err := sr.Search(q)
	if err != nil {
		s.t.Fatal(err)
	}
	out := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		d, err := sr.Doc(h.ID)
		if err != nil {
			s.t.Fatal(err)
		}
		out[i] = fmt.Sprintf("%d %.6f %s", h.Matched, h.Score, d.URL)
	}
	slices.SortStableFunc(out, func(a, b string) int {
		pa, pb := strings.SplitN(a, " ", 3), strings.SplitN(b, " ", 3)
		if pa[0] != pb[0] {
			return strings.Compare(pb[0], pa[0])
		}
		if pa[1] != pb[1] {
			var fa, fb float64
			fmt.Sscan(pa[1], &fa)
			fmt.Sscan(pb[1], &fb)
			if fa > fb {
				return -1
			}
			return 1
		}
		return strings.Compare(pa[2], pb[2])
	})
	return out
}
