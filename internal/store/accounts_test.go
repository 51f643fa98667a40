package store

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// TestLastAdminStaysUnderConcurrency: two admins removing and demoting each other at once
// leave exactly one admin, however the requests interleave.
func TestLastAdminStaysUnderConcurrency(t *testing.T) {
	for round := 0; round < 20; round++ {
		db := MustOpen(t)
		for _, u := range []string{"ana", "ben"} {
			if err := db.CreateAdmin(domain.Admin{Username: u, Email: u + "@example.com"}); err != nil { // no role: an admin
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		wg.Add(4)
		go func() { defer wg.Done(); _, errs[0] = db.RemoveAdmin("ana") }()
		go func() { defer wg.Done(); _, errs[1] = db.RemoveAdmin("ben") }()
		go func() { defer wg.Done(); _, _, errs[2] = db.SetAdminRole("ana", domain.RoleEditor) }()
		go func() { defer wg.Done(); _, _, errs[3] = db.SetAdminRole("ben", domain.RoleEditor) }()
		wg.Wait()
		accounts, err := db.Admins()
		if err != nil {
			t.Fatal(err)
		}
		admins := 0
		for _, a := range accounts {
			if domain.RoleOf(a.Role) == domain.RoleAdmin {
				admins++
			}
		}
		if admins != 1 {
			t.Fatalf("round %d: %d admins left (%+v), errors %v", round, admins, accounts, errs)
		}
		refused := 0
		for _, err := range errs {
			if c := domain.ErrorCode(err); c == domain.EConflict {
				refused++
			} else if c != "" && c != domain.ENotFound {
				t.Fatalf("unexpected error %v", err)
			}
		}
		if refused == 0 {
			t.Fatalf("round %d: nothing was refused: %v", round, errs)
		}
	}
}

func TestInvitations(t *testing.T) {
	db := MustOpen(t)
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	if err := db.CreateAdmin(domain.Admin{Username: "ana", Email: "ana@example.com", CreatedAt: now.Add(-time.Hour)}); err != nil {
		t.Fatal(err)
	}
	inv := domain.Invite{ID: "i1", Email: "ravi@example.com", Role: domain.RoleEditor, InvitedBy: "ana", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	if err := db.PutInvite(inv); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SetInviteToken("i1", []byte("h1"), now); err != nil {
		t.Fatal(err)
	}
	if err := db.PutInvite(domain.Invite{ID: "i0", Email: "ANA@example.com", ExpiresAt: now.Add(time.Hour)}); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("inviting an address with an account: %v", err)
	}
	// A newer mail of the invitation replaces its link.
	if _, err := db.SetInviteToken("i1", []byte("h1b"), now); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Invite([]byte("h1"), now); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("replaced link still works: %v", err)
	}
	// Inviting the same address again replaces the first invitation.
	inv2 := inv
	inv2.ID, inv2.CreatedAt = "i2", now.Add(time.Minute)
	if err := db.PutInvite(inv2); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SetInviteToken("i2", []byte("h2"), now); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Invite([]byte("h1b"), now); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("the replaced invitation's link still works: %v", err)
	}
	pending, err := db.Invites(now)
	if err != nil || len(pending) != 1 || pending[0].ID != "i2" {
		t.Fatalf("pending: %+v %v", pending, err)
	}
	// A taken username leaves the invitation unspent; then it works once.
	if _, _, err := db.AcceptInvite([]byte("h2"), now, domain.Admin{Username: "ana"}); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("taken username: %v", err)
	}
	a, got, err := db.AcceptInvite([]byte("h2"), now, domain.Admin{Username: "ravi", PasswordHash: "x"})
	if err != nil || a.Email != "ravi@example.com" || a.Role != domain.RoleEditor || got.ID != "i2" {
		t.Fatalf("accept: %+v %+v %v", a, got, err)
	}
	if _, _, err := db.AcceptInvite([]byte("h2"), now, domain.Admin{Username: "ravi2"}); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("second use: %v", err)
	}
	// An expired link is refused, and no new link is made for it.
	if err := db.PutInvite(domain.Invite{ID: "i3", Email: "sam@example.com", Role: domain.RoleAdmin, InvitedBy: "ana", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SetInviteToken("i3", []byte("h3"), now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.AcceptInvite([]byte("h3"), now.Add(2*time.Hour), domain.Admin{Username: "sam"}); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("expired: %v", err)
	}
	if _, err := db.SetInviteToken("i3", []byte("h4"), now.Add(2*time.Hour)); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("a token for an expired invitation: %v", err)
	}
	if _, err := db.RevokeInvite("i3"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RevokeInvite("i3"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("revoke twice: %v", err)
	}
}

// An invitation lapses with its sender's authority: once the admin who sent it is demoted or
// removed, its link is refused (saying so), no new mail is composed for it and it is no longer
// pending; an account made later under the same name does not bring it back.
func TestInvitationsLapseWithTheirSender(t *testing.T) {
	db := MustOpen(t)
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for _, u := range []string{"ana", "ben", "cleo"} {
		if err := db.CreateAdmin(domain.Admin{Username: u, Email: u + "@example.com", Role: domain.RoleAdmin, CreatedAt: now.Add(-time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	for i, by := range []string{"ana", "ben"} {
		id := fmt.Sprintf("i%d", i)
		if err := db.PutInvite(domain.Invite{ID: id, Email: id + "@example.com", Role: domain.RoleEditor, InvitedBy: by, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetInviteToken(id, []byte("h"+id), now); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := db.SetAdminRole("ana", domain.RoleEditor); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RemoveAdmin("ben"); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateAdmin(domain.Admin{Username: "ben", Email: "ben2@example.com", Role: domain.RoleAdmin, CreatedAt: now.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	for i, by := range []string{"ana", "ben"} {
		id := fmt.Sprintf("i%d", i)
		want := fmt.Sprintf(domain.MsgInviterGone, by)
		if _, err := db.Invite([]byte("h"+id), now); domain.ErrorCode(err) != domain.EInvalid || domain.ErrorMessage(err) != want {
			t.Errorf("check of %s's invitation: %v", by, err)
		}
		if _, _, err := db.AcceptInvite([]byte("h"+id), now, domain.Admin{Username: "new" + id}); domain.ErrorMessage(err) != want {
			t.Errorf("accept of %s's invitation: %v", by, err)
		}
		if _, err := db.SetInviteToken(id, []byte("again"+id), now); domain.ErrorCode(err) != domain.ENotFound {
			t.Errorf("a new link for %s's invitation: %v", by, err)
		}
	}
	if pending, err := db.Invites(now); err != nil || len(pending) != 0 {
		t.Fatalf("pending: %+v %v", pending, err)
	}
	if _, err := db.Admin("newi0"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatal("an account was made from a lapsed invitation")
	}
}
