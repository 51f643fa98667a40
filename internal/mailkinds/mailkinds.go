// Package mailkinds is what the admin server says by mail: the kinds of mail (each its own
// queue of the spool, internal/mail, so a flood of enquiry notifications never delays a reset
// link) and the text of each. A mail is composed when it is sent, from the records as they are
// then: a queued job holds no token and no stale text, and a job whose subject is gone is given
// up with that reason.
package mailkinds

import (
	"context"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"net/url"
	"strings"
	"time"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/store"
)

// The kinds of mail besides the scheduler's (publish.MailKind).
const (
	Reset   = "reset"   // a password-reset link
	Enquiry = "enquiry" // a new enquiry's notification
	Invite  = "invite"  // an invitation to make an account
	Review  = "review"  // a draft awaits an admin's review
	// HandBack: an admin handed a submitted draft back to its editor, unpublished (the job names
	// kind/slug).
	HandBack = "handback"
)

// Where the links of the mails open the admin UI; the token follows.
const (
	ResetPath  = "/reset-password/"
	InvitePath = "/admin/invite/"
)

// Config is what the mails need to say.
type Config struct {
	DB *store.DB
	// SiteURL is the host of every link: configuration, never a request's Host header, which
	// an attacker could set to their own server to harvest a token.
	SiteURL  string
	SiteName string // default domain.DefaultSiteName
	// Schedules composes the failure mails of scheduled changes (publish.MailKind).
	Schedules *publish.Scheduler
	// Zone is the site's time zone, in which the mails give times (default UTC).
	Zone domain.SiteZone
	// Intake composes the intake's alert mails (intake.MailKind); nil: none is configured, and
	// a job of that kind left from an earlier run is given up.
	Intake *intake.Service
}

// NewSpool makes the admin server's mail spool: every kind above and the scheduler's, sent
// through sender. It is one of the server's services: Start starts it, Close drains it.
func NewSpool(cfg Config, sender mail.Sender, log *slog.Logger) *mail.Spool {
	return mail.NewSpool(cfg.DB, sender, Kinds(cfg), log)
}

// Kinds is the spool's table: how each kind is composed and how often it is tried.
func Kinds(cfg Config) map[string]mail.Kind {
	if cfg.SiteName == "" {
		cfg.SiteName = domain.DefaultSiteName
	}
	cfg.SiteURL = strings.TrimRight(cfg.SiteURL, "/")
	c := composer{cfg}
	return map[string]mail.Kind{
		Reset:            {Compose: c.reset, MaxAttempts: 4},         // ~15 min: the link lives 30
		Enquiry:          {Compose: c.notification, MaxAttempts: 10}, // ~4 hours
		Invite:           {Compose: c.invite, MaxAttempts: 10},       // the link lives 7 days
		Review:           {Compose: c.review, MaxAttempts: 10},
		HandBack:         {Compose: c.handBack, MaxAttempts: 10},
		publish.MailKind: {Compose: cfg.Schedules.ComposeFailureMail, MaxAttempts: 10}, // a scheduled change failed
		intake.MailKind:  {Compose: c.intakeAlert, MaxAttempts: 10},
	}
}

// intakeAlert makes the intake's alert from its state at sending time.
func (c composer) intakeAlert(ctx context.Context, job store.MailJob) (mail.Message, error) {
	if c.cfg.Intake == nil {
		return mail.Message{}, fmt.Errorf("intake alert: no intake is configured any more: %w", mail.ErrPermanent)
	}
	return c.cfg.Intake.ComposeAlert(ctx, job)
}

type composer struct{ cfg Config }

// reset makes a reset mail (the job names the admin) with a fresh token: only its hash is
// stored, so the queued job holds nothing that would open the account.
func (c composer) reset(_ context.Context, job store.MailJob) (mail.Message, error) {
	a, err := c.cfg.DB.Admin(job.Ref)
	if domain.ErrorCode(err) == domain.ENotFound {
		return mail.Message{}, fmt.Errorf("reset link for %q: the admin is gone: %w", job.Ref, mail.ErrPermanent)
	} else if err != nil {
		return mail.Message{}, fmt.Errorf("reset link: %w", err)
	}
	token, hash, err := auth.NewResetToken()
	if err != nil {
		return mail.Message{}, err
	}
	if err := c.cfg.DB.PutResetToken(hash, a.Username, time.Now().Add(auth.ResetTTL)); err != nil {
		return mail.Message{}, fmt.Errorf("reset link: %w", err)
	}
	site := c.cfg.SiteName
	return mail.Message{
		To:      a.Email,
		Subject: site + ": reset your admin password",
		Text: fmt.Sprintf("Hello %s,\n\nSomeone (hopefully you) asked to reset the password of the %s admin account.\n"+
			"Open this link within 30 minutes to choose a new password; it works once:\n\n%s\n\n"+
			"If you did not ask for this, ignore this e-mail; your password stays as it is.\n",
			a.Username, site, c.cfg.SiteURL+ResetPath+token),
	}, nil
}

// notification makes the notification of a stored enquiry (the job keeps its key).
func (c composer) notification(_ context.Context, job store.MailJob) (mail.Message, error) {
	m, err := c.cfg.DB.MessageAt(job.MessageKey)
	if domain.ErrorCode(err) == domain.ENotFound {
		return mail.Message{}, fmt.Errorf("notification of enquiry %s: the enquiry is gone: %w", job.Ref, mail.ErrPermanent)
	} else if err != nil {
		return mail.Message{}, fmt.Errorf("notification: %w", err)
	}
	// The visitor's address is one plain mailbox (domain.ValidMailbox), so replying goes
	// straight to them. An enquiry stored before that rule may hold what is no single RFC 5322
	// address ("a@b.c,d"); such a Reply-To would make the whole mail fail, so it is left out and
	// the address stays in the body.
	replyTo := m.Email
	if a, err := netmail.ParseAddress(m.Email); err != nil || a.Address != m.Email {
		replyTo = ""
	}
	via := m.Source
	if m.Via == domain.ViaIntake {
		via += ", through the intake while the form server was down"
	}
	email := m.Email
	if email == "" {
		email = "(none given)"
	}
	phone := m.PhoneDisplay()
	if m.PhoneE164 != "" && phone != m.Phone {
		phone += " (typed: " + m.Phone + ")"
	}
	return mail.Message{
		// Named by the enquiry's id: a notification sent twice (a crash between the send and its
		// record) is recognisable as one.
		ID:      "enquiry-" + m.ID,
		To:      job.To,
		ReplyTo: replyTo,
		Subject: "New enquiry from " + domain.OneLine(m.Name, 80),
		// The reference names the enquiry, so erasing it also finds this mail's copies.
		Text: fmt.Sprintf("A new enquiry arrived through the website (%s) at %s.\n\nName:    %s\nE-mail:  %s\nPhone:   %s\n\nMessage:\n%s\n\n%sReference: %s\n",
			via, c.cfg.Zone.Readable(m.CreatedAt), m.Name, email, phone, m.Message, cameFrom(m), m.ID),
	}, nil
}

// cameFrom is the notification's line on where the visit that sent the enquiry came from.
func cameFrom(m domain.Message) string {
	if m.Attribution == nil {
		return ""
	}
	return "Came from: " + m.Attribution.Summary() + "\n\n"
}

// invite makes an invitation mail with a fresh token whose hash replaces the invitation's: the
// queued job holds nothing that opens an account, and only the newest mail's link works.
func (c composer) invite(_ context.Context, job store.MailJob) (mail.Message, error) {
	token, hash, err := auth.NewResetToken()
	if err != nil {
		return mail.Message{}, err
	}
	inv, err := c.cfg.DB.SetInviteToken(job.Ref, hash, time.Now().UTC())
	if domain.ErrorCode(err) == domain.ENotFound {
		return mail.Message{}, fmt.Errorf("invitation %s: revoked, used or expired: %w", job.Ref, mail.ErrPermanent)
	} else if err != nil {
		return mail.Message{}, fmt.Errorf("invitation: %w", err)
	}
	site := c.cfg.SiteName
	return mail.Message{
		To:      inv.Email,
		Subject: fmt.Sprintf("%s: you are invited to the admin area", site),
		Text: fmt.Sprintf("Hello,\n\n%s invited you to the admin area of the %s website as an %s.\n\n"+
			"Open this link by %s to choose your username and password; it works once:\n\n%s\n\n"+
			"If you did not expect this, ignore this e-mail.\n", inv.InvitedBy, site, inv.Role,
			inv.ExpiresAt.Format("2 January 2006"), c.cfg.SiteURL+InvitePath+token),
	}, nil
}

// draftOf reads the draft a review job names (kind/slug); a draft that is gone needs no mail.
func (c composer) draftOf(job store.MailJob) (*domain.Kind, domain.Record, error) {
	name, slug, _ := strings.Cut(job.Ref, "/")
	var k *domain.Kind
	for _, kk := range domain.Kinds {
		if kk.Name == name {
			k = kk
		}
	}
	if k == nil {
		return nil, nil, fmt.Errorf("%s of %q: no such kind: %w", job.Kind, job.Ref, mail.ErrPermanent)
	}
	rec, err := c.cfg.DB.Record(k, store.Preview, slug)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, nil, fmt.Errorf("%s of %s: the draft is gone: %w", job.Kind, job.Ref, mail.ErrPermanent)
	} else if err != nil {
		return nil, nil, fmt.Errorf("%s of %s: %w", job.Kind, job.Ref, err)
	}
	return k, rec, nil
}

// handBack makes the mail that tells an editor their draft was handed back, and why. A draft
// submitted again, published or deleted meanwhile needs no mail.
func (c composer) handBack(_ context.Context, job store.MailJob) (mail.Message, error) {
	k, rec, err := c.draftOf(job)
	if err != nil {
		return mail.Message{}, err
	}
	f := rec.Fields()
	hb := *f.HandedBack
	if hb == nil {
		return mail.Message{}, fmt.Errorf("hand-back of %s: no longer handed back: %w", job.Ref, mail.ErrPermanent)
	}
	text := fmt.Sprintf("%s handed your %s back without publishing it: %s\n", hb.By, strings.ToLower(k.Label), domain.OneLine(*f.Title, 200))
	if hb.Note != "" {
		text += "\nTheir note: " + hb.Note + "\n"
	} else {
		text += "\nThey left no note.\n"
	}
	text += "\nChange the draft, then submit it for review again:\n\n" + c.cfg.SiteURL + "/admin/preview-" + k.Name + "/" + url.PathEscape(*f.Slug) + "\n"
	return mail.Message{To: job.To, Subject: c.cfg.SiteName + ": your draft was handed back", Text: text}, nil
}

// review makes the mail that a draft (the job names kind/slug) awaits review. A draft no
// longer awaiting it (published, withdrawn, deleted) needs no mail.
func (c composer) review(_ context.Context, job store.MailJob) (mail.Message, error) {
	k, rec, err := c.draftOf(job)
	if err != nil {
		return mail.Message{}, err
	}
	f := rec.Fields()
	rv := *f.Review
	if rv == nil {
		return mail.Message{}, fmt.Errorf("review of %s: no longer awaiting review: %w", job.Ref, mail.ErrPermanent)
	}
	text := fmt.Sprintf("%s submitted a %s for review: %s\n", rv.SubmittedBy, strings.ToLower(k.Label), domain.OneLine(*f.Title, 200))
	if rv.Note != "" {
		text += "\nTheir note: " + rv.Note + "\n"
	}
	text += "\nCheck and publish it in the admin area:\n\n" + c.cfg.SiteURL + "/admin/dashboard#reviews\n"
	return mail.Message{To: job.To, Subject: c.cfg.SiteName + ": a draft awaits your review", Text: text}, nil
}
