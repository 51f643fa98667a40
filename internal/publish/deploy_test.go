package publish

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/s3test"
)

// TestTheQueuesDeployKeepsTheCountsAndLetsTheLastPostGo: the admin server's deploys record in
// the store's manifest how many posts the site shows (for sitegen deploy's guard), and an
// admin's deletion of the last post is deployed, not refused by that guard.
func TestTheQueuesDeployKeepsTheCountsAndLetsTheLastPostGo(t *testing.T) {
	repo := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(repo, "site", "dist", "server", "entry-server.js")); err != nil {
		if os.Getenv("REQUIRE_SITE_BUNDLE") != "" {
			t.Fatal("site bundle required")
		}
		t.Skip("site bundle not built")
	}
	dir := t.TempDir()
	db := openDB(t)
	if err := db.Import([]domain.Blog{{Title: "The only post", Slug: "the-only-post", Content: "<p>Words.</p>", Category: "News",
		CreatedAt: time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)}}, nil); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "dist")
	b, err := generator.New(generator.Config{ContentDir: filepath.Join(repo, "internal", "contentdir", "testdata", "content"),
		OutDir: out, SiteDir: filepath.Join(repo, "site"), UploadsDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	srv := s3test.Start(t)
	bucket := srv.Bucket(t)
	d, err := deploy.New(deploy.Config{Target: deploy.Target{Bucket: bucket}, Endpoint: srv.Endpoint, Region: "us-east-1",
		AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
	if err != nil {
		t.Fatal(err)
	}
	q := newQueue(t, db, NewSite(b, db))
	q.DeployTo(d, out)
	storedPosts := func() *domain.SiteCounts {
		t.Helper()
		var m deploy.Manifest
		if err := json.Unmarshal(srv.Get(t, bucket, deploy.ManifestKey).Data, &m); err != nil {
			t.Fatal(err)
		}
		return m.Records
	}
	build := func(reason string) {
		t.Helper()
		rec := waitWithin(t, q.Request(false, reason), time.Minute)
		if rec.Status != StatusOK || rec.Deploy == nil || rec.Deploy.Status != StatusOK {
			t.Fatalf("%s: build %s %q, deploy %+v", reason, rec.Status, rec.Error, rec.Deploy)
		}
	}
	build("first")
	if c := storedPosts(); c == nil || c.Posts != 1 {
		t.Fatalf("the store's manifest counts %+v", c)
	}
	if err := db.DeleteBlog("the-only-post"); err != nil {
		t.Fatal(err)
	}
	build("the admin deleted the last post")
	if c := storedPosts(); c == nil || c.Posts != 0 {
		t.Fatalf("after the deletion, the store's manifest counts %+v", c)
	}
	if _, ok := srv.Objects(t, bucket, "blog/the-only-post/")["blog/the-only-post/index.html"]; ok {
		t.Fatal("the deleted post is still on the store")
	}
}
