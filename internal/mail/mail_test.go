package mail

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// fakeSMTP accepts one or more messages on a loopback port and hands each DATA block over.
func fakeSMTP(t *testing.T) (addr string, got chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan string, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				r := bufio.NewReader(c)
				fmt.Fprint(c, "220 fake ESMTP\r\n")
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					cmd := strings.ToUpper(strings.TrimSpace(line))
					switch {
					case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
						fmt.Fprint(c, "250-fake\r\n250 8BITMIME\r\n")
					case cmd == "DATA":
						fmt.Fprint(c, "354 go on\r\n")
						var data strings.Builder
						for {
							l, err := r.ReadString('\n')
							if err != nil {
								return
							}
							if l == ".\r\n" {
								break
							}
							data.WriteString(l)
						}
						got <- data.String()
						fmt.Fprint(c, "250 queued\r\n")
					case cmd == "QUIT":
						fmt.Fprint(c, "221 bye\r\n")
						return
					default:
						fmt.Fprint(c, "250 ok\r\n")
					}
				}
			}(c)
		}
	}()
	return ln.Addr().String(), got
}

func TestSMTPSend(t *testing.T) {
	addr, got := fakeSMTP(t)
	s, err := New("smtp://"+addr, "no-reply@example.com", t.TempDir(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Send(ctx, Message{To: "team@example.com", ReplyTo: "v@example.org", Subject: "New enquiry", Text: "Hello there"}); err != nil {
		t.Fatal(err)
	}
	select {
	case data := <-got:
		for _, want := range []string{"To: <team@example.com>", "Reply-To: <v@example.org>", "Subject: New enquiry", "Hello there"} {
			if !strings.Contains(data, want) {
				t.Errorf("sent mail lacks %q:\n%s", want, data)
			}
		}
	case <-time.After(5 * time.Second):
		t.Fatal("nothing delivered")
	}
}
