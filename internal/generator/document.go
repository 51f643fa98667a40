package generator

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"html"
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
