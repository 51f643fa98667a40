package operator

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/storetest"
)

func openDB(t *testing.T) *store.DB {
	return storetest.Open(t)
}

func blog(t *testing.T, db *store.DB, slug string) (domain.Blog, error) {
	t.Helper()
	r, err := db.Record(domain.Blogs, store.Published, slug)
	if err != nil {
		return domain.Blog{}, err
	}
	return *r.(*domain.Blog), nil
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
	if err != nil || n.All[domain.Blogs] != 2 || n.All[domain.Services] != 1 || n.String() != "2 blogs and 1 service" {
		t.Fatalf("import: %v %v", n, err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "uploads/169-photo.jpg") {
		t.Fatalf("warnings: %v", warnings)
	}
	b, err := blog(t, db, "old-post")
	if err != nil {
		t.Fatal(err)
	}
	if b.ID != "65a1b2c3d4e5f6a7b8c9d0e1" || b.CreatedAt.Year() != 2023 || b.Category != domain.DefaultCategory ||
		b.MetaTitle != "Old Post" || strings.Contains(b.Content, "script") || b.Image != "" {
		t.Fatalf("imported blog: %+v", b)
	}
	s, err := db.Record(domain.Services, store.Published, "old-service")
	if err != nil || strings.Contains(*s.Fields().Body, "script") || *s.Fields().Image != "/images/services/x.svg" {
		t.Fatalf("imported service: %+v %v", s, err)
	}

	// Export in the shape of the API and import again into a fresh database.
	paths, err := ExportFiles(db, filepath.Join(dir, "out"))
	if err != nil || len(paths) != 2 || filepath.Base(paths[0]) != "blogs.json" || filepath.Base(paths[1]) != "services.json" {
		t.Fatal(paths, err)
	}
	db2 := openDB(t)
	if n, err := ImportFiles(db2, paths, func(string) {}); err != nil || n.String() != "2 blogs and 1 service" {
		t.Fatal(n, err)
	}
	// The same files again replace what they put there, and say so (before: "imported 2 blogs").
	if n, err := ImportFiles(db2, paths, func(string) {}); err != nil ||
		n.String() != "2 blogs and 1 service: 0 added, 3 replaced (a published record of the same slug was there)" {
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
			`blog 1 (slug "broken"): ` + domain.MsgPublishIncomplete},
		{"service without description", `[{"title":"Broken","slug":"broken","description":"<p> </p>"}]`,
			`service 0 (slug "broken"): Please enter both title and description before publishing.`},
		{"service on a reserved slug", `[{"title":"About","description":"<p>x</p>"}]`, domain.MsgSlugReserved},
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

// seedAll fills a database with what a running site holds: published records edited after
// publishing (so updatedAt differs from createdAt), drafts, upload records, enquiries and admins.
func seedAll(t *testing.T, db *store.DB) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := db.CreatePreviewBlog(domain.Blog{Title: "Live Post", Content: "<p>Live</p>", Category: "SEO", Image: "/uploads/0123456789abcdef0123456789abcdef.png"})
	must(err)
	_, err = db.PublishBlog("live-post", nil)
	must(err)
	_, err = db.UpdateBlog("live-post", func(b *domain.Blog) error { b.MetaDescription = "Edited after publishing."; return nil })
	must(err)
	svc := &domain.Service{Title: "Live Service", Description: "<p>We help</p>", Category: "SEO", Image: "/images/x.svg"}
	must(db.CreatePreview(svc))
	_, err = db.Publish(domain.Services, "live-service", nil)
	must(err)
	_, err = db.CreatePreviewBlog(domain.Blog{Title: "Draft Post", Content: "<p>Not yet</p>", Category: "News"})
	must(err)
	must(db.CreatePreview(&domain.Service{Title: "Draft Service", Description: "<p>Soon</p>", Category: "SEO", Image: "/images/y.svg"}))
	must(db.PutUpload(store.Upload{Name: "0123456789abcdef0123456789abcdef.png", Type: "image/png", Size: 99, Width: 4, Height: 4, CreatedBy: "owner"}))
	for i := 0; i < 3; i++ {
		_, err := db.AddMessage(domain.Message{Name: fmt.Sprint("Visitor ", i), Email: "v@example.in", Phone: "9811045672", Message: "Hello", Source: "popup"})
		must(err)
	}
	_, err = CreateAdmin(db, "owner", "owner@example.com", "owner-password-1")
	must(err)
}

func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(data)
	}
	return out
}

// Export → import → export gives the same files, byte for byte: every field of a record comes
// back, updatedAt too (the sitemap's lastmod and article:modified_time are made from it).
// (Before, the import stamped updatedAt with the time of the import.)
func TestExportImportExportIsIdentical(t *testing.T) {
	db := openDB(t)
	seedAll(t, db)
	first, second := t.TempDir(), t.TempDir()
	if _, err := ExportFiles(db, first); err != nil {
		t.Fatal(err)
	}
	db2 := openDB(t)
	paths := []string{filepath.Join(first, "blogs.json"), filepath.Join(first, "services.json")}
	if _, err := ImportFiles(db2, paths, func(w string) { t.Errorf("warning: %s", w) }); err != nil {
		t.Fatal(err)
	}
	if _, err := ExportFiles(db2, second); err != nil {
		t.Fatal(err)
	}
	a, b := readDir(t, first), readDir(t, second)
	for name, data := range a {
		if b[name] != data {
			t.Errorf("%s differs after a round trip:\n%s\n---\n%s", name, data, b[name])
		}
	}
	live, _ := blog(t, db2, "live-post")
	if !live.UpdatedAt.After(live.CreatedAt) || live.MetaDescription != "Edited after publishing." {
		t.Errorf("imported blog lost its edit time: %+v", live)
	}
}

// An export for moving servers carries drafts and upload records, and enquiries and admin
// accounts only when asked (they are personal data, written readable by their owner alone);
// imported into a fresh database and exported again, every file is the same. Importing the
// enquiries twice does not double them.
func TestMoveExportCarriesWhatItIsAskedFor(t *testing.T) {
	db := openDB(t)
	seedAll(t, db)
	plain := t.TempDir()
	if _, err := ExportDir(db, plain, ExportOptions{Drafts: true, Uploads: true}); err != nil {
		t.Fatal(err)
	}
	files := readDir(t, plain)
	for _, name := range []string{"blogs.json", "services.json", "preview-blogs.json", "preview-services.json", "uploads.json"} {
		if files[name] == "" {
			t.Errorf("move export lacks %s", name)
		}
	}
	if _, ok := files["enquiries.json"]; ok {
		t.Error("enquiries exported without being asked for")
	}
	if _, ok := files["admins.json"]; ok {
		t.Error("admins exported without being asked for")
	}

	all := ExportOptions{Drafts: true, Uploads: true, Enquiries: true, Admins: true}
	first, second := t.TempDir(), t.TempDir()
	if _, err := ExportDir(db, first, all); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"enquiries.json", "admins.json"} {
		if st, err := os.Stat(filepath.Join(first, name)); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v, want mode 0600", name, st.Mode(), err)
		}
	}
	db2 := openDB(t)
	sum, err := ImportDir(db2, first, func(w string) { t.Errorf("warning: %s", w) })
	if err != nil {
		t.Fatal(err)
	}
	if got := sum.String(); got != "1 blog, 1 service, 1 blog draft, 1 service draft, 1 upload record, 3 enquiries and 1 account" {
		t.Errorf("summary: %s", got)
	}
	if _, err := ExportDir(db2, second, all); err != nil {
		t.Fatal(err)
	}
	a, b := readDir(t, first), readDir(t, second)
	if len(a) != 7 || len(b) != len(a) {
		t.Fatalf("%d files exported, %d after the move", len(a), len(b))
	}
	for name, data := range a {
		if b[name] != data {
			t.Errorf("%s differs after the move:\n%s\n---\n%s", name, data, b[name])
		}
	}
	// The moved admin signs in with the same password.
	if a, err := db2.Admin("owner"); err != nil || !auth.ValidHash(a.PasswordHash) {
		t.Fatalf("moved admin: %+v %v", a, err)
	} else if ok, _ := auth.Passwords.Check(context.Background(), a.PasswordHash, "owner-password-1"); !ok {
		t.Fatal("the moved admin's password does not open the account")
	}
	// Enquiries imported again are not doubled (the admins file is left out: it would conflict).
	os.Remove(filepath.Join(first, "admins.json"))
	if _, err := ImportDir(db2, first, func(string) {}); err != nil {
		t.Fatal(err)
	}
	if n, _ := db2.CountMessages(); n != 3 {
		t.Errorf("%d enquiries after importing them twice", n)
	}
}

// A bad file of a move is reported by file and index, and nothing of the export is imported.
func TestImportDirRefusesBadExportsWhole(t *testing.T) {
	db := openDB(t)
	seedAll(t, db)
	src := t.TempDir()
	if _, err := ExportDir(db, src, ExportOptions{Drafts: true, Uploads: true, Enquiries: true, Admins: true}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, file, data, want string }{
		{"an admin without a usable hash", "admins.json", `[{"username":"owner","email":"owner@example.com","passwordHash":"plain"}]`, "argon2id"},
		{"an admin with a bad name", "admins.json", `[{"username":"Bad Name","email":"o@example.com","passwordHash":"x"}]`, "Username must be"},
		{"a draft dated 0000", "preview-blogs.json", `[{"title":"Old","content":"<p>x</p>","category":"SEO","createdAt":"0000-01-01T00:00:00Z"}]`, "createdAt must be a date"},
		{"a blog among the service drafts", "preview-services.json", `[{"title":"Wrong","content":"<p>x</p>","category":"SEO"}]`, "not a service draft"},
		{"an upload record with a path", "uploads.json", `[{"name":"../../etc/passwd"}]`, "no upload name"},
		{"enquiries that are no JSON", "enquiries.json", `{`, "not the JSON an export writes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range readDir(t, src) {
				os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600)
			}
			os.WriteFile(filepath.Join(dir, tt.file), []byte(tt.data), 0o600)
			fresh := openDB(t)
			_, err := ImportDir(fresh, dir, func(string) {})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error saying %q", err, tt.want)
			}
			if n, _ := fresh.CountPublished(); n != 0 {
				t.Errorf("%d records of a refused import were stored", n)
			}
			if n, _ := fresh.CountMessages(); n != 0 {
				t.Errorf("%d enquiries of a refused import were stored", n)
			}
		})
	}
	if _, err := ImportDir(openDB(t), t.TempDir(), func(string) {}); err == nil || !strings.Contains(err.Error(), "holds no export") {
		t.Errorf("an empty folder: %v", err)
	}
}
