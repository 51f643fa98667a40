package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/content"
	"digitalreeviver/internal/mail"
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
func (s *Server) authenticate(r *http.Request) (content.Admin, error) {
	unauthorized := content.Errorf(content.EUnauthorized, msgUnauthorized)
	h := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || token == "" || len(token) > 4096 {
		return content.Admin{}, unauthorized
	}
	c, err := s.tokens.Verify(strings.TrimSpace(token))
	if err != nil {
		return content.Admin{}, unauthorized
	}
	a, err := s.db.Admin(c.Subject)
	if content.ErrorCode(err) == content.ENotFound {
		return a, unauthorized
	} else if err != nil {
		return a, fmt.Errorf("authenticate: %w", err)
	}
	if !auth.StillValid(c, a.PasswordChangedAt) {
		return a, unauthorized
	}
	return a, nil
}

// handleLogin handles POST /admin/login.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var in struct{ Username, Password string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if strings.TrimSpace(in.Username) == "" || in.Password == "" {
		s.writeError(w, r, content.Errorf(content.EInvalid, "Username and password are required."))
		return
	}
	// No account has a longer name or password, so these are refused before any rate limiter
	// keys on them or any log line holds them (a megabyte-long username would otherwise be both).
	if len(in.Username) > content.MaxUsernameLen {
		s.writeError(w, r, content.Errorf(content.EInvalid, "Username must be at most %d characters.", content.MaxUsernameLen))
		return
	}
	if len(in.Password) > content.MaxPasswordLen {
		s.writeError(w, r, content.Errorf(content.EInvalid, "Password must be at most %d characters.", content.MaxPasswordLen))
		return
	}
	a, token, err := s.login(r.Context(), s.clientIP(r), content.NormalizeUsername(in.Username), in.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"token": token, "username": a.Username, "role": string(content.RoleOf(a.Role))})
}

// login checks the limits, then the password. An unknown user and a wrong password get the same
// answer, after the same work, and both count as failures. The failure is reserved before the
// password is checked (Lockout.Begin), so requests arriving together cannot all pass the
// lockout before any of them has failed.
func (s *Server) login(ctx context.Context, ip, username, password string) (content.Admin, string, error) {
	if err := s.loginRate.Allow(ip); err != nil {
		return content.Admin{}, "", err
	}
	ipTry, err := s.loginIPFails.Begin(ip)
	if err != nil {
		return content.Admin{}, "", err
	}
	userTry, err := s.loginUserFails.Begin(username)
	if err != nil {
		ipTry.Cancel()
		return content.Admin{}, "", err
	}
	// At most a few password checks run at once (19 MiB each); past those the answer is 503
	// and the attempt counts neither way.
	release, err := s.hashing.Enter(ctx)
	if err != nil {
		ipTry.Cancel()
		userTry.Cancel()
		return content.Admin{}, "", err
	}
	a, ok, err := s.checkPassword(username, password)
	release()
	if err != nil {
		ipTry.Cancel()
		userTry.Cancel()
		return a, "", err
	}
	if !ok {
		ipTry.Fail()
		if d := userTry.Fail(); d > 0 {
			s.log.Warn("login locked out", "username", username, "ip", ip, "for", d.String())
		}
		return content.Admin{}, "", content.Errorf(content.EUnauthorized, msgInvalidCredentials)
	}
	ipTry.Succeed()
	userTry.Succeed()
	token, err := s.tokens.Issue(a.Username, a.PasswordChangedAt)
	if err != nil {
		return a, "", err
	}
	return a, token, nil
}

// checkPassword looks the admin up and checks the password; an unknown username costs the same
// work as a wrong password.
func (s *Server) checkPassword(username, password string) (content.Admin, bool, error) {
	a, err := s.db.Admin(username)
	switch {
	case content.ErrorCode(err) == content.ENotFound || len(password) > content.MaxPasswordLen:
		auth.SpendPasswordCheck(password[:min(len(password), content.MaxPasswordLen)])
		return a, false, nil
	case err != nil:
		return a, false, fmt.Errorf("login: %w", err)
	}
	ok, err := auth.CheckPassword(a.PasswordHash, password)
	if err != nil {
		s.log.Error("stored password hash unreadable", "username", username, "err", err)
	}
	return a, ok, nil
}

// handleForgotPassword handles POST /admin/forgot-password. It answers the same for every
// address, and the lookup, token and mail happen in the background, so neither the answer nor
// its timing tells whether an admin has that address.
func (s *Server) handleForgotPassword(w http.ResponseWriter, r *http.Request) {
	var in struct{ Email string }
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	email := strings.TrimSpace(in.Email)
	if email == "" {
		s.writeError(w, r, content.Errorf(content.EInvalid, "Email is required."))
		return
	}
	if !content.ValidEmail(email) || strings.ContainsAny(email, "\r\n") {
		s.writeError(w, r, content.Errorf(content.EInvalid, content.MsgEmailInvalid))
		return
	}
	if err := s.forgotRate.Allow(s.clientIP(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	// A per-address limit keeps anyone from flooding an admin's inbox; past it the request is
	// answered as usual and silently not mailed.
	if s.forgotAddrRate.Allow(strings.ToLower(email)) == nil {
		s.mail.Go(func(ctx context.Context, m mail.Sender) error { return s.sendResetLink(ctx, m, email) })
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msgForgotSent})
}

func (s *Server) sendResetLink(ctx context.Context, m mail.Sender, email string) error {
	a, err := s.db.AdminByEmail(email)
	if content.ErrorCode(err) == content.ENotFound {
		return nil
	} else if err != nil {
		return fmt.Errorf("reset link: %w", err)
	}
	token, hash, err := auth.NewResetToken()
	if err != nil {
		return err
	}
	if err := s.db.PutResetToken(hash, a.Username, time.Now().Add(auth.ResetTTL)); err != nil {
		return fmt.Errorf("reset link: %w", err)
	}
	// The link's host is configuration, never the request's Host header, which an attacker
	// could set to their own server to harvest the token.
	link := s.cfg.SiteURL + "/reset-password/" + token
	return m.Send(ctx, mail.Message{
		To:      a.Email,
		Subject: s.cfg.SiteName + ": reset your admin password",
		Text: fmt.Sprintf("Hello %s,\n\nSomeone (hopefully you) asked to reset the password of the %s admin account.\n"+
			"Open this link within 30 minutes to choose a new password; it works once:\n\n%s\n\n"+
			"If you did not ask for this, ignore this e-mail; your password stays as it is.\n",
			a.Username, s.cfg.SiteName, link),
	})
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
		s.writeError(w, r, content.Errorf(content.EInvalid, msgResetInvalid))
		return
	}
	// The password is checked before the token is spent, so a too-short one can be retried.
	if err := content.ValidatePassword(in.NewPassword); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.resetPassword(r.Context(), in.Token, in.NewPassword); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msgResetDone})
}

func (s *Server) resetPassword(ctx context.Context, token, password string) error {
	release, err := s.hashing.Enter(ctx)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(password)
	release()
	if err != nil {
		return err
	}
	t, err := s.db.ConsumeResetToken(auth.HashResetToken(token), time.Now())
	if err != nil {
		return err
	}
	if _, err := s.db.SetAdminPassword(t.Username, hash, time.Now().UTC()); err != nil {
		if content.ErrorCode(err) == content.ENotFound {
			return content.Errorf(content.EInvalid, msgResetInvalid)
		}
		return err
	}
	s.loginUserFails.Succeed(t.Username)
	s.log.Info("password reset", "username", t.Username)
	return nil
}

// handleMe handles GET /api/me.
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	a := adminFrom(r.Context())
	writeJSON(w, http.StatusOK, map[string]string{"username": a.Username, "email": a.Email, "role": string(content.RoleOf(a.Role))})
}
