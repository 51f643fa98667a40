// Package mail sends the few e-mails the admin API writes (reset links, enquiry notifications):
// through SMTP when a server is configured, otherwise into a folder of .eml files (the outbox),
// so a demo or a test works offline and shows exactly what would have been sent.
package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	netmail "net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one plain-text e-mail.
type Message struct {
	To      string
	ReplyTo string // optional
	Subject string
	Text    string
	// ID, when set, makes the Message-ID <ID@the sender's domain>: a mail about one thing (an
	// enquiry) has the same Message-ID however often it is sent, so a duplicate is recognisable
	// (and many mail systems drop it). Unset, a random one.
	ID string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New returns an SMTP sender when smtpURL is set (smtp://user:pass@host:587 with STARTTLS when
// offered, smtps://…:465 with implicit TLS), otherwise an outbox writing into outboxDir.
func New(smtpURL, from, outboxDir string, log *slog.Logger) (Sender, error) {
	if _, err := netmail.ParseAddress(from); err != nil || strings.ContainsAny(from, "\r\n") {
		return nil, fmt.Errorf("MAIL_FROM %q is not an e-mail address", from)
	}
	if smtpURL == "" {
		return &Outbox{Dir: outboxDir, From: from, Log: log}, nil
	}
	return newSMTP(smtpURL, from, log)
}

// compose builds the RFC 5322 message. Every address is parsed and every header value is
// refused if it holds CR or LF, so nothing a visitor typed can add a header.
func compose(from string, m Message) (*gomail.Msg, error) {
	if strings.ContainsAny(m.To+m.ReplyTo+m.Subject, "\r\n") {
		return nil, errors.New("mail header holds a line break")
	}
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("to: %w", err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, fmt.Errorf("reply-to: %w", err)
		}
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.ID != "" && !strings.ContainsAny(m.ID, "<>@ \r\n") {
		msg.SetMessageIDWithValue(m.ID + "@" + domainOf(from))
	} else {
		msg.SetMessageID()
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	return msg, nil
}

// domainOf is the domain of the sender's address, which names our Message-IDs.
func domainOf(from string) string {
	if a, err := netmail.ParseAddress(from); err == nil {
		if at := strings.LastIndexByte(a.Address, '@'); at >= 0 {
			return a.Address[at+1:]
		}
	}
	return "localhost"
}

// Outbox writes each message as an .eml file: the default when no SMTP server is configured.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger
}

// Send writes m to Dir/<timestamp>-<random>.eml, whole or not at all.
func (o *Outbox) Send(_ context.Context, m Message) error {
	msg, err := compose(o.From, m)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	var rnd [4]byte
	_, _ = rand.Read(rnd[:])
	name := time.Now().UTC().Format("20060102T150405.000000000Z") + "-" + hex.EncodeToString(rnd[:]) + ".eml"
	path := filepath.Join(o.Dir, name)
	tmp, err := os.CreateTemp(o.Dir, ".eml-*")
	if err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	_, err = msg.WriteTo(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("outbox: %w", err)
	}
	// The body may hold a reset link or an enquiry, the subject a visitor's name: log only
	// where the mail went.
	if o.Log != nil {
		o.Log.Info("mail written to outbox (no SMTP_URL set)", "to", m.To, "file", path)
	}
	return nil
}

// SMTP sends through a mail server.
type SMTP struct {
	client *gomail.Client
	from   string
	log    *slog.Logger
}

func newSMTP(raw, from string, log *slog.Logger) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return nil, errors.New("SMTP_URL must look like smtp://user:password@host:587")
	}
	opts := []gomail.Option{gomail.WithTimeout(15 * time.Second)}
	port := 587
	switch u.Scheme {
	case "smtp":
		opts = append(opts, gomail.WithTLSPortPolicy(gomail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP_URL scheme %q: use smtp or smtps", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("SMTP_URL port %q", p)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil {
		pw, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pw))
	}
	c, err := gomail.NewClient(u.Hostname(), opts...)
	if err != nil {
		return nil, fmt.Errorf("SMTP client: %w", err)
	}
	return &SMTP{client: c, from: from, log: log}, nil
}

// Send delivers m through the server, in a connection of its own.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := compose(s.from, m)
	if err != nil {
		return err
	}
	if err := s.client.DialAndSendWithContext(ctx, msg); err != nil {
		var ne net.Error
		if errors.As(err, &ne) {
			return fmt.Errorf("smtp %s: %w", s.client.ServerAddr(), err)
		}
		return fmt.Errorf("smtp: %w", err)
	}
	if s.log != nil {
		s.log.Info("mail sent", "to", m.To)
	}
	return nil
}

// Eraser is a Sender that can remove the copies it keeps of the mails that name a reference
// (the outbox can; a mail an SMTP server accepted is beyond reach).
type Eraser interface {
	Erase(ref string) (int, error)
}

// Erase removes every .eml file of the outbox whose text holds ref (an enquiry's id, which its
// notification names), for a data-protection request; it answers how many went.
func (o *Outbox) Erase(ref string) (int, error) {
	if len(ref) < 8 {
		return 0, errors.New("outbox: reference too short to erase by")
	}
	files, err := filepath.Glob(filepath.Join(o.Dir, "*.eml"))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			return n, fmt.Errorf("outbox: %w", err)
		}
		// Quoted-printable may break a long line with "=\r\n"; the reference is short and
		// on a line of its own, but join soft breaks anyway.
		if !strings.Contains(strings.ReplaceAll(string(data), "=\r\n", ""), ref) {
			continue
		}
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return n, fmt.Errorf("outbox: %w", err)
		}
		n++
	}
	return n, nil
}
