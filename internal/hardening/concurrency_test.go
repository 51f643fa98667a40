package hardening

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/html"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/store"
)

var (
	assetRef = regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"`)
	postRef  = regexp.MustCompile(`href="/blog/([a-z0-9-]+)/"`)
)

// siteReader reads the site as visitors do while it is being republished, and records every
// way it could go wrong for them.
type siteReader struct {
	c        *client
	stable   []string        // pages that exist before and after: never a 404
	volatile map[string]bool // post slugs that may disappear meanwhile
	reads    atomic.Int64
	mu       sync.Mutex
	problems []string
}

func (r *siteReader) fail(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.problems) < 30 {
		r.problems = append(r.problems, fmt.Sprintf(format, args...))
	}
}

// page fetches one page and everything it needs: the page must be whole, and every asset it
// references must be there (a page whose script or stylesheet is gone is broken).
func (r *siteReader) page(path string, mayBeGone bool) []byte {
	// identity: what is read is what is served; compressing every read would only slow the
	// readers down on a two-core machine.
	res, err := r.c.send("GET", path, nil, "", "Accept-Encoding", "identity")
	r.reads.Add(1)
	switch {
	case err != nil:
		r.fail("GET %s: %v", path, err)
		return nil
	case res.status == 404 && mayBeGone:
		return nil
	case res.status != 200:
		r.fail("GET %s: %d", path, res.status)
		return nil
	case !bytes.HasPrefix(res.body, []byte("<!doctype html>")) || !bytes.HasSuffix(res.body, []byte("</html>\n")):
		r.fail("GET %s: a partial page of %d bytes", path, len(res.body))
		return nil
	}
	for _, m := range assetRef.FindAllSubmatch(res.body, -1) {
		a, err := r.c.send("GET", string(m[1]), nil, "", "Accept-Encoding", "identity")
		if err != nil || a.status != 200 || len(a.body) == 0 {
			r.fail("%s references %s, which answers %v %v", path, m[1], a.status, err)
		}
	}
	return res.body
}

// run reads until stop: the stable pages, and every post the blog list links to.
func (r *siteReader) run(stop <-chan struct{}) {
	for {
		for _, p := range r.stable {
			select {
			case <-stop:
				return
			default:
			}
			body := r.page(p, false)
			if p != "/blog/" || body == nil {
				continue
			}
			for _, m := range postRef.FindAllSubmatch(body, -1) {
				slug := string(m[1])
				r.page("/blog/"+slug+"/", r.volatile[slug])
			}
		}
	}
}

// generationReader reads a generation straight from disk as a static host would, following
// the dist link once per sample: every post a generation's blog list links to is in that same
// generation, whole. It proves a generation is never a mix of two builds.
func generationReader(t *testing.T, dist string, stop <-chan struct{}, samples *atomic.Int64, problems chan<- string) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		gen, err := filepath.EvalSymlinks(dist)
		if err != nil {
			problems <- "dist unreadable: " + err.Error()
			return
		}
		list, err := os.ReadFile(filepath.Join(gen, "blog", "index.html"))
		if err != nil {
			if _, gone := os.Stat(gen); gone != nil {
				continue // pruned under the reader's feet: three builds passed during one sample
			}
			problems <- fmt.Sprintf("%s: blog list unreadable: %v", filepath.Base(gen), err)
			return
		}
		for _, m := range postRef.FindAllSubmatch(list, -1) {
			data, err := os.ReadFile(filepath.Join(gen, "blog", string(m[1]), "index.html"))
			if err != nil || !bytes.HasSuffix(data, []byte("</html>\n")) {
				if _, gone := os.Stat(gen); gone != nil {
					break
				}
				problems <- fmt.Sprintf("%s lists /blog/%s/ but holds no whole page for it (%v)", filepath.Base(gen), m[1], err)
				return
			}
		}
		samples.Add(1)
	}
}

// 50 publishes, edits and deletes at once while readers poll the site: every one is answered;
// readers never meet a 404 for a page that existed before and after, a partial page, a page
// whose assets are gone, or a generation whose list links a post it does not hold; and the
// final site is exactly what the database says.
func TestConcurrentPublishingKeepsSiteWhole(t *testing.T) {
	needBundle(t)
	dir := t.TempDir()
	addAdmin(t, dir)
	db, err := store.Open(dbPath(dir), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var blogs []domain.Blog
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	add := func(title string) {
		at = at.Add(time.Hour)
		blogs = append(blogs, domain.Blog{Title: title, Category: "SEO", Content: "<p>" + title + " body.</p>", CreatedAt: at})
	}
	// A hundred and twenty older posts make each build long enough to read through.
	for i := 0; i < 120; i++ {
		add(fmt.Sprintf("Archive Post %d", i))
	}
	for i := 0; i < 10; i++ {
		add(fmt.Sprintf("Stable Post %d", i))
	}
	for i := 0; i < 15; i++ {
		add(fmt.Sprintf("Edit Target %d", i))
		add(fmt.Sprintf("Delete Target %d", i))
	}
	services := []domain.Service{{Title: "Stable Service", Category: "SEO", Description: "<p>Stays.</p>", Image: "/images/default-service.svg"}}
	if err := db.Import(blogs, services); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s := startServer(t, dir, opts{bundle: true, demo: true, race: true})
	c := s.client().login(t)
	for i := 0; i < 20; i++ {
		r := c.mustJSON(t, "POST", "/api/preview-blogs", map[string]string{"title": fmt.Sprintf("Fresh Post %d", i), "category": "News", "content": fmt.Sprintf("<p>Fresh %d.</p>", i)})
		if r.status != 201 {
			t.Fatalf("preview %d: %s", i, r)
		}
	}

	stable := []string{"/", "/blog/", "/blog/page/2/", "/about/", "/OurServices/", "/contactus/", "/courses/", "/seo-services-in-delhi/", "/stable-service/"}
	volatile := map[string]bool{}
	for i := 0; i < 10; i++ {
		stable = append(stable, fmt.Sprintf("/blog/stable-post-%d/", i))
	}
	for i := 0; i < 15; i++ {
		volatile[fmt.Sprintf("delete-target-%d", i)] = true
	}
	stop := make(chan struct{})
	var readers sync.WaitGroup
	httpReaders := make([]*siteReader, 2)
	for i := range httpReaders {
		rc := s.client()
		rc.hc.Timeout = 10 * time.Second
		httpReaders[i] = &siteReader{c: rc, stable: stable, volatile: volatile}
		readers.Add(1)
		go func(r *siteReader) { defer readers.Done(); r.run(stop) }(httpReaders[i])
	}
	var samples atomic.Int64
	problems := make(chan string, 10)
	readers.Add(1)
	go func() {
		defer readers.Done()
		generationReader(t, filepath.Join(dir, "dist"), stop, &samples, problems)
	}()

	// Fifty writers released at once.
	type result struct {
		what string
		r    reply
		err  error
	}
	results := make(chan result, 60)
	start := make(chan struct{})
	var writers sync.WaitGroup
	launch := func(what string, do func(w *client) (reply, error)) {
		writers.Add(1)
		go func() {
			defer writers.Done()
			w := *c
			<-start
			r, err := do(&w)
			results <- result{what, r, err}
		}()
	}
	for i := 0; i < 20; i++ {
		slug := fmt.Sprintf("fresh-post-%d", i)
		launch("publish "+slug, func(w *client) (reply, error) {
			return w.sendJSON("POST", "/api/preview-blogs/publish/"+slug, map[string]string{})
		})
	}
	for i := 0; i < 15; i++ {
		slug, n := fmt.Sprintf("edit-target-%d", i), i
		launch("edit "+slug, func(w *client) (reply, error) {
			body, ct := form(map[string]string{"title": fmt.Sprintf("Edited Title %d", n), "content": fmt.Sprintf("<p>Edited body %d.</p>", n)})
			return w.send("PUT", "/api/blogs/"+slug, body, ct)
		})
		del := fmt.Sprintf("delete-target-%d", i)
		launch("delete "+del, func(w *client) (reply, error) { return w.send("DELETE", "/api/blogs/"+del, nil, "") })
	}
	// Two full rebuilds in the mix make the builds long enough for the readers to be in the
	// middle of them.
	for i := 0; i < 2; i++ {
		launch("full rebuild", func(w *client) (reply, error) {
			r, err := w.send("POST", "/api/builds", nil, "")
			if err == nil && r.status == 202 {
				r.status = 200
			}
			return r, err
		})
	}
	poll.Until(t, "the readers to start", func() bool { return httpReaders[0].reads.Load() > 20 }, poll.Within(30*time.Second))
	readsBefore := httpReaders[0].reads.Load() + httpReaders[1].reads.Load()
	begin := time.Now()
	close(start)
	writers.Wait()
	close(results)
	for res := range results {
		if res.err != nil || res.r.status != 200 && res.r.status != 202 {
			t.Errorf("%s: %v %v", res.what, res.r, res.err)
		}
	}
	// Every change is in a build that has finished.
	drained := func() {
		poll.Until(t, "the build queue to drain", func() bool {
			r := c.must(t, "GET", "/api/builds", nil, "")
			var builds []struct{ Status string }
			_ = json.Unmarshal(r.body, &builds)
			for _, b := range builds {
				if b.Status == "queued" || b.Status == "running" {
					return false
				}
			}
			return len(builds) > 0 && builds[0].Status == "ok"
		}, poll.Within(2*time.Minute))
	}
	drained()
	during := httpReaders[0].reads.Load() + httpReaders[1].reads.Load() - readsBefore
	t.Logf("50 writes answered and built in %v; %d reads meanwhile, %d generation samples", time.Since(begin), during, samples.Load())
	// The readers must have read while builds swapped generations, or the test proves little. On
	// a busy machine the writes may be built before the readers were scheduled much: then more
	// full rebuilds, one at a time, until they have (an event, not a timing the test hopes for).
	for extra := 0; during < 10; extra++ {
		if extra == 20 {
			t.Fatalf("only %d reads while the writes and %d more rebuilds were built: the test proves little", during, extra)
		}
		if r := c.must(t, "POST", "/api/builds", nil, ""); r.status != 202 {
			t.Fatalf("rebuild: %s", r)
		}
		drained()
		during = httpReaders[0].reads.Load() + httpReaders[1].reads.Load() - readsBefore
		t.Logf("after %d more rebuilds, %d reads while building", extra+1, during)
	}
	// Let the readers see the final site too: a few more reads each, waited for.
	final := httpReaders[0].reads.Load() + httpReaders[1].reads.Load()
	poll.Until(t, "reads of the final site", func() bool {
		return httpReaders[0].reads.Load()+httpReaders[1].reads.Load() >= final+10
	}, poll.Within(time.Minute))
	close(stop)
	readers.Wait()
	close(problems)
	for p := range problems {
		t.Error(p)
	}
	for i, r := range httpReaders {
		for _, p := range r.problems {
			t.Errorf("reader %d: %s", i, p)
		}
	}
	if samples.Load() < 5 {
		t.Errorf("the generation reader took only %d samples", samples.Load())
	}

	// The final site is the database.
	var published []domain.Blog
	r := c.must(t, "GET", "/api/blogs", nil, "")
	if err := json.Unmarshal(r.body, &published); err != nil || len(published) != 120+10+15+20 {
		t.Fatalf("%d published blogs, want 165: %v", len(published), err)
	}
	want := map[string]domain.Blog{}
	for _, b := range published {
		want[b.Slug] = b
	}
	live, err := filepath.EvalSymlinks(filepath.Join(dir, "dist"))
	if err != nil {
		t.Fatal(err)
	}
	for _, folder := range []string{"blog", "preview/blog"} {
		entries, _ := os.ReadDir(filepath.Join(live, folder))
		got := map[string]bool{}
		for _, e := range entries {
			if e.IsDir() && e.Name() != "page" {
				got[e.Name()] = true
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s holds %d posts, the db %d", folder, len(got), len(want))
		}
		for slug := range want {
			if !got[slug] {
				t.Errorf("%s/%s missing", folder, slug)
			}
		}
	}
	listed := map[string]bool{}
	lists, _ := filepath.Glob(filepath.Join(live, "blog", "page", "*", "index.html"))
	for _, list := range append(lists, filepath.Join(live, "blog", "index.html")) {
		data, err := os.ReadFile(list)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range postRef.FindAllSubmatch(data, -1) {
			listed[string(m[1])] = true
		}
	}
	var extra []string
	for slug := range listed {
		if _, ok := want[slug]; !ok {
			extra = append(extra, slug)
		}
	}
	sort.Strings(extra)
	if len(extra) > 0 {
		t.Errorf("the blog list links posts that are not published: %v", extra)
	}
	for slug, b := range want {
		if !listed[slug] {
			t.Errorf("the blog list misses %s", slug)
		}
		data, err := os.ReadFile(filepath.Join(live, "blog", slug, "index.html"))
		if err != nil {
			continue
		}
		doc, _ := html.Parse(bytes.NewReader(data))
		p := &page{name: slug, doc: doc, raw: data}
		if !p.hasText(b.Title) || !bytes.Contains(data, []byte(domain.PlainText(b.Content))) {
			t.Errorf("blog/%s shows stale content (want %q)", slug, b.Title)
		}
	}
	for i := 0; i < 15; i++ {
		if r := c.anon().must(t, "GET", fmt.Sprintf("/blog/delete-target-%d/", i), nil, ""); r.status != 404 {
			t.Errorf("deleted post still served: %d", r.status)
		}
	}
	// One generation, one bundle: every page links the same client script, which is there.
	scripts := map[string]bool{}
	_ = filepath.WalkDir(live, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".html") {
			data, _ := os.ReadFile(p)
			for _, m := range regexp.MustCompile(`<script type="module" src="([^"]+)"`).FindAllSubmatch(data, -1) {
				scripts[string(m[1])] = true
			}
		}
		return nil
	})
	if len(scripts) != 1 {
		t.Errorf("pages of the live generation link %d different client scripts: %v", len(scripts), scripts)
	}
	for sc := range scripts {
		if _, err := os.Stat(filepath.Join(live, sc)); err != nil {
			t.Errorf("client script %s missing from the live generation", sc)
		}
	}
}
