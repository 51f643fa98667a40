package domain

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// The messages SPEC §5 and §8 name, and ours where it names none.
const (
	MsgEmailInvalid      = "Enter a valid email address."
	MsgPhoneInvalid      = "Phone number must be valid."
	MsgNameRequired      = "Name is required."
	MsgSlugRequired      = "Slug is required. Please enter a title."
	MsgPublishIncomplete = "Please enter both title and content before publishing."
	MsgTitleRequired     = "Title is required."
	MsgCategoryRequired  = "Category is required."
	MsgImageRequired     = "Image is required."
	MsgSlugInvalid       = "Slug may only hold lowercase letters, digits and single hyphens."
	MsgBlogNotFound      = "Blog not found."
	MsgPreviewNotFound   = "Blog not found or failed to fetch."
	MsgServiceNotFound   = "Service not found."
	MsgSlugTaken         = "That slug is already taken. Please choose another title."
	MsgPasswordShort     = "Password must be at least 8 characters."
	MsgPasswordCommon    = "That password is one of the most common passwords, so it is among the first anyone guessing would try. Please choose another."
	MsgPasswordsMismatch = "Passwords do not match!"
	MsgSlugReserved      = "That slug belongs to another page of the site. Please choose another title."
)

// Field limits: generous for people, small enough that one request cannot fill the disk.
const (
	MinPhoneLen      = 10
	MaxNameLen       = 100
	MaxEmailLen      = 254
	MaxPhoneLen      = 32
	MaxMessageLen    = 2000 // about 350 words: what a person writes into a contact form
	MaxTitleLen      = 200
	MaxCategoryLen   = 80
	MaxMetaLen       = 320
	MaxRichTextBytes = 1 << 20
	MinPasswordLen   = 8
	MaxPasswordLen   = 256
	MaxUsernameLen   = 64 // the username rule's limit (ValidateUsername)
)

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// ValidEmail reports whether s matches the spec's simple address pattern.
func ValidEmail(s string) bool { return len(s) <= MaxEmailLen && emailPattern.MatchString(s) }

// A mailbox as people have them: a local part of letters, digits and . _ + - ' (no leading,
// trailing or doubled dot), and a domain of letter-or-digit labels with inner hyphens ending in
// a top-level domain of letters (or a punycode one). Letters (with their marks) may be any
// script's.
var (
	mailboxLocal  = regexp.MustCompile(`^[\p{L}\p{M}\p{N}_+'-]+(\.[\p{L}\p{M}\p{N}_+'-]+)*$`)
	mailboxDomain = regexp.MustCompile(`^([\p{L}\p{N}]([\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+(\p{L}[\p{L}\p{M}]+|(?i:xn--)[A-Za-z0-9-]+)$`)
)

// ValidMailbox reports whether s is one plain mailbox address: the spec's pattern, and nothing
// a mail client or a mailto: link could read as more (no ?, &, %, spaces, commas, quotes, angle
// brackets or display names). A visitor's address passes this before it is stored, so the
// dashboard's mailto: link and the notification's Reply-To can only ever name that mailbox.
func ValidMailbox(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if !ValidEmail(s) || at < 1 || at > 64 {
		return false
	}
	return mailboxLocal.MatchString(s[:at]) && mailboxDomain.MatchString(s[at+1:])
}

func tooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n }

func hasControl(s string) bool {
	return strings.ContainsAny(s, "\x00\r\n")
}

// Normalize trims the fields of an enquiry.
func (m *Message) Normalize() {
	m.Name = strings.TrimSpace(m.Name)
	m.Email = strings.TrimSpace(m.Email)
	m.Phone = strings.TrimSpace(m.Phone)
	m.Message = strings.TrimSpace(m.Message)
}

// Validate applies the popup's rules of SPEC §5 (name required, e-mail pattern when one is
// given, phone of at least 10 characters) and our length limits. Control characters are
// refused in the one-line fields so nothing can be injected into the notification e-mail's
// headers.
func (m *Message) Validate() error {
	switch {
	case m.Name == "":
		return Errorf(EInvalid, MsgNameRequired)
	case tooLong(m.Name, MaxNameLen) || hasControl(m.Name):
		return Errorf(EInvalid, "Name must be one line of at most %d characters.", MaxNameLen)
	case m.Email != "" && !ValidMailbox(m.Email):
		// Optional (the popup says so), and held to the rule when given.
		return Errorf(EInvalid, MsgEmailInvalid)
	case len(m.Phone) < MinPhoneLen || len(m.Phone) > MaxPhoneLen || !validPhone(m.Phone):
		return Errorf(EInvalid, MsgPhoneInvalid)
	case tooLong(m.Message, MaxMessageLen) || strings.ContainsRune(m.Message, 0):
		return Errorf(EInvalid, "Message must be at most %d characters.", MaxMessageLen)
	}
	return nil
}

func validPhone(s string) bool {
	digits := 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '+' || c == ' ' || c == '-' || c == '(' || c == ')' || c == '.':
		default:
			return false
		}
	}
	return digits >= 7
}

// The dates a record may carry: from the Unix epoch to the end of 2099. Later years cannot be
// meant, and years past 9999 (or before year 1) cannot even be written as JSON or a sitemap date.
var (
	MinDate = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	MaxDate = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
)

// ValidateDate checks a record's date field (named for the message); the zero time means "not
// set" and passes.
func ValidateDate(field string, t time.Time) error {
	if t.IsZero() {
		return nil
	}
	return ValidateSentDate(field, t)
}

// ValidateSentDate checks a date a client sent, which must be in range (the zero time too: it
// is the year 1).
func ValidateSentDate(field string, t time.Time) error {
	if !t.Before(MinDate) && t.Before(MaxDate) {
		return nil
	}
	return Errorf(EInvalid, "%s must be a date between 1970-01-01 and 2099-12-31 (UTC).", field)
}

func validDates(created, updated time.Time) error {
	if err := ValidateDate("createdAt", created); err != nil {
		return err
	}
	return ValidateDate("updatedAt", updated)
}

func validMeta(title, desc, keyword string) error {
	if tooLong(title, MaxMetaLen) || tooLong(desc, MaxMetaLen) || tooLong(keyword, MaxMetaLen) ||
		hasControl(title) || hasControl(keyword) {
		return Errorf(EInvalid, "Meta fields must be at most %d characters.", MaxMetaLen)
	}
	return nil
}

// Normalize trims a record's one-line fields and derives the slug from the title when empty.
func Normalize(r Record) {
	f := r.Fields()
	for _, v := range []*string{f.Title, f.Category, f.Slug, f.MetaTitle, f.MetaDescription, f.FocusKeyword} {
		*v = strings.TrimSpace(*v)
	}
	if *f.Slug == "" {
		*f.Slug = Slugify(*f.Title)
	}
}

// Validate checks a record as the add and edit screens do: title, category and slug required,
// and our limits. A kind whose pages live at the site's root may not take a reserved slug.
func Validate(r Record) error {
	f := r.Fields()
	title, category, slug := *f.Title, *f.Category, *f.Slug
	switch {
	case strings.TrimSpace(title) == "":
		return Errorf(EInvalid, MsgTitleRequired)
	case tooLong(title, MaxTitleLen) || hasControl(title):
		return Errorf(EInvalid, "Title must be one line of at most %d characters.", MaxTitleLen)
	case strings.TrimSpace(category) == "":
		return Errorf(EInvalid, MsgCategoryRequired)
	case tooLong(category, MaxCategoryLen) || hasControl(category):
		return Errorf(EInvalid, "Category must be one line of at most %d characters.", MaxCategoryLen)
	case len(*f.Body) > MaxRichTextBytes:
		return Errorf(ETooLarge, "Content is too large (1 MB at most).")
	case slug == "":
		return Errorf(EInvalid, MsgSlugRequired)
	case !ValidSlug(slug):
		return Errorf(EInvalid, MsgSlugInvalid)
	case r.Kind().PagePath == "/" && ReservedSlug(slug):
		return Errorf(EInvalid, MsgSlugReserved)
	}
	if err := validDates(*f.CreatedAt, *f.UpdatedAt); err != nil {
		return err
	}
	return validMeta(*f.MetaTitle, *f.MetaDescription, *f.FocusKeyword)
}

// Stamp sets the id and times of a record being saved.
func Stamp(r Record, now time.Time) {
	f := r.Fields()
	if *f.ID == "" {
		*f.ID = NewID()
	}
	if f.CreatedAt.IsZero() {
		*f.CreatedAt = now
	}
	*f.UpdatedAt = now
}

// PreparePublish applies the publish rules of SPEC §5 to a record: title and body required (for
// a kind whose body may be images alone, an image is enough); the slug falls back to the
// slugified title, the category to Uncategorized, metaTitle to the title. A published record
// awaits no review.
func PreparePublish(r Record, now time.Time) error {
	Normalize(r)
	f, k := r.Fields(), r.Kind()
	*f.Review, *f.HandedBack = nil, nil
	written := strings.TrimSpace(PlainText(*f.Body)) != "" || k.ImageIsBody && strings.Contains(*f.Body, "<img")
	if *f.Title == "" || !written {
		return Errorf(EInvalid, "%s", k.Messages.PublishIncomplete)
	}
	*f.Category = Category(*f.Category)
	if *f.MetaTitle == "" {
		*f.MetaTitle = *f.Title
	}
	Stamp(r, now)
	return Validate(r)
}

// ValidatePassword is the password policy (NIST SP 800-63B, 5.1.1.2), the one check of every
// new password: an invitation accepted, a reset, `adminapi user add` and `user passwd`, the
// demo's admin. At least MinPasswordLen characters, at most MaxPasswordLen bytes, and not one of
// the most common passwords (CommonPassword). No rule on which characters it must hold.
func ValidatePassword(p string) error {
	if utf8.RuneCountInString(p) < MinPasswordLen {
		return Errorf(EInvalid, MsgPasswordShort)
	}
	if len(p) > MaxPasswordLen {
		return Errorf(EInvalid, "Password must be at most %d characters.", MaxPasswordLen)
	}
	if CommonPassword(p) {
		return Errorf(EInvalid, MsgPasswordCommon)
	}
	return nil
}
