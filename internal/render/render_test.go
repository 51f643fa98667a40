package render

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The site facts cross the pipe only when they differ from the last ones a process read: pages
// rendered in a row with one site, then another, then the first again, each show their own.
func TestRenderSendsTheSiteOnlyWhenItChanges(t *testing.T) {
	siteDir, _ := filepath.Abs(filepath.Join("..", "..", "site"))
	r, err := New(Options{SiteDir: siteDir})
	if errors.Is(err, ErrBundleMissing) && os.Getenv("REQUIRE_SITE_BUNDLE") == "" {
		t.Skip("site bundle not built (make site)")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	raw, err := os.ReadFile(filepath.Join(siteDir, "dev", "fixture.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Site  map[string]any `json:"site"`
		Pages map[string]struct {
			Route string          `json:"route"`
			Props json.RawMessage `json:"props"`
		} `json:"pages"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	siteA, _ := json.Marshal(fixture.Site)
	fixture.Site["name"] = "Another Agency Name"
	siteB, _ := json.Marshal(fixture.Site)
	page := fixture.Pages["notFound"]
	for i, site := range []json.RawMessage{siteA, siteA, siteB, siteB, siteA} {
		got, err := r.Render(context.Background(), "notFound", page.Route, site, page.Props)
		if err != nil {
			t.Fatalf("render %d: %v", i, err)
		}
		another := strings.Contains(got.HTML(), "Another Agency Name")
		if want := string(site) == string(siteB); another != want {
			t.Fatalf("render %d: shows the other site's name: %v, want %v", i, another, want)
		}
	}
}
