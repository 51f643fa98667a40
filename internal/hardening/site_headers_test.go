package hardening

import (
	"bufio"
	"context"
	"io"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// parseHeadersFile reads a `_headers` file (Netlify and Cloudflare Pages syntax): a path line,
// then its indented "Name: value" lines, and "! Name" lines (kept as "!Name").
func parseHeadersFile(t *testing.T, data string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	var cur map[string]string
	for _, line := range strings.Split(data, "\n") {
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
		case !strings.HasPrefix(line, " "):
			cur = map[string]string{}
			out[strings.TrimSpace(line)] = cur
		case strings.HasPrefix(strings.TrimSpace(line), "!") && cur != nil: // detaches a header ("! Name")
			cur["!"+strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "!"))] = ""
		default:
			name, value, ok := strings.Cut(strings.TrimSpace(line), ": ")
			if !ok || cur == nil {
				t.Fatalf("_headers: bad line %q", line)
			}
			cur[name] = value
		}
	}
	return out
}

// metaCSP answers the policy of a page's CSP meta tag, and whether it comes before every
// element it governs (the first thing after <meta charset>).
func metaCSP(t *testing.T, name string, data []byte) (string, bool) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var head *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "head" && head == nil {
			head = n
		}
		for c := n.FirstChild; c != nil && head == nil; c = c.NextSibling {
			find(c)
		}
	}
	find(doc)
	if head == nil {
		return "", false
	}
	i := 0
	for c := head.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.Data == "meta" && strings.EqualFold(attrOf(c, "http-equiv"), "Content-Security-Policy") {
			return attrOf(c, "content"), i == 1
		}
		i++
	}
	return "", false
}

func sitePages(t *testing.T, dist string) map[string][]byte {
	t.Helper()
	live, err := filepath.EvalSymlinks(dist)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string][]byte{}
	filepath.WalkDir(live, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(live, p)
			pages[rel] = data
		}
		return nil
	})
	return pages
}

// startSitegenServe runs `sitegen serve` on a free loopback port until the test ends and answers
// its address.
func startSitegenServe(t *testing.T, dir string, env []string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, sitegen, "serve", "--addr", "127.0.0.1:0", "--db", dbPath(dir), "--out", filepath.Join(dir, "dist"),
		"--content", contentDir, "--site", siteDir, "--uploads", filepath.Join(dir, "uploads"))
	cmd.Env = serverEnv(env)
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		serving := regexp.MustCompile(`at http://(\S+)/ `)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := serving.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return a
	case <-time.After(2 * time.Minute):
		t.Fatal("sitegen serve did not start")
		return ""
	}
}

// The built site carries its own security headers to any static host: a `_headers` file
// (Netlify and Cloudflare Pages syntax) with the CSP, anti-framing, nosniff, referrer and
// permissions policies for every path and a sandbox for uploads, and a CSP meta tag at the top of
// every page's head (the same policy, without frame-ancestors, which a meta tag cannot carry).
// A form endpoint on another host is allowed to receive the forms, and nothing else is.
// `sitegen serve` and `adminapi serve --demo` answer with exactly the headers of the file; the
// file itself is not served. (Before, the CSP and anti-framing existed only when adminapi served
// the site.)
func TestBuiltSiteCarriesItsOwnHeaders(t *testing.T) {
	t.Parallel()
	needBundle(t)
	dir := t.TempDir()
	addAdmin(t, dir)
	if out, err := run(t, nil, sitegen, "build", "--db", dbPath(dir), "--out", filepath.Join(dir, "dist"), "--content", contentDir,
		"--site", siteDir, "--uploads", filepath.Join(dir, "uploads")); err != nil {
		t.Fatalf("sitegen build: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "dist", "_headers"))
	if err != nil {
		t.Fatalf("the built site has no _headers file: %v", err)
	}
	rules := parseHeadersFile(t, string(data))
	all := rules["/*"]
	csp := all["Content-Security-Policy"]
	for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "default-src 'self'", "connect-src 'self';", "form-action 'self';", "base-uri 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("_headers CSP lacks %q: %s", want, csp)
		}
	}
	for name, want := range map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
		"Referrer-Policy": "strict-origin-when-cross-origin", "Cross-Origin-Opener-Policy": "same-origin"} {
		if all[name] != want {
			t.Errorf("_headers: %s %q, want %q", name, all[name], want)
		}
	}
	if !strings.Contains(all["Permissions-Policy"], "camera=()") || !strings.Contains(rules["/uploads/*"]["Content-Security-Policy"], "sandbox") {
		t.Errorf("_headers: permissions %q, uploads %v", all["Permissions-Policy"], rules["/uploads/*"])
	}
	// The search index's files (never a document) shed the headers that govern only documents.
	for _, p := range []string{"/search/index.bin", "/assets/search/*"} {
		if r := rules[p]; len(r) != 5 || !maps.Equal(r, map[string]string{"!Content-Security-Policy": "", "!X-Frame-Options": "",
			"!Referrer-Policy": "", "!Cross-Origin-Opener-Policy": "", "!Permissions-Policy": ""}) {
			t.Errorf("_headers %s: %v", p, r)
		}
	}
	pages := sitePages(t, filepath.Join(dir, "dist"))
	if len(pages) < 20 {
		t.Fatalf("only %d pages built", len(pages))
	}
	metaWant := strings.TrimSpace(strings.TrimSuffix(csp, "frame-ancestors 'none'"))
	for name, page := range pages {
		policy, first := metaCSP(t, name, page)
		if !first || policy != metaWant {
			t.Errorf("%s: CSP meta %q (first in the head: %v), want %q", name, policy, first, metaWant)
		}
		// Without a Turnstile site key nothing of Cloudflare's is named, let alone loaded.
		if strings.Contains(string(page), "cloudflare") || strings.Contains(string(page), "turnstile") {
			t.Errorf("%s names Turnstile though no site key is configured", name)
		}
	}
	if strings.Contains(string(data), "cloudflare") {
		t.Errorf("_headers names Cloudflare though no site key is configured:\n%s", data)
	}

	// Forms posting to the API on another host: that origin, and only it, may receive them.
	if out, err := run(t, []string{"FORM_ENDPOINT=https://api.example.test/popup"}, sitegen, "build", "--db", dbPath(dir), "--out",
		filepath.Join(dir, "dist"), "--content", contentDir, "--site", siteDir, "--uploads", filepath.Join(dir, "uploads")); err != nil {
		t.Fatalf("sitegen build with a form endpoint: %v\n%s", err, out)
	}
	data, _ = os.ReadFile(filepath.Join(dir, "dist", "_headers"))
	other := parseHeadersFile(t, string(data))["/*"]["Content-Security-Policy"]
	for _, want := range []string{"connect-src 'self' https://api.example.test;", "form-action 'self' https://api.example.test;", "script-src 'self';"} {
		if !strings.Contains(other, want) {
			t.Errorf("CSP with the API elsewhere lacks %q: %s", want, other)
		}
	}
	if policy, _ := metaCSP(t, "index.html", sitePages(t, filepath.Join(dir, "dist"))["index.html"]); !strings.Contains(policy, "https://api.example.test") {
		t.Errorf("the pages' meta does not follow the form endpoint: %s", policy)
	}

	// Rebuilt for this host, the dev server and the demo server answer with the file's headers.
	if out, err := run(t, nil, sitegen, "build", "--db", dbPath(dir), "--out", filepath.Join(dir, "dist"), "--content", contentDir,
		"--site", siteDir, "--uploads", filepath.Join(dir, "uploads")); err != nil {
		t.Fatalf("sitegen build: %v\n%s", err, out)
	}
	check := func(who, base string, want map[string]string) {
		t.Helper()
		c := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		for _, p := range []string{"/", "/about/", "/blog/", "/no-such-page/"} {
			res, err := c.Get(base + p)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			for name, value := range want {
				if got := res.Header.Get(name); got != value {
					t.Errorf("%s GET %s: %s %q, want %q (as _headers says)", who, p, name, got, value)
				}
			}
		}
		if res, err := c.Get(base + "/_headers"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				t.Errorf("%s serves the host's _headers file", who)
			}
		}
	}
	// sitegen serve points the forms at adminapi's default address, and says so in its policy.
	devWant := map[string]string{}
	for k, v := range all {
		devWant[k] = v
	}
	devWant["Content-Security-Policy"] = strings.NewReplacer("connect-src 'self';", "connect-src 'self' http://127.0.0.1:8080;",
		"form-action 'self';", "form-action 'self' http://127.0.0.1:8080;").Replace(csp)
	check("sitegen serve", "http://"+startSitegenServe(t, dir, nil), devWant)

	demo := startServer(t, t.TempDir(), opts{bundle: true, demo: true})
	check("adminapi serve --demo", demo.url, all)
	// ...but the search index's manifest carries no policy of a document, and keeps nosniff.
	res, err := http.Get(demo.url + "/search/index.bin")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Security-Policy") != "" || res.Header.Get("X-Frame-Options") != "" ||
		res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("adminapi serve --demo GET /search/index.bin: %d %v", res.StatusCode, res.Header)
	}

}

// With a Turnstile site key (TURNSTILE_SITE_KEY at build time), the policy of the site (its
// _headers and every page's meta) lets Turnstile's script and challenge frame in, and nothing
// else more; the forms get the key (the contact page has the widget's place) and the script is
// loaded by the forms in the browser, never written into a page; the demo server answers with
// that policy. No call goes to Cloudflare: nothing here runs the pages' scripts.
func TestTurnstileOnlyWhenConfigured(t *testing.T) {
	t.Parallel()
	needBundle(t)
	const key = "1x00000000000000000000AA" // Cloudflare's documented test site key
	dir := t.TempDir()
	addAdmin(t, dir)
	if out, err := run(t, []string{"TURNSTILE_SITE_KEY=" + key}, sitegen, "build", "--db", dbPath(dir), "--out", filepath.Join(dir, "dist"),
		"--content", contentDir, "--site", siteDir, "--uploads", filepath.Join(dir, "uploads")); err != nil {
		t.Fatalf("sitegen build: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "dist", "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	csp := parseHeadersFile(t, string(data))["/*"]["Content-Security-Policy"]
	for _, want := range []string{"script-src 'self' https://challenges.cloudflare.com;",
		"frame-src 'self' https://www.google.com https://maps.google.com https://challenges.cloudflare.com;", "connect-src 'self';", "default-src 'self';"} {
		if !strings.Contains(csp, want) {
			t.Errorf("_headers CSP lacks %q: %s", want, csp)
		}
	}
	if n := strings.Count(csp, "cloudflare"); n != 2 {
		t.Errorf("Cloudflare named %d times in the policy, want script-src and frame-src only: %s", n, csp)
	}
	metaWant := strings.TrimSpace(strings.TrimSuffix(csp, "frame-ancestors 'none'"))
	pages := sitePages(t, filepath.Join(dir, "dist"))
	for name, page := range pages {
		if policy, _ := metaCSP(t, name, page); policy != metaWant {
			t.Errorf("%s: CSP meta %q, want %q", name, policy, metaWant)
		}
		if strings.Contains(string(page), `src="https://challenges.cloudflare.com`) {
			t.Errorf("%s loads Turnstile's script itself; only a shown form may", name)
		}
	}
	contact := string(pages[filepath.Join("contactus", "index.html")])
	if !strings.Contains(contact, `"turnstileSiteKey":"`+key+`"`) || !strings.Contains(contact, `class="turnstile"`) {
		t.Errorf("the contact page's form has no Turnstile widget")
	}

	demo := startServer(t, t.TempDir(), opts{bundle: true, demo: true, env: []string{"TURNSTILE_SITE_KEY=" + key}})
	c := &http.Client{Timeout: 30 * time.Second}
	res, err := c.Get(demo.url + "/contactus/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("Content-Security-Policy"); got != csp {
		t.Errorf("adminapi serve --demo with a site key answers the policy\n%s\nwant (its _headers)\n%s", got, csp)
	}
}
