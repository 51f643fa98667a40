package domain

import (
	"crypto/rand"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// ViaIntake marks an enquiry that reached us through the intake bucket, while the form
// endpoint could not be reached (Message.Via).
const ViaIntake = "intake"

// The id of an enquiry is made once, in the page, when the visitor sends it
// (crypto.randomUUID()), and every retry and every path (the form endpoint, the intake bucket)
// carries it, so the server can store each enquiry once however often it arrives. A form posted
// without JavaScript has none and the server makes one. Enquiries stored before ids came from
// the page have the 24 hex characters of NewID.
var (
	uuidPattern   = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	legacyPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)
)

// MsgEnquiryID answers an enquiry whose id is not a UUID.
const MsgEnquiryID = "Invalid enquiry id."

// NewEnquiryID returns a random (version 4) UUID, as the page's crypto.randomUUID() makes.
func NewEnquiryID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// EnquiryIDOf reads the id a page sent: "" (none sent) makes a new one; a UUID in any case is
// kept in lower case; anything else is refused.
func EnquiryIDOf(sent string) (string, error) {
	id := strings.ToLower(strings.TrimSpace(sent))
	switch {
	case id == "":
		return NewEnquiryID(), nil
	case uuidPattern.MatchString(id):
		return id, nil
	}
	return "", Errorf(EInvalid, MsgEnquiryID)
}

// ValidEnquiryID reports whether id names an enquiry: a UUID from the page or the server, or
// the 24 hex characters of an enquiry stored before.
func ValidEnquiryID(id string) bool {
	return uuidPattern.MatchString(id) || legacyPattern.MatchString(id)
}

// CountryOf reads a country code (ISO 3166 alpha-2, any case) as the phone library knows it,
// "" when it is none.
func CountryOf(code string) string {
	c := strings.ToUpper(strings.TrimSpace(code))
	if len(c) != 2 || phonenumbers.GetCountryCodeForRegion(c) == 0 {
		return ""
	}
	return c
}

// NormalizePhone sets the enquiry's Country (the one given, else def) and, when the phone as
// typed is a valid number there (or a valid number written with its +code), its E.164 form.
// A number the library does not know stays as typed, without E.164: new number ranges appear
// before every library knows them, and a lead is worth more than a tidy column.
func (m *Message) NormalizePhone(country, def string) {
	m.Country = CountryOf(country)
	if m.Country == "" {
		m.Country = CountryOf(def)
	}
	m.PhoneE164 = ""
	n, err := phonenumbers.Parse(m.Phone, m.Country)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return
	}
	m.PhoneE164 = phonenumbers.Format(n, phonenumbers.E164)
	if strings.HasPrefix(strings.TrimSpace(m.Phone), "+") {
		// Typed with its +code: the country is the number's own, whatever the list said.
		if r := phonenumbers.GetRegionCodeForNumber(n); r != "" && r != "001" {
			m.Country = r
		}
	}
}

// PhoneChecked is the field of an enquiry that says its visitor was asked to check the phone
// number (CheckPhone) and sent it again as it was: its value is that number.
const PhoneChecked = "phoneChecked"

// CheckPhone asks a visitor to look again at a phone number that is not one of its country's
// (NormalizePhone found no E.164 form: a digit too few or too many, a mistyped code), unless
// checked holds that number, sent again after the question. A lead with a wrong number cannot be
// called back; a number the library does not know yet goes through on the second send. Nothing
// is asked when the country is not known.
func (m Message) CheckPhone(checked string) error {
	if m.PhoneE164 != "" || m.Country == "" || strings.TrimSpace(checked) == m.Phone {
		return nil
	}
	country := m.Country
	if r, err := language.ParseRegion(m.Country); err == nil {
		country = display.English.Regions().Name(r)
	}
	return &Error{Code: EInvalid, Confirm: PhoneChecked, Message: fmt.Sprintf(
		"Please check your phone number: it does not look like a phone number in %s. If it is right, send it again.", country)}
}

// PhoneDisplay is the number as a person reads it ("+91 98110 45672"): the E.164 form in the
// international format, else as typed.
func (m Message) PhoneDisplay() string {
	if m.PhoneE164 == "" {
		return m.Phone
	}
	n, err := phonenumbers.Parse(m.PhoneE164, "")
	if err != nil {
		return m.Phone
	}
	return phonenumbers.Format(n, phonenumbers.INTERNATIONAL)
}

// SiteZone is the site's time zone (site.yaml's timeZone), UTC when none is set: the zone of
// the times in mail and in the enquiries' CSV, written with their offset (ISO 8601).
type SiteZone struct{ *time.Location }

// LoadSiteZone reads a zone name ("Asia/Kolkata"); "" is UTC.
func LoadSiteZone(name string) (SiteZone, error) {
	if name == "" {
		return SiteZone{time.UTC}, nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return SiteZone{}, fmt.Errorf("time zone %q: %w", name, err)
	}
	return SiteZone{loc}, nil
}

// ISO is t in the zone as ISO 8601 with the zone's offset: 2026-11-23T15:04:05+05:30.
func (z SiteZone) ISO(t time.Time) string {
	if z.Location == nil {
		return t.UTC().Format(time.RFC3339)
	}
	return t.In(z.Location).Format(time.RFC3339)
}

// Readable is t in the zone as a person reads it in a mail, with the offset and the zone's name:
// "Mon, 23 Nov 2026 15:04 +05:30 (Asia/Kolkata)".
func (z SiteZone) Readable(t time.Time) string {
	loc := z.Location
	if loc == nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon, 2 Jan 2006 15:04 -07:00") + " (" + loc.String() + ")"
}
