// Package generator turns content/ and the published records of the store into a static site.
// A build is a list of named stages (see Builder.Build): load the sources, plan every route
// with its props and head, diff the plan with the live generation, write a new generation,
// render the pages whose inputs changed into it through the node renderer, swap it in with one
// rename, and prune old generations. It knows nothing of HTTP.
package generator

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/render"
	"digitalreeviver/internal/search"
)

// Config says where a Builder reads and writes.
type Config struct {
	ContentDir   string // content/ in git
	OutDir       string // the live site path: a symlink to the live generation
	SiteDir      string // site/, with the built renderer bundle
	UploadsDir   string // uploaded images, copied into the site where a page uses them
	BaseURL      string // overrides content/site.yaml's baseUrl when set
	FormEndpoint string // overrides site.yaml's formEndpoint when set
	// TurnstileSiteKey overrides site.yaml's turnstileSiteKey when set: the forms carry
	// Cloudflare Turnstile's widget and the pages' policy lets its script and frame in.
	TurnstileSiteKey string
	Node             string // node binary (default "node")
	RenderProcesses  int    // most node processes rendering at once (0: render.Options' default)
	// OneShot says the Builder runs one build (sitegen build): it keeps no plan memo for a next
	// build, and lets go of each page's encoding once the page is written, so a large site's
	// build holds far less at once.
	OneShot  bool
	Keep     int // generations to keep, the live one included (default 3)
	Logger   *slog.Logger
	Progress io.Writer // where a build reports pages done of total (nil: silent)
	// Media makes and keeps the variants of uploaded images (nil: pages show the originals).
	Media *media.Cache
	// ImagesLater says a build never waits for image work (adminapi serve: a publish must not
	// queue behind the encodes of a batch of uploads): an upload whose variants are not made yet
	// is served as its original in this build, and Media makes them next (Cache.Later), whose
	// OnReady asks for the build that adds them. Unset (sitegen build), a build makes what is
	// missing before it renders.
	ImagesLater bool
	// Intake, when set, is the second intake of enquiries as the site carries it.
	Intake *Intake
}

// Intake is what the site carries of the enquiries' intake bucket (internal/intake): the
// bucket's origin, which the pages' policy lets them send to (connect-src), and the upload
// policy file the pages read when the form endpoint cannot be reached (intake.json).
type Intake struct {
	Origin string
	// Policy answers intake.json for a build now; called once per build.
	Policy func() []byte
}

// file is the intake.json of a build now (nil without an intake).
func (in *Intake) file() []byte {
	if in == nil || in.Policy == nil {
		return nil
	}
	return in.Policy()
}

// origin is the bucket's origin ("" without an intake).
func (in *Intake) origin() string {
	if in == nil {
		return ""
	}
	return in.Origin
}

// Source gives the published records a build renders. *store.DB satisfies it. A record's
// UpdatedAt changes with every change to it: a long-lived Builder reuses what it planned for an
// unchanged post.
type Source interface {
	Blogs() ([]domain.Blog, error)
	Services() ([]domain.Service, error)
	// RecordsDigest sums the records as they are stored, without decoding them: equal digests
	// must mean equal records. A build where nothing changed then reads no record. A source
	// that cannot sum them cheaply embeds Undigested.
	RecordsDigest() (string, error)
}

// Undigested is embedded by a Source that cannot sum its records without decoding them: the
// build then sums the decoded records instead.
type Undigested struct{}

// RecordsDigest returns "": no digest, sum the decoded records.
func (Undigested) RecordsDigest() (string, error) { return "", nil }

// Options tune one build.
type Options struct {
	Clean  bool   // render every page, ignoring the previous generation
	Reason string // why the build runs, for logs
	// GuardRemovals refuses a build that would remove more than half of the live site's pages
	// (sitegen build without --force: a mistyped or empty source must not replace the site).
	GuardRemovals bool
	Search        search.Options
	// BeforeLive, when set, is called by the swap stage once the new generation is complete and
	// in place, just before the switch that makes it live; an error stops the switch (the build
	// fails and the live site stays). What must end as the change goes live (a schedule) ends
	// here, so that nobody sees the new page while the old state is still listed. A build that
	// finds nothing to change does not call it.
	BeforeLive func() error
}

// Result says what a build did: the publish queue keeps it as the build's record, and a deploy
// sends its Changes.
type Result struct {
	Generation     string `json:"generation"`         // live after the build
	Previous       string `json:"previous,omitempty"` // live before it ("" on a first build; Generation when nothing changed)
	Swapped        bool   `json:"swapped"`            // false when nothing changed and the live site was kept
	PagesTotal     int    `json:"pagesTotal"`
	PagesRendered  int    `json:"pagesRendered"`
	PagesUnchanged int    `json:"pagesUnchanged"`
	// ImagesLater counts the uploads shown as uploaded because their variants are not made yet
	// (Config.ImagesLater): a build follows when they are.
	ImagesLater int           `json:"imagesLater,omitempty"`
	Started     time.Time     `json:"started"`
	Duration    time.Duration `json:"duration"`
	Stages      []Stage       `json:"stages"` // the stages that ran, in order
	// Rendered lists the routes rendered, sorted, and Changes the files of Generation that
	// differ from Previous. They can run to every page of the site, so a stored record leaves
	// them out: a deploy takes them from the Result it is handed.
	Rendered []string `json:"-"`
	// Encoded counts the pages whose props were encoded afresh, not taken from the plan memo.
	Encoded int     `json:"-"`
	Changes Changes `json:"-"`
	// Records counts the posts and services Generation shows (nil for a live generation built
	// before they were counted): a deploy keeps them for its guard.
	Records *domain.SiteCounts `json:"-"`
	// Search says what the build did to the search index: its files are in Changes too.
	Search SearchResult `json:"search"`
}

// Stage is a stage of a build and the time it took.
type Stage struct {
	Name     string        `json:"name"`
	Duration time.Duration `json:"duration"`
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
	// uploadRefs are the uploads each record version uses (recordUploads; not OneShot).
	uploadRefs map[string][]string
	// manifests are the manifests this Builder wrote, kept while it runs on (not OneShot).
	manifests manifestCache
	sitemaps  sitemapMemo // the posts' sitemaps it made (not OneShot)
	content   contentMemo // the content folder it read last (not OneShot)
	// previews are the posts' preview redirects, by slug, and redirectKeys the redirect pages'
	// keys, by the address each leads to (not OneShot).
	previews     map[string]*previewOf
	redirectKeys redirectKeys
	schedMu      sync.Mutex  // guards pruneAt
	pruneAt      *time.Timer // the scheduled prune, if any
}

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
	if cfg.BaseURL != "" {
		if err := domain.CheckSiteURL(cfg.BaseURL); err != nil {
			return nil, fmt.Errorf("the site's address (--base-url, env SITE_URL) %w", err)
		}
	}
	if cfg.FormEndpoint != "" {
		if err := domain.CheckFormEndpoint(cfg.FormEndpoint); err != nil {
			return nil, fmt.Errorf("the forms' endpoint (--form-endpoint, env FORM_ENDPOINT) %w", err)
		}
	}
	if cfg.TurnstileSiteKey != "" && !contentdir.ValidSiteKey(cfg.TurnstileSiteKey) {
		return nil, fmt.Errorf("build: Turnstile site key %q: expected letters, digits, - and _ only", cfg.TurnstileSiteKey)
	}
	r, err := render.New(render.Options{SiteDir: cfg.SiteDir, Node: cfg.Node, Logger: cfg.Logger, Processes: cfg.RenderProcesses})
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

// RendererStarts reports how many node processes the builder has started.
func (b *Builder) RendererStarts() int { return b.renderer.Starts() }

// Build builds the site into a new generation and makes it live. A failed build leaves the
// live site as it was; its error names the stage that failed.
func (b *Builder) Build(ctx context.Context, src Source, opts Options) (Result, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	r := &run{Builder: b, ctx: ctx, src: src, opts: opts}
	r.res.Started = time.Now()
	defer r.discard()
	for _, stage := range []struct {
		name string
		run  func() error
	}{
		{"load", r.load},     // the content folder, the live generation's manifest, the records
		{"plan", r.plan},     // every page with its props, head and inputs hash
		{"diff", r.diff},     // which pages differ from the live generation's
		{"write", r.write},   // the new generation, but for the pages to render
		{"render", r.render}, // the pages that differ, rendered into it
		{"index", r.index},   // the search index's new files, built beside the renders
		{"swap", r.swap},     // the new generation made live
		{"prune", r.prune},   // old generations removed, a little later
	} {
		begin := time.Now()
		if err := stage.run(); err != nil {
			return Result{}, fmt.Errorf("%s: %w", stage.name, err)
		}
		r.res.Stages = append(r.res.Stages, Stage{Name: stage.name, Duration: time.Since(begin)})
		b.cfg.Logger.Debug("build: stage done", "stage", stage.name, "ms", time.Since(begin).Milliseconds(),
			"total_ms", time.Since(r.res.Started).Milliseconds())
		if r.unchanged {
			return r.keepLive(), nil
		}
	}
	return r.done(), nil
}

// Warm readies a long-lived Builder for its first build without building: it starts the
// renderer, reads the records and plans every page as a build would, which fills the store's
// record cache, the plan memo, the kept manifests and the search index's decoded state. The
// first publish after a start then costs what the later ones do (at 5,000 posts, a tenth of a
// second rather than one to several seconds). Nothing is written; without a live site there is
// nothing to warm. A build asked for meanwhile waits for it, and is no slower for that.
func (b *Builder) Warm(ctx context.Context, src Source) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cfg.OneShot || LiveGeneration(b.cfg.OutDir) == "" {
		return nil
	}
	go b.renderer.Start()
	r := &run{Builder: b, ctx: ctx, src: src, warm: true}
	defer r.discard()
	begin := time.Now()
	if err := r.load(); err != nil {
		return fmt.Errorf("warm: load: %w", err)
	}
	if !r.reusable() || ctx.Err() != nil {
		return ctx.Err()
	}
	if err := r.plan(); err != nil {
		return fmt.Errorf("warm: plan: %w", err)
	}
	if s := <-r.searching; s.err != nil {
		return fmt.Errorf("warm: search index: %w", s.err)
	}
	b.manifests.keep(r.live, r.prev)
	b.keepSpareManifest(r.live, r.assets.Hash)
	b.cfg.Logger.Info("site planned ahead of the first publish", "pages", len(r.pages), "ms", time.Since(begin).Milliseconds())
	return nil
}

func (b *Builder) progressf(format string, args ...any) {
	if b.cfg.Progress != nil {
		fmt.Fprintf(b.cfg.Progress, format, args...)
	}
}

// RenderPreviewBlog renders a draft blog exactly as its public page would be served.
func (b *Builder) RenderPreviewBlog(ctx context.Context, src Source, blog domain.Blog) ([]byte, error) {
	blog.Normalize()
	blog.Category = domain.Category(blog.Category)
	if blog.CreatedAt.IsZero() {
		blog.CreatedAt = time.Now()
	}
	return b.renderOne(ctx, src, func(pl *planner) *Page {
		h := pl.postHead(blog, "/blog/"+blog.Slug+"/")
		h.Robots = "noindex, nofollow"
		return &Page{Route: "/blog/" + blog.Slug + "/", Name: "blogPost", Props: pl.postProps(blog, true), Head: h}
	})
}

// RenderPreviewService renders a draft service exactly as its public page would be served: the
// landing page for a slug with a landing page in content/, the generic service page otherwise.
func (b *Builder) RenderPreviewService(ctx context.Context, src Source, svc domain.Service) ([]byte, error) {
	svc.Normalize()
	return b.renderOne(ctx, src, func(pl *planner) *Page {
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

// renderOne renders one page outside a build; src (may be nil) gives the media library's alt
// texts, so an image shows the alt text the published page will.
func (b *Builder) renderOne(ctx context.Context, src Source, page func(*planner) *Page) ([]byte, error) {
	sources, err := contentdir.Load(b.cfg.ContentDir)
	if err != nil {
		return nil, err
	}
	pl := newPlanner(b.cfg, b.renderer.Assets().ClientDir, sources, nil, nil)
	pl.cards = []BlogCard{}
	pl.images.preview = b.cfg.Media
	if alts, ok := src.(ImageAltSource); ok {
		if pl.images.alts, err = alts.ImageAlts(); err != nil {
			return nil, fmt.Errorf("image alt texts: %w", err)
		}
	}
	pg := page(pl)
	pl.site.Beacon = "" // the admin's preview counts no visit
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

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
