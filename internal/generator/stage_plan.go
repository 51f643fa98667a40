package generator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"digitalreeviver/internal/domain"
)

// planned is a page with its encoded props, head and inputs hash. body is the hash of what its
// body is rendered from: pages with the same body hash share one render.
type planned struct {
	*Page
	props []byte
	prose string // the post text written into the rendered page (withoutProse)
	head  string
	hash  string
	body  string
}

// bodyRoute is the route a page's body is rendered for.
func (p *Page) bodyRoute() string {
	if p.BodyRoute != "" {
		return p.BodyRoute
	}
	return p.Route
}

// plan lists every page of the site with its props and head encoded and its inputs hashed.
//
// Reuse, the plan memo: a long-lived Builder (adminapi's) keeps each post page's encoding, and
// takes it again while the post, its related posts and what every page depends on are
// unchanged. And twins: a page that shows another's body at a second address (/ourservices/)
// takes that page's encoding.
func (r *run) plan() error {
	// A single build that renders every page lets each encoding go once hashed and encodes the
	// page again when it renders, so a large site's encodings are never all held at once.
	r.lazy = r.cfg.OneShot && (r.opts.Clean || r.live == "")
	r.planner = newPlanner(r.cfg, r.assets.ClientDir, r.content, r.blogs, r.services)
	r.planner.images.sets, r.planner.images.alts = r.media, r.alts
	r.planner.texts, r.planner.lazy, r.planner.oneShot, r.planner.keys = r.texts, r.lazy, r.cfg.OneShot, r.keys
	if key := memoKey(r.siteJSON, r.content, r.assets.Hash, r.staticSum+sumMap(r.alts)); !r.opts.Clean && r.memo.key == key {
		r.planner.memo = &r.memo
	} else {
		r.memo = planMemo{key: key}
	}
	pages, err := r.planner.plan()
	if err != nil {
		return err
	}
	startSearch := r.startSearch(pages)
	if r.pages, err = r.encode(pages); err != nil {
		return err
	}
	if err := r.texts.failed(); err != nil {
		return err
	}
	for _, pg := range pages {
		if pg.memo == nil {
			r.res.Encoded++
		}
	}
	// Encodings depend only on their inputs, so they are kept whatever becomes of this build.
	if !r.cfg.OneShot {
		r.memo.keep(r.pages, r.planner.newCards)
	}
	if !r.lazy {
		// The props are encoded (and the search index has its inputs): the values can go.
		for _, it := range r.pages {
			it.Page.Props = nil
		}
	}
	if r.opts.Clean || r.live == "" {
		// Every page renders (nothing to reuse): the renders start now, and diff and write
		// (sitemap, feed, redirect pages, static files) run beside them instead of before.
		if err := r.newGeneration(); err != nil {
			return err
		}
		r.toRender = r.pages
		ctx, cancel := context.WithCancel(r.ctx)
		r.early, r.cancelEarly = make(chan error, 1), cancel
		go func() { r.early <- r.renderPages(ctx) }()
	}
	startSearch()
	return nil
}

// encode encodes every page: pages first, then the twins that show another page's body. A twin
// with the same props as the page it names reuses that page's encoding, which halves the
// encoding work of a build.
func (r *run) encode(pages []*Page) ([]*planned, error) {
	items := make([]*planned, len(pages))
	var firsts, twins []int
	for i, pg := range pages {
		if pg.BodyRoute != "" {
			twins = append(twins, i)
		} else {
			firsts = append(firsts, i)
		}
	}
	err := parallel(len(firsts), func(k int) (err error) {
		items[firsts[k]], err = r.encodePage(pages[firsts[k]], nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	// The pages the twins show (a few; a map of every page's route cost a publish a map entry a
	// post).
	byRoute := make(map[string]*planned, len(twins))
	for _, i := range twins {
		byRoute[pages[i].BodyRoute] = nil
	}
	for _, i := range firsts {
		if _, ok := byRoute[items[i].Route]; ok {
			byRoute[items[i].Route] = items[i]
		}
	}
	err = parallel(len(twins), func(k int) (err error) {
		pg := pages[twins[k]]
		twin := byRoute[pg.BodyRoute]
		if twin == nil || twin.Name != pg.Name || twin.Props == nil || !reflect.DeepEqual(twin.Props, pg.Props) {
			twin = nil
		}
		items[twins[k]], err = r.encodePage(pg, twin)
		return err
	})
	if err != nil {
		return nil, err
	}
	if r.opts.GuardRemovals {
		seen, err := pageFiles(items)
		if err != nil {
			return nil, err
		}
		if err := guardRemovals(r.prev, seen, domain.SiteCounts{Posts: len(r.blogs), Services: len(r.services)}); err != nil {
			return nil, err
		}
	}
	// Otherwise diff finds two pages writing one file as it lists the pages' files.
	return items, nil
}

// pageFiles is the set of the files the pages write; two pages writing one file are an error.
func pageFiles(items []*planned) (map[string]bool, error) {
	seen := make(map[string]bool, len(items))
	for _, it := range items {
		if seen[it.File] {
			return nil, fmt.Errorf("two pages write %s", it.File)
		}
		seen[it.File] = true
	}
	return seen, nil
}

// keptEncodings bounds the bytes of encodings (props and head) a lazy build holds from planning
// to rendering: a site of a few thousand posts keeps them all and encodes each page once, a
// larger one encodes the rest again as they render, so its memory stays bounded.
const keptEncodings = 32 << 20

// encodePage encodes pg's props (or takes twin's, or last build's from the memo) and head, and
// hashes its inputs.
func (r *run) encodePage(pg *Page, twin *planned) (*planned, error) {
	if m := pg.memo; m != nil {
		return &planned{Page: pg, props: m.props, prose: m.prose, head: m.head, hash: m.hash, body: m.body}, nil
	}
	it := &planned{Page: pg}
	if twin != nil {
		it.props, it.prose, it.body = twin.props, twin.prose, twin.body
	} else {
		if pg.Props == nil && pg.remake != nil {
			pg.Props, pg.Head = pg.remake() // a lazy plan makes a post's page only here
		}
		var err error
		if it.props, it.prose, err = encodeForRender(pg.Props); err != nil {
			return nil, fmt.Errorf("%s: %w", pg.Route, err)
		}
		it.body = sum16([]byte(r.assets.Hash), []byte(pg.Name), []byte(pg.bodyRoute()), r.siteJSON, it.props, []byte(it.prose))
	}
	it.head = headHTML(pg.Head, r.planner.site, r.assets)
	it.hash = sum16([]byte(it.body), []byte(pg.Route), []byte(it.head))
	if r.lazy {
		// Within the bound the encoding is held until the page renders (making it again would
		// cost as much once more); beyond it the page is made and encoded again then.
		if r.kept.Add(int64(len(it.props)+len(it.prose)+len(it.head))) > keptEncodings {
			it.props, it.prose, it.head = nil, "", ""
		}
		if pg.remake != nil && pg.BodyRoute == "" {
			pg.Props, pg.Head = nil, Head{} // made again when the page renders, if at all
		}
	}
	return it, nil
}

// encodeForRender is what the renderer is sent of a page's props (encodeProps) and the post text
// written into its rendered page (withoutProse).
func encodeForRender(props any) ([]byte, string, error) {
	send, prose := withoutProse(props)
	js, err := encodeProps(send)
	return js, prose, err
}

// encodeProps is a page's props as JSON for the renderer. Without encoding/json's HTML escaping:
// the text goes to node over a pipe, never into a page, and a post's HTML escaped was half as long
// again, to be escaped here and unescaped there.
func encodeProps(v any) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(4 << 10)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
