package publish

import "digitalreeviver/internal/generator"

// Redirect statuses: how the live site treats a stored redirect.
const (
	RedirectLive    = "live"    // the live site serves it
	RedirectHidden  = "hidden"  // a page of the site is at its old address, and wins
	RedirectBroken  = "broken"  // it leads to no page of the live site (its record was deleted)
	RedirectPending = "pending" // the next build makes it live
)

// LiveSite is what the live generation of the site at out serves: its pages by address and
// its redirects, old address → new.
type LiveSite struct {
	Pages     map[string]bool
	Redirects map[string]string
}

// ReadLiveSite reads the live generation's manifest ("" or an unbuilt site: nothing is live).
func ReadLiveSite(out string) LiveSite {
	if out == "" {
		return LiveSite{}
	}
	redirects, pages := generator.LiveRedirects(out)
	return LiveSite{Pages: pages, Redirects: redirects}
}

// RedirectStatus says how the live site treats the redirect from → to.
func (l LiveSite) RedirectStatus(from, to string) string {
	switch {
	case l.Redirects[from] == to:
		return RedirectLive
	case l.Pages[from]:
		return RedirectHidden
	case !l.Pages[to]:
		return RedirectBroken
	}
	return RedirectPending
}
