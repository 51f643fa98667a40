package generator

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sitemapSite is a site's indexable pages as the planner lists them: home, /blog/, then n posts
// newest first, post i modified i minutes into 2026.
func sitemapSite(n int) []*Page {
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	pages := []*Page{{Route: "/", Name: "home", Sitemap: true}, {Route: "/blog/", Name: "blogList", Sitemap: true, Modified: day}}
	for i := n; i > 0; i-- {
		pages = append(pages, &Page{Route: "/blog/p" + strconv.Itoa(i) + "/", Name: "blogPost", Sitemap: true, Modified: day.Add(time.Duration(i) * time.Minute)})
	}
	return pages
}

// Past sitemapPostsPerFile posts sitemap.xml is an index of sitemaps: the pages that are not
// posts in one, the posts oldest first in files of a fixed range, so that a new post changes
// only the newest posts' file (and the index, when its date moves); a small site keeps one sitemap.
func TestSitemapIndexOfFixedRangesOfPosts(t *testing.T) {
	files := sitemapFiles(sitemapSite(2_500), "https://x.test", nil)
	if len(files) != 1+1+3 {
		t.Fatalf("%d files: want the index, the pages' sitemap and three of posts", len(files))
	}
	index := string(files["sitemap.xml"])
	for _, want := range []string{"<sitemapindex", "<loc>https://x.test/sitemap-pages.xml</loc><lastmod>2026-01-01</lastmod>",
		"<loc>https://x.test/sitemap-posts-3.xml</loc><lastmod>2026-01-02</lastmod>"} {
		if !strings.Contains(index, want) {
			t.Errorf("the index lacks %s:\n%s", want, index)
		}
	}
	first := string(files["sitemap-posts-1.xml"])
	if n := strings.Count(first, "<url>"); n != sitemapPostsPerFile {
		t.Errorf("the first posts' sitemap lists %d", n)
	}
	if !strings.Contains(first, "<loc>https://x.test/blog/p1/</loc>") || strings.Contains(first, "/blog/p1001/") {
		t.Error("the first posts' sitemap does not hold the oldest posts")
	}
	if n := strings.Count(string(files["sitemap-posts-3.xml"]), "<url>"); n != 500 {
		t.Errorf("the newest posts' sitemap lists %d", n)
	}
	if pages := string(files["sitemap-pages.xml"]); !strings.Contains(pages, "https://x.test/blog/</loc>") || strings.Contains(pages, "/blog/p") {
		t.Errorf("the pages' sitemap is not the pages but posts:\n%s", pages)
	}

	// A publish: one post more, the newest.
	var memo sitemapMemo
	before := sitemapFiles(sitemapSite(2_500), "https://x.test", &memo)
	after := sitemapFiles(sitemapSite(2_501), "https://x.test", &memo)
	for name, data := range after {
		if name == "sitemap.xml" {
			continue // the index changes with the newest file's date
		}
		changed := !bytes.Equal(before[name], data)
		if want := name == "sitemap-posts-3.xml"; changed != want {
			t.Errorf("%s changed: %t, want %t", name, changed, want)
		}
	}
	if &after["sitemap-posts-1.xml"][0] != &before["sitemap-posts-1.xml"][0] {
		t.Error("an unchanged posts' sitemap was made again, not taken from the memo")
	}
	if !strings.Contains(string(after["sitemap-posts-3.xml"]), "/blog/p2501/") {
		t.Error("the new post is not in the newest posts' sitemap")
	}

	if n := len(sitemapFiles(sitemapSite(50_500), "https://x.test", nil)); n != 1+1+51 {
		t.Errorf("50,500 posts: %d files, want the index, the pages' sitemap and 51 of posts", n)
	}
	small := sitemapFiles(sitemapSite(sitemapPostsPerFile), "https://x.test", nil)
	if len(small) != 1 || strings.Contains(string(small["sitemap.xml"]), "sitemapindex") ||
		strings.Count(string(small["sitemap.xml"]), "<url>") != sitemapPostsPerFile+2 {
		t.Error("a site of 1,000 posts is not one sitemap of every page")
	}
}

// appendXMLText escapes as xml.EscapeText does.
func TestSitemapEscapesAddresses(t *testing.T) {
	for _, s := range []string{"https://x.test/blog/a/", "https://x.test/a?b=1&c=<2>", "https://x.test/é/\"q\"/'t'\t\n\r", "bad\xffutf8", ""} {
		var want bytes.Buffer
		xml.EscapeText(&want, []byte(s))
		if got := appendXMLText(nil, s); string(got) != want.String() {
			t.Errorf("%q escaped as %q, want %q", s, got, want.String())
		}
	}
}
