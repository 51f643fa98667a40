package generator

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"digitalreeviver/internal/render"
)

// staticFile is a file of the site that the build does not make: one of the client bundle's
// files, a content image or an upload a page uses.
type staticFile struct {
	src  string // the file it is linked or copied from
	copy bool   // content images may be edited in place, so they are copied, not linked
	key  string // the source's size and modification time: a new key means new bytes
}

// staticFiles lists the client bundle's files and the content images by their path in the
// site.
func (b *Builder) staticFiles(assets render.Assets) (map[string]staticFile, error) {
	files := map[string]staticFile{}
	for _, dir := range []struct {
		path, prefix string
		copy         bool
	}{
		// The bundle's files are replaced, never edited, by a site build: linking is safe.
		{assets.ClientDir, "", false},
		{filepath.Join(b.cfg.ContentDir, "images"), "images/", true},
	} {
		names, err := imageFiles(dir.path)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			if strings.HasPrefix(name, ".vite/") {
				continue
			}
			f, err := newStaticFile(filepath.Join(dir.path, name), dir.copy)
			if err != nil {
				return nil, err
			}
			files[dir.prefix+name] = f
		}
	}
	return files, nil
}

// addUploads adds the uploads the pages use (by name) to files. Uploads are stored under new
// names and never edited, so they are linked; a missing one is left out with a warning.
func (b *Builder) addUploads(files map[string]staticFile, uploads []string) {
	if b.cfg.UploadsDir == "" {
		return
	}
	for _, u := range uploads {
		f, err := newStaticFile(filepath.Join(b.cfg.UploadsDir, u), false)
		if err != nil {
			b.cfg.Logger.Warn("build: a page uses a missing upload", "name", u)
			continue
		}
		files["uploads/"+u] = f
	}
}

func newStaticFile(src string, copy bool) (staticFile, error) {
	st, err := os.Stat(src)
	if err != nil {
		return staticFile{}, err
	}
	return staticFile{src: src, copy: copy, key: fmt.Sprintf("%d-%d", st.Size(), st.ModTime().UnixNano())}, nil
}

// staticKeys are the files' keys by path, as a manifest lists them.
func staticKeys(files map[string]staticFile) map[string]string {
	keys := make(map[string]string, len(files))
	for rel, f := range files {
		keys[rel] = f.key
	}
	return keys
}

// writeStatic puts the static file at rel into the generation.
func (w *writer) writeStatic(rel string, f staticFile) error {
	if f.copy {
		return w.copy(f.src, rel)
	}
	return w.link(f.src, rel)
}
