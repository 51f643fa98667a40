package publish

import (
	"log/slog"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

// ScheduledChanges is the scheduler's OnEvent (SchedulerConfig) of the admin server: it records
// what a schedule did by itself in the audit log (by "(system)", naming who scheduled it) and
// sends the publish webhook of a draft that went live at its time. hooks may be nil (no
// webhooks), log too.
func ScheduledChanges(db *store.DB, hooks *webhook.Hooks, siteURL string, log *slog.Logger) func(Event) {
	return func(ev Event) {
		sc := ev.Schedule
		k := domain.KindOf(sc.Kind)
		if k == nil {
			return
		}
		action := domain.AuditPublish
		if sc.Action == store.ActionUnpublish {
			action = domain.AuditUnpublish
		}
		detail := "scheduled by " + sc.Username
		switch ev.Outcome {
		case OutcomeDone:
		case OutcomeFailed:
			detail += "; failed: " + sc.Error
		case OutcomeHeld:
			action, detail = domain.AuditHold, "publish at "+sc.At.Format(time.RFC3339)+" by "+sc.Username+
				" put on hold: the draft was not what was scheduled"
		default:
			return // a retry is not a change yet
		}
		e := domain.AuditEntry{User: "(system)", Action: action, Kind: k.Name, Target: sc.Slug, Detail: detail}
		if _, err := db.AppendAudit(e); err != nil && log != nil {
			log.Error("audit entry of a schedule not recorded", "id", sc.ID, "err", err)
		}
		if ev.Outcome == OutcomeDone && sc.Action == store.ActionPublish {
			hooks.Published(k.Name, sc.Slug, sc.Title, k.PageURL(siteURL, sc.Slug), sc.Username)
		}
	}
}
