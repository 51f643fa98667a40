package domain

import (
	"fmt"
	"net/url"
	"strings"
)

// The site's addresses as an operator types them (--base-url, SITE_URL, site.yaml's baseUrl,
// --origin, --form-endpoint): each is checked before it is written into every page, the
// sitemap, robots.txt or a bucket's CORS rule, where a missing scheme breaks them without a
// word. The errors show the corrected form when there is an obvious one.

// CheckSiteURL holds s to an absolute http(s) URL with a host (a path is allowed, a query or
// fragment not): the public address of the site.
func CheckSiteURL(s string) error {
	u, err := webURL(s)
	if err != nil {
		return err
	}
	if u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "#") {
		return fmt.Errorf("%q: expected the site's address without ? or #, such as %s", s, u.Scheme+"://"+u.Host)
	}
	return nil
}

// CheckOrigin holds s to a browser origin: scheme://host[:port], http or https, no path (a
// trailing / aside), which is what a page's Origin header carries and a CORS rule must match.
func CheckOrigin(s string) error {
	u, err := webURL(s)
	if err != nil {
		return err
	}
	origin := u.Scheme + "://" + u.Host
	if strings.TrimSuffix(s, "/") != origin {
		return fmt.Errorf("%q is not an origin (scheme://host[:port], no path): did you mean %s?", s, origin)
	}
	return nil
}

// CheckFormEndpoint holds s to where the forms can post: a path of the site starting with /,
// or an absolute http(s) URL.
func CheckFormEndpoint(s string) error {
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") {
		if _, err := url.Parse(s); err != nil || strings.ContainsAny(s, " \t\n") {
			return fmt.Errorf("%q: expected a path of the site such as /popup, or an address such as https://api.example.com/popup", s)
		}
		return nil
	}
	if _, err := webURL(s); err != nil {
		return fmt.Errorf("%w (or a path of the site such as /popup)", err)
	}
	return nil
}

// webURL parses s as an absolute http(s) URL with a host, and says what it lacks.
func webURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Hostname() != "" &&
		!strings.ContainsAny(s, " \t\n") && u.User == nil {
		return u, nil
	}
	if s == "" {
		return nil, fmt.Errorf("empty address: expected one such as https://www.example.com")
	}
	if !strings.Contains(s, "://") && !strings.HasPrefix(s, "/") {
		// A host typed without its scheme: www.example.com, example.com:8080/blog.
		if v, err := url.Parse("https://" + s); err == nil && strings.Contains(v.Hostname(), ".") && !strings.ContainsAny(s, " \t\n") {
			return nil, fmt.Errorf("%q has no scheme: did you mean https://%s?", s, s)
		}
	}
	return nil, fmt.Errorf("%q: expected an http:// or https:// address with a host, such as https://www.example.com", s)
}
