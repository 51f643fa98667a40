package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/mailkinds"
	"digitalreeviver/internal/store"
)

// The answers of the sign-in calls (docs/API.md).
const (
	msgInvalidCredentials = "Invalid credentials"
	msgForgotSent         = "If that address belongs to an admin, a reset link has been sent."
	msgResetDone          = "Password reset successfully!"
	msgResetInvalid       = "Invalid or expired token."
)

func (s *Server) registerAuthRoutes(r *mux.Router) {
	r.HandleFunc("/admin/login", s.handleLogin).Methods("POST")
	r.HandleFunc("/admin/forgot-password", s.handleForgotPassword).Methods("POST")
	r.HandleFunc("/reset-password", s.handleResetPassword).Methods("POST")
	r.HandleFunc("/api/me", s.member(s.handleMe)).Methods("GET")
}

// authenticate checks the bearer token: signature (HS256 only), expiry, that the admin still
// exists, and that the token was issued after the admin's last password change.
func (s *Server) authenticate(r *http.Request) (domain.Admin, error) {
	unauthorized := domain.Errorf(domain.EUnauthorized, msgUnauthorized)
	h := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || token == "" || len(token) > 4096 {
		return domain.Admin{}, unauthorized
	}
	c, err := s.tokens.Verify(strings.TrimSpace(token))
	if err != nil {
		return domain.Admin{}, unauthorized
	}
	a, err := s.db.Admin(c.Subject)
	if domain.ErrorCode(err) == domain.ENotFound {
		return a, unauthorized
	} else if err != nil {
		return a, fmt.Errorf("authenticate: %w", err)
	}
	if !auth.StillValid(c, a.PasswordChangedAt) {
		return a, unauthorized
	}
	return a, nil
}

// handleLogin handles POST /admin/login. Besides username and password the body may carry
// device, the device token of an earlier sign-in from this browser (see auth.Devices); the
// answer carries a new one.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var in struct{ Username, Password, Device string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if strings.TrimSpace(in.Username) == "" || in.Password == "" {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Username and password are required."))
		return
	}
	// No account has a longer name or password, so these are refused before any rate limiter
	// keys on them or any log line holds them (a megabyte-long username would otherwise be both).
	if len(in.Username) > domain.MaxUsernameLen {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Username must be at most %d characters.", domain.MaxUsernameLen))
		return
	}
	if len(in.Password) > domain.MaxPasswordLen {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Password must be at most %d characters.", domain.MaxPasswordLen))
		return
	}
	res, err := s.login(r.Context(), loginRequest{ip: s.clientIP(r), username: domain.NormalizeUsername(in.Username),
		password: in.Password, device: in.Device})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"token": res.token, "username": res.admin.Username,
		"role": string(domain.RoleOf(res.admin.Role)), "device": res.device})
}

type loginRequest struct{ ip, username, password, device string }

// unknownUsername stands in the logs and the audit log for a username that names no account.
const unknownUsername = "(not an account)"

type loginResult struct {
	admin         domain.Admin
	token, device string
}

// login checks the limits, then the password. An unknown user and a wrong password get the same
// answer, after the same work, and both count as failures. The failure is reserved before the
// password is checked (Lockout.Begin), so requests arriving together cannot all pass the
// lockout before any of them has failed.
//
// A known device or address (one this admin signed in from successfully before) is not held up
// by the account-wide lockout, which anybody can trigger by failing on purpose; the lockout of
// its address still applies, and its failures still count against the account.
func (s *Server) login(ctx context.Context, in loginRequest) (loginResult, error) {
	if err := s.loginRate.Allow(in.ip); err != nil {
		return loginResult{}, err
	}
	a, err := s.db.Admin(in.username)
	found := err == nil
	if err != nil && domain.ErrorCode(err) != domain.ENotFound {
		return loginResult{}, fmt.Errorf("login: %w", err)
	}
	known := found && (s.devices.Known(in.device, a.Username, a.PasswordChangedAt) || s.knownAddrs.Has(a.Username, in.ip))
	ipTry, err := s.loginIPFails.Begin(in.ip)
	if err != nil {
		return loginResult{}, err
	}
	var userTry *auth.Attempt
	if !known {
		if userTry, err = s.loginUserFails.Begin(in.username); err != nil {
			ipTry.Cancel()
			return loginResult{}, err
		}
	}
	cancel := func() {
		ipTry.Cancel()
		if userTry != nil {
			userTry.Cancel()
		}
	}
	// At most a few password checks run at once (19 MiB each); past those the answer is 503
	// and the attempt counts neither way.
	ok, err := s.checkPassword(ctx, a, found, in.password)
	if err != nil {
		cancel()
		return loginResult{}, err
	}
	if !ok {
		dIP := ipTry.Fail()
		var d time.Duration
		if userTry != nil {
			d = userTry.Fail()
		} else {
			d = s.loginUserFails.Fail(in.username)
		}
		// What was typed as the username is kept only when it names an account: anything else
		// may be a password typed into the wrong box, which no log may hold.
		who := unknownUsername
		if found {
			who = a.Username
		}
		if d > 0 {
			s.log.Warn("login locked out", "username", who, "ip", in.ip, "for", d.String())
		}
		if d = max(d, dIP); d > 0 {
			// A burst of failures is a change worth a line; every single typo is not.
			s.record(domain.AuditEntry{IP: in.ip, Action: domain.AuditSignInBurst, Kind: "session",
				Target: who, Detail: "repeated failed sign-ins; locked for " + d.String()})
		}
		return loginResult{}, domain.Errorf(domain.EUnauthorized, msgInvalidCredentials)
	}
	ipTry.Succeed()
	if userTry != nil {
		// A sign-in that met the account lockout and passed clears it. One from a known device
		// leaves it as it is: the failures may be an attacker's, still at work elsewhere.
		userTry.Succeed()
	}
	s.knownAddrs.Add(a.Username, in.ip)
	token, err := s.tokens.Issue(a.Username, a.PasswordChangedAt)
	if err != nil {
		return loginResult{}, err
	}
	device, err := s.devices.Issue(a.Username, a.PasswordChangedAt)
	if err != nil {
		return loginResult{}, err
	}
	s.record(domain.AuditEntry{User: a.Username, Role: domain.RoleOf(a.Role), IP: in.ip, Action: domain.AuditSignIn,
		Kind: "session", Target: a.Username})
	return loginResult{admin: a, token: token, device: device}, nil
}

// checkPassword checks the password of a (found: the admin exists) through the password gate;
// an unknown username costs the same work as a wrong password. Its only error is the gate's
// busy answer.
func (s *Server) checkPassword(ctx context.Context, a domain.Admin, found bool, password string) (bool, error) {
	if !found || len(password) > domain.MaxPasswordLen {
		return false, s.hashing.Spend(ctx, password[:min(len(password), domain.MaxPasswordLen)])
	}
	ok, err := s.hashing.Check(ctx, a.PasswordHash, password)
	var busy *auth.BusyError
	if errors.As(err, &busy) {
		return false, err
	}
	if err != nil {
		s.log.Error("stored password hash unreadable", "username", a.Username, "err", err)
	}
	return ok, nil
}

// handleForgotPassword handles POST /admin/forgot-password. It answers the same for every
// address, and the token and mail happen in the background, so neither the answer nor its
// timing tells whether an admin has that address.
func (s *Server) handleForgotPassword(w http.ResponseWriter, r *http.Request) {
	var in struct{ Email string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	email := strings.TrimSpace(in.Email)
	if email == "" {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Email is required."))
		return
	}
	if !domain.ValidEmail(email) || strings.ContainsAny(email, "\r\n") {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, domain.MsgEmailInvalid))
		return
	}
	if err := s.forgotRate.Allow(s.clientIP(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The admin is found first (case-insensitively, as Unicode folds: "ſales@" finds "sales@"),
	// and the per-address limit is keyed by the address the mail would go to, so no spelling of
	// it gets past the limit. Past it the request is answered as usual and silently not mailed.
	// The lookup is a read of a handful of records; the token and the mail follow in the
	// background, so neither the answer nor its timing tells whether an admin has the address.
	a, err := s.db.AdminByEmail(email)
	if err != nil && domain.ErrorCode(err) != domain.ENotFound {
		s.writeError(w, r, err)
		return
	}
	if err == nil && s.forgotAddrRate.Allow(strings.ToLower(a.Email)) == nil {
		// Stored in the background (the answer must not be timed by a disk write), then sent
		// from its own queue: enquiry notifications can neither delay nor crowd it out.
		s.mail.Submit(store.MailJob{Kind: mailkinds.Reset, To: a.Email, Ref: a.Username})
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msgForgotSent})
}

// handleResetPassword handles POST /reset-password.
func (s *Server) handleResetPassword(w http.ResponseWriter, r *http.Request) {
	var in struct{ Token, NewPassword string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.resetRate.Allow(s.clientIP(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Token == "" || len(in.Token) > 200 {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, msgResetInvalid))
		return
	}
	// The password is checked before the token is spent, so a too-short one can be retried.
	if err := domain.ValidatePassword(in.NewPassword); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.resetPassword(r.Context(), in.Token, in.NewPassword, s.clientIP(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msgResetDone})
}

func (s *Server) resetPassword(ctx context.Context, token, password, ip string) error {
	// The token is checked before the password is hashed, so made-up tokens cost a read each,
	// not a hash; it is spent only once the hash is made (a busy gate leaves it for a retry).
	if _, err := s.db.ResetToken(auth.HashResetToken(token), time.Now()); err != nil {
		return err
	}
	hash, err := s.hashing.Hash(ctx, password)
	if err != nil {
		return err
	}
	t, err := s.db.ConsumeResetToken(auth.HashResetToken(token), time.Now())
	if err != nil {
		return err
	}
	if _, err := s.db.SetAdminPassword(t.Username, hash, time.Now().UTC()); err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return domain.Errorf(domain.EInvalid, msgResetInvalid)
		}
		return err
	}
	s.loginUserFails.Succeed(t.Username)
	s.knownAddrs.Forget(t.Username) // and the device tokens lapse with the password version
	s.log.Info("password reset", "username", t.Username)
	s.record(domain.AuditEntry{User: t.Username, Action: domain.AuditPassword, Kind: "account", Target: t.Username,
		IP: ip, Detail: "password reset by e-mail link"})
	return nil
}

// handleMe handles GET /api/me.
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	a := adminFrom(r.Context())
	writeJSON(w, http.StatusOK, map[string]string{"username": a.Username, "email": a.Email, "role": string(domain.RoleOf(a.Role))})
}
