package hardening

import (
	"bufio"
	"bytes"
	"io"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"
)

// smtpPeer is a small SMTP server on loopback standing in for the agency's mail server (not our
// part): it accepts mail, refuses it with a temporary error while refusing is set, and holds the
// end of a mail to a held recipient until released, as a slow server does.
type smtpPeer struct {
	t    *testing.T
	addr string

	mu       sync.Mutex
	refusing bool
	held     map[string]chan struct{} // recipient → closed on release
	mails    []smtpMail
	changed  chan struct{} // closed and renewed whenever a mail arrives or a held one begins
	holding  map[string]int
}

type smtpMail struct {
	to   []string
	data string
}

func startSMTP(t *testing.T) *smtpPeer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &smtpPeer{t: t, addr: ln.Addr().String(), held: map[string]chan struct{}{}, changed: make(chan struct{}),
		holding: map[string]int{}}
	stop := make(chan struct{})
	t.Cleanup(func() {
		close(stop)
		ln.Close()
		p.releaseAll()
	})
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go p.session(conn, stop)
		}
	}()
	return p
}

// url is the SMTP_URL of the peer.
func (p *smtpPeer) url() string { return "smtp://" + p.addr }

func (p *smtpPeer) setRefusing(on bool) {
	p.mu.Lock()
	p.refusing = on
	p.mu.Unlock()
}

// hold makes every mail to rcpt wait at its end until release.
func (p *smtpPeer) hold(rcpt string) {
	p.mu.Lock()
	p.held[strings.ToLower(rcpt)] = make(chan struct{})
	p.mu.Unlock()
}

func (p *smtpPeer) release(rcpt string) {
	p.mu.Lock()
	if ch := p.held[strings.ToLower(rcpt)]; ch != nil {
		close(ch)
		delete(p.held, strings.ToLower(rcpt))
	}
	p.mu.Unlock()
}

func (p *smtpPeer) releaseAll() {
	p.mu.Lock()
	for k, ch := range p.held {
		close(ch)
		delete(p.held, k)
	}
	p.mu.Unlock()
}

func (p *smtpPeer) notify() {
	close(p.changed)
	p.changed = make(chan struct{})
}

// waitUntil waits for cond (read under the peer's lock) to hold, woken by every arrival.
func (p *smtpPeer) waitUntil(d time.Duration, what string, cond func() bool) {
	p.t.Helper()
	deadline := time.After(d)
	for {
		p.mu.Lock()
		ok, ch := cond(), p.changed
		p.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			p.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// to answers the mails received for rcpt (call under waitUntil or after it).
func (p *smtpPeer) to(rcpt string) []smtpMail {
	var out []smtpMail
	for _, m := range p.mails {
		for _, r := range m.to {
			if strings.EqualFold(r, rcpt) {
				out = append(out, m)
			}
		}
	}
	return out
}

func (p *smtpPeer) received(rcpt string) []smtpMail {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.to(rcpt)
}

func (p *smtpPeer) session(conn net.Conn, stop <-chan struct{}) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	reply := func(s string) bool { _, err := io.WriteString(conn, s+"\r\n"); return err == nil }
	if !reply("220 peer.test ESMTP") {
		return
	}
	var rcpts []string
	for {
		_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			reply("250-peer.test\r\n250-8BITMIME\r\n250 SIZE 10485760")
		case strings.HasPrefix(cmd, "MAIL FROM"):
			rcpts = nil
			reply("250 2.1.0 OK")
		case strings.HasPrefix(cmd, "RCPT TO"):
			p.mu.Lock()
			refusing := p.refusing
			p.mu.Unlock()
			if refusing {
				reply("451 4.3.2 peer busy, try again later")
				continue
			}
			addr := strings.TrimSpace(line[strings.Index(line, ":")+1:])
			rcpts = append(rcpts, strings.ToLower(strings.Trim(addr, "<> \r\n")))
			reply("250 2.1.5 OK")
		case cmd == "DATA":
			reply("354 go ahead")
			var data bytes.Buffer
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(strings.TrimPrefix(l, "."))
			}
			p.mu.Lock()
			var gate chan struct{}
			for _, rc := range rcpts {
				if ch := p.held[rc]; ch != nil {
					gate = ch
					p.holding[rc]++
				}
			}
			p.notify()
			p.mu.Unlock()
			if gate != nil {
				select {
				case <-gate:
				case <-stop:
					return
				}
			}
			if !reply("250 2.0.0 queued") {
				return
			}
			p.mu.Lock()
			p.mails = append(p.mails, smtpMail{to: rcpts, data: data.String()})
			p.notify()
			p.mu.Unlock()
		case cmd == "QUIT":
			reply("221 2.0.0 bye")
			return
		default: // RSET, NOOP and the like
			reply("250 OK")
		}
	}
}

// body decodes a received mail's text.
func (m smtpMail) body(t *testing.T) string {
	t.Helper()
	msg, err := netmail.ReadMessage(strings.NewReader(m.data))
	if err != nil {
		t.Fatalf("mail from the server: %v\n%s", err, m.data)
	}
	var r io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		r = quotedprintable.NewReader(r)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
