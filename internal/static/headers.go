package static

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// The security headers of the public site, defined once for every place that serves or writes
// it: adminapi (the demo), `sitegen serve`, and the built site itself (its `_headers` file and a
// Content-Security-Policy meta tag in every page), so the site is as safe on any static host or
// CDN as behind our servers. A deploy to an object store reads the generation's `_headers` file
// and stores what it gives each object as the object's metadata.

// The policy's directives: only our own scripts; inline styles (the editor's colours and React's
// style props); images from us or data:/blob:; the Google map embed as the one outside frame;
// what the forms may reach (send) in connect-src and form-action.
const (
	cspHead = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; "
	cspMid  = "frame-src 'self' https://www.google.com https://maps.google.com; base-uri 'self'; "
)

var plainOrigin = regexp.MustCompile(`^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$`)

// formOrigin is the origin the site's forms post to when that is another host ("" for a path on
// the site itself, or anything that is no plain http(s) origin).
func formOrigin(formEndpoint string) string {
	u, err := url.Parse(strings.TrimSpace(formEndpoint))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	o := u.Scheme + "://" + u.Host
	if !plainOrigin.MatchString(o) {
		return ""
	}
	return o
}

// cspFor is the policy of pages whose forms post to formEndpoint: its origin may receive the
// script's fetch (connect-src) and the no-script post (form-action).
func cspFor(formEndpoint string) string {
	send := "'self'"
	if o := formOrigin(formEndpoint); o != "" {
		send += " " + o
	}
	return cspHead + "connect-src " + send + "; " + cspMid + "form-action " + send + "; "
}

// PageCSP is the Content-Security-Policy header of the site's pages: nobody may frame them.
func PageCSP(formEndpoint string) string { return cspFor(formEndpoint) + "frame-ancestors 'none'" }

// FramableCSP is PageCSP for pages the admin shows in a same-origin frame (the preview).
func FramableCSP(formEndpoint string) string { return cspFor(formEndpoint) + "frame-ancestors 'self'" }

// MetaCSP is the policy for a page's <meta http-equiv="Content-Security-Policy">: the same
// without frame-ancestors, which a meta tag cannot carry (browsers ignore it there). Where the
// host sends no headers, framing is not refused; every other rule holds.
func MetaCSP(formEndpoint string) string { return strings.TrimSuffix(cspFor(formEndpoint), " ") }

// PageHeaders are the headers every answer of the built site carries, in order.
func PageHeaders(formEndpoint string) [][2]string {
	return [][2]string{
		{"Content-Security-Policy", PageCSP(formEndpoint)},
		{"X-Content-Type-Options", "nosniff"},
		{"X-Frame-Options", "DENY"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
		{"Cross-Origin-Opener-Policy", "same-origin"},
		{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"},
	}
}

// UploadCSP keeps an uploaded file from ever acting as a page, even a polyglot.
const UploadCSP = "default-src 'none'; sandbox"

// SetPageHeaders sets PageHeaders on h.
func SetPageHeaders(h http.Header, formEndpoint string) {
	for _, kv := range PageHeaders(formEndpoint) {
		h.Set(kv[0], kv[1])
	}
}

// HeadersFile is the site's `_headers` file in the syntax of Netlify and Cloudflare Pages: the
// page headers for every path, a sandbox for uploads, long caching for the hashed assets.
func HeadersFile(formEndpoint string) []byte {
	var b strings.Builder
	b.WriteString("# Security headers of every page (written by the site generator; see docs/SECURITY.md).\n/*\n")
	for _, kv := range PageHeaders(formEndpoint) {
		b.WriteString("  " + kv[0] + ": " + kv[1] + "\n")
	}
	b.WriteString("/uploads/*\n  Content-Security-Policy: " + UploadCSP + "\n")
	b.WriteString("/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n")
	return []byte(b.String())
}

// hostFiles are the files of a generation meant for the static host, not for visitors.
var hostFiles = map[string]bool{"_headers": true, "_redirects": true}
