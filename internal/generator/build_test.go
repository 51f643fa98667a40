package generator

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/render"
	"digitalreeviver/internal/store"
)

var (
	repoRoot = filepath.Join("..", "..")
	siteDir  = filepath.Join(repoRoot, "site")
	// contentDir is a small content folder of the tests' own, so editing the agency's copy
	// never breaks a test.
	contentDir = filepath.Join(repoRoot, "internal", "contentdir", "testdata", "content")
)

// needBundle skips a test that renders when the React bundle is not built, unless the suite
// runs under `make test`, which builds it first and sets REQUIRE_SITE_BUNDLE so a missing
// bundle fails instead of hiding the test.
func needBundle(t *testing.T) {
	t.Helper()
	if _, err := render.New(render.Options{SiteDir: siteDir}); err != nil {
		if os.Getenv("REQUIRE_SITE_BUNDLE") != "" {
			t.Fatalf("site bundle required: %v", err)
		}
		t.Skipf("site bundle not built (run make site): %v", err)
	}
}

// testSite is a temp folder with a real bbolt file holding a few published records.
type testSite struct {
	dir, out string
	db       *store.DB
}

func newTestSite(t *testing.T) *testSite {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "site.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blogs := []domain.Blog{
		{Title: "Local SEO for Noida Clinics", Category: "SEO", Content: "<h2>Why local</h2><p>Patients search <strong>near me</strong> first. " + strings.Repeat("More words here. ", 20) + "</p>",
			MetaDescription: "A checklist for clinics.", FocusKeyword: "local seo noida", CreatedAt: time.Date(2026, 3, 10, 5, 0, 0, 0, time.UTC)},
		{Title: "Google Ads Budgets Explained", Content: "<p>Start small & measure.</p>", CreatedAt: time.Date(2026, 4, 2, 5, 0, 0, 0, time.UTC)},
		{Title: `Quotes "and" <tags> in titles`, Category: "Tips", Content: "<p>Escaping matters.</p>", CreatedAt: time.Date(2026, 5, 2, 5, 0, 0, 0, time.UTC)},
	}
	services := []domain.Service{
		{Title: "SEO Services in Delhi", Slug: "seo-services-in-delhi", Category: "SEO", Description: "<p>Record text for SEO.</p>",
			MetaTitle: "Override Title From Record", MetaDescription: "Override description from record.", FocusKeyword: "override keyword"},
		{Title: "Video Marketing", Category: "Video", Description: "<p>" + strings.Repeat("Video that sells. ", 20) + "</p>"},
	}
	if err := db.Import(blogs, services); err != nil {
		t.Fatal(err)
	}
	return &testSite{dir: dir, out: filepath.Join(dir, "dist"), db: db}
}

func (s *testSite) builder(t *testing.T, mutate ...func(*Config)) *Builder {
	t.Helper()
	cfg := Config{ContentDir: contentDir, OutDir: s.out, SiteDir: siteDir, UploadsDir: filepath.Join(s.dir, "uploads"),
		BaseURL: "https://example.test"}
	for _, m := range mutate {
		m(&cfg)
	}
	b, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func (s *testSite) read(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(s.out, rel))
	if err != nil {
		t.Fatalf("read %s: %v", rel, err)
	}
	return string(data)
}

func planFor(t *testing.T, s *testSite) []*Page {
	t.Helper()
	src, err := contentdir.Load(contentDir)
	if err != nil {
		t.Fatal(err)
	}
	blogs, _ := s.db.Blogs()
	services, _ := s.db.Services()
	pl := newPlanner(Config{ContentDir: contentDir, BaseURL: "https://example.test"}, filepath.Join(siteDir, "public"), src, blogs, services)
	pages, err := pl.plan()
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

func TestPlanRoutes(t *testing.T) {
	s := newTestSite(t)
	pages := planFor(t, s)
	byRoute := map[string]*Page{}
	for _, p := range pages {
		byRoute[p.Route] = p
	}
	want := []string{"/", "/about/", "/contactus/", "/blog/", "/blog/local-seo-for-noida-clinics/",
		"/OurServices/", "/ourservices/", "/privacy-policy/", "/terms-conditions/", "/courses/", "/video-marketing/", "/404",
		"/cards/", "/contactquery/", "/vision/", "/dedicated/", "/chooseus/", "/testimonials/", "/services/", "/whychooseservices/",
		"/testimonialsslider/", "/blogslider/", "/whydigitalreeviver/", "/servicesection/", "/provesuccess/", "/navbar/", "/floating/"}
	for _, slug := range []string{"web-development-company-in-noida", "seo-services-in-delhi", "smo-company-in-delhi",
		"graphic-designer-in-delhi", "best-google-ads-agency-in-delhi"} {
		want = append(want, "/"+slug+"/")
	}
	for _, r := range want {
		if byRoute[r] == nil {
			t.Errorf("no page for %s", r)
		}
	}
	if byRoute["/popuplist/"] != nil {
		t.Error("/popuplist is admin-only and must not be public")
	}
	if p := byRoute["/seo-services-in-delhi/"]; p.Name != "landing" || !strings.HasPrefix(p.Head.Title, "Override Title From Record") ||
		p.Head.Description != "Override description from record." || p.Head.Keywords != "override keyword" {
		t.Errorf("landing page meta not overridden by the service record: %+v", p.Head)
	}
	if p := byRoute["/web-development-company-in-noida/"]; p.Name != "landing" || p.Head.Title == "" {
		t.Errorf("unpublished landing page still renders from content: %+v", p)
	}
	if p := byRoute["/video-marketing/"]; p.Name != "servicePage" || !strings.HasSuffix(p.Head.Description, "…") || p.Head.Keywords != "services, test agency" {
		t.Errorf("generic service fallbacks: %+v", p.Head)
	}
	if p := byRoute["/preview/blog/local-seo-for-noida-clinics/"]; p != nil {
		t.Errorf("a post's preview address is a redirect, not a page: %+v", p)
	}
	if p := byRoute["/vision/"]; p.Head.Robots != robotsNoIndex {
		t.Errorf("section repeating the home page must be noindex")
	}
	list := byRoute["/blog/"].Props.(BlogListProps)
	if len(list.Posts) != 3 || list.Posts[0].Title != `Quotes "and" <tags> in titles` {
		t.Errorf("blog list not newest first: %+v", list.Posts)
	}
	if c := list.Posts[1]; c.Category != domain.DefaultCategory || c.Image.Src != "/images/default-blog.svg" || c.Image.Width == 0 {
		t.Errorf("card defaults: %+v", c)
	}
}

func TestBlogArchiveIsStable(t *testing.T) {
	s := newTestSite(t) // 3 posts
	var more []domain.Blog
	for i := 0; i < 2*PostsPerPage; i++ {
		more = append(more, domain.Blog{Title: fmt.Sprintf("Post %03d", i), Content: "<p>x</p>", CreatedAt: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)})
	}
	if err := s.db.Import(more, nil); err != nil {
		t.Fatal(err)
	}
	lists := func() map[string]BlogListProps {
		out := map[string]BlogListProps{}
		for _, p := range planFor(t, s) {
			if p.Name == "blogList" {
				out[p.Route] = p.Props.(BlogListProps)
			}
		}
		return out
	}
	before := lists() // 51 posts: /blog/ and three archive chunks (24, 24, 3)
	if len(before) != 4 {
		t.Fatalf("%d list pages", len(before))
	}
	blog := before["/blog/"]
	if len(blog.Posts) != PostsPerPage || blog.Posts[0].Title != "Post 047" || blog.Pagination.OlderHref != "/blog/page/2/" {
		t.Fatalf("/blog/: %d posts, first %q, pagination %+v", len(blog.Posts), blog.Posts[0].Title, blog.Pagination)
	}
	oldest := before["/blog/page/1/"]
	if len(oldest.Posts) != PostsPerPage || oldest.Pagination.OlderHref != "" || oldest.Pagination.NewerHref != "/blog/page/2/" || oldest.Pagination.Heading != "Blog archive, page 1" {
		t.Fatalf("oldest chunk: %+v", oldest.Pagination)
	}
	if newest := before["/blog/page/3/"]; len(newest.Posts) != 3 || newest.Pagination.NewerHref != "/blog/" {
		t.Fatalf("newest chunk: %d posts, %+v", len(newest.Posts), newest.Pagination)
	}

	// A new post changes /blog/ and the newest chunk only.
	if err := s.db.Import([]domain.Blog{{Title: "Brand New", Content: "<p>x</p>", CreatedAt: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}}, nil); err != nil {
		t.Fatal(err)
	}
	after := lists()
	for route, b := range before {
		if route == "/blog/" || route == "/blog/page/3/" {
			continue
		}
		if asJSON(after[route]) != asJSON(b) {
			t.Errorf("%s changed after one publish", route)
		}
	}
	if asJSON(after["/blog/page/3/"]) == asJSON(before["/blog/page/3/"]) {
		t.Error("the newest chunk did not get the new post")
	}
}

func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestRelatedPostsDoNotChangeOnPublish(t *testing.T) {
	s := newTestSite(t)
	var older []domain.Blog
	for i := 0; i < relatedPosts; i++ {
		older = append(older, domain.Blog{Title: fmt.Sprintf("Old %d", i), Content: "<p>x</p>", CreatedAt: time.Date(2025, 1, 1+i, 0, 0, 0, 0, time.UTC)})
	}
	if err := s.db.Import(older, nil); err != nil {
		t.Fatal(err)
	}
	related := func() map[string]string {
		out := map[string]string{}
		for _, p := range planFor(t, s) {
			if p.Name == "blogPost" {
				out[p.Route] = asJSON(p.Props.(BlogPostProps).Related)
			}
		}
		return out
	}
	before := related()
	if err := s.db.Import([]domain.Blog{{Title: "Newest", Content: "<p>x</p>", CreatedAt: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}}, nil); err != nil {
		t.Fatal(err)
	}
	after := related()
	for route, r := range before {
		if after[route] != r {
			t.Errorf("related posts of %s changed when another post was published", route)
		}
	}
}

func TestCheckLinks(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "about"), 0o755)
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, "about", "index.html"), []byte("ok"), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "a.css"), []byte("ok"), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<a href="/about">a</a><a href="/about/#x">b</a><link href="/assets/a.css">
<a href="https://elsewhere.example/">c</a><a href="tel:+91">d</a><form action="/popup"></form>
<a href="/missing/">e</a><img src="/images/nope.svg"><a href="about/">rel</a>`), 0o644)
	broken, pages, err := CheckLinks(dir)
	if err != nil || pages != 2 {
		t.Fatal(err, pages)
	}
	if len(broken) != 2 || broken[0].Ref != "/images/nope.svg" || broken[1].Ref != "/missing/" {
		t.Fatalf("broken = %v", broken)
	}
}

var jsonLD = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

func ldTypes(t *testing.T, page string) []string {
	var types []string
	for _, m := range jsonLD.FindAllStringSubmatch(page, -1) {
		var v map[string]any
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("JSON-LD does not parse: %v\n%s", err, m[1])
		}
		types = append(types, v["@type"].(string))
	}
	return types
}

func TestBuildEndToEnd(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	b := s.builder(t)
	res, err := b.Build(context.Background(), s.db, Options{Reason: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if res.PagesRendered != res.PagesTotal || res.PagesUnchanged != 0 || !res.Swapped || res.Previous != "" {
		t.Fatalf("first build: %+v", res)
	}
	if got := stageNames(res); got != "load plan diff write render index swap prune" {
		t.Errorf("stages %s", got)
	}
	if len(res.Changes.Written) != len(readTree(t, s.out)) || len(res.Changes.Removed) != 0 {
		t.Errorf("a first build writes every file: %d written of %d, %d removed", len(res.Changes.Written), len(readTree(t, s.out)), len(res.Changes.Removed))
	}

	home := s.read(t, "index.html")
	for _, want := range []string{"<title>Test Agency", `<link rel="canonical" href="https://example.test/">`,
		`<meta name="robots" content="index, follow">`, `property="og:title"`, `<meta name="keywords"`, `data-island="Header"`} {
		if !strings.Contains(home, want) {
			t.Errorf("home lacks %s", want)
		}
	}
	if types := ldTypes(t, home); len(types) == 0 || types[0] != "ProfessionalService" {
		t.Errorf("home JSON-LD types %v", types)
	}
	post := s.read(t, "blog/local-seo-for-noida-clinics/index.html")
	if !strings.Contains(post, "Patients search <strong>near me</strong> first.") || !strings.Contains(post, `content="A checklist for clinics."`) {
		t.Error("post content or meta description missing")
	}
	if types := ldTypes(t, post); len(types) != 1 || types[0] != "BlogPosting" {
		t.Errorf("post JSON-LD %v", types)
	}
	// SPEC §2's second address of a post leads to it: a redirect page and a _redirects rule.
	preview := s.read(t, "preview/blog/local-seo-for-noida-clinics/index.html")
	for _, want := range []string{`<meta http-equiv="refresh" content="0; url=/blog/local-seo-for-noida-clinics/">`,
		`<link rel="canonical" href="https://example.test/blog/local-seo-for-noida-clinics/">`, `<meta name="robots" content="noindex">`} {
		if !strings.Contains(preview, want) {
			t.Errorf("preview address lacks %s:\n%s", want, preview)
		}
	}
	if len(preview) > 1024 {
		t.Errorf("the preview redirect page is %d bytes", len(preview))
	}
	if !strings.Contains(s.read(t, "_redirects"), "/preview/blog/local-seo-for-noida-clinics/ /blog/local-seo-for-noida-clinics/ 301\n") {
		t.Error("_redirects lacks the preview address")
	}
	landing := s.read(t, "seo-services-in-delhi/index.html")
	if types := ldTypes(t, landing); len(types) < 1 || types[0] != "FAQPage" {
		t.Errorf("landing JSON-LD %v", types)
	}
	if !strings.Contains(landing, `href="/contactus/"`) || !strings.Contains(landing, "Get Started") {
		t.Error("landing page lacks its Get Started link to /contactus")
	}
	// Text fields are escaped in every context.
	tricky := s.read(t, "blog/quotes-and-tags-in-titles/index.html")
	if strings.Contains(tricky, "<tags>") {
		t.Error("a title was written unescaped")
	}
	if !strings.Contains(tricky, `<title>Quotes &#34;and&#34; &lt;tags&gt; in titles`) {
		t.Error("title not escaped in <title>")
	}
	list := s.read(t, "blog/index.html")
	for _, title := range []string{"Local SEO for Noida Clinics", "Google Ads Budgets Explained"} {
		if !strings.Contains(list, title) {
			t.Errorf("blog list is not pre-rendered: lacks %q", title)
		}
	}
	sitemap := s.read(t, "sitemap.xml")
	for _, want := range []string{"<loc>https://example.test/blog/local-seo-for-noida-clinics/</loc>", "<loc>https://example.test/OurServices/</loc>", "<loc>https://example.test/seo-services-in-delhi/</loc>"} {
		if !strings.Contains(sitemap, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	if strings.Contains(sitemap, "/preview/") || strings.Contains(sitemap, "/vision/") {
		t.Error("sitemap lists a noindex page")
	}
	if feed := s.read(t, "feed.xml"); !strings.Contains(feed, "<rss") || !strings.Contains(feed, "https://example.test/blog/google-ads-budgets-explained/") {
		t.Error("feed lacks a post")
	}
	if robots := s.read(t, "robots.txt"); !strings.Contains(robots, "Sitemap: https://example.test/sitemap.xml") {
		t.Error("robots.txt lacks the sitemap")
	}
	if nf := s.read(t, "404.html"); !strings.Contains(nf, "noindex") {
		t.Error("404 page must be noindex")
	}
	broken, _, err := CheckLinks(s.out)
	if err != nil || len(broken) > 0 {
		t.Errorf("broken links in the built site: %v %v", broken, err)
	}

	// A second build with nothing changed renders nothing and keeps the generation.
	starts := b.RendererStarts()
	res2, err := b.Build(context.Background(), s.db, Options{})
	if err != nil || res2.PagesRendered != 0 || res2.Swapped || res2.Generation != res.Generation || res2.Previous != res.Generation {
		t.Fatalf("no-change rebuild: %+v %v", res2, err)
	}
	// The store sums its records as stored: the build stops at load, before decoding them.
	if got := stageNames(res2); got != "load" || len(res2.Changes.Written)+len(res2.Changes.Removed) != 0 {
		t.Errorf("no-change rebuild ran %s, changed %+v", got, res2.Changes)
	}
	if b.RendererStarts() != starts {
		t.Error("a no-change rebuild started node")
	}

	// Publishing one post renders that post, its neighbours' related lists, the lists and home:
	// not the whole site.
	if _, err := s.db.CreatePreviewBlog(domain.Blog{Title: "Fresh Post", Category: "News", Content: "<p>Brand new text.</p>"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.PublishBlog("fresh-post", nil); err != nil {
		t.Fatal(err)
	}
	res3, err := b.Build(context.Background(), s.db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res3.PagesRendered == 0 || res3.PagesRendered > res3.PagesTotal/2 {
		t.Fatalf("incremental build rendered %d of %d: %v", res3.PagesRendered, res3.PagesTotal, res3.Rendered)
	}
	if res3.Previous != res.Generation || res3.Generation == res.Generation {
		t.Errorf("publish: generation %s after %s, previous %s", res3.Generation, res.Generation, res3.Previous)
	}
	written := strings.Join(res3.Changes.Written, " ")
	for _, want := range []string{"blog/fresh-post/index.html", "preview/blog/fresh-post/index.html", "blog/index.html", "sitemap.xml", "feed.xml"} {
		if !strings.Contains(" "+written+" ", " "+want+" ") {
			t.Errorf("publish changes lack %s: %s", want, written)
		}
	}
	for _, unchanged := range []string{"about/index.html", "robots.txt", "images/about.svg"} {
		if strings.Contains(" "+written+" ", " "+unchanged+" ") {
			t.Errorf("publish changes list the unchanged %s", unchanged)
		}
	}
	if !strings.Contains(s.read(t, "blog/fresh-post/index.html"), "Brand new text.") {
		t.Error("published post missing")
	}
	for _, r := range []string{"/about/", "/privacy-policy/", "/courses/"} {
		for _, got := range res3.Rendered {
			if got == r {
				t.Errorf("%s re-rendered though its inputs did not change", r)
			}
		}
	}
	// The earlier generation is kept for rollback.
	if _, err := Rollback(s.out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(s.out, "blog", "fresh-post", "index.html")); !errors.Is(err, os.ErrNotExist) {
		t.Error("rollback did not bring the previous generation back")
	}
}

func TestFailedBuildLeavesLiveSite(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	if _, err := s.builder(t).Build(context.Background(), s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	live := LiveGeneration(s.out)
	before := s.read(t, "index.html")

	// The renderer cannot start: the render stage fails.
	broken := s.builder(t, func(c *Config) { c.Node = filepath.Join(s.dir, "no-such-node") })
	s.db.CreatePreviewBlog(domain.Blog{Title: "Never Live", Category: "X", Content: "<p>x</p>"})
	s.db.PublishBlog("never-live", nil)
	_, err := broken.Build(context.Background(), s.db, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "render: ") {
		t.Fatalf("got %v, want a render failure", err)
	}
	if LiveGeneration(s.out) != live || s.read(t, "index.html") != before {
		t.Fatal("a failed build changed the live site")
	}
	if _, err := os.Stat(filepath.Join(s.out, "blog", "never-live")); err == nil {
		t.Fatal("a page of the failed build is live")
	}
	entries, _ := os.ReadDir(generationsDir(s.out))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("failed build left %s behind", e.Name())
		}
	}

	// Broken content fails at the load stage and names the file.
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "site.yaml"), []byte("name: x\nbaseUrl: y\nunknownField: 1\n"), 0o644)
	b := s.builder(t, func(c *Config) { c.ContentDir = bad })
	if _, err := b.Build(context.Background(), s.db, Options{}); err == nil || !strings.HasPrefix(err.Error(), "load: ") || !strings.Contains(err.Error(), "site.yaml") {
		t.Fatalf("got %v", err)
	}
	if LiveGeneration(s.out) != live {
		t.Fatal("live site changed")
	}
}

func TestPreviewRender(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	b := s.builder(t)
	html, err := b.RenderPreviewBlog(context.Background(), nil, domain.Blog{Title: "Draft Title", Slug: "draft-title", Content: "<p>Draft body</p>"})
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	if !strings.Contains(page, "Draft body") || !strings.Contains(page, "noindex") || !strings.Contains(page, "<title>Draft Title") {
		t.Fatalf("preview page: %.400s", page)
	}
	svc, err := b.RenderPreviewService(context.Background(), nil, domain.Service{Title: "SEO", Slug: "seo-services-in-delhi", Description: "<p>Landing record text</p>", MetaTitle: "Preview Meta"})
	if err != nil || !strings.Contains(string(svc), "Landing record text") || !strings.Contains(string(svc), "<title>Preview Meta") {
		t.Fatalf("service preview: %v", err)
	}

	// An uploaded cover shows the media library's alt text, as the published page will.
	const upload = "0123456789abcdef0123456789abcdef.png"
	if err := os.MkdirAll(filepath.Join(s.dir, "uploads"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.dir, "uploads", upload), pngOf(t, 4, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	src := withAlts{Source: s.db, alts: map[string]string{upload: "Our team at the Noida office"}}
	html, err = b.RenderPreviewBlog(context.Background(), src, domain.Blog{Title: "Draft Title", Slug: "draft-title", Content: "<p>Draft body</p>", Image: "/uploads/" + upload})
	if err != nil || !strings.Contains(string(html), `alt="Our team at the Noida office"`) {
		t.Fatalf("preview cover without the library's alt text: %v %.3000s", err, html)
	}
}

// withAlts is a Source with the media library's alt texts.
type withAlts struct {
	Source
	alts map[string]string
}

func (w withAlts) ImageAlts() (map[string]string, error) { return w.alts, nil }

// readTree returns every file under the live generation of out, but the manifest.
func readTree(t *testing.T, out string) map[string]string {
	t.Helper()
	root, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == manifestName || d.Name() == searchStateName {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, _ := os.ReadFile(p)
		files[rel] = string(data)
		return nil
	})
	return files
}

func TestIncrementalBuildsEqualACleanBuild(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	var more []domain.Blog
	for i := 0; i < 30; i++ {
		more = append(more, domain.Blog{Title: fmt.Sprintf("Archive post %02d", i), Content: fmt.Sprintf("<p>Body %d</p>", i),
			CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * 24 * time.Hour)})
	}
	if err := s.db.Import(more, nil); err != nil {
		t.Fatal(err)
	}
	// A content folder of its own, so steps can add and remove images.
	contentCopy := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(contentCopy, os.DirFS(contentDir)); err != nil {
		t.Fatal(err)
	}
	withContent := func(c *Config) { c.ContentDir = contentCopy }
	b := s.builder(t, withContent)
	ctx := context.Background()
	if _, err := b.Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	png, _ := base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
	useImage := func(slug, image string) error {
		_, err := s.db.UpdateBlog(slug, func(b *domain.Blog) error { b.Image = image; return nil })
		return err
	}
	extraImage := filepath.Join(contentCopy, "images", "extra.svg")
	// Publish, edit and delete, building after each through the same (memoising) builder, and
	// through generations reused as they were two builds before.
	steps := []func() error{
		func() error {
			if _, err := s.db.CreatePreviewBlog(domain.Blog{Title: "Newest Post", Category: "News", Content: "<p>Fresh</p>"}); err != nil {
				return err
			}
			_, err := s.db.PublishBlog("newest-post", nil)
			return err
		},
		func() error {
			// A newly used upload must reach a reused generation too.
			if err := os.MkdirAll(filepath.Join(s.dir, "uploads"), 0o755); err != nil {
				return err
			}
			for _, name := range []string{"0123abcd.png", "4567cdef.png"} {
				if err := os.WriteFile(filepath.Join(s.dir, "uploads", name), png, 0o644); err != nil {
					return err
				}
			}
			_, err := s.db.UpdateBlog("archive-post-10", func(b *domain.Blog) error {
				b.Title, b.Image = "Archive post ten, edited", "/uploads/0123abcd.png"
				return nil
			})
			return err
		},
		func() error {
			_, err := s.db.UpdateBlog("archive-post-11", func(b *domain.Blog) error { b.Content = "<p>Eleven, rewritten</p>"; return nil })
			return err
		},
		func() error { return s.db.DeleteBlog("archive-post-20") },
		// Files the site stops using leave it, also from a reused generation that has them.
		func() error { return useImage("archive-post-12", "/uploads/4567cdef.png") },
		func() error { return os.WriteFile(extraImage, []byte(`<svg width="2" height="2"></svg>`), 0o644) },
		func() error { return useImage("archive-post-12", "") },
		func() error { return os.Remove(extraImage) },
		// A service's record and a landing page's markdown edited: neither the service page's
		// encoding nor the content folder a long-lived builder keeps may stand for the new ones.
		func() error {
			_, err := s.db.UpdateRecord(domain.Services, store.Published, "video-marketing", func(r domain.Record) error {
				r.(*domain.Service).Description = "<p>Video, rewritten.</p>"
				return nil
			})
			return err
		},
		func() error {
			landing := filepath.Join(contentCopy, "landing", "seo-services-in-delhi.md")
			md, err := os.ReadFile(landing)
			if err != nil {
				return err
			}
			return os.WriteFile(landing, append(md, "\n\nA paragraph added to the landing page.\n"...), 0o644)
		},
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatal(err)
		}
		res, err := b.Build(ctx, s.db, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkManifestFile(t, s.out, i)
		if i == 0 && res.PagesRendered > 12 {
			t.Errorf("a publish rendered %d pages: %v", res.PagesRendered, res.Rendered)
		}
		if i == 3 && !slices.Contains(res.Changes.Removed, "blog/archive-post-20/index.html") {
			t.Errorf("deleting a post removed %v", res.Changes.Removed)
		}
		if i == 7 && !reflect.DeepEqual(res.Changes, Changes{Removed: []string{"images/extra.svg"}}) {
			t.Errorf("removing an image changed %+v", res.Changes)
		}
	}
	incremental := readTree(t, s.out)
	if _, ok := incremental["uploads/0123abcd.png"]; !ok {
		t.Error("the newly used upload is not in the site")
	}

	cleanOut := filepath.Join(t.TempDir(), "dist")
	fresh := s.builder(t, withContent, func(c *Config) { c.OutDir = cleanOut })
	if _, err := fresh.Build(ctx, s.db, Options{Clean: true}); err != nil {
		t.Fatal(err)
	}
	clean := readTree(t, cleanOut)
	// The search index keeps its changes in a delta segment, so its files differ from a fresh
	// build's; what it answers does not (compared below).
	for _, tree := range []map[string]string{clean, incremental} {
		for name := range tree {
			if isSearchFile(filepath.ToSlash(name)) {
				delete(tree, name)
			}
		}
	}
	if len(clean) != len(incremental) {
		t.Errorf("%d files incrementally, %d clean", len(incremental), len(clean))
	}
	for name, want := range clean {
		if got, ok := incremental[name]; !ok {
			t.Errorf("%s missing from the incremental site", name)
		} else if got != want {
			t.Errorf("%s differs from a clean build", name)
		}
	}
	for name := range incremental {
		if _, ok := clean[name]; !ok {
			t.Errorf("%s left behind in the incremental site", name)
		}
	}
	for _, q := range []string{"archive post ", "eleven rewritten ", "body ", "ten edited "} {
		if got, want := searchAnswers(t, s.out, q), searchAnswers(t, cleanOut, q); !reflect.DeepEqual(got, want) {
			t.Errorf("search %q: incremental %v, clean %v", q, got, want)
		}
	}
}

// A landing page at an address the site uses (content/landing/about.md beside the about page)
// fails the build with the file named and what to do, and the live site stays; two planned
// pages writing one file are an error however they came about.
func TestALandingPageAtATakenAddressFailsTheBuild(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	contentCopy := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(contentCopy, os.DirFS(contentDir)); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(contentCopy, "landing", "seo-services-in-delhi.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(contentCopy, "landing", "about.md"), md, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, guard := range []bool{false, true} {
		b := s.builder(t, func(c *Config) { c.ContentDir = contentCopy })
		_, err := b.Build(context.Background(), s.db, Options{GuardRemovals: guard})
		if err == nil || !strings.Contains(err.Error(), "about.md") || !strings.Contains(err.Error(), "rename the file") {
			t.Errorf("guard %v: a landing page at /about/ built with %v", guard, err)
		}
	}
	if LiveGeneration(s.out) != "" {
		t.Error("a failed build made a generation live")
	}
	pages := []*planned{{Page: &Page{File: "about/index.html"}}, {Page: &Page{File: "blog/index.html"}}, {Page: &Page{File: "about/index.html"}}}
	if _, err := pageFiles(pages); err == nil || err.Error() != "two pages write about/index.html" {
		t.Errorf("two pages writing about/index.html: %v", err)
	}
}

// checkManifestFile holds the live generation's manifest, as written, to encoding/json's
// encoding of what it says: a publish encodes its maps beside its writes and renders, copying
// the entries alike from the previous manifest's bytes.
func checkManifestFile(t *testing.T, out string, step int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, manifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("step %d: the manifest does not read back: %v", step, err)
	}
	type plain manifest // without the MarshalJSON method
	want, err := json.Marshal(plain(m))
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != string(want) {
		t.Errorf("step %d: the manifest written is not encoding/json's encoding of itself", step)
	}
	if m.Generation != filepath.Base(LiveGeneration(out)) || len(m.Pages) == 0 || len(m.Files) == 0 {
		t.Errorf("step %d: the manifest names %q (live %q), %d pages, %d files", step, m.Generation, LiveGeneration(out), len(m.Pages), len(m.Files))
	}
}

func stageNames(res Result) string {
	var names []string
	for _, s := range res.Stages {
		names = append(names, s.Name)
	}
	return strings.Join(names, " ")
}

// memorySource holds its records in memory and cannot sum them as stored.
type memorySource struct {
	Undigested
	blogs    []domain.Blog
	services []domain.Service
}

func (m *memorySource) Blogs() ([]domain.Blog, error)       { return m.blogs, nil }
func (m *memorySource) Services() ([]domain.Service, error) { return m.services, nil }

func TestASourceWithoutDigest(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	blogs, _ := s.db.Blogs()
	services, _ := s.db.Services()
	src := &memorySource{blogs: blogs, services: services}
	b := s.builder(t)
	ctx := context.Background()
	if _, err := b.Build(ctx, src, Options{}); err != nil {
		t.Fatal(err)
	}
	// The sum of the decoded records stands in for the digest.
	again, err := b.Build(ctx, src, Options{})
	if err != nil || again.Swapped || stageNames(again) != "load" {
		t.Fatalf("unchanged records: %+v %v", again, err)
	}
	src.blogs = slices.Clone(blogs)
	src.blogs[0].Content = "<p>Edited in memory</p>"
	src.blogs[0].UpdatedAt = time.Now() // as the store stamps every write (the plan memo relies on it)
	edited, err := b.Build(ctx, src, Options{})
	if err != nil || !edited.Swapped || !slices.Contains(edited.Rendered, "/blog/"+blogs[0].Slug+"/") {
		t.Fatalf("edited record: %+v %v", edited, err)
	}
	if !strings.Contains(s.read(t, "blog/"+blogs[0].Slug+"/index.html"), "Edited in memory") {
		t.Error("the edit is not in the site")
	}
}

// A sixth hand-written landing page is one new markdown file in content/landing/: nothing else.
func TestASixthLandingPageIsOneMarkdownFile(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	dir := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(dir, os.DirFS(contentDir)); err != nil {
		t.Fatal(err)
	}
	const slug = "content-marketing-in-noida"
	landing := `---
title: "Content Marketing in Noida"
description: "Articles and guides that bring enquiries."
keywords: "content marketing Noida"
service: "Content Marketing"
hero:
  heading: "Content that answers your buyers"
  text: "Guides your customers search for."
  cta: {href: "/contactus", label: "Plan my content"}
faqs:
  - question: "Who writes the articles?"
    answer: "Our writers, after an interview with you."
---

## What We Write

Guides, case studies and service pages.
`
	if err := os.WriteFile(filepath.Join(dir, "landing", slug+".md"), []byte(landing), 0o644); err != nil {
		t.Fatal(err)
	}
	b := s.builder(t, func(c *Config) { c.ContentDir = dir })
	if _, err := b.Build(context.Background(), s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	page := s.read(t, slug+"/index.html")
	for _, want := range []string{"<title>Content Marketing in Noida", `<link rel="canonical" href="https://example.test/` + slug + `/">`,
		"Content that answers your buyers", "Guides, case studies and service pages.", `href="/contactus/"`, "Plan my content", "Who writes the articles?"} {
		if !strings.Contains(page, want) {
			t.Errorf("the new landing page lacks %s", want)
		}
	}
	if types := ldTypes(t, page); len(types) != 2 || types[0] != "FAQPage" || types[1] != "Service" {
		t.Errorf("landing JSON-LD %v", types)
	}
	if !strings.Contains(s.read(t, "sitemap.xml"), "<loc>https://example.test/"+slug+"/</loc>") {
		t.Error("the new landing page is not in the sitemap")
	}
	// A service record with its slug previews (and publishes) as that landing page.
	preview, err := b.RenderPreviewService(context.Background(), nil, domain.Service{Title: "Content Marketing", Slug: slug, Description: "<p>Record text</p>"})
	if err != nil || !strings.Contains(string(preview), "Content that answers your buyers") || !strings.Contains(string(preview), "Record text") {
		t.Fatalf("service preview on the new landing page: %v", err)
	}
}

// tileTitles lists the titles of a services section's tiles.
func tileTitles(tiles []ServiceTile) []string {
	out := make([]string, len(tiles))
	for i, t := range tiles {
		out[i] = t.Title
	}
	return out
}

func TestPublishedServicesAreListedBesideTheCuratedTiles(t *testing.T) {
	s := newTestSite(t) // curated: "SEO" → /seo-services-in-delhi; published: that landing's record and "Video Marketing"
	byRoute := map[string]*Page{}
	for _, p := range planFor(t, s) {
		byRoute[p.Route] = p
	}
	home := byRoute["/"].Props.(HomeProps)
	if got := tileTitles(home.Services); asJSON(got) != `["SEO","Video Marketing"]` {
		t.Fatalf("home's services: %v (the published service is missing, or the landing's record repeats its curated tile)", got)
	}
	video := home.Services[1]
	if video.Href != "/video-marketing/" || video.Tag != "Video" || !strings.HasSuffix(video.Description, "…") ||
		video.Image.Src != "/images/default-service.svg" || video.Image.Width == 0 {
		t.Errorf("tile of a published service: %+v", video)
	}
	if got := tileTitles(byRoute["/services/"].Props.(SectionPageProps).Home.Services); asJSON(got) != `["SEO","Video Marketing"]` {
		t.Errorf("/services lists %v", got)
	}
	// Sections that show no services keep the curated tiles only: publishing a service does not re-render them.
	for _, r := range []string{"/vision/", "/blogslider/", "/cards/"} {
		if got := tileTitles(byRoute[r].Props.(SectionPageProps).Home.Services); asJSON(got) != `["SEO"]` {
			t.Errorf("%s carries %v", r, got)
		}
	}
	if n := len(byRoute["/"].Props.(HomeProps).Slides); n == 0 {
		t.Error("home lost its slides")
	}

	// Many published services: home shows the curated tiles and the newest others up to its limit,
	// /services every one; a service titled like a curated tile is not shown twice.
	var more []domain.Service
	for i := 1; i <= 12; i++ {
		more = append(more, domain.Service{Title: fmt.Sprintf("Extra Service %02d", i), Category: "Extra", Description: "<p>Extra.</p>",
			CreatedAt: time.Date(2026, 6, i, 5, 0, 0, 0, time.UTC)})
	}
	more = append(more, domain.Service{Title: "seo", Slug: "seo-again", Description: "<p>Same title.</p>", CreatedAt: time.Date(2026, 7, 1, 5, 0, 0, 0, time.UTC)})
	if err := s.db.Import(nil, more); err != nil {
		t.Fatal(err)
	}
	byRoute = map[string]*Page{}
	for _, p := range planFor(t, s) {
		byRoute[p.Route] = p
	}
	home = byRoute["/"].Props.(HomeProps)
	// "Video Marketing" was imported without a date, so it is dated at the import: the newest.
	want := []string{"SEO", "Extra Service 06", "Extra Service 07", "Extra Service 08", "Extra Service 09",
		"Extra Service 10", "Extra Service 11", "Extra Service 12", "Video Marketing"}
	if got := tileTitles(home.Services); asJSON(got) != asJSON(want) {
		t.Errorf("home's services with 14 published:\n got %v\nwant %v", got, want)
	}
	if n := len(byRoute["/services/"].Props.(SectionPageProps).Home.Services); n != 14 {
		t.Errorf("/services lists %d tiles, want the curated one and 13 published others", n)
	}
	if n := len(byRoute["/OurServices/"].Props.(ServiceListProps).Services); n != 15 {
		t.Errorf("/OurServices lists %d services, want all 15 published", n)
	}
}

// A single build (sitegen build: OneShot, encodings let go and made again as pages render) with
// two render processes writes the same site as the long-lived builder's clean build, and its
// manifest lets the next build reuse every page.
func TestOneShotBuildWritesTheSameSite(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	if _, err := s.builder(t).Build(context.Background(), s.db, Options{Clean: true}); err != nil {
		t.Fatal(err)
	}
	want := readTree(t, s.out)
	one := s.builder(t, func(c *Config) { c.OneShot, c.RenderProcesses = true, 2 })
	res, err := one.Build(context.Background(), s.db, Options{Clean: true})
	if err != nil {
		t.Fatal(err)
	}
	got := readTree(t, s.out)
	if len(got) != len(want) {
		t.Errorf("%d files, want %d", len(got), len(want))
	}
	for f, data := range want {
		if f != manifestName && got[f] != data {
			t.Errorf("%s differs from the long-lived builder's", f)
		}
	}
	again, err := s.builder(t, func(c *Config) { c.OneShot = true }).Build(context.Background(), s.db, Options{})
	if err != nil || again.PagesRendered != 0 || again.Generation != res.Generation {
		t.Fatalf("the next build after a one-shot build: %+v %v", again, err)
	}
}

// unreadable is the test site's store with every post's text unreadable, as a post changed or
// unpublished while a single build runs would be.
type unreadable struct{ *store.DB }

func (unreadable) BlogText(slug string, _ time.Time) (string, error) {
	return "", fmt.Errorf("blog %s changed while the site was built", slug)
}

// A single build takes the posts without their text from a TextSource and reads each text as it
// needs it: one it cannot read fails the build, and the live site stays.
func TestOneShotBuildFailsOnATextItCannotRead(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	if _, err := s.builder(t).Build(context.Background(), s.db, Options{Clean: true}); err != nil {
		t.Fatal(err)
	}
	live := LiveGeneration(s.out)
	one := s.builder(t, func(c *Config) { c.OneShot = true })
	_, err := one.Build(context.Background(), unreadable{s.db}, Options{Clean: true})
	if err == nil || !strings.Contains(err.Error(), "changed while the site was built") {
		t.Fatalf("a build whose post texts cannot be read: %v", err)
	}
	if LiveGeneration(s.out) != live {
		t.Fatal("a failed build replaced the live site")
	}
	if _, err := one.Build(context.Background(), s.db, Options{Clean: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.read(t, "blog/local-seo-for-noida-clinics/index.html"), "near me") {
		t.Fatal("a post's text is not on its page")
	}
}

// counting is the test site's store, counting the reads of each post's text.
type counting struct {
	*store.DB
	mu    sync.Mutex
	reads map[string]int
}

func (c *counting) BlogText(slug string, updated time.Time) (string, error) {
	c.mu.Lock()
	c.reads[slug]++
	c.mu.Unlock()
	return c.DB.BlogText(slug, updated)
}

// A single build of a site whose texts fit its budget keeps each text from its first read (for
// the uploads, excerpt and description) to its last use (the search entry): one read a post.
func TestOneShotBuildReadsEachTextOnce(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	src := &counting{DB: s.db, reads: map[string]int{}}
	if _, err := s.builder(t, func(c *Config) { c.OneShot = true }).Build(context.Background(), src, Options{Clean: true}); err != nil {
		t.Fatal(err)
	}
	posts, err := s.db.Blogs()
	if err != nil {
		t.Fatal(err)
	}
	if len(src.reads) != len(posts) {
		t.Fatalf("read the text of %d posts of %d", len(src.reads), len(posts))
	}
	for slug, n := range src.reads {
		if n != 1 {
			t.Errorf("read %s's text %d times", slug, n)
		}
	}
	if !strings.Contains(s.read(t, "blog/local-seo-for-noida-clinics/index.html"), "near me") {
		t.Fatal("a post's text is not on its page")
	}
}

// TestWarmBuilderPublishesLikeAWarmOne checks that a Builder warmed at start (adminapi serve
// warms its builder) takes its first publish's unchanged pages from its plan memo, as a builder
// that has built before does, and that warming writes nothing.
func TestWarmBuilderPublishesLikeAWarmOne(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	ctx := context.Background()
	if _, err := s.builder(t, func(c *Config) { c.OneShot = true }).Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	live := LiveGeneration(s.out)
	publish := func(title string) {
		t.Helper()
		if _, err := s.db.CreatePreviewBlog(domain.Blog{Title: title, Category: "News", Content: "<p>New</p>"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.PublishBlog(domain.Slugify(title), nil); err != nil {
			t.Fatal(err)
		}
	}

	cold := s.builder(t)
	publish("First after a cold start")
	res, err := cold.Build(ctx, s.db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Encoded != res.PagesTotal {
		t.Fatalf("a cold builder encoded %d of %d pages; want all", res.Encoded, res.PagesTotal)
	}
	publish("Second after a cold start")
	if res, err = cold.Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	second := res.Encoded
	if second >= res.PagesTotal {
		t.Fatalf("a builder's second publish encoded %d of %d pages; want fewer", second, res.PagesTotal)
	}

	warm := s.builder(t)
	live = LiveGeneration(s.out)
	entries, _ := os.ReadDir(generationsDir(s.out))
	if err := warm.Warm(ctx, s.db); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadDir(generationsDir(s.out))
	if LiveGeneration(s.out) != live || len(after) != len(entries) {
		t.Fatalf("warming changed the site: live %s → %s, %d → %d generations", live, LiveGeneration(s.out), len(entries), len(after))
	}
	publish("First after a warm start")
	if res, err = warm.Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	if res.Encoded != second {
		t.Fatalf("a warmed builder's first publish encoded %d of %d pages; a builder's second publish %d", res.Encoded, res.PagesTotal, second)
	}
	if !strings.Contains(s.read(t, "blog/first-after-a-warm-start/index.html"), "First after a warm start") {
		t.Fatal("the post published after warming is not on the site")
	}
}

// TestBeforeLiveRunsJustBeforeTheSwitch: BeforeLive is called once the new generation is
// complete, while the old one is still live; its error fails the build at the swap stage and
// the live site stays as it was (the new generation removed); a build with nothing to change
// does not call it.
func TestBeforeLiveRunsJustBeforeTheSwitch(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	b := s.builder(t)
	if _, err := b.Build(context.Background(), s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	live := LiveGeneration(s.out)
	s.db.CreatePreviewBlog(domain.Blog{Title: "Goes Live", Category: "X", Content: "<p>x</p>"})
	s.db.PublishBlog("goes-live", nil)

	refused := errors.New("the schedule could not end")
	_, err := b.Build(context.Background(), s.db, Options{BeforeLive: func() error { return refused }})
	if !errors.Is(err, refused) || !strings.HasPrefix(err.Error(), "swap: ") {
		t.Fatalf("got %v, want the swap stage to fail with BeforeLive's error", err)
	}
	if LiveGeneration(s.out) != live {
		t.Fatal("the site went live though BeforeLive refused")
	}
	if entries, _ := os.ReadDir(generationsDir(s.out)); len(entries) != 1 {
		t.Fatalf("generations left: %v", entries)
	}

	calls := 0
	var liveAtCall string
	res, err := b.Build(context.Background(), s.db, Options{BeforeLive: func() error {
		calls++
		liveAtCall = LiveGeneration(s.out)
		return nil
	}})
	if err != nil || calls != 1 || liveAtCall != live || filepath.Base(LiveGeneration(s.out)) != res.Generation || filepath.Base(live) == res.Generation {
		t.Fatalf("calls %d, live at the call %s (was %s), now %s, built %s: %v", calls, liveAtCall, live, LiveGeneration(s.out), res.Generation, err)
	}
	if _, err := b.Build(context.Background(), s.db, Options{BeforeLive: func() error { calls++; return nil }}); err != nil || calls != 1 {
		t.Fatalf("a build with nothing to change called BeforeLive (%d calls): %v", calls, err)
	}
}
