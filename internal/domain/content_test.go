package domain

import (
	"strings"
	"testing"
	"time"
)

func TestSlugify(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Hello World", "hello-world"},
		{"  Trim Me  ", "trim-me"},
		{"SEO: 10 Tips & Tricks!", "seo-10-tips-tricks"},
		{"Multiple   spaces\tand\ttabs", "multiple-spaces-and-tabs"},
		{"already-hyphenated-slug", "already-hyphenated-slug"},
		{"Café Délhi", "caf-dlhi"}, // the spec removes everything but a-z, 0-9, spaces and hyphens
		{"<script>alert(1)</script>", "scriptalert1script"},
		{"../../etc/passwd", "etcpasswd"},
		{"", ""},
		{"!!!", ""},
	}
	for _, tt := range tests {
		if got := Slugify(tt.in); got != tt.want {
			t.Errorf("Slugify(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestValidSlug(t *testing.T) {
	for _, s := range []string{"a", "seo-tips", "web-development-company-in-noida", "2026-trends"} {
		if !ValidSlug(s) {
			t.Errorf("ValidSlug(%q) = false", s)
		}
	}
	for _, s := range []string{"", "-a", "a-", "a--b", "A", "a/b", "..", "a b", "a.b", strings.Repeat("a", 121)} {
		if ValidSlug(s) {
			t.Errorf("ValidSlug(%q) = true", s)
		}
	}
}

func TestMessageValidate(t *testing.T) {
	ok := Message{Name: "Asha", Email: "asha@example.in", Phone: "+91 98110 45672", Message: "Hi"}
	tests := []struct {
		name string
		edit func(*Message)
		want string
	}{
		{"valid", func(*Message) {}, ""},
		{"empty message is fine", func(m *Message) { m.Message = "" }, ""},
		{"name required", func(m *Message) { m.Name = "" }, MsgNameRequired},
		{"bad email", func(m *Message) { m.Email = "asha@example" }, MsgEmailInvalid},
		{"no email: optional (a deviation from SPEC §5)", func(m *Message) { m.Email = "" }, ""},
		{"blank email", func(m *Message) { m.Email = "   " }, ""},
		{"email with newline", func(m *Message) { m.Email = "a@b.co\nBcc: x@y.z" }, MsgEmailInvalid},
		{"short phone", func(m *Message) { m.Phone = "98110" }, MsgPhoneInvalid},
		{"phone with letters", func(m *Message) { m.Phone = "98110abcde45" }, MsgPhoneInvalid},
		{"name with newline", func(m *Message) { m.Name = "A\r\nBcc: x@y.z" }, "Name must be one line"},
		{"long message", func(m *Message) { m.Message = strings.Repeat("x", MaxMessageLen+1) }, "Message must be at most"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ok
			tt.edit(&m)
			m.Normalize()
			err := m.Validate()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(ErrorMessage(err), tt.want) || ErrorCode(err) != EInvalid {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
		})
	}
}

func TestBlogPublishRules(t *testing.T) {
	now := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	b := Blog{Title: "Local SEO in Noida", Content: "<p>Body</p>"}
	if err := PreparePublish(&b, now); err != nil {
		t.Fatal(err)
	}
	if b.Slug != "local-seo-in-noida" || b.Category != DefaultCategory || b.MetaTitle != b.Title || b.ID == "" || !b.CreatedAt.Equal(now) {
		t.Fatalf("publish defaults not applied: %+v", b)
	}
	for _, bad := range []Blog{{Title: "", Content: "<p>x</p>"}, {Title: "T", Content: "<p> </p>"}, {Title: "T"}} {
		if err := PreparePublish(&bad, now); ErrorMessage(err) != MsgPublishIncomplete {
			t.Errorf("PreparePublish(%+v) = %v, want %q", bad, err, MsgPublishIncomplete)
		}
	}
	// An image alone is content.
	img := Blog{Title: "Gallery", Content: `<p><img src="/uploads/a.png"></p>`}
	if err := PreparePublish(&img, now); err != nil {
		t.Errorf("image-only post refused: %v", err)
	}
}

func TestServiceValidate(t *testing.T) {
	s := Service{Title: "!!!", Category: "SEO", Description: "<p>x</p>"}
	s.Normalize()
	if err := Validate(&s); ErrorMessage(err) != MsgSlugRequired {
		t.Fatalf("empty slug: got %v", err)
	}
	s = Service{Title: "About", Category: "SEO", Description: "<p>x</p>"}
	s.Normalize()
	if err := Validate(&s); ErrorMessage(err) != MsgSlugReserved {
		t.Fatalf("reserved slug: got %v", err)
	}
	s = Service{Title: "Video Marketing", Category: "", Description: "<p>x</p>"}
	s.Normalize()
	if err := Validate(&s); ErrorMessage(err) != MsgCategoryRequired {
		t.Fatalf("category: got %v", err)
	}
}

func TestExcerptAndPlainText(t *testing.T) {
	html := `<h2>Title</h2><p>First <strong>bold</strong> words.</p><script>alert(1)</script><ul><li>one</li><li>two</li></ul>`
	if got := PlainText(html); got != "Title First bold words. one two" {
		t.Fatalf("PlainText = %q", got)
	}
	long := "<p>" + strings.Repeat("é", 150) + "</p>"
	if got := Excerpt(long, PreviewLimit); len([]rune(got)) != PreviewLimit {
		t.Fatalf("Excerpt length = %d", len([]rune(got)))
	}
}

func TestErrorHelpers(t *testing.T) {
	err := Errorf(ENotFound, "Blog not found.")
	if ErrorCode(err) != ENotFound || ErrorMessage(err) != "Blog not found." {
		t.Fatal("domain error lost its code or message")
	}
	plain := errorString("disk on fire")
	if ErrorCode(plain) != EInternal || ErrorMessage(plain) != "Internal error." {
		t.Fatal("an internal error must not be described to users")
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

// Records with dates out of range are refused wherever they come from (the API, an import);
// a zero date means "not set yet" and passes until the store stamps it.
func TestDatesOutOfRangeAreInvalid(t *testing.T) {
	ok := Blog{Title: "T", Category: "C", Content: "<p>x</p>", Slug: "t"}
	if err := Validate(&ok); err != nil {
		t.Fatalf("no dates yet: %v", err)
	}
	for _, d := range []time.Time{time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1969, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)} {
		b := ok
		b.CreatedAt = d
		if err := Validate(&b); ErrorCode(err) != EInvalid {
			t.Errorf("blog created %v: %v", d, err)
		}
		s := Service{Title: "T", Category: "C", Description: "<p>x</p>", Slug: "t", UpdatedAt: d}
		if err := Validate(&s); ErrorCode(err) != EInvalid {
			t.Errorf("service updated %v: %v", d, err)
		}
	}
	if err := ValidateSentDate("createdAt", time.Time{}); err == nil {
		t.Error("a sent zero date (the year 1) passes")
	}
}

// A visitor's address is one plain mailbox: nothing a mailto: link or a mail header could read
// as a second recipient, a header or a body.
var validMailboxes = []string{"asha@example.in", "asha.verma+leads@mail.example.co.in", "o'brien@example.ie",
	"priya_s-1@sub-domain.example.com", "राज@उदाहरण.भारत", "user@xn--h2brj9c.xn--h2brj9c", "A.B@EXAMPLE.COM"}

var invalidMailboxes = []string{"a@b.c?bcc=evil@example.com", "visitor@example.com?bcc=x@evil.example&body=hi",
	"a&b@example.com", "a b@example.com", "asha@example.in,victim@example.com", "Asha <asha@example.in>",
	`"a b"@example.com`, "a%40b@example.com", ".asha@example.in", "asha.@example.in", "as..ha@example.in",
	"asha@example", "asha@-example.in", "asha@example-.in", "asha@example.in.", "asha@exa_mple.in",
	"asha@example.123", "asha@@example.in", "asha@example.in\r\nBcc: x@y.z", "", "@example.in",
	strings.Repeat("a", 65) + "@example.in", "asha@" + strings.Repeat("a", 250) + ".in"}

func TestValidMailbox(t *testing.T) {
	for _, ok := range validMailboxes {
		if !ValidMailbox(ok) {
			t.Errorf("%q refused", ok)
		}
	}
	for _, bad := range invalidMailboxes {
		if ValidMailbox(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
}
