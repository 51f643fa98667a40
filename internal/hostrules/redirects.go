package hostrules

import (
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// Redirect is one rule of a _redirects file that a store can serve as an object redirect (an
// object at Key whose x-amz-website-redirect-location is To: S3's website endpoints answer it
// with a 301) and that Handler answers with its status.
type Redirect struct {
	From, To string
	Key      string // the object (file) a request for From reaches
	Status   int    // 301 unless the line says otherwise
	Line     int
}

// ParseRedirects reads a _redirects file in Netlify's syntax ("from to [status]" per line, #
// comments). What an object redirect cannot express (splats, placeholders, query or country
// conditions, rewrites with status 200) is left out with a warning naming the line.
func ParseRedirects(data []byte) ([]Redirect, []string) {
	var out []Redirect
	var warns []string
	seen := map[string]int{}
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		if c := strings.Index(line, "#"); c >= 0 {
			line = line[:c]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		warn := func(format string, args ...any) {
			warns = append(warns, fmt.Sprintf("_redirects line %d: ", n)+fmt.Sprintf(format, args...))
		}
		if len(f) < 2 {
			warn("needs a source and a target")
			continue
		}
		from, to := f[0], f[1]
		status := 301
		if len(f) >= 3 {
			s, err := strconv.Atoi(strings.TrimSuffix(f[2], "!"))
			if err != nil {
				warn("conditions (%s) cannot be expressed as an object redirect: left out", strings.Join(f[2:], " "))
				continue
			}
			status = s
			if len(f) > 3 {
				warn("conditions (%s) cannot be expressed as an object redirect: left out", strings.Join(f[3:], " "))
				continue
			}
		}
		switch {
		case status == 200 || status == 404:
			warn("a rewrite (status %d) cannot be expressed as an object redirect: left out", status)
			continue
		case status < 300 || status > 399:
			warn("status %d is not a redirect: left out", status)
			continue
		case strings.ContainsAny(from, "*:?") || strings.Contains(to, ":splat"):
			warn("%s: splats, placeholders and queries need the store's routing rules, not an object redirect: left out", from)
			continue
		case !strings.HasPrefix(from, "/") || strings.HasPrefix(from, "//"):
			warn("%s: the source must be a path of the site: left out", from)
			continue
		case !(strings.HasPrefix(to, "/") && !strings.HasPrefix(to, "//")) && !strings.HasPrefix(to, "https://") && !strings.HasPrefix(to, "http://"):
			warn("%s: the target must be a path of the site or an http(s) address: left out", to)
			continue
		}
		key, ok := RedirectKey(from)
		if !ok {
			warn("%s: not a clean path: left out", from)
			continue
		}
		if prev, dup := seen[key]; dup {
			warn("%s: line %d already redirects it: left out", from, prev)
			continue
		}
		seen[key] = n
		out = append(out, Redirect{From: from, To: to, Key: key, Status: status, Line: n})
	}
	return out, warns
}

// RedirectKey is the object a visitor's request for from reaches: a page address ("/old/" or
// "/old", which the store's website endpoint sends on to "/old/") is its folder's index.html,
// a file address is the file.
func RedirectKey(from string) (string, bool) {
	p := strings.TrimPrefix(from, "/")
	for _, seg := range strings.Split(strings.TrimSuffix(p, "/"), "/") {
		if seg == "" && p != "" || seg == "." || seg == ".." || strings.HasPrefix(seg, ".") {
			return "", false
		}
	}
	switch {
	case p == "" || strings.HasSuffix(p, "/"):
		return p + "index.html", true
	case strings.Contains(path.Base(p), "."):
		return p, true
	}
	return p + "/index.html", true
}

// RedirectPages reads the build's record of the redirect pages it wrote (.build.json's
// "redirects": old address → new): a page at a redirect's old address that is the build's own
// carries the redirect; any other page there wins over the rule, as on Netlify.
func RedirectPages(data []byte) map[string]string {
	var m struct {
		Redirects map[string]string `json:"redirects"`
	}
	_ = json.Unmarshal(data, &m)
	return m.Redirects
}
