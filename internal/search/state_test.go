package search

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// The state a build leaves is byte for byte what encoding/json makes of it, through adds,
// edits, deletions and merges, from a state kept in this process and from one read back from
// its bytes (whose sorted URLs are not known), with URLs and keys that need escaping.
func TestStateEncodesAsEncodingJSON(t *testing.T) {
	all := corpus(90, 5)
	for i := range all {
		switch i % 9 {
		case 3:
			all[i].URL = fmt.Sprintf("/blog/r&d-<%d>/", i)
		case 5:
			all[i].URL = fmt.Sprintf("/blog/café-\u2028-%d/", i)
		case 7:
			all[i].URL = fmt.Sprintf("/blog/\"quoted\"\\%d/", i)
		}
	}
	docs := slices.Clone(all[:50])
	check := func(step int, out *Output) {
		t.Helper()
		var st state
		if err := json.Unmarshal(out.State, &st); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		want, err := json.Marshal(&st)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.State, want) {
			t.Fatalf("step %d: the state is\n%s\nencoding/json makes\n%s", step, out.State, want)
		}
		if len(st.Docs) != len(docs) {
			t.Fatalf("step %d: %d docs in the state for %d pages", step, len(st.Docs), len(docs))
		}
		for _, d := range docs {
			if _, ok := st.Docs[d.URL]; !ok {
				t.Fatalf("step %d: the state has no doc of %s", step, d.URL)
			}
		}
	}
	s := newSite(t)
	opts := Options{MaxDelta: 6, ChunkBytes: 3 << 10}
	check(0, s.build(inputsOf(docs), opts))
	for step := 1; step <= 36; step++ {
		switch step % 4 {
		case 0, 1: // publish, at either end of the URLs' order
			docs = append(docs, all[50+step])
		case 2: // edit
			docs[step].Body += fmt.Sprint(" Edited at step ", step, ".")
		case 3: // delete
			docs = slices.Delete(docs, step, step+1)
		}
		if step == 20 {
			lastState = stateCache{} // as a server started again: the state is read from its bytes
		}
		check(step, s.build(inputsOf(docs), opts))
	}
}

// sortedAfter keeps the URLs sorted through additions (at either end and between) and
// removals, without sorting the kept ones again.
func TestSortedAfter(t *testing.T) {
	docsOf := func(urls ...string) map[string]docState {
		m := map[string]docState{}
		for _, u := range urls {
			m[u] = docState{}
		}
		return m
	}
	old := []string{"/b/", "/d/", "/f/"}
	for _, c := range []struct {
		docs  map[string]docState
		added []string
		gone  bool
		want  []string
	}{
		{docsOf("/b/", "/d/", "/f/"), nil, false, old},
		{docsOf("/a/", "/b/", "/c/", "/d/", "/f/", "/g/"), []string{"/g/", "/a/", "/c/"}, false, []string{"/a/", "/b/", "/c/", "/d/", "/f/", "/g/"}},
		{docsOf("/b/", "/f/"), nil, true, []string{"/b/", "/f/"}},
		{docsOf("/b/", "/e/", "/f/"), []string{"/e/"}, true, []string{"/b/", "/e/", "/f/"}},
		{docsOf("/z/", "/a/"), []string{"/z/", "/a/"}, true, []string{"/a/", "/z/"}},
	} {
		if got := sortedAfter(c.docs, old, slices.Clone(c.added), c.gone); !slices.Equal(got, c.want) {
			t.Errorf("added %v, gone %v: %v, want %v", c.added, c.gone, got, c.want)
		}
	}
	if got := sortedAfter(docsOf("/q/", "/p/"), nil, nil, false); !slices.Equal(got, []string{"/p/", "/q/"}) {
		t.Errorf("unknown order: %v", got)
	}
	if !slices.Equal(old, []string{"/b/", "/d/", "/f/"}) {
		t.Errorf("the old order was changed: %v", old)
	}
}
