// Package fixturefile keeps the fixtures the Go tests write for another language's tests (the
// renderer's site/dev/fixture.json, the admin UI's admin-ui/src/test/api-fixture.json): written
// from what Go makes when the tests run with -update-fixture, and otherwise compared with the
// committed file byte for byte, so a change on one side only fails a test. For tests only.
package fixturefile

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update-fixture", false, "write the fixtures other languages' tests read instead of comparing with them")

// Check writes got to path under -update-fixture; otherwise it fails t when the file holds
// anything else, naming the first line that differs and how (a sentence) to update it.
func Check(t testing.TB, path string, got []byte, how string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, got) {
		t.Fatalf("%s is not what the Go side makes (first difference on line %d). If that changed on purpose, %s",
			path, firstDifferentLine(have, got), how)
	}
}

func firstDifferentLine(a, b []byte) int {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range min(len(la), len(lb)) {
		if !bytes.Equal(la[i], lb[i]) {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}
