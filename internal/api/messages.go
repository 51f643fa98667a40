package api

import (
	"encoding/csv"
	"errors"
	"fmt"
	"html"
	"mime"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// msgEnquiryThanks is the answer to every accepted enquiry (and to the ones silently dropped as
// spam, so a bot learns nothing).
const msgEnquiryThanks = "Thank you! Your message has been sent. We will get back to you soon."

// minFillTime is how long a person takes at least to fill the form; faster is a bot.
const minFillTime = 2 * time.Second

// thankYouPath is where the no-JavaScript form lands after sending.
const thankYouPath = "/thank-you/"

func (s *Server) registerMessageRoutes(r *mux.Router) {
	r.HandleFunc("/popup", s.handlePopup).Methods("POST")
	r.HandleFunc("/popups", s.can(domain.PermEnquiries, s.handleMessageList)).Methods("GET")
	r.HandleFunc("/popups.csv", s.can(domain.PermEnquiries, s.handleMessageCSV)).Methods("GET")
}

// handlePopup handles POST /popup: JSON from the popup and the contact form's script, or
// form-encoded from the contact page without JavaScript (answered with a redirect). The enquiry
// is on disk before the answer; the notification mail follows in the background.
func (s *Server) handlePopup(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxPopupBody)
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	isForm := mt == "application/x-www-form-urlencoded" || mt == "multipart/form-data"
	fail := func(err error) {
		if isForm {
			s.formError(w, r, err)
			return
		}
		s.writeError(w, r, err)
	}
	if err := s.allowEnquiry(s.clientIP(r)); err != nil {
		fail(err)
		return
	}
	f, err := readFields(r)
	if err != nil {
		fail(err)
		return
	}
	m := domain.Message{Name: f.get("name"), Email: f.get("email"), Phone: f.get("phone"), Message: f.get("message")}
	m.Source = "popup"
	if isForm {
		m.Source = "form"
	} else if f.get("source") == "contact" {
		m.Source = "contact"
	}
	// Spam is kept in its folder (30 days, recoverable), never dropped, and the sender gets the
	// same answer either way, so a bot learns nothing.
	if why := botSigns(f); why != "" {
		m.Clamp()
		s.storeSpam(w, r, m, why, isForm, fail)
		return
	}
	m.Normalize()
	if err := m.Validate(); err != nil {
		fail(err)
		return
	}
	if why := s.spamSigns(r, f, m); why != "" {
		s.storeSpam(w, r, m, why, isForm, fail)
		return
	}
	m.Attribution = s.attributionOf(r, f) // where the visit came from (leads.go)
	stored, err := s.storeEnquiry(m)
	if err != nil {
		fail(err)
		return
	}
	s.hooks.Enquiry(stored)
	s.enquiryAccepted(w, r, isForm)
}

// storeSpam keeps a submission in the spam folder with the reason, and answers as for any
// enquiry.
func (s *Server) storeSpam(w http.ResponseWriter, r *http.Request, m domain.Message, why string, isForm bool, fail func(error)) {
	m.Status, m.Spam = domain.StatusSpam, why
	if _, err := s.db.AddMessage(m); err != nil {
		fail(err)
		return
	}
	s.log.Info("enquiry kept as spam", "ip", s.clientIP(r), "why", why)
	s.enquiryAccepted(w, r, isForm)
}

// allowEnquiry applies the enquiry limits: per client address, per subnet (/24 or /64: a
// flood from many addresses of one network), and for the whole site (a flood from everywhere),
// so a flood can neither fill the disk and the agency's inbox nor bury the real enquiries.
func (s *Server) allowEnquiry(ip string) error {
	if err := s.popupRate.Allow(ip); err != nil {
		return err
	}
	if err := s.popupSubnetRate.Allow(subnetOf(ip)); err != nil {
		return err
	}
	return s.popupSiteRate.Allow("site")
}

// subnetOf is the network an address belongs to for the enquiry limit: its /24 (IPv4) or /64
// (IPv6, one household or office).
func subnetOf(ip string) string {
	a := net.ParseIP(ip)
	if a == nil {
		return ip
	}
	if v4 := a.To4(); v4 != nil {
		return v4.Mask(net.CIDRMask(24, 32)).String() + "/24"
	}
	return a.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// botSigns applies the checks that need no reading of the text: the hidden "website" field must
// stay empty, and the form must have been open at least minFillTime (startedAt, when the page's
// script sent it). It answers the reason, or "".
func botSigns(f *fields) string {
	if strings.TrimSpace(f.get("website")) != "" {
		return "hidden field filled in"
	}
	if v := strings.TrimSpace(f.get("startedAt")); v != "" {
		ms, err := strconv.ParseInt(v, 10, 64)
		if err == nil && ms > 0 && time.Since(time.UnixMilli(ms)) < minFillTime {
			return "sent too fast"
		}
	}
	return ""
}

// spamSigns scores a valid enquiry's text and, when Turnstile is configured, asks Cloudflare
// whether the visitor passed its challenge. It answers the reasons, or "".
func (s *Server) spamSigns(r *http.Request, f *fields, m domain.Message) string {
	if score, why := domain.SpamScore(m); score >= domain.SpamThreshold {
		return strings.Join(why, ", ")
	}
	if s.cfg.Turnstile.Secret != "" {
		ok, err := s.verifyTurnstile(r.Context(), f.get("cf-turnstile-response"), s.clientIP(r))
		switch {
		case err != nil:
			s.log.Warn("turnstile unreachable: the enquiry is taken unchecked", "err", err)
		case !ok:
			return "failed the Turnstile check"
		}
	}
	return ""
}

func (s *Server) enquiryAccepted(w http.ResponseWriter, r *http.Request, isForm bool) {
	if isForm {
		http.Redirect(w, r, s.thankYouURL(r), http.StatusSeeOther)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msgEnquiryThanks})
}

// thankYouURL sends the visitor back to the site they came from when that is an allowed origin
// (the site may live on another host than the API), else to this host's page.
func (s *Server) thankYouURL(r *http.Request) string {
	origin := r.Header.Get("Origin")
	if origin == "" {
		if u, err := url.Parse(r.Referer()); err == nil && u.Host != "" {
			origin = u.Scheme + "://" + u.Host
		}
	}
	if s.origins[origin] {
		return origin + thankYouPath
	}
	return thankYouPath
}

// formError answers a no-JavaScript form post that was refused with a small page saying why, as
// a browser shows it; the status is the same as the JSON answer's.
func (s *Server) formError(w http.ResponseWriter, r *http.Request, err error) {
	code := domain.ErrorCode(err)
	msg := domain.ErrorMessage(err)
	if code == domain.EInternal {
		s.log.Error("internal error", "method", r.Method, "path", logPath(r), "err", err)
		msg = "Failed to send message"
	}
	var le interface{ RetryAfter() time.Duration }
	if errors.As(err, &le) {
		w.Header().Set("Retry-After", strconv.Itoa(int(le.RetryAfter().Seconds())+1))
	}
	setHTMLHeaders(w, false)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(statusOf[code])
	fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`+
		`<title>Message not sent</title></head><body><main style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">`+
		`<h1>Your message was not sent</h1><p>%s</p><p><a href="/contactus/">Back to the contact form</a></p></main></body></html>`,
		html.EscapeString(msg))
}

// storeEnquiry stores an enquiry and, in the same transaction, the job of its notification
// e-mail: once the visitor is answered, both are on disk. The mail follows from its queue; its
// failure never reaches the visitor and is retried.
func (s *Server) storeEnquiry(m domain.Message) (domain.Message, error) {
	if s.cfg.NotifyEmail == "" {
		return s.db.AddMessage(m)
	}
	return s.db.AddMessageWithMail(m, store.MailJob{To: s.cfg.NotifyEmail}) // which wakes the queue
}

// Pages of the enquiry list: GET /popups answers defaultMessagePage enquiries unless told
// otherwise, and at most maxMessagePage.
const (
	defaultMessagePage = 100
	maxMessagePage     = 500
)

// handleMessageList handles GET /popups?limit=&cursor=&status=&q= (admin only: enquiries are
// personal data): a page of enquiries, newest first, as the array the spec's clients read;
// without a status every status but spam. When more remain, the X-Next-Cursor header (and a
// Link header with rel="next") says how to ask for the next page.
func (s *Server) handleMessageList(w http.ResponseWriter, r *http.Request) {
	limit, cursor, err := pageParams(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q, err := inboxQuery(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, next, err := s.db.SearchMessages(q, cursor, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	setNextPageOf(w, r, limit, next)
	writeJSON(w, http.StatusOK, nonNil(list))
}

// pageParams reads ?limit= (1..maxMessagePage, default defaultMessagePage) and ?cursor= of a
// paged list.
func pageParams(r *http.Request) (limit int, cursor uint64, err error) {
	q := r.URL.Query()
	limit = defaultMessagePage
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxMessagePage {
			return 0, 0, domain.Errorf(domain.EInvalid, "limit must be a number from 1 to %d.", maxMessagePage)
		}
		limit = n
	}
	if v := q.Get("cursor"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			return 0, 0, domain.Errorf(domain.EInvalid, "Invalid cursor.")
		}
		cursor = n
	}
	return limit, cursor, nil
}

// setNextPage names the next page of a paged list, when there is one, in the X-Next-Cursor
// and Link headers.
func setNextPage(w http.ResponseWriter, path string, limit int, next uint64) {
	if next == 0 {
		return
	}
	c := strconv.FormatUint(next, 10)
	w.Header().Set("X-Next-Cursor", c)
	w.Header().Set("Link", fmt.Sprintf(`<%s?limit=%d&cursor=%s>; rel="next"`, path, limit, c))
}

var phoneLike = regexp.MustCompile(`^\+[0-9 ().-]+$`)

// csvCell defuses spreadsheet formulas: a cell starting with = + - @ or a control character is
// prefixed with a quote, except a plain international phone number.
func csvCell(v string) string {
	if v == "" || phoneLike.MatchString(v) {
		return v
	}
	switch v[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + v
	}
	return v
}

// handleMessageCSV handles GET /popups.csv?status=&q=: the enquiries of the inbox's filter,
// newest first, read and written a page at a time so memory stays flat however many there are.
func (s *Server) handleMessageCSV(w http.ResponseWriter, r *http.Request) {
	q, err := inboxQuery(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, next, err := s.db.SearchMessages(q, 0, maxMessagePage)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="enquiries-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	cw := csv.NewWriter(w)
	writeMessagesCSV(cw, list, true)
	for {
		cw.Flush()
		if next == 0 || cw.Error() != nil {
			return
		}
		if list, next, err = s.db.SearchMessages(q, next, maxMessagePage); err != nil {
			// The answer has begun; cutting it short is all that is left.
			s.log.Error("enquiry export cut short", "err", err)
			panic(http.ErrAbortHandler)
		}
		writeMessagesCSV(cw, list, false)
	}
}
