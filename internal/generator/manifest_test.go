package generator

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// TestManifestJSON checks the hand-written encoding against encoding/json's, and that it reads
// back.
func TestManifestJSON(t *testing.T) {
	for _, m := range []manifest{
		{},
		{Generation: "g1", Pages: map[string]string{}, Files: map[string]string{}},
		{Generation: "g20261123T173000000000-abc123", Inputs: "in", Assets: "as",
			Pages:     map[string]string{"blog/b/index.html": "2", "blog/a/index.html": "1", "index.html": "0"},
			Files:     map[string]string{"a<b>&c.txt": "x", "é/ü.html": "\"q\"\\", "tab\there": "\u2028", "_redirects": "r"},
			Redirects: map[string]string{"/old/": "/new/", "/x?<y>": "/z/"}},
		{Generation: "g2", Pages: map[string]string{"index.html": "0"}, Files: map[string]string{}, Records: &domain.SiteCounts{Posts: 10, Services: 3}},
	} {
		type plain manifest // without the MarshalJSON method
		want, err := json.Marshal(plain(m))
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("manifest JSON\n got %s\nwant %s", got, want)
		}
		var back manifest
		if err := json.Unmarshal(got, &back); err != nil || back.Generation != m.Generation || len(back.Pages) != len(m.Pages) ||
			len(back.Files) != len(m.Files) || len(back.Redirects) != len(m.Redirects) {
			t.Errorf("read back %+v, %v", back, err)
		}
	}
}

// TestManifestCache checks that a kept manifest stands only while its file is the one written.
func TestManifestCache(t *testing.T) {
	dir := t.TempDir()
	write := func(m manifest) {
		data, err := m.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		tmp := filepath.Join(dir, "new")
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, filepath.Join(dir, manifestName)); err != nil {
			t.Fatal(err)
		}
	}
	var c manifestCache
	if m := c.read(dir); m.Pages != nil {
		t.Fatalf("no manifest read as %+v", m)
	}
	first := manifest{Generation: "g1", Pages: map[string]string{"index.html": "1"}, Files: map[string]string{}}
	write(first)
	c.keep(dir, first)
	first.Pages["kept.html"] = "the cache's map" // the kept maps are the ones handed in
	if m := c.read(dir); m.Pages["kept.html"] == "" {
		t.Fatalf("the kept manifest was not used: %+v", m)
	}
	// Another process replaces the file (a rollback tool, a build of another Builder).
	write(manifest{Generation: "g2", Pages: map[string]string{"other.html": "2"}, Files: map[string]string{}})
	if m := c.read(dir); m.Generation != "g2" || m.Pages["other.html"] != "2" {
		t.Fatalf("a replaced manifest read as %+v", m)
	}
	c.forget(dir)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if m := c.read(dir); m.Pages != nil {
		t.Fatalf("a removed generation read as %+v", m)
	}
}

// TestManifestEncodeAfter checks that a manifest encoded after another (its keys sorted by a
// merge into the other's) is encoded as encoding/json would, and that the files that changed
// between them read from their sorted lists are the ones their maps give, over a series of manifests that
// gain, lose and change files, as publishes, deletions and renames do.
func TestManifestEncodeAfter(t *testing.T) {
	seed := time.Now().UnixNano()
	if s, err := strconv.ParseInt(os.Getenv("TEST_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("seed %d (TEST_SEED=%d replays it)", seed, seed)
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	prev := manifest{}
	for step := range 60 {
		next := manifest{Generation: fmt.Sprintf("g%d", step), Pages: maps.Clone(prev.Pages), Files: maps.Clone(prev.Files),
			Redirects: maps.Clone(prev.Redirects)}
		if next.Pages == nil {
			next.Pages, next.Files, next.Redirects = map[string]string{}, map[string]string{}, map[string]string{}
		}
		for _, m := range []map[string]string{next.Pages, next.Files, next.Redirects} {
			for range rng.IntN(6) {
				m[fmt.Sprintf("blog/p%d/index.html", rng.IntN(400))] = strconv.Itoa(step) // new, or changed
			}
			for k := range m {
				if rng.IntN(40) == 0 {
					delete(m, k)
				}
			}
		}
		got := next.encodeAfter(prev)
		type plain manifest
		want, err := json.Marshal(plain(next))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("step %d: manifest JSON\n got %s\nwant %s", step, got, want)
		}
		// What changed, read along the two sorted lists, is what the maps say.
		if step > 0 {
			inOrder, ok := changesInOrder(prev, next)
			unordered := prev
			unordered.order = nil
			if byMaps := changes(unordered, next); !ok || !reflect.DeepEqual(inOrder, byMaps) {
				t.Fatalf("step %d: changes %+v (%t), by the maps %+v", step, inOrder, ok, byMaps)
			}
		}
		prev = next
	}
}
