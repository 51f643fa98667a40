// Package sortedkeys keeps a long list of keys sorted from one build to the next: a publish adds
// a few keys to thousands, and sorting them all again grew with the site.
package sortedkeys

import "slices"

// Merge returns kept (sorted) with added merged in, in order. added is sorted here; kept is
// never changed, and is returned as it is when nothing is added.
func Merge(kept, added []string) []string {
	if len(added) == 0 {
		return kept
	}
	slices.Sort(added)
	out := make([]string, 0, len(kept)+len(added))
	i := 0
	for _, k := range added {
		j, _ := slices.BinarySearch(kept[i:], k)
		out = append(append(out, kept[i:i+j]...), k)
		i += j
	}
	return append(out, kept[i:]...)
}
