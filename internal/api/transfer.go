package api

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"digitalreeviver/internal/content"
	"digitalreeviver/internal/store"
)

// ImportFiles imports blogs and services from JSON files in the shape of GET /api/blogs and
// GET /api/services (`adminapi import`, the demo seeding). Every record is sanitized and checked
// against the publish rules first; the first bad one is reported by file, index and slug, and
// then nothing at all is imported. An image the site cannot serve (the old backend's file names,
// outside addresses) is dropped with a warning: the page shows its fallback image instead.
func ImportFiles(db *store.DB, paths []string, warn func(string)) (blogs, services int, err error) {
	var allBlogs []content.Blog
	var allServices []content.Service
	blogSlugs, serviceSlugs := map[string]string{}, map[string]string{}
	now := time.Now().UTC()
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return 0, 0, err
		}
		bs, ss, err := content.DecodeRecords(f)
		f.Close()
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %s", p, content.ErrorMessage(err))
		}
		for i := range bs {
			b := &bs[i]
			where := fmt.Sprintf("%s: blog %d (slug %q)", p, i, b.Slug)
			if !content.ValidImageRef(b.Image) {
				warn(fmt.Sprintf("%s: image %q dropped (not an upload or site image)", where, b.Image))
				b.Image = ""
			}
			check := *b
			if err := check.PreparePublish(now); err != nil {
				return 0, 0, fmt.Errorf("%s: %s", where, content.ErrorMessage(err))
			}
			if prev, dup := blogSlugs[check.Slug]; dup {
				return 0, 0, fmt.Errorf("%s: slug %q is also used by %s", where, check.Slug, prev)
			}
			blogSlugs[check.Slug] = where
		}
		for i := range ss {
			v := &ss[i]
			where := fmt.Sprintf("%s: service %d (slug %q)", p, i, v.Slug)
			if !content.ValidImageRef(v.Image) {
				warn(fmt.Sprintf("%s: image %q dropped (not an upload or site image)", where, v.Image))
				v.Image = ""
			}
			check := *v
			if err := check.PreparePublish(now); err != nil {
				return 0, 0, fmt.Errorf("%s: %s", where, content.ErrorMessage(err))
			}
			if prev, dup := serviceSlugs[check.Slug]; dup {
				return 0, 0, fmt.Errorf("%s: slug %q is also used by %s", where, check.Slug, prev)
			}
			serviceSlugs[check.Slug] = where
		}
		allBlogs = append(allBlogs, bs...)
		allServices = append(allServices, ss...)
	}
	if err := db.Import(allBlogs, allServices); err != nil {
		return 0, 0, fmt.Errorf("import: %w", err)
	}
	return len(allBlogs), len(allServices), nil
}

// ExportFiles writes the published blogs and services to dir/blogs.json and dir/services.json,
// in the shape GET /api/blogs and GET /api/services answer, so ImportFiles takes them back.
func ExportFiles(db *store.DB, dir string) ([]string, error) {
	blogs, err := db.Blogs()
	if err != nil {
		return nil, err
	}
	services, err := db.Services()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var out []string
	for name, v := range map[string]any{"blogs.json": nonNil(blogs), "services.json": nonNil(services)} {
		data, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return nil, err
		}
		p := filepath.Join(dir, name)
		if err := writeFileAtomic(dir, name, append(data, '\n')); err != nil {
			return nil, fmt.Errorf("export %s: %w", p, err)
		}
		out = append(out, p)
	}
	return out, nil
}
