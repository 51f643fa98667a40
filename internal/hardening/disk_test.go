package hardening

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// An upload cut short by a kill -9 leaves its temporary file in uploads/; the next start removes
// it (and says so), and leaves the uploads that were written whole.
func TestLeftoversOfAKilledUploadAreRemovedAtStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	addAdmin(t, dir)
	uploads := filepath.Join(dir, "uploads")
	os.MkdirAll(uploads, 0o755)
	whole := "0123456789abcdef0123456789abcdef.png"
	for name, data := range map[string][]byte{".tmp-3141592653": pngBytes(t, 8, 8)[:40], ".tmp-2718281828": nil, whole: pngBytes(t, 8, 8)} {
		if err := os.WriteFile(filepath.Join(uploads, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := startServer(t, dir, opts{})
	entries, _ := os.ReadDir(uploads)
	if len(entries) != 1 || entries[0].Name() != whole {
		t.Fatalf("uploads/ after the start: %v", entries)
	}
	if !regexp.MustCompile(`removed leftovers of interrupted uploads" .*files=2`).MatchString(s.logs.String()) {
		t.Errorf("the start did not say what it removed:\n%s", s.logs.String())
	}
}
