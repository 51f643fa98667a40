package generator

import "fmt"

// RemovalError refuses a build that would remove most of the live site's pages.
type RemovalError struct {
	Going, Live, New int
}

func (e *RemovalError) Error() string {
	return fmt.Sprintf("refused: this build would remove %d of the %d pages of the live site (the new site has %d). "+
		"Is the source the one you mean (an empty or mistyped --db, the wrong --source)? Build it anyway with --force",
		e.Going, e.Live, e.New)
}

// guardRemovals compares the planned files with the live generation's manifest: more than half
// of a live site of ten pages or more going at once is refused.
func guardRemovals(live string, planned map[string]bool) error {
	m := readManifest(live)
	going := 0
	for file := range m.Pages {
		if !planned[file] {
			going++
		}
	}
	if len(m.Pages) >= 10 && going*2 > len(m.Pages) {
		return &RemovalError{Going: going, Live: len(m.Pages), New: len(planned)}
	}
	return nil
}
