package generator

import (
	"strings"
	"testing"
)

// A card says what the editor wrote for search engines when there is a meta description; else
// the start of the text, where a heading ends with a full stop instead of running into the
// paragraph after it.
func TestCardText(t *testing.T) {
	body := `<h2>Why local SEO matters for clinics</h2><p>Patients search near me first.</p>`
	for _, c := range []struct{ meta, want string }{
		{"", "Why local SEO matters for clinics. Patients search near me first."},
		{"  A checklist \n for clinics. ", "A checklist for clinics."},
		{strings.Repeat("word ", 40), strings.TrimSpace(strings.Repeat("word ", 32)) + "…"},
	} {
		if got := cardText(c.meta, func() string { return excerpt(body) }); got != c.want {
			t.Errorf("cardText(%q) = %q, want %q", c.meta, got, c.want)
		}
	}
}
