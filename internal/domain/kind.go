package domain

import (
	"slices"
	"strings"
	"time"
)

// Kind describes one kind of content that admins write, preview and publish: its names, its
// rich-text field, where its pages live, where its rules differ and the messages that name it.
// The rules below, the store, the API's routes and its form decoding are written once and read
// a kind's differences from here; they never ask which kind they serve.
type Kind struct {
	Name   string // "blog": names a record in answers ({"blog": …}), logs and build reasons
	Plural string // "blogs": its API paths (/api/blogs, /api/preview-blogs) and its store's buckets
	Label  string // "Blog": names it in messages ("Blog published! …")
	Body   string // "content": the JSON name of its rich-text field
	// PagePath is where a published record's page lives, before its slug. A kind whose pages
	// live at the site's root ("/") may not take a slug that a page of the site or the API uses.
	PagePath    string
	NewestFirst bool // lists show the newest first; else the oldest (the order the agency added them)
	ImageOnAdd  bool // a new preview needs an image (the add-service screen's rule)
	ImageIsBody bool // a body of images and no text may be published (a photo post)
	Messages    KindMessages

	new  func() Record
	copy func(Record) Record
}

// KindMessages are the answers that name a kind; where SPEC §8 words one, these are its words.
type KindMessages struct {
	NotFound          string // no published record with that slug
	PreviewNotFound   string // no preview with that slug
	Saved             string // a preview was created
	Updated           string
	Deleted           string
	PublishIncomplete string // the publish rule refused the record
	UpdateFailed      string // a write named a version that is no longer the stored one
}

// Blogs describes blog posts: pages under /blog/, newest first, the spec's blog messages.
var Blogs = describe[Blog](Kind{
	Name: "blog", Plural: "blogs", Label: "Blog", Body: "content", PagePath: "/blog/",
	NewestFirst: true, ImageIsBody: true,
	Messages: KindMessages{
		NotFound:          MsgBlogNotFound,
		PreviewNotFound:   MsgPreviewNotFound,
		Saved:             "Blog saved! Check it in the preview section.",
		Updated:           "Blog updated successfully!",
		Deleted:           "Blog deleted successfully.",
		PublishIncomplete: MsgPublishIncomplete,
		UpdateFailed:      "Failed to update blog.",
	},
})

// Services describes service pages: pages at the site's root, oldest first, an image required
// when one is added.
var Services = describe[Service](Kind{
	Name: "service", Plural: "services", Label: "Service", Body: "description", PagePath: "/",
	ImageOnAdd: true,
	Messages: KindMessages{
		NotFound:          MsgServiceNotFound,
		PreviewNotFound:   MsgServiceNotFound,
		Saved:             "Service saved! Check it in the preview section.",
		Updated:           "Service updated successfully!",
		Deleted:           "Service deleted successfully.",
		PublishIncomplete: "Please enter both title and description before publishing.",
		UpdateFailed:      "Failed to update service.",
	},
})

// Kinds lists every kind, in the order lists, files and messages name them.
var Kinds = []*Kind{Blogs, Services}

// KindOf answers the kind whose Plural is plural, nil when there is none.
func KindOf(plural string) *Kind {
	for _, k := range Kinds {
		if k.Plural == plural {
			return k
		}
	}
	return nil
}

// describe completes a Kind with the constructors of its record type T.
func describe[T any, P interface {
	*T
	Record
}](k Kind) *Kind {
	k.new = func() Record { return P(new(T)) }
	k.copy = func(r Record) Record { v := *r.(P); return P(&v) }
	return &k
}

// Record is one record of a Kind: a *Blog or a *Service.
type Record interface {
	Kind() *Kind
	Fields() Fields
}

// Fields are what records of every kind have, as pointers into one record, so the rules, the
// store and the API's form decoding are written once for all kinds. Body is the rich-text field
// (a blog's content, a service's description).
type Fields struct {
	ID, Title, Slug, Body, Category, Image, MetaTitle, MetaDescription, FocusKeyword *string
	CreatedAt, UpdatedAt                                                             *time.Time
	Review                                                                           **Review
	HandedBack                                                                       **HandBack
}

// New returns an empty record of k.
func (k *Kind) New() Record { return k.new() }

// Copy returns a record of k equal to r that shares nothing writable with it.
func (k *Kind) Copy(r Record) Record { return k.copy(r) }

// PageURL is the public address of the page of the record with slug, under base.
func (k *Kind) PageURL(base, slug string) string {
	return strings.TrimRight(base, "/") + k.PagePath + slug + "/"
}

// Sort puts records of k in its list order: by creation time, then by slug.
func (k *Kind) Sort(recs []Record) {
	type key struct {
		rec  Record
		at   time.Time
		slug string
	}
	keys := make([]key, len(recs)) // a build sorts thousands: read each record's fields once
	for i, r := range recs {
		f := r.Fields()
		keys[i] = key{r, *f.CreatedAt, *f.Slug}
	}
	// Generic, not sort.SliceStable: swapping through reflection was a tenth of listing the
	// published blogs of a large site, which every publish does.
	slices.SortStableFunc(keys, func(a, b key) int { return k.compare(a.at, b.at, a.slug, b.slug) })
	for i := range keys {
		recs[i] = keys[i].rec
	}
}

// Compare orders two records of k as Sort does: negative when a comes first.
func (k *Kind) Compare(a, b Record) int {
	fa, fb := a.Fields(), b.Fields()
	return k.compare(*fa.CreatedAt, *fb.CreatedAt, *fa.Slug, *fb.Slug)
}

func (k *Kind) compare(atA, atB time.Time, slugA, slugB string) int {
	if c := atA.Compare(atB); c != 0 {
		if k.NewestFirst {
			return -c
		}
		return c
	}
	return strings.Compare(slugA, slugB)
}

// Kind returns Blogs.
func (b *Blog) Kind() *Kind { return Blogs }

// Kind returns Services.
func (s *Service) Kind() *Kind { return Services }

// Fields returns the blog's fields; its content is the body.
func (b *Blog) Fields() Fields {
	return Fields{ID: &b.ID, Title: &b.Title, Slug: &b.Slug, Body: &b.Content, Category: &b.Category, Image: &b.Image,
		MetaTitle: &b.MetaTitle, MetaDescription: &b.MetaDescription, FocusKeyword: &b.FocusKeyword,
		CreatedAt: &b.CreatedAt, UpdatedAt: &b.UpdatedAt, Review: &b.Review, HandedBack: &b.HandedBack}
}

// Fields returns the service's fields; its description is the body.
func (s *Service) Fields() Fields {
	return Fields{ID: &s.ID, Title: &s.Title, Slug: &s.Slug, Body: &s.Description, Category: &s.Category, Image: &s.Image,
		MetaTitle: &s.MetaTitle, MetaDescription: &s.MetaDescription, FocusKeyword: &s.FocusKeyword,
		CreatedAt: &s.CreatedAt, UpdatedAt: &s.UpdatedAt, Review: &s.Review, HandedBack: &s.HandedBack}
}

// Normalize is domain.Normalize for a blog.
func (b *Blog) Normalize() { Normalize(b) }

// Normalize is domain.Normalize for a service.
func (s *Service) Normalize() { Normalize(s) }
