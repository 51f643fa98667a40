package contentdir

import (
	"fmt"
	"strings"

	"digitalreeviver/internal/domain"
)

// Section is a part of a markdown body that starts with a level-2 heading.
type Section struct {
	ID      string `json:"id"`
	Heading string `json:"heading"`
	HTML    string `json:"html"`
}

// splitSections cuts rendered HTML at each <h2>, so pages can lay sections out.
func splitSections(html string) []Section {
	parts := strings.Split(html, "<h2")
	var out []Section
	if lead := strings.TrimSpace(parts[0]); lead != "" {
		out = append(out, Section{ID: "intro", HTML: lead})
	}
	seen := map[string]int{}
	for _, p := range parts[1:] {
		end := strings.Index(p, "</h2>")
		if end < 0 {
			continue
		}
		open := strings.Index(p, ">")
		heading := domain.PlainText(p[open+1 : end])
		id := slugID(heading)
		if n := seen[id]; n > 0 {
			id = fmt.Sprintf("%s-%d", id, n+1)
		}
		seen[id]++
		out = append(out, Section{ID: id, Heading: heading, HTML: strings.TrimSpace(p[end+5:])})
	}
	return out
}

func slugID(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}
