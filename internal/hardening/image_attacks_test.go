package hardening

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// sitegenBuild runs `sitegen build` with args and answers its output, whether it succeeded,
// and its peak resident memory in MiB (with the node renderer it waited for).
func sitegenBuild(t *testing.T, args ...string) (string, bool, int64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, sitegen, append([]string{"build", "--content", contentDir, "--site", siteDir}, args...)...)
	cmd.Env = serverEnv(nil)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		t.Fatalf("sitegen build did not run: %v", err)
	}
	return string(out), err == nil, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss / 1024
}

// A real 16000×16000 PNG in 249 kB (internal/media/testdata) is refused wherever it comes in,
// from its header, and never decoded: from an admin server's read API and from a snapshot
// folder the build fails naming the upload, a record that uses it and why; from the database
// (a file put in the uploads folder behind the upload check's back) the build warns, leaves it
// out and the page shows its fallback image; as an upload it is refused with the upload
// check's message. sitegen's peak memory stays that of a small build. (Before, the build
// decoded it to make its variants: 2.2 GB.)
func TestPixelBombIsRefusedFromEveryWayIn(t *testing.T) {
	needBundle(t)
	bomb, err := os.ReadFile(filepath.Join(repoRoot, "internal", "media", "testdata", "pixel-bomb-16000.png"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const name = "00112233445566778899aabbccddeeff.png"
	blogs := `[{"title":"A post with a picture","slug":"a-post-with-a-picture","content":"<p>Hello.</p>","category":"News",` +
		`"image":"/uploads/` + name + `","createdAt":"2026-02-01T10:00:00Z"}]`
	const limit = 400
	refused := func(how, out string, ok bool, peak int64) {
		t.Helper()
		t.Logf("%s: peak %d MiB", how, peak)
		if ok {
			t.Errorf("%s: the build succeeded\n%s", how, out)
		}
		for _, want := range []string{name, `blog "a-post-with-a-picture"`, "16000×16000 pixels: at most 6000×6000"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the error does not say %q:\n%s", how, want, out)
			}
		}
		if peak > limit {
			t.Errorf("%s: sitegen peaked at %d MiB", how, peak)
		}
	}

	admin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/blogs":
			w.Write([]byte(blogs))
		case "/api/services":
			w.Write([]byte("[]"))
		case "/uploads/" + name:
			w.Write(bomb)
		default:
			http.NotFound(w, r)
		}
	}))
	defer admin.Close()
	out, ok, peak := sitegenBuild(t, "--source", admin.URL, "--uploads", filepath.Join(dir, "fetched"), "--out", filepath.Join(dir, "remote", "dist"))
	refused("from an admin server", out, ok, peak)

	snap := filepath.Join(dir, "snapshot")
	os.MkdirAll(filepath.Join(snap, "uploads"), 0o755)
	os.WriteFile(filepath.Join(snap, "blogs.json"), []byte(blogs), 0o644)
	os.WriteFile(filepath.Join(snap, "uploads", name), bomb, 0o644)
	out, ok, peak = sitegenBuild(t, "--source", snap, "--out", filepath.Join(dir, "snap", "dist"))
	refused("from a snapshot", out, ok, peak)

	// From the database: the record imported, the file put beside the real uploads.
	db := filepath.Join(dir, "db")
	os.MkdirAll(filepath.Join(db, "uploads"), 0o755)
	os.WriteFile(filepath.Join(db, "uploads", name), bomb, 0o644)
	if o, err := run(t, nil, adminapi, "import", "--db", dbPath(db), filepath.Join(snap, "blogs.json")); err != nil {
		t.Fatalf("import: %v\n%s", err, o)
	}
	out, ok, peak = sitegenBuild(t, "--db", dbPath(db), "--uploads", filepath.Join(db, "uploads"), "--out", filepath.Join(db, "dist"))
	t.Logf("from the database: peak %d MiB", peak)
	if !ok || !strings.Contains(out, "upload refused") || !strings.Contains(out, "16000×16000") {
		t.Errorf("from the database: the build failed or did not say why the upload is left out:\n%s", out)
	}
	page, _ := os.ReadFile(filepath.Join(db, "dist", "blog", "a-post-with-a-picture", "index.html"))
	if len(page) == 0 || strings.Contains(string(page), name) {
		t.Errorf("from the database: the page is missing or shows the refused upload")
	}
	if _, err := os.Stat(filepath.Join(db, "dist", "uploads", name)); err == nil {
		t.Error("from the database: the refused upload was copied into the site")
	}
	if peak > limit {
		t.Errorf("from the database: sitegen peaked at %d MiB", peak)
	}

	// As an upload.
	s := newServer(t, opts{})
	body, ct := form(nil, filePart{"image", "bomb.png", "image/png", bomb})
	if r := s.client().login(t).must(t, "POST", "/api/preview-blogs/upload", body, ct); r.status != 400 || r.errorMessage() != "Image is too big: at most 6000×6000 pixels." {
		t.Errorf("as an upload: %s", r)
	}
}
