package domain

import (
	"strings"
	"testing"
)

// The password policy: at least 8 characters (counted as characters, not bytes), not one of the
// common passwords in any case, and nothing else asked of it; each refusal says why.
func TestPasswordPolicy(t *testing.T) {
	for _, tt := range []struct {
		password, want string
	}{
		{"password", MsgPasswordCommon},
		{"Password1", MsgPasswordCommon},
		{"QWERTY123", MsgPasswordCommon},
		{"iloveyou", MsgPasswordCommon},
		{"12345678", MsgPasswordCommon},
		{"passw0rd", MsgPasswordCommon},
		{"short", MsgPasswordShort},
		{"", MsgPasswordShort},
		{"пароль1", MsgPasswordShort}, // 7 characters in 13 bytes
		{strings.Repeat("x", MaxPasswordLen+1), "Password must be at most 256 characters."},
		{"пароль12", ""},
		{"correct horse battery staple", ""},
		{"Hardening-Passw0rd-7731", ""},
		{"3fa9c2d41b7e6f0a55", ""}, // what make run generates: 9 random bytes in hex
	} {
		err := ValidatePassword(tt.password)
		if got := ErrorMessage(err); got != tt.want || tt.want != "" && ErrorCode(err) != EInvalid {
			t.Errorf("%.20q: %q, want %q", tt.password, got, tt.want)
		}
	}
}

// The shipped list is what its comment says: 17,950 lines of 8 or more printable ASCII
// characters, lower-case, each once, the most frequent first.
func TestCommonPasswordList(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(commonPasswords), "\n")
	if len(lines) != 17950 || lines[0] != "password" || lines[1] != "12345678" {
		t.Fatalf("%d lines, starting %q", len(lines), lines[:2])
	}
	seen := map[string]bool{}
	for _, l := range lines {
		if len(l) < MinPasswordLen || l != strings.ToLower(l) || seen[l] || strings.IndexFunc(l, func(r rune) bool { return r <= ' ' || r > '~' }) >= 0 {
			t.Fatalf("line %q breaks the list's rules", l)
		}
		seen[l] = true
	}
	if !CommonPassword(lines[len(lines)-1]) || CommonPassword("not-on-any-list-7731") {
		t.Fatal("the search does not find what the list holds")
	}
}
