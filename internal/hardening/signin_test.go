package hardening

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// burst sends n requests at once: each goroutine waits for one start signal, so they reach the
// server together. It answers the replies in order (a transport error fails the test).
func burst(t *testing.T, n int, send func(i int) (reply, error)) []reply {
	t.Helper()
	replies := make([]reply, n)
	errs := make([]error, n)
	start := make(chan struct{})
	var ready, done sync.WaitGroup
	for i := 0; i < n; i++ {
		ready.Add(1)
		done.Add(1)
		go func(i int) {
			defer done.Done()
			ready.Done()
			<-start
			replies[i], errs[i] = send(i)
		}(i)
	}
	ready.Wait()
	close(start)
	done.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("request %d of the burst: %v", i, err)
		}
	}
	return replies
}

func creds(user, pw string) map[string]string {
	return map[string]string{"username": user, "password": pw}
}

// statusCount counts the replies by status.
func statusCount(replies []reply) map[int]int {
	n := map[int]int{}
	for _, r := range replies {
		n[r.status]++
	}
	return n
}

// Concurrent sign-ins cannot outrun the lockout: a failure is reserved before the password is
// checked, so of many simultaneous guesses at most five per address and five per account are
// checked at all, the rest answer 429 with Retry-After, and the lockout then holds for the right
// password too. (Before, every guess that arrived before the first failure was recorded was
// checked: 20 at once from one address were all tried.)
func TestConcurrentSignInsMeetTheLockout(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{race: true})
	// checkBurst: at most maxChecked of the replies checked a password (401); the rest were
	// refused by the lockout (429) or, on a machine so loaded that a check waited past the
	// password gate's limit, answered busy (503: not checked, counted neither way). Both carry
	// Retry-After. It returns how many were checked.
	checkBurst := func(what string, replies []reply, maxChecked int) int {
		t.Helper()
		n := statusCount(replies)
		if n[401] > maxChecked || n[401]+n[429]+n[503] != len(replies) {
			t.Errorf("%s: %v answers by status; at most %d may be checked (401), the rest 429 (or 503 when busy)", what, n, maxChecked)
		}
		for _, r := range replies {
			if r.status == 429 && (r.header.Get("Retry-After") == "" || !strings.Contains(r.errorMessage(), "Too many")) ||
				r.status == 503 && r.header.Get("Retry-After") == "" {
				t.Errorf("%s: refusal without Retry-After or message: %s", what, r)
			}
		}
		if n[503] > 0 {
			t.Logf("%s: %d answered busy (the machine is loaded); the lockout is then reached one guess at a time", what, n[503])
		}
		return n[401]
	}
	// topUp guesses one at a time until the lockout answers, as the burst would have got there
	// had no check been too busy; the burst's checks and these together stay within the limit.
	topUp := func(what string, checked, limit int, guess func(i int) reply) {
		t.Helper()
		for i := 0; ; i++ {
			r := guess(i)
			if r.status == 429 {
				return
			}
			if r.status == 401 {
				checked++
			}
			if checked > limit || i > 3*limit {
				t.Fatalf("%s: %d guesses checked and no lockout yet (last: %s)", what, checked, r)
			}
		}
	}

	// Twenty guesses at once from one address.
	one := s.clientFrom("127.0.0.2")
	guess := func(i int) (reply, error) {
		return one.sendJSON("POST", "/admin/login", creds(adminUser, fmt.Sprintf("guess-%d-wrong", i)))
	}
	checked := checkBurst("20 guesses at once from one address", burst(t, 20, guess), 5)
	topUp("one address", checked, 5, func(i int) reply { r, _ := guess(100 + i); return r })
	if r := one.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 429 {
		t.Errorf("the right password after the burst: %s", r)
	}

	// Five addresses, twenty guesses each, all at once, against one account (on a fresh server).
	s2 := newServer(t, opts{})
	var clients []*client
	for i := 0; i < 5; i++ {
		clients = append(clients, s2.clientFrom(fmt.Sprintf("127.0.0.%d", 11+i)))
	}
	checked = checkBurst("5 addresses × 20 guesses at once", burst(t, 100, func(i int) (reply, error) {
		return clients[i%5].sendJSON("POST", "/admin/login", creds(adminUser, fmt.Sprintf("guess-%d-wrong", i)))
	}), 5)
	topUp("one account", checked, 5, func(i int) reply {
		r, _ := s2.clientFrom(fmt.Sprintf("127.0.1.%d", i)).sendJSON("POST", "/admin/login", creds(adminUser, "more-wrong"))
		return r
	})
	if r := s2.clientFrom("127.0.0.20").mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 429 {
		t.Errorf("the account is not locked after the burst: %s", r)
	}

	// One address spraying twenty usernames at once meets its own lockout.
	spray := s2.clientFrom("127.0.0.30")
	checkBurst("one address, 20 usernames at once", burst(t, 20, func(i int) (reply, error) {
		return spray.sendJSON("POST", "/admin/login", creds(fmt.Sprintf("user%d", i), "password-x"))
	}), 5)
}

// Over-long usernames, passwords and e-mail addresses are refused with 400 before any rate
// limiter keys on them or any log line holds them: they do not count as failures, so the admin
// signs in from the same address afterwards, and the log stays small. (Before, a megabyte-long
// username became a key of the username lockout, kept for an hour, and was written whole into
// the log at the lockout.)
func TestOverlongNamesAreRefusedFirst(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.clientFrom("127.0.0.40")
	logBefore := len(s.logs.String())
	huge := strings.Repeat("u", 900<<10)
	for _, tt := range []struct{ name, user, pw, want string }{
		{"65-character username", strings.Repeat("a", 65), "password-x", "Username must be at most 64 characters."},
		{"33 two-byte letters", strings.Repeat("é", 33), "password-x", "Username must be at most 64 characters."},
		{"900 KB username", huge, "password-x", "Username must be at most 64 characters."},
		{"username padded with spaces", adminUser + strings.Repeat(" ", 100), adminPassword, "Username must be at most 64 characters."},
		{"257-character password", adminUser, strings.Repeat("p", 257), "Password must be at most 256 characters."},
	} {
		for i := 0; i < 6; i++ {
			if r := c.mustJSON(t, "POST", "/admin/login", creds(tt.user, tt.pw)); r.status != 400 || r.errorMessage() != tt.want {
				t.Errorf("%s, attempt %d: %s", tt.name, i+1, r)
				break
			}
		}
	}
	for _, email := range []string{strings.Repeat("a", 250) + "@example.com", strings.Repeat("a", 900<<10) + "@example.com"} {
		if r := c.mustJSON(t, "POST", "/admin/forgot-password", map[string]string{"email": email}); r.status != 400 {
			t.Errorf("forgot-password with a %d-byte address: %s", len(email), r)
		}
		m := enquiry("long-email")
		m["email"] = email
		if r := c.mustJSON(t, "POST", "/popup", m); r.status != 400 && r.status != 413 { // 413: past the form's 64 KB
			t.Errorf("enquiry with a %d-byte address: %s", len(email), r)
		}
	}
	if r := c.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 200 {
		t.Errorf("the refused names counted as failures: the admin's sign-in from the same address got %s", r)
	}
	if grown := len(s.logs.String()) - logBefore; grown > 32<<10 {
		t.Errorf("the log grew by %d bytes for 36 small requests", grown)
	}
}

// Password checks are bounded: 400 sign-ins sent at once from 100 addresses, each naming another
// username (so no lockout stops them), are answered 401 (checked) or 503 with Retry-After and a
// message (the server is busy) or 429, never anything else; the server's peak memory grows by
// a few checks' worth (argon2id takes 19 MiB each), not one per request; and the admin signs
// in afterwards. (Before, all 400 were checked at once: 6.7 GB peak.)
func TestPasswordChecksAreBounded(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	var clients []*client
	for i := 0; i < 100; i++ {
		clients = append(clients, s.clientFrom(fmt.Sprintf("127.0.1.%d", 2+i)))
	}
	before := s.peakRSS()
	replies := burst(t, 400, func(i int) (reply, error) {
		return clients[i%100].sendJSON("POST", "/admin/login", creds(fmt.Sprintf("sprayed-%d", i), "wrong-password"))
	})
	peak := s.peakRSS()
	n := statusCount(replies)
	t.Logf("400 sign-ins at once from 100 addresses: %v; peak memory %d MiB before, %d MiB after", n, before, peak)
	if n[401]+n[429]+n[503] != len(replies) || n[503] == 0 {
		t.Errorf("answers by status %v: want 401, 429 and some 503", n)
	}
	for _, r := range replies {
		if r.status == 503 && (r.header.Get("Retry-After") == "" || r.errorMessage() != "The server is busy. Please try again in a moment.") {
			t.Fatalf("busy answer without Retry-After or message: %s %v", r, r.header)
		}
	}
	// A bounded server grows by about a hundred MiB here; unbounded, it grew by gigabytes.
	const limit = 300
	if grown := peak - before; grown > limit {
		t.Errorf("peak memory grew by %d MiB under the burst (from %d to %d MiB)", grown, before, peak)
	}
	if r := s.clientFrom("127.0.0.250").mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 200 {
		t.Errorf("the admin's sign-in after the burst: %s", r)
	}
}

// The admin cannot be locked out for good by someone failing on purpose: a sign-in with the
// right password from a device (the device token of an earlier sign-in) or an address that
// signed in successfully before passes the account-wide lockout. Its own address's lockout
// still applies, forged device tokens are no device, and a new address without one stays
// locked out. (Before, one burst of wrong guesses locked the account for everyone.)
func TestKnownDeviceSignsInDespiteAccountLockout(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	home := s.clientFrom("127.0.2.2")
	r := home.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword))
	device, _ := r.json()["device"].(string)
	session, _ := r.json()["token"].(string)
	if r.status != 200 || device == "" {
		t.Fatalf("sign-in answers no device token: %s", r)
	}
	withDevice := func(pw, dev string) map[string]string {
		return map[string]string{"username": adminUser, "password": pw, "device": dev}
	}

	// An attacker locks the account from five addresses.
	for i := 0; i < 5; i++ {
		if r := s.clientFrom(fmt.Sprintf("127.0.2.%d", 10+i)).mustJSON(t, "POST", "/admin/login", creds(adminUser, "attacker-guess")); r.status != 401 {
			t.Fatalf("attacker's guess %d: %s", i, r)
		}
	}
	if r := s.clientFrom("127.0.2.20").mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 429 {
		t.Fatalf("the account is not locked for a new address: %s", r)
	}

	// The admin's device, from a new address, gets in; so does the known address without it.
	travel := s.clientFrom("127.0.2.3")
	r = travel.mustJSON(t, "POST", "/admin/login", withDevice(adminPassword, device))
	if r.status != 200 || r.json()["device"] == "" {
		t.Errorf("known device from a new address during the lockout: %s", r)
	}
	if r := home.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 200 {
		t.Errorf("known address without the device token during the lockout: %s", r)
	}
	// The lockout still stands for everyone else.
	if r := s.clientFrom("127.0.2.21").mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 429 {
		t.Errorf("the known device's sign-in lifted the account lockout: %s", r)
	}

	// Forged device tokens are no device.
	parts := strings.Split(device, ".")
	claims := tokenClaims(t, device)
	forged := map[string]string{
		"tampered subject":            parts[0] + "." + b64.EncodeToString([]byte(`{"sub":"admin","aud":["device"],"did":"x","iat":1,"exp":9999999999}`)) + "." + parts[2],
		"signed with the session key": rawToken(map[string]any{"alg": "HS256", "typ": "JWT"}, claims, []byte(jwtSecret)),
		"unsigned":                    rawToken(map[string]any{"alg": "none"}, claims, nil),
		"a session token":             session,
		"garbage":                     "a.b.c",
		"oversized":                   device + strings.Repeat("A", 4000),
	}
	for name, tok := range forged {
		if r := s.clientFrom("127.0.2.22").mustJSON(t, "POST", "/admin/login", withDevice(adminPassword, tok)); r.status != 429 {
			t.Errorf("device token %s: %s", name, r)
		}
	}

	// The device's own address meets its lockout: five wrong passwords, then the right one is
	// refused there too, device token or not.
	for i := 0; i < 5; i++ {
		if r := travel.mustJSON(t, "POST", "/admin/login", withDevice("mistyped-password", device)); r.status != 401 {
			t.Fatalf("wrong password %d with the device token: %s", i, r)
		}
	}
	if r := travel.mustJSON(t, "POST", "/admin/login", withDevice(adminPassword, device)); r.status != 429 {
		t.Errorf("the device's address after five failures: %s", r)
	}
}
