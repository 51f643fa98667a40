package hardening

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/poll"
)

// mailJobs lists the server's mail jobs through GET /api/mail (newest first, one page of 500).
func (c *client) mailJobs(t *testing.T) []map[string]any {
	t.Helper()
	r := c.must(t, "GET", "/api/mail?limit=500", nil, "")
	var jobs []map[string]any
	if err := json.Unmarshal(r.body, &jobs); err != nil || r.status != 200 {
		t.Fatalf("GET /api/mail: %s", r)
	}
	return jobs
}

func jobsOf(jobs []map[string]any, kind string) []map[string]any {
	var out []map[string]any
	for _, j := range jobs {
		if j["kind"] == kind {
			out = append(out, j)
		}
	}
	return out
}

// Reset mail cannot be crowded out by visitors: with a mail server that holds every enquiry
// notification, a flood of enquiries from many addresses is followed by a reset request, and
// the reset mail arrives while the notifications still wait, because each kind of mail has its
// own queue. Every stored enquiry has its notification job, none dropped; once the server lets
// them through, each is delivered once. (Before, notifications and reset mail shared one queue
// of 256: with a slow mail server 143 jobs were dropped and the reset mail never came.)
func TestResetMailIsNeverCrowdedOut(t *testing.T) {
	t.Parallel()
	peer := startSMTP(t)
	peer.hold(notifyEmail)
	s := newServer(t, opts{env: []string{"SMTP_URL=" + peer.url()}})
	admin := s.clientFrom("127.0.70.3").login(t)

	replies := burst(t, 300, func(i int) (reply, error) {
		c := s.clientFrom(fmt.Sprintf("127.0.%d.%d", 60+i/30, 2+i%30))
		return c.sendJSON("POST", "/popup", enquiry(fmt.Sprintf("flood-%03d", i)))
	})
	n := statusCount(replies)
	if n[200] == 0 || n[200]+n[429] != len(replies) {
		t.Fatalf("enquiries by status: %v", n)
	}
	peer.waitUntil(20*time.Second, "the first notification to reach the mail server", func() bool { return peer.holding[notifyEmail] > 0 })

	if r := s.clientFrom("127.0.70.2").mustJSON(t, "POST", "/admin/forgot-password", map[string]string{"email": adminEmail}); r.status != 200 {
		t.Fatalf("forgot-password: %s", r)
	}
	peer.waitUntil(20*time.Second, "the reset mail while notifications are held", func() bool { return len(peer.to(adminEmail)) == 1 })
	if body := peer.received(adminEmail)[0].body(t); !resetLink.MatchString(body) {
		t.Errorf("reset mail without a link:\n%s", body)
	}

	// The mail server has the reset mail; its job is marked sent once the server has stored the
	// end of the exchange, a moment later: wait for that stored status, not for the mail.
	poll.Until(t, "the reset job stored as sent", func() bool {
		resets := jobsOf(admin.mailJobs(t), "reset")
		return len(resets) == 1 && resets[0]["status"] == "sent"
	}, poll.Within(20*time.Second))

	stored := admin.enquiries(t)
	jobs := admin.mailJobs(t)
	notifications := jobsOf(jobs, "enquiry")
	if len(notifications) != len(stored) || len(stored) != n[200] {
		t.Fatalf("%d enquiries acknowledged, %d stored, %d notification jobs", n[200], len(stored), len(notifications))
	}
	for _, j := range notifications {
		if st := j["status"]; st != "queued" && st != "sending" {
			t.Errorf("notification job while the mail server holds them: %v", j)
		}
	}
	if resets := jobsOf(jobs, "reset"); len(resets) != 1 || resets[0]["status"] != "sent" || resets[0]["to"] != adminEmail {
		t.Errorf("reset jobs: %v", resets)
	}

	peer.release(notifyEmail)
	peer.waitUntil(60*time.Second, "every notification", func() bool { return len(peer.to(notifyEmail)) >= len(stored) })
	seen := map[string]int{}
	for _, m := range peer.received(notifyEmail) {
		body := m.body(t)
		if i := strings.Index(body, "Enquiry flood-"); i >= 0 {
			seen[body[i:i+len("Enquiry flood-000")]]++
		}
	}
	for _, e := range stored {
		if msg, _ := e["message"].(string); seen[msg] != 1 {
			t.Errorf("enquiry %q was notified %d times", msg, seen[msg])
		}
	}
	poll.Until(t, "every notification job marked sent", func() bool {
		for _, j := range jobsOf(admin.mailJobs(t), "enquiry") {
			if j["status"] != "sent" {
				return false
			}
		}
		return true
	}, poll.Within(20*time.Second))
}

// Mail that cannot be sent is kept, retried from disk and shown to the admin: while the mail
// server refuses, GET /api/mail shows each job retrying with the server's error; after a kill
// -9 and a restart with the server mended, both are sent (the reset mail with a link that
// works); a job refused again is sent at once when the admin asks for a retry; a mail cut off
// by the kill is sent after the restart.
func TestUndeliverableMailIsRetriedFromDisk(t *testing.T) {
	t.Parallel()
	peer := startSMTP(t)
	peer.setRefusing(true)
	o := opts{env: []string{"SMTP_URL=" + peer.url()}}
	s := newServer(t, o)
	admin := s.clientFrom("127.0.71.3").login(t)
	visitor := s.clientFrom("127.0.71.2")
	status := func(c *client, kind string) map[string]any {
		jobs := jobsOf(c.mailJobs(t), kind)
		if len(jobs) == 0 {
			return nil
		}
		return jobs[0]
	}

	if r := visitor.mustJSON(t, "POST", "/popup", enquiry("refused-a")); r.status != 200 {
		t.Fatalf("enquiry: %s", r)
	}
	if r := visitor.mustJSON(t, "POST", "/admin/forgot-password", map[string]string{"email": adminEmail}); r.status != 200 {
		t.Fatalf("forgot-password: %s", r)
	}
	for _, kind := range []string{"enquiry", "reset"} {
		poll.Until(t, kind+" mail retrying", func() bool { j := status(admin, kind); return j != nil && j["status"] == "retrying" }, poll.Within(20*time.Second))
		j := status(admin, kind)
		if err, _ := j["lastError"].(string); !strings.Contains(err, "451") || j["attempts"] != float64(1) || j["nextAttemptAt"] == nil {
			t.Errorf("%s job after a refusal: %v", kind, j)
		}
	}
	if r := admin.anon().must(t, "GET", "/api/mail", nil, ""); r.status != 401 {
		t.Errorf("GET /api/mail without a token: %s", r)
	}

	// Killed, mended, restarted: the waiting jobs are sent from disk.
	s.kill()
	peer.setRefusing(false)
	s = startServer(t, s.dir, o)
	admin.base, visitor.base = s.url, s.url
	peer.waitUntil(20*time.Second, "both mails after the restart", func() bool {
		return len(peer.to(notifyEmail)) == 1 && len(peer.to(adminEmail)) == 1
	})
	link := resetLink.FindStringSubmatch(peer.received(adminEmail)[0].body(t))
	if link == nil {
		t.Fatal("the reset mail sent after the restart has no link")
	}
	if r := visitor.mustJSON(t, "POST", "/reset-password", map[string]string{"token": link[1], "newPassword": "Restarted-passw0rd"}); r.status != 200 {
		t.Errorf("the link of the retried reset mail: %s", r)
	}
	// The reset revoked the session: sign in with the new password.
	r := admin.anon().mustJSON(t, "POST", "/admin/login", creds(adminUser, "Restarted-passw0rd"))
	if admin.token, _ = r.json()["token"].(string); admin.token == "" {
		t.Fatalf("sign-in with the new password: %s", r)
	}
	for _, kind := range []string{"enquiry", "reset"} {
		poll.Until(t, kind+" job sent", func() bool { return status(admin, kind)["status"] == "sent" }, poll.Within(10*time.Second))
		if j := status(admin, kind); j["attempts"] != float64(2) || j["sentAt"] == nil || j["lastError"] != nil {
			t.Errorf("%s job after the restart: %v", kind, j)
		}
	}
	// The admin's retry sends a refused mail again at once.
	peer.setRefusing(true)
	if r := visitor.mustJSON(t, "POST", "/popup", enquiry("refused-b")); r.status != 200 {
		t.Fatalf("enquiry: %s", r)
	}
	poll.Until(t, "the second notification retrying", func() bool {
		j := status(admin, "enquiry")
		return j["ref"] != nil && j["status"] == "retrying" && j["attempts"] == float64(1)
	}, poll.Within(20*time.Second))
	retry := status(admin, "enquiry")
	sentID := jobsOf(admin.mailJobs(t), "reset")[0]["id"]
	peer.setRefusing(false)
	if r := admin.must(t, "POST", fmt.Sprintf("/api/mail/%v/retry", retry["id"]), nil, ""); r.status != 200 || r.json()["message"] == nil {
		t.Fatalf("retry: %s", r)
	}
	peer.waitUntil(20*time.Second, "the retried notification", func() bool { return len(peer.to(notifyEmail)) == 2 })
	if r := admin.must(t, "POST", fmt.Sprintf("/api/mail/%v/retry", sentID), nil, ""); r.status != 409 {
		t.Errorf("retry of a sent mail: %s", r)
	}
	if r := admin.must(t, "POST", "/api/mail/987654/retry", nil, ""); r.status != 404 {
		t.Errorf("retry of an unknown mail: %s", r)
	}
	if r := admin.anon().must(t, "POST", fmt.Sprintf("/api/mail/%v/retry", retry["id"]), nil, ""); r.status != 401 {
		t.Errorf("retry without a token: %s", r)
	}

	// A notification cut off by a kill -9 in the middle of its delivery is sent after the
	// restart (at least once: the mail server may or may not have kept the first).
	peer.hold(notifyEmail)
	if r := visitor.mustJSON(t, "POST", "/popup", enquiry("cut-off-c")); r.status != 200 {
		t.Fatalf("enquiry: %s", r)
	}
	peer.waitUntil(20*time.Second, "the notification under way", func() bool { return peer.holding[notifyEmail] > 0 })
	s.kill()
	peer.release(notifyEmail)
	s = startServer(t, s.dir, o)
	peer.waitUntil(20*time.Second, "the cut-off notification after the restart", func() bool {
		for _, m := range peer.to(notifyEmail) {
			if strings.Contains(m.data, "cut-off-c") {
				return true
			}
		}
		return false
	})
}
