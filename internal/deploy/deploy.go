// Package deploy puts a built generation of the site on an S3-compatible object store (AWS S3,
// Cloudflare R2, Backblaze B2, MinIO, Versity's gateway…) from which a CDN serves it.
//
// A deploy is named stages: scan (the generation's files and their sums) → read (the store's
// manifest) → plan → upload (assets, then pages, then sitemap, feed and robots.txt) → record
// (the manifest) → delete (what left the site: pages at once, assets after a grace period) →
// purge (the CDN's copies of what changed, through a hook). A visitor reading the store at any
// moment finds every page whole: each page reaches the store after every asset it uses, and an
// asset a previous page used stays for the grace period. Uploads are decided by the sha256 of
// each file as the manifest records it, never by ETags.
//
// It knows nothing of the generator, the admin API or the database: it is given a folder.
package deploy

import (
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/workers"

	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// DefaultGrace is how long assets that left the site stay on the store.
const DefaultGrace = 7 * 24 * time.Hour

// Target is where a site is deployed: a bucket and a key prefix ("" or ending in "/").
type Target struct {
	Bucket, Prefix string
}

var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

// ParseTarget reads "s3://BUCKET" or "s3://BUCKET/PREFIX".
func ParseTarget(s string) (Target, error) {
	rest, ok := strings.CutPrefix(s, "s3://")
	if !ok {
		return Target{}, fmt.Errorf("deploy target %q: expected s3://BUCKET or s3://BUCKET/PREFIX", s)
	}
	bucket, prefix, _ := strings.Cut(rest, "/")
	if !bucketName.MatchString(bucket) {
		return Target{}, fmt.Errorf("deploy target %q: %q is not a valid bucket name (3 to 63 lowercase letters, digits, dots and hyphens)", s, bucket)
	}
	prefix = strings.Trim(prefix, "/")
	for _, seg := range strings.Split(prefix, "/") {
		if prefix != "" && (seg == "" || seg == "." || seg == "..") {
			return Target{}, fmt.Errorf("deploy target %q: the prefix must be a clean path", s)
		}
	}
	if prefix != "" {
		prefix += "/"
	}
	return Target{Bucket: bucket, Prefix: prefix}, nil
}

func (t Target) String() string { return "s3://" + t.Bucket + "/" + t.Prefix }

// Config says where and how a Deployer deploys.
type Config struct {
	Target Target
	// Endpoint is the store's URL (http://127.0.0.1:7070, https://<account>.r2.cloudflarestorage.com);
	// "" is AWS S3.
	Endpoint     string
	Region       string
	AccessKey    string
	SecretKey    string
	SessionToken string
	// PathStyle addresses buckets as a path (endpoint/bucket/key) rather than a host name; the
	// client does so by itself for every endpoint but AWS's and Google's.
	PathStyle  bool
	Grace      time.Duration // how long assets that left the site stay (default DefaultGrace)
	Gzip       bool          // store text files gzip-compressed where that saves a tenth or more
	Purge      PurgeConfig
	Workers    int // parallel uploads (default 8)
	MaxRetries int // attempts per request on transient errors, with backoff (default 5)
	Now        func() time.Time
	Logger     *slog.Logger
	Progress   io.Writer // progress lines and the summary (nil: silent)

	// afterWrite, when set by a test, is called after each object written or deleted, with the
	// uploads paused, so the test can read the store in every state a visitor could meet.
	afterWrite func(op, rel string)
}

// ConfigFromEnv reads the standard AWS variables: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// AWS_SESSION_TOKEN, AWS_REGION (or AWS_DEFAULT_REGION), AWS_ENDPOINT_URL_S3 (or
// AWS_ENDPOINT_URL); with AWS_S3_FORCE_PATH_STYLE=true, path-style addressing.
func ConfigFromEnv(target string, getenv func(string) string) (Config, error) {
	t, err := ParseTarget(target)
	if err != nil {
		return Config{}, err
	}
	cfg := Config{
		Target:       t,
		AccessKey:    getenv("AWS_ACCESS_KEY_ID"),
		SecretKey:    getenv("AWS_SECRET_ACCESS_KEY"),
		SessionToken: getenv("AWS_SESSION_TOKEN"),
		Region:       orDefault(getenv("AWS_REGION"), getenv("AWS_DEFAULT_REGION")),
		Endpoint:     EndpointFromEnv(getenv),
		PathStyle:    getenv("AWS_S3_FORCE_PATH_STYLE") == "true",
	}
	if cfg.AccessKey == "" || cfg.SecretKey == "" {
		return Config{}, errors.New("no credentials for the object store: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY " +
			"(and AWS_ENDPOINT_URL_S3 for a store other than AWS S3)")
	}
	return cfg, nil
}

// EndpointFromEnv is the store's URL as the deploy reads it: AWS_ENDPOINT_URL_S3, or
// AWS_ENDPOINT_URL; "" is AWS S3.
func EndpointFromEnv(getenv func(string) string) string {
	return orDefault(getenv("AWS_ENDPOINT_URL_S3"), getenv("AWS_ENDPOINT_URL"))
}

func orDefault(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// Deployer deploys generations to one target; one deploy runs at a time.
type Deployer struct {
	cfg    Config
	client *minio.Client
	mu     sync.Mutex
	hashes hashCache
}

// New prepares a Deployer; it contacts nothing yet.
func New(cfg Config) (*Deployer, error) {
	if cfg.Target.Bucket == "" {
		return nil, errors.New("deploy: no target bucket")
	}
	if cfg.Grace == 0 {
		cfg.Grace = DefaultGrace
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 8
	}
	if cfg.MaxRetries <= 0 {
		cfg.MaxRetries = 5
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	host, secure := "s3.amazonaws.com", true
	if cfg.Region != "" && cfg.Endpoint == "" {
		host = "s3." + cfg.Region + ".amazonaws.com"
	}
	if cfg.Endpoint != "" {
		u, err := url.Parse(cfg.Endpoint)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || (u.Path != "" && u.Path != "/") {
			return nil, fmt.Errorf("object store endpoint %q: expected http(s)://HOST[:PORT]", cfg.Endpoint)
		}
		host, secure = u.Host, u.Scheme == "https"
	}
	lookup := minio.BucketLookupAuto
	if cfg.PathStyle {
		lookup = minio.BucketLookupPath
	}
	tr, err := minio.DefaultTransport(secure)
	if err != nil {
		return nil, fmt.Errorf("object store client: %w", err)
	}
	// A store that accepts the connection and then says nothing fails the request (and the
	// client retries it) rather than holding the deploy forever.
	tr.ResponseHeaderTimeout = 2 * time.Minute
	client, err := minio.New(host, &minio.Options{
		Creds:        credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, cfg.SessionToken),
		Transport:    tr,
		Secure:       secure,
		Region:       orDefault(cfg.Region, "us-east-1"),
		BucketLookup: lookup,
		MaxRetries:   cfg.MaxRetries,
	})
	if err != nil {
		return nil, fmt.Errorf("object store client: %w", err)
	}
	client.SetAppInfo("sitegen-deploy", "1")
	return &Deployer{cfg: cfg, client: client}, nil
}

// Target is where d deploys.
func (d *Deployer) Target() Target { return d.cfg.Target }

// Options tune one deploy.
type Options struct {
	Generation string // the generation's name, recorded in the manifest ("" for a plain folder)
	DryRun     bool   // plan and report, change nothing
	Force      bool   // deploy even when most of the live pages would go
	// Records counts the posts and services the site shows (generator.RecordCounts; nil:
	// unknown), kept in the store's manifest. With GuardRecords, a site that shows none of a
	// kind the store's site shows is refused unless Force.
	Records      *domain.SiteCounts
	GuardRecords bool
	Verify       bool // list the store and upload again what the manifest has but the store lacks
}

// Result says what a deploy did (or, for a dry run, would do).
type Result struct {
	Target        string        `json:"target"`
	Generation    string        `json:"generation,omitempty"`
	Uploaded      []string      `json:"uploaded"` // keys below the prefix, in upload order
	UploadedBytes int64         `json:"uploadedBytes"`
	Deleted       []string      `json:"deleted"`
	Retained      int           `json:"retained"` // assets that left the site, kept for the grace period
	Unchanged     int           `json:"unchanged"`
	Purged        int           `json:"purged"` // addresses sent to the purge hook
	PurgeError    string        `json:"purgeError,omitempty"`
	Warnings      []string      `json:"warnings,omitempty"`
	DryRun        bool          `json:"dryRun,omitempty"`
	Duration      time.Duration `json:"duration"`
}

// Changed reports whether the deploy changed anything on the store.
func (r *Result) Changed() bool { return len(r.Uploaded) > 0 || len(r.Deleted) > 0 }

// TooManyRemovalsError refuses a deploy that would remove most of the live site's pages, or
// every post or every service of a live site that has some.
type TooManyRemovalsError struct {
	Target      string
	Going, Live int
	New         int
	Gone        []string // what would go whole ("all 10 posts"), when that is the reason
}

func (e *TooManyRemovalsError) Error() string {
	what := fmt.Sprintf("%d of the %d pages live on %s (the new site has %d pages)", e.Going, e.Live, e.Target, e.New)
	if len(e.Gone) > 0 {
		what = fmt.Sprintf("%s live on %s (the new site has none)", strings.Join(e.Gone, " and "), e.Target)
	}
	return "refused: this deploy would remove " + what + ". Is this the site you mean (a build from an empty or mistyped " +
		"database, the wrong --out, an admin server that answered empty lists)? Deploy it anyway with --force"
}

// PurgeFailedError says the deploy is done but the CDN purge hook failed.
type PurgeFailedError struct{ Msg string }

func (e *PurgeFailedError) Error() string {
	return "deployed, but the CDN purge failed (the CDN may serve the old pages until their cache time passes): " + e.Msg
}

// Plan is what a deploy will do.
type Plan struct {
	Target     string
	Generation string
	Groups     [3][]*object // uploads by kind, in order
	Reasons    map[string]string
	Delete     []string // deleted now (pages that left, assets past their grace)
	Retire     []string // assets that left the site now, kept for the grace period
	Retained   int      // assets kept from earlier deploys, still in their grace period
	Unchanged  int
	Foreign    int // objects below the prefix the manifest does not know: left alone
	Warnings   []string
	LivePages  int
	GoingPages int
	NewPages   int

	manifest *Manifest
	etag     string
	next     *Manifest
}

// Uploads counts the objects and bytes to upload (bytes before compression).
func (p *Plan) Uploads() (n int, bytes int64) {
	for _, g := range p.Groups {
		for _, o := range g {
			n++
			bytes += o.Size
		}
	}
	return n, bytes
}

// Print writes the plan as a dry run shows it: each upload with its reason, each deletion, the
// totals.
func (p *Plan) Print(w io.Writer) {
	for _, g := range p.Groups {
		for _, o := range g {
			extra := ""
			if o.Redirect != "" {
				extra = " → " + o.Redirect
			}
			fmt.Fprintf(w, "upload  %-6s %-8s %9s  %s%s\n", o.Kind, p.Reasons[o.Rel], humanBytes(o.Size), o.Rel, extra)
		}
	}
	for _, r := range p.Delete {
		fmt.Fprintf(w, "delete  %s\n", r)
	}
	for _, r := range p.Retire {
		fmt.Fprintf(w, "keep    %s (left the site; deleted after the grace period)\n", r)
	}
	n, b := p.Uploads()
	fmt.Fprintf(w, "plan for %s: %d to upload (%s), %d to delete, %d kept for the grace period, %d unchanged\n",
		p.Target, n, humanBytes(b), len(p.Delete), len(p.Retire)+p.Retained, p.Unchanged)
}

// Deploy deploys the site in dir. A dry run returns the plan and changes nothing.
func (d *Deployer) Deploy(ctx context.Context, dir string, opts Options) (*Plan, Result, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	start := time.Now()
	res := Result{Target: d.cfg.Target.String(), Generation: opts.Generation, DryRun: opts.DryRun}
	plan, err := d.plan(ctx, dir, opts)
	if err != nil {
		return plan, res, err
	}
	res.Warnings = plan.Warnings
	for _, w := range plan.Warnings {
		d.cfg.Logger.Warn("deploy: " + w)
	}
	res.Unchanged, res.Retained = plan.Unchanged, plan.Retained+len(plan.Retire)
	n, bytes := plan.Uploads()
	if plan.GoingPages > 0 && plan.LivePages >= 10 && plan.GoingPages*2 > plan.LivePages && !opts.Force {
		return plan, res, &TooManyRemovalsError{Target: plan.Target, Going: plan.GoingPages, Live: plan.LivePages, New: plan.NewPages}
	}
	if live := plan.manifest.Records; opts.GuardRecords && !opts.Force && live != nil && opts.Records != nil {
		if gone := live.Gone(*opts.Records); len(gone) > 0 {
			return plan, res, &TooManyRemovalsError{Target: plan.Target, Going: plan.GoingPages, Live: plan.LivePages, New: plan.NewPages, Gone: gone}
		}
	}
	if opts.DryRun {
		for _, g := range plan.Groups {
			for _, o := range g {
				res.Uploaded = append(res.Uploaded, o.Rel)
			}
		}
		res.UploadedBytes = bytes
		res.Deleted = plan.Delete
		res.Duration = time.Since(start)
		return plan, res, nil
	}
	if n == 0 && len(plan.Delete) == 0 && len(plan.Retire) == 0 && plan.next == nil {
		res.Duration = time.Since(start)
		d.progressf("deployed %s to %s: nothing changed (%d objects unchanged) in %.2fs\n", orDefault(opts.Generation, dir), plan.Target, res.Unchanged, res.Duration.Seconds())
		return plan, res, nil
	}

	// Stage: upload, kind by kind; a kind starts once every object of the one before is stored.
	var done atomic.Int64
	var sent atomic.Int64
	step := int64(max(n/10, 50))
	var pause sync.Mutex // held by afterWrite so a test sees each state whole
	for _, group := range plan.Groups {
		ok := make([]bool, len(group))
		err := parallel(d.cfg.Workers, len(group), func(i int) error {
			o := group[i]
			stored, err := d.put(ctx, o)
			if err != nil {
				return err
			}
			ok[i] = true
			sent.Add(stored)
			if d.cfg.afterWrite != nil {
				pause.Lock()
				d.cfg.afterWrite("put", o.Rel)
				pause.Unlock()
			}
			if k := done.Add(1); n >= 100 && k%step == 0 {
				d.progressf("uploaded %d/%d objects (%s)\n", k, n, humanBytes(sent.Load()))
			}
			return nil
		})
		for i, o := range group {
			if ok[i] {
				res.Uploaded = append(res.Uploaded, o.Rel)
			}
		}
		if err != nil {
			res.UploadedBytes = sent.Load()
			d.recordPartial(ctx, plan, res.Uploaded)
			return plan, res, fmt.Errorf("upload (nothing was deleted; every page on the store is whole, old or new): %w", err)
		}
	}
	res.UploadedBytes = sent.Load()

	// Stage: record. The manifest lists the new site and, as retired, what is to be deleted,
	// before anything is: a deploy that stops during the deletions leaves them to the next.
	etag, err := d.writeManifest(ctx, plan.next, plan.etag)
	if err != nil {
		return plan, res, fmt.Errorf("record (every object is uploaded; nothing was deleted): %w", err)
	}

	// Stage: delete.
	if len(plan.Delete) > 0 {
		deleted, derr := d.remove(ctx, plan.Delete)
		res.Deleted = deleted
		if d.cfg.afterWrite != nil {
			for _, r := range deleted {
				d.cfg.afterWrite("delete", r)
			}
		}
		for _, r := range deleted {
			delete(plan.next.Retired, r)
		}
		if _, err := d.writeManifest(ctx, plan.next, etag); err != nil && derr == nil {
			derr = err
		}
		if derr != nil {
			return plan, res, fmt.Errorf("delete (the new site is live; the next deploy deletes what is left): %w", derr)
		}
	}

	// Stage: purge.
	if d.cfg.Purge.URL != "" {
		urls := d.purgeList(plan, res)
		res.Purged = len(urls)
		if err := d.purge(ctx, urls); err != nil {
			res.PurgeError = err.Error()
		}
	}
	res.Duration = time.Since(start)
	d.cfg.Logger.Debug("deploy: done", "target", plan.Target, "generation", opts.Generation, "uploaded", len(res.Uploaded),
		"bytes", res.UploadedBytes, "deleted", len(res.Deleted), "retained", res.Retained, "unchanged", res.Unchanged, "ms", res.Duration.Milliseconds())
	d.progressf("deployed %s to %s: %d uploaded (%s), %d deleted, %d kept for the grace period, %d unchanged in %.2fs\n",
		orDefault(opts.Generation, dir), plan.Target, len(res.Uploaded), humanBytes(res.UploadedBytes), len(res.Deleted), res.Retained, res.Unchanged, res.Duration.Seconds())
	if res.PurgeError != "" {
		return plan, res, &PurgeFailedError{Msg: res.PurgeError}
	}
	return plan, res, nil
}

// recordPartial records the objects a failed deploy did upload, so the next deploy knows them
// (a new page it uploaded is then deleted if the next site lacks it). Best effort: when the
// store refuses this too, the next deploy uploads them again.
func (d *Deployer) recordPartial(ctx context.Context, p *Plan, uploaded []string) {
	if len(uploaded) == 0 || p.next == nil {
		return
	}
	m := *p.manifest
	m.Objects = make(map[string]Entry, len(p.manifest.Objects)+len(uploaded))
	for k, v := range p.manifest.Objects {
		m.Objects[k] = v
	}
	m.Retired = make(map[string]Retired, len(p.manifest.Retired))
	for k, v := range p.manifest.Retired {
		m.Retired[k] = v
	}
	for _, rel := range uploaded {
		m.Objects[rel] = p.next.Objects[rel]
		delete(m.Retired, rel)
	}
	m.Version = 1
	if _, err := d.writeManifest(context.WithoutCancel(ctx), &m, p.etag); err != nil {
		d.cfg.Logger.Warn("deploy: could not record the objects uploaded before the failure", "err", err)
	}
}

// plan compares the site in dir with the store's manifest.
func (d *Deployer) plan(ctx context.Context, dir string, opts Options) (*Plan, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if err == nil {
			err = errors.New("not a folder")
		}
		return nil, fmt.Errorf("the site to deploy, %s: %w (build it first with sitegen build)", dir, err)
	}
	files, warnings, err := d.scan(dir)
	if err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("scan: %s holds no files to deploy (build the site first with sitegen build)", dir)
	}
	m, etag, err := d.readManifest(ctx)
	if err != nil {
		return nil, err
	}
	now := d.cfg.Now().UTC()
	p := &Plan{Target: d.cfg.Target.String(), Generation: opts.Generation, Reasons: map[string]string{}, Warnings: warnings, manifest: m, etag: etag}
	var listed map[string]int64
	if opts.Verify || etag == "" {
		if listed, err = d.listKeys(ctx); err != nil {
			return nil, err
		}
	}
	next := &Manifest{Version: 1, Generation: opts.Generation, DeployedAt: now, Records: opts.Records, Objects: make(map[string]Entry, len(files)), Retired: map[string]Retired{}}
	changed := false
	local := make(map[string]bool, len(files))
	for _, o := range files {
		local[o.Rel] = true
		e := Entry{Sum: o.Sum, Meta: o.meta(), Size: o.Size, Kind: o.Kind.String()}
		next.Objects[o.Rel] = e
		if o.Kind == kindPage {
			p.NewPages++
		}
		old, ok := m.Objects[o.Rel]
		if !ok {
			if r, was := m.Retired[o.Rel]; was {
				old, ok = r.Entry, true // back before its grace ended: still on the store
				changed = true
			}
		}
		switch {
		case !ok:
			p.Reasons[o.Rel] = "new"
		case old.Sum != o.Sum:
			p.Reasons[o.Rel] = "changed"
		case old.Meta != e.Meta:
			p.Reasons[o.Rel] = "metadata"
		case listed != nil && opts.Verify && !has(listed, o.Rel):
			p.Reasons[o.Rel] = "missing"
		default:
			p.Unchanged++
			continue
		}
		p.Groups[o.Kind] = append(p.Groups[o.Kind], o)
	}
	for rel, e := range m.Objects {
		if local[rel] {
			continue
		}
		changed = true
		if e.Kind == kindPage.String() {
			p.GoingPages++
		}
		if e.Kind == kindAsset.String() {
			next.Retired[rel] = Retired{Entry: e, DeleteAfter: now.Add(d.cfg.Grace)}
			p.Retire = append(p.Retire, rel)
		} else {
			next.Retired[rel] = Retired{Entry: e, DeleteAfter: now}
			p.Delete = append(p.Delete, rel)
		}
	}
	for rel, r := range m.Retired {
		if local[rel] {
			continue
		}
		if !r.DeleteAfter.After(now) {
			next.Retired[rel] = r
			p.Delete = append(p.Delete, rel)
			changed = true
		} else {
			next.Retired[rel] = r
			p.Retained++
		}
	}
	for _, e := range m.Objects {
		if e.Kind == kindPage.String() {
			p.LivePages++
		}
	}
	if etag == "" {
		for key := range listed {
			if key != ManifestKey && !local[key] {
				p.Foreign++
			}
		}
		if p.Foreign > 0 {
			p.Warnings = append(p.Warnings, fmt.Sprintf("%d objects below %s were not written by sitegen deploy: left alone", p.Foreign, p.Target))
		}
	}
	sort.Strings(p.Delete)
	sort.Strings(p.Retire)
	next.History = append([]Deployed{{Generation: opts.Generation, DeployedAt: now}}, m.History...)
	if len(next.History) > 20 {
		next.History = next.History[:20]
	}
	n, _ := p.Uploads()
	if n > 0 || changed || etag == "" {
		p.next = next
	}
	return p, nil
}

func has(m map[string]int64, k string) bool { _, ok := m[k]; return ok }

func (d *Deployer) progressf(format string, args ...any) {
	if d.cfg.Progress != nil {
		fmt.Fprintf(d.cfg.Progress, format, args...)
	}
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// GenerationDir resolves the site to deploy: out itself when it is a folder, the folder it
// points at when it is the generator's symlink; with a generation name, that generation kept
// beside it (.<out>/<name>). It returns the folder and the generation's name.
func GenerationDir(out, generation string) (string, string, error) {
	if generation != "" {
		if strings.ContainsAny(generation, `/\`) || strings.HasPrefix(generation, ".") {
			return "", "", fmt.Errorf("generation %q: expected a name such as g20260101T120000000000-abc123", generation)
		}
		gens := filepath.Join(filepath.Dir(out), "."+filepath.Base(out))
		dir := filepath.Join(gens, generation)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return "", "", fmt.Errorf("generation %s is not kept in %s (kept: %s)", generation, gens, strings.Join(keptGenerations(gens), ", "))
		}
		return dir, generation, nil
	}
	dir, err := filepath.EvalSymlinks(out)
	if err != nil {
		if os.IsNotExist(err) {
			return "", "", fmt.Errorf("%s does not exist: build the site first (sitegen build --out %s)", out, out)
		}
		return "", "", err
	}
	name := ""
	if st, err := os.Lstat(out); err == nil && st.Mode()&os.ModeSymlink != 0 {
		name = filepath.Base(dir)
	}
	return dir, name, nil
}

func keptGenerations(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "g") && !strings.Contains(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		return []string{"none"}
	}
	return out
}

// parallel runs fn for 0..n-1 on a few goroutines and returns the first error; after an error
// no new call starts.
func parallel(limit, n int, fn func(i int) error) error { return workers.Each(limit, n, fn) }
