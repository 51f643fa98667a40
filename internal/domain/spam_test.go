package domain

import (
	"slices"
	"strings"
	"testing"
)

// The spam score reads text as a person reads it: the samples of issue 23.9 (links joined by
// commas, links without a scheme, spam words with a zero-width space, in fullwidth letters or
// with Cyrillic and Greek look-alikes) are scored as their plain forms are, and real enquiries in
// Hindi, Hinglish and English (with a site, an e-mail address, "B.Tech", "ASP.NET", amounts)
// are not flagged.
func TestSpamScoreNormalisesBeforeScoring(t *testing.T) {
	for _, tc := range []struct {
		name, sender, message string
		want                  []string // the reasons, in SpamScore's order
	}{
		// The attacker's samples.
		{"links joined by commas", "Rohit", "Great work! http://a.example/x,http://b.example/y,http://c.example/z", []string{"many links"}},
		{"links joined by nothing", "Rohit", "http://a.example/xhttp://b.example/yhttp://c.example/z", []string{"many links"}},
		{"hosts joined by commas", "Rohit", "see best-deals.com,cheap-deals.net,top-deals.xyz", []string{"many links"}},
		{"links without a scheme", "Rohit", "visit www.cheap-seo.xyz or bit.ly/3xYz or tinyurl.com/abc", []string{"many links"}},
		{"hosts with paths", "Rohit", "offers at seo-deals.com/offer, SEO-DEALS.NET/more and deals.in/?id=1", []string{"many links"}},
		{"a zero-width space", "Rohit", "Cheap via\u200bgra here", []string{"spam words"}},
		{"a word joiner and a soft hyphen", "Rohit", "Best cas\u2060i\u00adno bonus", []string{"spam words"}},
		{"bidi controls", "Rohit", "bit\u202ecoin\u202c returns", []string{"spam words"}},
		{"fullwidth letters", "Rohit", "ｂｉｔｃｏｉｎ investment", []string{"spam words"}},
		{"mathematical letters", "Rohit", "𝐜𝐚𝐬𝐢𝐧𝐨 nights", []string{"spam words"}},
		{"Cyrillic look-alikes", "Rohit", "Best саsinо bonus", []string{"spam words"}},
		{"Cyrillic capitals", "Rohit", "FREE ЕЅСОRТ", []string{"spam words"}},
		{"Greek look-alikes", "Rohit", "νiagra οffer", []string{"spam words"}},
		{"accents on the letters", "Rohit", "ćasíno", []string{"spam words"}},
		{"a bare host as the name", "seo-deals.com", "Hello", []string{"link in the name"}},
		{"a fullwidth link as the name", "ｗｗｗ．ｄｅａｌｓ．ｃｏｍ", "Hello", []string{"link in the name"}},
		{"everything at once", "Best Offer", "Cheap b\u200backlinks package: a.example.com,b.example.com,c.example.com", []string{"many links", "spam words"}},

		// Real enquiries.
		{"Hindi", "आशा वर्मा", "नमस्ते, मुझे डिजिटल मार्केटिंग कोर्स के बारे में जानकारी चाहिए। फीस कितनी है? मेरा ईमेल asha.verma@gmail.com है।", nil},
		{"Hindi with joiners", "क्‍षितिज", "मुझे SEO सीखना है। क्‍या शनिवार को क्लास होती है?", nil},
		{"Hinglish", "Ravi Kumar", "Hi sir, mujhe SEO aur Google Ads ka course karna hai. Weekend batch hai kya? Fees kitni hai? Call me on 98110 45672.", nil},
		{"Hinglish with the company's site", "Sunita", "Hamari company ka website www.sharmatextiles.in hai, uska SEO karwana hai. Budget 15k/month.", nil},
		{"a site and an e-mail address", "Ravi", "Please check digitalreeviver.com and mail me at ravi@sharma.co.in", nil},
		{"degrees and frameworks", "Aman", "I completed B.Tech, know ASP.NET, VB.NET and Node.js. Want to learn digital marketing.", nil},
		{"amounts and times", "Neha", "Budget is 1.5 lakh, please call at 10.30 am. Version 2.0 of our app is live.", nil},
		{"Russian", "Иван", "Здравствуйте! Нужна помощь с продвижением сайта.", nil},
		{"Urdu with a right-to-left mark", "عائشہ", "\u200fمجھے ویب سائٹ بنوانی ہے", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			score, why := SpamScore(Message{Name: tc.sender, Message: tc.message})
			if !slices.Equal(why, tc.want) {
				t.Fatalf("reasons %q, want %q (score %d)", why, tc.want, score)
			}
			if flagged := score >= SpamThreshold; flagged != (len(tc.want) > 0) {
				t.Fatalf("score %d: flagged %v, reasons %q", score, flagged, why)
			}
		})
	}
}

// Normalising for the score never changes what is stored: the enquiry keeps what was typed.
func TestSpamScoreLeavesTheEnquiryAsTyped(t *testing.T) {
	m := Message{Name: "आशा", Message: "ｂｉｔ\u200bcoin саsinо"}
	before := m
	SpamScore(m)
	if m != before || !strings.Contains(m.Message, "\u200b") {
		t.Fatalf("changed: %+v", m)
	}
}
