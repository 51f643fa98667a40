package api

import (
	"strings"
	"testing"

	"digitalreeviver/internal/domain"
)

// Through the real form endpoint: spam disguised as issue 23.9 found it (comma-joined links
// without a scheme, a zero-width space, Cyrillic look-alikes) lands in the spam folder with
// its reasons, and a real enquiry in Hindi and one in Hinglish with the company's site reach
// the inbox.
func TestDisguisedSpamIsFoldered(t *testing.T) {
	e := newEnv(t)
	for _, m := range []map[string]any{
		withAny(popupOK, "name", "Rohit", "message", "Best саsinо bonus: deals-a.com/x,deals-b.net/y,deals-c.xyz/z"),
		withAny(popupOK, "name", "Rohit", "message", "Cheap via\u200bgra today"),
		withAny(popupOK, "name", "Asha Verma", "message", "नमस्ते, मुझे डिजिटल मार्केटिंग कोर्स के बारे में जानकारी चाहिए। फीस कितनी है?"),
		withAny(popupOK, "name", "Ravi", "message", "Hi sir, hamari company ka website www.sharmatextiles.in hai, uska SEO karwana hai. Mail me at ravi@sharma.co.in"),
	} {
		res := e.do("POST", "/popup", strings.NewReader(mustJSON(m)), "application/json", nil)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("POST /popup %v: %d", m, res.StatusCode)
		}
	}
	spam, _ := e.listPage("?status=spam")
	if len(spam) != 2 || spam[0].Spam != "spam words" || spam[1].Spam != "many links, spam words" {
		t.Fatalf("spam folder: %+v", spam)
	}
	inbox, _ := e.listPage("")
	if len(inbox) != 2 || inbox[0].Name != "Ravi" || inbox[1].Name != "Asha Verma" || domain.StatusOf(inbox[0].Status) != domain.StatusNew {
		t.Fatalf("inbox: %+v", inbox)
	}
}
