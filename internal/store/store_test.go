package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// MustOpen opens a real bbolt file in a temp dir and closes it when the test ends.
func MustOpen(tb testing.TB) *DB {
	tb.Helper()
	db, err := Open(filepath.Join(tb.TempDir(), "site.db"), Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestPreviewPublishLifecycle(t *testing.T) {
	db := MustOpen(t)
	b, err := db.CreatePreviewBlog(domain.Blog{Title: "Local SEO Checklist", Category: "SEO", Content: "<p>Steps</p>"})
	if err != nil {
		t.Fatal(err)
	}
	if b.Slug != "local-seo-checklist" || b.ID == "" || b.CreatedAt.IsZero() {
		t.Fatalf("preview not stamped: %+v", b)
	}
	if _, err := db.CreatePreviewBlog(domain.Blog{Title: "Local SEO Checklist", Category: "SEO"}); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("duplicate slug: got %v, want conflict", err)
	}
	if _, err := db.UpdateRecord(domain.Blogs, Preview, b.Slug, func(r domain.Record) error { *r.Fields().Body = "<p>Updated</p>"; return nil }); err != nil {
		t.Fatal(err)
	}
	pub, err := db.PublishBlog(b.Slug, func(x *domain.Blog) error { x.Category = ""; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if pub.Category != domain.DefaultCategory || pub.MetaTitle != pub.Title || pub.Content != "<p>Updated</p>" || pub.ID != b.ID {
		t.Fatalf("publish rules not applied: %+v", pub)
	}
	if _, err := db.Record(domain.Blogs, Preview, b.Slug); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("preview still there after publish: %v", err)
	}
	got, err := db.Record(domain.Blogs, Published, b.Slug)
	if err != nil || got.(*domain.Blog).Content != "<p>Updated</p>" {
		t.Fatalf("published blog: %+v %v", got, err)
	}
	// A preview cannot take a published slug.
	if _, err := db.CreatePreviewBlog(domain.Blog{Title: "Local SEO Checklist", Category: "SEO"}); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("preview over published slug: got %v", err)
	}
	if err := db.DeleteBlog(b.Slug); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteBlog(b.Slug); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("second delete: %v", err)
	}
}

func TestPublishFailureChangesNothing(t *testing.T) {
	db := MustOpen(t)
	if _, err := db.CreatePreviewBlog(domain.Blog{Title: "Draft", Category: "SEO"}); err != nil {
		t.Fatal(err)
	}
	_, err := db.PublishBlog("draft", nil)
	if domain.ErrorMessage(err) != domain.MsgPublishIncomplete {
		t.Fatalf("got %v", err)
	}
	if _, err := db.Record(domain.Blogs, Preview, "draft"); err != nil {
		t.Fatal("the preview was lost by a failed publish")
	}
	if blogs, _ := db.Blogs(); len(blogs) != 0 {
		t.Fatal("a failed publish wrote a published blog")
	}
}

func TestUpdateMovesSlug(t *testing.T) {
	db := MustOpen(t)
	db.CreatePreview(&domain.Service{Title: "Video Ads", Category: "PPC", Description: "<p>x</p>"})
	db.CreatePreview(&domain.Service{Title: "Email Marketing", Category: "Email", Description: "<p>x</p>"})
	rename := func(to string) func(domain.Record) error {
		return func(r domain.Record) error { *r.Fields().Slug = to; return nil }
	}
	if _, err := db.UpdateRecord(domain.Services, Preview, "video-ads", rename("email-marketing")); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("rename onto a taken slug: %v", err)
	}
	s, err := db.UpdateRecord(domain.Services, Preview, "video-ads", rename("youtube-ads"))
	if err != nil || *s.Fields().Slug != "youtube-ads" {
		t.Fatal(err)
	}
	if _, err := db.Record(domain.Services, Preview, "video-ads"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatal("old key left behind")
	}
}

func TestMessagesNewestFirstAndConcurrent(t *testing.T) {
	db := MustOpen(t)
	var wg sync.WaitGroup
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := db.AddMessage(domain.Message{Name: "N", Email: "a@b.co", Phone: "9811045672", CreatedAt: time.Unix(int64(1000+i), 0)}); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	db.AddMessage(domain.Message{Name: "Last", Email: "a@b.co", Phone: "9811045672"})
	msgs, err := db.Messages()
	if err != nil || len(msgs) != 41 || msgs[0].Name != "Last" {
		t.Fatalf("got %d messages (%v), first %+v", len(msgs), err, msgs[0])
	}
	if n, _ := db.CountMessages(); n != 41 {
		t.Fatalf("count %d", n)
	}
}

func TestResetTokenSingleUseAndExpiry(t *testing.T) {
	db := MustOpen(t)
	now := time.Now()
	db.PutResetToken([]byte("h1"), "admin", now.Add(30*time.Minute))
	db.PutResetToken([]byte("h2"), "admin", now.Add(-time.Minute))
	if tok, err := db.ConsumeResetToken([]byte("h1"), now); err != nil || tok.Username != "admin" {
		t.Fatalf("first use: %v", err)
	}
	if _, err := db.ConsumeResetToken([]byte("h1"), now); domain.ErrorMessage(err) != "Invalid or expired token." {
		t.Fatalf("reuse: %v", err)
	}
	if _, err := db.ConsumeResetToken([]byte("h2"), now); domain.ErrorMessage(err) != "Invalid or expired token." {
		t.Fatalf("expired: %v", err)
	}
}

func TestImportAllOrNothing(t *testing.T) {
	db := MustOpen(t)
	created := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	// Both with valid slugs, so that only the publish rules (the bad one has no title) can refuse
	// the file, not bbolt's refusal of an empty key.
	good := domain.Blog{ID: "abc123abc123abc123abc123", Title: "Kept", Slug: "kept", Content: "<p>x</p>", CreatedAt: created}
	bad := domain.Blog{Title: "", Slug: "no-title", Content: "<p>x</p>"}
	if err := db.Import([]domain.Blog{good, bad}, nil); err == nil {
		t.Fatal("bad record accepted")
	}
	if blogs, _ := db.Blogs(); len(blogs) != 0 {
		t.Fatal("half a file imported")
	}
	if err := db.Import([]domain.Blog{good}, []domain.Service{{Title: "SEO", Description: "<p>x</p>"}}); err != nil {
		t.Fatal(err)
	}
	b, _ := db.Blogs()
	if len(b) != 1 {
		t.Fatalf("imported %d blogs, want 1", len(b))
	}
	if b := b[0]; b.ID != good.ID || !b.CreatedAt.Equal(created) || b.Category != domain.DefaultCategory {
		t.Fatalf("import lost fields: %+v", b)
	}
}

func TestSecondWriterFailsFastAndBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	if _, err := Open(path, Options{ReadOnly: true, Timeout: 200 * time.Millisecond}); !errors.Is(err, ErrLocked) {
		t.Fatalf("got %v, want ErrLocked", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatal("locked open hung")
	}
	db.AddMessage(domain.Message{Name: "A", Email: "a@b.co", Phone: "9811045672"})
	backup := filepath.Join(t.TempDir(), "backup.db")
	if err := db.Backup(backup); err != nil {
		t.Fatal(err)
	}
	copyDB, err := Open(backup, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer copyDB.Close()
	if err := copyDB.Check(); err != nil {
		t.Fatal(err)
	}
	if n, _ := copyDB.CountMessages(); n != 1 {
		t.Fatalf("backup holds %d messages", n)
	}
}

func TestPublishNeverReplacesAnotherItem(t *testing.T) {
	db := MustOpen(t)
	if err := db.Import([]domain.Blog{{Title: "Taken", Content: "<p>first</p>"}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreatePreviewBlog(domain.Blog{Title: "Other", Category: "X", Content: "<p>second</p>"}); err != nil {
		t.Fatal(err)
	}
	_, err := db.PublishBlog("other", func(b *domain.Blog) error { b.Slug = "taken"; return nil })
	if domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("publish onto another item's slug: %v", err)
	}
	if b, _ := db.Record(domain.Blogs, Published, "taken"); b.(*domain.Blog).Content != "<p>first</p>" {
		t.Fatal("the published item was replaced")
	}
}

func TestPublishedListsStayFreshThroughTheCache(t *testing.T) {
	db := MustOpen(t)
	db.Import([]domain.Blog{{Title: "One", Content: "<p>1</p>"}}, []domain.Service{{Title: "Svc", Description: "<p>s</p>"}})
	first, _ := db.Blogs()
	first[0].Title = "changed by a caller"
	if again, _ := db.Blogs(); again[0].Title != "One" {
		t.Fatal("a caller's change reached the cache")
	}
	recs, _ := db.Records(domain.Blogs, Published)
	*recs[0].Fields().Title = "changed through a record"
	if again, _ := db.Records(domain.Blogs, Published); *again[0].Fields().Title != "One" {
		t.Fatal("a caller's change of a record reached the cache")
	}
	steps := []struct {
		name string
		do   func() error
		want int
	}{
		{"publish", func() error {
			db.CreatePreviewBlog(domain.Blog{Title: "Two", Category: "X", Content: "<p>2</p>"})
			_, err := db.PublishBlog("two", nil)
			return err
		}, 2},
		{"edit", func() error {
			_, err := db.UpdateBlog("two", func(b *domain.Blog) error { b.Title = "Two edited"; return nil })
			return err
		}, 2},
		{"delete", func() error { return db.DeleteBlog("one") }, 1},
		{"import", func() error { return db.Import([]domain.Blog{{Title: "Three", Content: "<p>3</p>"}}, nil) }, 2},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		blogs, _ := db.Blogs()
		if len(blogs) != s.want {
			t.Fatalf("after %s: %d blogs, want %d", s.name, len(blogs), s.want)
		}
		if s.name == "edit" && blogs[0].Title != "Two edited" && blogs[1].Title != "Two edited" {
			t.Fatal("edit not seen")
		}
	}
	if _, err := db.UpdateRecord(domain.Services, Published, "svc", func(r domain.Record) error { *r.Fields().Title = "Renamed"; return nil }); err != nil {
		t.Fatal(err)
	}
	if svcs, _ := db.Services(); svcs[0].Title != "Renamed" {
		t.Fatal("service edit not seen")
	}
}

// One set of methods serves every kind, each in buckets and with messages of its own.
func TestEveryKindHasTheSameLifecycle(t *testing.T) {
	db := MustOpen(t)
	for _, k := range domain.Kinds {
		t.Run(k.Name, func(t *testing.T) {
			draft := k.New()
			f := draft.Fields()
			*f.Title, *f.Category, *f.Body = "Same Slug", "SEO", "<p>x</p>"
			if err := db.CreatePreview(draft); err != nil || *f.Slug != "same-slug" || *f.ID == "" {
				t.Fatalf("create: %v %+v", err, draft)
			}
			if err := db.CreatePreview(k.Copy(draft)); domain.ErrorCode(err) != domain.EConflict {
				t.Fatalf("second preview on the slug: %v", err)
			}
			if _, err := db.Record(k, Published, "same-slug"); domain.ErrorMessage(err) != k.Messages.NotFound {
				t.Fatalf("published before publishing: %v", err)
			}
			pub, err := db.Publish(k, "same-slug", func(r domain.Record) error { *r.Fields().Slug = "published-slug"; return nil })
			if err != nil || *pub.Fields().ID != *f.ID {
				t.Fatalf("publish: %v", err)
			}
			if _, err := db.Record(k, Preview, "same-slug"); domain.ErrorMessage(err) != k.Messages.PreviewNotFound {
				t.Fatalf("preview left after publishing: %v", err)
			}
			if list, err := db.Records(k, Published); err != nil || len(list) != 1 || list[0].Kind() != k {
				t.Fatalf("published list: %v %v", list, err)
			}
			if _, err := db.UpdateRecord(k, Published, "published-slug", func(r domain.Record) error { *r.Fields().Image = "/images/x.svg"; return nil }); err != nil {
				t.Fatal(err)
			}
			if _, err := db.DeleteRecord(k, Published, "published-slug"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.DeleteRecord(k, Published, "published-slug"); domain.ErrorMessage(err) != k.Messages.NotFound {
				t.Fatalf("second delete: %v", err)
			}
		})
	}
	// Both kinds took the same slugs without a conflict: each has buckets of its own.
	if n, err := db.CountPublished(); err != nil || n != 0 {
		t.Fatalf("published left: %d %v", n, err)
	}
}

// Pages of enquiries: newest first, each once, stable while new ones arrive.
func TestMessagesPage(t *testing.T) {
	db := MustOpen(t)
	for i := 0; i < 7; i++ {
		if _, err := db.AddMessage(domain.Message{Name: fmt.Sprint("m", i)}); err != nil {
			t.Fatal(err)
		}
	}
	var names []string
	var cursor uint64
	for page := 0; ; page++ {
		list, next, err := db.MessagesPage(cursor, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range list {
			names = append(names, m.Name)
		}
		if page == 0 {
			db.AddMessage(domain.Message{Name: "late"}) // arrives while the admin pages
		}
		if next == 0 {
			break
		}
		cursor = next
	}
	if got := strings.Join(names, ","); got != "m6,m5,m4,m3,m2,m1,m0" {
		t.Fatalf("pages: %s", got)
	}
	if list, next, _ := db.MessagesPage(0, 100); len(list) != 8 || list[0].Name != "late" || next != 0 {
		t.Fatalf("one page of all: %d, next %d", len(list), next)
	}
	if list, _, _ := db.MessagesPage(1, 10); len(list) != 0 {
		t.Fatalf("before the first: %v", list)
	}
}

// Finished mail jobs beyond the newest mailKeep are pruned; unfinished ones never are.
func TestMailJobsArePruned(t *testing.T) {
	db := MustOpen(t)
	defer func(k int) { mailKeep = k }(mailKeep)
	mailKeep = 20
	waiting, _ := db.EnqueueMail(MailJob{Kind: "enquiry", To: "team@example.com"})
	for i := 0; i < 99; i++ {
		j, err := db.EnqueueMail(MailJob{Kind: "enquiry", To: "team@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SettleMail(j.ID, "", time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	jobs, _, _ := db.MailJobs(0, 500)
	if len(jobs) > mailKeep+50 || jobs[len(jobs)-1].ID != waiting.ID {
		t.Fatalf("%d jobs kept (oldest %d); the unfinished job %d must stay", len(jobs), jobs[len(jobs)-1].ID, waiting.ID)
	}
	if j, due, _, _ := db.DueMail("enquiry", time.Now()); !due || j.ID != waiting.ID {
		t.Fatalf("the waiting job is not due: %+v", j)
	}
}

// A file that is no database (a README given as --db) is named as such, with the path to check,
// and is left as it was.
func TestAFileThatIsNoDatabaseIsSaidPlainly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "README.md")
	text := []byte("# A readme, not a database\n" + strings.Repeat("Some text of the readme.\n", 400))
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, opts := range []Options{{ReadOnly: true}, {}} {
		_, err := Open(path, opts)
		if err == nil || !strings.Contains(err.Error(), "it is not a database of this site") || !strings.Contains(err.Error(), "--db") {
			t.Fatalf("read only %v: %v", opts.ReadOnly, err)
		}
	}
	if got, _ := os.ReadFile(path); string(got) != string(text) {
		t.Fatal("the file was changed")
	}
}
