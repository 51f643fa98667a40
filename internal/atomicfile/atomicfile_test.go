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

// A writer killed before its rename leaves a temporary file; RemoveTemps clears those and only
// those (the files written whole and folders stay).
func TestRemoveTempsClearsWhatAKilledWriterLeft(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, "kept.png", []byte("whole")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".tmp-123456", ".tmp-987"} {
		os.WriteFile(filepath.Join(dir, name), []byte("half"), 0o600)
	}
	os.Mkdir(filepath.Join(dir, ".tmp-folder"), 0o755)
	if n, err := RemoveTemps(dir); n != 2 || err != nil {
		t.Fatalf("removed %d, %v", n, err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 || names[0] != ".tmp-folder" || names[1] != "kept.png" {
		t.Fatalf("left %v", names)
	}
	if n, err := RemoveTemps(filepath.Join(dir, "missing")); n != 0 || err != nil {
		t.Fatalf("a missing folder: %d %v", n, err)
	}
}
