package api

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
)

var inviteLink = regexp.MustCompile(`https://site\.test/admin/invite/([A-Za-z0-9_-]+)`)

// TestInvitationFlow: an admin invites an editor by e-mail; the link in the outbox names the
// invitation, makes the account once (a taken username leaves it unspent) and signs the new
// editor in; the editor may write drafts but not manage people; the admin changes the
// editor's role and removes the account, and its session ends with it.
func TestInvitationFlow(t *testing.T) {
	e := newEnv(t)
	st, body := e.json("POST", "/api/people/invites", map[string]string{"email": "ravi@example.com", "role": "editor"}, true)
	if st != http.StatusCreated || body["message"] != "Invitation sent to ravi@example.com." {
		t.Fatalf("invite: %d %v", st, body)
	}
	var files []string
	waitFor(t, "the invitation mail", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 1 })
	eml, _ := os.ReadFile(files[0])
	text := strings.ReplaceAll(string(eml), "=\r\n", "")
	m := inviteLink.FindStringSubmatch(text)
	if m == nil || !strings.Contains(text, "To: <ravi@example.com>") || !strings.Contains(text, "as an editor") {
		t.Fatalf("invitation mail:\n%s", eml)
	}
	token := m[1]
	raw, _ := os.ReadFile(filepath.Join(e.dir, "site.db"))
	if strings.Contains(string(raw), token) {
		t.Error("invitation token stored in clear")
	}

	st, list := e.json("GET", "/api/people", nil, true)
	if st != 200 || !strings.Contains(mustJSON(list["invites"]), `"email":"ravi@example.com"`) || strings.Contains(mustJSON(list), "passwordHash") {
		t.Fatalf("people: %d %s", st, mustJSON(list))
	}
	if st, body := e.json("POST", "/invite/check", map[string]string{"token": token}, false); st != 200 || body["email"] != "ravi@example.com" || body["role"] != "editor" {
		t.Fatalf("check: %d %v", st, body)
	}
	if st, body := e.json("POST", "/invite/accept", map[string]string{"token": token, "username": "admin", "password": "long-enough-1"}, false); st != http.StatusConflict {
		t.Fatalf("taken username: %d %v", st, body)
	}
	if st, _ := e.json("POST", "/invite/accept", map[string]string{"token": token, "username": "ravi", "password": "short"}, false); st != 400 {
		t.Fatalf("short password: %d", st)
	}
	if st, body := e.json("POST", "/invite/accept", map[string]string{"token": token, "username": "ravi", "password": "Sunshine1"}, false); st != 400 || body["error"] != domain.MsgPasswordCommon {
		t.Fatalf("common password: %d %v", st, body)
	}
	st, body = e.json("POST", "/invite/accept", map[string]string{"token": token, "username": "Ravi", "password": "long-enough-1"}, false)
	if st != http.StatusCreated || body["username"] != "ravi" || body["role"] != "editor" || body["token"] == "" {
		t.Fatalf("accept: %d %v", st, body)
	}
	editor := map[string]string{"Authorization": "Bearer " + body["token"].(string)}
	if st, body := e.json("POST", "/invite/accept", map[string]string{"token": token, "username": "ravi2", "password": "long-enough-1"}, false); st != 400 || body["error"] != domain.MsgInviteInvalid {
		t.Fatalf("second use: %d %v", st, body)
	}
	if st, me := e.jsonAs("GET", "/api/me", nil, editor); st != 200 || me["role"] != "editor" {
		t.Fatalf("editor's session: %d %v", st, me)
	}
	if st, body := e.jsonAs("GET", "/api/people", nil, editor); st != 403 || body["permission"] != "people" {
		t.Fatalf("editor lists people: %d %v", st, body)
	}

	// The last admin keeps their role and account.
	if st, body := e.json("PATCH", "/api/people/admin", map[string]string{"role": "editor"}, true); st != 409 || !strings.Contains(body["error"].(string), "last admin") {
		t.Fatalf("demote last admin: %d %v", st, body)
	}
	if st, body := e.json("DELETE", "/api/people/admin", nil, true); st != 409 || !strings.Contains(body["error"].(string), "last admin") {
		t.Fatalf("remove last admin: %d %v", st, body)
	}
	if st, body := e.json("PATCH", "/api/people/ravi", map[string]string{"role": "owner"}, true); st != 400 {
		t.Fatalf("bad role: %d %v", st, body)
	}
	if st, body := e.json("PATCH", "/api/people/ravi", map[string]string{"role": "admin"}, true); st != 200 || body["message"] != "ravi is now an admin." {
		t.Fatalf("promote: %d %v", st, body)
	}
	if st, _ := e.jsonAs("GET", "/api/people", nil, editor); st != 200 {
		t.Fatalf("promoted account, same session: %d", st)
	}
	if st, body := e.json("DELETE", "/api/people/ravi", nil, true); st != 200 || body["message"] != "ravi was removed." {
		t.Fatalf("remove: %d %v", st, body)
	}
	if st, _ := e.jsonAs("GET", "/api/me", nil, editor); st != http.StatusUnauthorized {
		t.Fatalf("removed account's session: %d", st)
	}

	entries, _ := e.auditEntries("?kind=account")
	var got []string
	for _, a := range entries {
		got = append(got, a.User+" "+a.Action+" "+a.Target)
	}
	want := "admin remove ravi|admin role ravi|ravi join ravi|admin invite ravi@example.com"
	if strings.Join(got, "|") != want {
		t.Errorf("audit: %q, want %q", strings.Join(got, "|"), want)
	}
}

// TestInvitationRevoked: a revoked link does not work, and re-inviting replaces the link.
func TestInvitationRevoked(t *testing.T) {
	e := newEnv(t)
	st, body := e.json("POST", "/api/people/invites", map[string]string{"email": "sam@example.com", "role": "admin"}, true)
	if st != 201 {
		t.Fatalf("invite: %d %v", st, body)
	}
	if st, body := e.json("POST", "/api/people/invites", map[string]string{"email": testEmail, "role": "editor"}, true); st != 409 {
		t.Fatalf("inviting an existing account's address: %d %v", st, body)
	}
	if st, _ := e.json("POST", "/api/people/invites", map[string]string{"email": "not-an-address", "role": "editor"}, true); st != 400 {
		t.Fatalf("bad address: %d", st)
	}
	id := body["invite"].(map[string]any)["id"].(string)
	var files []string
	waitFor(t, "the invitation mail", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 1 })
	eml, _ := os.ReadFile(files[0])
	token := inviteLink.FindStringSubmatch(strings.ReplaceAll(string(eml), "=\r\n", ""))[1]
	if st, body := e.json("DELETE", "/api/people/invites/"+id, nil, true); st != 200 {
		t.Fatalf("revoke: %d %v", st, body)
	}
	if st, body := e.json("POST", "/invite/check", map[string]string{"token": token}, false); st != 400 || body["error"] != domain.MsgInviteInvalid {
		t.Fatalf("revoked link: %d %v", st, body)
	}
}

// A made-up invitation or reset link is refused before the password is hashed: the gate counts
// no hash for them, and exactly one for the real invitation that follows.
func TestMadeUpLinksAreRefusedBeforeHashing(t *testing.T) {
	e := newEnv(t)
	e.srv.hashing = auth.NewPasswordGate() // this server's own, to count on
	for i := 0; i < 4; i++ {
		if st, body := e.json("POST", "/invite/accept", map[string]string{"token": "made-up-" + strings.Repeat("x", i+20),
			"username": "intruder", "password": "a-long-enough-password"}, false); st != 400 || body["error"] != domain.MsgInviteInvalid {
			t.Fatalf("made-up invitation: %d %v", st, body)
		}
		if st, body := e.json("POST", "/reset-password", map[string]string{"token": "made-up-" + strings.Repeat("y", i+20),
			"newPassword": "a-long-enough-password"}, false); st != 400 || body["error"] != "Invalid or expired token." {
			t.Fatalf("made-up reset: %d %v", st, body)
		}
	}
	if n := e.srv.hashing.Computed(); n != 0 {
		t.Fatalf("%d password hashes for made-up links", n)
	}
	if st, _ := e.json("POST", "/api/people/invites", map[string]string{"email": "ravi@example.com", "role": "editor"}, true); st != http.StatusCreated {
		t.Fatal(st)
	}
	var files []string
	waitFor(t, "the invitation mail", func() bool { files = outboxFiles(t, e.outbox); return len(files) == 1 })
	eml, _ := os.ReadFile(files[0])
	token := inviteLink.FindStringSubmatch(strings.ReplaceAll(string(eml), "=\r\n", ""))[1]
	if st, body := e.json("POST", "/invite/accept", map[string]string{"token": token, "username": "ravi", "password": "a-long-enough-password"}, false); st != http.StatusCreated {
		t.Fatalf("accept: %d %v", st, body)
	}
	if n := e.srv.hashing.Computed(); n != 1 {
		t.Fatalf("%d password hashes for one accepted invitation", n)
	}
}
