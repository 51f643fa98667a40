package generator

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/zeebo/xxh3"
)

// A small site's sitemap.xml lists every indexable page. Past sitemapPostsPerFile posts it is
// an index of sitemaps: one of the pages that are not posts (sitemap-pages.xml), and the posts
// oldest first in files of a fixed range of sitemapPostsPerFile (sitemap-posts-1.xml holds the
// oldest), so a publish changes the newest posts' file, the pages' one (the lists' dates) and
// the index, whatever the site's size, and every other file stays as it is on disk and on a
// store. The protocol allows 50,000 addresses a file and 50,000 files an index.
const (
	sitemapMaxURLs      = 50_000
	sitemapPostsPerFile = 1_000
)

const sitemapNS = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`

// sitemapMemo keeps the posts' sitemaps a long-lived Builder made, by the sum of what each
// lists (sitemapChunkKey): a publish formats only the newest one. Nil: nothing kept (a single
// build).
type sitemapMemo struct{ files map[xxh3.Uint128][]byte }

// sitemapFiles are the indexable pages as sitemap.xml, or past sitemapPostsPerFile posts as
// sitemap.xml the index and its sitemaps (sitemap-pages.xml, sitemap-posts-1.xml, …), by file
// name.
func sitemapFiles(pages []*Page, base string, memo *sitemapMemo) map[string][]byte {
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
	if len(posts) <= sitemapPostsPerFile && len(listed) <= sitemapMaxURLs {
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
	kept := map[xxh3.Uint128][]byte{}
	for i := 0; i*sitemapPostsPerFile < len(posts); i++ {
		chunk := posts[i*sitemapPostsPerFile : min((i+1)*sitemapPostsPerFile, len(posts))]
		name := "sitemap-posts-" + strconv.Itoa(i+1) + ".xml"
		key := sitemapChunkKey(base, chunk)
		data, ok := memo.get(key)
		if !ok {
			data = urlSet(chunk, base, false)
		}
		kept[key] = data
		files[name] = data
		indexEntry(&index, base+"/"+name, chunk)
	}
	index.WriteString("</sitemapindex>\n")
	files["sitemap.xml"] = index.Bytes()
	if memo != nil {
		memo.files = kept
	}
	return files
}

// get returns the sitemap kept under key.
func (m *sitemapMemo) get(key xxh3.Uint128) ([]byte, bool) {
	if m == nil {
		return nil, false
	}
	data, ok := m.files[key]
	return data, ok
}

// sitemapChunkKey sums what a sitemap of pages lists: the site's address and each page's address
// and date, in order.
func sitemapChunkKey(base string, pages []*Page) xxh3.Uint128 {
	h := xxh3.New()
	var n [8]byte
	put := func(s string) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.WriteString(s)
	}
	put(base)
	for _, p := range pages {
		put(p.Route)
		binary.LittleEndian.PutUint64(n[:], uint64(p.Modified.UnixNano()))
		h.Write(n[:])
	}
	return h.Sum128()
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
	b = appendXMLText(b, loc)
	b = append(b, "</loc>"...)
	if !modified.IsZero() {
		b = append(b, "<lastmod>"...)
		b = modified.UTC().AppendFormat(b, "2006-01-02")
		b = append(b, "</lastmod>"...)
	}
	return append(b, "</url>\n"...)
}

// appendXMLText appends s escaped as xml.EscapeText escapes it; an address with nothing to
// escape (nearly every one) is appended as it is.
func appendXMLText(b []byte, s string) []byte {
	if !strings.ContainsAny(s, "&<>\"'\t\n\r") && isASCII(s) {
		return append(b, s...)
	}
	var esc bytes.Buffer
	xml.EscapeText(&esc, []byte(s))
	return append(b, esc.Bytes()...)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
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
