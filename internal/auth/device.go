package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// A device token says "this browser signed in as this admin before". The admin SPA keeps it in
// local storage (it is not a cookie: nothing sends it by itself, so it adds no cross-site
// surface) and sends it with every sign-in. A sign-in with a valid device token for the
// username it names is not held up by the account-wide lockout, which an attacker can trigger
// on purpose; the lockout of the address it comes from still applies. The token grants nothing
// else: it is signed with a key of its own (derived from the JWT secret), carries the audience
// "device", and is no session.

// DeviceTTL is how long a device stays known without signing in again; each sign-in renews it.
const DeviceTTL = 90 * 24 * time.Hour

// maxDeviceToken bounds what is even parsed.
const maxDeviceToken = 1024

const deviceAudience = "device"

// deviceClaims are what a device token carries: the admin, a random device id, and the
// password version it was issued under (a password change forgets every device).
type deviceClaims struct {
	Device          string `json:"did"`
	PasswordVersion int64  `json:"pwv"`
	jwt.RegisteredClaims
}

// Devices issues and checks device tokens.
type Devices struct {
	key []byte
	now func() time.Time
}

// NewDevices derives the device-token key from the JWT secret, so the two kinds of token can
// never stand in for each other.
func NewDevices(secret []byte) *Devices {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("digitalreeviver device token v1"))
	return &Devices{key: m.Sum(nil), now: time.Now}
}

// Issue returns a new device token for username.
func (d *Devices) Issue(username string, passwordChangedAt time.Time) (string, error) {
	var id [12]byte
	if _, err := rand.Read(id[:]); err != nil {
		return "", err
	}
	now := d.now()
	c := deviceClaims{
		Device:          hex.EncodeToString(id[:]),
		PasswordVersion: passwordVersion(passwordChangedAt),
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   username,
			Audience:  jwt.ClaimStrings{deviceAudience},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(DeviceTTL)),
		},
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(d.key)
	if err != nil {
		return "", fmt.Errorf("sign device token: %w", err)
	}
	return s, nil
}

// Known reports whether token is a valid, unexpired device token of username, issued under its
// current password.
func (d *Devices) Known(token, username string, passwordChangedAt time.Time) bool {
	if token == "" || len(token) > maxDeviceToken {
		return false
	}
	var c deviceClaims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return d.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithAudience(deviceAudience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(d.now),
	)
	return err == nil && c.Subject == username && c.Device != "" &&
		c.PasswordVersion == passwordVersion(passwordChangedAt)
}

// KnownAddresses remembers, per admin, the client addresses of successful sign-ins for 30 days
// (in memory, like the lockouts: a restart forgets both). Only successful sign-ins add to it,
// so it holds at most maxAddrsPerUser addresses per admin account.
type KnownAddresses struct {
	mu    sync.Mutex
	users map[string]map[string]time.Time
	now   func() time.Time
}

const (
	knownAddrTTL    = 30 * 24 * time.Hour
	maxAddrsPerUser = 32
)

// NewKnownAddresses returns an empty memory of addresses.
func NewKnownAddresses() *KnownAddresses {
	return &KnownAddresses{users: map[string]map[string]time.Time{}, now: time.Now}
}

// Add records a successful sign-in of username from addr.
func (k *KnownAddresses) Add(username, addr string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	m := k.users[username]
	if m == nil {
		m = map[string]time.Time{}
		k.users[username] = m
	}
	m[addr] = k.now()
	if len(m) > maxAddrsPerUser {
		evictOldest(m, maxAddrsPerUser, func(t time.Time) time.Time { return t }, func(time.Time) bool { return true })
	}
}

// Has reports whether username signed in successfully from addr within the last 30 days.
func (k *KnownAddresses) Has(username, addr string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	t, ok := k.users[username][addr]
	return ok && k.now().Sub(t) < knownAddrTTL
}

// Forget drops every address of username (after a password change).
func (k *KnownAddresses) Forget(username string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.users, username)
}
