package generator

import (
	"html"
	"path"
	"sort"
	"strings"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/hostrules"
)

// RedirectSource is a Source that also keeps the site's redirects (*store.DB does). For each
// one a build writes a small page at the old address, which sends the visitor on with a meta
// refresh and names the new address as canonical (no script: the site's CSP allows none), and a
// line of the generation's _redirects file ("/blog/old/ /blog/new/ 301", the syntax of Netlify
// and Cloudflare Pages, which the S3 deploy turns into website redirects).
type RedirectSource interface {
	Redirects() ([]domain.Redirect, error)
}

// redirectsFile is the generation's redirect list for static hosts.
const redirectsFile = "_redirects"

// redirectFile is the file a request for the address p reaches: a page address is its folder's
// index.html, a file address ("/old.html") the file.
func redirectFile(p string) string {
	if strings.HasSuffix(p, "/") {
		return routeFile(p)
	}
	return strings.TrimPrefix(p, "/")
}

// redirectFiles are the redirect pages (by file, the address each leads to) and the _redirects
// file of a build whose pages are pages (by file) and whose other files are files. A page is
// made only when it is written (redirectPageOf): a publish writes one of a site's thousands. A redirect from an address where the site
// has a page is left out (the page wins: a landing page that a renamed service used to fill,
// say), and so is one whose target is no page or file of the site (its record was deleted):
// the site never sends a visitor to a page it does not have. Both are logged. The posts'
// preview addresses (previewRedirects) follow the admin's redirects in the same form.
func (r *run) redirectFiles(pages, files map[string]string) (out map[string]string, list []byte, live map[string]string) {
	previews := r.previewRedirects()
	if len(r.redirects) == 0 && len(previews) == 0 {
		return nil, nil, nil
	}
	out = make(map[string]string, len(r.redirects)+len(previews))
	live = make(map[string]string, len(r.redirects)+len(previews))
	var lines strings.Builder
	lines.Grow(len(previews) * 80)
	add := func(from, to, file string) {
		out[file] = to
		live[from] = to
		lines.WriteString(from + " " + to + " 301\n")
	}
	lines.WriteString("# Old addresses of pages that moved; kept by the admin's Redirects screen.\n")
	rs := append([]domain.Redirect(nil), r.redirects...)
	sort.Slice(rs, func(i, j int) bool { return rs[i].From < rs[j].From })
	var previewTo map[string]string
	if len(rs) > 0 {
		previewTo = make(map[string]string, len(previews))
		for _, p := range previews {
			previewTo[p.from] = p.to
		}
	}
	for _, rd := range rs {
		to := rd.To
		if post, ok := previewTo[to]; ok {
			to = post // a redirect to a post's preview address leads to the post
		}
		from, toFile := redirectFile(rd.From), redirectFile(to)
		if pages[from] != "" || files[from] != "" {
			r.cfg.Logger.Warn("build: a page of the site is at a redirect's old address; the redirect is left out", "from", rd.From, "to", rd.To)
			continue
		}
		if pages[toFile] == "" && files[toFile] == "" {
			r.cfg.Logger.Warn("build: a redirect leads to no page of the site; it is left out", "from", rd.From, "to", rd.To)
			continue
		}
		if _, dup := out[from]; dup {
			continue
		}
		add(rd.From, to, from)
	}
	lines.WriteString("# The preview address of every post (SPEC §2: /preview/blog/{slug} shows the post).\n")
	for _, p := range previews {
		if _, taken := out[p.file]; taken || pages[p.file] != "" || files[p.file] != "" || pages[p.toFile] == "" {
			continue // an admin's redirect from there wins
		}
		out[p.file] = p.to
		live[p.from] = p.to
		lines.WriteString(p.line)
	}
	if len(live) == 0 {
		return nil, nil, nil
	}
	return out, []byte(lines.String()), live
}

// redirectBasis sums what every redirect page is made of besides the address it leads to (the
// site's address and name, its policy, the page's markup version), so a page's key is the sum
// of that and its target and no page need be made to know whether it changed.
func (r *run) redirectBasis() []byte {
	r.redirectCSP = hostrules.MetaCSP(r.planner.site.policy())
	return []byte(sum16([]byte("redirect page v1"), []byte(r.planner.abs("/")), []byte(r.planner.site.Name), []byte(r.redirectCSP)))
}

// redirectPageOf is the redirect page leading to the address to.
func (r *run) redirectPageOf(to string) []byte {
	return redirectPage(r.planner.abs(to), to, r.planner.site.Name, r.redirectCSP)
}

// previewRedirects are the posts' preview addresses, /preview/blog/{slug}/ → /blog/{slug}/,
// oldest post first. SPEC §2 shows the post at both; the second is a redirect page of a few
// hundred bytes (and a rule of _redirects, which the S3 deploy turns into a 301) instead of a
// second copy of the whole page, which halved the files a build writes. A long-lived Builder
// keeps each post's (Builder.previews): making and sorting them all was a tenth of a publish.
func (r *run) previewRedirects() []previewOf {
	if r.planner == nil {
		return nil
	}
	blogs := r.planner.blogs
	if r.previews == nil || len(r.previews) > 2*len(blogs)+64 { // forget the posts long gone
		r.previews = make(map[string]*previewOf, len(blogs))
	}
	out := make([]previewOf, len(blogs))
	for i := range blogs {
		slug := blogs[len(blogs)-1-i].Slug
		p := r.previews[slug]
		if p == nil {
			from, to := "/preview/blog/"+slug+"/", "/blog/"+slug+"/"
			p = &previewOf{from: from, to: to, file: routeFile(from), toFile: routeFile(to), line: from + " " + to + " 301\n"}
			if !r.cfg.OneShot {
				r.previews[slug] = p
			}
		}
		out[i] = *p
	}
	return out
}

// previewOf is a post's preview redirect: its address, the post's, the files at both and its
// line of _redirects.
type previewOf struct{ from, to, file, toFile, line string }

// redirectKeys keeps the key of each redirect page (redirectKey) a long-lived Builder worked out,
// by the address it leads to, for one basis.
type redirectKeys struct {
	basis string
	keys  map[string]string
}

// redirectKey is the key of the redirect page leading to the address to: the sum of basis and
// to, so no page need be made to know whether it changed.
func (r *run) redirectKey(basis []byte, to string) string {
	k := &r.Builder.redirectKeys
	if r.cfg.OneShot {
		return sum16(basis, []byte(to))
	}
	if k.basis != string(basis) || len(k.keys) > 2*len(r.moved)+64 {
		k.basis, k.keys = string(basis), make(map[string]string, len(r.moved))
	}
	key, ok := k.keys[to]
	if !ok {
		key = sum16(basis, []byte(to))
		k.keys[to] = key
	}
	return key
}

// redirectPage is the page left at an old address: a meta refresh to the new one, which is
// also its canonical address, kept out of search indexes, with a link for anyone whose browser
// does not follow the refresh, under the site's CSP like every page.
func redirectPage(canonical, to, siteName, csp string) []byte {
	c, t, n := html.EscapeString(canonical), html.EscapeString(to), html.EscapeString(siteName)
	return []byte(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="` + html.EscapeString(csp) + `">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>This page has moved | ` + n + `</title>
<meta name="robots" content="noindex">
<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">
<link rel="canonical" href="` + c + `">
<meta http-equiv="refresh" content="0; url=` + t + `">
</head>
<body>
<p>This page has moved to <a href="` + t + `">` + t + `</a>.</p>
</body>
</html>
`)
}

// LiveRedirects returns the redirects the live generation of the site at out serves, old
// address → new, and its pages by address ("/blog/post/"), so the admin can tell a redirect
// that works from one a page hides or one that leads nowhere.
func LiveRedirects(out string) (redirects map[string]string, pages map[string]bool) {
	m := readManifest(LiveGeneration(out))
	pages = make(map[string]bool, len(m.Pages))
	for file := range m.Pages {
		pages[fileRoute(file)] = true
	}
	return m.Redirects, pages
}

// fileRoute is the address of a page file: "blog/x/index.html" is "/blog/x/".
func fileRoute(file string) string {
	if dir, ok := strings.CutSuffix(file, "index.html"); ok {
		return path.Clean("/"+dir) + strings.Repeat("/", min(1, len(dir)))
	}
	return "/" + file
}
