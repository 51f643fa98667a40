package deploy

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/s3test"
)

// site writes a small generated site into a new folder: files maps each path to its bytes.
func site(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func page(title string, refs ...string) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>" + title + "</title>")
	for _, r := range refs {
		if strings.HasSuffix(r, ".css") {
			b.WriteString(`<link rel="stylesheet" href="` + r + `">`)
		} else if strings.HasSuffix(r, ".js") {
			b.WriteString(`<script type="module" src="` + r + `"></script>`)
		} else {
			b.WriteString(`<img src="` + r + `" alt="">`)
		}
	}
	b.WriteString("</head><body>" + strings.Repeat("<p>"+title+" words.</p>", 60) + "</body></html>\n")
	return b.String()
}

// v1 is the first version of the test site: a home, one post with an upload, the bundle.
func v1() map[string]string {
	return map[string]string{
		"index.html":          page("Home", "/assets/app-1111.js", "/assets/app-1111.css"),
		"blog/a/index.html":   page("Post A", "/assets/app-1111.js", "/uploads/aaaa.png"),
		"404.html":            page("Not found", "/assets/app-1111.js"),
		"assets/app-1111.js":  "console.log('v1');" + strings.Repeat(" ", 2000),
		"assets/app-1111.css": "body{color:#111}",
		"uploads/aaaa.png":    "\x89PNG fake a",
		"images/logo.svg":     `<svg xmlns="http://www.w3.org/2000/svg"/>`,
		"sitemap.xml":         "<urlset><url>/</url><url>/blog/a/</url></urlset>",
		"feed.xml":            "<rss>a</rss>",
		"robots.txt":          "User-agent: *\n",
		".build.json":         `{"generation":"g1"}`,
		"_headers":            siteHeaders,
	}
}

// siteHeaders is a _headers file as the generator writes one (internal/static), with a form
// endpoint on another host.
const siteHeaders = `# Security headers of every page
/*
  Content-Security-Policy: default-src 'self'; connect-src 'self' https://forms.example.com; form-action 'self' https://forms.example.com; frame-ancestors 'none'
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
/uploads/*
  Content-Security-Policy: default-src 'none'; sandbox
/assets/*
  Cache-Control: public, max-age=31536000, immutable
`

// served counts the files of a site that become objects (not the build's dot-files, nor the
// instructions for a host).
func served(files map[string]string) int {
	n := 0
	for rel := range files {
		if !skipped(rel) {
			n++
		}
	}
	return n
}

func with(base map[string]string, changes map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range changes {
		if v == "" {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out
}

type fixture struct {
	srv    *s3test.Server
	bucket string
	now    time.Time
	cfg    Config
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	srv := s3test.Start(t)
	f := &fixture{srv: srv, bucket: srv.Bucket(t), now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	f.cfg = Config{
		Target: Target{Bucket: f.bucket, Prefix: "www/"}, Endpoint: srv.Endpoint, Region: "us-east-1",
		AccessKey: srv.AccessKey, SecretKey: srv.SecretKey, Now: func() time.Time { return f.now },
	}
	return f
}

func (f *fixture) deploy(t *testing.T, dir string, opts Options) Result {
	t.Helper()
	return f.deployWith(t, f.cfg, dir, opts)
}

func (f *fixture) deployWith(t *testing.T, cfg Config, dir string, opts Options) Result {
	t.Helper()
	d, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := d.Deploy(context.Background(), dir, opts)
	if err != nil {
		t.Fatalf("deploy: %v", err)
	}
	return res
}

func (f *fixture) objects(t *testing.T) map[string]s3test.Object {
	return f.srv.Objects(t, f.bucket, "www/")
}

func TestFirstDeployIsByteEqualWithTypesAndCaching(t *testing.T) {
	f := newFixture(t)
	files := v1()
	res := f.deploy(t, site(t, files), Options{Generation: "g1"})
	objs := f.objects(t)
	if len(res.Uploaded) != served(files) {
		t.Errorf("uploaded %d objects, want %d", len(res.Uploaded), served(files))
	}
	want := map[string][2]string{
		"index.html":          {"text/html; charset=utf-8", CacheRevalidate},
		"blog/a/index.html":   {"text/html; charset=utf-8", CacheRevalidate},
		"404.html":            {"text/html; charset=utf-8", CacheRevalidate},
		"assets/app-1111.js":  {"text/javascript; charset=utf-8", CacheImmutable},
		"assets/app-1111.css": {"text/css; charset=utf-8", CacheImmutable},
		"uploads/aaaa.png":    {"image/png", CacheImmutable},
		"images/logo.svg":     {"image/svg+xml", CacheImages},
		"sitemap.xml":         {"application/xml; charset=utf-8", CacheRevalidate},
		"feed.xml":            {"application/rss+xml; charset=utf-8", CacheRevalidate},
		"robots.txt":          {"text/plain; charset=utf-8", CacheRevalidate},
	}
	for rel, tc := range want {
		o, ok := objs["www/"+rel]
		if !ok {
			t.Errorf("%s missing", rel)
			continue
		}
		if !bytes.Equal(o.Data, []byte(files[rel])) {
			t.Errorf("%s: bytes differ", rel)
		}
		if o.Info.ContentType != tc[0] {
			t.Errorf("%s: Content-Type %q, want %q", rel, o.Info.ContentType, tc[0])
		}
		if cc := o.Info.Metadata.Get("Cache-Control"); cc != tc[1] {
			t.Errorf("%s: Cache-Control %q, want %q", rel, cc, tc[1])
		}
		if sum := o.Info.UserMetadata["Sha256"]; len(sum) != 64 {
			t.Errorf("%s: no sha256 metadata: %v", rel, o.Info.UserMetadata)
		}
		if strings.HasSuffix(rel, ".html") && !strings.Contains(o.Info.Metadata.Get("X-Amz-Meta-Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: no security headers in its metadata: %v", rel, o.Info.Metadata)
		}
	}
	if _, ok := objs["www/.build.json"]; ok {
		t.Error("the build's own manifest was uploaded")
	}
	if _, ok := objs["www/"+ManifestKey]; !ok {
		t.Error("no deploy manifest")
	}
	if len(objs) != len(want)+1 {
		t.Errorf("%d objects on the store, want %d", len(objs), len(want)+1)
	}
	// Assets went up before pages, pages before the sitemap, feed and robots.txt.
	rank := func(rel string) int { return int(kindOf(rel)) }
	if !slices.IsSortedFunc(res.Uploaded, func(a, b string) int { return rank(a) - rank(b) }) {
		t.Errorf("upload order %v", res.Uploaded)
	}
}

func TestRedeployUploadsNothing(t *testing.T) {
	f := newFixture(t)
	dir := site(t, v1())
	f.deploy(t, dir, Options{Generation: "g1"})
	before := f.objects(t)
	res := f.deploy(t, site(t, v1()), Options{Generation: "g2"})
	if len(res.Uploaded) != 0 || len(res.Deleted) != 0 {
		t.Fatalf("a redeploy of the same site uploaded %v, deleted %v", res.Uploaded, res.Deleted)
	}
	if res.Unchanged != served(v1()) {
		t.Errorf("unchanged %d", res.Unchanged)
	}
	after := f.objects(t)
	for k, o := range before {
		if after[k].Info.ETag != o.Info.ETag || !after[k].Modified.Equal(o.Modified) {
			t.Errorf("%s was written again", k)
		}
	}
}

func TestOneNewPostUploadsOnlyWhatChanged(t *testing.T) {
	f := newFixture(t)
	f.deploy(t, site(t, v1()), Options{})
	v2 := with(v1(), map[string]string{
		"blog/b/index.html": page("Post B", "/assets/app-1111.js", "/uploads/bbbb.png"),
		"uploads/bbbb.png":  "\x89PNG fake b",
		"index.html":        page("Home with B", "/assets/app-1111.js", "/assets/app-1111.css"),
		"sitemap.xml":       "<urlset><url>/</url><url>/blog/a/</url><url>/blog/b/</url></urlset>",
		"feed.xml":          "<rss>a b</rss>",
	})
	res := f.deploy(t, site(t, v2), Options{})
	want := []string{"uploads/bbbb.png", "blog/b/index.html", "index.html", "feed.xml", "sitemap.xml"}
	got := append([]string(nil), res.Uploaded...)
	// Within a kind the order is the workers'; across kinds it is fixed.
	sort.SliceStable(got, func(i, j int) bool { return kindOf(got[i]) < kindOf(got[j]) })
	sortWithinKinds(got)
	sortWithinKinds(want)
	if !slices.Equal(got, want) {
		t.Fatalf("uploaded %v, want %v", res.Uploaded, want)
	}
	if len(res.Deleted) != 0 {
		t.Fatalf("deleted %v", res.Deleted)
	}
}

func sortWithinKinds(s []string) {
	sort.SliceStable(s, func(i, j int) bool {
		if kindOf(s[i]) != kindOf(s[j]) {
			return kindOf(s[i]) < kindOf(s[j])
		}
		return s[i] < s[j]
	})
}

func TestDeletedPostIsGoneAndOldAssetsFollowAfterTheGracePeriod(t *testing.T) {
	f := newFixture(t)
	f.deploy(t, site(t, v1()), Options{})
	// Post A deleted, and a new bundle (new hashed names).
	v2 := with(v1(), map[string]string{
		"blog/a/index.html":   "",
		"uploads/aaaa.png":    "",
		"assets/app-1111.js":  "",
		"assets/app-1111.css": "",
		"assets/app-2222.js":  "console.log('v2')",
		"assets/app-2222.css": "body{color:#222}",
		"index.html":          page("Home", "/assets/app-2222.js", "/assets/app-2222.css"),
		"404.html":            page("Not found", "/assets/app-2222.js"),
		"sitemap.xml":         "<urlset><url>/</url></urlset>",
	})
	dir2 := site(t, v2)
	res := f.deploy(t, dir2, Options{})
	if !slices.Equal(res.Deleted, []string{"blog/a/index.html"}) {
		t.Fatalf("deleted %v, want the post's page at once", res.Deleted)
	}
	objs := f.objects(t)
	if _, ok := objs["www/blog/a/index.html"]; ok {
		t.Fatal("the deleted post is still on the store")
	}
	for _, kept := range []string{"uploads/aaaa.png", "assets/app-1111.js", "assets/app-1111.css"} {
		if _, ok := objs["www/"+kept]; !ok {
			t.Fatalf("%s was deleted before its grace period ended", kept)
		}
	}
	if res.Retained != 3 {
		t.Errorf("retained %d, want 3", res.Retained)
	}
	// Six days later: still kept.
	f.now = f.now.Add(6 * 24 * time.Hour)
	if res := f.deploy(t, dir2, Options{}); len(res.Deleted) != 0 || len(res.Uploaded) != 0 {
		t.Fatalf("six days on: uploaded %v, deleted %v", res.Uploaded, res.Deleted)
	}
	// Past seven days: gone.
	f.now = f.now.Add(24*time.Hour + time.Second)
	res = f.deploy(t, dir2, Options{})
	sort.Strings(res.Deleted)
	if !slices.Equal(res.Deleted, []string{"assets/app-1111.css", "assets/app-1111.js", "uploads/aaaa.png"}) {
		t.Fatalf("after the grace period deleted %v", res.Deleted)
	}
	objs = f.objects(t)
	for k := range objs {
		rel := strings.TrimPrefix(k, "www/")
		if _, ok := v2[rel]; !ok && rel != ManifestKey {
			t.Errorf("%s is still on the store", rel)
		}
	}
	var m Manifest
	json.Unmarshal(objs["www/"+ManifestKey].Data, &m)
	if len(m.Retired) != 0 {
		t.Errorf("manifest still retires %v", m.Retired)
	}
}

var refRE = regexp.MustCompile(`(?:src|href)="(/[^"]+)"`)

// TestVisitorNeverSeesAPageWithoutItsAssets reads the whole store after every single write and
// delete of deploys that change the bundle, add a post with an upload and delete a post: every
// page a visitor could load at that moment must find each asset it names.
func TestVisitorNeverSeesAPageWithoutItsAssets(t *testing.T) {
	f := newFixture(t)
	checks := 0
	cfg := f.cfg
	cfg.Workers = 1
	cfg.afterWrite = func(op, rel string) {
		checks++
		if t.Failed() {
			return
		}
		objs := f.objects(t)
		for key, o := range objs {
			if !strings.HasSuffix(key, ".html") {
				continue
			}
			for _, m := range refRE.FindAllStringSubmatch(string(o.Data), -1) {
				if _, ok := objs["www"+m[1]]; !ok {
					t.Errorf("after %s %s: %s names %s, which is not on the store", op, rel, key, m[1])
				}
			}
		}
	}
	f.deployWith(t, cfg, site(t, v1()), Options{})
	v2 := with(v1(), map[string]string{
		"assets/app-2222.js":  "console.log('v2')",
		"assets/app-2222.css": "body{color:#222}",
		"index.html":          page("Home", "/assets/app-2222.js", "/assets/app-2222.css", "/uploads/bbbb.png"),
		"blog/a/index.html":   page("Post A", "/assets/app-2222.js", "/uploads/aaaa.png"),
		"blog/b/index.html":   page("Post B", "/assets/app-2222.js", "/uploads/bbbb.png"),
		"uploads/bbbb.png":    "\x89PNG fake b",
		"404.html":            page("Not found", "/assets/app-2222.js"),
		"assets/app-1111.js":  "",
		"assets/app-1111.css": "",
	})
	f.deployWith(t, cfg, site(t, v2), Options{})
	v3 := with(v2, map[string]string{
		"blog/a/index.html": "",
		"uploads/aaaa.png":  "",
		"index.html":        page("Home without A", "/assets/app-2222.js", "/assets/app-2222.css", "/uploads/bbbb.png"),
	})
	f.deployWith(t, cfg, site(t, v3), Options{})
	f.now = f.now.Add(8 * 24 * time.Hour)
	f.deployWith(t, cfg, site(t, v3), Options{})
	if checks < 15 {
		t.Fatalf("only %d states checked", checks)
	}
}

func TestRollbackUploadsOnlyWhatDiffers(t *testing.T) {
	f := newFixture(t)
	dir1 := site(t, v1())
	f.deploy(t, dir1, Options{Generation: "g1"})
	v2 := with(v1(), map[string]string{
		"assets/app-2222.js": "console.log('v2')",
		"index.html":         page("Home v2", "/assets/app-2222.js", "/assets/app-1111.css"),
		"blog/a/index.html":  page("Post A v2", "/assets/app-2222.js", "/uploads/aaaa.png"),
		"404.html":           page("Not found", "/assets/app-2222.js"),
		"assets/app-1111.js": "",
	})
	f.deploy(t, site(t, v2), Options{Generation: "g2"})
	f.now = f.now.Add(time.Hour)
	res := f.deploy(t, dir1, Options{Generation: "g1"})
	got := append([]string(nil), res.Uploaded...)
	sort.Strings(got)
	if !slices.Equal(got, []string{"404.html", "blog/a/index.html", "index.html"}) {
		t.Fatalf("rollback uploaded %v, want only the three pages that differ (the old bundle is still kept)", got)
	}
	objs := f.objects(t)
	for rel, data := range v1() {
		if skipped(rel) {
			continue
		}
		if !bytes.Equal(objs["www/"+rel].Data, []byte(data)) {
			t.Errorf("%s is not the rolled-back version", rel)
		}
	}
	if _, ok := objs["www/assets/app-2222.js"]; !ok {
		t.Error("the newer bundle was deleted at once; open tabs of it need it for the grace period")
	}
	var m Manifest
	json.Unmarshal(objs["www/"+ManifestKey].Data, &m)
	if m.Generation != "g1" || len(m.History) != 3 || m.History[1].Generation != "g2" {
		t.Errorf("manifest generation %q, history %v", m.Generation, m.History)
	}
}

func TestRefusedCredentialsChangeNothing(t *testing.T) {
	f := newFixture(t)
	f.deploy(t, site(t, v1()), Options{})
	before := f.objects(t)
	v2 := with(v1(), map[string]string{"index.html": page("Home v2", "/assets/app-1111.js")})
	for _, tc := range []struct {
		name, access, secret, hint string
	}{
		{"wrong secret", f.srv.AccessKey, "not-the-secret-key-0000", "AWS_SECRET_ACCESS_KEY"},
		{"unknown key", "AKIAUNKNOWN", f.srv.SecretKey, "AWS_ACCESS_KEY_ID"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := f.cfg
			cfg.AccessKey, cfg.SecretKey = tc.access, tc.secret
			d, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = d.Deploy(context.Background(), site(t, v2), Options{})
			var se *StoreError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a store error", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, "s3://"+f.bucket+"/www/"+ManifestKey) || !strings.Contains(msg, tc.hint) {
				t.Fatalf("error %q should name the bucket and key and say to check %s", msg, tc.hint)
			}
			after := f.objects(t)
			if len(after) != len(before) {
				t.Fatalf("objects %d → %d", len(before), len(after))
			}
			for k, o := range before {
				if after[k].Info.ETag != o.Info.ETag || !after[k].Modified.Equal(o.Modified) {
					t.Errorf("%s changed", k)
				}
			}
		})
	}
}

func TestRefusesToRemoveMostPagesUnlessForced(t *testing.T) {
	f := newFixture(t)
	big := v1()
	for i := 0; i < 20; i++ {
		big["blog/p"+string(rune('a'+i))+"/index.html"] = page("Post", "/assets/app-1111.js")
	}
	f.deploy(t, site(t, big), Options{})
	before := f.objects(t)
	small := site(t, v1())
	d, _ := New(f.cfg)
	_, _, err := d.Deploy(context.Background(), small, Options{})
	var tm *TooManyRemovalsError
	if !errors.As(err, &tm) || tm.Going != 20 || tm.Live != 23 {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), "remove 20 of the 23 pages") || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("message %q", err)
	}
	if after := f.objects(t); len(after) != len(before) {
		t.Fatal("a refused deploy changed the store")
	}
	res := f.deploy(t, small, Options{Force: true})
	if len(res.Deleted) != 20 {
		t.Fatalf("forced deploy deleted %d", len(res.Deleted))
	}
}

// TestRefusesToRemoveEveryPostUnlessForced: a site that shows none of the posts the store's
// site shows is refused with GuardRecords (sitegen deploy) unless Force, however few pages
// that is; without GuardRecords (the admin server's deploy of an admin's deletion) it goes.
func TestRefusesToRemoveEveryPostUnlessForced(t *testing.T) {
	f := newFixture(t)
	withPosts := v1()
	for i := 0; i < 3; i++ {
		withPosts["blog/p"+string(rune('a'+i))+"/index.html"] = page("Post", "/assets/app-1111.js")
	}
	for i := 0; i < 12; i++ {
		withPosts["page"+string(rune('a'+i))+"/index.html"] = page("Fixed", "/assets/app-1111.js")
	}
	f.deploy(t, site(t, withPosts), Options{Records: &domain.SiteCounts{Posts: 3}, GuardRecords: true})
	before := f.objects(t)
	without := with(withPosts, map[string]string{"blog/pa/index.html": "", "blog/pb/index.html": "", "blog/pc/index.html": ""})
	none := &domain.SiteCounts{}
	d, _ := New(f.cfg)
	for _, dry := range []bool{true, false} {
		_, _, err := d.Deploy(context.Background(), site(t, without), Options{Records: none, GuardRecords: true, DryRun: dry})
		var tm *TooManyRemovalsError
		if !errors.As(err, &tm) || !strings.Contains(err.Error(), "would remove all 3 posts live on s3://"+f.bucket+"/www/") ||
			!strings.Contains(err.Error(), "--force") {
			t.Fatalf("dry run %v: %v", dry, err)
		}
	}
	if after := f.objects(t); len(after) != len(before) {
		t.Fatal("a refused deploy changed the store")
	}
	if res := f.deploy(t, site(t, without), Options{Records: none}); len(res.Deleted) != 3 {
		t.Fatalf("the deploy without the guard deleted %v", res.Deleted)
	}
}

func TestDryRunChangesNothing(t *testing.T) {
	f := newFixture(t)
	f.deploy(t, site(t, v1()), Options{})
	before := f.objects(t)
	v2 := with(v1(), map[string]string{"blog/a/index.html": "", "blog/b/index.html": page("B"), "uploads/aaaa.png": ""})
	d, _ := New(f.cfg)
	plan, res, err := d.Deploy(context.Background(), site(t, v2), Options{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	plan.Print(&out)
	for _, want := range []string{"upload  page   new", "blog/b/index.html", "delete  blog/a/index.html", "keep    uploads/aaaa.png", "1 to upload", "1 to delete"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("plan lacks %q:\n%s", want, out.String())
		}
	}
	if !res.DryRun || len(res.Uploaded) != 1 {
		t.Errorf("result %+v", res)
	}
	after := f.objects(t)
	for k, o := range before {
		if after[k].Info.ETag != o.Info.ETag || !after[k].Modified.Equal(o.Modified) {
			t.Errorf("%s changed", k)
		}
	}
	if len(after) != len(before) {
		t.Error("a dry run added objects")
	}
}

func TestRedirectsBecomeRedirectObjects(t *testing.T) {
	f := newFixture(t)
	files := with(v1(), map[string]string{"_redirects": "# moved posts\n/blog/old-post/  /blog/a/\n/old.html /blog/a/ 301\n/blog/*  /blog/ 301\n/index.html /elsewhere/\n"})
	res := f.deploy(t, site(t, files), Options{})
	if len(res.Warnings) != 2 {
		t.Errorf("warnings %v, want the splat and the redirect over a page", res.Warnings)
	}
	for key, target := range map[string]string{"www/blog/old-post/index.html": "/blog/a/", "www/old.html": "/blog/a/"} {
		o := f.srv.Get(t, f.bucket, key)
		if got := o.Info.Metadata.Get("X-Amz-Website-Redirect-Location"); got != target {
			t.Errorf("%s redirects to %q, want %q (%v)", key, got, target, o.Info.Metadata)
		}
	}
	if o := f.srv.Get(t, f.bucket, "www/_redirects"); o.Data != nil {
		t.Error("_redirects itself was uploaded")
	}
	// A changed target uploads the redirect again; an unchanged one does not.
	files["_redirects"] = "/blog/old-post/  /blog/b/\n/old.html /blog/a/ 301\n"
	res = f.deploy(t, site(t, files), Options{})
	if !slices.Equal(res.Uploaded, []string{"blog/old-post/index.html"}) {
		t.Errorf("uploaded %v", res.Uploaded)
	}
	// A redirect page the build wrote (the manifest names it) goes up with its bytes and the
	// redirect; a page the manifest does not name stays a page.
	withPage := with(files, map[string]string{
		"_redirects":            "/blog/moved/ /blog/a/ 301\n/index.html /elsewhere/ 301\n",
		"blog/moved/index.html": `<!doctype html><meta http-equiv="refresh" content="0; url=/blog/a/">`,
		".build.json":           `{"redirects":{"/blog/moved/":"/blog/a/","/index.html":"/not-this/"}}`,
	})
	res = f.deploy(t, site(t, withPage), Options{})
	if o := f.srv.Get(t, f.bucket, "www/blog/moved/index.html"); o.Info.Metadata.Get("X-Amz-Website-Redirect-Location") != "/blog/a/" ||
		!strings.Contains(string(o.Data), "http-equiv") {
		t.Errorf("the build's redirect page: %q %v", o.Data, o.Info.Metadata)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "/index.html is a page of the site") {
		t.Errorf("warnings %v", res.Warnings)
	}
}

// The objects carry the headers of the generation's own _headers file (the one policy of the
// site, which follows its form endpoint and every later change), not a copy kept here.
func TestObjectsCarryTheSitesOwnHeaders(t *testing.T) {
	f := newFixture(t)
	files := v1()
	f.deploy(t, site(t, files), Options{})
	pagePolicy := "default-src 'self'; connect-src 'self' https://forms.example.com; form-action 'self' https://forms.example.com; frame-ancestors 'none'"
	want := map[string]map[string]string{
		"index.html":         {"Content-Security-Policy": pagePolicy, "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"},
		"blog/a/index.html":  {"Content-Security-Policy": pagePolicy, "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"},
		"assets/app-1111.js": {"Content-Security-Policy": pagePolicy, "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"},
		// Both rules match an upload: the hosts send both policies, joined, and a browser applies both.
		"uploads/aaaa.png": {"Content-Security-Policy": pagePolicy + ", default-src 'none'; sandbox", "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"},
	}
	for rel, headers := range want {
		o := f.srv.Get(t, f.bucket, "www/"+rel)
		for name, v := range headers {
			if got := o.Info.Metadata.Get("X-Amz-Meta-" + name); got != v {
				t.Errorf("%s: %s %q, want %q", rel, name, got, v)
			}
		}
	}
	if o := f.srv.Get(t, f.bucket, "www/_headers"); o.Data != nil {
		t.Error("_headers itself was uploaded")
	}

	// A change to one rule uploads again exactly the objects it applies to.
	files["_headers"] = strings.Replace(siteHeaders, "default-src 'none'; sandbox", "default-src 'none'; sandbox; img-src 'self'", 1)
	res := f.deploy(t, site(t, files), Options{})
	if !slices.Equal(res.Uploaded, []string{"uploads/aaaa.png"}) {
		t.Errorf("uploaded %v after the uploads' rule changed", res.Uploaded)
	}
	// A new policy for every page (a form endpoint moved, a widget's host allowed) reaches them.
	moved := strings.ReplaceAll(siteHeaders, "https://forms.example.com", "https://api.example.net")
	files["_headers"] = moved
	res = f.deploy(t, site(t, files), Options{})
	if len(res.Uploaded) != served(files) {
		t.Errorf("uploaded %d objects after the page policy changed, want %d", len(res.Uploaded), served(files))
	}
	if got := f.srv.Get(t, f.bucket, "www/blog/a/index.html").Info.Metadata.Get("X-Amz-Meta-Content-Security-Policy"); !strings.Contains(got, "connect-src 'self' https://api.example.net;") {
		t.Errorf("the page's policy after the change: %q", got)
	}

	// Without a _headers file the deploy says that the objects carry no headers.
	delete(files, "_headers")
	res = f.deploy(t, site(t, files), Options{})
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "no _headers") {
		t.Errorf("warnings %v", res.Warnings)
	}
}

func TestGzipWherePays(t *testing.T) {
	f := newFixture(t)
	f.cfg.Gzip = true
	files := v1()
	f.deploy(t, site(t, files), Options{})
	home := f.srv.Get(t, f.bucket, "www/index.html")
	if home.Info.Metadata.Get("Content-Encoding") != "gzip" {
		t.Fatalf("index.html not compressed: %v", home.Info.Metadata)
	}
	zr, err := gzip.NewReader(bytes.NewReader(home.Data))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != files["index.html"] {
		t.Fatal("decompressed page differs")
	}
	if small := f.srv.Get(t, f.bucket, "www/robots.txt"); small.Info.Metadata.Get("Content-Encoding") != "" {
		t.Error("a tiny file was compressed")
	}
	if png := f.srv.Get(t, f.bucket, "www/uploads/aaaa.png"); png.Info.Metadata.Get("Content-Encoding") != "" {
		t.Error("an image was compressed")
	}
}

func TestPurgeHookGetsTheChangedAddresses(t *testing.T) {
	f := newFixture(t)
	var mu sync.Mutex
	var got [][]string
	var auth string
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Files []string }
		json.NewDecoder(r.Body).Decode(&body)
		mu.Lock()
		got = append(got, body.Files)
		auth = r.Header.Get("Authorization")
		mu.Unlock()
	}))
	defer hook.Close()
	f.cfg.Purge = PurgeConfig{URL: hook.URL, Token: "cf-token", BaseURL: "https://www.example.com/", Batch: 3}
	f.deploy(t, site(t, v1()), Options{})
	mu.Lock()
	got = nil
	mu.Unlock()
	v2 := with(v1(), map[string]string{
		"blog/a/index.html":  "",
		"index.html":         page("Home v2", "/assets/app-3333.js"),
		"assets/app-3333.js": "console.log(3)",
	})
	res := f.deploy(t, site(t, v2), Options{})
	var all []string
	for _, b := range got {
		if len(b) > 3 {
			t.Errorf("batch of %d", len(b))
		}
		all = append(all, b...)
	}
	sort.Strings(all)
	want := []string{"https://www.example.com/", "https://www.example.com/blog/a/", "https://www.example.com/blog/a/index.html", "https://www.example.com/index.html"}
	if !slices.Equal(all, want) || res.Purged != 4 {
		t.Fatalf("purged %v, want %v", all, want)
	}
	if auth != "Bearer cf-token" {
		t.Errorf("Authorization %q", auth)
	}

	// A hook that fails: the deploy is done, and the error says the purge failed.
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "bad token", http.StatusForbidden)
	}))
	defer failing.Close()
	f.cfg.Purge.URL = failing.URL
	d, _ := New(f.cfg)
	_, res, err := d.Deploy(context.Background(), site(t, v1()), Options{})
	if err == nil || !strings.Contains(err.Error(), "deployed, but the CDN purge failed") || !strings.Contains(err.Error(), "403") {
		t.Fatalf("got %v", err)
	}
	if len(res.Uploaded) == 0 {
		t.Fatal("nothing deployed")
	}
}

// TestConcurrentDeployIsDetected: a deploy whose manifest changed under it (another deploy ran
// meanwhile) fails rather than overwrite the other's record.
func TestConcurrentDeployIsDetected(t *testing.T) {
	f := newFixture(t)
	f.deploy(t, site(t, v1()), Options{})
	other := site(t, with(v1(), map[string]string{"blog/c/index.html": page("C")}))
	once := sync.Once{}
	cfg := f.cfg
	cfg.afterWrite = func(op, rel string) {
		once.Do(func() { f.deploy(t, other, Options{}) })
	}
	d, _ := New(cfg)
	_, _, err := d.Deploy(context.Background(), site(t, with(v1(), map[string]string{"blog/d/index.html": page("D")})), Options{})
	if err == nil || !strings.Contains(err.Error(), "another deploy wrote the site meanwhile") {
		t.Fatalf("got %v", err)
	}
}

func TestVerifyUploadsWhatTheStoreLost(t *testing.T) {
	f := newFixture(t)
	dir := site(t, v1())
	f.deploy(t, dir, Options{})
	if err := f.srv.Client().RemoveObject(context.Background(), f.bucket, "www/blog/a/index.html", minioRemoveOpts); err != nil {
		t.Fatal(err)
	}
	if res := f.deploy(t, dir, Options{}); len(res.Uploaded) != 0 {
		t.Fatalf("without --verify the manifest is trusted: %v", res.Uploaded)
	}
	if res := f.deploy(t, dir, Options{Verify: true}); !slices.Equal(res.Uploaded, []string{"blog/a/index.html"}) {
		t.Fatalf("verify uploaded %v", res.Uploaded)
	}
}

func TestParseTarget(t *testing.T) {
	for in, want := range map[string]Target{
		"s3://site":         {Bucket: "site"},
		"s3://my.site/www":  {Bucket: "my.site", Prefix: "www/"},
		"s3://my-site/a/b/": {Bucket: "my-site", Prefix: "a/b/"},
	} {
		got, err := ParseTarget(in)
		if err != nil || got != want {
			t.Errorf("%s: %+v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"site", "https://x/y", "s3://A", "s3://ok/../x", "s3://ok/a//b", "s3://"} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

var minioRemoveOpts = minio.RemoveObjectOptions{}

// TestTransientErrorsAreRetried puts a proxy before the store that answers the first attempt
// of every upload with 503 SlowDown: the deploy retries each and stores the whole site.
func TestTransientErrorsAreRetried(t *testing.T) {
	f := newFixture(t)
	target, _ := url.Parse(f.srv.Endpoint)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var mu sync.Mutex
	seen := map[string]bool{}
	refused := 0
	flaky := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut {
			mu.Lock()
			first := !seen[r.URL.Path]
			seen[r.URL.Path] = true
			if first {
				refused++
			}
			mu.Unlock()
			if first {
				io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", "application/xml")
				w.WriteHeader(http.StatusServiceUnavailable)
				io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`)
				return
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	defer flaky.Close()
	cfg := f.cfg
	cfg.Endpoint = flaky.URL
	files := v1()
	res := f.deployWith(t, cfg, site(t, files), Options{})
	if refused < served(files) || len(res.Uploaded) != served(files) {
		t.Fatalf("refused %d, uploaded %d", refused, len(res.Uploaded))
	}
	objs := f.objects(t)
	for rel, data := range files {
		if !skipped(rel) && string(objs["www/"+rel].Data) != data {
			t.Errorf("%s differs after retries", rel)
		}
	}
}

// The search manifest names chunk files: it may only go up after every asset.
func TestSearchManifestGoesUpAfterItsChunks(t *testing.T) {
	if kindOf("search/index.bin") <= kindOf("assets/search/ab12cd.bin") {
		t.Fatalf("search/index.bin is a %v, uploaded with or before the chunks it names", kindOf("search/index.bin"))
	}
	if CacheControl("search/index.bin") == CacheImmutable {
		t.Fatal("the search manifest changes on every publish: it must not be cached as immutable")
	}
}
