package api

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/store"
)

// What a scenario row left in the store, read back after the call: a row that answers success
// for a change says what must now be stored (its stored check); every other row must leave the
// store as it was (storeDigest), so a refused call is seen to write nothing, not even part.

// check reads the store after a scenario's call.
type check func(t *testing.T, e *testEnv)

func all(checks ...check) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		for _, c := range checks {
			c(t, e)
		}
	}
}

// storeDigest hashes every bucket of the database but the audit log (a refused sign-in is
// recorded there, on purpose).
func (e *testEnv) storeDigest() map[string]string {
	e.t.Helper()
	out := map[string]string{}
	err := e.db.Bolt().View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			if string(name) == "audit" {
				return nil
			}
			h := sha256.New()
			var walk func(b *bolt.Bucket)
			walk = func(b *bolt.Bucket) {
				_ = b.ForEach(func(k, v []byte) error {
					h.Write(k)
					h.Write([]byte{0})
					if v == nil {
						walk(b.Bucket(k))
					} else {
						h.Write(v)
					}
					h.Write([]byte{0})
					return nil
				})
			}
			walk(b)
			out[string(name)] = hex.EncodeToString(h.Sum(nil))
			return nil
		})
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}

// storedRecord: k's record at stage st with slug holds want, by field: title, body (a blog's
// content, a service's description), category, image, metaTitle, metaDescription,
// focusKeyword, createdAt (RFC 3339). An image "/uploads/*" is any new upload, whose record and
// file must exist.
func storedRecord(k *domain.Kind, st store.Stage, slug string, want map[string]string) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		rec, err := e.db.Record(k, st, slug)
		if err != nil {
			t.Fatalf("stored %s %q: %v", k.Name, slug, err)
		}
		f := rec.Fields()
		got := map[string]string{"title": *f.Title, "body": *f.Body, "category": *f.Category, "image": *f.Image,
			"metaTitle": *f.MetaTitle, "metaDescription": *f.MetaDescription, "focusKeyword": *f.FocusKeyword,
			"createdAt": f.CreatedAt.UTC().Format(time.RFC3339)}
		for field, w := range want {
			if prefix, ok := strings.CutSuffix(w, "*"); ok {
				if !strings.HasPrefix(got[field], prefix) || got[field] == "/uploads/"+fixtureUpload {
					t.Errorf("stored %s %q: %s = %q, want a new %s…", k.Name, slug, field, got[field], prefix)
				}
				continue
			}
			if got[field] != w {
				t.Errorf("stored %s %q: %s = %q, want %q", k.Name, slug, field, got[field], w)
			}
		}
		if img := got["image"]; strings.HasPrefix(img, "/uploads/") {
			uploadStored(strings.TrimPrefix(img, "/uploads/"))(t, e)
		}
	}
}

// noRecord: k has no record at stage st with slug.
func noRecord(k *domain.Kind, st store.Stage, slug string) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		if _, err := e.db.Record(k, st, slug); domain.ErrorCode(err) != domain.ENotFound {
			t.Errorf("%s %q still stored (%v)", k.Name, slug, err)
		}
	}
}

// trashed: the trash holds k's record with slug, deleted from stage ("published", "preview").
func trashed(k *domain.Kind, slug, stage string) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		items, err := e.db.Trash()
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			if it.Kind == k.Plural && it.Slug == slug && it.Stage == stage && it.Username == testUser {
				return
			}
		}
		t.Errorf("no %s %s %q in the trash: %+v", stage, k.Name, slug, items)
	}
}

// uploadStored: the upload has its record and its file.
func uploadStored(name string) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		if _, err := e.db.Upload(name); err != nil {
			t.Errorf("upload %s: no record: %v", name, err)
		}
		if _, err := os.Stat(filepath.Join(e.dir, "uploads", name)); err != nil {
			t.Errorf("upload %s: no file: %v", name, err)
		}
	}
}

// newUpload: one upload besides the fixture's, of type typ, with its file.
func newUpload(typ string) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		list, err := e.db.Uploads()
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[1].Type != typ || list[1].CreatedBy != testUser {
			t.Fatalf("uploads: %+v, want the fixture and one %s", list, typ)
		}
		uploadStored(list[1].Name)(t, e)
	}
}

// enquiryStored: the one stored enquiry is m's (name, email, phone, message, source), new, and its
// notification is queued.
func enquiryStored(m domain.Message) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		list, err := e.db.Messages()
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 {
			t.Fatalf("%d enquiries stored, want 1", len(list))
		}
		g := list[0]
		if g.Name != m.Name || g.Email != m.Email || g.Phone != m.Phone || g.Message != m.Message || domain.StatusOf(g.Status) != domain.StatusNew {
			t.Errorf("stored enquiry %+v, want %+v", g, m)
		}
		mailQueued("enquiry", "team@example.com", g.ID)(t, e)
	}
}

// mailQueued: exactly one mail job is stored, of kind to to (with ref, when given). A job the
// handler submits in the background is on disk once the services are closed.
func mailQueued(kind, to, ref string) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		e.closeServices()
		jobs, _, err := e.db.MailJobs(0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) != 1 || jobs[0].Kind != kind || jobs[0].To != to || (ref != "" && jobs[0].Ref != ref) {
			t.Errorf("mail jobs %+v, want one %s mail to %s", jobs, kind, to)
		}
	}
}

// noMail: no mail job is stored, also none submitted in the background.
func noMail(t *testing.T, e *testEnv) {
	t.Helper()
	e.closeServices()
	if jobs, _, _ := e.db.MailJobs(0, 10); len(jobs) != 0 {
		t.Errorf("mail jobs %+v, want none", jobs)
	}
}

// built: the store records n builds, the newest done and clean as said.
func built(n int, clean bool) check {
	return func(t *testing.T, e *testEnv) {
		t.Helper()
		var list []buildRecord
		poll.Until(t, "the build recorded", func() bool {
			b, _ := e.builds.Builds()
			list = list[:0]
			for _, x := range b {
				list = append(list, buildRecord{x.Status, x.Clean})
			}
			return len(list) == n && list[0].status == "ok"
		})
		if list[0].clean != clean {
			t.Errorf("builds %+v, want the newest clean=%t", list, clean)
		}
	}
}

type buildRecord struct {
	status string
	clean  bool
}

// signedIn: the admin's sign-in is audited.
func signedIn(t *testing.T, e *testEnv) {
	t.Helper()
	list, _, err := e.db.AuditPage(domain.AuditFilter{}, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range list {
		if a.User == testUser && a.Action == domain.AuditSignIn {
			return
		}
	}
	t.Errorf("no sign-in in the audit log: %+v", list)
}
