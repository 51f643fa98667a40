package generator

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"sync/atomic"
	"time"

	"digitalreeviver/internal/content"
	"digitalreeviver/internal/content/folder"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/render"
	"digitalreeviver/internal/search"
	"digitalreeviver/internal/static"
)

// run is one build: Builder.Build calls its stages in order, and each stage reads what the ones
// before it left here. Each reuse of earlier work belongs to one stage and is described there.
type run struct {
	*Builder
	ctx  context.Context
	src  Source
	opts Options
	res  Result
	warm bool // Builder.Warm: read and plan everything, even when nothing changed

	// load
	content   *folder.Content
	live      string   // the live generation's folder ("" when there is none)
	prev      manifest // its manifest
	assets    render.Assets
	siteJSON  []byte
	blogs     []content.Blog
	texts     *postTexts // the posts' text, read when needed (TextSource); nil: blogs carry it
	services  []content.Service
	redirects []content.Redirect    // when the source keeps them (RedirectSource)
	alts      map[string]string     // the media library's alt texts (ImageAltSource)
	media     map[string]*media.Set // the variants of the uploads the pages use
	static    map[string]staticFile // by path in the site
	staticSum string
	inputs    string // the inputs hash ("" when an input could not be read)
	unchanged bool   // nothing changed: the build stops and the live generation stays

	// plan
	planner *planner
	pages   []*planned

	// diff
	extras map[string][]byte // sitemap.xml, robots.txt, feed.xml, _headers, _redirects
	moved  map[string]string // the redirect pages, by file: the address each leads to
	// redirectCSP is the policy of the redirect pages' meta tag (redirectBasis sets it).
	redirectCSP string
	next        manifest // the new generation's
	toRender    []*planned
	toLink      []*planned // unchanged since the live generation: linked from it
	toWrite     []string   // the extras that differ from the generation the new one starts from

	// write
	name  string
	tmp   string // the new generation while it is written ("" once it is live)
	w     *writer
	spare manifest // the manifest of the generation the new one started from

	// render, started in plan when every page renders (early), beside diff and write
	lazy        bool         // pages are encoded again when they render (Config.OneShot, every page renders)
	kept        atomic.Int64 // bytes of encodings a lazy build holds anyway (see keptEncodings)
	early       chan error
	cancelEarly context.CancelFunc

	// index (started in plan)
	searching chan searchBuilt
	searched  *search.Output
}

// reusable says whether the live generation may stand in for the pages that did not change.
func (r *run) reusable() bool { return !r.opts.Clean && r.prev.Pages != nil }

// load reads the content folder, the live generation's manifest and the published records.
//
// Reuse, the inputs hash: when everything the output depends on (the program, the renderer
// bundle, the static files, the content folder, the records and the settings) sums to what the
// live generation was built from, nothing can have changed and the build stops here. With a
// source that sums its records as stored, that is before a single record is decoded, which is
// most of a no-change build's time on a large site.
func (r *run) load() error {
	var err error
	if r.content, err = folder.Load(r.cfg.ContentDir); err != nil {
		return err
	}
	r.live = LiveGeneration(r.cfg.OutDir)
	r.prev = r.manifests.read(r.live)
	r.assets = r.renderer.Assets()
	if r.siteJSON, err = json.Marshal(siteInfo(r.cfg, r.content)); err != nil {
		return err
	}
	if r.static, err = r.staticFiles(r.assets); err != nil {
		return err
	}
	// The uploads a build copies follow from the records (and are never edited), so the records'
	// part of the inputs covers them.
	fixedStatic := sumMap(staticKeys(r.static))
	if digest, err := r.src.RecordsDigest(); err == nil && digest != "" {
		if r.stopIfUnchanged(r.inputsHash(r.siteJSON, r.assets.Hash, fixedStatic, "digest:"+digest)) && !r.warm {
			return nil
		}
	}
	if ts, ok := r.src.(TextSource); ok && r.cfg.OneShot && r.inputs != "" {
		// A single build reads each post's text when it needs it (the inputs hash, from the
		// stored records, covers the text already).
		if r.blogs, err = ts.BlogsWithoutText(); err != nil {
			return fmt.Errorf("blogs: %w", err)
		}
		r.texts = newPostTexts(ts, len(r.blogs))
	} else if r.blogs, err = r.src.Blogs(); err != nil {
		return fmt.Errorf("blogs: %w", err)
	}
	if r.services, err = r.src.Services(); err != nil {
		return fmt.Errorf("services: %w", err)
	}
	if err := r.loadAlts(); err != nil {
		return err
	}
	if rs, ok := r.src.(RedirectSource); ok {
		if r.redirects, err = rs.Redirects(); err != nil {
			return fmt.Errorf("redirects: %w", err)
		}
	}
	if !r.reusable() && !r.warm {
		// Nothing to reuse, every page renders: start node (every process) now, so its
		// start-up overlaps planning.
		go r.renderer.StartAll()
	}
	used := r.recordUploads()
	if err := r.texts.failed(); err != nil {
		return fmt.Errorf("blogs: %w", err)
	}
	r.addUploads(r.static, used)
	if err := r.loadMedia(used); err != nil {
		return err
	}
	r.staticSum = sumMap(staticKeys(r.static))
	if r.inputs == "" {
		if sum := sumRecords(r.blogs, r.services, r.redirects); sum != "" {
			sum += sumMap(r.alts)
			r.stopIfUnchanged(r.inputsHash(r.siteJSON, r.assets.Hash, fixedStatic, "decoded:"+sum))
		}
	}
	return nil
}

// recordUploads lists the uploads the records use, in record order. A long-lived Builder keeps
// each record version's list (by recordKey: the store stamps UpdatedAt on every write), so a
// publish scans only the records that changed.
func (r *run) recordUploads() []string {
	next := make(map[string][]string, len(r.blogs)+len(r.services))
	seen := map[string]bool{}
	var out []string
	use := func(key string, names []string) {
		if !r.cfg.OneShot {
			next[key] = names
		}
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	add := func(key string, texts ...string) {
		names, ok := r.uploadRefs[key]
		if !ok {
			names = uploadsUsed(texts...)
		}
		use(key, names)
	}
	if r.texts != nil {
		// Each post's text is read here once for its uploads, excerpt and description.
		texted := make([][]string, len(r.blogs))
		parallel(len(r.blogs), func(i int) error {
			b := &r.blogs[i]
			texted[i] = uploadsUsed(b.Image, r.texts.brief(i, b))
			return nil
		})
		for i := range r.blogs {
			use("", texted[i])
		}
	} else {
		for i := range r.blogs {
			b := &r.blogs[i]
			add("blog:"+recordKey(b), b.Image, b.Content)
		}
	}
	for i := range r.services {
		s := &r.services[i]
		add("service:"+s.ID+"@"+strconv.FormatInt(s.UpdatedAt.UnixNano(), 10)+"/"+s.Slug, s.Image, s.Description)
	}
	if !r.cfg.OneShot {
		r.uploadRefs = next
	}
	return out
}

// stopIfUnchanged keeps inputs as the build's inputs hash, and stops the build when the live
// generation was built from the same inputs.
func (r *run) stopIfUnchanged(inputs string) bool {
	r.inputs = inputs
	r.unchanged = inputs != "" && r.reusable() && inputs == r.prev.Inputs && len(r.prev.Pages) > 0
	return r.unchanged
}

// planned is a page with its encoded props, head and inputs hash. body is the hash of what its
// body is rendered from: pages with the same body hash share one render.
type planned struct {
	*Page
	props []byte
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
	r.planner.texts, r.planner.lazy, r.planner.oneShot = r.texts, r.lazy, r.cfg.OneShot
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
	byRoute := make(map[string]*planned, len(firsts))
	for _, i := range firsts {
		byRoute[items[i].Route] = items[i]
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
	seen := make(map[string]bool, len(items))
	for _, it := range items {
		if seen[it.File] {
			return nil, fmt.Errorf("two pages write %s", it.File)
		}
		seen[it.File] = true
	}
	if r.opts.GuardRemovals {
		if err := guardRemovals(r.live, seen); err != nil {
			return nil, err
		}
	}
	return items, nil
}

// keptEncodings bounds the bytes of encodings (props and head) a lazy build holds from planning
// to rendering: a site of a few thousand posts keeps them all and encodes each page once, a
// larger one encodes the rest again as they render, so its memory stays bounded.
const keptEncodings = 32 << 20

// encodePage encodes pg's props (or takes twin's, or last build's from the memo) and head, and
// hashes its inputs.
func (r *run) encodePage(pg *Page, twin *planned) (*planned, error) {
	if m := pg.memo; m != nil {
		return &planned{Page: pg, props: m.props, head: m.head, hash: m.hash, body: m.body}, nil
	}
	it := &planned{Page: pg}
	if twin != nil {
		it.props, it.body = twin.props, twin.body
	} else {
		if pg.Props == nil && pg.remake != nil {
			pg.Props, pg.Head = pg.remake() // a lazy plan makes a post's page only here
		}
		var err error
		if it.props, err = json.Marshal(pg.Props); err != nil {
			return nil, fmt.Errorf("%s: %w", pg.Route, err)
		}
		it.body = sum16([]byte(r.assets.Hash), []byte(pg.Name), []byte(pg.bodyRoute()), r.siteJSON, it.props)
	}
	it.head = headHTML(pg.Head, r.planner.site, r.assets)
	it.hash = sum16([]byte(it.body), []byte(pg.Route), []byte(it.head))
	if r.lazy {
		// Within the bound the encoding is held until the page renders (making it again would
		// cost as much once more); beyond it the page is made and encoded again then.
		if r.kept.Add(int64(len(it.props)+len(it.head))) > keptEncodings {
			it.props, it.head = nil, ""
		}
		if pg.remake != nil && pg.BodyRoute == "" {
			pg.Props, pg.Head = nil, Head{} // made again when the page renders, if at all
		}
	}
	return it, nil
}

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
	r.extras = map[string][]byte{
		"sitemap.xml": sitemapXML(sitePages, pl.base),
		"robots.txt":  robotsTXT(pl.base),
		"feed.xml":    feedXML(pl.cards, pl.site, pl.base),
		// The site's security headers travel with it to any static host (Netlify, Cloudflare
		// Pages); every page also carries its CSP in a meta tag (headHTML).
		"_headers": static.HeadersFile(pl.site.policy()),
	}
	r.next = manifest{Assets: r.assets.Hash, Inputs: r.inputs, Pages: make(map[string]string, len(r.pages)), Files: staticKeys(r.static)}
	for _, it := range r.pages {
		r.next.Pages[it.File] = it.hash
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
		r.next.Files[name] = sum16(basis, []byte(to))
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
	return nil
}

// write lays out the new generation, all but the pages to render and the extras (sitemap,
// robots.txt, feed, redirect pages), which the render stage writes: the static files.
//
// Reuse, the spare generation: the generation before the live one already holds nearly every
// file of the new one. It becomes the new generation, and only the files that differ from it
// are replaced or removed, so a publish costs the files it changes rather than a link per page.
func (r *run) write() error {
	if r.w == nil {
		if err := r.newGeneration(); err != nil {
			return err
		}
	}
	base := r.spare
	for _, old := range []map[string]string{base.Pages, base.Files} {
		for file := range old {
			if _, ok := r.next.Pages[file]; !ok && r.next.Files[file] == "" {
				r.w.remove(file)
			}
		}
	}
	for _, rel := range sortedKeys(r.static) {
		if f := r.static[rel]; base.Files[rel] != f.key {
			if err := r.w.writeStatic(rel, f); err != nil {
				return fmt.Errorf("static files: %w", err)
			}
		}
	}
	// The sitemap, feed and redirect pages that changed are written beside the renders.
	for _, names := range []iter.Seq[string]{maps.Keys(r.extras), maps.Keys(r.moved)} {
		for name := range names {
			if base.Files[name] != r.next.Files[name] {
				r.toWrite = append(r.toWrite, name)
			}
		}
	}
	// An unchanged page the spare generation already holds needs nothing.
	kept := r.toLink[:0:0]
	for _, it := range r.toLink {
		if base.Pages[it.File] != it.hash {
			kept = append(kept, it)
		}
	}
	r.toLink = kept
	return nil
}

// newGeneration makes the folder of the new generation: the spare generation taken over, or a
// new one.
func (r *run) newGeneration() error {
	genRoot := generationsDir(r.cfg.OutDir)
	removeLeftovers(genRoot)
	r.name = newGenerationName()
	r.tmp = filepath.Join(genRoot, r.name+".tmp")
	var base manifest
	if !r.opts.Clean && r.live != "" {
		base = r.takeSpare(genRoot, r.live, r.assets.Hash, r.tmp)
	}
	if base.Pages == nil {
		if err := os.MkdirAll(r.tmp, 0o755); err != nil {
			return err
		}
	}
	r.w = &writer{root: r.tmp}
	r.spare = base
	return nil
}

// render renders the pages that differ from the live generation into the new one.
//
// Reuse: each distinct body is rendered once (a page and its twins differ only in their
// heads), and the unchanged pages are linked from the live generation meanwhile: the links are
// file-system work in Go and the renders node's, so a publish on a large site waits for the
// longer of the two rather than for both. The extras that changed (the sitemap, the feed, a
// clean build's thousands of redirect pages) are written meanwhile too.
func (r *run) render() error {
	linked := make(chan error, 1)
	go func() {
		err := parallel(len(r.toWrite), func(i int) error {
			name := r.toWrite[i]
			if to, ok := r.moved[name]; ok {
				return r.w.write(name, r.redirectPageOf(to))
			}
			return r.w.write(name, r.extras[name])
		})
		if err == nil {
			err = parallel(len(r.toLink), func(i int) error {
				return r.w.link(filepath.Join(r.live, r.toLink[i].File), r.toLink[i].File)
			})
		}
		linked <- err
	}()
	var renderErr error
	if r.early != nil {
		renderErr = <-r.early
		r.early = nil
	} else {
		renderErr = r.renderPages(r.ctx)
	}
	linkErr := <-linked
	if renderErr != nil {
		return renderErr
	}
	if err := r.texts.failed(); err != nil {
		return err
	}
	if linkErr != nil {
		return fmt.Errorf("write an unchanged page or an extra: %w", linkErr)
	}
	return nil
}

// renderPages renders toRender into the new generation, each distinct body once.
func (r *run) renderPages(ctx context.Context) error {
	var groups [][]*planned
	byBody := make(map[string]int, len(r.toRender))
	for _, it := range r.toRender {
		if g, ok := byBody[it.body]; ok {
			groups[g] = append(groups[g], it)
			continue
		}
		byBody[it.body] = len(groups)
		groups = append(groups, []*planned{it})
	}
	var done atomic.Int64
	total := len(r.toRender)
	step := int64(max(total/10, 100))
	return parallelN(16, len(groups), func(i int) error {
		first := groups[i][0]
		props := first.props
		if r.lazy && props == nil {
			var err error
			if first.Props == nil && first.remake != nil {
				first.Props, first.Head = first.remake()
			}
			if props, err = json.Marshal(first.Page.Props); err != nil {
				return fmt.Errorf("%s: %w", first.Route, err)
			}
		}
		body, err := r.renderer.Render(ctx, first.Name, first.bodyRoute(), r.siteJSON, props)
		if err != nil {
			return err
		}
		for _, it := range groups[i] {
			head := it.head
			if r.lazy && head == "" {
				if it.Props == nil && it.remake != nil {
					it.Props, it.Head = it.remake()
				}
				head = headHTML(it.Head, r.planner.site, r.assets)
			}
			if err := r.w.write(it.File, document(head, body)); err != nil {
				return err
			}
			if r.cfg.OneShot {
				it.props, it.head, it.Page.Props, it.Page.Head = nil, "", nil, Head{}
			}
			if n := done.Add(1); total >= 200 && n%step == 0 {
				r.progressf("rendered %d/%d pages\n", n, total)
			}
		}
		return nil
	})
}

// swap seals the new generation with its manifest and makes it live in one rename, so a reader
// sees the old site or the new one, never a mix.
func (r *run) swap() error {
	r.next.Generation = r.name
	data, err := r.next.MarshalJSON() // not through json.Marshal, which would scan the bytes again
	if err != nil {
		return err
	}
	if err := r.w.write(manifestName, data); err != nil {
		return err
	}
	if err := r.ctx.Err(); err != nil {
		return err
	}
	final := filepath.Join(generationsDir(r.cfg.OutDir), r.name)
	if err := os.Rename(r.tmp, final); err != nil {
		return err
	}
	r.tmp = ""
	if err := swapLink(r.cfg.OutDir, final); err != nil {
		os.RemoveAll(final)
		return err
	}
	if !r.cfg.OneShot {
		r.manifests.keep(final, r.next)
	}
	return nil
}

// prune removes the generations beyond the newest Keep. Removing a generation (a file and a
// folder per page) takes as long as writing one, so it runs after the build returns, once no
// other build has followed for pruneDelay.
func (r *run) prune() error {
	r.schedulePrune()
	return nil
}

// discard removes the new generation of a build that did not finish.
func (r *run) discard() {
	if r.early != nil {
		r.cancelEarly()
		<-r.early
		r.early = nil
	}
	if r.cancelEarly != nil {
		r.cancelEarly()
	}
	if r.tmp != "" {
		os.RemoveAll(r.tmp)
	}
}

// done is the result of a build that made a new generation live.
func (r *run) done() Result {
	res := r.res
	res.Generation, res.Swapped = r.name, true
	if r.live != "" {
		res.Previous = filepath.Base(r.live)
	}
	res.PagesTotal, res.PagesRendered = len(r.pages), len(r.toRender)
	res.PagesUnchanged = res.PagesTotal - res.PagesRendered
	for _, it := range r.toRender {
		res.Rendered = append(res.Rendered, it.Route)
	}
	sort.Strings(res.Rendered)
	res.Changes = changes(r.prev, r.next)
	res.Duration = time.Since(res.Started)
	r.cfg.Logger.Debug("build: done", "reason", r.opts.Reason, "generation", res.Generation, "rendered", res.PagesRendered,
		"unchanged", res.PagesUnchanged, "ms", res.Duration.Milliseconds())
	r.progressf("built %d pages (%d rendered, %d unchanged) in %.2fs → %s\n", res.PagesTotal, res.PagesRendered,
		res.PagesUnchanged, res.Duration.Seconds(), r.cfg.OutDir)
	return res
}

// keepLive is the result of a build that found nothing changed: the live generation stays.
func (r *run) keepLive() Result {
	// A build killed midway left its unfinished generation; no later build would remove it
	// while nothing changes.
	removeLeftovers(generationsDir(r.cfg.OutDir))
	res := r.res
	res.Generation = filepath.Base(r.live)
	res.Previous = res.Generation
	res.PagesTotal, res.PagesUnchanged = len(r.prev.Pages), len(r.prev.Pages)
	res.Duration = time.Since(res.Started)
	r.cfg.Logger.Debug("build: nothing changed", "reason", r.opts.Reason, "pages", res.PagesTotal, "ms", res.Duration.Milliseconds())
	r.progressf("built %d pages (0 rendered, %d unchanged) in %.2fs: nothing changed, %s kept\n", res.PagesTotal,
		res.PagesTotal, res.Duration.Seconds(), r.cfg.OutDir)
	return res
}

// sum16 hashes parts, each ended by a zero byte, to 16 bytes in hex.
func sum16(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// sumMap hashes a map's keys and values, in key order.
func sumMap(m map[string]string) string {
	h := sha256.New()
	for _, k := range sortedKeys(m) {
		writeString(h, k)
		writeString(h, m[k])
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
