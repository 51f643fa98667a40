package domain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// DecodeRecords reads a JSON array of records in the shape GET /api/blogs and GET /api/services
// answer, as `adminapi import` and the demo seeding take them. Each record's kind is told by its
// rich-text field (content for a blog, description for a service), so one file may even hold
// both. Rich HTML is sanitized. The publish rules are applied later, by the store, in the
// transaction that imports the whole file.
func DecodeRecords(r io.Reader) ([]Record, error) {
	var raw []json.RawMessage
	dec := json.NewDecoder(r)
	if err := dec.Decode(&raw); err != nil {
		return nil, Errorf(EInvalid, "not a JSON array of %s: %v", kindNames(func(k *Kind) string { return k.Plural }), err)
	}
	var out []Record
	for i, item := range raw {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(item, &fields); err != nil {
			return nil, Errorf(EInvalid, "record %d: not a JSON object", i)
		}
		var kind *Kind
		for _, k := range Kinds {
			if _, ok := fields[k.Body]; ok {
				if kind != nil {
					kind = nil
					break
				}
				kind = k
			}
		}
		if kind == nil {
			return nil, Errorf(EInvalid, "record %d (%s): needs exactly one of %s", i, slugOf(fields), kindNames(func(k *Kind) string { return k.Body + " (" + k.Name + ")" }))
		}
		rec := kind.New()
		if err := strictUnmarshal(item, rec); err != nil {
			return nil, Errorf(EInvalid, "record %d (%s): %v", i, slugOf(fields), err)
		}
		body := rec.Fields().Body
		*body = SanitizeHTML(*body)
		out = append(out, rec)
	}
	return out, nil
}

// kindNames names every kind for a message, as name says: "blogs or services".
func kindNames(name func(*Kind) string) string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = name(k)
	}
	return strings.Join(names, " or ")
}

// strictUnmarshal decodes one record, tolerating fields the old backend added (__v and the like)
// but not values of the wrong type.
func strictUnmarshal(data []byte, v any) error {
	return json.NewDecoder(bytes.NewReader(data)).Decode(v)
}

func slugOf(fields map[string]json.RawMessage) string {
	var s string
	if json.Unmarshal(fields["slug"], &s) == nil && s != "" {
		return fmt.Sprintf("slug %q", s)
	}
	var title string
	if json.Unmarshal(fields["title"], &title) == nil && title != "" {
		return fmt.Sprintf("title %q", title)
	}
	return "no slug"
}

// PrepareImported applies the publish rules to an imported record (PreparePublish) and keeps the
// times it carries: an export imported again must export the same (its updatedAt is the
// sitemap's lastmod and the page's article:modified_time).
func PrepareImported(r Record, now time.Time) error {
	updated := *r.Fields().UpdatedAt
	if err := PreparePublish(r, now); err != nil {
		return err
	}
	if !updated.IsZero() {
		*r.Fields().UpdatedAt = updated
	}
	return nil
}

// ImportCheck holds published records read from outside (an `adminapi import` file, a build's
// source: the admin server's read API or an export folder) to the rules of a publish, across
// every file of one import. Nothing read from outside is trusted: a slug becomes a folder of the
// site, so a record that breaks a rule refuses the whole import or build.
type ImportCheck struct {
	Now   time.Time
	Warn  func(string) // told of each image dropped
	slugs map[*Kind]map[string]string
}

// Check prepares recs, decoded (DecodeRecords) from where, as an import stores them: an image the
// site cannot serve (the old backend's file names, outside addresses) is dropped with a warning
// (the page shows its fallback image), then the publish rules (PrepareImported), then no slug
// twice in a kind. The first bad record is an error naming where, its kind, index and slug.
func (c *ImportCheck) Check(where string, recs []Record) error {
	if c.slugs == nil {
		c.slugs = map[*Kind]map[string]string{}
	}
	for i, rec := range recs {
		k, f := rec.Kind(), rec.Fields()
		at := fmt.Sprintf("%s: %s %d (slug %q)", where, k.Name, i, *f.Slug)
		if !ValidImageRef(*f.Image) {
			if c.Warn != nil {
				c.Warn(fmt.Sprintf("%s: image %q dropped (not an upload or site image)", at, *f.Image))
			}
			*f.Image = ""
		}
		if err := PrepareImported(rec, c.Now); err != nil {
			return fmt.Errorf("%s: %s", at, ErrorMessage(err))
		}
		if c.slugs[k] == nil {
			c.slugs[k] = map[string]string{}
		}
		if prev, dup := c.slugs[k][*f.Slug]; dup {
			return fmt.Errorf("%s: slug %q is also used by %s", at, *f.Slug, prev)
		}
		c.slugs[k][*f.Slug] = at
	}
	return nil
}
