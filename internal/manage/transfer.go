package manage

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"digitalreeviver/internal/atomicfile"
	"digitalreeviver/internal/content"
	"digitalreeviver/internal/store"
)

// Counts says how many records of each kind an import stored.
type Counts map[*content.Kind]int

// String reads "2 blogs and 1 services".
func (c Counts) String() string {
	var parts []string
	for _, k := range content.Kinds {
		parts = append(parts, fmt.Sprintf("%d %s", c[k], k.Plural))
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// ImportFiles imports published records from JSON files in the shape of GET /api/blogs and
// GET /api/services (`adminapi import`, the demo seeding). Every record is sanitized and checked
// against the publish rules first; the first bad one is reported by file, index and slug, and
// then nothing at all is imported. An image the site cannot serve (the old backend's file names,
// outside addresses) is dropped with a warning: the page shows its fallback image instead.
func ImportFiles(db *store.DB, paths []string, warn func(string)) (Counts, error) {
	var all []content.Record
	slugs := map[*content.Kind]map[string]string{} // where each slug was seen first
	now := time.Now().UTC()
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		recs, err := content.DecodeRecords(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %s", p, content.ErrorMessage(err))
		}
		for i, rec := range recs {
			k, fields := rec.Kind(), rec.Fields()
			where := fmt.Sprintf("%s: %s %d (slug %q)", p, k.Name, i, *fields.Slug)
			if !content.ValidImageRef(*fields.Image) {
				warn(fmt.Sprintf("%s: image %q dropped (not an upload or site image)", where, *fields.Image))
				*fields.Image = ""
			}
			check := k.Copy(rec)
			if err := content.PreparePublish(check, now); err != nil {
				return nil, fmt.Errorf("%s: %s", where, content.ErrorMessage(err))
			}
			slug := *check.Fields().Slug
			if slugs[k] == nil {
				slugs[k] = map[string]string{}
			}
			if prev, dup := slugs[k][slug]; dup {
				return nil, fmt.Errorf("%s: slug %q is also used by %s", where, slug, prev)
			}
			slugs[k][slug] = where
		}
		all = append(all, recs...)
	}
	if err := db.ImportRecords(all); err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	n := Counts{}
	for _, rec := range all {
		n[rec.Kind()]++
	}
	return n, nil
}

// ExportFiles writes the published records of every kind to dir/<plural>.json (blogs.json,
// services.json), in the shape GET /api/blogs and GET /api/services answer, so ImportFiles takes
// them back. It answers the files written.
func ExportFiles(db *store.DB, dir string) ([]string, error) {
	var out []string
	for _, k := range content.Kinds {
		recs, err := db.Records(k, store.Published)
		if err != nil {
			return nil, err
		}
		if recs == nil {
			recs = []content.Record{}
		}
		data, err := json.MarshalIndent(recs, "", "  ")
		if err != nil {
			return nil, err
		}
		name := k.Plural + ".json"
		p := filepath.Join(dir, name)
		if err := atomicfile.Write(dir, name, append(data, '\n')); err != nil {
			return nil, fmt.Errorf("export %s: %w", p, err)
		}
		out = append(out, p)
	}
	return out, nil
}
