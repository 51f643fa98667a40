package domain

import (
	"crypto/rand"
	"encoding/hex"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"digitalreeviver/internal/htmlscan"

	"golang.org/x/net/html"
)

// DefaultSiteName names the site in the admin's mails and screens unless told otherwise.
const DefaultSiteName = "Digital Reeviver"

// DefaultCategory is shown for a blog or service without a category.
const DefaultCategory = "Uncategorized"

// PreviewLimit is how many characters of plain text a list shows of a blog or service.
const PreviewLimit = 100

// Blog is a blog post, published or preview; the JSON names are the API's.
type Blog struct {
	ID              string    `json:"_id"`
	Title           string    `json:"title"`
	Slug            string    `json:"slug"`
	Content         string    `json:"content"`
	Category        string    `json:"category"`
	Image           string    `json:"image"`
	MetaTitle       string    `json:"metaTitle"`
	MetaDescription string    `json:"metaDescription"`
	FocusKeyword    string    `json:"focusKeyword"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
	Review          *Review   `json:"review,omitempty"` // drafts only: submitted for an admin's review
	// HandedBack: drafts only: an admin handed the draft back to its editor, unpublished.
	HandedBack *HandBack `json:"handedBack,omitempty"`
}

// Service is a service page record, published or preview.
type Service struct {
	ID              string    `json:"_id"`
	Title           string    `json:"title"`
	Slug            string    `json:"slug"`
	Description     string    `json:"description"`
	Category        string    `json:"category"`
	Image           string    `json:"image"`
	MetaTitle       string    `json:"metaTitle"`
	MetaDescription string    `json:"metaDescription"`
	FocusKeyword    string    `json:"focusKeyword"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
	Review          *Review   `json:"review,omitempty"` // drafts only: submitted for an admin's review
	// HandedBack: drafts only: an admin handed the draft back to its editor, unpublished.
	HandedBack *HandBack `json:"handedBack,omitempty"`
}

// Message is an enquiry sent from the contact page or the Contact Us popup, and where the
// agency is with it (Status; enquiries stored before statuses existed are new, see StatusOf).
type Message struct {
	ID      string `json:"_id"`
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Message string `json:"message"`
	Source  string `json:"source,omitempty"` // "popup", "contact" or "form" (no-JavaScript post)
	// Country is the country the visitor's phone number was read in (ISO 3166 alpha-2, "IN"):
	// the one they chose, else the site's default. PhoneE164 is the number in E.164
	// ("+919811045672") when it is a valid number of that country (or one typed with its +code);
	// Phone stays as typed beside it.
	Country   string    `json:"country,omitempty"`
	PhoneE164 string    `json:"phoneE164,omitempty"`
	Via       string    `json:"via,omitempty"` // ViaIntake when it came through the intake bucket (the endpoint was down)
	CreatedAt time.Time `json:"createdAt"`
	Status    string    `json:"status"`               // StatusNew, StatusReplied, StatusArchived or StatusSpam
	Note      string    `json:"note,omitempty"`       // the agency's own note
	Spam      string    `json:"spamReason,omitempty"` // why the form's checks took it for spam
	StatusBy  string    `json:"statusBy,omitempty"`   // who set the status or note last
	StatusAt  time.Time `json:"statusAt,omitzero"`
	// Where the visit that sent it came from (nil: nothing was kept) and what came of it.
	Attribution *Attribution `json:"attribution,omitempty"`
	Outcome     *Outcome     `json:"outcome,omitempty"`
}

// Admin is an account that may sign in to the admin area, as an admin or an editor (Role;
// accounts stored before roles existed have none and are admins, see RoleOf).
type Admin struct {
	Username          string    `json:"username"`
	Email             string    `json:"email"`
	Role              Role      `json:"role,omitempty"`
	PasswordHash      string    `json:"passwordHash"`
	PasswordChangedAt time.Time `json:"passwordChangedAt"`
	CreatedAt         time.Time `json:"createdAt"`
}

// NewID returns a new random record id of 24 hex characters, the shape the old backend used.
func NewID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

var (
	slugDrop    = regexp.MustCompile(`[^a-z0-9\s-]`)
	slugSpaces  = regexp.MustCompile(`\s+`)
	slugHyphens = regexp.MustCompile(`-{2,}`)
)

// MaxSlugLen is the longest slug ValidSlug accepts.
const MaxSlugLen = 120

// Slugify derives a slug from a title as SPEC §5 states: lowercase, trimmed, characters other
// than alphanumerics, spaces and hyphens removed, runs of spaces turned into one hyphen. Then,
// so that every title gives a slug ValidSlug accepts ("SEO - Basics" would give "seo---basics",
// a 150-character title a slug too long), runs of hyphens fold into one, hyphens at the ends
// go, and a long slug is cut at a word boundary to MaxSlugLen.
func Slugify(title string) string {
	s := strings.TrimSpace(strings.ToLower(title))
	s = slugDrop.ReplaceAllString(s, "")
	s = slugSpaces.ReplaceAllString(s, "-")
	s = strings.Trim(slugHyphens.ReplaceAllString(s, "-"), "-")
	if len(s) > MaxSlugLen {
		if i := strings.LastIndexByte(s[:MaxSlugLen+1], '-'); i > 0 {
			s = s[:i]
		} else {
			s = s[:MaxSlugLen]
		}
	}
	return s
}

// ValidSlug reports whether s is safe as a URL path segment and a file name: lowercase
// letters, digits and single hyphens inside, at most MaxSlugLen characters.
func ValidSlug(s string) bool {
	if s == "" || len(s) > MaxSlugLen || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return !strings.Contains(s, "--")
}

// PlainText returns the visible text of an HTML fragment, with whitespace folded. A heading's
// text ends with a full stop unless it ends a sentence already, so an excerpt reads "Why local SEO
// matters. Patients search…", not a heading run into its first paragraph.
func PlainText(fragment string) string { return PlainTextPrefix(fragment, -1) }

// PlainTextPrefix returns PlainText(fragment) when that has at most limit runes (or limit is
// negative), and otherwise at least its first limit+1 runes: enough to cut an excerpt the same
// way without tokenizing the rest of a long post. Folding the whitespace of a prefix gives a
// prefix of the folded whole, so the two agree.
func PlainTextPrefix(fragment string, limit int) string {
	if t, ok := plainTextPrefixFast(fragment, limit); ok {
		return t
	}
	return plainTextPrefixTokenizer(fragment, limit)
}

// plainTextPrefixFast is PlainTextPrefix for the fragments htmlscan reads (the usual rich text),
// stopping once the text holds more than limit+1 runes; ok is false for any other fragment.
func plainTextPrefixFast(fragment string, limit int) (string, bool) {
	b := htmlscan.Folded{Buf: make([]byte, 0, min(len(fragment), 4*(limit+2)+64))}
	if limit < 0 {
		b.Buf = make([]byte, 0, len(fragment))
	}
	runes := 0 // of b.Buf, counted as it grows
	counted := 0
	enough := func() bool {
		if limit < 0 {
			return false
		}
		runes += utf8.RuneCount(b.Buf[counted:])
		counted = len(b.Buf)
		return runes > limit+1
	}
	heading := -1 // where the open heading's text starts in b.Buf
	ok := htmlscan.Scan(fragment, func(name string, end, selfClosing bool) bool {
		switch name {
		case "h1", "h2", "h3", "h4", "h5", "h6":
			if !end && !selfClosing {
				heading = len(b.Buf)
			} else if end {
				if heading >= 0 && len(b.Buf) > heading && !closesSentence(lastRune(b.Buf)) {
					b.Buf = append(b.Buf, '.')
				}
				heading = -1
			}
			if end || !selfClosing {
				b.Space()
			}
		case "p", "li", "div", "blockquote", "pre":
			if end || !selfClosing {
				b.Space()
			}
		case "br":
			if !end && !selfClosing {
				b.Space()
			}
		}
		return true
	}, func(t string) bool {
		b.Write(t)
		return !enough()
	})
	return string(b.Buf), ok
}

func plainTextPrefixTokenizer(fragment string, limit int) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(fragment))
	skip := 0
	heading := -1           // where the open heading's text starts in b
	next := 4 * (limit + 1) // bytes of raw text after which to look whether there is enough
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.StartTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style":
				skip++
			case "h1", "h2", "h3", "h4", "h5", "h6":
				heading = b.Len()
				b.WriteByte(' ')
			case "p", "br", "li", "div", "blockquote", "pre":
				b.WriteByte(' ')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style":
				if skip > 0 {
					skip--
				}
			case "h1", "h2", "h3", "h4", "h5", "h6":
				if text := strings.TrimRightFunc(b.String(), unicode.IsSpace); heading >= 0 && strings.TrimSpace(b.String()[heading:]) != "" && !closesSentence(lastRuneString(text)) {
					b.Reset()
					b.WriteString(text)
					b.WriteByte('.')
				}
				heading = -1
				b.WriteByte(' ')
			case "p", "li", "div", "blockquote", "pre":
				b.WriteByte(' ')
			}
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		}
		if limit >= 0 && b.Len() >= next {
			t := strings.Join(strings.Fields(b.String()), " ")
			if utf8.RuneCountInString(t) > limit+1 {
				return t
			}
			next = b.Len() + 2*(limit+1)
		}
	}
}

// closesSentence reports whether r is a mark that closes a sentence or a heading.
func closesSentence(r rune) bool { return strings.ContainsRune(".!?:;…", r) }

func lastRune(b []byte) rune {
	r, _ := utf8.DecodeLastRune(b)
	return r
}

func lastRuneString(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// Excerpt returns the first n characters (runes) of the plain text of an HTML fragment.
func Excerpt(fragment string, n int) string {
	t := PlainText(fragment)
	if utf8.RuneCountInString(t) <= n {
		return t
	}
	r := []rune(t)
	return strings.TrimSpace(string(r[:n]))
}

// Category returns c, or DefaultCategory when c is blank.
func Category(c string) string {
	if strings.TrimSpace(c) == "" {
		return DefaultCategory
	}
	return strings.TrimSpace(c)
}

// reservedSlugs are first path segments the site or the API uses; a record whose page lives at
// the site's root (a service) may not take one, or its page would replace theirs.
var reservedSlugs = map[string]bool{
	"about": true, "contactus": true, "blog": true, "preview": true, "ourservices": true,
	"privacy-policy": true, "terms-conditions": true, "courses": true, "cards": true,
	"contactquery": true, "vision": true, "dedicated": true, "popuplist": true, "chooseus": true,
	"testimonials": true, "services": true, "whychooseservices": true, "testimonialsslider": true,
	"blogslider": true, "whydigitalreeviver": true, "servicesection": true, "provesuccess": true,
	"navbar": true, "floating": true, "admin": true, "api": true, "uploads": true, "assets": true,
	"images": true, "reset-password": true, "popup": true, "popups": true, "healthz": true,
	"thank-you": true, "feed": true, "sitemap": true, "robots": true, "404": true, "index": true,
}

// ReservedSlug reports whether a page at the site's root may not use slug because a site or API
// route does.
func ReservedSlug(slug string) bool { return reservedSlugs[strings.ToLower(slug)] }
