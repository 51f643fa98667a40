package hostrules

import (
	"net/url"
	"regexp"
	"strings"
)

// The security headers of the public site, defined once: the build writes them into the site
// itself (its `_headers` file and a Content-Security-Policy meta tag in every page), so the site
// is as safe on any static host or CDN as behind our servers, which apply the same file (see
// HeaderRules); a deploy to an object store stores what the file gives each object as the
// object's metadata.

// The policy's directives: only our own scripts; inline styles (the editor's colours and React's
// style props); images from us or data:/blob:; the Google map embed as the one outside frame;
// what the forms may reach (send) in connect-src and form-action; and, when the forms carry
// Cloudflare Turnstile, its script and its challenge frame from challenges.cloudflare.com.
const (
	cspStyles = "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; "
	cspFrames = "frame-src 'self' https://www.google.com https://maps.google.com"
	cspBase   = "base-uri 'self'; "

	// TurnstileOrigin serves Turnstile's script (api.js) and its challenge frame.
	TurnstileOrigin = "https://challenges.cloudflare.com"
)

// Policy is what the site's pages may reach beyond their own origin.
type Policy struct {
	FormEndpoint string // where the forms post: a path of the site, or a URL on another host
	Turnstile    bool   // the forms carry Cloudflare Turnstile's widget (a site key is configured)
	// Intake is the origin of the enquiries' intake bucket, which the pages upload an enquiry to
	// when the form endpoint cannot be reached ("" without one): connect-src only.
	Intake string
}

// IntakeFile is the site's file with the intake's upload policy: short-lived in caches (a CDN
// may keep it five minutes), since it is re-signed and can be switched off.
const IntakeFile = "intake.json"

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

// csp is the policy of the pages without frame-ancestors: the form endpoint's origin may
// receive the script's fetch (connect-src) and the no-script post (form-action); Turnstile's
// origin may serve a script and a frame, only when the forms carry it.
func (p Policy) csp() string {
	send, scripts, frames := "'self'", "'self'", cspFrames
	if o := formOrigin(p.FormEndpoint); o != "" {
		send += " " + o
	}
	connect := send
	if o := formOrigin(p.Intake); o != "" && o != formOrigin(p.FormEndpoint) {
		connect += " " + o
	}
	if p.Turnstile {
		scripts += " " + TurnstileOrigin
		frames += " " + TurnstileOrigin
	}
	return "default-src 'self'; script-src " + scripts + "; " + cspStyles + "connect-src " + connect + "; " +
		frames + "; " + cspBase + "form-action " + send + "; "
}

// PageCSP is the Content-Security-Policy header of the site's pages: nobody may frame them.
func PageCSP(p Policy) string { return p.csp() + "frame-ancestors 'none'" }

// FramableCSP is PageCSP for pages the admin shows in a same-origin frame (the preview).
func FramableCSP(p Policy) string { return p.csp() + "frame-ancestors 'self'" }

// MetaCSP is the policy for a page's <meta http-equiv="Content-Security-Policy">: the same
// without frame-ancestors, which a meta tag cannot carry (browsers ignore it there). Where the
// host sends no headers, framing is not refused; every other rule holds.
func MetaCSP(p Policy) string { return strings.TrimSuffix(p.csp(), " ") }

// PageHeaders are the headers every answer of the built site carries, in order.
func PageHeaders(p Policy) [][2]string {
	return [][2]string{
		{"Content-Security-Policy", PageCSP(p)},
		{"X-Content-Type-Options", "nosniff"},
		{"X-Frame-Options", "DENY"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
		{"Cross-Origin-Opener-Policy", "same-origin"},
		{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"},
	}
}

// UploadCSP keeps an uploaded file from ever acting as a page, even a polyglot.
const UploadCSP = "default-src 'none'; sandbox"

// HeadersFile is the site's `_headers` file in the syntax of Netlify and Cloudflare Pages: the
// page headers for every path, a sandbox for uploads, long caching for the hashed assets. It is
// the one statement of the site's headers: the hosts that read it, our own servers of the site
// (Handler) and the S3 deploy all apply it.
func HeadersFile(p Policy) []byte {
	var b strings.Builder
	b.WriteString("# Security headers of every page (written by the site generator; see docs/SECURITY.md).\n/*\n")
	for _, kv := range PageHeaders(p) {
		b.WriteString("  " + kv[0] + ": " + kv[1] + "\n")
	}
	b.WriteString("/uploads/*\n  Content-Security-Policy: " + UploadCSP + "\n")
	b.WriteString("/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n")
	b.WriteString("/" + IntakeFile + "\n  Cache-Control: public, max-age=300, must-revalidate\n")
	for _, path := range SearchIndexPaths {
		b.WriteString(path + "\n")
		for _, name := range DocumentOnlyHeaders {
			b.WriteString("  ! " + name + "\n")
		}
	}
	return []byte(b.String())
}

// SearchIndexPaths are the files of the site's search index (internal/search): raw DEFLATE,
// served as application/octet-stream with nosniff and read only by the site's own script, so
// never a document. A query reads dozens of them, and over HTTP/1.1 the page headers made up
// half of each answer.
var SearchIndexPaths = []string{"/search/index.bin", "/assets/search/*"}

// DocumentOnlyHeaders are the page headers that govern only a document (what it may load, who
// may frame or open it, what it sends as referrer, which features it may use): HeadersFile
// detaches them from the search index's files with `! Name` lines. Cloudflare Pages, our
// servers (HeaderRules) and the S3 deploy apply the detach; Netlify skips a line without a colon,
// so there the files keep every page header (as safe, only larger). X-Content-Type-Options stays.
var DocumentOnlyHeaders = []string{"Content-Security-Policy", "X-Frame-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy", "Permissions-Policy"}
