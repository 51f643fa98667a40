package operator

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"digitalreeviver/internal/atomicfile"
	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// Counts says how many records of each kind an import stored.
type Counts map[*domain.Kind]int

// String reads "2 blogs and 1 service".
func (c Counts) String() string {
	var parts []string
	for _, k := range domain.Kinds {
		parts = append(parts, count(c[k], k.Name, k.Plural))
	}
	return and(parts)
}

// total is the number of records of every kind.
func (c Counts) total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// Imported says what ImportFiles stored: each kind's records, and of them how many took the
// place of a published record of the same slug.
type Imported struct{ All, Replaced Counts }

// String reads "2 blogs and 1 service", and when some replaced published records
// "10 blogs and 0 services: 0 added, 10 replaced (a published record of the same slug was there)".
func (i Imported) String() string {
	r := i.Replaced.total()
	if r == 0 {
		return i.All.String()
	}
	return fmt.Sprintf("%s: %d added, %d replaced (a published record of the same slug was there)", i.All, i.All.total()-r, r)
}

// count reads "1 blog", "2 blogs", "0 blogs".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// and joins "a, b and c".
func and(parts []string) string {
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
func ImportFiles(db *store.DB, paths []string, warn func(string)) (Imported, error) {
	n := Imported{All: Counts{}, Replaced: Counts{}}
	all, err := checkRecords(paths, warn)
	if err != nil {
		return n, err
	}
	replaced, err := db.ImportRecords(all)
	if err != nil {
		return n, fmt.Errorf("import: %w", err)
	}
	for i, rec := range all {
		n.All[rec.Kind()]++
		if replaced[i] {
			n.Replaced[rec.Kind()]++
		}
	}
	return n, nil
}

// checkRecords reads published records from files and checks them as ImportFiles says
// (domain.ImportCheck, the rules a build from a source holds its records to as well).
func checkRecords(paths []string, warn func(string)) ([]domain.Record, error) {
	var all []domain.Record
	check := domain.ImportCheck{Now: time.Now().UTC(), Warn: warn}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		recs, err := domain.DecodeRecords(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %s", p, domain.ErrorMessage(err))
		}
		if err := check.Check(p, recs); err != nil {
			return nil, err
		}
		all = append(all, recs...)
	}
	return all, nil
}

// ExportFiles writes the published records of every kind to dir/<plural>.json (blogs.json,
// services.json), in the shape GET /api/blogs and GET /api/services answer, so ImportFiles takes
// them back. It answers the files written.
func ExportFiles(db *store.DB, dir string) ([]string, error) {
	var out []string
	for _, k := range domain.Kinds {
		recs, err := db.Records(k, store.Published)
		if err != nil {
			return nil, err
		}
		if recs == nil {
			recs = []domain.Record{}
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

// What an export for moving servers holds besides the published records (ExportFiles), and how
// its files are named. Enquiries and admin accounts are personal data (and the accounts carry
// password hashes): they are written only when asked for, readable by their owner alone.
type ExportOptions struct {
	Drafts    bool // preview-<plural>.json
	Uploads   bool // uploads.json: the upload records (copy the uploads folder beside them)
	Enquiries bool // enquiries.json, 0600
	Admins    bool // admins.json, 0600
}

const (
	uploadsFile   = "uploads.json"
	enquiriesFile = "enquiries.json"
	adminsFile    = "admins.json"
)

func draftsFile(k *domain.Kind) string { return "preview-" + k.Plural + ".json" }

func writeJSONFile(dir, name string, v any, mode os.FileMode) (string, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "", err
	}
	if err := atomicfile.WriteMode(dir, name, append(data, '\n'), mode); err != nil {
		return "", fmt.Errorf("export %s: %w", filepath.Join(dir, name), err)
	}
	return filepath.Join(dir, name), nil
}

// ExportDir writes the published records (as ExportFiles) and what o asks for into dir, in the
// shapes the API answers (enquiries newest first, as GET /popups), so ImportDir takes them back
// and a second export of the imported database is the same, byte for byte.
func ExportDir(db *store.DB, dir string, o ExportOptions) ([]string, error) {
	out, err := ExportFiles(db, dir)
	if err != nil {
		return nil, err
	}
	add := func(name string, v any, mode os.FileMode) error {
		p, err := writeJSONFile(dir, name, v, mode)
		if err == nil {
			out = append(out, p)
		}
		return err
	}
	if o.Drafts {
		for _, k := range domain.Kinds {
			recs, err := db.Records(k, store.Preview)
			if err != nil {
				return nil, err
			}
			if recs == nil {
				recs = []domain.Record{}
			}
			if err := add(draftsFile(k), recs, 0o644); err != nil {
				return nil, err
			}
		}
	}
	if o.Uploads {
		ups, err := db.Uploads()
		if err == nil {
			err = add(uploadsFile, nonNil(ups), 0o644)
		}
		if err != nil {
			return nil, err
		}
	}
	if o.Enquiries {
		msgs, err := db.Messages()
		if err == nil {
			err = add(enquiriesFile, nonNil(msgs), 0o600)
		}
		if err != nil {
			return nil, err
		}
	}
	if o.Admins {
		admins, err := db.Admins()
		if err == nil {
			err = add(adminsFile, nonNil(admins), 0o600)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// Summary says what ImportDir stored.
type Summary struct {
	Published, Drafts               Counts
	Uploads, Enquiries, Admins, All int
}

func (s Summary) String() string {
	var parts []string
	for _, k := range domain.Kinds {
		parts = append(parts, count(s.Published[k], k.Name, k.Plural))
	}
	for _, k := range domain.Kinds {
		parts = append(parts, count(s.Drafts[k], k.Name+" draft", k.Name+" drafts"))
	}
	parts = append(parts, count(s.Uploads, "upload record", "upload records"), count(s.Enquiries, "enquiry", "enquiries"),
		count(s.Admins, "account", "accounts"))
	return and(parts)
}

// ImportDir imports every file of an export (ExportDir) found in dir, in one transaction: the
// published records through the sanitizer and the publish rules (as ImportFiles), drafts through
// the draft rules, upload records, enquiries and admin accounts as they were. Every record keeps
// its id and times. A bad record is reported by file and index, and then nothing is imported.
func ImportDir(db *store.DB, dir string, warn func(string)) (Summary, error) {
	sum := Summary{Published: Counts{}, Drafts: Counts{}}
	var d store.Dump
	found := false
	present := func(name string) (string, bool) {
		p := filepath.Join(dir, name)
		_, err := os.Stat(p)
		found = found || err == nil
		return p, err == nil
	}
	var published []string
	for _, k := range domain.Kinds {
		if p, ok := present(k.Plural + ".json"); ok {
			published = append(published, p)
		}
	}
	if len(published) > 0 {
		recs, err := checkRecords(published, warn)
		if err != nil {
			return sum, err
		}
		d.Published = recs
	}
	for _, k := range domain.Kinds {
		p, ok := present(draftsFile(k))
		if !ok {
			continue
		}
		recs, err := readRecords(p)
		if err != nil {
			return sum, err
		}
		for i, rec := range recs {
			if rec.Kind() != k {
				return sum, fmt.Errorf("%s: record %d is a %s, not a %s draft", p, i, rec.Kind().Name, k.Name)
			}
			if f := rec.Fields(); !domain.ValidImageRef(*f.Image) {
				warn(fmt.Sprintf("%s: %s %d (slug %q): image %q dropped (not an upload or site image)", p, k.Name, i, *f.Slug, *f.Image))
				*f.Image = ""
			}
		}
		d.Drafts = append(d.Drafts, recs...)
	}
	if p, ok := present(uploadsFile); ok {
		if err := readJSONFile(p, &d.Uploads); err != nil {
			return sum, err
		}
	}
	if p, ok := present(enquiriesFile); ok {
		if err := readJSONFile(p, &d.Messages); err != nil {
			return sum, err
		}
	}
	if p, ok := present(adminsFile); ok {
		if err := readJSONFile(p, &d.Admins); err != nil {
			return sum, err
		}
		for i, a := range d.Admins {
			if err := domain.ValidateUsername(a.Username); err != nil {
				return sum, fmt.Errorf("%s: admin %d: %s", p, i, domain.ErrorMessage(err))
			}
			if !domain.ValidEmail(a.Email) || !auth.ValidHash(a.PasswordHash) {
				return sum, fmt.Errorf("%s: admin %d (%q): needs an e-mail address and an argon2id password hash", p, i, a.Username)
			}
			if a.Role != "" {
				if _, err := domain.ParseRole(string(a.Role)); err != nil {
					return sum, fmt.Errorf("%s: admin %d (%q): %s", p, i, a.Username, domain.ErrorMessage(err))
				}
			}
		}
	}
	if !found {
		return sum, fmt.Errorf("%s holds no export (blogs.json, services.json, preview-*.json, uploads.json, enquiries.json, admins.json)", dir)
	}
	if err := db.ImportDump(d); err != nil {
		return sum, err
	}
	for _, rec := range d.Published {
		sum.Published[rec.Kind()]++
	}
	for _, rec := range d.Drafts {
		sum.Drafts[rec.Kind()]++
	}
	sum.Uploads, sum.Enquiries, sum.Admins = len(d.Uploads), len(d.Messages), len(d.Admins)
	return sum, nil
}

func readRecords(p string) ([]domain.Record, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := domain.DecodeRecords(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", p, domain.ErrorMessage(err))
	}
	return recs, nil
}

func readJSONFile(p string, v any) error {
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: not the JSON an export writes: %v", p, err)
	}
	return nil
}
