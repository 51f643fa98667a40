package domain

import (
	"strings"
	"time"
)

// The statuses of an enquiry: the inbox shows every one but spam unless asked.
const (
	StatusNew      = "new"
	StatusReplied  = "replied"
	StatusArchived = "archived"
	StatusSpam     = "spam"
)

// Statuses lists the statuses in the order the inbox shows them.
var Statuses = []string{StatusNew, StatusReplied, StatusArchived, StatusSpam}

// SpamKeep is how long an enquiry stays in the spam folder before it is erased.
const SpamKeep = 30 * 24 * time.Hour

// MaxNoteLen bounds the agency's note on an enquiry.
const MaxNoteLen = 2000

// StatusOf is an enquiry's status as stored: none (stored before statuses) is new.
func StatusOf(stored string) string {
	if stored == "" {
		return StatusNew
	}
	return stored
}

// ValidStatus reports whether s names a status.
func ValidStatus(s string) bool {
	for _, v := range Statuses {
		if s == v {
			return true
		}
	}
	return false
}

// MessageQuery selects enquiries for the inbox: by status ("" for every status but spam, "all"
// for every one) and by text found in the name, e-mail, phone or message (any case).
type MessageQuery struct {
	Status string
	Text   string
	// Channel ("" any, ChannelUnknown for enquiries with no attribution) and Campaign (any case;
	// "" any) select by the visit that sent the enquiry.
	Channel  string
	Campaign string
}

// ChannelUnknown selects, in a MessageQuery, the enquiries that kept no attribution.
const ChannelUnknown = "unknown"

// InboxAll names every status, spam included, in a MessageQuery.
const InboxAll = "all"

// Match reports whether m passes the query; text is the query's text already lower-cased.
func (q MessageQuery) Match(m Message, text string) bool {
	st := StatusOf(m.Status)
	switch {
	case q.Status == "" && st == StatusSpam:
		return false
	case q.Status != "" && q.Status != InboxAll && st != q.Status:
		return false
	}
	if !q.matchVisit(m) {
		return false
	}
	if text == "" {
		return true
	}
	for _, f := range []string{m.Name, m.Email, m.Phone, m.Message} {
		if strings.Contains(strings.ToLower(f), text) {
			return true
		}
	}
	if d, ok := PhoneQuery(text); ok && m.hasPhone(d) {
		return true
	}
	return false
}

// hasPhone reports whether the enquiry's phone number holds the digits d of a search, however
// either was written: "98110 45672" is found by "9811045672", and a number kept in international
// form too by "+91 98110 45672" (the form a missed call shows), "0091 98110 45672" or the
// national "098110 45672", whose leading zeros are a dialling prefix, not part of the number.
func (m Message) hasPhone(d string) bool {
	stored := []string{digitsOf(m.Phone), digitsOf(m.PhoneE164)}
	for _, q := range []string{d, strings.TrimLeft(d, "0")} {
		if len(q) < 4 {
			continue
		}
		for _, s := range stored {
			if s != "" && strings.Contains(s, q) {
				return true
			}
		}
	}
	return false
}

// matchVisit applies the query's channel and campaign.
func (q MessageQuery) matchVisit(m Message) bool {
	switch ch := ChannelOfMessage(m); {
	case q.Channel == "":
	case q.Channel == ChannelUnknown && ch != "":
		return false
	case q.Channel != ChannelUnknown && ch != q.Channel:
		return false
	}
	if q.Campaign == "" {
		return true
	}
	return m.Attribution != nil && strings.EqualFold(m.Attribution.Campaign, strings.TrimSpace(q.Campaign))
}

// PhoneQuery answers the digits of a search that looks like (a part of) a phone number: at
// least four digits and nothing but digits, spaces and + - ( ) .
func PhoneQuery(text string) (string, bool) {
	for _, c := range text {
		if !(c >= '0' && c <= '9' || strings.ContainsRune(" +-().", c)) {
			return "", false
		}
	}
	d := digitsOf(text)
	return d, len(d) >= 4
}

func digitsOf(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// Clamp makes what a bot sent safe to keep in the spam folder without validating it: fields cut
// to their limits, line breaks and NUL out of the one-line fields, NUL out of the message.
func (m *Message) Clamp() {
	line := strings.NewReplacer("\r", " ", "\n", " ", "\x00", "")
	m.Name = cut(line.Replace(m.Name), MaxNameLen)
	m.Email = cut(line.Replace(m.Email), MaxEmailLen)
	m.Phone = cut(line.Replace(m.Phone), MaxPhoneLen)
	m.Message = cut(strings.ReplaceAll(m.Message, "\x00", ""), MaxMessageLen)
	m.Normalize()
}

func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
