package api

import (
	"bytes"
	"context"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	imail "digitalreeviver/internal/mail"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/store"
)

// syncOutbox writes each mail into a real outbox and reports the outcome, so a fuzz run can wait
// for the notification of the enquiry it just sent.
type syncOutbox struct {
	box  *imail.Outbox
	sent chan error
}

func (s *syncOutbox) Send(ctx context.Context, m imail.Message) error {
	err := s.box.Send(ctx, m)
	s.sent <- err
	return err
}

// popupContentTypes are the bodies POST /popup may be sent as, and ones it must refuse.
var popupContentTypes = []string{
	"application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=XBOUNDARY",
	"text/plain", "", "multipart/form-data", "application/json; charset=utf-8", "application/xml",
}

// FuzzPopupForm sends any body, as any of the content types above, through the real handler of
// POST /popup over a real bbolt file. Whatever comes in: never a 500; an answer is one of the
// contract's; at most one enquiry is stored, only with a 2xx answer, and only with fields that
// pass the spec's rules and hold no line break or NUL; and the notification of every stored
// enquiry can be written as an e-mail with exactly the headers we set (no injected Bcc, no
// second recipient).
func FuzzPopupForm(f *testing.F) {
	dir := f.TempDir()
	db, err := store.Open(filepath.Join(dir, "site.db"), store.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { db.Close() })
	// Speed only: the durability of enquiries is proved by the crash tests, not here.
	db.Bolt().NoSync = true
	db.Bolt().MaxBatchDelay = time.Millisecond
	box := &syncOutbox{box: &imail.Outbox{Dir: filepath.Join(dir, "outbox"), From: "no-reply@example.com"}, sent: make(chan error, 4)}
	svc := startServices(f, db, nil, box, nil, publish.SchedulerConfig{})
	srv, err := New(Config{DB: db, Builds: svc.builds, Schedules: svc.schedules, Mail: svc.spool, JWTSecret: testSecret, SiteURL: testSiteURL, NotifyEmail: "team@example.com",
		UploadsDir: filepath.Join(dir, "uploads"), OutDir: filepath.Join(dir, "dist"), AllowedOrigins: []string{"https://www.example.com"},
		Limits: Limits{PopupPerMinute: 1 << 30, PopupBurst: 1 << 30}})
	if err != nil {
		f.Fatal(err)
	}
	h := srv.Handler()

	old := time.Now().Add(-time.Minute).UnixMilli()
	seed := func(kind uint8, body string) { f.Add(kind, []byte(body)) }
	seed(0, mustJSON(map[string]any{"name": "Asha", "email": "asha@example.in", "phone": "+91 98110 45672", "message": "Need SEO", "startedAt": old}))
	seed(0, `{"name":"Asha","email":"asha@example.in","phone":"9811045672","message":"x","website":"http://spam.example"}`)
	seed(0, `{"name":"Asha","email":"asha@example.in","phone":"9811045672","startedAt":"9999999999999"}`)
	seed(0, `{"name":"Asha\r\nBcc: victim@example.com","email":"asha@example.in","phone":"9811045672"}`)
	seed(0, `{"name":"Asha","email":"asha@example.in\r\nBcc: victim@example.com","phone":"9811045672"}`)
	seed(0, `{"name":"Asha\u2028Bcc: v@example.com\u0085x","email":"asha@example.in","phone":"9811045672"}`)
	seed(0, `{"name":"Asha","email":"asha@example.in,victim@example.com","phone":"9811045672"}`)
	seed(0, `{"name":"Asha","email":"a@b.c,d","phone":"9811045672"}`)
	seed(0, `{"name":"Asha","email":"\"x\"@b.c","phone":"9811045672"}`)
	seed(0, `{"name":"Asha","email":"a<b@c.d>","phone":"9811045672"}`)
	seed(0, `{"name":{"$ne":null},"email":["a@b.c"],"phone":9811045672}`)
	seed(0, strings.Repeat(`{"a":`, 20000))
	seed(0, `{"name":"A\u0000B","email":"a@b.c","phone":"9811045672"}`)
	seed(0, `null`)
	seed(0, `[]`)
	seed(1, "name=Asha&email=asha%40example.in&phone=9811045672&message=Hi")
	seed(1, "name=Asha%0D%0ABcc%3A+v%40example.com&email=asha%40example.in&phone=9811045672")
	seed(1, "name=%zz&email=")
	seed(2, "--XBOUNDARY\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAsha\r\n--XBOUNDARY\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nasha@example.in\r\n--XBOUNDARY\r\nContent-Disposition: form-data; name=\"phone\"\r\n\r\n9811045672\r\n--XBOUNDARY--\r\n")
	seed(2, "--XBOUNDARY\r\nContent-Disposition: form-data; name=\"image\"; filename=\"../../x.png\"\r\n\r\nxx\r\n--XBOUNDARY")
	seed(3, `{"name":"Asha","email":"asha@example.in","phone":"9811045672"}`)
	seed(5, "--x--")
	seed(7, "<enquiry/>")

	f.Fuzz(func(t *testing.T, kind uint8, body []byte) {
		ct := popupContentTypes[int(kind)%len(popupContentTypes)]
		before, err := db.CountMessages()
		if err != nil {
			t.Fatal(err)
		}
		req := httptest.NewRequest("POST", "/popup", bytes.NewReader(body))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		after, err := db.CountMessages()
		if err != nil {
			t.Fatal(err)
		}
		status := rec.Code
		switch status {
		case http.StatusOK, http.StatusSeeOther, http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType:
		default:
			t.Fatalf("status %d for %q body %q: %s", status, ct, body, rec.Body.String())
		}
		if status == http.StatusSeeOther {
			if loc := rec.Header().Get("Location"); loc != thankYouPath {
				t.Fatalf("redirect to %q", loc)
			}
		}
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			var out map[string]string
			if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out["message"] == "" && out["error"] == "" {
				t.Fatalf("answer is not the contract's JSON: %s", rec.Body.String())
			}
		}
		switch after - before {
		case 0:
			return
		case 1:
			if status != http.StatusOK && status != http.StatusSeeOther {
				t.Fatalf("stored with status %d", status)
			}
		default:
			t.Fatalf("%d enquiries stored by one request", after-before)
		}
		msgs, err := db.Messages()
		if err != nil {
			t.Fatal(err)
		}
		m := msgs[0]
		if strings.ContainsAny(m.Name+m.Email+m.Phone, "\r\n\x00") || strings.ContainsRune(m.Message, 0) ||
			len([]rune(m.Name)) > domain.MaxNameLen || len([]rune(m.Message)) > domain.MaxMessageLen ||
			m.Source != "popup" && m.Source != "contact" && m.Source != "form" {
			t.Fatalf("stored an enquiry the rules refuse: %+v", m)
		}
		if m.Status == domain.StatusSpam {
			// Kept in the spam folder, clamped rather than validated, and nobody is mailed.
			if m.Spam == "" {
				t.Fatalf("spam without a reason: %+v", m)
			}
			return
		}
		mm := m
		mm.Normalize()
		if mm != m || mm.Validate() != nil {
			t.Fatalf("stored an enquiry the rules refuse: %+v (%v)", m, mm.Validate())
		}
		select {
		case err := <-box.sent:
			if err != nil {
				t.Fatalf("the notification of stored enquiry %+v was not sent: %v", m, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no notification for a stored enquiry")
		}
		checkNotification(t, filepath.Join(dir, "outbox"), m)
	})
}

// checkNotification reads the newest .eml of the outbox (and removes it) and checks that its
// headers are exactly the ones the notification sets, each once, addressed to the agency.
func checkNotification(t *testing.T, outbox string, m domain.Message) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(outbox, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("%d mails in the outbox, want 1", len(files))
	}
	data, err := os.ReadFile(files[0])
	os.Remove(files[0])
	if err != nil {
		t.Fatal(err)
	}
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("notification unreadable: %v\n%s", err, data)
	}
	allowed := map[string]bool{"From": true, "To": true, "Reply-To": true, "Subject": true, "Date": true, "Message-Id": true,
		"Mime-Version": true, "Content-Type": true, "Content-Transfer-Encoding": true, "User-Agent": true, "X-Mailer": true}
	for k, v := range msg.Header {
		if !allowed[k] || len(v) != 1 {
			t.Fatalf("header %s: %q in the notification of %+v:\n%s", k, v, m, data)
		}
	}
	to, err := msg.Header.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Address != "team@example.com" {
		t.Fatalf("To: %v %v", to, err)
	}
	if rt := msg.Header.Get("Reply-To"); rt != "" {
		list, err := msg.Header.AddressList("Reply-To")
		if err != nil || len(list) != 1 {
			t.Fatalf("Reply-To %q: %v %v", rt, list, err)
		}
	}
	var dec mime.WordDecoder
	if subj, err := dec.DecodeHeader(msg.Header.Get("Subject")); err != nil || strings.ContainsAny(subj, "\r\n") {
		t.Fatalf("Subject %q: %v", subj, err)
	}
	if !bytes.Contains(data, []byte("A new enquiry arrived")) {
		t.Fatalf("notification body missing:\n%s", data)
	}
}
