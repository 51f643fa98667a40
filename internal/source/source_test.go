package source

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The admin server failing, or answering something else than records, fails the build with
// the address; an upload the server lacks is skipped (the page shows its fallback), as a build
// from the database does.
func TestRemoteSourceFailures(t *testing.T) {
	blogs := `[{"title":"A","slug":"a","content":"<p>a<script>x()</script></p>","category":"N","image":"/uploads/00112233445566778899aabbccddeeff.png"},` +
		`{"title":"B","slug":"b","content":"<p>b</p>","category":"N","image":"https://elsewhere.example/x.png"}]`
	mode := "ok"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case mode == "down":
			http.Error(w, `{"error":"internal error"}`, http.StatusInternalServerError)
		case mode == "html":
			w.Write([]byte("<html>login</html>"))
		case r.URL.Path == "/api/blogs":
			w.Write([]byte(blogs))
		case r.URL.Path == "/api/services":
			w.Write([]byte(`[]`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	recs, err := Open(context.Background(), srv.URL, Options{UploadsDir: filepath.Join(dir, "up")})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := recs.Blogs()
	if len(got) != 2 || strings.Contains(got[0].Content, "script") || got[1].Image != "" {
		t.Fatalf("records not decoded as an import decodes them: %+v", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "up", "00112233445566778899aabbccddeeff.png")); err == nil {
		t.Fatal("a missing upload was written")
	}
	d1, _ := recs.RecordsDigest()
	again, _ := Open(context.Background(), srv.URL, Options{UploadsDir: filepath.Join(dir, "up")})
	if d2, _ := again.RecordsDigest(); d1 != d2 || d1 == "" {
		t.Fatal("the same records gave another digest")
	}
	for _, m := range []string{"down", "html"} {
		mode = m
		if _, err := Open(context.Background(), srv.URL, Options{UploadsDir: dir}); err == nil || !strings.Contains(err.Error(), srv.URL+"/api/blogs") {
			t.Errorf("%s: got %v", m, err)
		}
	}
	if _, err := Open(context.Background(), "https://admin.example.com/?x=1", Options{}); err == nil {
		t.Error("an address with a query was accepted")
	}
}
