// Package enquiry accepts an enquiry, by whichever path it came: the form endpoint (POST /popup)
// or the intake bucket's drain. Accepting is one operation: look up the id, apply the caller's
// limits, read and validate the fields, score spam, verify Turnstile, and store the enquiry
// once, with its notification mail and its webhook deliveries, in one transaction. It knows
// nothing of HTTP or S3.
package enquiry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

// MsgThanks is the answer to every accepted enquiry (and to the ones kept as spam, so a bot
// learns nothing).
const MsgThanks = "Thank you! Your message has been sent. We will get back to you soon."

// MinFillTime is how long a person takes at least to fill the form; faster is a bot. A phone's
// autofill fills name, e-mail and phone in one tap: a visitor who opens the popup, taps autofill
// and Send may take under two seconds (2 s sent such leads to the spam folder, unmailed); a
// script that posts as soon as the page is up takes well under one.
const MinFillTime = time.Second

// Config wires a Service.
type Config struct {
	DB          *store.DB
	Hooks       *webhook.Hooks // nil: no webhooks
	NotifyEmail string         // where notifications go; "" sends none
	Turnstile   Turnstile
	// DefaultCountry is the country a phone number is read in when the visitor chose none
	// (site.yaml's defaultCountry).
	DefaultCountry string
	Zone           domain.SiteZone // the site's time zone, for the notification's times
	// Leads is the visitor counter: the attribution setting an enquiry's visit is kept under,
	// and the counted visits it is the conversion of (attribution.go). nil: the setting is
	// notice and nothing is counted.
	Leads *leads.Counter
	Log   *slog.Logger
	Now   func() time.Time // default time.Now
}

// Service accepts enquiries.
type Service struct {
	cfg Config
	log *slog.Logger
}

// New returns a Service.
func New(cfg Config) (*Service, error) {
	if cfg.DB == nil {
		return nil, errors.New("enquiry: no database")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Zone.Location == nil {
		cfg.Zone = domain.SiteZone{Location: time.UTC}
	}
	return &Service{cfg: cfg, log: cfg.Log}, nil
}

// Zone is the site's time zone.
func (s *Service) Zone() domain.SiteZone { return s.cfg.Zone }

// Submission is an enquiry as it arrived.
type Submission struct {
	// Fields are the values sent, by name (name, email, phone, country, message, id, source,
	// website, startedAt, cf-turnstile-response, and whatever later forms add): the one place
	// the domain reads them from.
	Fields map[string]string
	Form   bool   // posted as a form without JavaScript
	Via    string // "" (the form endpoint) or domain.ViaIntake
	IP     string // the client's address; "" when unknown (the intake)
	// Limit applies the caller's rate limits; it runs after the id lookup, so a retry of an
	// enquiry already stored never meets a limit. nil: none.
	Limit func() error
	// SentAt is when the enquiry left the page (the intake: its object's upload time), for the
	// fill-time check; zero: now.
	SentAt time.Time
	// Hold, when set, keeps a valid enquiry in the spam folder with this reason, unmailed and
	// unwebhooked, for an admin to review (the intake's flood of identical copies).
	Hold string
	// Audit, when set, is recorded with a stored enquiry in its transaction (its Target the
	// enquiry's id): the intake's record of what came in without a request.
	Audit *domain.AuditEntry
	// UserAgent is the sender's (with IP, it finds the counted visit the enquiry converts);
	// NoTracking, that the request asked not to be tracked (GPC, DNT): no attribution is kept.
	UserAgent  string
	NoTracking bool
}

func (sub Submission) get(name string) string { return sub.Fields[name] }

// The outcomes of Accept.
const (
	Stored = "stored" // a new enquiry, stored, mailed and webhooked
	Spam   = "spam"   // a new submission kept in the spam folder
	Known  = "known"  // its id was stored before: answered again, nothing written
	Erased = "erased" // its id was erased on request: nothing written
)

// Result is what Accept did.
type Result struct {
	Outcome string
	Message domain.Message // as stored (for Known: as first stored)
	Why     string         // for Spam: the reasons
}

// Accept accepts one submission. A refusal is a domain error (invalid fields, a limit); every
// other outcome is answered as a success to the sender, spam included.
func (s *Service) Accept(ctx context.Context, sub Submission) (Result, error) {
	id, err := domain.EnquiryIDOf(sub.get("id"))
	if err != nil {
		return Result{}, err
	}
	if r, done, err := s.lookup(id); done || err != nil {
		return r, err
	}
	if sub.Limit != nil {
		if err := sub.Limit(); err != nil {
			return Result{}, err
		}
	}
	m := domain.Message{ID: id, Name: sub.get("name"), Email: sub.get("email"), Phone: sub.get("phone"),
		Message: sub.get("message"), Source: sourceOf(sub), Via: sub.Via}
	// Spam is kept in its folder (30 days, recoverable), never dropped, and the sender gets the
	// same answer either way, so a bot learns nothing.
	if why := s.botSigns(sub); why != "" {
		m.Clamp()
		m.NormalizePhone(sub.get("country"), s.cfg.DefaultCountry)
		return s.keepSpam(m, sub, why)
	}
	m.Normalize()
	if err := m.Validate(); err != nil {
		return Result{}, err
	}
	m.NormalizePhone(sub.get("country"), s.cfg.DefaultCountry)
	if sub.Via == "" {
		// Asked while the visitor is there to answer; an enquiry from the intake bucket was
		// sent while the server was down, and its visitor has gone: it is kept as typed.
		if err := m.CheckPhone(sub.get(domain.PhoneChecked)); err != nil {
			return Result{}, err
		}
	}
	if sub.Hold != "" {
		return s.keepSpam(m, sub, sub.Hold)
	}
	if why := s.spamSigns(ctx, sub, m); why != "" {
		return s.keepSpam(m, sub, why)
	}
	m.Attribution = s.attribution(sub)
	return s.store(m, sub.Audit)
}

// lookup answers a submission whose id is stored or erased: done, and nothing to write.
func (s *Service) lookup(id string) (Result, bool, error) {
	state, err := s.cfg.DB.EnquiryState(id)
	switch {
	case err != nil:
		return Result{}, true, err
	case state == store.EnquiryKnown:
		m, err := s.cfg.DB.Message(id)
		return Result{Outcome: Known, Message: m}, true, err
	case state == store.EnquiryErased:
		s.log.Info("a copy of an erased enquiry arrived and was dropped", "id", id)
		return Result{Outcome: Erased, Message: domain.Message{ID: id}}, true, nil
	}
	return Result{}, false, nil
}

// store stores a valid enquiry with its notification and webhook deliveries in one
// transaction. Two copies racing past the lookup are told apart there: the second is Known.
func (s *Service) store(m domain.Message, audit *domain.AuditEntry) (Result, error) {
	ds, err := s.cfg.Hooks.EnquiryDeliveries(m)
	if err != nil {
		return Result{}, fmt.Errorf("enquiry webhooks: %w", err)
	}
	e := store.NewEnquiry{Message: m, Deliveries: ds, Audit: audit}
	if s.cfg.NotifyEmail != "" {
		e.Mail = &store.MailJob{To: s.cfg.NotifyEmail}
	}
	stored, outcome, err := s.cfg.DB.AddEnquiry(e)
	if err != nil {
		return Result{}, err
	}
	if outcome == store.EnquiryStored {
		s.cfg.Hooks.Wake()
	}
	return Result{Outcome: outcomeOf(outcome, Stored), Message: stored}, nil
}

// keepSpam stores a submission in the spam folder with the reasons and where it came from
// (uncounted as a conversion): no mail, no webhook.
func (s *Service) keepSpam(m domain.Message, sub Submission, why string) (Result, error) {
	m.Status, m.Spam = domain.StatusSpam, why
	m.Attribution = s.readAttribution(sub)
	stored, outcome, err := s.cfg.DB.AddEnquiry(store.NewEnquiry{Message: m})
	if err != nil {
		return Result{}, err
	}
	if outcome == store.EnquiryStored {
		s.log.Info("enquiry kept as spam", "id", m.ID, "via", m.Via, "why", why)
	}
	return Result{Outcome: outcomeOf(outcome, Spam), Message: stored, Why: why}, nil
}

func outcomeOf(stored, fresh string) string {
	switch stored {
	case store.EnquiryKnown:
		return Known
	case store.EnquiryErased:
		return Erased
	}
	return fresh
}

// sourceOf is where the enquiry was written: "form" (the contact page without JavaScript),
// "contact" (the contact page's script) or "popup".
func sourceOf(sub Submission) string {
	switch {
	case sub.Form:
		return "form"
	case sub.get("source") == "contact":
		return "contact"
	}
	return "popup"
}

// botSigns applies the checks that need no reading of the text: the hidden "website" field must
// stay empty, and the form must have been open at least MinFillTime before it was sent
// (startedAt, when the page's script sent it). It answers the reason, or "".
func (s *Service) botSigns(sub Submission) string {
	if strings.TrimSpace(sub.get("website")) != "" {
		return "hidden field filled in"
	}
	if v := strings.TrimSpace(sub.get("startedAt")); v != "" {
		sent := sub.SentAt
		if sent.IsZero() {
			sent = s.cfg.Now()
		}
		ms, err := strconv.ParseInt(v, 10, 64)
		if err == nil && ms > 0 && sent.Sub(time.UnixMilli(ms)) < MinFillTime {
			return "sent too fast"
		}
	}
	return ""
}

// spamSigns scores a valid enquiry's text and, when Turnstile is configured, asks Cloudflare
// whether the visitor passed its challenge. It answers the reasons, or "".
func (s *Service) spamSigns(ctx context.Context, sub Submission, m domain.Message) string {
	if score, why := domain.SpamScore(m); score >= domain.SpamThreshold {
		return strings.Join(why, ", ")
	}
	if s.cfg.Turnstile.Secret == "" {
		return ""
	}
	v, err := s.cfg.Turnstile.verify(ctx, sub.get("cf-turnstile-response"), sub.IP)
	switch {
	case err != nil:
		s.log.Warn("turnstile unreachable: the enquiry is taken unchecked", "err", err)
	case v.ok:
	case sub.Via == domain.ViaIntake && v.onlyExpired():
		// A token lives five minutes and is good once; an enquiry that waited in the intake
		// (or whose first send reached Cloudflare before the endpoint failed) has an expired
		// one. The intake's own defences hold it instead (docs/SECURITY.md).
		s.log.Info("turnstile token expired in the intake: the enquiry is taken unchecked", "id", m.ID)
	default:
		s.log.Info("turnstile challenge not passed", "codes", strings.Join(v.codes, ","))
		return "failed the Turnstile check"
	}
	return ""
}
