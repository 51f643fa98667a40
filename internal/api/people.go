package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/mailkinds"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/store"
)

func (s *Server) registerPeopleRoutes(r *mux.Router) {
	people := func(h http.HandlerFunc) http.HandlerFunc { return s.can(domain.PermPeople, h) }
	r.HandleFunc("/api/people", people(s.handlePeopleList)).Methods("GET")
	r.HandleFunc("/api/people/invites", people(s.handleInvite)).Methods("POST")
	r.HandleFunc("/api/people/invites/{id}", people(s.handleRevokeInvite)).Methods("DELETE")
	r.HandleFunc("/api/people/{username}", people(s.handleSetRole)).Methods("PATCH")
	r.HandleFunc("/api/people/{username}", people(s.handleRemovePerson)).Methods("DELETE")
	// The invitee has no account yet: these are public, limited like the reset calls.
	r.HandleFunc("/invite/check", s.handleInviteCheck).Methods("POST")
	r.HandleFunc("/invite/accept", s.handleInviteAccept).Methods("POST")
}

// person is an account as the People screen shows it: no password hash.
type person struct {
	Username  string      `json:"username"`
	Email     string      `json:"email"`
	Role      domain.Role `json:"role"`
	CreatedAt time.Time   `json:"createdAt"`
}

func personOf(a domain.Admin) person {
	return person{Username: a.Username, Email: a.Email, Role: domain.RoleOf(a.Role), CreatedAt: a.CreatedAt}
}

// handlePeopleList handles GET /api/people: the accounts and the pending invitations.
func (s *Server) handlePeopleList(w http.ResponseWriter, r *http.Request) {
	accounts, err := operator.Accounts(s.db)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	invites, err := s.db.Invites(time.Now().UTC())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]person, len(accounts))
	for i, a := range accounts {
		out[i] = personOf(a)
	}
	writeJSON(w, http.StatusOK, map[string]any{"accounts": out, "invites": nonNil(invites)})
}

// handleInvite handles POST /api/people/invites {email, role}: a single-use link, valid for
// auth.InviteTTL, mailed to the address.
func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) {
	var in struct{ Email, Role string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	email := strings.TrimSpace(in.Email)
	if !domain.ValidEmail(email) || strings.ContainsAny(email, "\r\n") {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, domain.MsgEmailInvalid))
		return
	}
	role, err := domain.ParseRole(in.Role)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	by := adminFrom(r.Context()).Username
	now := time.Now().UTC()
	inv := domain.Invite{ID: domain.NewID(), Email: email, Role: role, InvitedBy: by, CreatedAt: now, ExpiresAt: now.Add(auth.InviteTTL)}
	if err := s.db.PutInvite(inv); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The mail is a job of its own queue; its link's token is made when it is composed.
	if _, err := s.mail.Enqueue(store.MailJob{Kind: mailkinds.Invite, To: email, Ref: inv.ID}); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditInvite, "account", email, "as "+string(role))
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Invitation sent to " + email + ".", "invite": inv})
}

func article(r domain.Role) string { return "an " + string(r) } // admin, editor

// handleRevokeInvite handles DELETE /api/people/invites/{id}.
func (s *Server) handleRevokeInvite(w http.ResponseWriter, r *http.Request) {
	inv, err := s.db.RevokeInvite(mux.Vars(r)["id"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditRemove, "invite", inv.Email, "invitation revoked")
	writeJSON(w, http.StatusOK, map[string]string{"message": "Invitation to " + inv.Email + " revoked."})
}

// handleSetRole handles PATCH /api/people/{username} {role}.
func (s *Server) handleSetRole(w http.ResponseWriter, r *http.Request) {
	var in struct{ Role string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	role, err := domain.ParseRole(in.Role)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	a, from, err := operator.SetRole(s.db, mux.Vars(r)["username"], role)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if from != role {
		s.audit(r, domain.AuditRoleChange, "account", a.Username, string(from)+" → "+string(role))
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": a.Username + " is now " + article(role) + ".", "account": personOf(a)})
}

// handleRemovePerson handles DELETE /api/people/{username}: the account goes, and its
// sessions end with it (every call reads the account).
func (s *Server) handleRemovePerson(w http.ResponseWriter, r *http.Request) {
	a, err := operator.RemoveAccount(s.db, mux.Vars(r)["username"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditRemove, "account", a.Username, "was "+string(domain.RoleOf(a.Role)))
	writeJSON(w, http.StatusOK, map[string]string{"message": a.Username + " was removed."})
}

// handleInviteCheck handles POST /invite/check {token}: what the invitation is for, so the
// page can greet the invitee.
func (s *Server) handleInviteCheck(w http.ResponseWriter, r *http.Request) {
	var in struct{ Token string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.resetRate.Allow(s.clientIP(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Token == "" || len(in.Token) > 200 {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, domain.MsgInviteInvalid))
		return
	}
	inv, err := s.db.Invite(auth.HashResetToken(in.Token), time.Now().UTC())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": inv.Email, "role": inv.Role, "invitedBy": inv.InvitedBy, "expiresAt": inv.ExpiresAt})
}

// handleInviteAccept handles POST /invite/accept {token, username, password}: the account is
// made with the invitation's address and role, the link is spent, and the invitee is signed in.
func (s *Server) handleInviteAccept(w http.ResponseWriter, r *http.Request) {
	var in struct{ Token, Username, Password string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.resetRate.Allow(s.clientIP(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Token == "" || len(in.Token) > 200 {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, domain.MsgInviteInvalid))
		return
	}
	username := domain.NormalizeUsername(in.Username)
	if err := domain.ValidateUsername(username); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The password is checked before the link is spent, so a too-short one can be retried.
	if err := domain.ValidatePassword(in.Password); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The link is checked before the password is hashed (19 MiB and tens of milliseconds, through
	// the gate): a flood of made-up links costs a read each, not a hash each. AcceptInvite checks
	// it again in the transaction that spends it.
	now := time.Now().UTC()
	if _, err := s.db.Invite(auth.HashResetToken(in.Token), now); err != nil {
		s.writeError(w, r, err)
		return
	}
	hash, err := s.hashing.Hash(r.Context(), in.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	a, _, err := s.db.AcceptInvite(auth.HashResetToken(in.Token), now,
		domain.Admin{Username: username, PasswordHash: hash, PasswordChangedAt: now, CreatedAt: now})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	token, err := s.tokens.Issue(a.Username, a.PasswordChangedAt)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.auditAs(r, a.Username, a.Role, domain.AuditJoin, "account", a.Username, "accepted the invitation as "+string(a.Role))
	writeJSON(w, http.StatusCreated, map[string]string{"message": "Welcome, " + a.Username + "! Your account is ready.",
		"token": token, "username": a.Username, "role": string(a.Role)})
}
