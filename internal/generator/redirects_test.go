package generator

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

func renameLive(t *testing.T, db *store.DB, k *domain.Kind, from, to string) {
	t.Helper()
	if _, err := db.UpdateRecord(k, store.Published, from, func(r domain.Record) error { *r.Fields().Slug = to; return nil }); err != nil {
		t.Fatal(err)
	}
}

// A renamed post and a renamed service leave a page at their old address and a _redirects line;
// a redirect a page hides or that leads nowhere is not written; the next build after a rename
// back removes the redirect's page again.
func TestRenamedPagesLeaveRedirectPages(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	b := s.builder(t)
	ctx := context.Background()
	if _, err := b.Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	renameLive(t, s.db, domain.Blogs, "google-ads-budgets-explained", "ads-budgets")
	renameLive(t, s.db, domain.Blogs, "ads-budgets", "google-ads-budgets")
	renameLive(t, s.db, domain.Services, "video-marketing", "video-marketing-agency")
	// The service on a landing page moves away: the landing page stays, so no redirect is made.
	renameLive(t, s.db, domain.Services, "seo-services-in-delhi", "seo-agency-delhi")
	// One made by hand to a page that does not exist.
	if _, err := s.db.AddRedirect(domain.Redirect{From: "/old-offer/", To: "/no-such-page/"}); err != nil {
		t.Fatal(err)
	}
	res, err := b.Build(ctx, s.db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"blog/google-ads-budgets-explained/index.html", "blog/ads-budgets/index.html", "video-marketing/index.html", "_redirects"} {
		if !slices.Contains(res.Changes.Written, f) {
			t.Errorf("changes do not list %s: %v", f, res.Changes.Written)
		}
	}
	page := s.read(t, "blog/google-ads-budgets-explained/index.html")
	for _, want := range []string{
		`<meta http-equiv="refresh" content="0; url=/blog/google-ads-budgets/">`,
		`<link rel="canonical" href="https://example.test/blog/google-ads-budgets/">`,
		`<meta name="robots" content="noindex">`,
		`<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39;;`,
		`<a href="/blog/google-ads-budgets/">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("redirect page lacks %s:\n%s", want, page)
		}
	}
	if strings.Contains(page, "<script") {
		t.Error("a redirect page carries a script")
	}
	if got, want := s.read(t, "_redirects"), "# Old addresses of pages that moved; kept by the admin's Redirects screen.\n"+
		"/blog/ads-budgets/ /blog/google-ads-budgets/ 301\n"+
		"/blog/google-ads-budgets-explained/ /blog/google-ads-budgets/ 301\n"+
		"/video-marketing/ /video-marketing-agency/ 301\n"+
		"# The preview address of every post (SPEC §2: /preview/blog/{slug} shows the post).\n"; !strings.HasPrefix(got, want) ||
		!strings.Contains(got, "\n/preview/blog/google-ads-budgets/ /blog/google-ads-budgets/ 301\n") || strings.Contains(got, "/preview/blog/ads-budgets/") {
		t.Errorf("_redirects:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(s.read(t, "seo-services-in-delhi/index.html"), "FAQ") {
		t.Error("the landing page was replaced by a redirect")
	}
	if _, err := os.Stat(filepath.Join(s.out, "old-offer", "index.html")); err == nil {
		t.Error("a redirect to nowhere was written")
	}
	if strings.Contains(s.read(t, "sitemap.xml"), "google-ads-budgets-explained") {
		t.Error("the sitemap lists a redirect")
	}
	live, pages := LiveRedirects(s.out)
	if live["/video-marketing/"] != "/video-marketing-agency/" || live["/old-offer/"] != "" || !pages["/blog/google-ads-budgets/"] || pages["/video-marketing/"] {
		t.Errorf("LiveRedirects: %v", live)
	}
	if broken, _, err := CheckLinks(s.out); err != nil || len(broken) != 0 {
		t.Errorf("broken links: %v %v", broken, err)
	}

	// Back to the first slug: its page is live again and the redirect page goes.
	renameLive(t, s.db, domain.Blogs, "google-ads-budgets", "google-ads-budgets-explained")
	if _, err := b.Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	if page := s.read(t, "blog/google-ads-budgets-explained/index.html"); strings.Contains(page, `http-equiv="refresh"`) {
		t.Error("the post's own page is still a redirect")
	}
	if got := s.read(t, "_redirects"); !strings.Contains(got, "/blog/google-ads-budgets/ /blog/google-ads-budgets-explained/ 301\n") ||
		strings.Contains(got, "\n/blog/google-ads-budgets-explained/ /") {
		t.Errorf("_redirects after the rename back:\n%s", got)
	}
	// A clean build writes the same redirects.
	clean := readTree(t, s.out)
	if _, err := b.Build(ctx, s.db, Options{Clean: true}); err != nil {
		t.Fatal(err)
	}
	again := readTree(t, s.out)
	for _, f := range []string{"_redirects", "blog/ads-budgets/index.html", "video-marketing/index.html"} {
		if clean[f] != again[f] || again[f] == "" {
			t.Errorf("%s differs between an incremental and a clean build", f)
		}
	}
}
