package store

import (
	"path/filepath"
	"testing"

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
