package store

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// The media library is the uploads bucket: every uploaded image with its size, alt text and
// content hash. Where an image is used is not stored but read from the records, so it can never
// be out of date.
//
// bucketUploadsGone remembers the names of images deleted from the library. Upload names are
// random and never made twice, so a record written after a deletion (a save that checked the
// image before the deletion and commits after it) is refused in its own transaction rather
// than pointing at a file that is gone.
var bucketUploadsGone = []byte("uploads_deleted")

func init() { allBuckets = append(allBuckets, bucketUploadsGone) }

// MaxAltLen bounds an image's alt text.
const MaxAltLen = 300

// MediaUse is one record that shows an image: as its image (cover) or in its text.
type MediaUse struct {
	Kind  string `json:"kind"`  // "blog", "service"
	Slug  string `json:"slug"`  // the record's slug
	Title string `json:"title"` // the record's title
	Stage string `json:"stage"` // "published", "preview" or "trash" (it can be restored)
	Field string `json:"field"` // "image", the kind's rich-text field, or both: "image, content"
}

func (u MediaUse) String() string {
	where := "draft"
	switch u.Stage {
	case Published.String():
		where = "published"
	case StageTrash:
		where = "in the trash"
	}
	return fmt.Sprintf("%s “%s” (%s)", cases(u.Kind), u.Title, where)
}

func cases(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var uploadRef = regexp.MustCompile(`/uploads/([a-f0-9]{16,64}\.(?:jpg|png|webp|gif))`)

// MediaLibrary returns every upload, newest first (Uploads lists them oldest first).
func (db *DB) MediaLibrary() ([]Upload, error) {
	var out []Upload
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = list[Upload](tx, bucketUploads)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list uploads: %w", err)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.After(out[j].CreatedAt)
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// ImageAlts returns the alt text of every upload that has one, by name: pages show it with the
// image. (generator.ImageAltSource)
func (db *DB) ImageAlts() (map[string]string, error) {
	ups, err := db.MediaLibrary()
	if err != nil {
		return nil, err
	}
	alts := map[string]string{}
	for _, u := range ups {
		if u.Alt != "" {
			alts[u.Name] = u.Alt
		}
	}
	return alts, nil
}

// MediaUses returns, by upload name, every record (published, draft or in the trash, of every
// kind) that shows the image.
func (db *DB) MediaUses() (map[string][]MediaUse, error) {
	var out map[string][]MediaUse
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = db.uses(tx)
		return err
	})
	return out, err
}

func (db *DB) uses(tx *bolt.Tx) (map[string][]MediaUse, error) {
	out := map[string][]MediaUse{}
	for _, st := range []Stage{Published, Preview} {
		for _, k := range domain.Kinds {
			recs, err := db.list(tx, k, st)
			if err != nil {
				return nil, err
			}
			for _, rec := range recs {
				f := rec.Fields()
				fields := map[string][]string{} // upload → the fields that show it
				for _, field := range []struct{ name, text string }{{"image", *f.Image}, {k.Body, *f.Body}} {
					for _, m := range uploadRef.FindAllStringSubmatch(field.text, -1) {
						if name := m[1]; !slices.Contains(fields[name], field.name) {
							fields[name] = append(fields[name], field.name)
						}
					}
				}
				for _, name := range slices.Sorted(maps.Keys(fields)) {
					out[name] = append(out[name], MediaUse{Kind: k.Name, Slug: *f.Slug, Title: *f.Title, Stage: st.String(),
						Field: strings.Join(fields[name], ", ")})
				}
			}
		}
	}
	// A record in the trash can be restored: it still uses its images.
	err := tx.Bucket(bucketTrash).ForEach(func(_, v []byte) error {
		var it TrashItem
		if err := json.Unmarshal(v, &it); err != nil {
			return err
		}
		k := domain.KindOf(it.Kind)
		if k == nil {
			return nil
		}
		rec := k.New()
		if err := json.Unmarshal(it.Record, rec); err != nil {
			return err
		}
		f := rec.Fields()
		fields := map[string][]string{}
		for _, field := range []struct{ name, text string }{{"image", *f.Image}, {k.Body, *f.Body}} {
			for _, m := range uploadRef.FindAllStringSubmatch(field.text, -1) {
				if name := m[1]; !slices.Contains(fields[name], field.name) {
					fields[name] = append(fields[name], field.name)
				}
			}
		}
		for _, name := range slices.Sorted(maps.Keys(fields)) {
			out[name] = append(out[name], MediaUse{Kind: k.Name, Slug: it.Slug, Title: it.Title, Stage: StageTrash,
				Field: strings.Join(fields[name], ", ")})
		}
		return nil
	})
	return out, err
}

// StageTrash is the MediaUse.Stage of a record in the trash.
const StageTrash = "trash"

// SetUploadAlt changes the alt text of an upload. An editor (db's user, without the permission
// to publish) may not change it on an image that a published page shows, or that a draft an
// admin scheduled shows: the site would change without an admin's review.
func (db *DB) SetUploadAlt(name, alt string) (Upload, error) {
	alt = strings.Join(strings.Fields(alt), " ")
	if len([]rune(alt)) > MaxAltLen || strings.ContainsAny(alt, "<>") {
		return Upload{}, domain.Errorf(domain.EInvalid, "Alt text: at most %d characters, no < or >.", MaxAltLen)
	}
	var u Upload
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketUploads, []byte(name), &u)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such image.")
		}
		if !db.mayPublish(tx) {
			if err := refuseLiveImage(tx, db, name); err != nil {
				return err
			}
		}
		u.Alt = alt
		return putJSON(tx, bucketUploads, []byte(name), &u)
	})
	return u, err
}

// mayPublish reports whether db's user may change what is live; the operator's tools (no user)
// may.
func (db *DB) mayPublish(tx *bolt.Tx) bool {
	if db.user == "" {
		return true
	}
	var a domain.Admin
	ok, err := getJSON(tx, bucketAdmins, []byte(db.user), &a)
	return err == nil && ok && a.Can(domain.PermPublish)
}

// refuseLiveImage refuses a change of the image name that a published page or a scheduled
// draft shows.
func refuseLiveImage(tx *bolt.Tx, db *DB, name string) error {
	uses, err := db.uses(tx)
	if err != nil {
		return err
	}
	for _, use := range uses[name] {
		if use.Stage == Published.String() {
			return domain.Refusal(domain.PermPublish,
				"This image is shown by %s, a live page: only an admin may change its alt text. Ask an admin to change it.", use)
		}
		if use.Stage == Preview.String() && scheduledToPublish(tx, use) {
			return domain.Refusal(domain.PermPublish,
				"This image is shown by %s, which an admin has scheduled to go live: only an admin may change its alt text now.", use)
		}
	}
	return nil
}

// scheduledToPublish reports whether the draft a use names has a publish schedule not yet done.
func scheduledToPublish(tx *bolt.Tx, use MediaUse) bool {
	all, _ := schedules(tx)
	for _, s := range all {
		if k := domain.KindOf(s.Kind); k != nil && k.Name == use.Kind && s.Slug == use.Slug && s.Action == ActionPublish && !s.Applied {
			return true
		}
	}
	return false
}

// ErrInUse is the refusal to delete an image that records show; Uses names them.
type ErrInUse struct {
	Err  *domain.Error // EConflict, naming the records
	Uses []MediaUse
}

func (e *ErrInUse) Error() string { return e.Err.Error() }
func (e *ErrInUse) Unwrap() error { return e.Err }

// DeleteUnusedUpload removes an image from the media library, in one transaction with the check
// that no record (published or draft) shows it; a used one is refused with an *ErrInUse. An
// editor (db's user, without the permission to publish) may delete only images they uploaded.
// The caller removes the file afterwards.
func (db *DB) DeleteUnusedUpload(name string) (Upload, error) {
	var u Upload
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketUploads, []byte(name), &u)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such image.")
		}
		if u.CreatedBy != db.user && !db.mayPublish(tx) {
			return domain.Refusal(domain.PermPublish, "You may delete only images you uploaded: ask an admin to delete this one.")
		}
		uses, err := db.uses(tx)
		if err != nil {
			return err
		}
		if in := uses[name]; len(in) > 0 {
			names := make([]string, len(in))
			for i, use := range in {
				names[i] = use.String()
			}
			return &ErrInUse{Err: domain.Errorf(domain.EConflict, "This image is used by %s. Remove it there first.",
				strings.Join(names, ", ")), Uses: in}
		}
		if err := tx.Bucket(bucketUploads).Delete([]byte(name)); err != nil {
			return err
		}
		return tx.Bucket(bucketUploadsGone).Put([]byte(name), []byte(db.now().Format("2006-01-02T15:04:05Z07:00")))
	})
	return u, err
}

// refuseDeletedUploads refuses a record that shows an image deleted from the library.
func refuseDeletedUploads(tx *bolt.Tx, rec domain.Record) error {
	if gone := deletedUploadsIn(tx, rec); len(gone) > 0 {
		return domain.Errorf(domain.EConflict, "Image %s was deleted from the media library; choose another.", gone[0])
	}
	return nil
}

// deletedUploadsIn lists the images ("/uploads/<name>") rec shows that were deleted from the
// library, each once.
func deletedUploadsIn(tx *bolt.Tx, rec domain.Record) []string {
	gone := tx.Bucket(bucketUploadsGone)
	if gone == nil {
		return nil
	}
	if k, _ := gone.Cursor().First(); k == nil {
		return nil // nothing was ever deleted: no need to read the text
	}
	var out []string
	f := rec.Fields()
	for _, text := range []string{*f.Image, *f.Body} {
		for _, m := range uploadRef.FindAllStringSubmatch(text, -1) {
			if ref := "/uploads/" + m[1]; gone.Get([]byte(m[1])) != nil && !slices.Contains(out, ref) {
				out = append(out, ref)
			}
		}
	}
	return out
}
