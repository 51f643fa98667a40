package store

import (
	"fmt"
	"testing"
	"time"

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

func TestAuditRetention(t *testing.T) {
	db := MustOpen(t)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	db.now = func() time.Time { return now }
	db.SetAuditRetention(domain.AuditRetention{MaxEntries: 10})
	for i := 0; i < 30; i++ {
		if _, err := db.AppendAudit(domain.AuditEntry{User: "ana", Action: domain.AuditEdit, Kind: "blog", Target: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	all, _, _ := db.AuditPage(domain.AuditFilter{}, 0, 100)
	if len(all) != 10 || all[0].Target != "29" || all[9].Target != "20" {
		t.Fatalf("count retention kept %d: %+v", len(all), all)
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
