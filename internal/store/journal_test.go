package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

func slugsOf(t *testing.T, db *DB) string {
	t.Helper()
	blogs, err := db.Blogs()
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, b := range blogs {
		s = append(s, b.Slug+"="+b.Content)
	}
	return strings.Join(s, " ")
}

// After the first list, a database kept open lists the published posts by reading the records
// the journal names, not the whole bucket, through a publish, an edit, a rename, an unpublish
// and a deletion, and lists what is stored (verifyCache checks each list against the bucket
// too); unrelated writes (an enquiry) move bbolt's transaction id and cost no scan either.
func TestCacheFollowsTheJournal(t *testing.T) {
	db := MustOpen(t)
	var blogs []domain.Blog
	for i := range 30 {
		blogs = append(blogs, domain.Blog{Title: fmt.Sprintf("Post %02d", i), Content: "<p>x</p>"})
	}
	if err := db.Import(blogs, nil); err != nil {
		t.Fatal(err)
	}
	slugsOf(t, db)
	c := db.cache(bucketOf(domain.Blogs, Published))
	scans := c.scans
	steps := []struct {
		name string
		do   func() error
		want string // in the list after it
	}{
		{"publish", func() error {
			if _, err := db.CreatePreviewBlog(domain.Blog{Title: "Fresh", Category: "News", Content: "<p>new</p>"}); err != nil {
				return err
			}
			_, err := db.PublishBlog("fresh", nil)
			return err
		}, "fresh=<p>new</p>"},
		{"edit", func() error {
			_, err := db.UpdateBlog("post-03", func(b *domain.Blog) error { b.Content = "<p>edited</p>"; return nil })
			return err
		}, "post-03=<p>edited</p>"},
		{"rename", func() error {
			_, err := db.UpdateBlog("post-04", func(b *domain.Blog) error { b.Slug = "renamed"; return nil })
			return err
		}, "renamed=<p>x</p>"},
		{"enquiry", func() error {
			_, err := db.AddMessage(domain.Message{Name: "A", Email: "a@example.com", Message: "hi"})
			return err
		}, "post-05=<p>x</p>"},
		{"delete", func() error { return db.DeleteBlog("post-06") }, "post-07=<p>x</p>"},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got := slugsOf(t, db)
		if !strings.Contains(got, s.want) {
			t.Fatalf("after the %s the list lacks %s: %s", s.name, s.want, got)
		}
		if c.scans != scans {
			t.Fatalf("after the %s the list read the whole bucket (%d scans, %d before)", s.name, c.scans, scans)
		}
	}
	got := slugsOf(t, db)
	for _, gone := range []string{"post-04=", "post-06="} {
		if strings.Contains(got, gone) {
			t.Fatalf("%s is still listed: %s", gone, got)
		}
	}
	if n := strings.Count(got, "="); n != 30 {
		t.Fatalf("%d posts listed, want 30 (30 + a new one - a deletion)", n)
	}
}

// A write rolled back leaves the journal and the list as they were; a cache further behind
// than the journal keeps (an import of thousands at once) reads the whole bucket again.
func TestJournalRollbackAndTrim(t *testing.T) {
	db := MustOpen(t)
	if err := db.Import([]domain.Blog{{Title: "One", Content: "<p>1</p>"}}, nil); err != nil {
		t.Fatal(err)
	}
	before := slugsOf(t, db)
	c := db.cache(bucketOf(domain.Blogs, Published))
	scans := c.scans
	stop := errors.New("stop")
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		rec := &domain.Blog{ID: "x1", Title: "Two", Slug: "two", Content: "<p>2</p>"}
		if err := put(tx, Published, rec); err != nil {
			return err
		}
		if _, err := db.list(tx, domain.Blogs, Published); err != nil { // a writable list sees it
			return err
		}
		return stop
	})
	if !errors.Is(err, stop) {
		t.Fatal(err)
	}
	if got := slugsOf(t, db); got != before {
		t.Fatalf("after a rolled-back write: %s, want %s", got, before)
	}
	var blogs []domain.Blog
	for i := range journalKeep + 300 {
		blogs = append(blogs, domain.Blog{Title: fmt.Sprintf("Bulk %d", i), Content: "<p>b</p>"})
	}
	if err := db.Import(blogs, nil); err != nil {
		t.Fatal(err)
	}
	scans = c.scans
	if n := strings.Count(slugsOf(t, db), "="); n != journalKeep+301 {
		t.Fatalf("%d posts listed after the bulk import, want %d", n, journalKeep+301)
	}
	if c.scans != scans+1 {
		t.Fatalf("a cache behind the journal's kept entries did not read the bucket again (%d scans, %d before)", c.scans, scans)
	}
	err = db.bolt.View(func(tx *bolt.Tx) error {
		if n := tx.Bucket(bucketRecordChanges).Stats().KeyN; n > journalKeep+256 {
			return fmt.Errorf("the journal holds %d entries, more than %d", n, journalKeep+256)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A write of a record that bypasses put and del (and so the journal) is caught by the check
// every list of a test binary makes, rather than served stale.
func TestVerifyCatchesAWriteOutsideTheJournal(t *testing.T) {
	db := MustOpen(t)
	if err := db.Import([]domain.Blog{{Title: "One", Content: "<p>1</p>"}, {Title: "Two", Content: "<p>2</p>"}}, nil); err != nil {
		t.Fatal(err)
	}
	slugsOf(t, db)
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketOf(domain.Blogs, Published))
		var one domain.Blog
		if err := json.Unmarshal(b.Get([]byte("one")), &one); err != nil {
			return err
		}
		one.Content = "<p>sneaked</p>"
		v, err := json.Marshal(one)
		if err != nil {
			return err
		}
		if err := b.Put([]byte("one"), v); err != nil {
			return err
		}
		// A journaled change beside it, so the next list takes the journal's path.
		return noteChange(tx, bucketOf(domain.Blogs, Published), []byte("two"))
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Blogs(); err == nil || !strings.Contains(err.Error(), "missed a change of one") {
		t.Fatalf("a write outside the journal went unnoticed: %v", err)
	}
}
