package manage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"digitalreeviver/internal/content"
	"digitalreeviver/internal/store"
)

func openDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "site.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func blog(t *testing.T, db *store.DB, slug string) (content.Blog, error) {
	t.Helper()
	r, err := db.Record(content.Blogs, store.Published, slug)
	if err != nil {
		return content.Blog{}, err
	}
	return *r.(*content.Blog), nil
}

func TestImportExportRoundTrip(t *testing.T) {
	db := openDB(t)
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("blogs.json", `[
	  {"_id":"65a1b2c3d4e5f6a7b8c9d0e1","title":"Old Post","content":"<p>Hi</p><script>x()</script>","createdAt":"2023-04-05T06:07:08Z","image":"uploads/169-photo.jpg","__v":0},
	  {"title":"Second One","slug":"second","content":"<p>Two</p>","category":"News"}
	]`)
	services := write("services.json", `[{"title":"Old Service","description":"<p>We help</p><script>x()</script>","category":"SEO","image":"/images/services/x.svg"}]`)
	var warnings []string
	n, err := ImportFiles(db, []string{good, services}, func(w string) { warnings = append(warnings, w) })
	if err != nil || n[content.Blogs] != 2 || n[content.Services] != 1 || n.String() != "2 blogs and 1 services" {
		t.Fatalf("import: %v %v", n, err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "uploads/169-photo.jpg") {
		t.Fatalf("warnings: %v", warnings)
	}
	b, err := blog(t, db, "old-post")
	if err != nil {
		t.Fatal(err)
	}
	if b.ID != "65a1b2c3d4e5f6a7b8c9d0e1" || b.CreatedAt.Year() != 2023 || b.Category != content.DefaultCategory ||
		b.MetaTitle != "Old Post" || strings.Contains(b.Content, "script") || b.Image != "" {
		t.Fatalf("imported blog: %+v", b)
	}
	s, err := db.Record(content.Services, store.Published, "old-service")
	if err != nil || strings.Contains(*s.Fields().Body, "script") || *s.Fields().Image != "/images/services/x.svg" {
		t.Fatalf("imported service: %+v %v", s, err)
	}

	// Export in the shape of the API and import again into a fresh database.
	paths, err := ExportFiles(db, filepath.Join(dir, "out"))
	if err != nil || len(paths) != 2 || filepath.Base(paths[0]) != "blogs.json" || filepath.Base(paths[1]) != "services.json" {
		t.Fatal(paths, err)
	}
	db2 := openDB(t)
	if n, err := ImportFiles(db2, paths, func(string) {}); err != nil || n.String() != "2 blogs and 1 services" {
		t.Fatal(n, err)
	}
	if b2, err := blog(t, db2, "old-post"); err != nil || b2.ID != b.ID || !b2.CreatedAt.Equal(b.CreatedAt) {
		t.Fatalf("round trip: %+v %v", b2, err)
	}
}

// A bad record is reported by file, index and slug, and nothing of the files is imported.
func TestImportRefusesBadFilesWhole(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fine := write("fine.json", `[{"title":"Fine","content":"<p>ok</p>"},{"title":"Fine Service","description":"<p>ok</p>"}]`)
	for _, tt := range []struct {
		name, data, want string
	}{
		{"blog without content", `[{"title":"Other","content":"<p>ok</p>"},{"title":"Broken","slug":"broken","content":"  "}]`,
			`blog 1 (slug "broken"): ` + content.MsgPublishIncomplete},
		{"service without description", `[{"title":"Broken","slug":"broken","description":"<p> </p>"}]`,
			`service 0 (slug "broken"): Please enter both title and description before publishing.`},
		{"service on a reserved slug", `[{"title":"About","description":"<p>x</p>"}]`, content.MsgSlugReserved},
		{"slug twice", `[{"title":"Twice","content":"<p>1</p>"},{"title":"Twice","content":"<p>2</p>"}]`, `slug "twice" is also used by`},
		{"neither kind", `[{"title":"What am I"}]`, "record 0"},
		{"both kinds", `[{"title":"Both","content":"<p>x</p>","description":"<p>x</p>"}]`, "record 0"},
		{"not an array", `{"title":"x"}`, "not a JSON array"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			db := openDB(t)
			bad := write(strings.ReplaceAll(tt.name, " ", "-")+".json", tt.data)
			_, err := ImportFiles(db, []string{fine, bad}, func(string) {})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), bad) {
				t.Fatalf("got %v, want an error naming %s and %q", err, bad, tt.want)
			}
			if n, _ := db.CountPublished(); n != 0 {
				t.Fatalf("%d records of a refused import were stored", n)
			}
		})
	}
}
