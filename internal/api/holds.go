package api

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// A change to a scheduled draft by anyone but the admin who scheduled it holds the schedule
// (store.Schedule.Hold): the store does that and queues the admin's mail in the change's
// transaction; the handler records it in the audit log and tells the author in its answer.

const noticeWhen = "2 Jan 2006 15:04 MST"

// withHeld adds to a change's answer the schedules it put on hold ("heldSchedules") and a
// "notice" that says so, and records each hold in the audit log. The answer's "message" stays
// the one SPEC names.
func (s *Server) withHeld(r *http.Request, k *domain.Kind, held []store.Schedule, answer map[string]any) map[string]any {
	if len(held) == 0 {
		return answer
	}
	me := adminFrom(r.Context()).Username
	var notes []string
	for _, sc := range held {
		why := "edited after it was scheduled"
		if sc.Hold == store.HoldDeleted {
			why = "moved to the trash"
		}
		s.audit(r, domain.AuditHold, k.Name, sc.Slug, fmt.Sprintf("publish at %s by %s put on hold: %s",
			sc.At.Format(time.RFC3339), sc.Username, why))
		told := sc.Username + " has been told by e-mail."
		if sc.Username == me {
			told = "Schedule it again from the dashboard when it is ready."
		}
		switch sc.Hold {
		case store.HoldDeleted:
			notes = append(notes, fmt.Sprintf("It was scheduled by %s to be published at %s. That schedule is on hold while it is in the trash: restoring it unchanged before then brings the schedule back. %s",
				sc.Username, sc.At.Format(noticeWhen), told))
		default:
			notes = append(notes, fmt.Sprintf("This draft was scheduled by %s to be published at %s. Your change puts that on hold: it will not be published until an admin reviews it and schedules it again. %s",
				sc.Username, sc.At.Format(noticeWhen), told))
		}
	}
	answer["heldSchedules"] = held
	answer["notice"] = strings.Join(notes, " ")
	return answer
}

// withRevived adds to a restore's answer what became of the schedules the deletion held: back
// in place, or still on hold and why; each that is back is recorded in the audit log.
func (s *Server) withRevived(r *http.Request, k *domain.Kind, schedules []store.Schedule, answer map[string]any) map[string]any {
	var notes []string
	for _, sc := range schedules {
		if sc.Status == store.ScheduleHeld {
			notes = append(notes, sc.Error)
			continue
		}
		s.audit(r, domain.AuditSchedule, k.Name, sc.Slug, fmt.Sprintf("publish at %s by %s back with the draft from the trash",
			sc.At.Format(time.RFC3339), sc.Username))
		notes = append(notes, fmt.Sprintf("Its schedule is back: it will be published at %s, as %s scheduled it.",
			sc.At.Format(noticeWhen), sc.Username))
	}
	if len(notes) > 0 {
		answer["notice"] = strings.Join(notes, " ")
	}
	return answer
}
