package hostrules

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The site's policy lets a form endpoint on another host receive the forms, and nothing an
// endpoint's text could smuggle into the policy.
func TestPolicyFollowsTheFormEndpoint(t *testing.T) {
	for endpoint, want := range map[string]string{
		"":                                    "'self'",
		"/popup":                              "'self'",
		"https://api.example.com/popup":       "'self' https://api.example.com",
		"http://127.0.0.1:8080/popup":         "'self' http://127.0.0.1:8080",
		"https://a.example;script-src *":      "'self'",
		"https://a.example/x; script-src *":   "'self' https://a.example",
		"javascript:alert(1)":                 "'self'",
		"https://user:pw@a.example/p":         "'self' https://a.example",
		"https://a.example:99999999999/popup": "'self'",
	} {
		csp := PageCSP(Policy{FormEndpoint: endpoint})
		sends := strings.Contains(csp, "connect-src "+want+"; ") && strings.Contains(csp, "form-action "+want+"; ")
		if !sends || strings.Count(csp, "script-src") != 1 || !strings.HasSuffix(csp, "frame-ancestors 'none'") {
			t.Errorf("%q: %s", endpoint, csp)
		}
		if meta := MetaCSP(Policy{FormEndpoint: endpoint}); strings.Contains(meta, "frame-ancestors") || !strings.Contains(meta, "form-action "+want+";") {
			t.Errorf("%q meta: %s", endpoint, meta)
		}
	}
	file := string(HeadersFile(Policy{}))
	for _, want := range []string{"/*\n  Content-Security-Policy: " + PageCSP(Policy{}) + "\n", "  X-Frame-Options: DENY\n", "/uploads/*\n  Content-Security-Policy: default-src 'none'; sandbox\n"} {
		if !strings.Contains(file, want) {
			t.Errorf("_headers lacks %q:\n%s", want, file)
		}
	}
}

// Turnstile's origin may serve a script and a frame only when the forms carry its widget; nothing
// else of the policy changes.
func TestPolicyAllowsTurnstileOnlyWhenConfigured(t *testing.T) {
	without, with := PageCSP(Policy{}), PageCSP(Policy{Turnstile: true})
	if strings.Contains(without, "cloudflare") {
		t.Errorf("without a site key: %s", without)
	}
	for _, want := range []string{"script-src 'self' https://challenges.cloudflare.com;", "frame-src 'self' https://www.google.com https://maps.google.com https://challenges.cloudflare.com;"} {
		if !strings.Contains(with, want) || !strings.Contains(MetaCSP(Policy{Turnstile: true}), want) {
			t.Errorf("with a site key, %q missing: %s", want, with)
		}
	}
	if strings.Count(with, "challenges.cloudflare.com") != 2 || strings.ReplaceAll(with, " https://challenges.cloudflare.com", "") != without {
		t.Errorf("Turnstile changed more than its two directives:\n%s\n%s", without, with)
	}
}

func TestParseHeaders(t *testing.T) {
	rules, warns := ParseHeaders([]byte(`# comment
/*
  X-Frame-Options: DENY
  link: </a.css>; rel=preload
  Link: </b.css>; rel=preload
/blog/:slug/
  X-Robots-Tag: noindex
  ! X-Frame-Options
https://example.com/*
  X-Other: 1
/assets/*
  not a header
	Cache-Control: public, max-age=60`))
	if len(warns) != 3 {
		t.Errorf("warnings %d: %v", len(warns), warns)
	}
	for rel, want := range map[string]map[string]string{
		"index.html":          {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
		"blog/a/index.html":   {"X-Robots-Tag": "noindex", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
		"blog/a/b/index.html": {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
		"assets/x/app-1.js":   {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload", "Cache-Control": "public, max-age=60"},
		"blog/index.html":     {"X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.css>; rel=preload"},
	} {
		if got := rules.For(rel); !maps.Equal(got, want) {
			t.Errorf("%s: %v, want %v", rel, got, want)
		}
	}
	if got := HeaderRules(nil).For("index.html"); got != nil {
		t.Errorf("no rules: %v", got)
	}
}

func TestParseRedirects(t *testing.T) {
	rules, warns := ParseRedirects([]byte(`/a /b
/c/ https://example.com/c 302
/d.html /e/ 301!
/f /g 200
/h/:slug /i/:slug
/j /k 301 Country=in
x /y
/../etc /z
/a /other
/only`))
	var keys []string
	for _, r := range rules {
		keys = append(keys, r.Key+"→"+r.To+" "+strconv.Itoa(r.Status))
	}
	want := []string{"a/index.html→/b 301", "c/index.html→https://example.com/c 302", "d.html→/e/ 301"}
	if !slices.Equal(keys, want) {
		t.Errorf("rules %v, want %v", keys, want)
	}
	if len(warns) != 7 {
		t.Errorf("warnings %d: %v", len(warns), warns)
	}
}
