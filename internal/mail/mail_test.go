package mail

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOutbox(t *testing.T) {
	dir := t.TempDir()
	s, err := New("", "Digital Reeviver <no-reply@example.com>", dir, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), Message{To: "a@example.com", ReplyTo: "v@example.org", Subject: "Hello", Text: "Body line\nhttps://x/reset-password/tok"})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox holds %d files", len(files))
	}
	data, _ := os.ReadFile(files[0])
	for _, want := range []string{"To: <a@example.com>", "Reply-To: <v@example.org>", "Subject: Hello", "reset-password/tok"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("eml lacks %q:\n%s", want, data)
		}
	}
}

func TestHeaderInjectionRefused(t *testing.T) {
	s := &Outbox{Dir: t.TempDir(), From: "no-reply@example.com"}
	for _, m := range []Message{
		{To: "a@example.com", Subject: "x\r\nBcc: victim@example.com", Text: "t"},
		{To: "a@example.com\r\nBcc: v@example.com", Subject: "x", Text: "t"},
		{To: "a@example.com", ReplyTo: "v@example.com\nBcc: w@example.com", Subject: "x", Text: "t"},
		{To: "not an address", Subject: "x", Text: "t"},
	} {
		if err := s.Send(context.Background(), m); err == nil {
			t.Errorf("Send(%+v) accepted", m)
		}
	}
}

func TestNewSMTPURL(t *testing.T) {
	for _, tt := range []struct {
		url string
		ok  bool
	}{
		{"smtp://user:pw@mail.example.com:587", true},
		{"smtps://mail.example.com", true},
		{"http://mail.example.com", false},
		{"smtp://", false},
	} {
		_, err := New(tt.url, "no-reply@example.com", "", nil)
		if (err == nil) != tt.ok {
			t.Errorf("New(%q) err = %v", tt.url, err)
		}
	}
}
