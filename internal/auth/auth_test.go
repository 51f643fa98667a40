package auth

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"digitalreeviver/internal/domain"
)

func TestPasswordHash(t *testing.T) {
	h, err := hashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=") {
		t.Fatalf("hash %q is not PHC argon2id", h)
	}
	h2, _ := hashPassword("correct horse")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: salt missing")
	}
	for _, tt := range []struct {
		hash, pw string
		ok       bool
		wantErr  bool
	}{
		{h, "correct horse", true, false},
		{h, "correct horsE", false, false},
		{h, "", false, false},
		{"$2a$10$bcrypt", "x", false, true},
		{"$argon2id$v=19$m=999999999,t=1,p=1$AAAA$AAAA", "x", false, true},
		{"", "x", false, true},
	} {
		ok, err := checkPassword(tt.hash, tt.pw)
		if ok != tt.ok || (err != nil) != tt.wantErr {
			t.Errorf("checkPassword(%q, %q) = %v, %v", tt.hash, tt.pw, ok, err)
		}
	}
}

func TestTokens(t *testing.T) {
	secret := []byte(strings.Repeat("s", 32))
	tok, err := NewTokens(secret)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewTokens([]byte("short")); err == nil {
		t.Fatal("short secret accepted")
	}
	changed := time.Now().Add(-time.Hour)
	good, _ := tok.Issue("admin", changed)

	sign := func(m jwt.SigningMethod, key any, c jwt.Claims) string {
		s, err := jwt.NewWithClaims(m, c).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	now := time.Now()
	noExp := sign(jwt.SigningMethodHS256, secret, jwt.MapClaims{"sub": "admin", "iat": now.Unix()})
	expired := sign(jwt.SigningMethodHS256, secret, jwt.MapClaims{"sub": "admin", "iat": now.Add(-13 * time.Hour).Unix(), "exp": now.Add(-time.Hour).Unix()})
	hs512 := sign(jwt.SigningMethodHS512, secret, jwt.MapClaims{"sub": "admin", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()})
	none := sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, jwt.MapClaims{"sub": "admin", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()})
	otherKey := sign(jwt.SigningMethodHS256, []byte(strings.Repeat("x", 32)), jwt.MapClaims{"sub": "admin", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()})

	for _, tt := range []struct {
		name  string
		token string
		ok    bool
	}{
		{"issued", good, true},
		{"no exp", noExp, false},
		{"expired", expired, false},
		{"HS512 refused", hs512, false},
		{"alg none refused", none, false},
		{"other key", otherKey, false},
		{"garbage", "a.b.c", false},
		{"tampered", tamper(good), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := tok.Verify(tt.token)
			if (err == nil) != tt.ok {
				t.Fatalf("Verify: err = %v, want ok=%v", err, tt.ok)
			}
			if tt.ok && c.Subject != "admin" {
				t.Fatalf("sub = %q", c.Subject)
			}
		})
	}

	c, _ := tok.Verify(good)
	if !StillValid(c, changed) {
		t.Fatal("token refused under the password it was issued with")
	}
	if StillValid(c, time.Now()) {
		t.Fatal("token still valid after a password change in the same second")
	}
}

func TestResetToken(t *testing.T) {
	tok, hash, err := NewResetToken()
	if err != nil {
		t.Fatal(err)
	}
	if len(tok) < 22 { // 128 bits in base64url
		t.Fatalf("token %q too short", tok)
	}
	if string(HashResetToken(tok)) != string(hash) {
		t.Fatal("hash mismatch")
	}
	tok2, _, _ := NewResetToken()
	if tok == tok2 {
		t.Fatal("two tokens equal")
	}
}

func TestLimiter(t *testing.T) {
	l := NewLimiter(5, time.Minute, 3, "slow down")
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	for i := 0; i < 3; i++ {
		if err := l.Allow("a"); err != nil {
			t.Fatalf("request %d refused: %v", i, err)
		}
	}
	err := l.Allow("a")
	var le *LimitedError
	if !errors.As(err, &le) || le.Wait <= 0 || domain.ErrorCode(err) != domain.ERateLimited {
		t.Fatalf("4th request: %v", err)
	}
	if err := l.Allow("b"); err != nil {
		t.Fatalf("other key limited: %v", err)
	}
	now = now.Add(12 * time.Second)
	if err := l.Allow("a"); err != nil {
		t.Fatalf("after refill: %v", err)
	}
}

func TestLockout(t *testing.T) {
	l := NewLockout(3, time.Minute, time.Hour)
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	for i := 0; i < 2; i++ {
		if d := l.Fail("u"); d != 0 {
			t.Fatalf("failure %d locked: %v", i, d)
		}
	}
	if d := l.Fail("u"); d != time.Minute {
		t.Fatalf("3rd failure lock = %v", d)
	}
	if err := l.Check("u"); err == nil {
		t.Fatal("not locked")
	}
	now = now.Add(61 * time.Second)
	if err := l.Check("u"); err != nil {
		t.Fatalf("still locked: %v", err)
	}
	if d := l.Fail("u"); d != 2*time.Minute {
		t.Fatalf("4th failure lock = %v, want doubling", d)
	}
	for i := 0; i < 30; i++ {
		l.Fail("u")
	}
	if err := l.Check("u"); err.(*LimitedError).Wait > time.Hour {
		t.Fatal("lock beyond the ceiling")
	}
	l.Succeed("u")
	if err := l.Check("u"); err != nil {
		t.Fatal("success did not clear")
	}
}

// Attempts under way count against the threshold: however many begin at once, at most the
// threshold are let through before the lockout, and after a lock expires one at a time.
func TestLockoutReservesAttempts(t *testing.T) {
	l := NewLockout(5, time.Minute, time.Hour)
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	var tries []*Attempt
	for i := 0; i < 20; i++ {
		a, err := l.Begin("u")
		if err == nil {
			tries = append(tries, a)
		} else if domain.ErrorCode(err) != domain.ERateLimited {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	if len(tries) != 5 {
		t.Fatalf("%d of 20 simultaneous attempts let through, want 5", len(tries))
	}
	tries[0].Cancel() // never checked: counts neither way, and frees its place
	if a, err := l.Begin("u"); err != nil {
		t.Fatalf("a cancelled attempt kept its place: %v", err)
	} else {
		tries[0] = a
	}
	for _, a := range tries {
		a.Fail()
		a.Fail() // settling twice counts once
	}
	if err := l.Check("u"); err == nil {
		t.Fatal("five failures did not lock")
	}
	if _, err := l.Begin("u"); err == nil {
		t.Fatal("an attempt began while locked")
	}
	now = now.Add(61 * time.Second)
	a, err := l.Begin("u")
	if err != nil {
		t.Fatalf("after the lock: %v", err)
	}
	if _, err := l.Begin("u"); err == nil {
		t.Fatal("past the threshold two attempts may run at once")
	}
	if d := a.Fail(); d != 2*time.Minute {
		t.Fatalf("6th failure lock = %v, want doubling", d)
	}
	now = now.Add(3 * time.Minute)
	a, _ = l.Begin("u")
	a.Succeed()
	for i := 0; i < 5; i++ {
		if _, err := l.Begin("u"); err != nil {
			t.Fatalf("after a success, attempt %d: %v", i, err)
		}
	}
}

// A flood of keys (usernames, addresses) cannot grow a lockout or a limiter past its bound, and
// the least recently seen unlocked keys go first: a locked account stays locked.
func TestLimitsMemoryIsBounded(t *testing.T) {
	l := NewLockout(5, time.Minute, time.Hour)
	l.maxKeys = 1000
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	for i := 0; i < 5; i++ {
		l.Fail("admin")
	}
	for i := 0; i < 20000; i++ {
		now = now.Add(time.Millisecond)
		l.Fail(fmt.Sprintf("flood-%d", i))
		if i%4 == 0 {
			l.Fail(fmt.Sprintf("flood-%d", i)) // some keys fail more than once
		}
	}
	if n := l.Len(); n > 1000 {
		t.Fatalf("lockout holds %d keys, bound 1000", n)
	}
	if err := l.Check("admin"); err == nil {
		t.Fatal("the flood evicted the locked account")
	}

	lim := NewLimiter(5, time.Minute, 5, "slow down")
	lim.maxKeys = 1000
	lim.now = func() time.Time { return now }
	for i := 0; i < 20000; i++ {
		_ = lim.Allow(fmt.Sprintf("10.0.%d.%d", i/256, i%256))
		if len(lim.keys) > 1000 {
			t.Fatalf("limiter holds %d keys, bound 1000", len(lim.keys))
		}
	}
}

// The gate lets n checks run at once and a few more wait; past those the answer is busy at once.
func TestGateBoundsConcurrentChecks(t *testing.T) {
	g := NewGate(2, 1, time.Minute)
	r1, err1 := g.enter(context.Background())
	r2, err2 := g.enter(context.Background())
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	waited := make(chan error)
	go func() {
		r, err := g.enter(context.Background())
		if err == nil {
			r()
		}
		waited <- err
	}()
	// The waiting place is taken once the third caller is in it; a fourth is refused at once.
	for len(g.waiting) == 0 {
		runtime.Gosched()
	}
	_, err := g.enter(context.Background())
	var busy *BusyError
	if !errors.As(err, &busy) || busy.RetryAfter() <= 0 || domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("fourth caller: %v", err)
	}
	r1()
	if err := <-waited; err != nil {
		t.Fatalf("the waiting caller did not get the freed slot: %v", err)
	}
	r2()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g2 := NewGate(1, 1, time.Minute)
	r, _ := g2.enter(context.Background())
	if _, err := g2.enter(ctx); !errors.As(err, &busy) {
		t.Fatalf("a cancelled wait: %v", err)
	}
	r()
}

// A device token is known only for its admin, under the password it was issued with, until it
// expires; it and a session token can never stand in for each other.
func TestDeviceTokens(t *testing.T) {
	secret := []byte(strings.Repeat("s", 32))
	d := NewDevices(secret)
	now := time.Unix(1_800_000_000, 0)
	d.now = func() time.Time { return now }
	pw := time.Unix(1_700_000_000, 123)
	tok, err := d.Issue("admin", pw)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Known(tok, "admin", pw) {
		t.Fatal("a fresh device token is not known")
	}
	sessions, _ := NewTokens(secret)
	session, _ := sessions.Issue("admin", pw)
	for name, ok := range map[string]bool{
		"another admin":           d.Known(tok, "editor", pw),
		"after a password change": d.Known(tok, "admin", pw.Add(time.Nanosecond)),
		"tampered":                d.Known(tamper(tok), "admin", pw),
		"a session token":         d.Known(session, "admin", pw),
		"signed with another key": func() bool {
			o, _ := NewDevices([]byte(strings.Repeat("o", 32))).Issue("admin", pw)
			return d.Known(o, "admin", pw)
		}(),
		"empty":                     d.Known("", "admin", pw),
		"oversized":                 d.Known(tok+strings.Repeat("A", 1100), "admin", pw),
		"the session parser's view": func() bool { _, err := sessions.Verify(tok); return err == nil }(),
	} {
		if ok {
			t.Errorf("%s: accepted", name)
		}
	}
	now = now.Add(DeviceTTL + time.Second)
	if d.Known(tok, "admin", pw) {
		t.Fatal("an expired device token is known")
	}

	k := NewKnownAddresses()
	k.now = func() time.Time { return now }
	k.Add("admin", "192.0.2.1")
	for i := 0; i < 100; i++ {
		now = now.Add(time.Second)
		k.Add("admin", fmt.Sprintf("198.51.100.%d", i))
	}
	if k.Has("admin", "192.0.2.1") || !k.Has("admin", "198.51.100.99") || len(k.users["admin"]) > maxAddrsPerUser {
		t.Fatalf("known addresses not bounded to the newest %d: %d", maxAddrsPerUser, len(k.users["admin"]))
	}
	if k.Has("editor", "198.51.100.99") {
		t.Fatal("an address known for another admin")
	}
	now = now.Add(31 * 24 * time.Hour)
	if k.Has("admin", "198.51.100.99") {
		t.Fatal("an address known after 31 days")
	}
	k.Add("admin", "192.0.2.9")
	k.Forget("admin")
	if k.Has("admin", "192.0.2.9") {
		t.Fatal("Forget kept an address")
	}
}

// tamper changes one character of a token's signature for certain: the third from the end
// carries six bits of the signature whole (the last one's low bits are padding, which a
// lenient base64 decoder ignores, so changing it may change nothing).
func tamper(tok string) string {
	i := len(tok) - 3
	c := byte('A')
	if tok[i] == 'A' {
		c = 'B'
	}
	return tok[:i] + string(c) + tok[i+1:]
}
