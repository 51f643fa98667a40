package operator

import (
	"log/slog"
	"strconv"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// MailCopies erases the copies of the mails that name a reference (the mail spool's outbox:
// internal/mail.Spool).
type MailCopies interface {
	EraseCopies(ref string) (int, error)
}

// EraseEnquiryCopies removes what is kept of an erased enquiry beside its record (its webhook
// deliveries, and the copies of its notification mail) and answers how many went.
func EraseEnquiryCopies(db *store.DB, mails MailCopies, id string) (int, error) {
	n, err := db.EraseDeliveries(id)
	if err != nil || mails == nil {
		return n, err
	}
	m, err := mails.EraseCopies(id)
	return n + m, err
}

// SweepSpam erases the enquiries that have been in the spam folder longer than domain.SpamKeep
// at now, with their copies, and records in the audit log how many went. The admin server runs
// it at start and every hour (a service of adminapi serve).
func SweepSpam(db *store.DB, mails MailCopies, now time.Time, log *slog.Logger) {
	gone, err := db.PurgeSpam(now.Add(-domain.SpamKeep))
	if err != nil {
		log.Error("spam folder not swept", "err", err)
		return
	}
	for _, m := range gone {
		if _, err := EraseEnquiryCopies(db, mails, m.ID); err != nil {
			log.Error("copies of old spam not erased", "id", m.ID, "err", err)
		}
	}
	if len(gone) == 0 {
		return
	}
	log.Info("old spam erased", "enquiries", len(gone))
	e := domain.AuditEntry{User: "(system)", Action: domain.AuditErase, Kind: "enquiry",
		Detail: strconv.Itoa(len(gone)) + " spam enquiries older than 30 days"}
	if _, err := db.AppendAudit(e); err != nil {
		log.Error("audit entry not recorded", "action", e.Action, "kind", e.Kind, "err", err)
	}
}
