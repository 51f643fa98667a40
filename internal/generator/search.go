package generator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/search"
)

// searchStateName is the search index's memory between builds, kept in each generation (a
// dot-file: never served).
const searchStateName = ".search.json"

// SearchResult says what a build did to the search index.
type SearchResult struct {
	Pages   int      `json:"pages"`   // searchable pages
	Files   int      `json:"files"`   // files of the index
	Written int      `json:"written"` // of which new or changed in this build
	Merged  bool     `json:"merged"`  // the index's base was rebuilt
	Bytes   int64    `json:"bytes"`   // compressed bytes of the files written
	Chunks  []string `json:"-"`       // paths written, for tests and logs
}

// Kinds of searchable page, as results show them.
const (
	kindPost    = "Blog"
	kindService = "Service"
	kindPage    = "Page"
	kindCourse  = "Courses"
)

// searchInputs lists what visitors can search: every post and service, the landing pages and
// the site's own pages. Posts and services are keyed by their record's version, so a build only
// reads the text of the ones that changed; the few other pages by their text.
func (p *planner) searchInputs(pages []*Page) []search.Input {
	var in []search.Input
	page := func(pg *Page, d search.Doc) {
		d.URL, d.Boost = pg.Route, 1.2
		if d.Description == "" {
			d.Description = pg.Head.Description
		}
		js, _ := json.Marshal(d)
		sum := sha256.Sum256(append(js, d.Keywords...))
		in = append(in, search.Input{URL: pg.Route, Key: "page:" + hex.EncodeToString(sum[:12]), Doc: func() search.Doc { return d }})
	}
	for _, pg := range pages {
		switch props := pg.Props.(type) {
		case LandingProps:
			d := search.Doc{Kind: kindService, Title: titleOf(pg), Keywords: pg.Head.Keywords}
			var body []string
			d.Headings = append(d.Headings, props.Hero.Heading)
			body = append(body, props.Hero.Text)
			for _, s := range props.Sections {
				addSection(&d, &body, s.Heading, s.HTML)
			}
			for _, f := range props.Faqs {
				d.Headings = append(d.Headings, f.Question)
				body = append(body, f.Answer)
			}
			if props.Service != nil {
				addSection(&d, &body, props.Service.Title, props.Service.HTML)
			}
			d.Body = strings.Join(body, " ")
			page(pg, d)
		case AboutProps:
			d := search.Doc{Kind: kindPage, Title: props.Title, Keywords: pg.Head.Keywords}
			body := []string{props.Intro}
			for _, s := range props.Sections {
				addSection(&d, &body, s.Heading, s.HTML)
			}
			for _, v := range props.Values {
				d.Headings = append(d.Headings, v.Title)
				body = append(body, v.Text)
			}
			for _, i := range props.Industries {
				body = append(body, i.Name+": "+i.Description)
			}
			for _, m := range props.Team {
				body = append(body, m.Name+", "+m.Role+".")
			}
			d.Body = strings.Join(body, " ")
			page(pg, d)
		case CoursesProps:
			d := search.Doc{Kind: kindCourse, Title: titleOf(pg), Keywords: pg.Head.Keywords}
			var body []string
			for _, c := range props.Courses {
				d.Headings = append(d.Headings, c.Name)
				body = append(body, c.Level+", "+c.Duration+". "+c.Description+" "+strings.Join(c.Modules, ", ")+".")
			}
			for _, w := range props.WhyChoose {
				d.Headings = append(d.Headings, w.Title)
				body = append(body, w.Text)
			}
			d.Body = strings.Join(body, " ")
			page(pg, d)
		case ContactProps:
			d := search.Doc{Kind: kindPage, Title: props.Title, Keywords: pg.Head.Keywords,
				Body: props.Intro + " " + pg.Head.Description}
			for _, a := range p.site.Addresses {
				d.Body += " " + a.Label + ": " + strings.Join(a.Lines, ", ") + "."
			}
			page(pg, d)
		case PolicyProps:
			d := search.Doc{Kind: kindPage, Title: props.Title, Keywords: pg.Head.Keywords}
			d.Headings, d.Body = search.HTMLText(props.HTML)
			page(pg, d)
		}
	}
	for _, s := range p.services {
		if _, landing := p.src.Landings[s.Slug]; landing || domain.ReservedSlug(s.Slug) || !domain.ValidSlug(s.Slug) {
			continue
		}
		s := s
		in = append(in, search.Input{URL: "/" + s.Slug + "/", Key: fmt.Sprintf("service:%s@%d/%s", s.ID, s.UpdatedAt.UnixNano(), s.Slug),
			Doc: func() search.Doc {
				d := search.Doc{URL: "/" + s.Slug + "/", Kind: kindService, Title: s.Title, Boost: 1.2,
					Keywords: s.FocusKeyword + " " + domain.Category(s.Category), Description: s.MetaDescription}
				d.Headings, d.Body = search.HTMLText(s.Description)
				if d.Description == "" {
					d.Description = describe(s.Description)
				}
				return d
			}})
	}
	// Oldest first, so a fresh index numbers posts in the order they were published.
	for i := len(p.blogs) - 1; i >= 0; i-- {
		b := &p.blogs[i]
		in = append(in, search.Input{URL: "/blog/" + b.Slug + "/", Key: "post:" + p.keys[i],
			Doc: func() search.Doc { return p.postDoc(i) }})
	}
	return in
}

// postDoc is post i as the search index sees it.
func (p *planner) postDoc(i int) search.Doc {
	b := &p.blogs[i]
	d := search.Doc{URL: "/blog/" + b.Slug + "/", Kind: kindPost, Title: b.Title, Date: displayDate(b.CreatedAt),
		Keywords: b.FocusKeyword + " " + domain.Category(b.Category), Description: b.MetaDescription}
	text := b.Content
	if p.texts != nil {
		text = p.texts.textOf(i, b, true)
	}
	d.Headings, d.Body = search.HTMLText(text)
	if d.Description == "" {
		if p.texts != nil {
			d.Description = p.texts.descs[i]
		} else {
			d.Description = describe(text)
		}
	}
	return d
}

func addSection(d *search.Doc, body *[]string, heading, html string) {
	if heading != "" {
		d.Headings = append(d.Headings, heading)
	}
	heads, text := search.HTMLText(html)
	d.Headings = append(d.Headings, heads...)
	*body = append(*body, text)
}

// titleOf is a page's title as a result or a link shows it: its heading, or its <title>
// without the site's name ("SEO Services in Delhi").
func titleOf(pg *Page) string {
	switch props := pg.Props.(type) {
	case LandingProps:
		if props.Hero.Eyebrow != "" {
			return props.Hero.Eyebrow
		}
	case ContactProps:
		return props.Title
	case PolicyProps:
		return props.Title
	case CoursesProps:
		return "Digital Marketing Courses"
	}
	t, _, _ := strings.Cut(pg.Head.Title, " | ")
	return t
}

// searchPage plans /search/: the form, and for visitors without JavaScript every page by kind
// (the newest posts, and the blog for the rest).
func (p *planner) searchPage(pages []*Page) *Page {
	var services, own []contentdir.Link
	for _, pg := range pages {
		switch pg.Props.(type) {
		case LandingProps:
			services = append(services, contentdir.Link{Href: pg.Route, Label: titleOf(pg)})
		case AboutProps, CoursesProps, ContactProps, PolicyProps:
			own = append(own, contentdir.Link{Href: pg.Route, Label: titleOf(pg)})
		}
	}
	for _, s := range p.services {
		if _, landing := p.src.Landings[s.Slug]; landing || domain.ReservedSlug(s.Slug) || !domain.ValidSlug(s.Slug) {
			continue
		}
		services = append(services, contentdir.Link{Href: "/" + s.Slug + "/", Label: s.Title})
	}
	services = append(services, contentdir.Link{Href: "/OurServices/", Label: "All our services"})
	posts := make([]contentdir.Link, 0, PostsPerPage)
	for _, c := range p.cards[:min(PostsPerPage, len(p.cards))] {
		posts = append(posts, contentdir.Link{Href: c.Href, Label: c.Title})
	}
	groups := []SearchGroup{{Title: "Services", Links: services}, {Title: "Pages", Links: own}}
	if len(posts) > 0 {
		label := fmt.Sprintf("All %d posts in the blog, newest first", len(p.cards))
		if len(p.cards) == 1 {
			label = "The blog"
		}
		groups = append(groups, SearchGroup{Title: "Blog posts", Links: posts, More: &contentdir.Link{Href: "/blog/", Label: label}})
	}
	h := p.head("Search", "Search the services, courses and articles of "+p.site.Name+".", "", "/search/", "noindex, follow")
	return &Page{Route: "/search/", File: "search/index.html", Name: "search", Props: SearchProps{Groups: groups}, Head: h}
}

// readSearchState is the index's state kept by the live generation, or nil.
func readSearchState(live string) []byte {
	if live == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(live, searchStateName))
	if err != nil {
		return nil
	}
	return data
}

// isSearchFile reports whether a file of a generation belongs to the search index.
func isSearchFile(path string) bool {
	return strings.HasPrefix(path, "assets/search/") || path == search.ManifestPath
}

// searchBuilt is the search index of a build, built beside its renders.
type searchBuilt struct {
	out *search.Output
	err error
}

// startSearch lists the searchable pages (while their props are at hand) and returns the
// function that builds the index in the background: on a full build it is a good part of Go's
// work, done while node renders, so plan calls it once the renders have started rather than
// letting it hold up the encoding they wait for.
func (r *run) startSearch(pages []*Page) (start func()) {
	r.searching = make(chan searchBuilt, 1)
	inputs := r.planner.searchInputs(pages)
	opts := r.opts.Search
	opts.Clean = opts.Clean || r.opts.Clean
	var state []byte
	if !opts.Clean {
		state = readSearchState(r.live)
	}
	return func() {
		go func() {
			out, err := search.Build(state, inputs, opts)
			r.searching <- searchBuilt{out, err}
		}()
	}
}

// searchIndex waits for the index and lists its files in the new generation's manifest.
func (r *run) searchIndex() (*search.Output, error) {
	if r.searched == nil {
		s := <-r.searching
		if s.err != nil {
			return nil, fmt.Errorf("search index: %w", s.err)
		}
		if err := r.texts.failed(); err != nil {
			return nil, err
		}
		r.searched = s.out
		for _, f := range s.out.Files {
			r.next.Files[f.Path] = f.Sum
		}
		r.res.Search = searchSummary(s.out)
	}
	return r.searched, nil
}

// index puts the search index's files into the new generation: new and changed ones from the
// build's bytes, the others from the live generation unless the reused generation holds them
// already, and the index's state for the next build.
//
// Reuse: the index keeps its own state (.search.json) and rebuilds only its delta segment, the
// pages added or changed since its base was written; its files are named by their bytes, so an
// unchanged one is never written again.
func (r *run) index() error {
	out, err := r.searchIndex()
	if err != nil {
		return err
	}
	err = parallel(len(out.Files), func(i int) error {
		f := out.Files[i]
		switch {
		case f.Data != nil:
			return r.w.write(f.Path, f.Data)
		case r.spare.Files[f.Path] == f.Sum:
			return nil
		default:
			return r.w.link(filepath.Join(r.live, filepath.FromSlash(f.Path)), f.Path)
		}
	})
	if err != nil {
		return err
	}
	return r.w.write(searchStateName, out.State)
}

func searchSummary(out *search.Output) SearchResult {
	return SearchResult{Pages: out.Docs, Files: len(out.Files), Written: out.Written, Merged: out.Merged, Bytes: out.Bytes, Chunks: out.Rewrites}
}

// SearchInputs plans the site from src as a build would and returns its searchable pages, for
// measuring the index apart from a build (bench/tool).
func (b *Builder) SearchInputs(src Source) ([]search.Input, error) {
	sources, err := contentdir.Load(b.cfg.ContentDir)
	if err != nil {
		return nil, err
	}
	blogs, err := src.Blogs()
	if err != nil {
		return nil, err
	}
	services, err := src.Services()
	if err != nil {
		return nil, err
	}
	pl := newPlanner(b.cfg, b.renderer.Assets().ClientDir, sources, blogs, services)
	pages, err := pl.plan()
	if err != nil {
		return nil, err
	}
	return pl.searchInputs(pages), nil
}
