package generator

import (
	"context"
	"fmt"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// A publish through a long-lived builder encodes afresh the pages it changes and the site's few
// fixed pages, not one more for each service or post the site holds: with five services and
// thirty posts more, the same number.
func TestAPublishEncodesAsManyPagesWhateverTheSiteHolds(t *testing.T) {
	needBundle(t)
	s := newTestSite(t)
	var archive []domain.Blog
	for i := range 30 {
		archive = append(archive, domain.Blog{Title: fmt.Sprintf("Archive post %02d", i), Content: fmt.Sprintf("<p>Body %d</p>", i),
			CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * 24 * time.Hour)})
	}
	if err := s.db.Import(archive, nil); err != nil {
		t.Fatal(err)
	}
	b := s.builder(t)
	ctx := context.Background()
	n := 0
	publish := func() Result {
		t.Helper()
		n++
		title := fmt.Sprintf("Published post %d", n)
		if _, err := s.db.CreatePreviewBlog(domain.Blog{Title: title, Category: "News", Content: "<p>New</p>"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.PublishBlog(domain.Slugify(title), nil); err != nil {
			t.Fatal(err)
		}
		res, err := b.Build(ctx, s.db, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if _, err := b.Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	publish()
	before := publish().Encoded

	var services []domain.Service
	for i := range 5 {
		services = append(services, domain.Service{Title: fmt.Sprintf("Extra service %d", i), Category: "SEO",
			Description: fmt.Sprintf("<p>What extra service %d does.</p>", i)})
	}
	if err := s.db.Import(nil, services); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(ctx, s.db, Options{}); err != nil {
		t.Fatal(err)
	}
	if after := publish(); after.Encoded != before {
		t.Errorf("with five services more a publish encoded %d of %d pages, before %d", after.Encoded, after.PagesTotal, before)
	}
}
