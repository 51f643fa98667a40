package generator

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
)

// Page is one file of the site: where it goes, what renders it and its head.
type Page struct {
	Route    string // URL path: "/", "/about/", "/blog/my-post/"
	File     string // path under the generation: "index.html", "about/index.html", "404.html"
	Name     string // the renderer's page name (site/src/types.ts PageName)
	Props    any
	Head     Head
	Sitemap  bool      // listed in sitemap.xml
	Modified time.Time // sitemap lastmod
	// memoKey names the page's own inputs when the planner can (posts); memo is last build's
	// encoding of the page when those inputs are unchanged, and Props and Head are then unset.
	memoKey string
	memo    *memoEntry
	// BodyRoute, when set, is the route the body is rendered for: a page that shows the same
	// view as another at a second address (/ourservices/ beside /OurServices/) names
	// that page's route, so the two share one render and differ only in their heads.
	BodyRoute string
	// remake, when set (posts), makes Props and Head again: a single build of every page lets
	// them go once the page is hashed and makes them again when it renders (run.lazy).
	remake func() (any, Head)
}

// Head is what goes into a page's <head>.
type Head struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Keywords    string `json:"keywords"`
	Canonical   string `json:"canonical"`
	Robots      string `json:"robots"`
	OGType      string `json:"ogType"`
	Image       string `json:"image"` // absolute URL
	Published   string `json:"published,omitempty"`
	Modified    string `json:"modified,omitempty"`
	JSONLD      []any  `json:"jsonLd,omitempty"`
}

const (
	robotsIndex   = "index, follow"
	robotsNoIndex = "noindex, follow"
	// PostsPerPage is how many cards one page of /blog lists.
	PostsPerPage = 24
	homePosts    = 6
	// homeServiceTiles is the most service tiles home shows: the curated ones of
	// collections/home.yaml, then the newest published services they do not already show.
	// /services shows them all, /OurServices every published one.
	homeServiceTiles = 9
	relatedPosts     = 3
	descLimit        = 150
	feedItems        = 50
)

// IST is the agency's time zone, used for displayed dates.
var IST = time.FixedZone("IST", 5*3600+1800)

// sectionRoutes are the section views of SPEC §2 that exist as pages of their own (their
// titles are in content/collections/sections.yaml). Only /testimonials is more than a repeat
// of the home page, so only it is indexed.
var sectionRoutes = []string{"cards", "contactquery", "vision", "dedicated", "chooseus", "testimonials", "services",
	"whychooseservices", "testimonialsslider", "blogslider", "whydigitalreeviver", "servicesection", "provesuccess",
	"navbar", "floating"}

const indexedSection = "testimonials"

// planner turns sources into pages.
type planner struct {
	src      *contentdir.Content
	site     SiteInfo
	base     string
	images   *imageCache
	blogs    []domain.Blog
	services []domain.Service
	cards    []BlogCard
	warn     func(msg string, args ...any)
	memo     *planMemo           // last build's encodings (nil: none)
	keys     []string            // recordKey of each post, by index in blogs (the run's, or made by plan)
	newCards map[string]BlogCard // the cards of this build, for the next one's memo (not oneShot)
	// texts reads the posts' text when the blogs were listed without it (nil: they carry it).
	texts *postTexts
	// lazy: the pages are made again as they render (run.lazy), so a post's page is made only
	// when encoded; oneShot: no memo is kept for a next build (Config.OneShot).
	lazy, oneShot bool
}

// newPlanner plans the site from the content folder src and the published records, with the
// settings of cfg; clientDir holds the renderer's public files (the default images).
func newPlanner(cfg Config, clientDir string, src *contentdir.Content, blogs []domain.Blog, services []domain.Service) *planner {
	site := siteInfo(cfg, src)
	warn := func(string, ...any) {}
	if cfg.Logger != nil {
		warn = cfg.Logger.Warn
	}
	return &planner{
		src: src, site: site, base: site.BaseURL, blogs: blogs, services: services,
		images: newImageCache(cfg.ContentDir, clientDir, cfg.UploadsDir, warn), warn: warn,
	}
}

// siteInfo is what every page gets of the agency's facts, with the settings' overrides.
func siteInfo(cfg Config, src *contentdir.Content) SiteInfo {
	s := src.Site
	info := SiteInfo{Facts: s.Facts, FormEndpoint: orDefault(cfg.FormEndpoint, orDefault(s.FormEndpoint, "/popup")),
		TurnstileSiteKey: orDefault(cfg.TurnstileSiteKey, s.TurnstileSiteKey),
		DefaultCountry:   s.DefaultCountry, IntakeOrigin: cfg.Intake.origin(),
		ServicesMenu: slashLinks(s.ServicesMenu), FooterLinks: slashLinks(s.FooterLinks), Year: time.Now().In(IST).Year()}
	info.BaseURL = strings.TrimRight(orDefault(cfg.BaseURL, s.BaseURL), "/")
	info.leads(s.AttributionMode())
	return info
}

// slashHref gives an internal page link its trailing slash, the address the page is served at
// (dist/<route>/index.html), so a visitor's click costs no redirect.
func slashHref(href string) string {
	if !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") || strings.HasSuffix(href, "/") ||
		strings.ContainsAny(href, "?#") || strings.Contains(href[strings.LastIndex(href, "/"):], ".") {
		return href
	}
	return href + "/"
}

func slashLinks(in []contentdir.Link) []contentdir.Link {
	out := make([]contentdir.Link, len(in))
	for i, l := range in {
		out[i] = contentdir.Link{Href: slashHref(l.Href), Label: l.Label}
	}
	return out
}

func routeFile(route string) string {
	if route == "/" {
		return "index.html"
	}
	return strings.Trim(route, "/") + "/index.html"
}

// richText is a record's rich text as its page shows it: uploaded images in every size they
// come in, and only links that leave the site opening a new tab (an absolute link to the site's
// own address opens where it is, like a relative one).
func (p *planner) richText(fragment string) string {
	var host string
	if u, err := url.Parse(p.base); err == nil {
		host = u.Hostname()
	}
	return domain.LinkTargets(p.images.richImages(fragment), host)
}

func (p *planner) abs(path string) string {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		return path
	}
	return p.base + path
}

func (p *planner) title(t string) string {
	if t == "" {
		return p.site.Name
	}
	if strings.Contains(t, p.site.Name) {
		return t
	}
	return t + " | " + p.site.Name
}

// pageHead is the head of a page whose copy is content/pages/<name>.md.
func (p *planner) pageHead(name, route, robots string) Head {
	c := p.src.Pages[name].Head
	return p.head(c.Title, c.Description, c.Keywords, route, robots)
}

func (p *planner) head(title, desc, keywords, route, robots string) Head {
	if desc == "" {
		desc = p.src.Site.DefaultDescription
	}
	if keywords == "" {
		keywords = p.src.Site.DefaultKeywords
	}
	return Head{
		Title: p.title(title), Description: desc, Keywords: keywords,
		Canonical: p.abs(route), Robots: robots, OGType: "website",
		Image: p.abs("/images/og-default.png"),
	}
}

// describe is SPEC §9's meta description fallback: the first 150 characters of the plain text,
// plus an ellipsis.
func describe(html string) string {
	t := plainPrefix(html, descLimit)
	if utf8.RuneCountInString(t) <= descLimit {
		return t
	}
	return strings.TrimSpace(string([]rune(t)[:descLimit])) + "…"
}

// cardTextLimit is where a card's text made from a meta description is cut: the length search
// engines show of one, so a description written for them shows whole.
const cardTextLimit = 160

// cardText is a card's text: the meta description the editor wrote, when there is one, else
// body, the excerpt of the text (made by the caller, since a build may hold only that).
func cardText(metaDescription string, body func() string) string {
	if d := strings.Join(strings.Fields(metaDescription), " "); d != "" {
		if utf8.RuneCountInString(d) <= cardTextLimit {
			return d
		}
		return strings.TrimSpace(string([]rune(d)[:cardTextLimit])) + "…"
	}
	return body()
}

func excerpt(html string) string {
	t := plainPrefix(html, domain.PreviewLimit)
	if utf8.RuneCountInString(t) <= domain.PreviewLimit {
		return t
	}
	return strings.TrimSpace(string([]rune(t)[:domain.PreviewLimit])) + "…"
}

func displayDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(IST).Format("2 January 2006")
}

func isoDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// blogCard is post i's card.
func (p *planner) blogCard(i int) BlogCard {
	b := &p.blogs[i]
	ex := cardText(b.MetaDescription, func() string {
		if p.texts != nil {
			return p.texts.excerpts[i]
		}
		return excerpt(b.Content)
	})
	return BlogCard{
		Title: b.Title, Slug: b.Slug, Href: "/blog/" + b.Slug + "/",
		Category: domain.Category(b.Category), Excerpt: ex,
		Date: isoDate(b.CreatedAt), DateDisplay: displayDate(b.CreatedAt),
		Image: p.images.image(b.Image, b.Title, "/images/default-blog.svg"),
	}
}

// plan lists every page of the site.
func (p *planner) plan() ([]*Page, error) {
	p.cards = make([]BlogCard, len(p.blogs))
	fresh := false // newCards is a new map, to fill with every card
	switch {
	case p.oneShot:
	case p.memo != nil && p.memo.cards != nil && len(p.memo.cards) <= 2*len(p.blogs)+64:
		// A card depends only on its record's version (and what the memo's key covers): the
		// last build's cards are added to, not copied into a new map of every post.
		p.newCards = p.memo.cards
	default:
		p.newCards, fresh = make(map[string]BlogCard, len(p.blogs)), true
	}
	if len(p.keys) != len(p.blogs) {
		p.keys = recordKeys(p.blogs)
	}
	for i := range p.blogs {
		key := p.keys[i]
		card, ok := BlogCard{}, false
		if p.memo != nil {
			card, ok = p.memo.cards[key]
		}
		if !ok {
			card = p.blogCard(i)
		}
		if !ok || fresh {
			if p.newCards != nil {
				p.newCards[key] = card
			}
		}
		p.cards[i] = card
	}
	home := p.homeProps()
	courses := p.coursesProps()
	var pages []*Page
	add := func(pg *Page) {
		if pg.File == "" {
			pg.File = routeFile(pg.Route)
		}
		pages = append(pages, pg)
	}

	h := p.pageHead("home", "/", robotsIndex)
	h.JSONLD = []any{p.businessLD(), p.websiteLD()}
	add(&Page{Route: "/", Name: "home", Props: home, Head: h, Sitemap: true})

	add(&Page{Route: "/about/", Name: "about", Props: p.aboutProps(), Sitemap: true, Head: p.pageHead("about", "/about/", robotsIndex)})

	contact := p.src.Pages["contactus"]
	add(&Page{Route: "/contactus/", Name: "contact", Sitemap: true, Props: ContactProps{Title: contact.Heading, Intro: contact.Intro},
		Head: p.pageHead("contactus", "/contactus/", robotsIndex)})

	thanks := p.src.Pages["thank-you"]
	add(&Page{Route: "/thank-you/", Name: "thankYou", Props: ThankYouProps{Title: thanks.Heading, Text: thanks.Text},
		Head: p.pageHead("thank-you", "/thank-you/", "noindex, nofollow")})

	pages = append(pages, p.blogPages()...)

	svcCards := make([]ServiceCard, 0, len(p.services))
	for _, s := range p.services {
		if domain.ReservedSlug(s.Slug) || !domain.ValidSlug(s.Slug) {
			continue
		}
		svcCards = append(svcCards, ServiceCard{
			Title: s.Title, Slug: s.Slug, Href: "/" + s.Slug + "/", Category: domain.Category(s.Category),
			Excerpt: cardText(s.MetaDescription, func() string { return excerpt(s.Description) }),
			Image:   p.images.image(s.Image, s.Title, "/images/default-service.svg"),
		})
	}
	listHead := p.pageHead("OurServices", "/OurServices/", robotsIndex)
	add(&Page{Route: "/OurServices/", Name: "serviceList", Props: ServiceListProps{Services: svcCards}, Head: listHead, Sitemap: true})
	add(&Page{Route: "/ourservices/", BodyRoute: "/OurServices/", Name: "serviceList", Props: ServiceListProps{Services: svcCards}, Head: listHead})

	pages = append(pages, p.servicePages()...)

	for _, name := range []string{"privacy-policy", "terms-conditions"} {
		doc, route := p.src.Pages[name], "/"+name+"/"
		add(&Page{Route: route, Name: "policy", Sitemap: true, Props: PolicyProps{Title: doc.Title, Updated: doc.Updated, HTML: doc.HTML},
			Head: p.pageHead(name, route, robotsIndex)})
	}

	courseHead := p.pageHead("courses", "/courses/", robotsIndex)
	courseHead.JSONLD = []any{p.coursesLD(courses)}
	add(&Page{Route: "/courses/", Name: "courses", Props: courses, Head: courseHead, Sitemap: true})

	// Only the blog slider shows posts and only /services the published services; the other
	// sections leave them out so that publishing a post or a service does not re-render them.
	homeNoPosts := home
	homeNoPosts.Posts = []BlogCard{}
	homeNoPosts.Services = p.curatedTiles()
	for _, slug := range sectionRoutes {
		title := p.src.SectionTitles[slug]
		if title == "" {
			return nil, fmt.Errorf("content/collections/sections.yaml has no title for /%s", slug)
		}
		robots := robotsNoIndex
		if slug == indexedSection {
			robots = robotsIndex
		}
		sectionHome := homeNoPosts
		switch slug {
		case "blogslider":
			sectionHome = home
			sectionHome.Services = homeNoPosts.Services
		case "services":
			sectionHome.Services = p.serviceTiles()
		}
		add(&Page{Route: "/" + slug + "/", Name: "section", Sitemap: slug == indexedSection,
			Props: SectionPageProps{Section: slug, Title: title, Home: sectionHome, Courses: courses},
			Head:  p.head(title, "", "", "/"+slug+"/", robots)})
	}

	add(p.searchPage(pages))

	nf := p.pageHead("404", "/404", "noindex, follow")
	nf.Canonical = ""
	add(&Page{Route: "/404", File: "404.html", Name: "notFound", Props: struct{}{}, Head: nf})
	return pages, nil
}

// memoFor returns last build's encoding of route when its inputs are still key.
func (p *planner) memoFor(route, key string) *memoEntry {
	if p.memo == nil {
		return nil
	}
	if e := p.memo.pages[route]; e != nil && e.key == key {
		return e
	}
	return nil
}

// archiveHref is the address of archive page c (0 holds the oldest posts).
func archiveHref(c int) string { return fmt.Sprintf("/blog/page/%d/", c+1) }

// blogPages plans /blog/, its archive pages and every post. A post's second address of SPEC §2,
// /preview/blog/{slug}/, is no page of its own but a redirect to the post (previewRedirects).
//
// /blog/ lists the newest PostsPerPage posts. Older posts are reached through archive pages of
// fixed chunks counted from the oldest post (chunk c holds the posts c*PostsPerPage to
// (c+1)*PostsPerPage-1 in publishing order), so a new post changes /blog/ and the newest chunk,
// not every list page as newest-first numbering would.
func (p *planner) blogPages() []*Page {
	var pages []*Page
	n := len(p.cards)
	card := func(oldestFirst int) BlogCard { return p.cards[n-1-oldestFirst] }
	chunks := 0
	if n > PostsPerPage {
		chunks = (n + PostsPerPage - 1) / PostsPerPage
	}
	blogPage := p.src.Pages["blog"]
	listHead := func(title, route string) Head {
		return p.head(title, blogPage.Description, blogPage.Keywords, route, robotsIndex)
	}

	first := BlogListProps{Posts: p.cards[:min(PostsPerPage, n)]}
	if chunks > 0 {
		// The chunk that holds the newest post /blog/ does not show.
		first.Pagination = &Pagination{OlderHref: archiveHref((n - 1 - PostsPerPage) / PostsPerPage)}
	}
	var mod time.Time
	if n > 0 {
		mod = p.blogs[0].UpdatedAt
	}
	pages = append(pages, &Page{Route: "/blog/", File: "blog/index.html", Name: "blogList", Props: first,
		Head: listHead(blogPage.Title, "/blog/"), Sitemap: true, Modified: mod})

	for c := 0; c < chunks; c++ {
		lo, hi := c*PostsPerPage, min((c+1)*PostsPerPage, n)
		pg := &Pagination{Heading: strings.ReplaceAll(blogPage.ArchiveHeading, "{page}", strconv.Itoa(c+1))}
		if c+1 < chunks {
			pg.NewerHref = archiveHref(c + 1)
		} else {
			pg.NewerHref = "/blog/"
		}
		if c > 0 {
			pg.OlderHref = archiveHref(c - 1)
		}
		route := archiveHref(c)
		page := &Page{Route: route, File: routeFile(route), Name: "blogList", Sitemap: true, Modified: p.blogs[n-1-(hi-1)].UpdatedAt}
		// An archive page is the same while its posts (p.keys of the chunk, newest first) and
		// its links are: a publish reuses the encodings of all but the newest chunk's.
		page.memoKey = strings.Join([]string{"archive", pg.Heading, pg.NewerHref, pg.OlderHref, blogPage.Description,
			blogPage.Keywords, strings.Join(p.keys[n-hi:n-lo], ",")}, "\x00")
		if page.memo = p.memoFor(route, page.memoKey); page.memo == nil {
			posts := make([]BlogCard, 0, hi-lo)
			for o := hi - 1; o >= lo; o-- {
				posts = append(posts, card(o))
			}
			page.Props, page.Head = BlogListProps{Posts: posts, Pagination: pg}, listHead(pg.Heading, route)
		}
		pages = append(pages, page)
	}

	var keyBuf []byte
	for i := range p.blogs {
		b := &p.blogs[i]
		// Related posts are the ones published just before this one (the oldest posts take the
		// ones just after), so publishing a new post changes no other post's page.
		var related []int
		for j := i + 1; j < n && len(related) < relatedPosts; j++ {
			related = append(related, j)
		}
		for j := i - 1; j >= 0 && len(related) < relatedPosts; j-- {
			related = append(related, j)
		}
		route := "/blog/" + b.Slug + "/"
		post := &Page{Route: route, File: "blog/" + b.Slug + "/index.html", Name: "blogPost", Sitemap: true, Modified: b.UpdatedAt}
		if !p.oneShot || p.memo != nil {
			post.memoKey = postKey(&keyBuf, i, related, p.keys)
		}
		if e := p.memoFor(route, post.memoKey); e != nil {
			post.memo = e
			pages = append(pages, post)
			continue
		}
		post.remake = func() (any, Head) { return p.postPage(i, related, route) }
		if !p.lazy {
			post.Props, post.Head = post.remake()
		}
		pages = append(pages, post)
	}
	return pages
}

// postPage makes the props and head of post i's page, with the posts at related beside it.
func (p *planner) postPage(i int, related []int, route string) (any, Head) {
	b := p.blogs[i]
	desc := b.MetaDescription
	if p.texts != nil {
		b.Content = p.texts.textOf(i, &p.blogs[i], false)
		if desc == "" {
			desc = p.texts.descs[i]
		}
	}
	props := p.postProps(b, false)
	for _, j := range related {
		props.Related = append(props.Related, p.cards[j])
	}
	return props, p.postHeadWith(b, route, desc)
}

func (p *planner) postProps(b domain.Blog, preview bool) BlogPostProps {
	return BlogPostProps{Preview: preview, Related: []BlogCard{}, Post: PostProps{
		Title: b.Title, Slug: b.Slug, Category: domain.Category(b.Category), HTML: p.richText(b.Content),
		Date: isoDate(b.CreatedAt), DateDisplay: displayDate(b.CreatedAt),
		Image: p.images.image(b.Image, b.Title, "/images/default-blog.svg"),
	}}
}

func (p *planner) postHead(b domain.Blog, route string) Head {
	return p.postHeadWith(b, route, b.MetaDescription)
}

// postHeadWith is postHead with the description known when desc is set.
func (p *planner) postHeadWith(b domain.Blog, route, desc string) Head {
	title := b.MetaTitle
	if title == "" {
		title = b.Title
	}
	if desc == "" {
		desc = describe(b.Content)
	}
	kw := b.FocusKeyword
	if kw == "" {
		kw = strings.ToLower(domain.Category(b.Category)) + ", " + p.src.Site.KeywordFallback
	}
	h := p.head(title, desc, kw, "/blog/"+b.Slug+"/", robotsIndex)
	h.OGType = "article"
	img := p.images.image(b.Image, b.Title, "/images/default-blog.svg")
	if !strings.HasSuffix(img.Src, ".svg") && !strings.HasPrefix(img.Src, "data:") {
		h.Image = p.abs(img.Src)
	}
	h.Published, h.Modified = isoDate(b.CreatedAt), isoDate(b.UpdatedAt)
	h.JSONLD = []any{p.articleLD(b, h)}
	return h
}

func (p *planner) servicePages() []*Page {
	var pages []*Page
	bySlug := map[string]domain.Service{}
	for _, s := range p.services {
		bySlug[s.Slug] = s
	}
	for _, slug := range p.src.LandingSlugs() {
		rec, published := bySlug[slug]
		props, h := p.landing(slug, rec, published)
		pages = append(pages, &Page{Route: "/" + slug + "/", File: slug + "/index.html", Name: "landing", Props: props, Head: h, Sitemap: true, Modified: rec.UpdatedAt})
	}
	for _, s := range p.services {
		if _, isLanding := p.src.Landings[s.Slug]; isLanding {
			continue
		}
		if domain.ReservedSlug(s.Slug) || !domain.ValidSlug(s.Slug) {
			p.warn("skipping service whose slug is reserved or invalid", "slug", s.Slug)
			continue
		}
		route := "/" + s.Slug + "/"
		pg := &Page{Route: route, File: s.Slug + "/index.html", Name: "servicePage", Sitemap: true, Modified: s.UpdatedAt}
		// A service's page is the same while its record is (and what every page depends on, the
		// memo's key): a publish reuses the encodings of all of them but the one it changes.
		if !p.oneShot || p.memo != nil {
			pg.memoKey = "service\x00" + s.ID + "@" + strconv.FormatInt(s.UpdatedAt.UnixNano(), 10) + "/" + s.Slug
		}
		if pg.memo = p.memoFor(route, pg.memoKey); pg.memo == nil {
			pg.Props, pg.Head = p.servicePage(s, false)
		}
		pages = append(pages, pg)
	}
	return pages
}

func (p *planner) servicePage(s domain.Service, preview bool) (ServicePageProps, Head) {
	var props ServicePageProps
	props.Preview = preview
	props.Service.Title, props.Service.Slug, props.Service.Category = s.Title, s.Slug, domain.Category(s.Category)
	props.Service.HTML = p.richText(s.Description)
	props.Service.Image = p.images.image(s.Image, s.Title, "/images/default-service.svg")
	title := s.MetaTitle
	if title == "" {
		title = s.Title
	}
	desc := s.MetaDescription
	if desc == "" {
		desc = describe(s.Description)
	}
	kw := s.FocusKeyword
	if kw == "" {
		kw = p.src.Site.KeywordFallback
	}
	h := p.head(title, desc, kw, "/"+s.Slug+"/", robotsIndex)
	h.JSONLD = []any{p.serviceLD(s.Title, desc, "/"+s.Slug+"/")}
	return props, h
}

func (p *planner) landing(slug string, rec domain.Service, published bool) (LandingProps, Head) {
	doc := p.src.Landings[slug]
	hero := doc.Hero
	props := LandingProps{
		Slug: slug,
		Hero: LandingHero{Eyebrow: hero.Eyebrow, Heading: hero.Heading, Text: hero.Text,
			Image: p.images.image(hero.Image, hero.Heading, "/images/default-service.svg"),
			CTA:   contentdir.Link{Href: slashHref(hero.CTA.Href), Label: hero.CTA.Label}},
		// A landing page may leave out any of these; the page gets empty lists.
		Sections:   orEmpty(doc.Sections),
		Highlights: orEmpty(doc.Highlights),
		Faqs:       orEmpty(doc.Faqs),
	}
	title, desc, kw := doc.Title, doc.Description, doc.Keywords
	if published {
		if strings.TrimSpace(domain.PlainText(rec.Description)) != "" {
			props.Service = &LandingService{Title: rec.Title, HTML: p.richText(rec.Description)}
		}
		// The service record's SEO fields override the page's own (SPEC §2).
		if rec.MetaTitle != "" {
			title = rec.MetaTitle
		}
		if rec.MetaDescription != "" {
			desc = rec.MetaDescription
		}
		if rec.FocusKeyword != "" {
			kw = rec.FocusKeyword
		}
	}
	h := p.head(title, desc, kw, "/"+slug+"/", robotsIndex)
	h.JSONLD = []any{p.faqLD(doc.Faqs), p.serviceLD(doc.Service, desc, "/"+slug+"/")}
	return props, h
}

func (p *planner) homeProps() HomeProps {
	src := p.src.Home
	var h HomeProps
	for _, s := range src.Slides {
		h.Slides = append(h.Slides, Slide{Title: s.Title, Text: s.Text, Href: slashHref(s.Href), Image: p.images.image(s.Image, s.Title, "")})
	}
	h.About.Heading = src.About.Heading
	h.About.HTML = src.About.HTML
	h.About.Image = p.images.image(src.About.Image, src.About.Heading, "")
	h.Tabs = slashLinks(src.Tabs)
	h.Services = p.serviceTiles()
	if limit := max(homeServiceTiles, len(src.Services)); len(h.Services) > limit {
		// The curated tiles, then the newest of the others (the list is oldest first).
		curated := len(src.Services)
		newest := h.Services[len(h.Services)-(limit-curated):]
		h.Services = append(h.Services[:curated:curated], newest...)
	}
	h.Industries = p.src.Industries
	h.Testimonials = p.testimonials(p.src.Testimonials)
	h.Posts = p.cards[:min(homePosts, len(p.cards))]
	h.Stats = src.Stats
	h.Blocks = src.Blocks
	if h.Posts == nil {
		h.Posts = []BlogCard{}
	}
	return h
}

// curatedTiles are the service tiles written in collections/home.yaml.
func (p *planner) curatedTiles() []ServiceTile {
	tiles := []ServiceTile{}
	for _, s := range p.src.Home.Services {
		tiles = append(tiles, ServiceTile{Title: s.Title, Description: s.Description, Href: slashHref(s.Href), Tag: s.Tag, Image: p.images.image(s.Image, s.Title, "/images/default-service.svg")})
	}
	return tiles
}

// serviceTiles are the curated tiles followed by a tile for every published service they do not
// already show (by address or by title), in the services' list order. The header and footer
// menus stay as SPEC §2 lists them; this is what the services sections list.
func (p *planner) serviceTiles() []ServiceTile {
	tiles := p.curatedTiles()
	shown := map[string]bool{}
	for _, t := range tiles {
		shown[strings.ToLower(strings.TrimRight(t.Href, "/"))] = true
		shown[strings.ToLower(strings.TrimSpace(t.Title))] = true
	}
	for _, s := range p.services {
		href := "/" + s.Slug + "/"
		if domain.ReservedSlug(s.Slug) || !domain.ValidSlug(s.Slug) ||
			shown[strings.ToLower(strings.TrimRight(href, "/"))] || shown[strings.ToLower(strings.TrimSpace(s.Title))] {
			continue
		}
		tiles = append(tiles, ServiceTile{Title: s.Title, Description: cardText(s.MetaDescription, func() string { return excerpt(s.Description) }), Href: href,
			Tag: strings.TrimSpace(s.Category), Image: p.images.image(s.Image, s.Title, "/images/default-service.svg")})
	}
	return tiles
}

func (p *planner) testimonials(in []contentdir.Testimonial) []TestimonialProps {
	out := make([]TestimonialProps, 0, len(in))
	for _, t := range in {
		out = append(out, TestimonialProps{Text: t.Text, Author: t.Author, Role: t.Role, Rating: t.Rating, Image: p.images.image(t.Image, t.Author, "")})
	}
	return out
}

func (p *planner) aboutProps() AboutProps {
	d := p.src.Pages["about"]
	a := AboutProps{Title: d.Title, Intro: d.Intro, Sections: d.Sections, Industries: p.src.Industries, Values: d.Values}
	for _, t := range d.Team {
		a.Team = append(a.Team, TeamMember{Name: t.Name, Role: t.Role, Image: p.images.image(t.Image, t.Name, "")})
	}
	return a
}

func (p *planner) coursesProps() CoursesProps {
	c := CoursesProps{StudentTestimonials: p.testimonials(p.src.Courses.StudentTestimonials)}
	for _, x := range p.src.Courses.Courses {
		c.Courses = append(c.Courses, Course{Name: x.Name, Level: x.Level, Duration: x.Duration, Description: x.Description,
			Modules: x.Modules, Href: slashHref(x.Href), Image: p.images.image(x.Image, x.Name, "")})
	}
	c.WhyChoose = p.src.Courses.WhyChoose
	return c
}

// orEmpty is s, or an empty list (JSON []) when s is nil.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
