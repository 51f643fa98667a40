package build

import (
	"crypto/sha256"
	"reflect"
	"testing"
	"time"

	"digitalreeviver/internal/content"
)

// Every field of a record is an input: changing any one of them changes the inputs hash, so a
// build never skips planning after an edit.
func TestHashValueCoversEveryField(t *testing.T) {
	base := content.Blog{ID: "1", Title: "T", Slug: "s", Content: "<p>c</p>", Category: "C", Image: "/i.png",
		MetaTitle: "M", MetaDescription: "D", FocusKeyword: "K", CreatedAt: time.Unix(1, 0), UpdatedAt: time.Unix(2, 0)}
	sum := func(v any) string {
		h := sha256.New()
		if err := hashValue(h, reflect.ValueOf(v)); err != nil {
			t.Fatal(err)
		}
		return string(h.Sum(nil))
	}
	want := sum([]content.Blog{base})
	rv := reflect.ValueOf(&base).Elem()
	for i := 0; i < rv.NumField(); i++ {
		changed := base
		f := reflect.ValueOf(&changed).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		default:
			f.Set(reflect.ValueOf(time.Unix(99, 0)))
		}
		if sum([]content.Blog{changed}) == want {
			t.Errorf("changing %s leaves the hash as it was", rv.Type().Field(i).Name)
		}
	}
	if sum([]content.Blog{base, base}) == want || sum([]content.Service{{Title: "T"}}) == sum([]content.Service{{Slug: "T"}}) {
		t.Error("hash ignores the number of records or which field holds a value")
	}
}
