package sortedkeys

import (
	"slices"
	"testing"
)

func TestMerge(t *testing.T) {
	kept := []string{"b", "d", "f"}
	for _, c := range []struct{ added, want []string }{
		{nil, []string{"b", "d", "f"}},
		{[]string{"g", "a", "c"}, []string{"a", "b", "c", "d", "f", "g"}},
		{[]string{"e", "e2"}, []string{"b", "d", "e", "e2", "f"}},
	} {
		if got := Merge(kept, slices.Clone(c.added)); !slices.Equal(got, c.want) {
			t.Errorf("Merge(%v, %v) = %v, want %v", kept, c.added, got, c.want)
		}
	}
	if got := Merge(nil, []string{"q", "p"}); !slices.Equal(got, []string{"p", "q"}) {
		t.Errorf("into nothing: %v", got)
	}
	if !slices.Equal(kept, []string{"b", "d", "f"}) {
		t.Errorf("kept was changed: %v", kept)
	}
}
