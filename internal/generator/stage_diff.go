package generator

import (
	"maps"

	"digitalreeviver/internal/hostrules"
)

// diff compares the plan with the live generation's manifest: a page whose inputs hash is the
// one the live generation has is reused as it is, the others are rendered.
//
// Reuse, the manifest diff: when no page, static file, sitemap or feed differs, the build stops
// here and the live generation stays.
func (r *run) diff() error {
	sitePages := make([]*Page, len(r.pages))
	for i, it := range r.pages {
		sitePages[i] = it.Page
	}
	pl := r.planner
	var sitemaps *sitemapMemo
	if !r.cfg.OneShot {
		sitemaps = &r.sitemaps
	}
	r.extras = sitemapFiles(sitePages, pl.base, sitemaps)
	r.extras["robots.txt"] = robotsTXT(pl.base)
	r.extras["feed.xml"] = feedXML(pl.cards, pl.site, pl.base)
	// The site's security headers travel with it to any static host (Netlify, Cloudflare Pages);
	// every page also carries its CSP in a meta tag (headHTML).
	r.extras["_headers"] = hostrules.HeadersFile(pl.site.policy())
	if r.intakeFile != nil {
		// What the pages need to upload an enquiry while the form endpoint is down.
		r.extras[hostrules.IntakeFile] = r.intakeFile
	}
	r.next = manifest{Assets: r.assets.Hash, Inputs: r.inputs, Pages: make(map[string]string, len(r.pages)), Files: staticKeys(r.static)}
	for _, it := range r.pages {
		r.next.Pages[it.File] = it.hash
	}
	if len(r.next.Pages) != len(r.pages) {
		_, err := pageFiles(r.pages) // names the file
		return err
	}
	moved, list, live := r.redirectFiles(r.next.Pages, r.next.Files)
	if list != nil {
		r.extras[redirectsFile] = list
	}
	r.moved, r.next.Redirects = moved, live
	for name, data := range r.extras {
		r.next.Files[name] = sum16(data)
	}
	basis := r.redirectBasis()
	for name, to := range r.moved {
		r.next.Files[name] = r.redirectKey(basis, to)
	}
	for _, it := range r.pages {
		if r.early != nil {
			break // every page renders already
		}
		if r.reusable() && r.prev.Pages[it.File] == it.hash {
			r.toLink = append(r.toLink, it)
		} else {
			r.toRender = append(r.toRender, it)
		}
	}
	if r.reusable() {
		// Whether the search index changed decides too. (A build that reuses nothing gets it
		// after its renders instead, see index.)
		if _, err := r.searchIndex(); err != nil {
			return err
		}
	}
	r.unchanged = len(r.toRender) == 0 && r.reusable() && len(r.prev.Pages) == len(r.pages) && maps.Equal(r.prev.Files, r.next.Files)
	if r.reusable() && !r.unchanged {
		// The new manifest's maps are final now (the search index's files are in: see above),
		// so their encoding, which grows with the site, runs beside the write and the renders
		// rather than after them, in swap. Nothing changes them from here on; swap waits for it
		// before it touches the manifest.
		done := make(chan struct{})
		r.mapsEncoded = done
		next, prev := &r.next, r.prev
		go func() {
			defer close(done)
			next.encodeMapsAfter(prev)
		}()
	}
	return nil
}
