package generator

import (
	"crypto/sha256"
	"reflect"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// Every field of a record is an input: changing any one of them changes the inputs hash, so a
// build never skips planning after an edit.
func TestHashValueCoversEveryField(t *testing.T) {
	base := domain.Blog{ID: "1", Title: "T", Slug: "s", Content: "<p>c</p>", Category: "C", Image: "/i.png",
		MetaTitle: "M", MetaDescription: "D", FocusKeyword: "K", CreatedAt: time.Unix(1, 0), UpdatedAt: time.Unix(2, 0)}
	sum := func(v any) string {
		h := sha256.New()
		if err := hashValue(h, reflect.ValueOf(v)); err != nil {
			t.Fatal(err)
		}
		return string(h.Sum(nil))
	}
	want := sum([]domain.Blog{base})
	rv := reflect.ValueOf(&base).Elem()
	for i := 0; i < rv.NumField(); i++ {
		changed := base
		f := reflect.ValueOf(&changed).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Pointer: // a *Review or a *HandBack: one of its first string field set
			p := reflect.New(f.Type().Elem())
			p.Elem().Field(0).SetString("x")
			f.Set(p)
		default:
			f.Set(reflect.ValueOf(time.Unix(99, 0)))
		}
		if sum([]domain.Blog{changed}) == want {
			t.Errorf("changing %s leaves the hash as it was", rv.Type().Field(i).Name)
		}
	}
	if sum([]domain.Blog{base, base}) == want || sum([]domain.Service{{Title: "T"}}) == sum([]domain.Service{{Slug: "T"}}) {
		t.Error("hash ignores the number of records or which field holds a value")
	}
}

// The chunked, parallel sum of many records is the same every time, and any record changes it.
func TestHashRecordsIsStable(t *testing.T) {
	blogs := make([]domain.Blog, 600)
	for i := range blogs {
		blogs[i] = domain.Blog{Slug: strings.Repeat("s", i%7) + string(rune('a'+i%26)), Content: strings.Repeat("<p>x</p>", i%50)}
	}
	sum := func() string {
		h := sha256.New()
		if err := hashRecords(h, reflect.ValueOf(blogs)); err != nil {
			t.Fatal(err)
		}
		return string(h.Sum(nil))
	}
	first := sum()
	for i := 0; i < 5; i++ {
		if sum() != first {
			t.Fatal("the sum of the same records differs between runs")
		}
	}
	blogs[431].Content += " "
	if sum() == first {
		t.Fatal("a changed record leaves the sum as it was")
	}
}
