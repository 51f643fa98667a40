package search

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The browser's search (site/src/search) must split, fold, stem and rank exactly as this package
// does. This test writes what the Go side answers for a set of words and queries over a small
// index (two segments, a replaced page, summaries) to a fixture that the TypeScript tests replay;
// it fails when the committed fixture is out of date. Regenerate it with
//
//	UPDATE_FIXTURE=1 go test ./internal/search -run TestClientContract
const contractPath = "../../site/src/search/testdata/contract.json"

var contractText = `Search engine optimisation helps businesses grow: SEO services, Google Ads campaigns and
social media marketing for clinics, schools and restaurants in Noida, Delhi and Gurugram. Our agency's
team doesn't over-promise; it measures, reports and improves. Skies, dying, lying, news, generously,
happily, hopefulness, relational, conditional, rational, valency, hesitancy, digitizer, conformabli,
radically, differently, vilely, analogously, vietnamization, predication, operator, feudalism,
decisiveness, hopefulness, callousness, formaliti, sensitiviti, sensibiliti, triplicate, formative,
formalize, electriciti, electrical, hopeful, goodness, revival, allowance, inference, airliner,
gyroscopic, adjustable, defensible, irritant, replacement, adjustment, dependent, adoption, homologou,
communism, activate, angulariti, homologous, effective, bowdlerize, probate, rate, cease, controll,
roll, caresses, ponies, ties, caress, cats, feed, agreed, plastered, bled, motoring, sing, conflated,
troubled, sized, hopping, tanned, falling, hissing, fizzed, failing, filing, happy, sky, e-commerce,
follow-up, GA4, 2025, Café, naïve, résumé, it’s, Noida’s, डिजिटल मार्केटिंग कोर्स, kaise, karein, yeh,
hai, mein, websites, website's, marketer, marketing, markets, consultancy, consulting, consultants.
Business customers search results website page traffic leads budget campaign audience content keywords
ranking conversion ads clicks enquiries brand reviews profile local mobile speed report month team plan
goal cost strategy channel post video social platform analytics data test offer landing form call message
tracking growth results owners market competitors service quality trust value process week simple clear
useful practical steady measurable honest regular improve measure write publish review compare track
build answer grow check choose update share explain focus optimise optimize schedule reduce collect.
Designers, developers, photographers and copywriters; responsiveness, accessibility, internationalisation,
personalization, remarketing, retargeting, influencers, testimonials, certifications, placements, agencies.`

func contractDocs() []Doc {
	return []Doc{
		{URL: "/seo-services-in-delhi/", Kind: "Service", Title: "SEO Services in Delhi", Boost: 1.2,
			Headings: []string{"Technical SEO audits", "Local SEO for Delhi NCR"}, Description: "Rankings that bring calls.",
			Body: "We audit websites, fix technical problems and grow organic traffic for businesses in Delhi."},
		{URL: "/best-google-ads-agency-in-delhi/", Kind: "Service", Title: "Google Ads Agency in Delhi", Boost: 1.2,
			Headings: []string{"Search campaigns", "Conversion tracking"}, Body: "Paid search that pays: campaigns, keywords, landing pages and tracking."},
		{URL: "/about/", Kind: "Page", Title: "About Us", Boost: 1.2, Headings: []string{"Our story", "Our team"},
			Body: "Digital Reeviver is a digital marketing agency and training institute in Noida and Delhi, founded in 2019."},
		{URL: "/blog/local-seo-checklist/", Kind: "Blog", Title: "Local SEO Checklist for Clinics in Noida", Date: "3 March 2025",
			Headings: []string{"Google Business Profile", "Reviews"}, Keywords: "local seo, SEO",
			Body: "Clinics win patients through their Google Business Profile, reviews and local pages. Update hours and photos every month."},
		{URL: "/blog/instagram-reels/", Kind: "Blog", Title: "Instagram Reels for Restaurants", Date: "9 April 2025",
			Headings: []string{"A weekly plan"}, Body: "Reels bring diners: film the kitchen, the chef and the regulars. Post three reels a week."},
		{URL: "/blog/google-ads-vs-meta/", Kind: "Blog", Title: "Google Ads vs Meta Ads for Small Business", Date: "1 May 2025",
			Headings: []string{"Intent against interest", "Budgets"}, Body: "Search ads catch intent; Meta ads create interest. Small budgets should start with search campaigns."},
		{URL: "/blog/digital-marketing-course/", Kind: "Blog", Title: "डिजिटल मार्केटिंग कोर्स: kaise shuru karein", Date: "2 June 2025",
			Body: "Digital marketing course Noida mein: SEO, Google Ads aur social media, live projects ke saath."},
	}
}

type contract struct {
	StopWords []string            `json:"stopWords"`
	Words     [][2]string         `json:"words"` // word → Term
	Queries   []contractQuery     `json:"queries"`
	Files     map[string]string   `json:"files"` // site path → base64
	Docs      map[string][]string `json:"docs"`  // doc id → [url, title]
}

type contractQuery struct {
	Q     string      `json:"q"`
	Words []QueryWord `json:"words"`
	Hits  []Hit       `json:"hits"`
	Terms [][]string  `json:"terms"`
	Files []string    `json:"files"` // read, besides the manifest, in sorted order
}

func TestClientContract(t *testing.T) {
	c := contract{StopWords: StopWords, Files: map[string]string{}, Docs: map[string][]string{}}
	eachWord(contractText, func(w string, _, _ int) { c.Words = append(c.Words, [2]string{w, Term(w)}) })

	// Two segments: the base, then a publish and an edit in the delta.
	docs := contractDocs()
	s := newSite(t)
	s.build(inputsOf(docs[:5]), Options{ChunkBytes: 256})
	docs[3].Body += " Edited: add photos of the reception."
	s.build(inputsOf(docs), Options{ChunkBytes: 256})
	sr := s.searcher()
	if len(sr.m.Segs) != 2 || len(sr.m.Deleted) != 1 {
		t.Fatalf("fixture needs two segments and a replaced page: %d segments, deleted %v", len(sr.m.Segs), sr.m.Deleted)
	}
	filepath.Walk(s.dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			rel, _ := filepath.Rel(s.dir, p)
			data, _ := os.ReadFile(p)
			c.Files["/"+filepath.ToSlash(rel)] = base64.StdEncoding.EncodeToString(data)
		}
		return nil
	})
	for _, q := range []string{"seo", "seo ", "SEO services", "services delhi ", "goo", "google ad", "marketi", "local seo checklist",
		"reels", "photos", "reception", "मार्केटिंग", "kaise", "the", "se", "d", "digital marketing course noida", "zzzz", "Clinics?", "a", "ads meta"} {
		sr := s.searcher()
		res, err := sr.Search(q)
		if err != nil {
			t.Fatal(err)
		}
		cq := contractQuery{Q: q, Words: ParseQuery(q), Hits: res.Hits, Terms: res.Terms, Files: []string{}}
		if cq.Words == nil {
			cq.Words = []QueryWord{}
		}
		for p := range sr.Fetched {
			if p != "/"+ManifestPath {
				cq.Files = append(cq.Files, p)
			}
		}
		sort.Strings(cq.Files)
		for _, h := range res.Hits {
			d, err := sr.Doc(h.ID)
			if err != nil {
				t.Fatal(err)
			}
			c.Docs[itoa(h.ID)] = []string{d.URL, d.Title}
		}
		c.Queries = append(c.Queries, cq)
	}
	// Sanity: the reference itself ranks as promised.
	if got := c.Docs[itoa(c.Queries[0].Hits[0].ID)][0]; got != "/seo-services-in-delhi/" {
		t.Fatalf("seo: first hit %s", got)
	}

	data, err := json.MarshalIndent(c, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if os.Getenv("UPDATE_FIXTURE") != "" {
		if err := os.WriteFile(contractPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(contractPath)
	if err != nil || !bytes.Equal(old, data) {
		t.Fatalf("%s is out of date (the client would be tested against old answers): run UPDATE_FIXTURE=1 go test ./internal/search -run TestClientContract", strings.TrimPrefix(contractPath, "../../"))
	}
}
