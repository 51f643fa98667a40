package hostrules

import (
	"fmt"
	"net/http"
	"strings"
)

// HeaderRule is one block of a _headers file: the headers (and removals) for the addresses its
// pattern matches.
type HeaderRule struct {
	Pattern string
	Set     [][2]string // canonical name, value; a name given twice is joined with ", "
	Detach  []string    // "! Name" lines: the header is removed from what earlier rules set
	Line    int
}

// HeaderRules are the rules of a site's _headers file, in the file's order.
type HeaderRules []HeaderRule

// ParseHeaders reads a _headers file in the syntax of Netlify and Cloudflare Pages: a line
// starting at the margin is a path pattern (`/*`, `/uploads/*`, `/blog/:slug/`), the indented
// `Name: value` lines below it are its headers, `! Name` removes a header an earlier rule set,
// `#` starts a comment. What applies to no file of the site by its path (absolute URLs, which
// name a host; lines outside a rule) is left out with a warning naming the line.
func ParseHeaders(data []byte) (HeaderRules, []string) {
	var rules HeaderRules
	var warns []string
	var cur *HeaderRule
	for i, line := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		n := i + 1
		warn := func(format string, args ...any) {
			warns = append(warns, fmt.Sprintf("_headers line %d: ", n)+fmt.Sprintf(format, args...))
		}
		text := strings.TrimSpace(line)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' {
			cur = nil
			if !strings.HasPrefix(text, "/") || strings.HasPrefix(text, "//") || strings.ContainsAny(text, " \t") {
				warn("%s: only a path of the site applies: left out", text)
				continue
			}
			rules = append(rules, HeaderRule{Pattern: text, Line: n})
			cur = &rules[len(rules)-1]
			continue
		}
		if cur == nil {
			warn("a header outside a rule: left out")
			continue
		}
		if name, ok := strings.CutPrefix(text, "!"); ok {
			cur.Detach = append(cur.Detach, http.CanonicalHeaderKey(strings.TrimSpace(name)))
			continue
		}
		name, value, ok := strings.Cut(text, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			warn("expected `Name: value`: left out")
			continue
		}
		cur.Set = append(cur.Set, [2]string{http.CanonicalHeaderKey(name), value})
	}
	return rules, warns
}

// For returns the headers a host applying the rules sends with the file rel of the site (a path
// below its root, no leading slash). A page (`…/index.html`) is matched at its folder's address,
// which is what visitors ask for, and at its own. Nil when no rule matches.
func (rs HeaderRules) For(rel string) map[string]string {
	addrs := []string{"/" + rel}
	if rel == "index.html" || strings.HasSuffix(rel, "/index.html") {
		addrs = append(addrs, "/"+strings.TrimSuffix(rel, "index.html"))
	}
	return rs.Match(addrs...)
}

// Match returns the headers for a request known by any of addrs (its path, the file that
// answers it): every rule whose pattern matches one of them is applied once, in the file's
// order, and a header set by several rules is joined with ", " (as the hosts do). Nil when no
// rule matches.
func (rs HeaderRules) Match(addrs ...string) map[string]string {
	var out map[string]string
	for _, r := range rs {
		hit := false
		for _, a := range addrs {
			hit = hit || patternMatches(r.Pattern, a)
		}
		if !hit {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		for _, name := range r.Detach {
			delete(out, name)
		}
		for _, kv := range r.Set {
			if v, ok := out[kv[0]]; ok {
				out[kv[0]] = v + ", " + kv[1]
			} else {
				out[kv[0]] = kv[1]
			}
		}
	}
	return out
}

// patternMatches matches an address against a rule's pattern: `*` (a splat) stands for any run
// of characters, slashes included; `:name` for one path segment.
func patternMatches(pattern, addr string) bool {
	for pattern != "" {
		switch c := pattern[0]; {
		case c == '*':
			rest := pattern[1:]
			for i := len(addr); i >= 0; i-- {
				if patternMatches(rest, addr[i:]) {
					return true
				}
			}
			return false
		case c == ':' && len(pattern) > 1 && isNameByte(pattern[1]):
			j := 1
			for j < len(pattern) && isNameByte(pattern[j]) {
				j++
			}
			k := strings.IndexByte(addr, '/')
			if k < 0 {
				k = len(addr)
			}
			if k == 0 {
				return false
			}
			pattern, addr = pattern[j:], addr[k:]
		default:
			if addr == "" || addr[0] != c {
				return false
			}
			pattern, addr = pattern[1:], addr[1:]
		}
	}
	return addr == ""
}

func isNameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// Apply puts the headers the rules give a request known by addrs on h, over any set before, and
// removes those a matching rule detaches ("! Name") and no later rule sets again: the file is
// the one statement of the site's headers, also where a server set defaults before (adminapi).
func (rs HeaderRules) Apply(h http.Header, addrs ...string) {
	got := rs.Match(addrs...)
	for _, r := range rs {
		for _, name := range r.Detach {
			if _, ok := got[name]; !ok && r.matches(addrs) {
				h.Del(name)
			}
		}
	}
	for name, v := range got {
		h.Set(name, v)
	}
}

func (r HeaderRule) matches(addrs []string) bool {
	for _, a := range addrs {
		if patternMatches(r.Pattern, a) {
			return true
		}
	}
	return false
}
