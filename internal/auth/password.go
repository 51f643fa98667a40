// Package auth holds what sign-in needs and nothing of HTTP routing: argon2id password hashes,
// JWTs with the algorithm pinned, password-reset tokens and the rate limits that guard them.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's cost parameters; they are stored in every hash, so raising them later
// keeps old hashes verifiable.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
	KeyLen  uint32
	SaltLen uint32
}

// DefaultParams follow OWASP's argon2id recommendation (19 MiB, 2 passes, 1 lane): a few tens of
// milliseconds here, slow enough for an offline guesser, cheap enough for a 2-core server.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, KeyLen: 32, SaltLen: 16}

var b64 = base64.RawStdEncoding

// hashPassword returns a PHC-style argon2id hash: $argon2id$v=19$m=…,t=…,p=…$salt$key. Only
// the gate calls it (Gate.Hash): a hash costs 19 MiB, so every one waits for a slot.
func hashPassword(password string) (string, error) {
	p := DefaultParams
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

var errBadHash = errors.New("malformed password hash")

// checkPassword reports whether password matches the encoded hash, comparing in constant time.
// Only the gate calls it (Gate.Check).
func checkPassword(encoded, password string) (bool, error) {
	p, salt, want, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// ValidHash reports whether encoded is a hash Gate.Check can use (an imported account's,
// say), without computing anything.
func ValidHash(encoded string) bool {
	_, _, _, err := parseHash(encoded)
	return err == nil
}

func parseHash(encoded string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return p, nil, nil, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return p, nil, nil, errBadHash
	}
	// Bound the stored cost so a tampered hash cannot make one login eat the machine.
	if p.Memory == 0 || p.Memory > 1<<20 || p.Time == 0 || p.Time > 20 || p.Threads == 0 {
		return p, nil, nil, errBadHash
	}
	if salt, err = b64.DecodeString(parts[4]); err != nil {
		return p, nil, nil, errBadHash
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) == 0 || len(key) > 128 {
		return p, nil, nil, errBadHash
	}
	return p, salt, key, nil
}

var (
	dummyOnce sync.Once
	dummyHash string
)

// spendPasswordCheck does the work of one password check against a throwaway hash (Gate.Spend).
func spendPasswordCheck(password string) {
	dummyOnce.Do(func() { dummyHash, _ = hashPassword("not the password of anyone") })
	_, _ = checkPassword(dummyHash, password)
}
