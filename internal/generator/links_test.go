package generator

import (
	"context"
	"strings"
	"testing"

	"digitalreeviver/internal/domain"
)

// A post's links open a new tab only when they leave the site: a link to another page of the
// site, relative or absolute to the site's own address, opens where it is, whatever the stored
// text said (links saved before the rule).
func TestOnlyLinksOffTheSiteOpenANewTab(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	if _, err := s.db.UpdateBlog("google-ads-budgets-explained", func(b *domain.Blog) error {
		b.Content = `<p><a href="/contactus/" target="_blank" rel="noopener">Call us</a>, ` +
			`<a href="https://www.example.test/OurServices/" target="_blank" rel="noopener noreferrer">our services</a> or ` +
			`<a href="https://support.google.com/google-ads/">Google's help</a>.</p>`
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.builder(t).Build(context.Background(), s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	page := s.read(t, "blog/google-ads-budgets-explained/index.html")
	for _, want := range []string{
		`<a href="/contactus/">Call us</a>`,
		`<a href="https://www.example.test/OurServices/">our services</a>`,
		`<a href="https://support.google.com/google-ads/" target="_blank" rel="noopener noreferrer">Google's help</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the post lacks %s", want)
		}
	}
}
