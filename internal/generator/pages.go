package generator

import "strings"

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
