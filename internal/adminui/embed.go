//go:build adminui

// Package adminui holds the admin single-page app (admin-ui/, built with `make admin-ui`, which runs
// `npm run build` there and writes into this package's dist/). internal/api serves FS under /admin/
// and answers index.html for any /admin/* or /reset-password/* path that is not a file in FS, so
// the SPA's own router can take over (SPA fallback). Build with `-tags adminui` to embed the real
// app; without the tag, placeholder.go provides a page that says it was not built.
package adminui

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// FS is the contents of dist/: index.html, assets/, favicon.svg.
var FS fs.FS = mustSub(dist, "dist")

// Available reports whether FS holds the real admin UI rather than the placeholder.
func Available() bool { return true }

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic("adminui: " + err.Error())
	}
	return sub
}
