package generator

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// Past 50,000 addresses sitemap.xml is an index of sitemaps of at most 50,000 each: the pages
// that are not posts in one, the posts oldest first in files of 10,000.
func TestSitemapPast50000AddressesIsAnIndex(t *testing.T) {
	var pages []*Page
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	pages = append(pages, &Page{Route: "/", Name: "home", Sitemap: true}, &Page{Route: "/blog/", Name: "blogList", Sitemap: true, Modified: day})
	for i := 50_500; i > 0; i-- { // the planner lists posts newest first
		pages = append(pages, &Page{Route: "/blog/p" + strconv.Itoa(i) + "/", Name: "blogPost", Sitemap: true, Modified: day.Add(time.Duration(i) * time.Minute)})
	}
	files := sitemapFiles(pages, "https://x.test")
	if len(files) != 1+1+6 {
		t.Fatalf("%d files: want the index, the pages' sitemap and six of posts", len(files))
	}
	index := string(files["sitemap.xml"])
	for _, want := range []string{"<sitemapindex", "<loc>https://x.test/sitemap-pages.xml</loc><lastmod>2026-01-01</lastmod>",
		"<loc>https://x.test/sitemap-posts-6.xml</loc><lastmod>2026-02-05</lastmod>"} {
		if !strings.Contains(index, want) {
			t.Errorf("the index lacks %s:\n%s", want, index)
		}
	}
	first := string(files["sitemap-posts-1.xml"])
	if n := strings.Count(first, "<url>"); n != sitemapPostsPerFile {
		t.Errorf("the first posts' sitemap lists %d", n)
	}
	if !strings.Contains(first, "/blog/p1/") || strings.Contains(first, "/blog/p10001/") {
		t.Error("the first posts' sitemap does not hold the oldest posts")
	}
	if n := strings.Count(string(files["sitemap-posts-6.xml"]), "<url>"); n != 500 {
		t.Errorf("the newest posts' sitemap lists %d", n)
	}
	small := sitemapFiles(pages[:1000], "https://x.test")
	if len(small) != 1 || strings.Contains(string(small["sitemap.xml"]), "sitemapindex") {
		t.Error("a site of 1,000 addresses has an index")
	}
}
