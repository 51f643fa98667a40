package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"time"
)

// ResetTTL is how long a password-reset link works.
const ResetTTL = 30 * time.Minute

// NewResetToken returns a reset token of 256 random bits, for the e-mailed link, and its hash,
// the only form that is stored: a copy of the database does not hand out working links.
func NewResetToken() (token string, hash []byte, err error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", nil, err
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, HashResetToken(token), nil
}

// HashResetToken returns the stored form of a reset token. A fast hash is enough: the token has
// 256 bits of entropy, so there is nothing to guess.
func HashResetToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// InviteTTL is how long an invitation link works. Invitation tokens are made and stored like
// reset tokens (NewResetToken, HashResetToken).
const InviteTTL = 7 * 24 * time.Hour
