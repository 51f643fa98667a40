package store

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func setBody(body string) func(domain.Record) error {
	return func(r domain.Record) error { *r.Fields().Body = body; return nil }
}

// Every save of a draft and every edit of a published record keeps one revision, newest first,
// with who saved it; a save that changes nothing keeps none.
func TestRevisionsKeepEverySave(t *testing.T) {
	for _, k := range domain.Kinds {
		t.Run(k.Plural, func(t *testing.T) {
			db := MustOpen(t)
			asha, ravi := db.As("asha"), db.As("ravi")
			rec := k.New()
			f := rec.Fields()
			*f.Title, *f.Body, *f.Category, *f.Image = "Local SEO", "<p>one</p>", "SEO", "/images/x.svg"
			mustDo(t, asha.CreatePreview(rec))
			_, err := asha.UpdateRecord(k, Preview, "local-seo", setBody("<p>two</p>"))
			mustDo(t, err)
			_, err = asha.UpdateRecord(k, Preview, "local-seo", setBody("<p>two</p>")) // unchanged
			mustDo(t, err)
			_, err = ravi.Publish(k, "local-seo", nil)
			mustDo(t, err)
			_, err = ravi.UpdateRecord(k, Published, "local-seo", setBody("<p>three</p>"))
			mustDo(t, err)

			revs, err := db.Revisions(k, Published, "local-seo")
			mustDo(t, err)
			want := []struct{ user, note, stage string }{
				{"ravi", "Edited", "published"}, {"ravi", "Published", "published"},
				{"asha", "Draft saved", "preview"}, {"asha", "Draft created", "preview"},
			}
			if len(revs) != len(want) {
				t.Fatalf("%d revisions, want %d: %+v", len(revs), len(want), revs)
			}
			for i, w := range want {
				if r := revs[i]; r.Username != w.user || r.Note != w.note || r.Stage != w.stage || r.Title != "Local SEO" || r.Record != nil {
					t.Errorf("revision %d = %+v, want %+v", i, r, w)
				}
			}
			one, err := db.Revision(k, Published, "local-seo", revs[3].ID)
			mustDo(t, err)
			old := k.New()
			mustDo(t, json.Unmarshal(one.Record, old))
			if *old.Fields().Body != "<p>one</p>" {
				t.Fatalf("first revision's record: %s", one.Record)
			}
			if _, err := db.Revision(k, Published, "local-seo", 999); domain.ErrorCode(err) != domain.ENotFound {
				t.Fatalf("unknown revision: %v", err)
			}
		})
	}
}

// The number kept per record is capped: the oldest go first.
func TestRevisionsAreCapped(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "site.db"), Options{Revisions: 3})
	mustDo(t, err)
	defer db.Close()
	_, err = db.CreatePreviewBlog(domain.Blog{Title: "Capped", Category: "SEO", Content: "<p>0</p>"})
	mustDo(t, err)
	for i := 1; i <= 10; i++ {
		_, err := db.UpdateRecord(domain.Blogs, Preview, "capped", setBody("<p>"+string(rune('0'+i))+"</p>"))
		mustDo(t, err)
	}
	revs, err := db.Revisions(domain.Blogs, Preview, "capped")
	mustDo(t, err)
	if len(revs) != 3 || revs[0].ID != 11 || revs[2].ID != 9 {
		t.Fatalf("kept %+v, want the 3 newest (ids 11..9)", revs)
	}
}

// A renamed record keeps its revisions; a record that had none (imported) keeps its state from
// before its first change, and restoring that brings its fields back.
func TestRevisionsFollowRenamesAndRestore(t *testing.T) {
	db := MustOpen(t)
	mustDo(t, db.Import([]domain.Blog{{Title: "Imported", Content: "<p>original</p>", Category: "SEO", MetaDescription: "first"}}, nil))
	_, err := db.As("asha").UpdateRecord(domain.Blogs, Published, "imported", func(r domain.Record) error {
		b := r.(*domain.Blog)
		b.Content, b.Title, b.Slug, b.MetaDescription = "<p>changed</p>", "Renamed", "renamed", "second"
		return nil
	})
	mustDo(t, err)
	revs, err := db.Revisions(domain.Blogs, Published, "renamed")
	mustDo(t, err)
	if len(revs) != 2 || revs[1].Note != noteBefore || revs[1].Title != "Imported" || revs[0].Username != "asha" {
		t.Fatalf("revisions after a rename: %+v", revs)
	}
	rec, err := db.As("ravi").RestoreRevision(domain.Blogs, Published, "renamed", revs[1].ID)
	mustDo(t, err)
	b := rec.Record.(*domain.Blog)
	if b.Content != "<p>original</p>" || b.Title != "Imported" || b.MetaDescription != "first" || b.Slug != "renamed" {
		t.Fatalf("restored: %+v", b)
	}
	if revs, _ := db.Revisions(domain.Blogs, Published, "renamed"); len(revs) != 3 || revs[0].Note != "Restored revision 1" || revs[0].Username != "ravi" {
		t.Fatalf("the restore is not a revision: %+v", revs)
	}
}

// A deleted record waits in the trash: restorable where it was, refused when its slug was taken
// meanwhile, and gone for good (with its revisions) when purged.
func TestTrash(t *testing.T) {
	db := MustOpen(t)
	_, err := db.CreatePreviewBlog(domain.Blog{Title: "Gone", Category: "SEO", Content: "<p>x</p>"})
	mustDo(t, err)
	_, err = db.PublishBlog("gone", nil)
	mustDo(t, err)
	it, err := db.As("asha").DeleteRecord(domain.Blogs, Published, "gone")
	mustDo(t, err)
	if it.Stage != "published" || it.Username != "asha" || it.PurgeAt.Sub(it.DeletedAt) != TrashDays*24*time.Hour {
		t.Fatalf("trash item: %+v", it)
	}
	if _, err := db.Record(domain.Blogs, Published, "gone"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatal("a deleted record is still published")
	}
	if list, _ := db.Trash(); len(list) != 1 || list[0].ID != it.ID || list[0].Record != nil {
		t.Fatalf("trash: %+v", list)
	}
	// The slug is free again; a new draft takes it, so the restore is refused.
	_, err = db.CreatePreviewBlog(domain.Blog{Title: "Gone", Category: "SEO"})
	mustDo(t, err)
	if _, _, err := db.RestoreTrash(it.ID); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("restore over a taken slug: %v", err)
	}
	_, err = db.DeleteRecord(domain.Blogs, Preview, "gone")
	mustDo(t, err)
	_, rec, err := db.RestoreTrash(it.ID)
	mustDo(t, err)
	if got, err := db.Record(domain.Blogs, Published, "gone"); err != nil || *got.Fields().ID != *rec.Fields().ID {
		t.Fatalf("restored record: %v %v", got, err)
	}
	// Delete again; purge what was deleted before now: gone, revisions too.
	id := *rec.Fields().ID
	_, err = db.DeleteRecord(domain.Blogs, Published, "gone")
	mustDo(t, err)
	n, err := db.PurgeTrashBefore(time.Now().Add(time.Minute))
	mustDo(t, err)
	if list, _ := db.Trash(); n != 2 || len(list) != 0 {
		t.Fatalf("purged %d, left %+v", n, list)
	}
	mustDo(t, db.bolt.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketRevisions).Bucket(revisionsKey(domain.Blogs, id)) != nil {
			t.Error("revisions of a purged record remain")
		}
		return nil
	}))
}

// A schedule keeps the draft's edit, is refused for a draft that could not be published, follows
// a rename, is applied in one step (createdAt becomes its time) and is cancelled by the trash.
func TestSchedules(t *testing.T) {
	db := MustOpen(t)
	at := time.Date(2030, 5, 1, 3, 30, 0, 0, time.UTC)
	_, err := db.CreatePreviewBlog(domain.Blog{Title: "Later", Category: "SEO"})
	mustDo(t, err)
	if _, _, err := db.SchedulePublish(domain.Blogs, "later", at, nil); domain.ErrorMessage(err) != domain.MsgPublishIncomplete {
		t.Fatalf("schedule of an empty draft: %v", err)
	}
	sc, rec, err := db.As("asha").SchedulePublish(domain.Blogs, "later", at, setBody("<p>soon</p>"))
	mustDo(t, err)
	if sc.Status != ScheduleWaiting || !sc.At.Equal(at) || sc.Username != "asha" || *rec.Fields().Body != "<p>soon</p>" {
		t.Fatalf("schedule %+v, record %+v", sc, rec)
	}
	again, _, err := db.SchedulePublish(domain.Blogs, "later", at.Add(time.Hour), nil)
	mustDo(t, err)
	if again.ID != sc.ID {
		t.Fatal("scheduling the same draft again made a second schedule")
	}
	_, err = db.UpdateRecord(domain.Blogs, Preview, "later", func(r domain.Record) error { *r.Fields().Slug = "much-later"; return nil })
	mustDo(t, err)
	if list, _ := db.Schedules(); len(list) != 1 || list[0].Slug != "much-later" || list[0].Title != "Later" {
		t.Fatalf("schedules after a rename: %+v", list)
	}
	if _, err := db.ScheduleUnpublish(domain.Blogs, "much-later", at); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("unpublish before the publish: %v", err)
	}
	un, err := db.ScheduleUnpublish(domain.Blogs, "much-later", at.Add(48*time.Hour))
	mustDo(t, err)
	applied, pub, err := db.ApplySchedule(sc.ID)
	mustDo(t, err)
	if !applied.Applied || !pub.Fields().CreatedAt.Equal(at.Add(time.Hour)) {
		t.Fatalf("applied %+v, record %+v", applied, pub)
	}
	if _, err := db.Record(domain.Blogs, Published, "much-later"); err != nil {
		t.Fatal(err)
	}
	mustDo(t, db.FinishSchedule(sc.ID))
	_, err = db.DeleteRecord(domain.Blogs, Published, "much-later")
	mustDo(t, err)
	if _, err := db.Schedule(un.ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatal("the trash left the record's unpublish scheduled")
	}
}
