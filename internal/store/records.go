package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/content"
)

// record is what blogs and services have in common, so one set of transactions serves both.
type record[T any] interface {
	*T
	Key() string
	RecordID() string
	Normalize()
	Validate() error
	Stamp(now time.Time)
	PreparePublish(now time.Time) error
}

// kind names the buckets and messages of one record type.
type kind struct {
	name            string // "blog", for wrapped errors
	published       []byte
	preview         []byte
	notFound        string
	previewNotFound string
}

var (
	blogKind    = kind{"blog", bucketBlogs, bucketPreviewBlogs, content.MsgBlogNotFound, content.MsgPreviewNotFound}
	serviceKind = kind{"service", bucketServices, bucketPreviewServices, content.MsgServiceNotFound, content.MsgServiceNotFound}
)

func get[T any, P record[T]](tx *bolt.Tx, bucket []byte, slug, notFound string) (T, error) {
	var v T
	ok, err := getJSON(tx, bucket, []byte(slug), &v)
	if err != nil {
		return v, err
	} else if !ok {
		return v, content.Errorf(content.ENotFound, "%s", notFound)
	}
	return v, nil
}

func taken(tx *bolt.Tx, k kind, slug string) bool {
	for _, b := range [][]byte{k.published, k.preview} {
		if bk := tx.Bucket(b); bk != nil && bk.Get([]byte(slug)) != nil {
			return true
		}
	}
	return false
}

func (db *DB) listRecords(k kind, bucket []byte, out any) error {
	return db.bolt.View(func(tx *bolt.Tx) error {
		var err error
		switch o := out.(type) {
		case *[]content.Blog:
			*o, err = list[content.Blog](tx, bucket)
			sortBlogs(*o)
		case *[]content.Service:
			*o, err = list[content.Service](tx, bucket)
			sortServices(*o)
		}
		if err != nil {
			return fmt.Errorf("list %ss: %w", k.name, err)
		}
		return nil
	})
}

func getRecord[T any, P record[T]](db *DB, bucket []byte, slug, notFound string) (T, error) {
	var v T
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		v, err = get[T, P](tx, bucket, slug, notFound)
		return err
	})
	return v, err
}

// createPreview stores a new preview item; its slug may not be used by a preview or a
// published item of the same kind.
func createPreview[T any, P record[T]](db *DB, k kind, v T) (T, error) {
	p := P(&v)
	p.Normalize()
	if err := p.Validate(); err != nil {
		return v, err
	}
	p.Stamp(db.now())
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		if taken(tx, k, p.Key()) {
			return content.Errorf(content.EConflict, content.MsgSlugTaken)
		}
		return putJSON(tx, k.preview, []byte(p.Key()), p)
	})
	if err != nil {
		return v, fmt.Errorf("create preview %s: %w", k.name, err)
	}
	return v, nil
}

// update applies fn to the stored item and saves it, moving it when fn changed the slug.
func update[T any, P record[T]](db *DB, k kind, bucket []byte, slug, notFound string, fn func(P) error) (T, error) {
	var v T
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if v, err = get[T, P](tx, bucket, slug, notFound); err != nil {
			return err
		}
		p := P(&v)
		if err := fn(p); err != nil {
			return err
		}
		p.Normalize()
		if err := p.Validate(); err != nil {
			return err
		}
		p.Stamp(db.now())
		if p.Key() != slug {
			if taken(tx, k, p.Key()) {
				return content.Errorf(content.EConflict, content.MsgSlugTaken)
			}
			if err := tx.Bucket(bucket).Delete([]byte(slug)); err != nil {
				return err
			}
		}
		return putJSON(tx, bucket, []byte(p.Key()), p)
	})
	if err != nil {
		return v, fmt.Errorf("update %s %q: %w", k.name, slug, err)
	}
	return v, nil
}

func remove(db *DB, k kind, bucket []byte, slug, notFound string) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		if b.Get([]byte(slug)) == nil {
			return content.Errorf(content.ENotFound, "%s", notFound)
		}
		return b.Delete([]byte(slug))
	})
	if err != nil {
		return fmt.Errorf("delete %s %q: %w", k.name, slug, err)
	}
	return nil
}

// publish moves a preview item into the published bucket in one transaction. fn may override
// fields first; the publish rules then apply. The slug may not belong to another published item.
func publish[T any, P record[T]](db *DB, k kind, slug string, fn func(P) error) (T, error) {
	var v T
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if v, err = get[T, P](tx, k.preview, slug, k.previewNotFound); err != nil {
			return err
		}
		p := P(&v)
		if fn != nil {
			if err := fn(p); err != nil {
				return err
			}
		}
		if err := p.PreparePublish(db.now()); err != nil {
			return err
		}
		if p.Key() != slug && tx.Bucket(k.preview).Get([]byte(p.Key())) != nil {
			return content.Errorf(content.EConflict, content.MsgSlugTaken)
		}
		// Publishing may replace the published twin of this very item, never another one.
		var existing struct {
			ID string `json:"_id"`
		}
		if ok, err := getJSON(tx, k.published, []byte(p.Key()), &existing); err != nil {
			return err
		} else if ok && existing.ID != p.RecordID() {
			return content.Errorf(content.EConflict, content.MsgSlugTaken)
		}
		if err := tx.Bucket(k.preview).Delete([]byte(slug)); err != nil {
			return err
		}
		return putJSON(tx, k.published, []byte(p.Key()), p)
	})
	if err != nil {
		return v, fmt.Errorf("publish %s %q: %w", k.name, slug, err)
	}
	return v, nil
}

// Blogs returns the published blogs, newest first.
func (db *DB) Blogs() ([]content.Blog, error) {
	var out []content.Blog
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = db.blogCache.list(tx, bucketBlogs)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list blogs: %w", err)
	}
	sortBlogs(out)
	return out, nil
}

// Blog returns one published blog.
func (db *DB) Blog(slug string) (content.Blog, error) {
	return getRecord[content.Blog](db, bucketBlogs, slug, content.MsgBlogNotFound)
}

// UpdateBlog edits a published blog.
func (db *DB) UpdateBlog(slug string, fn func(*content.Blog) error) (content.Blog, error) {
	return update[content.Blog](db, blogKind, bucketBlogs, slug, content.MsgBlogNotFound, fn)
}

// DeleteBlog deletes a published blog.
func (db *DB) DeleteBlog(slug string) error {
	return remove(db, blogKind, bucketBlogs, slug, content.MsgBlogNotFound)
}

// PreviewBlogs returns the preview blogs, newest first.
func (db *DB) PreviewBlogs() ([]content.Blog, error) {
	var out []content.Blog
	return out, db.listRecords(blogKind, bucketPreviewBlogs, &out)
}

// PreviewBlog returns one preview blog.
func (db *DB) PreviewBlog(slug string) (content.Blog, error) {
	return getRecord[content.Blog](db, bucketPreviewBlogs, slug, content.MsgPreviewNotFound)
}

// CreatePreviewBlog saves a new preview blog.
func (db *DB) CreatePreviewBlog(b content.Blog) (content.Blog, error) {
	return createPreview(db, blogKind, b)
}

// UpdatePreviewBlog edits a preview blog.
func (db *DB) UpdatePreviewBlog(slug string, fn func(*content.Blog) error) (content.Blog, error) {
	return update[content.Blog](db, blogKind, bucketPreviewBlogs, slug, content.MsgPreviewNotFound, fn)
}

// DeletePreviewBlog deletes a preview blog.
func (db *DB) DeletePreviewBlog(slug string) error {
	return remove(db, blogKind, bucketPreviewBlogs, slug, content.MsgPreviewNotFound)
}

// PublishBlog moves a preview blog into the published blogs.
func (db *DB) PublishBlog(slug string, fn func(*content.Blog) error) (content.Blog, error) {
	return publish[content.Blog](db, blogKind, slug, fn)
}

// Services returns the published services, oldest first (the order the agency added them).
func (db *DB) Services() ([]content.Service, error) {
	var out []content.Service
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = db.serviceCache.list(tx, bucketServices)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list services: %w", err)
	}
	sortServices(out)
	return out, nil
}

// Service returns one published service.
func (db *DB) Service(slug string) (content.Service, error) {
	return getRecord[content.Service](db, bucketServices, slug, content.MsgServiceNotFound)
}

// UpdateService edits a published service.
func (db *DB) UpdateService(slug string, fn func(*content.Service) error) (content.Service, error) {
	return update[content.Service](db, serviceKind, bucketServices, slug, content.MsgServiceNotFound, fn)
}

// DeleteService deletes a published service.
func (db *DB) DeleteService(slug string) error {
	return remove(db, serviceKind, bucketServices, slug, content.MsgServiceNotFound)
}

// PreviewServices returns the preview services.
func (db *DB) PreviewServices() ([]content.Service, error) {
	var out []content.Service
	return out, db.listRecords(serviceKind, bucketPreviewServices, &out)
}

// PreviewService returns one preview service.
func (db *DB) PreviewService(slug string) (content.Service, error) {
	return getRecord[content.Service](db, bucketPreviewServices, slug, content.MsgServiceNotFound)
}

// CreatePreviewService saves a new preview service.
func (db *DB) CreatePreviewService(s content.Service) (content.Service, error) {
	return createPreview(db, serviceKind, s)
}

// UpdatePreviewService edits a preview service.
func (db *DB) UpdatePreviewService(slug string, fn func(*content.Service) error) (content.Service, error) {
	return update[content.Service](db, serviceKind, bucketPreviewServices, slug, content.MsgServiceNotFound, fn)
}

// DeletePreviewService deletes a preview service.
func (db *DB) DeletePreviewService(slug string) error {
	return remove(db, serviceKind, bucketPreviewServices, slug, content.MsgServiceNotFound)
}

// PublishService moves a preview service into the published services.
func (db *DB) PublishService(slug string, fn func(*content.Service) error) (content.Service, error) {
	return publish[content.Service](db, serviceKind, slug, fn)
}

// Import stores published blogs and services in one transaction: all of them or none. Each
// record goes through the publish rules; the caller sanitizes the HTML first.
func (db *DB) Import(blogs []content.Blog, services []content.Service) error {
	now := db.now()
	for i := range blogs {
		if err := blogs[i].PreparePublish(now); err != nil {
			return fmt.Errorf("blog %d (%q): %w", i, blogs[i].Slug, err)
		}
	}
	for i := range services {
		if err := services[i].PreparePublish(now); err != nil {
			return fmt.Errorf("service %d (%q): %w", i, services[i].Slug, err)
		}
	}
	return db.bolt.Update(func(tx *bolt.Tx) error {
		for i := range blogs {
			if err := putJSON(tx, bucketBlogs, []byte(blogs[i].Slug), &blogs[i]); err != nil {
				return fmt.Errorf("import blog %d: %w", i, err)
			}
		}
		for i := range services {
			if err := putJSON(tx, bucketServices, []byte(services[i].Slug), &services[i]); err != nil {
				return fmt.Errorf("import service %d: %w", i, err)
			}
		}
		return nil
	})
}
