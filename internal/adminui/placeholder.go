//go:build !adminui

// Package adminui holds the admin single-page app. This build was made without the adminui tag,
// so FS holds only a page saying so; `go test ./...` works without an npm build.
package adminui

import (
	"embed"
	"io/fs"
)

//go:embed placeholder/index.html
var placeholder embed.FS

// FS holds a single index.html explaining that the admin UI was not built.
var FS fs.FS = mustSub(placeholder, "placeholder")

// Available reports whether FS holds the real admin UI rather than the placeholder.
func Available() bool { return false }

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic("adminui: " + err.Error())
	}
	return sub
}
