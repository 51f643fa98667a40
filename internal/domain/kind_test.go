package domain

import (
	"strings"
	"testing"
	"time"
)

// The rules are written once; where the kinds differ, their descriptors say so.
func TestKindsDifferOnlyWhereTheirDescriptorsSay(t *testing.T) {
	now := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	for _, k := range Kinds {
		r := k.New()
		if r.Kind() != k {
			t.Fatalf("%s: New made a record of %s", k.Name, r.Kind().Name)
		}
		f := r.Fields()
		*f.Title, *f.Body = "Local SEO", "<p>Text</p>"
		if err := PreparePublish(r, now); err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		if *f.Slug != "local-seo" || *f.Category != DefaultCategory || *f.MetaTitle != "Local SEO" || *f.ID == "" || !f.CreatedAt.Equal(now) || !f.UpdatedAt.Equal(now) {
			t.Errorf("%s: publish defaults not applied: %+v", k.Name, r)
		}

		// A slug some page of the site uses is refused only where the pages live at the root.
		*f.Slug = "about"
		if err := Validate(r); (err != nil) != (k.PagePath == "/") || err != nil && ErrorMessage(err) != MsgSlugReserved {
			t.Errorf("%s (pages at %s) with slug %q: %v", k.Name, k.PagePath, *f.Slug, err)
		}

		// A body of one image is enough only for a kind that says so; the refusal is its own.
		img := k.New()
		*img.Fields().Title, *img.Fields().Body = "Gallery", `<p><img src="/uploads/a.png"></p>`
		if err := PreparePublish(img, now); (err == nil) != k.ImageIsBody {
			t.Errorf("%s: image-only body: %v", k.Name, err)
		}
		empty := k.New()
		*empty.Fields().Title = "Nothing Yet"
		if err := PreparePublish(empty, now); ErrorMessage(err) != k.Messages.PublishIncomplete {
			t.Errorf("%s: empty body: %v, want %q", k.Name, err, k.Messages.PublishIncomplete)
		}

		// Copy shares nothing writable.
		c := k.Copy(r)
		*c.Fields().Title = "Changed"
		if *r.Fields().Title != "Local SEO" {
			t.Errorf("%s: Copy shares fields with its original", k.Name)
		}
		if got := k.PageURL("https://site.test/", "x"); got != "https://site.test"+k.PagePath+"x/" {
			t.Errorf("%s: PageURL = %q", k.Name, got)
		}
	}
	if MsgPublishIncomplete != Blogs.Messages.PublishIncomplete || !strings.Contains(Services.Messages.PublishIncomplete, "description") {
		t.Error("the kinds' publish messages are not the spec's")
	}
}

func TestKindSortOrder(t *testing.T) {
	at := func(k *Kind, slug string, day int) Record {
		r := k.New()
		*r.Fields().Slug, *r.Fields().CreatedAt = slug, time.Date(2026, 1, day, 0, 0, 0, 0, time.UTC)
		return r
	}
	for _, k := range Kinds {
		recs := []Record{at(k, "b", 2), at(k, "a", 1), at(k, "c", 2), at(k, "d", 3)}
		k.Sort(recs)
		var got []string
		for _, r := range recs {
			got = append(got, *r.Fields().Slug)
		}
		want := "a b c d" // oldest first, ties by slug
		if k.NewestFirst {
			want = "d b c a"
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: order %v, want %s", k.Name, got, want)
		}
	}
}

func TestDecodeRecordsTellsKindsApart(t *testing.T) {
	recs, err := DecodeRecords(strings.NewReader(`[{"title":"A","content":"<p>a</p><script>x()</script>"},{"title":"B","description":"<p>b</p>"}]`))
	if err != nil || len(recs) != 2 || recs[0].Kind() != Blogs || recs[1].Kind() != Services {
		t.Fatalf("%v %v", recs, err)
	}
	if strings.Contains(*recs[0].Fields().Body, "script") {
		t.Error("body not sanitized")
	}
	for _, bad := range []string{`[{"title":"A"}]`, `[{"title":"A","content":"x","description":"y"}]`, `[{"title":"A","content":7}]`, `{}`} {
		if _, err := DecodeRecords(strings.NewReader(bad)); ErrorCode(err) != EInvalid {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
