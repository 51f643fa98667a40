// Package generator turns content/ and the published records of the store into a static site: it
// loads the sources, plans every route with its props and head, renders the pages whose inputs
// changed through the node renderer, writes a complete new generation beside the live one and
// switches the output path to it in one rename. It knows nothing of HTTP.
package generator

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"digitalreeviver/internal/content"
	"digitalreeviver/internal/content/folder"
	"digitalreeviver/internal/render"
)

// Config says where a Builder reads and writes.
type Config struct {
	ContentDir   string // content/ in git
	OutDir       string // the live site path: a symlink to the live generation
	SiteDir      string // site/, with the built renderer bundle
	UploadsDir   string // uploaded images, copied into the site where a page uses them
	BaseURL      string // overrides content/site.yaml's baseUrl when set
	FormEndpoint string // overrides site.yaml's formEndpoint when set
	Node         string // node binary (default "node")
	Keep         int    // generations to keep, the live one included (default 3)
	Logger       *slog.Logger
	Progress     io.Writer // where a build reports pages done of total (nil: silent)
}

// Source gives the published records a build renders. *store.DB satisfies it.
type Source interface {
	Blogs() ([]content.Blog, error)
	Services() ([]content.Service, error)
}

// Options tune one build.
type Options struct {
	Clean  bool   // render every page, ignoring the previous generation
	Reason string // why the build runs, for logs
}

// Result says what a build did.
type Result struct {
	Generation     string        `json:"generation"`
	PagesTotal     int           `json:"pagesTotal"`
	PagesRendered  int           `json:"pagesRendered"`
	PagesUnchanged int           `json:"pagesUnchanged"`
	Swapped        bool          `json:"swapped"` // false when nothing changed and the live site was kept
	Duration       time.Duration `json:"duration"`
	Rendered       []string      `json:"-"` // routes rendered, for tests and logs
}

// Builder builds the site; one build runs at a time. It keeps the node renderer alive between
// builds and previews.
type Builder struct {
	cfg      Config
	renderer *render.Renderer
	mu       sync.Mutex
	pruneMu  sync.Mutex     // one prune at a time
	pruning  sync.WaitGroup // prunes scheduled or running after their build returned
	memo     planMemo       // last build's post pages, reused while their inputs are unchanged
	schedMu  sync.Mutex     // guards pruneAt
	pruneAt  *time.Timer    // the scheduled prune, if any
}

// pruneDelay is how long the builder waits after a build before it removes old generations: a
// burst of publishes then pays for no removals (which compete with the next build for the disk
// and the CPU), and the removal runs once the burst is over.
const pruneDelay = 2 * time.Second

// manifest is stored in each generation: the hash of every file's inputs, so the next build
// renders only what changed.
type manifest struct {
	Generation string            `json:"generation"`
	Inputs     string            `json:"inputs,omitempty"` // inputsHash of the build that wrote it
	Assets     string            `json:"assets,omitempty"` // the renderer bundle's hash
	Static     string            `json:"static"`
	Extras     string            `json:"extras"`
	Pages      map[string]string `json:"pages"` // file → hash
}

const manifestName = ".build.json"

// New prepares a Builder; it fails when the renderer bundle has not been built.
func New(cfg Config) (*Builder, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.Keep < 2 {
		cfg.Keep = 3
	}
	if cfg.OutDir == "" {
		return nil, errors.New("build: no output folder")
	}
	r, err := render.New(render.Options{SiteDir: cfg.SiteDir, Node: cfg.Node, Logger: cfg.Logger})
	if err != nil {
		return nil, err
	}
	return &Builder{cfg: cfg, renderer: r}, nil
}

// Close stops the renderer and waits for old generations to be removed.
func (b *Builder) Close() error {
	err := b.renderer.Close()
	b.schedMu.Lock()
	if b.pruneAt != nil && b.pruneAt.Stop() {
		// Not started yet: run it now rather than after the delay.
		b.pruneNow()
		b.pruning.Done()
	}
	b.pruneAt = nil
	b.schedMu.Unlock()
	b.pruning.Wait()
	return err
}

// schedulePrune (re)starts the delay after which old generations are removed.
func (b *Builder) schedulePrune() {
	b.schedMu.Lock()
	defer b.schedMu.Unlock()
	if b.pruneAt != nil && b.pruneAt.Stop() {
		b.pruning.Done() // the earlier one never ran: this one does its work
	}
	b.pruning.Add(1)
	b.pruneAt = time.AfterFunc(pruneDelay, func() {
		defer b.pruning.Done()
		b.pruneNow()
	})
}

// takeSpare moves the newest finished generation other than the live one to tmp and returns
// its manifest, when it was built with the same renderer bundle; otherwise it returns an empty
// manifest and moves nothing. It holds the prune lock so a prune cannot remove it meanwhile.
func (b *Builder) takeSpare(genRoot, live, assetsHash, tmp string) manifest {
	b.pruneMu.Lock()
	defer b.pruneMu.Unlock()
	gens := generations(genRoot)
	for i := len(gens) - 1; i >= 0; i-- {
		path := filepath.Join(genRoot, gens[i])
		if path == live {
			continue
		}
		var m manifest
		data, err := os.ReadFile(filepath.Join(path, manifestName))
		if err != nil || json.Unmarshal(data, &m) != nil || m.Pages == nil || m.Assets != assetsHash {
			return manifest{}
		}
		if err := os.Rename(path, tmp); err != nil {
			return manifest{}
		}
		return m
	}
	return manifest{}
}

func (b *Builder) pruneNow() {
	b.pruneMu.Lock()
	defer b.pruneMu.Unlock()
	if live := LiveGeneration(b.cfg.OutDir); live != "" {
		prune(generationsDir(b.cfg.OutDir), live, b.cfg.Keep, b.cfg.Logger)
	}
}

// RendererStarts reports how many node processes the builder has started.
func (b *Builder) RendererStarts() int { return b.renderer.Starts() }

// generationsDir is where generations live: ".dist" beside "dist".
func generationsDir(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out))
}

// LiveGeneration returns the folder the output path points at, or "" when there is none.
func LiveGeneration(out string) string {
	target, err := os.Readlink(out)
	if err != nil {
		return ""
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(out), target)
	}
	return target
}

func (b *Builder) siteInfo(src *folder.Content) SiteInfo {
	s := src.Site
	info := SiteInfo{Facts: s.Facts, FormEndpoint: orDefault(b.cfg.FormEndpoint, orDefault(s.FormEndpoint, "/popup")),
		ServicesMenu: slashLinks(s.ServicesMenu), FooterLinks: slashLinks(s.FooterLinks), Year: time.Now().In(IST).Year()}
	info.BaseURL = strings.TrimRight(orDefault(b.cfg.BaseURL, s.BaseURL), "/")
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

func slashLinks(in []folder.Link) []folder.Link {
	out := make([]folder.Link, len(in))
	for i, l := range in {
		out[i] = folder.Link{Href: slashHref(l.Href), Label: l.Label}
	}
	return out
}

func (b *Builder) newPlanner(src *folder.Content, blogs []content.Blog, services []content.Service) *planner {
	site := b.siteInfo(src)
	return &planner{
		src: src, site: site, base: site.BaseURL, blogs: blogs, services: services,
		images: newImageCache(b.cfg.ContentDir, b.renderer.Assets().ClientDir, b.cfg.UploadsDir),
		warn:   func(msg string, args ...any) { b.cfg.Logger.Warn(msg, args...) },
	}
}

// planned is a page with its encoded props, head and input hash. body is the hash of what its
// body is rendered from: pages with the same body hash share one render.
type planned struct {
	*Page
	props []byte
	head  string
	hash  string
	body  string
}

// Build builds the site into a new generation and makes it live. A failed build leaves the
// live site as it was.
func (b *Builder) Build(ctx context.Context, src Source, opts Options) (Result, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	start := time.Now()
	log := b.cfg.Logger

	// Each stage's end, for profiling (the bench's `benchtool profile` shows them).
	tr := func(stage string) {
		log.Debug("build: stage done", "stage", stage, "ms", time.Since(start).Milliseconds())
	}
	// Stage 1: load.
	sources, err := folder.Load(b.cfg.ContentDir)
	if err != nil {
		return Result{}, fmt.Errorf("load: %w", err)
	}
	live := LiveGeneration(b.cfg.OutDir)
	var prev manifest
	if live != "" && !opts.Clean {
		if data, err := os.ReadFile(filepath.Join(live, manifestName)); err == nil {
			_ = json.Unmarshal(data, &prev)
		}
	}
	assets := b.renderer.Assets()
	siteJSON, err := json.Marshal(b.siteInfo(sources))
	if err != nil {
		return Result{}, fmt.Errorf("load: %w", err)
	}
	// The static files other than uploads: the uploads a build copies follow from the records
	// (and are never edited), so the records' key covers them.
	fixedStatic, err := b.staticHash(assets, nil)
	if err != nil {
		return Result{}, fmt.Errorf("load: %w", err)
	}
	nothingChanged := func(inputs string) (Result, bool) {
		if inputs == "" || inputs != prev.Inputs || len(prev.Pages) == 0 {
			return Result{}, false
		}
		res := Result{Generation: filepath.Base(live), PagesTotal: len(prev.Pages), PagesUnchanged: len(prev.Pages), Duration: time.Since(start)}
		removeLeftovers(generationsDir(b.cfg.OutDir))
		log.Info("build: nothing changed", "reason", opts.Reason, "pages", res.PagesTotal, "ms", res.Duration.Milliseconds())
		b.progressf("built %d pages (0 rendered, %d unchanged) in %.2fs: nothing changed, %s kept\n", res.PagesTotal, res.PagesTotal, res.Duration.Seconds(), b.cfg.OutDir)
		return res, true
	}
	// A source that sums its stored records lets a no-change build stop before decoding them.
	var inputs string
	if _, ok := src.(Digester); ok {
		inputs = b.inputsHash(siteJSON, assets.Hash, fixedStatic, recordsKey(src, nil, nil))
		if res, ok := nothingChanged(inputs); ok {
			return res, nil
		}
	}
	blogs, err := src.Blogs()
	if err != nil {
		return Result{}, fmt.Errorf("load: blogs: %w", err)
	}
	services, err := src.Services()
	if err != nil {
		return Result{}, fmt.Errorf("load: services: %w", err)
	}
	if prev.Pages == nil {
		// Nothing to reuse: start node now so its start-up overlaps planning.
		go b.renderer.Start()
	}
	tr("load")
	var uploadTexts []string
	for _, bl := range blogs {
		uploadTexts = append(uploadTexts, bl.Image, bl.Content)
	}
	for _, s := range services {
		uploadTexts = append(uploadTexts, s.Image, s.Description)
	}
	uploads := uploadsUsed(uploadTexts...)
	staticHash, err := b.staticHash(assets, uploads)
	if err != nil {
		return Result{}, fmt.Errorf("load: %w", err)
	}
	if inputs == "" {
		inputs = b.inputsHash(siteJSON, assets.Hash, fixedStatic, recordsKey(src, blogs, services))
		if res, ok := nothingChanged(inputs); ok {
			return res, nil
		}
	}
	tr("inputs")
	// Stage 2: plan.
	pl := b.newPlanner(sources, blogs, services)
	if key := memoKey(siteJSON, sources, assets.Hash, staticHash); !opts.Clean && b.memo.key == key {
		pl.memo = &b.memo
	} else {
		b.memo = planMemo{key: key}
	}
	pages, err := pl.plan()
	if err != nil {
		return Result{}, fmt.Errorf("plan: %w", err)
	}
	items := make([]*planned, len(pages))
	seen := make(map[string]bool, len(pages))
	encode := func(i int, twin *planned) error {
		pg := pages[i]
		if m := pg.memo; m != nil {
			items[i] = &planned{Page: pg, props: m.props, head: m.head, hash: m.hash, body: m.body}
			return nil
		}
		var props []byte
		var body string
		if twin != nil {
			props, body = twin.props, twin.body
		} else {
			var err error
			if props, err = json.Marshal(pg.Props); err != nil {
				return fmt.Errorf("%s: %w", pg.Route, err)
			}
			h := sha256.New()
			for _, part := range [][]byte{[]byte(assets.Hash), []byte(pg.Name), []byte(pg.bodyRoute()), siteJSON, props} {
				h.Write(part)
				h.Write([]byte{0})
			}
			body = hex.EncodeToString(h.Sum(nil)[:16])
		}
		head := headHTML(pg.Head, pl.site, assets)
		h := sha256.New()
		for _, part := range []string{body, pg.Route, head} {
			h.Write([]byte(part))
			h.Write([]byte{0})
		}
		items[i] = &planned{Page: pg, props: props, head: head, hash: hex.EncodeToString(h.Sum(nil)[:16]), body: body}
		return nil
	}
	// Pages first, then the twins that show another page's body (a post's /preview/blog/ page):
	// a twin with the same props as the page it names reuses that page's encoding, which halves
	// the encoding work of a build.
	var firsts, twins []int
	for i, pg := range pages {
		if pg.BodyRoute != "" {
			twins = append(twins, i)
		} else {
			firsts = append(firsts, i)
		}
	}
	if err := parallel(len(firsts), func(k int) error { return encode(firsts[k], nil) }); err != nil {
		return Result{}, fmt.Errorf("plan: %w", err)
	}
	byRoute := make(map[string]*planned, len(firsts))
	for _, i := range firsts {
		byRoute[items[i].Route] = items[i]
	}
	if err := parallel(len(twins), func(k int) error {
		i := twins[k]
		src := byRoute[pages[i].BodyRoute]
		if src == nil || src.Name != pages[i].Name || src.Props == nil || !reflect.DeepEqual(src.Props, pages[i].Props) {
			src = nil
		}
		return encode(i, src)
	}); err != nil {
		return Result{}, fmt.Errorf("plan: %w", err)
	}
	for _, it := range items {
		if seen[it.File] {
			return Result{}, fmt.Errorf("plan: two pages write %s", it.File)
		}
		seen[it.File] = true
	}
	// Encodings depend only on their inputs, so they are kept whatever becomes of this build.
	memoPages := make(map[string]*memoEntry, len(blogs)*2)
	for _, it := range items {
		if it.memoKey != "" {
			memoPages[it.Route] = &memoEntry{key: it.memoKey, props: it.props, head: it.head, hash: it.hash, body: it.body}
		}
	}
	b.memo.pages, b.memo.cards = memoPages, pl.newCards
	tr("plan")
	extras := map[string][]byte{
		"sitemap.xml": sitemapXML(pages, pl.base),
		"robots.txt":  robotsTXT(pl.base),
		"feed.xml":    feedXML(pl.cards, pl.site, pl.base),
	}
	extrasHash := hashMap(extras)

	var toRender, toLink []*planned
	for _, it := range items {
		if prev.Pages != nil && prev.Pages[it.File] == it.hash {
			toLink = append(toLink, it)
		} else {
			toRender = append(toRender, it)
		}
	}
	res := Result{PagesTotal: len(items), PagesRendered: len(toRender), PagesUnchanged: len(toLink)}
	if len(toRender) == 0 && len(prev.Pages) == len(items) && prev.Static == staticHash && prev.Extras == extrasHash {
		res.Generation = filepath.Base(live)
		res.Duration = time.Since(start)
		// A build killed midway left its unfinished generation; no later build would remove it
		// while nothing changes.
		removeLeftovers(generationsDir(b.cfg.OutDir))
		log.Info("build: nothing changed", "reason", opts.Reason, "pages", len(items), "ms", res.Duration.Milliseconds())
		b.progressf("built %d pages (0 rendered, %d unchanged) in %.2fs: nothing changed, %s kept\n", len(items), len(items), res.Duration.Seconds(), b.cfg.OutDir)
		return res, nil
	}

	tr("compare")
	// Stage 3: write a new generation.
	genRoot := generationsDir(b.cfg.OutDir)
	removeLeftovers(genRoot)
	name := "g" + time.Now().UTC().Format("20060102T150405.000000") + "-" + randHex(3)
	name = strings.Replace(name, ".", "", 1)
	tmp := filepath.Join(genRoot, name+".tmp")
	final := filepath.Join(genRoot, name)
	// The generation before the live one already holds nearly every page of the new one: it
	// becomes the new generation, and only the files that differ from it are replaced, so a
	// publish costs the pages it changes rather than a link per page of the site.
	var spare manifest
	if !opts.Clean && live != "" {
		spare = b.takeSpare(genRoot, live, assets.Hash, tmp)
	}
	reuse := spare.Pages != nil
	if !reuse {
		if err := os.MkdirAll(tmp, 0o755); err != nil {
			return Result{}, fmt.Errorf("write: %w", err)
		}
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	w := &writer{root: tmp}
	if reuse {
		// Its files are hard links shared with other generations: replace, never write through.
		for file := range spare.Pages {
			if !seen[file] {
				w.remove(file)
			}
		}
		kept := toLink[:0:0]
		for _, it := range toLink {
			if spare.Pages[it.File] != it.hash {
				kept = append(kept, it)
			}
		}
		toLink = kept
	}
	if !reuse || spare.Static != staticHash {
		if err := b.writeStatic(w, assets, uploads); err != nil {
			return Result{}, fmt.Errorf("write: static files: %w", err)
		}
	}
	for fname, data := range extras {
		if err := w.write(fname, data); err != nil {
			return Result{}, fmt.Errorf("write: %w", err)
		}
	}
	tr("static files")
	// The unchanged pages are linked from the live generation while the changed ones render:
	// the links are file-system work in Go, the renders node's, so a publish on a large site
	// waits for the longer of the two rather than for both.
	linked := make(chan error, 1)
	go func() {
		linked <- parallel(len(toLink), func(i int) error {
			return w.link(filepath.Join(live, toLink[i].File), toLink[i].File)
		})
	}()

	// Stage 4: render what changed, each distinct body once.
	var groups [][]*planned
	byBody := make(map[string]int, len(toRender))
	for _, it := range toRender {
		if g, ok := byBody[it.body]; ok {
			groups[g] = append(groups[g], it)
			continue
		}
		byBody[it.body] = len(groups)
		groups = append(groups, []*planned{it})
	}
	var done atomic.Int64
	total := len(toRender)
	step := int64(max(total/10, 100))
	renderErr := parallelN(16, len(groups), func(i int) error {
		first := groups[i][0]
		body, err := b.renderer.Render(ctx, first.Name, first.bodyRoute(), siteJSON, first.props)
		if err != nil {
			return err
		}
		for _, it := range groups[i] {
			if err := w.write(it.File, document(it.head, body)); err != nil {
				return err
			}
			if n := done.Add(1); total >= 200 && n%step == 0 {
				b.progressf("rendered %d/%d pages\n", n, total)
			}
		}
		return nil
	})
	linkErr := <-linked
	tr("render and link unchanged")
	if renderErr != nil {
		return Result{}, fmt.Errorf("render: %w", renderErr)
	}
	if linkErr != nil {
		return Result{}, fmt.Errorf("write: reuse unchanged page: %w", linkErr)
	}
	for _, it := range toRender {
		res.Rendered = append(res.Rendered, it.Route)
	}
	sort.Strings(res.Rendered)

	m := manifest{Generation: name, Assets: assets.Hash, Inputs: inputs, Static: staticHash, Extras: extrasHash, Pages: make(map[string]string, len(items))}
	for _, it := range items {
		m.Pages[it.File] = it.hash
	}
	data, _ := json.Marshal(m)
	if err := w.write(manifestName, data); err != nil {
		return Result{}, fmt.Errorf("write: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("write: %w", err)
	}

	tr("manifest")
	// Stage 5: swap.
	if err := os.Rename(tmp, final); err != nil {
		return Result{}, fmt.Errorf("swap: %w", err)
	}
	ok = true
	if err := swapLink(b.cfg.OutDir, final); err != nil {
		os.RemoveAll(final)
		return Result{}, fmt.Errorf("swap: %w", err)
	}
	tr("swap")
	// Removing an old generation (a file and a folder per page) takes as long as writing one:
	// it runs after the build returns, once no other build has followed for pruneDelay.
	b.schedulePrune()
	res.Generation, res.Swapped, res.Duration = name, true, time.Since(start)
	log.Info("build: done", "reason", opts.Reason, "generation", name, "rendered", res.PagesRendered,
		"unchanged", res.PagesUnchanged, "ms", res.Duration.Milliseconds())
	b.progressf("built %d pages (%d rendered, %d unchanged) in %.2fs → %s\n", res.PagesTotal, res.PagesRendered, res.PagesUnchanged, res.Duration.Seconds(), b.cfg.OutDir)
	return res, nil
}

// bodyRoute is the route a page's body is rendered for.
func (p *Page) bodyRoute() string {
	if p.BodyRoute != "" {
		return p.BodyRoute
	}
	return p.Route
}

func (b *Builder) progressf(format string, args ...any) {
	if b.cfg.Progress != nil {
		fmt.Fprintf(b.cfg.Progress, format, args...)
	}
}

// staticHash sums what the pages do not: the client bundle, the site's public files, content
// images and the uploads the pages use.
func (b *Builder) staticHash(assets render.Assets, uploads []string) (string, error) {
	h := sha256.New()
	h.Write([]byte(assets.Hash))
	for _, dir := range []string{assets.ClientDir, filepath.Join(b.cfg.ContentDir, "images")} {
		files, err := imageFiles(dir)
		if err != nil {
			return "", err
		}
		for _, f := range files {
			st, err := os.Stat(filepath.Join(dir, f))
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\n", dir, f, st.Size(), st.ModTime().UnixNano())
		}
	}
	for _, u := range uploads {
		h.Write([]byte(u))
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

func (b *Builder) writeStatic(w *writer, assets render.Assets, uploads []string) error {
	files, err := imageFiles(assets.ClientDir)
	if err != nil {
		return err
	}
	for _, f := range files {
		if strings.HasPrefix(f, ".vite/") {
			continue
		}
		// The bundle's files are replaced, never edited, by a site build: linking is safe.
		if err := w.link(filepath.Join(assets.ClientDir, f), f); err != nil {
			return err
		}
	}
	imgDir := filepath.Join(b.cfg.ContentDir, "images")
	files, err = imageFiles(imgDir)
	if err != nil {
		return err
	}
	for _, f := range files {
		// Content images may be edited in place, so they are copied, not linked.
		if err := w.copy(filepath.Join(imgDir, f), "images/"+f); err != nil {
			return err
		}
	}
	for _, u := range uploads {
		src := filepath.Join(b.cfg.UploadsDir, u)
		if b.cfg.UploadsDir == "" {
			continue
		}
		if _, err := os.Stat(src); err != nil {
			b.cfg.Logger.Warn("build: a page uses a missing upload", "name", u)
			continue
		}
		// Uploads are stored under new names and never edited: linking is safe.
		if err := w.link(src, "uploads/"+u); err != nil {
			return err
		}
	}
	return nil
}

// RenderPreviewBlog renders a draft blog exactly as its public page would be served.
func (b *Builder) RenderPreviewBlog(ctx context.Context, blog content.Blog) ([]byte, error) {
	blog.Normalize()
	blog.Category = content.Category(blog.Category)
	if blog.CreatedAt.IsZero() {
		blog.CreatedAt = time.Now()
	}
	return b.renderOne(ctx, func(pl *planner) *Page {
		h := pl.postHead(blog, "/blog/"+blog.Slug+"/")
		h.Robots = "noindex, nofollow"
		return &Page{Route: "/blog/" + blog.Slug + "/", Name: "blogPost", Props: pl.postProps(blog, true), Head: h}
	})
}

// RenderPreviewService renders a draft service exactly as its public page would be served: the
// landing page for the five landing slugs, the generic service page otherwise.
func (b *Builder) RenderPreviewService(ctx context.Context, svc content.Service) ([]byte, error) {
	svc.Normalize()
	return b.renderOne(ctx, func(pl *planner) *Page {
		var pg *Page
		if _, ok := pl.src.Landings[svc.Slug]; ok {
			props, h := pl.landing(svc.Slug, svc, true)
			pg = &Page{Name: "landing", Props: props, Head: h}
		} else {
			props, h := pl.servicePage(svc, true)
			pg = &Page{Name: "servicePage", Props: props, Head: h}
		}
		pg.Route = "/" + svc.Slug + "/"
		pg.Head.Robots = "noindex, nofollow"
		return pg
	})
}

func (b *Builder) renderOne(ctx context.Context, page func(*planner) *Page) ([]byte, error) {
	sources, err := folder.Load(b.cfg.ContentDir)
	if err != nil {
		return nil, err
	}
	pl := b.newPlanner(sources, nil, nil)
	pl.cards = []BlogCard{}
	pg := page(pl)
	siteJSON, err := json.Marshal(pl.site)
	if err != nil {
		return nil, err
	}
	props, err := json.Marshal(pg.Props)
	if err != nil {
		return nil, err
	}
	body, err := b.renderer.Render(ctx, pg.Name, pg.Route, siteJSON, props)
	if err != nil {
		return nil, err
	}
	return document(headHTML(pg.Head, pl.site, b.renderer.Assets()), body), nil
}

func hashMap(m map[string][]byte) string {
	h := sha256.New()
	for _, k := range sortedKeys(m) {
		h.Write([]byte(k))
		h.Write(m[k])
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
