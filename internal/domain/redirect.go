package domain

import (
	"regexp"
	"strings"
	"time"
)

// Redirect keeps an old address of the site working: a visitor (or a search engine) asking for
// From is sent on to To for good (301). The store makes one whenever a published record's slug
// changes, and the admin may add their own (an old site's addresses, say).
type Redirect struct {
	From      string    `json:"from"`               // a page address of the site: "/blog/old/"
	To        string    `json:"to"`                 // where it leads now: "/blog/new/"
	Kind      string    `json:"kind,omitempty"`     // the kind of the record whose slug changed ("" for one made by hand)
	RecordID  string    `json:"recordId,omitempty"` // that record's _id
	CreatedBy string    `json:"createdBy,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
}

// Messages of the redirect rules.
const (
	MsgRedirectPath  = "A redirect goes from one address of this site to another: a path such as /blog/old-post/ (letters, digits, hyphens, dots and slashes)."
	MsgRedirectSelf  = "A redirect cannot lead to the address it comes from."
	MsgRedirectLoop  = "That redirect would make a loop: %s already leads to %s."
	MsgRedirectTaken = "%s already redirects to %s. Remove that redirect first."
	MsgRedirectLive  = "%s is a page of the site; a redirect there would hide it."
	MsgRedirectNone  = "There is no redirect from %s."
)

// MaxRedirectPath bounds a redirect's addresses.
const MaxRedirectPath = 300

var redirectPath = regexp.MustCompile(`^/([A-Za-z0-9._~-]+/)*([A-Za-z0-9._~-]+)?$`)

// CleanRedirectPath returns p as the address a redirect names: a path of this site, with the
// trailing slash pages are served at ("/blog/old" becomes "/blog/old/"; a file such as
// "/old.html" keeps its name). It fails on anything else: other hosts, queries, fragments,
// dot segments, doubled slashes, spaces, and the paths of the API and the admin.
func CleanRedirectPath(p string) (string, error) {
	p = strings.TrimSpace(p)
	bad := Errorf(EInvalid, MsgRedirectPath)
	if len(p) > MaxRedirectPath || !redirectPath.MatchString(p) {
		return "", bad
	}
	for _, seg := range strings.Split(strings.Trim(p, "/"), "/") {
		if seg == "." || seg == ".." || strings.HasPrefix(seg, ".") {
			return "", bad
		}
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	if last != "" && !strings.Contains(last, ".") {
		p += "/"
	}
	first := strings.SplitN(strings.TrimPrefix(p, "/"), "/", 2)[0]
	switch strings.ToLower(first) {
	case "api", "admin", "uploads", "assets", "reset-password", "popup", "popups", "healthz":
		return "", bad
	}
	return p, nil
}

// PagePathOf is the address of the page of the record of k with slug ("/blog/slug/").
func (k *Kind) PagePathOf(slug string) string { return k.PagePath + slug + "/" }
