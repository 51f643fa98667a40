package store

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// TestSearchMatchesTheRule: the byte-level prefilter of SearchMessages never hides a match:
// for every query, the search answers exactly the enquiries domain.MessageQuery.Match accepts,
// newest first, across pages.
func TestSearchMatchesTheRule(t *testing.T) {
	db := MustOpen(t)
	names := []string{"Asha Sharma", "RAHUL VERMA", "Zoë Müller", `Quote "Co"`, "A&B <Agency>", "priya"}
	var all []domain.Message
	for i := 0; i < 60; i++ {
		m := domain.Message{Name: names[i%len(names)], Email: fmt.Sprintf("p%02d@Example.IN", i), Phone: fmt.Sprintf("+91 98110 %05d", i*7),
			Message: fmt.Sprintf("Need SEO, note %d; see www.example.com", i), Status: domain.Statuses[i%4],
			CreatedAt: time.Date(2026, 1, 1, 0, i, 0, 0, time.UTC)}
		if i%9 == 0 {
			m.Status = "" // stored before statuses: new
		}
		all = append(all, m)
	}
	if err := db.ImportMessages(all); err != nil {
		t.Fatal(err)
	}
	queries := []string{"", "asha", "ASHA SH", "rahul verma", "zoë", "müller", `"co"`, "a&b", "<agency>", "example.in", "EXAMPLE.COM",
		"98110 00049", "9811000049", "00049", "note 1", "need seo", "status", "name", "spam", "nothing-like-this"}
	for _, status := range []string{"", domain.InboxAll, domain.StatusNew, domain.StatusReplied, domain.StatusArchived, domain.StatusSpam} {
		for _, text := range queries {
			q := domain.MessageQuery{Status: status, Text: text}
			var want []string
			for i := len(all) - 1; i >= 0; i-- {
				if q.Match(all[i], strings.ToLower(strings.TrimSpace(text))) {
					want = append(want, all[i].Email)
				}
			}
			var got []string
			for cursor := uint64(0); ; {
				page, next, err := db.SearchMessages(q, cursor, 7)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range page {
					got = append(got, m.Email)
				}
				if next == 0 {
					break
				}
				cursor = next
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("status %q text %q:\n got %v\nwant %v", status, text, got, want)
			}
		}
	}
	counts, err := db.MessageCounts()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{domain.InboxAll: len(all)}
	for _, m := range all {
		want[domain.StatusOf(m.Status)]++
	}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("count of %s: %d, want %d (%v)", k, counts[k], n, counts)
		}
	}
}
