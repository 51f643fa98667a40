package adminui

import (
	"io/fs"
	"strings"
	"testing"
)

func TestFSHasIndex(t *testing.T) {
	b, err := fs.ReadFile(FS, "index.html")
	if err != nil {
		t.Fatalf("read index.html: %v", err)
	}
	if Available() {
		if !strings.Contains(string(b), `id="root"`) {
			t.Fatalf("built index.html has no root element:\n%s", b)
		}
		return
	}
	if !strings.Contains(string(b), "make admin-ui") {
		t.Fatalf("placeholder does not say how to build:\n%s", b)
	}
}
