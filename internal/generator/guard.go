package generator

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"digitalreeviver/internal/domain"
)

// RemovalError refuses a build that would remove most of the live site's pages, or every post
// or every service of a live site that has some.
type RemovalError struct {
	Going, Live, New int
	// Gone names what the build would remove whole ("all 10 posts"), when that is the reason.
	Gone []string
}

func (e *RemovalError) Error() string {
	what := fmt.Sprintf("%d of the %d pages of the live site (the new site has %d)", e.Going, e.Live, e.New)
	if len(e.Gone) > 0 {
		what = strings.Join(e.Gone, " and ") + " of the live site (the new site has none)"
	}
	return "refused: this build would remove " + what + ". Is the source the one you mean (an empty or mistyped --db, " +
		"the wrong --source, an admin server that answered empty lists)? Build it anyway with --force"
}

// guardRemovals compares the planned files and records with the live generation's manifest:
// more than half of a live site of ten pages or more going at once is refused, and so is a
// build that shows none of the posts, or none of the services, of a live site that shows some.
func guardRemovals(m manifest, planned map[string]bool, next domain.SiteCounts) error {
	going := 0
	for file := range m.Pages {
		if !planned[file] {
			going++
		}
	}
	if len(m.Pages) >= 10 && going*2 > len(m.Pages) {
		return &RemovalError{Going: going, Live: len(m.Pages), New: len(planned)}
	}
	if m.Records != nil {
		if gone := m.Records.Gone(next); len(gone) > 0 {
			return &RemovalError{Going: going, Live: len(m.Pages), New: len(planned), Gone: gone}
		}
	}
	return nil
}

// RecordCounts reads how many posts and services the generation in dir shows, from its
// manifest; nil for a folder without them (not a generation, or one built before they were
// counted).
func RecordCounts(dir string) *domain.SiteCounts {
	var m struct {
		Records *domain.SiteCounts `json:"records"`
	}
	data, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil || json.Unmarshal(data, &m) != nil {
		return nil
	}
	return m.Records
}

// FormEndpointOf reads where the forms of the generation in dir post, from its manifest; "" for
// a folder without it (not a generation, or one built before it was kept).
func FormEndpointOf(dir string) string {
	var m struct {
		FormEndpoint string `json:"formEndpoint"`
	}
	data, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil || json.Unmarshal(data, &m) != nil {
		return ""
	}
	return m.FormEndpoint
}
