package domain

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// mailboxContractPath is where the site's own check of a visitor's address (site/src/lib/enquiry.ts)
// reads what ValidMailbox answers, so the two cannot drift apart: a visitor whom the form lets
// send must never meet the server's refusal ('Failed to send message').
const mailboxContractPath = "../../site/src/lib/testdata/mailboxes.json"

// mailboxContractCases are the addresses both sides are held to: those of TestValidMailbox and
// the ones where a JavaScript port goes wrong most easily (UTF-8 byte limits counted in UTF-16
// code units, Unicode classes, case of punycode, Unicode spaces).
func mailboxContractCases() []string {
	cases := append([]string(nil), validMailboxes...)
	cases = append(cases, invalidMailboxes...)
	return append(cases,
		"a@b.cd", "asha@example.c", "asha@example.co1", "ä@example.de", "asha@exämple.de", "e\u0301@example.fr",
		"١٢٣@example.com", "😀@example.com", "asha@😀.com", "a@b@example.com", "asha@XN--H2BRJ9C.XN--H2BRJ9C",
		"asha\u00a0@example.in", "asha@example.in\u2028", "asha@exa mple.in", " asha@example.in", "asha@example.in ",
		"asha@example.in\t", "a\u200b@example.in", "asha@sub.-x.in", "a-@example.in", "-a@example.in", "a+b+c@example.in",
		strings.Repeat("a", 64)+"@example.in", strings.Repeat("é", 32)+"@example.in", strings.Repeat("é", 32)+"a@example.in",
		"a@"+strings.Repeat("b", 249)+".in", "a@"+strings.Repeat("b", 250)+".in", "a@"+strings.Repeat("é", 124)+".in",
		"a@"+strings.Repeat("é", 125)+".in", "asha@example.in/", "asha@example.in#x", "asha@[127.0.0.1]", "asha@127.0.0.1",
	)
}

type mailboxCase struct {
	Address string `json:"address"`
	Valid   bool   `json:"valid"`
}

// TestMailboxContract writes (with UPDATE_FIXTURE=1) or checks the fixture the site's test reads.
func TestMailboxContract(t *testing.T) {
	var cases []mailboxCase
	valid := 0
	for _, a := range mailboxContractCases() {
		ok := ValidMailbox(a)
		if ok {
			valid++
		}
		cases = append(cases, mailboxCase{Address: a, Valid: ok})
	}
	if valid < 10 || len(cases)-valid < 10 {
		t.Fatalf("%d valid of %d: the fixture must hold both kinds", valid, len(cases))
	}
	data, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if os.Getenv("UPDATE_FIXTURE") != "" {
		if err := os.WriteFile(mailboxContractPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(mailboxContractPath)
	if err != nil || !bytes.Equal(old, data) {
		t.Fatalf("%s is out of date (the site would be tested against old answers): run UPDATE_FIXTURE=1 go test ./internal/domain -run TestMailboxContract",
			strings.TrimPrefix(mailboxContractPath, "../../"))
	}
}
