package generator

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"html"
	"slices"
	"strconv"
	"strings"
	"time"

	"digitalreeviver/internal/hostrules"
	"digitalreeviver/internal/render"
)

// headHTML writes the <head> of a page. Every value is escaped for its context: attributes
// through html.EscapeString and JSON-LD through json.Marshal, which escapes <, > and &.
func headHTML(h Head, site SiteInfo, assets render.Assets) string {
	var b strings.Builder
	b.Grow(2048)
	attr := html.EscapeString
	// tag writes open, the value escaped as an attribute, and `">`.
	tag := func(open, value string) {
		b.WriteString(open)
		b.WriteString(attr(value))
		b.WriteString(`">`)
	}
	b.WriteString(`<!doctype html><html lang="en-IN"><head><meta charset="utf-8">`)
	// The policy first, before anything it governs: the page keeps it on any host.
	tag(`<meta http-equiv="Content-Security-Policy" content="`, hostrules.MetaCSP(site.policy()))
	b.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1">`)
	b.WriteString(`<title>`)
	b.WriteString(attr(h.Title))
	b.WriteString(`</title>`)
	tag(`<meta name="description" content="`, h.Description)
	if h.Keywords != "" {
		tag(`<meta name="keywords" content="`, h.Keywords)
	}
	tag(`<meta name="robots" content="`, h.Robots)
	if h.Canonical != "" {
		tag(`<link rel="canonical" href="`, h.Canonical)
		tag(`<meta property="og:url" content="`, h.Canonical)
	}
	tag(`<meta property="og:type" content="`, h.OGType)
	tag(`<meta property="og:site_name" content="`, site.Name)
	tag(`<meta property="og:title" content="`, h.Title)
	tag(`<meta property="og:description" content="`, h.Description)
	b.WriteString(`<meta property="og:locale" content="en_IN">`)
	if h.Image != "" {
		tag(`<meta property="og:image" content="`, h.Image)
		tag(`<meta name="twitter:image" content="`, h.Image)
	}
	if h.Published != "" {
		tag(`<meta property="article:published_time" content="`, h.Published)
		tag(`<meta property="article:modified_time" content="`, h.Modified)
	}
	b.WriteString(`<meta name="twitter:card" content="summary_large_image">`)
	tag(`<meta name="twitter:title" content="`, h.Title)
	tag(`<meta name="twitter:description" content="`, h.Description)
	b.WriteString(`<meta name="theme-color" content="#1e1b4b">`)
	b.WriteString(`<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">`)
	b.WriteString(`<link rel="alternate" type="application/rss+xml" title="`)
	b.WriteString(attr(site.Name))
	b.WriteString(` blog" href="/feed.xml">`)
	for _, c := range assets.CSS {
		tag(`<link rel="stylesheet" href="`, c)
	}
	b.WriteString(`<script type="module" src="`)
	b.WriteString(attr(assets.Script))
	b.WriteString(`"></script>`)
	for _, p := range assets.Preload {
		tag(`<link rel="modulepreload" href="`, p)
	}
	for _, v := range h.JSONLD {
		js, err := json.Marshal(v)
		if err != nil {
			continue
		}
		b.WriteString(`<script type="application/ld+json">`)
		b.Write(js)
		b.WriteString(`</script>`)
	}
	return b.String()
}

// document is a whole page: our head, the tags React hoisted (image preloads), the rendered
// body and the closing tags.
func document(head string, page render.Page) []byte {
	out := make([]byte, 0, len(head)+len(page.Head)+len(page.Before)+len(page.Body)+len(page.After)+32)
	out = append(out, head...)
	out = append(out, page.Head...)
	out = append(out, "</head><body>"...)
	out = append(out, page.Before...)
	out = append(out, page.Body...)
	out = append(out, page.After...)
	out = append(out, "</body></html>\n"...)
	return out
}

// sitemapMaxURLs is the sitemap protocol's limit of URLs in one file. Past it, sitemap.xml is an
// index of sitemaps: one of the pages that are not posts, and the posts oldest first in files of
// sitemapPostsPerFile, so a publish changes the newest of them (and the pages' one) only.
const (
	sitemapMaxURLs      = 50_000
	sitemapPostsPerFile = 10_000
)

const sitemapNS = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`

// sitemapFiles are the indexable pages as sitemap.xml, or past sitemapMaxURLs as sitemap.xml the
// index and its sitemaps (sitemap-pages.xml, sitemap-posts-1.xml, …), by file name.
func sitemapFiles(pages []*Page, base string) map[string][]byte {
	var listed, posts []*Page
	for _, p := range pages {
		if !p.Sitemap {
			continue
		}
		listed = append(listed, p)
		if p.Name == "blogPost" {
			posts = append(posts, p)
		}
	}
	if len(listed) <= sitemapMaxURLs {
		return map[string][]byte{"sitemap.xml": urlSet(listed, base, true)}
	}
	others := make([]*Page, 0, len(listed)-len(posts))
	for _, p := range listed {
		if p.Name != "blogPost" {
			others = append(others, p)
		}
	}
	slices.Reverse(posts) // the planner lists posts newest first
	files := map[string][]byte{"sitemap-pages.xml": urlSet(others, base, true)}
	var index bytes.Buffer
	index.WriteString(xml.Header)
	index.WriteString("<sitemapindex " + sitemapNS + ">\n")
	indexEntry(&index, base+"/sitemap-pages.xml", others)
	for i := 0; i*sitemapPostsPerFile < len(posts); i++ {
		chunk := posts[i*sitemapPostsPerFile : min((i+1)*sitemapPostsPerFile, len(posts))]
		name := "sitemap-posts-" + strconv.Itoa(i+1) + ".xml"
		files[name] = urlSet(chunk, base, false)
		indexEntry(&index, base+"/"+name, chunk)
	}
	index.WriteString("</sitemapindex>\n")
	files["sitemap.xml"] = index.Bytes()
	return files
}

const (
	sitemapHead = xml.Header + "<urlset " + sitemapNS + ">\n"
	sitemapTail = "</urlset>\n"
)

// urlSet is a sitemap of pages, sorted by address (or in their order).
func urlSet(pages []*Page, base string, sorted bool) []byte {
	if sorted {
		pages = slices.Clone(pages)
		slices.SortFunc(pages, func(a, b *Page) int { return strings.Compare(a.Route, b.Route) })
	}
	b := make([]byte, 0, len(pages)*100+128)
	b = append(b, sitemapHead...)
	for _, p := range pages {
		b = urlLine(b, base+p.Route, p.Modified)
	}
	return append(b, sitemapTail...)
}

// urlLine appends a sitemap's <url> line, as encoding/xml wrote it.
func urlLine(b []byte, loc string, modified time.Time) []byte {
	b = append(b, "<url><loc>"...)
	var esc bytes.Buffer
	xml.EscapeText(&esc, []byte(loc))
	b = append(b, esc.Bytes()...)
	b = append(b, "</loc>"...)
	if !modified.IsZero() {
		b = append(b, "<lastmod>"...)
		b = modified.UTC().AppendFormat(b, "2006-01-02")
		b = append(b, "</lastmod>"...)
	}
	return append(b, "</url>\n"...)
}

// indexEntry lists a sitemap in the index, dated by the latest change of its pages.
func indexEntry(b *bytes.Buffer, loc string, pages []*Page) {
	var latest time.Time
	for _, p := range pages {
		if p.Modified.After(latest) {
			latest = p.Modified
		}
	}
	b.WriteString("<sitemap><loc>")
	xml.EscapeText(b, []byte(loc))
	b.WriteString("</loc>")
	if !latest.IsZero() {
		b.WriteString("<lastmod>" + latest.UTC().Format("2006-01-02") + "</lastmod>")
	}
	b.WriteString("</sitemap>\n")
}

func robotsTXT(base string) []byte {
	return []byte("User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /preview/\n\nSitemap: " + base + "/sitemap.xml\n")
}

type rssItem struct {
	Title       string `xml:"title"`
	Link        string `xml:"link"`
	GUID        string `xml:"guid"`
	PubDate     string `xml:"pubDate"`
	Category    string `xml:"category,omitempty"`
	Description string `xml:"description"`
}

// feedXML is an RSS 2.0 feed of the newest posts.
func feedXML(cards []BlogCard, site SiteInfo, base string) []byte {
	type channel struct {
		Title         string    `xml:"title"`
		Link          string    `xml:"link"`
		Description   string    `xml:"description"`
		Language      string    `xml:"language"`
		LastBuildDate string    `xml:"lastBuildDate,omitempty"`
		Items         []rssItem `xml:"item"`
	}
	ch := channel{Title: site.Name + " Blog", Link: base + "/blog/", Description: site.Tagline, Language: "en-IN"}
	for i, c := range cards {
		if i == feedItems {
			break
		}
		t, _ := time.Parse(time.RFC3339, c.Date)
		if i == 0 {
			ch.LastBuildDate = t.Format(time.RFC1123Z)
		}
		ch.Items = append(ch.Items, rssItem{Title: c.Title, Link: base + c.Href, GUID: base + c.Href,
			PubDate: t.Format(time.RFC1123Z), Category: c.Category, Description: c.Excerpt})
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<rss version="2.0">`)
	enc := xml.NewEncoder(&b)
	enc.Indent("", " ")
	enc.EncodeElement(ch, xml.StartElement{Name: xml.Name{Local: "channel"}})
	b.WriteString("</rss>\n")
	return b.Bytes()
}
