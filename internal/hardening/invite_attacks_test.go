package hardening

import (
	"digitalreeviver/internal/poll"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

var inviteLinkPattern = regexp.MustCompile(regexp.QuoteMeta(siteURL) + `/admin/invite/([A-Za-z0-9_-]+)`)

// invite has the admin (c) invite email as role and answers the link's token from the mail.
func invite(t *testing.T, s *server, c *client, email, role string) string {
	t.Helper()
	before := len(outboxFiles(s.outbox()))
	if r := c.mustJSON(t, "POST", "/api/people/invites", map[string]string{"email": email, "role": role}); r.status != 201 {
		t.Fatalf("invite %s: %s", email, r)
	}
	var token string
	poll.Until(t, "the invitation mail to "+email, func() bool {
		for _, f := range outboxFiles(s.outbox()) {
			if hdr, body := readMail(t, f); strings.Contains(hdr.Get("To"), email) {
				if m := inviteLinkPattern.FindStringSubmatch(body); m != nil && len(outboxFiles(s.outbox())) > before {
					token = m[1]
				}
			}
		}
		return token != ""
	}, poll.Within(20*time.Second))
	return token
}

// Made-up invitation and reset links are refused before any password is hashed: 100 accepts and
// 100 resets at once from 100 addresses each (so no per-address limit applies) all get 400
// with the link's message, none is told the server is busy, and the server's peak memory
// barely moves. Before, the accept hashed the password (19 MiB of argon2id) before looking at
// the link, outside the password gate: 100 such accepts took the server from 131 MB to 1.86 GB.
// A real invitation is accepted afterwards.
func TestMadeUpLinksCostNoPasswordHash(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	admin := s.client().login(t)
	var clients []*client
	for i := 0; i < 200; i++ {
		clients = append(clients, s.clientFrom(fmt.Sprintf("127.0.%d.%d", 30+i/100, 2+i%100)))
	}
	before := s.peakRSS()
	replies := burst(t, 200, func(i int) (reply, error) {
		bogus := fmt.Sprintf("made-up-link-%03d-%s", i, strings.Repeat("x", 30))
		if i%2 == 0 {
			return clients[i].sendJSON("POST", "/invite/accept", map[string]string{"token": bogus,
				"username": fmt.Sprintf("intruder%d", i), "password": "a-long-enough-password"})
		}
		return clients[i].sendJSON("POST", "/reset-password", map[string]string{"token": bogus, "newPassword": "a-long-enough-password"})
	})
	peak := s.peakRSS()
	n := statusCount(replies)
	t.Logf("100 accepts and 100 resets with made-up links at once: %v; peak memory %d MiB before, %d MiB after", n, before, peak)
	for i, r := range replies {
		want := "This invitation is invalid or has expired. Ask an admin for a new one."
		if i%2 == 1 {
			want = "Invalid or expired token."
		}
		if r.status != 400 || r.errorMessage() != want {
			t.Fatalf("made-up link %d: %s, want 400 %q", i, r, want)
		}
	}
	// Without a hash, the burst costs buffers and goroutines; with one per request (outside the
	// gate, as the accept was) it cost gigabytes, and through the gate it would have answered 503.
	const limit = 60
	if grown := peak - before; grown > limit {
		t.Errorf("peak memory grew by %d MiB under the burst (from %d to %d MiB)", grown, before, peak)
	}
	token := invite(t, s, admin, "ravi@example.com", "editor")
	r := s.clientFrom("127.0.32.2").mustJSON(t, "POST", "/invite/accept", map[string]string{"token": token,
		"username": "ravi", "password": "a-long-enough-password"})
	if r.status != 201 {
		t.Fatalf("a real invitation after the burst: %s", r)
	}
}

// An invitation lapses with its sender's authority: an admin invites two people and is then
// removed, another invites one and is then made an editor; each of those links is refused on
// check and on accept with a message that says why (naming the sender), no account is made, and
// the People screen no longer lists them as pending. (Before, the removed admin's invitation
// still made a new admin.) A new invitation of the same address from a current admin works.
func TestInvitationLapsesWithItsSender(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	admin := s.client().login(t)
	join := func(token, username string) *client {
		t.Helper()
		r := s.client().mustJSON(t, "POST", "/invite/accept", map[string]string{"token": token, "username": username, "password": "a-long-enough-password"})
		tok, _ := r.json()["token"].(string)
		if r.status != 201 || tok == "" {
			t.Fatalf("%s joins: %s", username, r)
		}
		c := s.client()
		c.token = tok
		return c
	}
	bob := join(invite(t, s, admin, "bob@example.com", "admin"), "bob")
	erin := join(invite(t, s, admin, "erin@example.com", "admin"), "erin")
	lapsed := map[string]string{ // token → its sender
		invite(t, s, bob, "carol@example.com", "admin"):  "bob",
		invite(t, s, bob, "dave@example.com", "editor"):  "bob",
		invite(t, s, erin, "frank@example.com", "admin"): "erin",
	}
	if r := admin.mustJSON(t, "DELETE", "/api/people/bob", nil); r.status != 200 {
		t.Fatalf("remove bob: %s", r)
	}
	if r := admin.mustJSON(t, "PATCH", "/api/people/erin", map[string]string{"role": "editor"}); r.status != 200 {
		t.Fatalf("demote erin: %s", r)
	}
	for token, sender := range lapsed {
		want := "This invitation is no longer valid: " + sender + ", who sent it, can no longer invite people. Ask an admin for a new one."
		if r := s.client().mustJSON(t, "POST", "/invite/check", map[string]string{"token": token}); r.status != 400 || r.errorMessage() != want {
			t.Errorf("check of %s's invitation: %s", sender, r)
		}
		r := s.client().mustJSON(t, "POST", "/invite/accept", map[string]string{"token": token, "username": "intruder", "password": "a-long-enough-password"})
		if r.status != 400 || r.errorMessage() != want {
			t.Errorf("accept of %s's invitation: %s", sender, r)
		}
	}
	if r := admin.mustJSON(t, "GET", "/api/people", nil); r.status != 200 || strings.Contains(string(r.body), "intruder") ||
		strings.Contains(string(r.body), "carol@") || strings.Contains(string(r.body), "frank@") {
		t.Errorf("people after the lapse: %s", r)
	}
	join(invite(t, s, admin, "carol@example.com", "editor"), "carol")
}
