package enquiry

import (
	"context"
	"fmt"
	netmail "net/mail"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/store"
)

// ComposeNotification makes the notification of a stored enquiry at sending time (the mail
// spool's Compose of MailKind). Its Message-ID comes from the enquiry's id, so a notification
// sent twice (a crash between the send and its record) is recognisable as one.
func (s *Service) ComposeNotification(_ context.Context, job store.MailJob) (mail.Message, error) {
	m, err := s.cfg.DB.MessageAt(job.MessageKey)
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
		ID:      "enquiry-" + m.ID,
		To:      job.To,
		ReplyTo: replyTo,
		Subject: "New enquiry from " + domain.OneLine(m.Name, 80),
		// The reference names the enquiry, so erasing it also finds this mail's copies.
		Text: fmt.Sprintf("A new enquiry arrived through the website (%s) at %s.\n\nName:    %s\nE-mail:  %s\nPhone:   %s\n\nMessage:\n%s\n\nReference: %s\n",
			via, s.cfg.Zone.Readable(m.CreatedAt), m.Name, email, phone, m.Message, m.ID),
	}, nil
}
