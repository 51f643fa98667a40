package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// Stage is where a record lies: on the site (published) or among the drafts (preview). Every
// kind of content (domain.Kinds) has one bucket per stage, named after the kind.
type Stage int

const (
	Published Stage = iota
	Preview
)

func (st Stage) String() string {
	if st == Preview {
		return "preview"
	}
	return "published"
}

// bucketOf names the bucket of k's records at st: "blogs", "preview_blogs".
func bucketOf(k *domain.Kind, st Stage) []byte {
	if st == Preview {
		return []byte("preview_" + k.Plural)
	}
	return []byte(k.Plural)
}

// kindBuckets are the buckets of every kind, published ones first.
func kindBuckets() [][]byte {
	var out [][]byte
	for _, st := range []Stage{Published, Preview} {
		for _, k := range domain.Kinds {
			out = append(out, bucketOf(k, st))
		}
	}
	return out
}

func notFound(k *domain.Kind, st Stage) error {
	if st == Preview {
		return domain.Errorf(domain.ENotFound, "%s", k.Messages.PreviewNotFound)
	}
	return domain.Errorf(domain.ENotFound, "%s", k.Messages.NotFound)
}

func get(tx *bolt.Tx, k *domain.Kind, st Stage, slug string) (domain.Record, error) {
	rec := k.New()
	ok, err := getJSON(tx, bucketOf(k, st), []byte(slug), rec)
	if err != nil {
		return nil, err
	} else if !ok {
		return nil, notFound(k, st)
	}
	return rec, nil
}

// taken reports whether a record of k, published or preview, has slug.
func taken(tx *bolt.Tx, k *domain.Kind, slug string) bool {
	for _, st := range []Stage{Published, Preview} {
		if b := tx.Bucket(bucketOf(k, st)); b != nil && b.Get([]byte(slug)) != nil {
			return true
		}
	}
	return false
}

// Records returns k's records at st in k's list order.
func (db *DB) Records(k *domain.Kind, st Stage) ([]domain.Record, error) {
	var out []domain.Record
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = db.list(tx, k, st)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list %s %s: %w", st, k.Plural, err)
	}
	for i, r := range out {
		out[i] = k.Copy(r) // the cache's records stay the cache's
	}
	return out, nil
}

// list answers the decoded records of k at st, in k's list order; they belong to the cache, so callers copy
// them before they let them go.
func (db *DB) list(tx *bolt.Tx, k *domain.Kind, st Stage) ([]domain.Record, error) {
	name := bucketOf(k, st)
	return db.cache(name).list(tx, name, k, !db.readOnce, db.release)
}

// Record returns the record of k at st with slug.
func (db *DB) Record(k *domain.Kind, st Stage, slug string) (domain.Record, error) {
	var rec domain.Record
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		rec, err = get(tx, k, st, slug)
		return err
	})
	return rec, err
}

// CreatePreview stores rec as a new preview, normalized, checked and stamped; its slug may not
// be used by a preview or a published record of its kind. It is the record's first revision.
func (db *DB) CreatePreview(rec domain.Record) error {
	k := rec.Kind()
	domain.Normalize(rec)
	if err := domain.Validate(rec); err != nil {
		return err
	}
	domain.Stamp(rec, db.now())
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		if taken(tx, k, *rec.Fields().Slug) {
			return domain.Errorf(domain.EConflict, domain.MsgSlugTaken)
		}
		if err := put(tx, Preview, rec); err != nil {
			return err
		}
		return db.keepRevision(tx, rec, Preview, noteCreated)
	})
	if err != nil {
		return fmt.Errorf("create preview %s: %w", k.Name, err)
	}
	return nil
}

// Edit is a saved change of a record and what it did besides: the publish schedules of a draft
// that it put on hold (see holdForEdit).
type Edit struct {
	Record domain.Record
	Held   []Schedule
	// Dropped names the images a restored revision showed that were deleted since
	// (RestoreRevision left them out).
	Dropped []string
}

// UpdateRecord applies fn to the stored record and saves it, moving it when fn changed the slug,
// and keeps the result as a revision (EditRecord without what it held).
func (db *DB) UpdateRecord(k *domain.Kind, st Stage, slug string, fn func(domain.Record) error) (domain.Record, error) {
	e, err := db.EditRecord(k, st, slug, fn)
	return e.Record, err
}

// EditRecord is UpdateRecord answering the schedules the change put on hold: a change to a
// scheduled draft's content by anyone but the admin who scheduled it holds the schedule, in the
// same transaction.
func (db *DB) EditRecord(k *domain.Kind, st Stage, slug string, fn func(domain.Record) error) (Edit, error) {
	var e Edit
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		before, err := draftSum(tx, k, st, slug)
		if err != nil {
			return err
		}
		if e.Record, err = db.update(tx, k, st, slug, fn); err != nil {
			return err
		}
		if st == Preview {
			e.Held, err = db.holdForEdit(tx, e.Record, before)
		}
		return err
	})
	if err != nil {
		return Edit{}, fmt.Errorf("update %s %s %q: %w", st, k.Name, slug, err)
	}
	return e, nil
}

// draftSum is the content sum of k's draft with slug before a change ("" for a published record,
// whose schedules pin nothing); a missing draft is left for the change to report.
func draftSum(tx *bolt.Tx, k *domain.Kind, st Stage, slug string) (string, error) {
	if st != Preview {
		return "", nil
	}
	rec, err := get(tx, k, st, slug)
	if err != nil {
		return "", nil
	}
	return contentSum(rec)
}

func (db *DB) update(tx *bolt.Tx, k *domain.Kind, st Stage, slug string, fn func(domain.Record) error) (domain.Record, error) {
	rec, err := get(tx, k, st, slug)
	if err != nil {
		return nil, err
	}
	if err := db.guarded(rec); err != nil {
		return nil, err
	}
	if err := keepBase(tx, rec, st); err != nil {
		return nil, err
	}
	if fn != nil {
		if err := fn(rec); err != nil {
			return nil, err
		}
	}
	domain.Normalize(rec)
	if err := domain.Validate(rec); err != nil {
		return nil, err
	}
	domain.Stamp(rec, db.now())
	if err := db.move(tx, k, st, slug, rec); err != nil {
		return nil, err
	}
	if err := put(tx, st, rec); err != nil {
		return nil, err
	}
	return rec, db.keepRevision(tx, rec, st, noteOf(st))
}

// move frees the old key of a record of k at st that fn renamed from slug, once the new slug is
// known to be free, and makes its schedules follow; a published record's old address redirects
// to the new one.
func (db *DB) move(tx *bolt.Tx, k *domain.Kind, st Stage, slug string, rec domain.Record) error {
	f := rec.Fields()
	if *f.Slug == slug {
		return nil
	}
	if taken(tx, k, *f.Slug) {
		return domain.Errorf(domain.EConflict, domain.MsgSlugTaken)
	}
	if err := del(tx, k, st, slug); err != nil {
		return err
	}
	if st == Published {
		if err := slugMoved(tx, rec, slug, db.now()); err != nil { // the old address redirects
			return err
		}
	}
	return renameSchedules(tx, k, *f.ID, *f.Slug)
}

// DeleteRecord moves the record of k at st with slug into the trash (restorable for TrashDays)
// and cancels what was scheduled for it.
func (db *DB) DeleteRecord(k *domain.Kind, st Stage, slug string) (TrashItem, error) {
	var it TrashItem
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		rec, err := get(tx, k, st, slug)
		if err != nil {
			return err
		}
		if err := db.guarded(rec); err != nil {
			return err
		}
		it, err = db.trash(tx, rec, st)
		return err
	})
	if err != nil {
		return it, fmt.Errorf("delete %s %s %q: %w", st, k.Name, slug, err)
	}
	return it, nil
}

// Publish moves a preview into the published records of its kind in one transaction. fn, when
// not nil, may override fields first; the publish rules then apply. The slug may not belong to
// another preview or to another published record. A publish scheduled for the draft is done.
func (db *DB) Publish(k *domain.Kind, slug string, fn func(domain.Record) error) (domain.Record, error) {
	var rec domain.Record
	err := db.bolt.Update(func(tx *bolt.Tx) (err error) {
		if rec, err = db.publish(tx, k, slug, fn); err != nil {
			return err
		}
		return dropSchedules(tx, k, *rec.Fields().ID, ActionPublish)
	})
	if err != nil {
		return nil, fmt.Errorf("publish %s %q: %w", k.Name, slug, err)
	}
	return rec, nil
}

func (db *DB) publish(tx *bolt.Tx, k *domain.Kind, slug string, fn func(domain.Record) error) (domain.Record, error) {
	rec, err := get(tx, k, Preview, slug)
	if err != nil {
		return nil, err
	}
	if err := keepBase(tx, rec, Preview); err != nil {
		return nil, err
	}
	if fn != nil {
		if err := fn(rec); err != nil {
			return nil, err
		}
	}
	if err := domain.PreparePublish(rec, db.now()); err != nil {
		return nil, err
	}
	f := rec.Fields()
	key := []byte(*f.Slug)
	if *f.Slug != slug && tx.Bucket(bucketOf(k, Preview)).Get(key) != nil {
		return nil, domain.Errorf(domain.EConflict, domain.MsgSlugTaken)
	}
	// Publishing may replace the published twin of this very record, never another one.
	var existing struct {
		ID string `json:"_id"`
	}
	if ok, err := getJSON(tx, bucketOf(k, Published), key, &existing); err != nil {
		return nil, err
	} else if ok && existing.ID != *f.ID {
		return nil, domain.Errorf(domain.EConflict, domain.MsgSlugTaken)
	}
	if err := del(tx, k, Preview, slug); err != nil {
		return nil, err
	}
	if *f.Slug != slug {
		if err := renameSchedules(tx, k, *f.ID, *f.Slug); err != nil {
			return nil, err
		}
	}
	if err := put(tx, Published, rec); err != nil {
		return nil, err
	}
	return rec, db.keepRevision(tx, rec, Published, "Published")
}

// Unpublish moves k's published record with slug back among the drafts, in one transaction; an
// unpublish scheduled for it is done.
func (db *DB) Unpublish(k *domain.Kind, slug string) (domain.Record, error) {
	var rec domain.Record
	err := db.bolt.Update(func(tx *bolt.Tx) (err error) {
		if rec, err = db.unpublish(tx, k, slug); err != nil {
			return err
		}
		return dropSchedules(tx, k, *rec.Fields().ID, ActionUnpublish)
	})
	if err != nil {
		return nil, fmt.Errorf("unpublish %s %q: %w", k.Name, slug, err)
	}
	return rec, nil
}

func (db *DB) unpublish(tx *bolt.Tx, k *domain.Kind, slug string) (domain.Record, error) {
	rec, err := get(tx, k, Published, slug)
	if err != nil {
		return nil, err
	}
	if tx.Bucket(bucketOf(k, Preview)).Get([]byte(slug)) != nil {
		return nil, domain.Errorf(domain.EConflict, domain.MsgSlugTaken)
	}
	if err := del(tx, k, Published, slug); err != nil {
		return nil, err
	}
	return rec, put(tx, Preview, rec)
}

// ImportRecords stores published records of any kinds in one transaction: all of them or none.
// Each goes through the publish rules first, keeping the times it carries; the caller sanitizes
// the HTML. replaced says, record by record, whether it took the place of a published record of
// the same slug.
func (db *DB) ImportRecords(recs []domain.Record) (replaced []bool, err error) {
	now := db.now()
	for i, rec := range recs {
		if err := domain.PrepareImported(rec, now); err != nil {
			return nil, fmt.Errorf("record %d (%s %q): %w", i, rec.Kind().Name, *rec.Fields().Slug, err)
		}
	}
	replaced = make([]bool, len(recs))
	return replaced, db.bolt.Update(func(tx *bolt.Tx) error {
		for i, rec := range recs {
			replaced[i] = tx.Bucket(bucketOf(rec.Kind(), Published)).Get([]byte(*rec.Fields().Slug)) != nil
			if err := put(tx, Published, rec); err != nil {
				return fmt.Errorf("import record %d: %w", i, err)
			}
		}
		return nil
	})
}

// CountPublished returns how many records of all kinds are published.
func (db *DB) CountPublished() (int, error) {
	n := 0
	err := db.bolt.View(func(tx *bolt.Tx) error {
		for _, k := range domain.Kinds {
			n += tx.Bucket(bucketOf(k, Published)).Stats().KeyN
		}
		return nil
	})
	return n, err
}

// The typed shorthands below serve Go callers that hold blogs and services as values: the
// generator reads Blogs and Services (its Source), its tests and tools write blogs directly.

// Blogs returns the published blogs, newest first.
func (db *DB) Blogs() ([]domain.Blog, error) { return published[domain.Blog](db) }

// Services returns the published services, oldest first (the order the agency added them).
func (db *DB) Services() ([]domain.Service, error) { return published[domain.Service](db) }

// CreatePreviewBlog saves a new preview blog.
func (db *DB) CreatePreviewBlog(b domain.Blog) (domain.Blog, error) {
	err := db.CreatePreview(&b)
	return b, err
}

// UpdateBlog edits a published blog.
func (db *DB) UpdateBlog(slug string, fn func(*domain.Blog) error) (domain.Blog, error) {
	return typed[domain.Blog](db.UpdateRecord(domain.Blogs, Published, slug, untyped(fn)))
}

// DeleteBlog moves a published blog into the trash.
func (db *DB) DeleteBlog(slug string) error {
	_, err := db.DeleteRecord(domain.Blogs, Published, slug)
	return err
}

// PublishBlog moves a preview blog into the published blogs.
func (db *DB) PublishBlog(slug string, fn func(*domain.Blog) error) (domain.Blog, error) {
	return typed[domain.Blog](db.Publish(domain.Blogs, slug, untyped(fn)))
}

// Import stores published blogs and services in one transaction: ImportRecords for Go values.
func (db *DB) Import(blogs []domain.Blog, services []domain.Service) error {
	recs := make([]domain.Record, 0, len(blogs)+len(services))
	for i := range blogs {
		recs = append(recs, &blogs[i])
	}
	for i := range services {
		recs = append(recs, &services[i])
	}
	_, err := db.ImportRecords(recs)
	return err
}

// record is a concrete record type: T is domain.Blog when P is *domain.Blog.
type record[T any] interface {
	*T
	domain.Record
}

// published returns the published records of T's kind as values, in its list order.
func published[T any, P record[T]](db *DB) ([]T, error) {
	k := P(new(T)).Kind()
	var out []T
	err := db.bolt.View(func(tx *bolt.Tx) error {
		recs, err := db.list(tx, k, Published)
		out = make([]T, len(recs))
		for i, r := range recs {
			out[i] = *r.(P)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", k.Plural, err)
	}
	return out, nil
}

func typed[T any, P record[T]](rec domain.Record, err error) (T, error) {
	if err != nil {
		var zero T
		return zero, err
	}
	return *rec.(P), nil
}

func untyped[T any, P record[T]](fn func(P) error) func(domain.Record) error {
	if fn == nil {
		return nil
	}
	return func(r domain.Record) error { return fn(r.(P)) }
}
