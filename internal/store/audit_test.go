package store

import (
	"fmt"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

func TestAuditPagesAndFilters(t *testing.T) {
	db := MustOpen(t)
	for i := 0; i < 25; i++ {
		user := "ana"
		if i%5 == 0 {
			user = "ben"
		}
		if _, err := db.AppendAudit(domain.AuditEntry{User: user, Action: domain.AuditEdit, Kind: "blog", Target: fmt.Sprintf("post-%02d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	cursor := uint64(0)
	for pages := 0; ; pages++ {
		page, next, err := db.AuditPage(domain.AuditFilter{User: "ana"}, cursor, 7)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range page {
			if e.User != "ana" || e.At.IsZero() || e.ID == 0 {
				t.Fatalf("entry %+v", e)
			}
			got = append(got, e.Target)
		}
		if next == 0 {
			if len(page) == 0 && pages > 0 {
				t.Error("a next cursor led to an empty page")
			}
			break
		}
		cursor = next
	}
	if len(got) != 20 || got[0] != "post-24" || got[19] != "post-01" {
		t.Fatalf("ana's entries, newest first, in pages of 7: %v", got)
	}
	for i := 1; i < len(got); i++ {
		if got[i] >= got[i-1] {
			t.Fatalf("not newest first or repeated: %v", got)
		}
	}
	ben, _, err := db.AuditPage(domain.AuditFilter{User: "ben", Kind: "blog"}, 0, 100)
	if err != nil || len(ben) != 5 {
		t.Fatalf("ben's: %d %v", len(ben), err)
	}
	none, next, err := db.AuditPage(domain.AuditFilter{Kind: "enquiry"}, 0, 100)
	if err != nil || len(none) != 0 || next != 0 {
		t.Fatalf("no enquiry entries expected: %v %d %v", none, next, err)
	}
}

// The count limit evicts only routine entries: 71 quick draft saves (issue 23.5) leave every
// earlier sign-in, role change, deletion and publish in place, and the newest saves up to the
// limit.
func TestAuditRetention(t *testing.T) {
	db := MustOpen(t)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	db.now = func() time.Time { return now }
	db.SetAuditRetention(domain.AuditRetention{MaxEntries: 10})
	kept := []domain.AuditEntry{
		{User: "ana", Action: domain.AuditSignIn, Kind: "session"},
		{User: "ana", Action: domain.AuditRoleChange, Kind: "account", Target: "edith", Detail: "editor"},
		{User: "ana", Action: domain.AuditDelete, Kind: "blog", Target: "old"},
		{User: "ana", Action: domain.AuditPublish, Kind: "blog", Target: "new"},
		{User: "ana", Action: domain.AuditEdit, Kind: "blog", Target: "new", Detail: "published"},
	}
	for _, e := range kept {
		if _, err := db.AppendAudit(e); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 71; i++ {
		e := domain.AuditEntry{User: "edith", Action: domain.AuditSave, Kind: "blog", Target: fmt.Sprint(i)}
		if i%2 == 1 {
			e.Action, e.Detail = domain.AuditEdit, "preview"
		}
		if _, err := db.AppendAudit(e); err != nil {
			t.Fatal(err)
		}
	}
	all, _, _ := db.AuditPage(domain.AuditFilter{}, 0, 100)
	if len(all) != 15 || all[0].Target != "70" || all[9].Target != "61" {
		t.Fatalf("count retention kept %d: %+v", len(all), all)
	}
	for i, e := range all[10:] {
		if want := kept[len(kept)-1-i]; e.Action != want.Action || e.Target != want.Target {
			t.Fatalf("security entry %d: %+v, want %+v", i, e, want)
		}
	}

	// By age: two days later, the entries older than MaxAge go when the next is appended.
	db.SetAuditRetention(domain.AuditRetention{MaxAge: 24 * time.Hour})
	now = now.Add(48 * time.Hour)
	if _, err := db.AppendAudit(domain.AuditEntry{User: "ana", Action: domain.AuditPublish, Kind: "blog", Target: "fresh"}); err != nil {
		t.Fatal(err)
	}
	all, _, _ = db.AuditPage(domain.AuditFilter{}, 0, 100)
	for _, e := range all {
		if now.Sub(e.At) > 24*time.Hour {
			t.Errorf("entry older than the retention kept: %+v", e)
		}
	}
	if len(all) != 1 || all[0].Target != "fresh" {
		t.Fatalf("after age retention: %+v", all)
	}
}

// A database written before the routine entries were indexed gets its index at the next open,
// and the count limit then evicts its old saves, not its sign-ins.
func TestAuditIndexIsBuiltForAnOlderDatabase(t *testing.T) {
	db := MustOpen(t)
	path := db.Path()
	for _, a := range []string{domain.AuditSignIn, domain.AuditSave, domain.AuditSave, domain.AuditSave} {
		if _, err := db.AppendAudit(domain.AuditEntry{User: "ana", Action: a, Kind: "blog"}); err != nil {
			t.Fatal(err)
		}
	}
	mustDo(t, db.bolt.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketAuditLow) }))
	db.Close()
	db, err := Open(path, Options{})
	mustDo(t, err)
	defer db.Close()
	db.SetAuditRetention(domain.AuditRetention{MaxEntries: 1})
	if _, err := db.AppendAudit(domain.AuditEntry{User: "ana", Action: domain.AuditSave, Kind: "blog"}); err != nil {
		t.Fatal(err)
	}
	all, _, _ := db.AuditPage(domain.AuditFilter{}, 0, 100)
	if len(all) != 2 || all[0].Action != domain.AuditSave || all[1].Action != domain.AuditSignIn {
		t.Fatalf("after the reopen: %+v", all)
	}
}
