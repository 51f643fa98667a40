package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesWholeAndLeavesNothingElse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "folder")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(dir, "f.json", []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, "f.json"))
		if err != nil || string(got) != data {
			t.Fatalf("read %q %v, want %q", got, err, data)
		}
	}
	if st, _ := os.Stat(filepath.Join(dir, "f.json")); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	// A write that cannot be renamed into place (a folder holds the name) fails and leaves no
	// temporary file behind.
	if err := os.Mkdir(filepath.Join(dir, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, "taken", []byte("x")); err == nil {
		t.Fatal("wrote over a folder")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("left behind: %v", entries)
	}
}
