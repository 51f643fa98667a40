package generator

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"sort"
	"sync/atomic"
	"time"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/render"
	"digitalreeviver/internal/search"

	"github.com/zeebo/xxh3"
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
	content      *contentdir.Content
	contentSum   string   // of the content folder's files ("" when one could not be read)
	live         string   // the live generation's folder ("" when there is none)
	prev         manifest // its manifest
	assets       render.Assets
	siteJSON     []byte
	formEndpoint string // where the forms post (SiteInfo.FormEndpoint), kept in the manifest
	intakeFile   []byte // intake.json of this build (nil: no intake)
	blogs        []domain.Blog
	keys         []string   // recordKey of each blog
	texts        *postTexts // the posts' text, read when needed (TextSource); nil: blogs carry it
	services     []domain.Service
	redirects    []domain.Redirect     // when the source keeps them (RedirectSource)
	alts         map[string]string     // the media library's alt texts (ImageAltSource)
	media        map[string]*media.Set // the variants of the uploads the pages use
	imagesLater  int                   // uploads shown as uploaded: their variants are not made yet (ImagesLater)
	static       map[string]staticFile // by path in the site
	staticSum    string
	inputs       string // the inputs hash ("" when an input could not be read)
	unchanged    bool   // nothing changed: the build stops and the live generation stays

	// plan
	planner *planner
	pages   []*planned

	// diff
	extras map[string][]byte // sitemap.xml, robots.txt, feed.xml, _headers, _redirects
	moved  map[string]string // the redirect pages, by file: the address each leads to
	// redirectCSP is the policy of the redirect pages' meta tag (redirectBasis sets it).
	redirectCSP string
	next        manifest // the new generation's
	// mapsEncoded is closed once next's maps are encoded (next.order), when diff started that
	// beside the write (a publish); nil: swap encodes them.
	mapsEncoded chan struct{}
	toRender    []*planned
	toLink      []*planned // unchanged since the live generation: linked from it
	toWrite     []string   // the extras that differ from the generation the new one starts from

	// write
	out   *output // the output's folders, opened by the write (or an early render)
	name  string
	tmp   string // the new generation's folder while it is written ("" once it is live)
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
	if r.w != nil {
		r.w.close()
	}
	if r.out != nil {
		if r.tmp != "" {
			r.out.gens.RemoveAll(r.tmp)
		}
		r.out.Close()
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
	res.ImagesLater = r.imagesLater
	res.Records = r.next.Records
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
	if o, err := openOutput(r.cfg.OutDir); err == nil {
		o.removeLeftovers()
		o.Close()
	}
	res := r.res
	res.Generation = filepath.Base(r.live)
	res.Previous = res.Generation
	res.PagesTotal, res.PagesUnchanged = len(r.prev.Pages), len(r.prev.Pages)
	res.Records = r.prev.Records
	res.Duration = time.Since(res.Started)
	r.cfg.Logger.Debug("build: nothing changed", "reason", r.opts.Reason, "pages", res.PagesTotal, "ms", res.Duration.Milliseconds())
	r.progressf("built %d pages (0 rendered, %d unchanged) in %.2fs: nothing changed, %s kept\n", res.PagesTotal,
		res.PagesTotal, res.Duration.Seconds(), r.cfg.OutDir)
	return res
}

// sum16 hashes parts, each ended by a zero byte, to 16 bytes in hex. The sums only tell whether
// a page or file changed since the last build, so XXH3-128 (as the store's record sums): SHA-256
// was a twentieth of a clean build's Go time.
func sum16(parts ...[]byte) string {
	h := xxh3.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	b := h.Sum128().Bytes()
	return hex.EncodeToString(b[:])
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
