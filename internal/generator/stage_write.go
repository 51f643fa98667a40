package generator

import (
	"fmt"
	"iter"
	"maps"
)

// write lays out the new generation, all but the pages to render and the extras (sitemap,
// robots.txt, feed, redirect pages), which the render stage writes: the static files.
//
// Reuse, the spare generation: the generation before the live one already holds nearly every
// file of the new one. It becomes the new generation, and only the files that differ from it
// are replaced or removed, so a publish costs the files it changes rather than a link per page.
func (r *run) write() error {
	if r.w == nil {
		if err := r.newGeneration(); err != nil {
			return err
		}
	}
	base := r.spare
	for _, old := range []map[string]string{base.Pages, base.Files} {
		for file := range old {
			if _, ok := r.next.Pages[file]; !ok && r.next.Files[file] == "" {
				r.w.remove(file)
			}
		}
	}
	for _, rel := range sortedKeys(r.static) {
		if f := r.static[rel]; base.Files[rel] != f.key {
			if err := r.w.writeStatic(rel, f); err != nil {
				return fmt.Errorf("static files: %w", err)
			}
		}
	}
	// The sitemap, feed and redirect pages that changed are written beside the renders.
	for _, names := range []iter.Seq[string]{maps.Keys(r.extras), maps.Keys(r.moved)} {
		for name := range names {
			if base.Files[name] != r.next.Files[name] {
				r.toWrite = append(r.toWrite, name)
			}
		}
	}
	// An unchanged page the spare generation already holds needs nothing.
	kept := r.toLink[:0:0]
	for _, it := range r.toLink {
		if base.Pages[it.File] != it.hash {
			kept = append(kept, it)
		}
	}
	r.toLink = kept
	return nil
}

// newGeneration makes the folder of the new generation: the spare generation taken over, or a
// new one.
func (r *run) newGeneration() error {
	o, err := openOutput(r.cfg.OutDir)
	if err != nil {
		return err
	}
	r.out = o
	o.removeLeftovers()
	r.name = newGenerationName()
	r.tmp = r.name + ".tmp"
	var base manifest
	if !r.opts.Clean && r.live != "" {
		base = r.takeSpare(o, r.live, r.assets.Hash, r.tmp)
	}
	if r.w, err = o.generation(r.tmp); err != nil {
		return err
	}
	r.spare = base
	return nil
}
