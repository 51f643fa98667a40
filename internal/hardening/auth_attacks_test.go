package hardening

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/store"
)

const msgUnauthorized = "Unauthorized: Please log in."

var b64 = base64.RawURLEncoding

// rawToken assembles a JWT from a header and claims, signed with HMAC-SHA256 by key (no
// signature when key is nil), whatever alg the header names.
func rawToken(header, claims map[string]any, key []byte) string {
	h, _ := json.Marshal(header)
	c, _ := json.Marshal(claims)
	in := b64.EncodeToString(h) + "." + b64.EncodeToString(c)
	if key == nil {
		return in + "."
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(in))
	return in + "." + b64.EncodeToString(m.Sum(nil))
}

// tokenClaims reads the claims of a token without verifying it.
func tokenClaims(t *testing.T, token string) map[string]any {
	t.Helper()
	parts := strings.Split(token, ".")
	data, err := b64.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // pwv is nanoseconds: a float64 would round it
	if err := dec.Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c
}

// Forged and tampered tokens: each is refused with 401 and the contract's message on every
// admin call, and nothing they try to write is stored. A correctly forged token (the server's
// own secret, every claim right) is accepted, which proves each refusal is for its one flaw.
func TestForgedTokensAreRefused(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.client().login(t)
	real := tokenClaims(t, c.token)
	secret := []byte(jwtSecret)
	now := time.Now()
	claims := func(change func(map[string]any)) map[string]any {
		m := map[string]any{"sub": adminUser, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "pwv": real["pwv"]}
		if change != nil {
			change(m)
		}
		return m
	}
	sign := func(method jwt.SigningMethod, key any, m map[string]any) string {
		tok, err := jwt.NewWithClaims(method, jwt.MapClaims(m)).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	good := sign(jwt.SigningMethodHS256, secret, claims(nil))
	hs256 := map[string]any{"alg": "HS256", "typ": "JWT"}
	parts := strings.Split(good, ".")

	if r := c.anon().must(t, "GET", "/api/me", nil, "", "Authorization", "Bearer "+good); r.status != 200 {
		t.Fatalf("control: a token forged with the server's secret and right claims is refused: %s", r)
	}

	forged := []struct{ name, header string }{
		{"no Authorization header", ""},
		{"empty bearer", "Bearer "},
		{"Basic scheme", "Basic " + base64.StdEncoding.EncodeToString([]byte(adminUser+":"+adminPassword))},
		{"token without scheme", good},
		{"alg none", "Bearer " + sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims(nil))},
		{"alg None", "Bearer " + rawToken(map[string]any{"alg": "None", "typ": "JWT"}, claims(nil), nil)},
		{"alg NONE with the old signature", "Bearer " + rawToken(map[string]any{"alg": "NONE"}, claims(nil), nil) + parts[2]},
		{"alg HS512 with the right secret", "Bearer " + sign(jwt.SigningMethodHS512, secret, claims(nil))},
		{"alg HS384 with the right secret", "Bearer " + sign(jwt.SigningMethodHS384, secret, claims(nil))},
		{"alg RS256 with an HMAC signature (key confusion)", "Bearer " + rawToken(map[string]any{"alg": "RS256", "typ": "JWT"}, claims(nil), secret)},
		{"alg missing", "Bearer " + rawToken(map[string]any{"typ": "JWT"}, claims(nil), secret)},
		{"bad signature", "Bearer " + parts[0] + "." + parts[1] + "." + b64.EncodeToString(make([]byte, 32))},
		{"signature stripped", "Bearer " + parts[0] + "." + parts[1] + "."},
		{"payload tampered (sub)", "Bearer " + parts[0] + "." + b64.EncodeToString([]byte(`{"sub":"root","iat":1,"exp":9999999999}`)) + "." + parts[2]},
		{"signed with another key", "Bearer " + sign(jwt.SigningMethodHS256, []byte(strings.Repeat("x", 48)), claims(nil))},
		{"expired", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) {
			m["iat"], m["exp"] = now.Add(-13*time.Hour).Unix(), now.Add(-time.Hour).Unix()
		}))},
		{"no expiry", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) { delete(m, "exp") }))},
		{"expired, expiry as a string", "Bearer " + rawToken(hs256, claims(func(m map[string]any) { m["exp"] = fmt.Sprint(now.Add(-time.Hour).Unix()) }), secret)},
		{"expiry not a number", "Bearer " + rawToken(hs256, claims(func(m map[string]any) { m["exp"] = "tomorrow" }), secret)},
		{"no iat", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) { delete(m, "iat") }))},
		{"iat in the future", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) { m["iat"] = now.Add(time.Hour).Unix() }))},
		{"not valid before an hour from now", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) { m["nbf"] = now.Add(time.Hour).Unix() }))},
		{"unknown admin", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) { m["sub"] = "root" }))},
		{"no subject", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) { delete(m, "sub") }))},
		{"from before a password change (older password version)", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) {
			pwv, _ := real["pwv"].(json.Number).Int64()
			m["pwv"] = pwv - int64(time.Hour)
		}))},
		{"issued before the password changed", "Bearer " + sign(jwt.SigningMethodHS256, secret, claims(func(m map[string]any) {
			m["iat"] = now.Add(-48 * time.Hour).Unix()
		}))},
		{"oversized", "Bearer " + good + strings.Repeat("A", 8000)},
		{"two tokens", "Bearer " + good + " Bearer " + good},
		{"garbage", "Bearer a.b.c"},
	}
	calls := []struct{ method, path, body string }{
		{"GET", "/api/me", ""},
		{"GET", "/popups", ""},
		{"GET", "/api/preview-blogs", ""},
		{"POST", "/api/preview-blogs", `{"title":"Forged Post","category":"SEO","content":"<p>x</p>"}`},
		{"DELETE", "/api/blogs/anything", ""},
		{"POST", "/api/builds", ""},
	}
	for _, f := range forged {
		for _, call := range calls {
			var hdr []string
			if f.header != "" {
				hdr = []string{"Authorization", f.header}
			}
			r := c.anon().must(t, call.method, call.path, strings.NewReader(call.body), "application/json", hdr...)
			if r.status != 401 || r.errorMessage() != msgUnauthorized {
				t.Errorf("%s: %s %s answered %s", f.name, call.method, call.path, r)
			}
		}
	}
	// A token in the query string or a cookie is no token.
	for _, p := range []string{"/api/me?token=" + c.token, "/api/me?access_token=" + c.token} {
		if r := c.anon().must(t, "GET", p, nil, ""); r.status != 401 {
			t.Errorf("GET %s: %s", p, r)
		}
	}
	if r := c.anon().must(t, "GET", "/api/me", nil, "", "Cookie", "adminToken="+c.token+"; token="+c.token); r.status != 401 {
		t.Errorf("token in a cookie accepted: %s", r)
	}
	if r := c.must(t, "GET", "/api/preview-blogs", nil, ""); r.status != 200 || string(r.body) != "[]\n" {
		t.Errorf("a forged call stored something: %s", r)
	}
	if r := c.must(t, "GET", "/api/builds", nil, ""); strings.Contains(string(r.body), "full rebuild") {
		t.Errorf("a forged call started a build: %s", r)
	}
}

// Brute force on the login: five failures lock the account and the address out (429 with
// Retry-After, even for the right password), and neither variants of the path nor headers that
// claim another client address get around it.
func TestLoginBruteForceIsLockedOut(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.client()
	creds := func(user, pw string) map[string]string { return map[string]string{"username": user, "password": pw} }
	for i := 0; i < 5; i++ {
		if r := c.mustJSON(t, "POST", "/admin/login", creds(adminUser, fmt.Sprintf("guess-%d-wrong", i))); r.status != 401 || r.errorMessage() != "Invalid credentials" {
			t.Fatalf("failure %d: %s", i, r)
		}
	}
	r := c.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword))
	if r.status != 429 || r.header.Get("Retry-After") == "" || !strings.Contains(r.errorMessage(), "Too many failed attempts") {
		t.Fatalf("after five failures the right password got %s (Retry-After %q)", r, r.header.Get("Retry-After"))
	}
	variants := []string{"/admin/login/", "/Admin/Login", "/ADMIN/LOGIN", "/admin/Login", "/admin//login", "//admin/login",
		"/admin/./login", "/admin/x/../login", "/admin/login%2F", "/admin/login/.", "/admin/%6cogin", "/admin/login;x", "/admin/login?x=1",
		"/api/../admin/login", "/admin/login%00", "/admin/login%20"}
	for _, p := range variants {
		r := c.mustJSON(t, "POST", p, creds(adminUser, adminPassword))
		if r.status == 200 || strings.Contains(string(r.body), "token") {
			t.Errorf("POST %s got around the lockout: %s", p, r)
		}
	}
	for _, h := range [][]string{
		{"X-Forwarded-For", "203.0.113.7"}, {"X-Forwarded-For", "198.51.100.1, 203.0.113.8"}, {"X-Real-IP", "203.0.113.9"},
		{"Forwarded", "for=203.0.113.10"}, {"True-Client-IP", "203.0.113.11"}, {"CF-Connecting-IP", "203.0.113.12"},
	} {
		if r := c.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword), h...); r.status != 429 {
			t.Errorf("%s: %s got around the lockout: %s", h[0], h[1], r)
		}
	}
	for _, u := range []string{"ADMIN", " admin ", "Admin"} {
		if r := c.mustJSON(t, "POST", "/admin/login", creds(u, adminPassword)); r.status != 429 {
			t.Errorf("username %q got around the lockout: %s", u, r)
		}
	}

	// Behind a proxy (--trust-proxy) each attempt may come from a new address: the account is
	// locked all the same, and one address spraying usernames is locked too.
	p := newServer(t, opts{trustProxy: true})
	pc := p.client()
	for i := 0; i < 5; i++ {
		pc.xff = fmt.Sprintf("198.51.100.%d", i+1)
		if r := pc.mustJSON(t, "POST", "/admin/login", creds(adminUser, "wrong-"+pc.xff)); r.status != 401 {
			t.Fatalf("rotating failure %d: %s", i, r)
		}
	}
	pc.xff = "198.51.100.99"
	if r := pc.mustJSON(t, "POST", "/admin/login", creds(adminUser, adminPassword)); r.status != 429 {
		t.Fatalf("rotating addresses got around the account lockout: %s", r)
	}
	pc.xff = "192.0.2.50"
	for i := 0; i < 5; i++ {
		if r := pc.mustJSON(t, "POST", "/admin/login", creds(fmt.Sprintf("user%d", i), "password-x")); r.status != 401 {
			t.Fatalf("spray %d: %s", i, r)
		}
	}
	if r := pc.mustJSON(t, "POST", "/admin/login", creds("user9", "password-x")); r.status != 429 {
		t.Fatalf("one address spraying usernames is not locked out: %s", r)
	}
}

// Brute force on reset tokens: ten guesses per address in 15 minutes, then 429, and neither
// path variants nor forwarded-address headers reset the count.
func TestResetTokenGuessingIsLimited(t *testing.T) {
	t.Parallel()
	s := newServer(t, opts{})
	c := s.client()
	guess := func() map[string]string {
		var b [32]byte
		_, _ = rand.Read(b[:])
		return map[string]string{"token": b64.EncodeToString(b[:]), "newPassword": "attacker-password-1"}
	}
	for i := 0; i < 10; i++ {
		if r := c.mustJSON(t, "POST", "/reset-password", guess()); r.status != 400 || r.errorMessage() != "Invalid or expired token." {
			t.Fatalf("guess %d: %s", i, r)
		}
	}
	r := c.mustJSON(t, "POST", "/reset-password", guess())
	if r.status != 429 || r.header.Get("Retry-After") == "" {
		t.Fatalf("11th guess: %s", r)
	}
	for _, p := range []string{"/reset-password/", "/Reset-Password", "/RESET-PASSWORD", "/reset-password/" + guess()["token"],
		"/reset-password?x", "//reset-password", "/admin/../reset-password", "/reset-password%2F", "/admin/reset-password"} {
		r := c.mustJSON(t, "POST", p, guess())
		if r.status == 200 || r.status == 400 && r.errorMessage() == "Invalid or expired token." {
			t.Errorf("POST %s reached a reset handler past the limit: %s", p, r)
		}
	}
	for _, h := range [][]string{{"X-Forwarded-For", "203.0.113.1"}, {"X-Real-IP", "203.0.113.2"}, {"Forwarded", "for=203.0.113.3"}} {
		if r := c.mustJSON(t, "POST", "/reset-password", guess(), h...); r.status != 429 {
			t.Errorf("%s got around the reset limit: %s", h[0], r)
		}
	}
}

var resetLink = regexp.MustCompile(`https?://[^\s/]+/reset-password/([A-Za-z0-9_-]+)`)

// The reset flow: a known and an unknown address get the same answer in the same time; the
// link's host is the configured site whatever Host the request claims; a token works once,
// and not after it expired; and the reset revokes the tokens issued before it.
func TestResetFlowResistsAbuse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	addAdmin(t, dir)
	const expired = "expired-token-abcdefghijklmnopqrstuvwxyz0123456789"
	db, err := store.Open(dbPath(dir), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.PutResetToken(auth.HashResetToken(expired), adminUser, time.Now().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s := startServer(t, dir, opts{})
	c := s.client().login(t)
	before := c.token

	ask := func(email string, hdr ...string) (reply, time.Duration) {
		start := time.Now()
		r := c.anon().mustJSON(t, "POST", "/admin/forgot-password", map[string]string{"email": email}, hdr...)
		return r, time.Since(start)
	}
	hostile := []string{"Host", "evil.example", "X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "http", "Origin", "https://evil.example", "Referer", "https://evil.example/"}
	known, tKnown := ask(adminEmail, hostile...)
	unknown, tUnknown := ask("nobody@example.com", hostile...)
	if known.status != 200 || known.status != unknown.status || string(known.body) != string(unknown.body) ||
		known.header.Get("Content-Type") != unknown.header.Get("Content-Type") {
		t.Fatalf("known and unknown addresses are told apart:\n%s\n%s", known, unknown)
	}
	if tKnown > time.Second || tUnknown > time.Second {
		t.Errorf("forgot-password does its work before answering: %v for a known address, %v for an unknown one", tKnown, tUnknown)
	}
	// Each kind of mail has its own queue, sent in order: once the known address's reset mail is
	// out, a mail for the unknown address (asked after it) would have been sent too; and the
	// notification of an enquiry sent after both proves the server has worked through them.
	if r := c.anon().mustJSON(t, "POST", "/popup", enquiry("after the resets")); r.status != 200 {
		t.Fatalf("enquiry: %s", r)
	}
	var resets []string
	poll.Until(t, "the reset mail and the enquiry's notification", func() bool {
		resets = resets[:0]
		notified := false
		for _, f := range outboxFiles(s.outbox()) {
			h, body := readMail(t, f)
			if to, err := h.AddressList("To"); err != nil || len(to) != 1 || to[0].Address != notifyEmail {
				resets = append(resets, f)
			} else if strings.Contains(body, "Enquiry after the resets") {
				notified = true
			}
		}
		return notified && len(resets) > 0
	}, poll.Within(10*time.Second))
	if len(resets) != 1 {
		t.Fatalf("%d mails for one known and one unknown address", len(resets))
	}
	_, eml := readMail(t, resets[0])
	m := resetLink.FindStringSubmatch(eml)
	if m == nil || strings.Contains(eml, "evil.example") || !strings.Contains(eml, siteURL+"/reset-password/") {
		t.Fatalf("the reset link does not come from SITE_URL:\n%s", eml)
	}
	token := m[1]

	reset := func(tok, pw string) reply {
		return c.anon().mustJSON(t, "POST", "/reset-password", map[string]string{"token": tok, "newPassword": pw})
	}
	if r := reset(expired, "new-password-123"); r.status != 400 || r.errorMessage() != "Invalid or expired token." {
		t.Errorf("expired token: %s", r)
	}
	if r := reset(token, "short"); r.status != 400 {
		t.Errorf("short password: %s", r)
	}
	const newPassword = "Brand-new-passw0rd"
	if r := reset(token, newPassword); r.status != 200 {
		t.Fatalf("reset with the mailed token (still good after the refused short password): %s", r)
	}
	if r := reset(token, "another-password-1"); r.status != 400 || r.errorMessage() != "Invalid or expired token." {
		t.Errorf("reused token: %s", r)
	}
	if r := c.must(t, "GET", "/api/me", nil, ""); r.status != 401 {
		t.Errorf("the token issued before the reset still works: %s", r)
	}
	if r := c.anon().mustJSON(t, "POST", "/admin/login", map[string]string{"username": adminUser, "password": adminPassword}); r.status != 401 {
		t.Errorf("the old password still works: %s", r)
	}
	r := c.anon().mustJSON(t, "POST", "/admin/login", map[string]string{"username": adminUser, "password": newPassword})
	if r.status != 200 || r.json()["token"] == before {
		t.Errorf("the new password: %s", r)
	}
}
