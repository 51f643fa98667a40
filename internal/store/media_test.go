package store

import (
	"testing"

	"digitalreeviver/internal/domain"
)

// An image used only by a record in the trash is still in use (the record can be restored);
// once the trash is emptied of it, the image can go.
func TestAnImageInTheTrashIsStillUsed(t *testing.T) {
	db := MustOpen(t)
	const name = "0123456789abcdef0123456789abcdef.png"
	if err := db.PutUpload(Upload{Name: name, Type: "image/png"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreatePreviewBlog(domain.Blog{Title: "Old Post", Category: "SEO", Content: "<p>x</p>", Image: "/uploads/" + name}); err != nil {
		t.Fatal(err)
	}
	it, err := db.DeleteRecord(domain.Blogs, Preview, "old-post")
	if err != nil {
		t.Fatal(err)
	}
	uses, err := db.MediaUses()
	if err != nil || len(uses[name]) != 1 || uses[name][0].Stage != StageTrash || uses[name][0].String() != "Blog “Old Post” (in the trash)" {
		t.Fatalf("uses %+v %v", uses[name], err)
	}
	if _, err := db.DeleteUnusedUpload(name); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("delete of an image a trashed record uses: %v", err)
	}
	if err := db.PurgeTrash(it.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.DeleteUnusedUpload(name); err != nil {
		t.Fatal(err)
	}
}
