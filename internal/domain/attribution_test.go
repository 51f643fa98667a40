package domain

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"
)

func fieldsOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestReadAttributionKeepsWhatPassesAndDropsTheRest(t *testing.T) {
	a, dropped := ReadAttribution(fieldsOf(map[string]string{
		"landing": "/seo-services-in-delhi/", "page": "/blog/local-seo/", "referrer": "WWW.Google.co.in.",
		"utm_source": "google", "utm_medium": "cpc", "utm_campaign": "  Diwali   Sale 2026 ", "utm_term": "seo agency noida",
		"gclid": "Cj0KCQiA-abc_123", "fbclid": "not<valid>", "utm_content": "<script>", "wbraid": strings.Repeat("a", MaxClickIDLen+1),
	}), AttributionNotice)
	if a == nil {
		t.Fatal("nothing kept")
	}
	want := Attribution{Landing: "/seo-services-in-delhi/", Page: "/blog/local-seo/", Referrer: "www.google.co.in",
		Source: "google", Medium: "cpc", Campaign: "Diwali Sale 2026", Term: "seo agency noida", GCLID: "Cj0KCQiA-abc_123",
		Channel: ChannelPaidSearch, Basis: AttributionNotice}
	if *a != want {
		t.Errorf("kept\n%+v\nwant\n%+v", *a, want)
	}
	if strings.Join(dropped, ",") != "utm_content,wbraid,fbclid" {
		t.Errorf("dropped %v", dropped)
	}
}

func TestReadAttributionRefusesWhatIsNoPathOrHost(t *testing.T) {
	for _, tc := range []struct{ field, value string }{
		{"landing", "https://evil.example/x"}, {"landing", "relative/path"}, {"page", "/a b"}, {"page", "/" + strings.Repeat("x", MaxPathLen)},
		{"page", "/x?q=1"}, {"referrer", "evil.example/path"}, {"referrer", "a_b.com"}, {"referrer", "xn--\u00e9.com"},
		{"utm_campaign", strings.Repeat("x", MaxCampaignLen+1)}, {"utm_source", "a\x00b"}, {"utm_source", "a\u202eb"},
		{"utm_medium", "\xff\xfe"}, {"gclid", "abc def"}, {"msclkid", "a\"b"},
	} {
		a, dropped := ReadAttribution(fieldsOf(map[string]string{tc.field: tc.value}), AttributionNotice)
		if len(dropped) != 1 || dropped[0] != tc.field {
			t.Errorf("%s=%q: dropped %v", tc.field, tc.value, dropped)
		}
		if a == nil || a.Landing+a.Page+a.Referrer+a.Source+a.Medium+a.Campaign+a.GCLID+a.MSCLKID != "" {
			t.Errorf("%s=%q: kept %+v", tc.field, tc.value, a)
		}
	}
}

func TestReadAttributionUnderEachSetting(t *testing.T) {
	sent := map[string]string{"page": "/contactus/", "landing": "/", "utm_source": "google", "utm_medium": "cpc", "gclid": "abc", "fbclid": "def"}
	if a, _ := ReadAttribution(fieldsOf(sent), AttributionOff); a != nil {
		t.Errorf("off kept %+v", a)
	}
	if a, _ := ReadAttribution(fieldsOf(map[string]string{}), AttributionNotice); a != nil {
		t.Errorf("nothing sent kept %+v", a)
	}
	a, _ := ReadAttribution(fieldsOf(sent), AttributionConsent)
	if a.HasClickID() || a.Source != "google" || a.Channel != ChannelPaidSearch || a.MayExport(AttributionConsent) {
		t.Errorf("consent without the tick: %+v", a)
	}
	sent["adConsent"] = "true"
	a, _ = ReadAttribution(fieldsOf(sent), AttributionConsent)
	if a.GCLID != "abc" || a.FBCLID != "def" || !a.Consent || !a.MayExport(AttributionConsent) {
		t.Errorf("consent with the tick: %+v", a)
	}
	if a.MayExport(AttributionOff) {
		t.Error("exportable with attribution off")
	}
	a.EraseClickIDs()
	if a.HasClickID() || !a.ClickIDsErased || a.Channel != ChannelPaidSearch || a.MayExport(AttributionNotice) {
		t.Errorf("erased: %+v", a)
	}
}

func TestChannelOf(t *testing.T) {
	for _, tc := range []struct {
		v    Visit
		want string
	}{
		{Visit{}, ChannelDirect},
		{Visit{Referrer: "www.google.co.in"}, ChannelOrganicSearch},
		{Visit{Referrer: "duckduckgo.com"}, ChannelOrganicSearch},
		{Visit{Referrer: "www.bing.com", PaidClick: true}, ChannelPaidSearch},
		{Visit{Source: "google", Medium: "cpc"}, ChannelPaidSearch},
		{Visit{Source: "facebook", Medium: "cpc"}, ChannelSocial},
		{Visit{Referrer: "l.facebook.com", SocialClick: true}, ChannelSocial},
		{Visit{Referrer: "lm.facebook.com"}, ChannelSocial},
		{Visit{Referrer: "t.co"}, ChannelSocial},
		{Visit{Referrer: "www.linkedin.com"}, ChannelSocial},
		{Visit{Source: "instagram", Medium: "social"}, ChannelSocial},
		{Visit{Source: "newsletter", Medium: "email"}, ChannelEmail},
		{Visit{Source: "mailchimp", Medium: "E-mail"}, ChannelEmail},
		{Visit{Referrer: "www.bbc.co.uk"}, ChannelReferral},
		{Visit{Referrer: "abc.com"}, ChannelReferral},
		{Visit{Source: "partner-site"}, ChannelReferral},
		{Visit{Medium: "organic", Source: "google"}, ChannelOrganicSearch},
	} {
		if got := ChannelOf(tc.v); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.v, got, tc.want)
		}
	}
}

func TestNewOutcome(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	v := 50000.5
	o, err := NewOutcome(" Won ", &v, "inr", at, "admin")
	if err != nil || o.Result != OutcomeWon || o.Value != v || o.Currency != "INR" || !o.At.Equal(at) {
		t.Fatalf("%+v %v", o, err)
	}
	if o, err := NewOutcome("", nil, "", at, "admin"); o != nil || err != nil {
		t.Errorf("clear: %+v %v", o, err)
	}
	if o, err := NewOutcome("lost", nil, "", at, "admin"); err != nil || o.Result != OutcomeLost || o.Currency != "" {
		t.Errorf("lost: %+v %v", o, err)
	}
	for _, bad := range []struct {
		result, cur string
		v           float64
	}{{"maybe", "INR", 1}, {"won", "INR", -1}, {"won", "INR", 1.234}, {"won", "", 10}, {"won", "RUPEES", 10}, {"won", "RUP", 10}, {"won", "ABC", 10}, {"won", "XXX", 10}, {"won", "INR", 2e12}} {
		v := bad.v
		if _, err := NewOutcome(bad.result, &v, bad.cur, at, "a"); ErrorCode(err) != EInvalid {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	// Three letters that name no currency are told so, not that they are no three letters.
	if _, err := NewOutcome("won", &v, "rup", at, "a"); ErrorMessage(err) != "RUP is not a currency code: use one such as INR or USD." {
		t.Errorf("RUP: %v", err)
	}
}

func TestMessageQueryByChannelAndCampaign(t *testing.T) {
	paid := Message{Attribution: &Attribution{Channel: ChannelPaidSearch, Campaign: "Diwali"}}
	none := Message{}
	for _, tc := range []struct {
		q    MessageQuery
		m    Message
		want bool
	}{
		{MessageQuery{Channel: ChannelPaidSearch}, paid, true},
		{MessageQuery{Channel: ChannelSocial}, paid, false},
		{MessageQuery{Channel: ChannelUnknown}, none, true},
		{MessageQuery{Channel: ChannelUnknown}, paid, false},
		{MessageQuery{Campaign: "diwali"}, paid, true},
		{MessageQuery{Campaign: "holi"}, paid, false},
		{MessageQuery{Campaign: "diwali"}, none, false},
	} {
		if got := tc.q.Match(tc.m, ""); got != tc.want {
			t.Errorf("%+v on %+v: %v", tc.q, tc.m.Attribution, got)
		}
	}
}

// TestSearchFindsAPhoneNumberHoweverWritten: an owner searches the inbox for the number a missed
// call or a WhatsApp message shows (+91 98765 43210), or as it is dialled in India (098765 43210),
// and finds the enquiry whose visitor typed 9876543210 (kept as +919876543210 beside it).
func TestSearchFindsAPhoneNumberHoweverWritten(t *testing.T) {
	amit := Message{Phone: "9876543210", PhoneE164: "+919876543210"}
	typedIntl := Message{Phone: "+91 98765 43210", PhoneE164: "+919876543210"}
	notValid := Message{Phone: "+91 99999 8888"} // no E.164: kept as typed
	for _, tc := range []struct {
		text string
		m    Message
		want bool
	}{
		{"9876543210", amit, true},
		{"98765 43210", amit, true},
		{"+919876543210", amit, true},
		{"+91 98765 43210", amit, true},
		{"09876543210", amit, true},
		{"0091 98765 43210", amit, true},
		{"43210", amit, true},
		{"9876543210", typedIntl, true},
		{"098765 43210", typedIntl, true},
		{"99999 8888", notValid, true},
		{"+91 999998888", notValid, true},
		{"+44 98765 43210", amit, false},
		{"9876543211", amit, false},
		{"0000", amit, false},
	} {
		if got := (MessageQuery{}).Match(tc.m, tc.text); got != tc.want {
			t.Errorf("search %q on %q (%q): %v, want %v", tc.text, tc.m.Phone, tc.m.PhoneE164, got, tc.want)
		}
	}
}

func TestTrafficDayBound(t *testing.T) {
	d := TrafficDay{Campaigns: map[string]Count{}}
	for i := range MaxDayCampaigns + 10 {
		d.Campaigns[strings.Repeat("c", i+1)] = Count{Visits: i + 1}
	}
	d.Bound()
	if len(d.Campaigns) != MaxDayCampaigns+1 {
		t.Fatalf("%d rows", len(d.Campaigns))
	}
	if got := d.Campaigns[Other].Visits; got != 55 { // 1+…+10, the ten smallest
		t.Errorf("other %d", got)
	}
	var e TrafficDay
	e.Merge(d)
	e.Merge(d)
	if e.Campaigns[Other].Visits != 110 {
		t.Errorf("merged %v", e.Campaigns[Other])
	}
}

func TestAttributionSummary(t *testing.T) {
	a := &Attribution{Channel: ChannelPaidSearch, Campaign: "Diwali", Landing: "/seo/", Referrer: "www.google.com", Page: "/contactus/", GCLID: "secret"}
	if got := a.Summary(); got != "Paid search, campaign Diwali, landed on /seo/, from www.google.com, form on /contactus/" {
		t.Errorf("%q", got)
	}
	if (*Attribution)(nil).Summary() != "" || (&Attribution{Channel: ChannelDirect}).Summary() != "Direct" {
		t.Error("nil or direct")
	}
}

func TestTrafficDayStoredForm(t *testing.T) {
	in := TrafficDay{Day: "2026-11-23", Views: 300, Visits: 20, Visitors: 15, Conversions: 2, Bots: 4, Shed: 1, Starts: 2, Calls: 3, Chats: 1,
		Paths:    Table{"/b/": {Views: 3, Visits: 2, Conversions: 1, Taps: 1}, "/a/": {Views: 297, Visits: 18, Conversions: 1}},
		Channels: Table{ChannelDirect: {Visits: 20, Conversions: 2}}, Campaigns: Table{"Diwali Sale ✨": {Visits: 1}}}
	data, err := in.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var out TrafficDay
	if err := out.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("read back\n%+v\nwant\n%+v", out, in)
	}
	again, _ := out.MarshalBinary()
	if !bytes.Equal(again, data) {
		t.Error("the stored form is not deterministic")
	}
	for i := range data {
		if err := new(TrafficDay).UnmarshalBinary(data[:i]); err == nil {
			t.Errorf("a record cut at %d of %d bytes was read", i, len(data))
		}
	}
	if err := new(TrafficDay).UnmarshalBinary(append(data, 0)); err == nil {
		t.Error("trailing bytes were read")
	}
	// A day stored before the taps (format 1: eight totals, three counts a row) reads as it was.
	old := []byte{1, 10, '2', '0', '2', '6', '-', '1', '1', '-', '2', '2', 7, 2, 1, 1, 0, 0, 0, 1,
		1, 3, '/', 'a', '/', 7, 2, 1, 0, 0, 0, 0}
	var day TrafficDay
	if err := day.UnmarshalBinary(old); err != nil {
		t.Fatal(err)
	}
	want := TrafficDay{Day: "2026-11-22", Views: 7, Visits: 2, Visitors: 1, Conversions: 1, Starts: 1, Paths: Table{"/a/": {Views: 7, Visits: 2, Conversions: 1}}}
	if !reflect.DeepEqual(day, want) {
		t.Errorf("a day of format 1:\n%+v\nwant\n%+v", day, want)
	}
}
