package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// TokenTTL is how long an admin token lives: a working day.
const TokenTTL = 12 * time.Hour

// Claims are what an admin token carries. PasswordVersion is the admin's PasswordChangedAt in
// nanoseconds when the token was issued; iat alone has one-second precision, too coarse to revoke
// a token issued in the same second as a password change.
type Claims struct {
	PasswordVersion int64 `json:"pwv"`
	jwt.RegisteredClaims
}

// Tokens issues and verifies HS256 admin tokens with one secret.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewTokens returns a token issuer for secret, which must hold at least 32 bytes.
func NewTokens(secret []byte) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("the JWT secret must be at least 32 bytes")
	}
	return &Tokens{secret: secret, ttl: TokenTTL, now: time.Now}, nil
}

// Issue returns a signed token for username whose password last changed at passwordChangedAt.
func (t *Tokens) Issue(username string, passwordChangedAt time.Time) (string, error) {
	now := t.now()
	c := Claims{
		PasswordVersion: passwordVersion(passwordChangedAt),
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   username,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(t.ttl)),
		},
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return s, nil
}

// Verify parses a token: HS256 only (an "alg":"none" or RS256 token is refused before its
// signature is looked at), exp required and in the future, iat present, sub present.
func (t *Tokens) Verify(token string) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(t.now),
	)
	if err != nil {
		return nil, err
	}
	if c.Subject == "" || c.IssuedAt == nil {
		return nil, errors.New("token without subject or iat")
	}
	return &c, nil
}

// StillValid reports whether claims were issued under the admin's current password: a token
// from before the last password change (by iat, and exactly by the password version) is revoked.
func StillValid(c *Claims, passwordChangedAt time.Time) bool {
	if c.IssuedAt.Time.Before(passwordChangedAt.Truncate(time.Second)) {
		return false
	}
	return c.PasswordVersion == passwordVersion(passwordChangedAt)
}

func passwordVersion(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}
