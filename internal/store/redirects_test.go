package store

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"digitalreeviver/internal/domain"
)

func redirectMap(t *testing.T, db *DB) map[string]string {
	t.Helper()
	rs, err := db.Redirects()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, r := range rs {
		m[r.From] = r.To
	}
	return m
}

func wantRedirects(t *testing.T, db *DB, want map[string]string) {
	t.Helper()
	got := redirectMap(t, db)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("redirects %v, want %v", got, want)
	}
}

func publishNew(t *testing.T, db *DB, k *domain.Kind, title string) domain.Record {
	t.Helper()
	rec := k.New()
	f := rec.Fields()
	*f.Title, *f.Body, *f.Category, *f.Image = title, "<p>Text of "+title+"</p>", "Tips", "/images/x.svg"
	if err := db.CreatePreview(rec); err != nil {
		t.Fatal(err)
	}
	pub, err := db.Publish(k, *f.Slug, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pub
}

func rename(t *testing.T, db *DB, k *domain.Kind, from, to string) error {
	t.Helper()
	_, err := db.UpdateRecord(k, Published, from, func(r domain.Record) error { *r.Fields().Slug = to; return nil })
	return err
}

func TestSlugChangesLeaveRedirectsThatCollapse(t *testing.T) {
	for _, k := range domain.Kinds {
		t.Run(k.Plural, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "site.db")
			db, err := Open(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := k.PagePathOf
			publishNew(t, db, k, "Alpha")
			if err := rename(t, db, k, "alpha", "beta"); err != nil {
				t.Fatal(err)
			}
			wantRedirects(t, db, map[string]string{p("alpha"): p("beta")})
			// A→B then B→C: both lead straight to C.
			if err := rename(t, db, k, "beta", "gamma"); err != nil {
				t.Fatal(err)
			}
			wantRedirects(t, db, map[string]string{p("alpha"): p("gamma"), p("beta"): p("gamma")})
			rs, _ := db.Redirects()
			if rs[0].Kind != k.Name || rs[0].RecordID == "" || rs[0].CreatedAt.IsZero() {
				t.Fatalf("redirect does not name its record: %+v", rs[0])
			}
			// Back to an old slug: that address is live again, the others lead to it.
			if err := rename(t, db, k, "gamma", "alpha"); err != nil {
				t.Fatal(err)
			}
			wantRedirects(t, db, map[string]string{p("beta"): p("alpha"), p("gamma"): p("alpha")})
			// Durable: a reopened file holds them.
			db.Close()
			if db, err = Open(path, Options{}); err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			wantRedirects(t, db, map[string]string{p("beta"): p("alpha"), p("gamma"): p("alpha")})
			// A new record published at a redirected address takes it over; a draft does not.
			draft := k.New()
			*draft.Fields().Title, *draft.Fields().Body, *draft.Fields().Category, *draft.Fields().Image = "Beta", "<p>new</p>", "Tips", "/images/x.svg"
			if err := db.CreatePreview(draft); err != nil {
				t.Fatal(err)
			}
			wantRedirects(t, db, map[string]string{p("beta"): p("alpha"), p("gamma"): p("alpha")})
			if _, err := db.Publish(k, "beta", nil); err != nil {
				t.Fatal(err)
			}
			wantRedirects(t, db, map[string]string{p("gamma"): p("alpha")})
			// Drafts leave no redirects when renamed.
			publishNew(t, db, k, "Delta")
			d := k.New()
			*d.Fields().Title, *d.Fields().Body, *d.Fields().Category, *d.Fields().Image = "Draft only", "<p>x</p>", "Tips", "/images/x.svg"
			if err := db.CreatePreview(d); err != nil {
				t.Fatal(err)
			}
			if _, err := db.UpdateRecord(k, Preview, "draft-only", func(r domain.Record) error { *r.Fields().Slug = "draft-renamed"; return nil }); err != nil {
				t.Fatal(err)
			}
			wantRedirects(t, db, map[string]string{p("gamma"): p("alpha")})
		})
	}
}

func TestAddRedirectRefusesLoopsClashesAndBadPaths(t *testing.T) {
	db := MustOpen(t)
	publishNew(t, db, domain.Blogs, "Live Post")
	publishNew(t, db, domain.Services, "Live Service")
	if _, err := db.AddRedirect(domain.Redirect{From: "/old-site/page.html", To: "/blog/live-post"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddRedirect(domain.Redirect{From: "/a", To: "/b/", CreatedBy: "admin"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		from, to, code string
	}{
		{"/b/", "/a/", domain.EConflict},                  // loop: /a/ already leads to /b/
		{"/c/", "/c", domain.EConflict},                   // to itself
		{"/a/", "/d/", domain.EConflict},                  // /a/ already redirects
		{"/blog/live-post/", "/d/", domain.EConflict},     // a live post
		{"/live-service/", "/d/", domain.EConflict},       // a live service
		{"https://evil.example/", "/d/", domain.EInvalid}, // another host
		{"/d/", "//evil.example/", domain.EInvalid},
		{"/d/", "https://evil.example/", domain.EInvalid},
		{"/../etc/passwd", "/d/", domain.EInvalid},
		{"/d/?x=1", "/e/", domain.EInvalid},
		{"/api/blogs", "/e/", domain.EInvalid},
		{"/admin/", "/e/", domain.EInvalid},
		{"/d e/", "/e/", domain.EInvalid},
		{"", "/e/", domain.EInvalid},
		{"/.git/", "/e/", domain.EInvalid},
	} {
		if _, err := db.AddRedirect(domain.Redirect{From: tt.from, To: tt.to}); domain.ErrorCode(err) != tt.code {
			t.Errorf("%s → %s: %v, want %s", tt.from, tt.to, err, tt.code)
		}
	}
	// A redirect to an address that redirects leads straight to the end; one from the end of
	// a chain makes the chain collapse.
	if _, err := db.AddRedirect(domain.Redirect{From: "/z/", To: "/a/"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddRedirect(domain.Redirect{From: "/b/", To: "/blog/live-post/"}); err != nil {
		t.Fatal(err)
	}
	wantRedirects(t, db, map[string]string{"/a/": "/blog/live-post/", "/b/": "/blog/live-post/", "/z/": "/blog/live-post/",
		"/old-site/page.html": "/blog/live-post/"})
	if err := db.DeleteRedirect("/z/"); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteRedirect("/z/"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("second delete: %v", err)
	}
	// The digest a build compares changes with the redirects.
	d1, _ := db.RecordsDigest()
	if err := db.DeleteRedirect("/a/"); err != nil {
		t.Fatal(err)
	}
	if d2, _ := db.RecordsDigest(); d1 == d2 {
		t.Fatal("records digest ignores the redirects")
	}
}

// Two admins adding the two halves of a loop at once: one wins, the other gets 409.
func TestConcurrentRedirectsCannotMakeALoop(t *testing.T) {
	db := MustOpen(t)
	for i := 0; i < 20; i++ {
		a, b := fmt.Sprintf("/x%d/", i), fmt.Sprintf("/y%d/", i)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for j, pair := range [][2]string{{a, b}, {b, a}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[j] = db.AddRedirect(domain.Redirect{From: pair[0], To: pair[1]})
			}()
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("round %d: %v / %v, want exactly one refused", i, errs[0], errs[1])
		}
	}
	for from, to := range redirectMap(t, db) {
		if next, ok := redirectMap(t, db)[to]; ok {
			t.Fatalf("chain left: %s → %s → %s", from, to, next)
		}
	}
}
