package generator

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"sort"
	"strings"
	"time"

	"digitalreeviver/internal/render"
	"digitalreeviver/internal/static"
)

// headHTML writes the <head> of a page. Every value is escaped for its context: attributes
// through html.EscapeString and JSON-LD through json.Marshal, which escapes <, > and &.
func headHTML(h Head, site SiteInfo, assets render.Assets) string {
	var b strings.Builder
	b.Grow(2048)
	attr := html.EscapeString
	b.WriteString(`<!doctype html><html lang="en-IN"><head><meta charset="utf-8">`)
	// The policy first, before anything it governs: the page keeps it on any host.
	fmt.Fprintf(&b, `<meta http-equiv="Content-Security-Policy" content="%s">`, attr(static.MetaCSP(site.policy())))
	b.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1">`)
	fmt.Fprintf(&b, `<title>%s</title>`, attr(h.Title))
	fmt.Fprintf(&b, `<meta name="description" content="%s">`, attr(h.Description))
	if h.Keywords != "" {
		fmt.Fprintf(&b, `<meta name="keywords" content="%s">`, attr(h.Keywords))
	}
	fmt.Fprintf(&b, `<meta name="robots" content="%s">`, attr(h.Robots))
	if h.Canonical != "" {
		fmt.Fprintf(&b, `<link rel="canonical" href="%s">`, attr(h.Canonical))
		fmt.Fprintf(&b, `<meta property="og:url" content="%s">`, attr(h.Canonical))
	}
	fmt.Fprintf(&b, `<meta property="og:type" content="%s">`, attr(h.OGType))
	fmt.Fprintf(&b, `<meta property="og:site_name" content="%s">`, attr(site.Name))
	fmt.Fprintf(&b, `<meta property="og:title" content="%s">`, attr(h.Title))
	fmt.Fprintf(&b, `<meta property="og:description" content="%s">`, attr(h.Description))
	b.WriteString(`<meta property="og:locale" content="en_IN">`)
	if h.Image != "" {
		fmt.Fprintf(&b, `<meta property="og:image" content="%s">`, attr(h.Image))
		fmt.Fprintf(&b, `<meta name="twitter:image" content="%s">`, attr(h.Image))
	}
	if h.Published != "" {
		fmt.Fprintf(&b, `<meta property="article:published_time" content="%s">`, attr(h.Published))
		fmt.Fprintf(&b, `<meta property="article:modified_time" content="%s">`, attr(h.Modified))
	}
	b.WriteString(`<meta name="twitter:card" content="summary_large_image">`)
	fmt.Fprintf(&b, `<meta name="twitter:title" content="%s">`, attr(h.Title))
	fmt.Fprintf(&b, `<meta name="twitter:description" content="%s">`, attr(h.Description))
	b.WriteString(`<meta name="theme-color" content="#1e1b4b">`)
	b.WriteString(`<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">`)
	fmt.Fprintf(&b, `<link rel="alternate" type="application/rss+xml" title="%s blog" href="/feed.xml">`, attr(site.Name))
	for _, c := range assets.CSS {
		fmt.Fprintf(&b, `<link rel="stylesheet" href="%s">`, attr(c))
	}
	fmt.Fprintf(&b, `<script type="module" src="%s"></script>`, attr(assets.Script))
	for _, p := range assets.Preload {
		fmt.Fprintf(&b, `<link rel="modulepreload" href="%s">`, attr(p))
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

type urlEntry struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemapXML lists the indexable pages.
func sitemapXML(pages []*Page, base string) []byte {
	var entries []urlEntry
	for _, p := range pages {
		if !p.Sitemap {
			continue
		}
		e := urlEntry{Loc: base + p.Route}
		if !p.Modified.IsZero() {
			e.LastMod = p.Modified.UTC().Format("2006-01-02")
		}
		entries = append(entries, e)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Loc < entries[j].Loc })
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	enc := xml.NewEncoder(&b)
	for _, e := range entries {
		enc.EncodeElement(e, xml.StartElement{Name: xml.Name{Local: "url"}})
		b.WriteByte('\n')
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
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
