package hardening

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// An enquiry flood from many addresses is bounded: besides five a minute per address, one
// subnet gets a burst of 30 and the whole site 120 (then 20 and 60 a minute), answered 429 with
// Retry-After and a message; fields are capped at what a person writes, with clear 400
// messages; and the admin's list comes in pages, newest first, bounded without parameters too.
// (Before, 150 addresses stored 1,500 enquiries of 5,000 emoji in 2 s and GET /popups answered
// all of them at once.)
func TestEnquiryFloodIsBounded(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	const busy = "We are receiving too many messages right now. Please try again in a few minutes."

	// Field caps, from their own subnet before the flood.
	caps := s.clientFrom("127.0.20.2")
	with := func(k, v string) map[string]any { m := enquiry("caps"); m[k] = v; return m }
	for _, tt := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"a message of 2001 characters", with("message", strings.Repeat("a", 2001)), "Message must be at most 2000 characters."},
		{"5000 emoji", with("message", strings.Repeat("😀", 5000)), "Message must be at most 2000 characters."},
		{"a name of 101 characters", with("name", strings.Repeat("n", 101)), "Name must be one line of at most 100 characters."},
		{"a phone of 33 characters", with("phone", "+91 "+strings.Repeat("9", 29)), "Phone number must be valid."},
	} {
		if r := caps.mustJSON(t, "POST", "/popup", tt.body); r.status != 400 || r.errorMessage() != tt.want {
			t.Errorf("%s: %s", tt.name, r)
		}
	}
	stored := 0
	if r := caps.mustJSON(t, "POST", "/popup", with("message", strings.Repeat("😀", 2000))); r.status != 200 {
		t.Errorf("a message of 2000 characters: %s", r)
	} else {
		stored++
	}

	start := time.Now()
	checkBusy := func(what string, replies []reply) int {
		t.Helper()
		n := statusCount(replies)
		if n[200]+n[429] != len(replies) {
			t.Errorf("%s: answers by status %v", what, n)
		}
		for _, r := range replies {
			if r.status == 429 && (r.header.Get("Retry-After") == "" || r.errorMessage() != busy) {
				t.Fatalf("%s: refusal %s (Retry-After %q)", what, r, r.header.Get("Retry-After"))
			}
		}
		return n[200]
	}
	// Forty addresses of one subnet at once.
	one := checkBusy("40 addresses of one subnet", burst(t, 40, func(i int) (reply, error) {
		return s.clientFrom(fmt.Sprintf("127.0.7.%d", 2+i)).sendJSON("POST", "/popup", enquiry(fmt.Sprintf("subnet-%d", i)))
	}))
	if bound := 30 + int(20*time.Since(start).Minutes()) + 1; one > bound {
		t.Errorf("one subnet stored %d enquiries at once; its limit allows %d", one, bound)
	}
	// Forty addresses in each of five more subnets, all at once.
	many := checkBusy("40 addresses in each of 5 subnets", burst(t, 200, func(i int) (reply, error) {
		return s.clientFrom(fmt.Sprintf("127.0.%d.%d", 10+i/40, 2+i%40)).sendJSON("POST", "/popup", enquiry(fmt.Sprintf("site-%d", i)))
	}))
	if bound := 120 + int(60*time.Since(start).Minutes()) + 1; one+many > bound {
		t.Errorf("the site stored %d enquiries at once; its limit allows %d", one+many, bound)
	}
	stored += one + many

	admin := s.clientFrom("127.0.30.2").login(t)
	// Without parameters the list is bounded (the spec's clients still get an array).
	r := admin.must(t, "GET", "/popups", nil, "")
	first := r.json() // nil: an array
	var page []map[string]any
	if err := json.Unmarshal(r.body, &page); err != nil || first != nil || len(page) != min(stored, 100) {
		t.Fatalf("GET /popups without parameters: %d enquiries of %d (%v)", len(page), stored, err)
	}
	if stored > 100 && (r.header.Get("X-Next-Cursor") == "" || !strings.Contains(r.header.Get("Link"), `rel="next"`)) {
		t.Errorf("no next page announced: %v", r.header)
	}
	// Page by page: every enquiry once, newest first.
	seen := map[string]bool{}
	var last string
	path := "/popups?limit=50"
	for pages := 0; path != ""; pages++ {
		r := admin.must(t, "GET", path, nil, "")
		var list []map[string]any
		if err := json.Unmarshal(r.body, &list); err != nil || r.status != 200 || len(list) > 50 || pages > 10 {
			t.Fatalf("GET %s: %s", path, r)
		}
		for _, m := range list {
			id, _ := m["_id"].(string)
			created, _ := m["createdAt"].(string)
			if seen[id] || last != "" && created > last {
				t.Fatalf("page %d: %s repeated or out of order (%s after %s)", pages, id, created, last)
			}
			seen[id], last = true, created
		}
		path = ""
		if next := r.header.Get("X-Next-Cursor"); next != "" {
			path = "/popups?limit=50&cursor=" + next
		}
	}
	if len(seen) != stored {
		t.Errorf("the pages hold %d enquiries, %d were stored", len(seen), stored)
	}
	for _, q := range []string{"limit=0", "limit=501", "limit=abc", "limit=-1", "cursor=abc", "cursor=0", "cursor=-5"} {
		if r := admin.must(t, "GET", "/popups?"+q, nil, ""); r.status != 400 || r.errorMessage() == "" {
			t.Errorf("GET /popups?%s: %s", q, r)
		}
	}
	r = admin.must(t, "GET", "/popups.csv", nil, "")
	rows, err := csv.NewReader(bytes.NewReader(r.body)).ReadAll()
	if err != nil || len(rows) != stored+1 {
		t.Errorf("the CSV export holds %d rows for %d enquiries (%v)", len(rows)-1, stored, err)
	}
}
