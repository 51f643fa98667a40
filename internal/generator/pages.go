package generator

import (
	"net/url"
	"strings"

	"digitalreeviver/internal/domain"
)

// LivePagePaths answers the address of every page of the live generation under out ("/",
// "/about/", "/blog/some-post/"), from its manifest, and the generation's name: the visitor
// counts name only these paths (anything else is counted as "other"). Redirect pages and files
// that are no page (the 404 page, feeds, the search index) are not among them. None when no
// site is built yet.
func LivePagePaths(out string) (generation string, paths []string) {
	m := readManifest(LiveGeneration(out))
	paths = make([]string, 0, len(m.Pages))
	for file := range m.Pages {
		switch {
		case file == "index.html":
			paths = append(paths, "/")
		case strings.HasSuffix(file, "/index.html"):
			paths = append(paths, "/"+strings.TrimSuffix(file, "index.html"))
		}
	}
	return m.Generation, paths
}

// PageCounts answers how many pages the live generation under out has (what a build's summary
// counts) and how many redirect pages (a post's preview address, the admin's redirects), from
// its manifest; ok is false when there is none.
func PageCounts(out string) (pages, redirects int, ok bool) {
	m := readManifest(LiveGeneration(out))
	if m.Pages == nil {
		return 0, 0, false
	}
	return len(m.Pages), len(m.Redirects), true
}

// leads sets what the pages need of the attribution setting: the setting, and the beacon's
// address, which is the form endpoint's with "beacon" as its last segment ("/popup" →
// "/beacon", "https://api.example.com/popup" → "https://api.example.com/beacon"), so it goes
// to the same server, is allowed by the same connect-src, and needs no setting of its own.
func (s *SiteInfo) leads(mode domain.AttributionMode) {
	s.Attribution = string(mode)
	if mode == domain.AttributionOff {
		return
	}
	u, err := url.Parse(s.FormEndpoint)
	if err != nil {
		return
	}
	s.Beacon = u.ResolveReference(&url.URL{Path: "beacon"}).String()
}
