package search

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func doc(url, title string, heads []string, body string) Doc {
	return Doc{URL: url, Kind: "Blog", Title: title, Headings: heads, Body: body}
}

func TestRankingTitleThenHeadingsThenBody(t *testing.T) {
	filler := strings.Repeat("Plans budgets reports and calls for growing firms. ", 20)
	docs := []Doc{
		doc("/body/", "Weekly reports that owners read", []string{"What to send"}, filler+"Instagram reels instagram reels work. "+filler),
		doc("/title/", "Instagram Reels for Clinics", []string{"Start here"}, filler),
		doc("/heading/", "A content plan for clinics", []string{"Planning Instagram reels"}, filler),
		doc("/none/", "Google Ads for schools", nil, filler),
	}
	s := newSite(t)
	s.build(inputsOf(docs), Options{})
	if got, want := s.urls("instagram reels", 10), []string{"/title/", "/heading/", "/body/"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("instagram reels: %v, want %v", got, want)
	}
	// A page matching every word comes before one matching fewer, however strong.
	docs = append(docs, doc("/both/", "Budget for clinics", nil, "Instagram and Google both cost money. "+filler))
	s.build(inputsOf(docs), Options{})
	if got := s.urls("google instagram", 10); got[0] != "/both/" {
		t.Fatalf("google instagram: %v, want /both/ first", got)
	}
}

func TestStemsPrefixesAndBackOff(t *testing.T) {
	docs := []Doc{
		doc("/seo/", "SEO Services in Delhi", nil, "We audit, fix and grow websites."),
		doc("/ads/", "Google Ads management", nil, "Marketing campaigns that convert."),
		doc("/hindi/", "डिजिटल मार्केटिंग कोर्स", nil, "Course in Noida, Hinglish mein bhi."),
	}
	s := newSite(t)
	s.build(inputsOf(docs), Options{})
	for q, want := range map[string]string{
		"service":    "/seo/",   // stem: services → servic
		"services ":  "/seo/",   // a whole word
		"goo":        "/ads/",   // prefix of google
		"marketi":    "/ads/",   // backs off to the stem market
		"campaigns":  "/ads/",   // plural
		"delhi seo":  "/seo/",   // two words
		"मार्केटिंग": "/hindi/", // Devanagari kept whole
		"hinglish":   "/hindi/",
	} {
		if got := s.urls(q, 1); len(got) == 0 || got[0] != want {
			t.Errorf("%q: %v, want %s", q, got, want)
		}
	}
	if got := s.urls("zzz", 1); len(got) != 0 {
		t.Errorf("zzz found %v", got)
	}
}

// files maps the index's paths to whether the last build wrote them.
func written(out *Output) map[string]bool {
	m := map[string]bool{}
	for _, f := range out.Files {
		m[f.Path] = f.Data != nil
	}
	return m
}

func TestPublishRewritesOnlyTheDelta(t *testing.T) {
	docs := corpus(300, 1)
	s := newSite(t)
	first := s.build(inputsOf(docs), Options{ChunkBytes: 4 << 10})
	if !first.Merged || first.Written != len(first.Files) {
		t.Fatalf("first build: merged %v, wrote %d of %d", first.Merged, first.Written, len(first.Files))
	}
	base := map[string]bool{}
	for p := range written(first) {
		if strings.HasPrefix(p, filesDir) && !strings.HasPrefix(p, filesDir+"d/") {
			base[p] = true
		}
	}
	if len(base) < 10 {
		t.Fatalf("only %d base files: the test needs a base of many chunks", len(base))
	}

	// Nothing changed: nothing written.
	if again := s.build(inputsOf(docs), Options{ChunkBytes: 4 << 10}); again.Written != 0 {
		t.Fatalf("unchanged build wrote %v", again.Rewrites)
	}

	// A new post: its doc file, the delta's chunks and summaries, the manifest. No base file.
	post := doc("/blog/new-post/", "Zorblax campaigns for dentists", []string{"Why zorblax"}, "Zorblax is a word no other page has. "+docs[9].Body)
	docs = append(docs, post)
	out := s.build(inputsOf(docs), Options{ChunkBytes: 4 << 10})
	if out.Merged {
		t.Fatal("one publish merged the segments")
	}
	for p, w := range written(out) {
		if base[p] && w {
			t.Errorf("publish rewrote base file %s", p)
		}
	}
	for p := range base {
		if _, ok := written(out)[p]; !ok {
			t.Errorf("publish dropped base file %s", p)
		}
	}
	var docsWritten int
	for _, p := range out.Rewrites {
		if strings.HasPrefix(p, filesDir+"d/") {
			docsWritten++
		}
	}
	if docsWritten != 1 || !slices.Contains(out.Rewrites, ManifestPath) {
		t.Fatalf("publish wrote %v", out.Rewrites)
	}
	if got := s.urls("zorblax", 3); !reflect.DeepEqual(got, []string{"/blog/new-post/"}) {
		t.Fatalf("zorblax: %v", got)
	}
	if got := s.urls("zorbl", 3); len(got) == 0 || got[0] != "/blog/new-post/" {
		t.Fatalf("zorbl: %v", got)
	}
	// The same publish again writes nothing.
	if again := s.build(inputsOf(docs), Options{ChunkBytes: 4 << 10}); again.Written != 0 {
		t.Fatalf("unchanged build after a publish wrote %v", again.Rewrites)
	}
}

func TestEditAndDeleteHideTheOldVersion(t *testing.T) {
	docs := corpus(50, 2)
	s := newSite(t)
	s.build(inputsOf(docs), Options{})
	docs[10].Title = "Quixotic plans for bakeries"
	docs[10].Body = "Bakeries need quixotic plans."
	removed := docs[20]
	docs = append(docs[:20], docs[21:]...)
	s.build(inputsOf(docs), Options{})
	if got := s.urls("quixotic", 5); !reflect.DeepEqual(got, []string{docs[10].URL}) {
		t.Fatalf("quixotic: %v", got)
	}
	// Words only the old version or the removed page had find nothing of them.
	for _, q := range []string{removed.Title, strings.Join(strings.Fields(corpus(50, 2)[10].Title), " ")} {
		for _, u := range s.urls(q, 100) {
			if u == removed.URL {
				t.Errorf("%q still finds the removed page", q)
			}
		}
	}
	res, _ := s.searcher().Search(corpus(50, 2)[10].Title)
	for _, h := range res.Hits {
		d, _ := s.searcher().Doc(h.ID)
		if d.URL == docs[10].URL && d.Title != docs[10].Title {
			t.Errorf("the old version of %s is still found", d.URL)
		}
	}
}

// Incremental builds, merges included, answer every query of whole words as a clean build of the
// same pages. (A word being typed is matched as a prefix through top-32 summaries per segment,
// which two segments and one cut differently.)
func TestIncrementalEqualsClean(t *testing.T) {
	all := corpus(120, 3)
	docs := slices.Clone(all[:80])
	s := newSite(t)
	opts := Options{MaxDelta: 5, ChunkBytes: 3 << 10}
	s.build(inputsOf(docs), opts)
	merges := 0
	for step := 0; step < 40; step++ {
		switch step % 4 {
		case 0, 1: // publish
			docs = append(docs, all[80+step])
		case 2: // edit
			docs[step].Body += " Edited at step " + fmt.Sprint(step) + "."
		case 3: // delete
			docs = slices.Delete(docs, step, step+1)
		}
		if s.build(inputsOf(docs), opts).Merged {
			merges++
		}
		if step%8 != 7 {
			continue
		}
		clean := newSite(t)
		clean.build(inputsOf(docs), opts)
		for _, q := range []string{"marketing ", "seo google ", "tatevi sora ", docs[3].Title + ".", docs[len(docs)-1].Title + "."} {
			if got, want := s.ranking(q), clean.ranking(q); !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d, %q: incremental %v, clean %v", step, q, got, want)
			}
		}
	}
	if merges == 0 {
		t.Fatal("no build merged: MaxDelta is not exercised")
	}
}

func TestSummariesServeShortPrefixes(t *testing.T) {
	s := newSite(t)
	s.build(inputsOf(corpus(400, 4)), Options{ChunkBytes: 2 << 10})
	sr := s.searcher()
	seg := sr.m.Segs[0]
	if !needsSummary(seg.Keys, "k") {
		t.Fatalf("test needs k to span chunks; keys %v", seg.Keys[:10])
	}
	res, err := sr.Search("ka")
	if err != nil || len(res.Hits) == 0 {
		t.Fatalf("ka: %v %v", res, err)
	}
	chunks := 0
	for p := range sr.Fetched {
		for _, f := range seg.Files {
			if strings.Contains(p, f) {
				chunks++
			}
		}
	}
	if chunks > 1 {
		t.Fatalf("a short prefix read %d chunks, want the summary: %v", chunks, sr.Fetched)
	}
}
