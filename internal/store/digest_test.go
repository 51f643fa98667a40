package store

import (
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// The digest follows the published records, and only them.
func TestRecordsDigest(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "site.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	digest := func() string {
		d, err := db.RecordsDigest()
		if err != nil || d == "" {
			t.Fatal(err)
		}
		return d
	}
	empty := digest()
	if err := db.Import([]domain.Blog{{Title: "One", Content: "<p>x</p>"}}, nil); err != nil {
		t.Fatal(err)
	}
	one := digest()
	if one == empty || digest() != one {
		t.Fatal("digest does not follow an import, or is not stable")
	}
	if _, err := db.CreatePreviewBlog(domain.Blog{Title: "Draft", Category: "SEO", Content: "<p>y</p>"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddMessage(domain.Message{Name: "A", Email: "a@example.com", Message: "hi"}); err != nil {
		t.Fatal(err)
	}
	if digest() != one {
		t.Fatal("a preview or an enquiry changed the digest of the published records")
	}
	if _, err := db.UpdateBlog("one", func(b *domain.Blog) error { b.Content = "<p>z</p>"; return nil }); err != nil {
		t.Fatal(err)
	}
	if digest() == one {
		t.Fatal("editing a published post left the digest as it was")
	}
}

// A database read once (sitegen build) and one kept open (adminapi serve) sum the same records
// alike, so a build of either finds the other's generation up to date.
func TestRecordsDigestReadOnceAndKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Import([]domain.Blog{{Title: "One", Content: "<p>x</p>"}, {Title: "Two", Content: "<p>y</p>"}},
		[]domain.Service{{Title: "SEO", Description: "<p>s</p>"}}); err != nil {
		t.Fatal(err)
	}
	kept, err := db.RecordsDigest()
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := Open(path, Options{ReadOnly: true, ReadOnce: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if once, err := ro.RecordsDigest(); err != nil || once != kept {
		t.Fatalf("read once %q, kept open %q (%v)", once, kept, err)
	}
}

// The record cache answers a second list of the same committed state without reading the
// bucket; a list inside a write that then changes the bucket is no such state.
func TestRecordListFollowsEveryCommit(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "site.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Import([]domain.Blog{{Title: "One", Content: "<p>x</p>"}}, nil); err != nil {
		t.Fatal(err)
	}
	titles := func() []string {
		t.Helper()
		blogs, err := db.Blogs()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, b := range blogs {
			out = append(out, b.Title)
		}
		return out
	}
	before, _ := db.RecordsDigest()
	if got := titles(); len(got) != 1 {
		t.Fatalf("after the digest's pass: %v", got)
	}
	// A write transaction lists the bucket, then adds to it.
	k := domain.Blogs
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		if _, err := db.list(tx, k, Published); err != nil {
			return err
		}
		b := &domain.Blog{Title: "Two", Content: "<p>y</p>"}
		domain.Normalize(b)
		domain.Stamp(b, db.now())
		return put(tx, Published, b)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := titles(); len(got) != 2 {
		t.Fatalf("a post added after a list in its write transaction is missing: %v", got)
	}
	if after, _ := db.RecordsDigest(); after == before {
		t.Fatal("the digest did not follow the write")
	}
	if _, err := db.UpdateBlog("one", func(b *domain.Blog) error { b.Title = "One, renamed"; return nil }); err != nil {
		t.Fatal(err)
	}
	if got := titles(); !slices.Contains(got, "One, renamed") {
		t.Fatalf("an edit committed after the last list is missing: %v", got)
	}
}
