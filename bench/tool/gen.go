// gen writes the benchmark's content, the same every run for a given seed: N blog posts
// and S services as JSON arrays in the shape GET /api/blogs and GET /api/services answer (for
// `adminapi import`), and the same N posts as Markdown with front matter for the Hugo site that
// the bench builds beside ours.
//
//	benchtool gen -n 1000 -services 100 -out bench/out/content-1000
//
// writes blogs.json, services.json and hugo/content/blog/<slug>.md under -out.

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"digitalreeviver/internal/domain"
)

var (
	categories = []string{"SEO", "PPC", "Social Media", "Web Development", "Content Marketing", "Analytics", "Careers", "Digital Marketing"}
	images     = []string{
		"", "", // some posts have no image and fall back to the default
		"/images/blog/careers-in-digital-marketing-india.svg",
		"/images/blog/choose-web-development-company-noida.svg",
		"/images/blog/content-marketing-framework-b2b.svg",
		"/images/blog/ga4-conversion-tracking-calls-forms-whatsapp.svg",
		"/images/blog/google-ads-vs-meta-ads-small-business.svg",
		"/images/blog/google-business-profile-mistakes.svg",
		"/images/blog/instagram-reels-content-plan-local-business.svg",
		"/images/blog/local-seo-checklist-delhi-ncr.svg",
	}
	topics = []string{"Local SEO", "Google Ads", "Instagram Reels", "Landing Pages", "Conversion Tracking", "Meta Ads",
		"Google Business Profile", "Content Calendars", "Technical SEO", "Email Marketing", "WhatsApp Marketing",
		"Website Speed", "Keyword Research", "Link Building", "YouTube Ads", "Brand Design", "E-commerce SEO", "Lead Forms"}
	audiences = []string{"Clinics", "Schools", "Restaurants", "Real Estate Developers", "Retailers", "Manufacturers",
		"Law Firms", "Coaching Institutes", "Startups", "Hotels", "Gyms", "CA Firms"}
	places = []string{"Noida", "Delhi", "Gurugram", "Ghaziabad", "Greater Noida", "Faridabad", "Delhi NCR"}
	forms  = []string{"A Practical Guide to %s for %s in %s", "%s for %s: What Works in %s", "How %s Helps %s Win Customers in %s",
		"%s Checklist for %s in %s", "Ten %s Mistakes %s in %s Keep Making", "Planning %s for %s in %s This Year"}
	words = strings.Fields(`business customers search results website page traffic leads budget campaign audience
		content keywords ranking conversion ads clicks enquiries brand reviews profile local mobile speed
		report month team plan goal cost strategy channel post video social platform analytics data test
		offer landing form call message tracking growth results owners market competitors service quality
		trust value process week simple clear useful practical steady measurable honest regular`)
	verbs = strings.Fields(`improve measure write publish review compare track plan build test reach answer grow
		check choose update share explain focus optimise schedule reduce collect`)
	heads = []string{"Why it matters", "Before you begin", "Step one: set a clear goal", "Step two: measure what you have",
		"What to do every week", "Common mistakes", "Tools that help", "How to read the numbers", "A worked example",
		"What it costs", "When to ask for help", "Next steps"}
)

// The records are the API's own types, so the files are exactly what GET /api/blogs answers.
type (
	blog    = domain.Blog
	service = domain.Service
)

// doc is a post body as blocks, written out once as HTML and once as Markdown.
type block struct {
	kind  string   // "h2", "p", "ul"
	parts []inline // for h2 and p
	items [][]inline
}

type inline struct {
	text, strong, href string // one of text / strong / (text with href)
}

type gen struct{ r *rand.Rand }

func (g *gen) pick(s []string) string { return s[g.r.IntN(len(s))] }

func (g *gen) sentence() []inline {
	n := 9 + g.r.IntN(10)
	var out []inline
	var sb strings.Builder
	for i := 0; i < n; i++ {
		w := g.pick(words)
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		if i == 2 {
			w = g.pick(verbs)
		}
		switch x := g.r.IntN(30); {
		case x == 0 && i > 0:
			sb.WriteString(" ")
			out = append(out, inline{text: sb.String()}, inline{strong: w})
			sb.Reset()
			continue
		case x == 1 && i > 0:
			sb.WriteString(" ")
			out = append(out, inline{text: sb.String()}, inline{text: w, href: "/" + g.pick([]string{"seo-services-in-delhi", "contactus", "OurServices", "courses", "blog"}) + "/"})
			sb.Reset()
			continue
		}
		if i > 0 || sb.Len() > 0 {
			sb.WriteString(" ")
		}
		sb.WriteString(w)
	}
	sb.WriteString(". ")
	out = append(out, inline{text: sb.String()})
	return out
}

func (g *gen) para(sentences int) []inline {
	var out []inline
	for i := 0; i < sentences; i++ {
		out = append(out, g.sentence()...)
	}
	return out
}

// post makes a body of about 600 words: an intro, then sections of h2, paragraphs and lists.
func (g *gen) post() []block {
	doc := []block{{kind: "p", parts: g.para(4)}}
	hs := g.r.Perm(len(heads))[:5]
	for _, h := range hs {
		doc = append(doc, block{kind: "h2", parts: []inline{{text: heads[h]}}})
		doc = append(doc, block{kind: "p", parts: g.para(2 + g.r.IntN(2))})
		if g.r.IntN(2) == 0 {
			var items [][]inline
			for j := 0; j < 3+g.r.IntN(3); j++ {
				items = append(items, g.sentence())
			}
			doc = append(doc, block{kind: "ul", items: items})
		}
		doc = append(doc, block{kind: "p", parts: g.para(3)})
	}
	return doc
}

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

func inlineHTML(parts []inline) string {
	var sb strings.Builder
	for _, p := range parts {
		switch {
		case p.strong != "":
			sb.WriteString("<strong>" + esc(p.strong) + "</strong>")
		case p.href != "":
			sb.WriteString(`<a href="` + esc(p.href) + `">` + esc(p.text) + "</a>")
		default:
			sb.WriteString(esc(p.text))
		}
	}
	return strings.TrimSpace(sb.String())
}

func inlineMD(parts []inline) string {
	var sb strings.Builder
	for _, p := range parts {
		switch {
		case p.strong != "":
			sb.WriteString("**" + p.strong + "**")
		case p.href != "":
			sb.WriteString("[" + p.text + "](" + p.href + ")")
		default:
			sb.WriteString(p.text)
		}
	}
	return strings.TrimSpace(sb.String())
}

func toHTML(doc []block) string {
	var sb strings.Builder
	for _, b := range doc {
		switch b.kind {
		case "h2":
			sb.WriteString("<h2>" + inlineHTML(b.parts) + "</h2>\n")
		case "p":
			sb.WriteString("<p>" + inlineHTML(b.parts) + "</p>\n")
		case "ul":
			sb.WriteString("<ul>\n")
			for _, it := range b.items {
				sb.WriteString("<li>" + inlineHTML(it) + "</li>\n")
			}
			sb.WriteString("</ul>\n")
		}
	}
	return strings.TrimSpace(sb.String())
}

func toMD(doc []block) string {
	var sb strings.Builder
	for _, b := range doc {
		switch b.kind {
		case "h2":
			sb.WriteString("## " + inlineMD(b.parts) + "\n\n")
		case "p":
			sb.WriteString(inlineMD(b.parts) + "\n\n")
		case "ul":
			for _, it := range b.items {
				sb.WriteString("- " + inlineMD(it) + "\n")
			}
			sb.WriteString("\n")
		}
	}
	return sb.String()
}

func slugify(s string) string { return domain.Slugify(s) }

func yamlString(s string) string {
	b, _ := json.Marshal(s) // a JSON string is a valid YAML double-quoted scalar
	return string(b)
}

func writeJSON(path string, v any) {
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func genContent(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	n := fs.Int("n", 1000, "blog posts")
	nsvc := fs.Int("services", 100, "services")
	seed := fs.Uint64("seed", 2019, "random seed: the same seed writes the same content")
	out := fs.String("out", "bench/out/content", "output folder")
	withHugo := fs.Bool("hugo", true, "also write the posts as Markdown for the Hugo site (a file each)")
	fs.Parse(args)

	g := &gen{r: newRand(*seed)}
	base := time.Date(2019, 4, 1, 9, 30, 0, 0, time.UTC)
	// A post every 7 hours, closer together where that would run past the end of 2025: every post
	// is in the past, as a published one is, so a publish (dated now) is the newest post at any
	// size, not one in the middle of posts dated decades ahead.
	step := 7 * time.Hour
	if span := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Sub(base); *n > 0 && time.Duration(*n)*step > span {
		step = span / time.Duration(*n)
	}
	postsDir := filepath.Join(*out, "hugo", "content", "blog")
	os.RemoveAll(filepath.Join(*out, "hugo"))
	if err := os.MkdirAll(postsDir, 0o755); err != nil {
		log.Fatal(err)
	}

	blogs := make([]blog, 0, *n)
	totalWords := 0
	for i := 0; i < *n; i++ {
		title := fmt.Sprintf(g.pick(forms), g.pick(topics), g.pick(audiences), g.pick(places))
		slug := fmt.Sprintf("%s-%d", slugify(title), i+1)
		doc := g.post()
		html := toHTML(doc)
		totalWords += len(strings.Fields(toMD(doc)))
		created := base.Add(time.Duration(i) * step).Add(time.Duration(g.r.IntN(3600)) * time.Second)
		cat := g.pick(categories)
		b := blog{
			ID: fmt.Sprintf("%024x", uint64(i+1)*0x9e3779b1), Title: title, Slug: slug, Content: html, Category: cat,
			Image: g.pick(images), MetaTitle: title, FocusKeyword: strings.ToLower(cat) + " " + strings.ToLower(g.pick(places)),
			CreatedAt: created, UpdatedAt: created,
		}
		if g.r.IntN(2) == 0 {
			b.MetaDescription = fmt.Sprintf("%s: a practical guide for %s in %s from the Digital Reeviver team.", title, strings.ToLower(g.pick(audiences)), g.pick(places))
		}
		blogs = append(blogs, b)

		md := "---\n" +
			"title: " + yamlString(title) + "\n" +
			"slug: " + yamlString(slug) + "\n" +
			"date: " + created.Format(time.RFC3339) + "\n" +
			"categories: [" + yamlString(cat) + "]\n" +
			"description: " + yamlString(b.MetaDescription) + "\n" +
			"image: " + yamlString(b.Image) + "\n" +
			// The SPEC's old preview address of a post leads to it: ours writes a redirect page
			// there, Hugo an alias page (the same work: a small page a post).
			"aliases: [" + yamlString("/preview/blog/"+slug+"/") + "]\n" +
			"---\n\n" + toMD(doc)
		if !*withHugo {
			continue
		}
		if err := os.WriteFile(filepath.Join(postsDir, slug+".md"), []byte(md), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	// The API answers newest first.
	for i, j := 0, len(blogs)-1; i < j; i, j = i+1, j-1 {
		blogs[i], blogs[j] = blogs[j], blogs[i]
	}

	svcs := make([]service, 0, *nsvc)
	for i := 0; i < *nsvc; i++ {
		title := fmt.Sprintf("%s for %s in %s", g.pick(topics), g.pick(audiences), g.pick(places))
		slug := fmt.Sprintf("%s-service-%d", slugify(title), i+1)
		var sb strings.Builder
		for _, b := range g.post()[:6] {
			sb.WriteString(toHTML([]block{b}) + "\n")
		}
		created := base.Add(time.Duration(i) * 13 * time.Hour)
		svcs = append(svcs, service{
			ID: fmt.Sprintf("%024x", uint64(i+1)*0x85ebca6b), Title: title, Slug: slug, Description: strings.TrimSpace(sb.String()),
			Category: g.pick(categories), Image: "/images/services/default.svg", MetaTitle: title,
			FocusKeyword: strings.ToLower(g.pick(topics)), CreatedAt: created, UpdatedAt: created,
		})
	}
	writeJSON(filepath.Join(*out, "blogs.json"), blogs)
	writeJSON(filepath.Join(*out, "services.json"), svcs)
	log.Printf("gen: %d posts (%d words on average), %d services → %s", len(blogs), totalWords/max(1, len(blogs)), len(svcs), *out)
	return nil
}
