package store

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// A schedule publishes exactly what the admin scheduled. Each publish schedule pins the draft's
// content (Schedule.Sum); a change to that content by anyone but the admin who scheduled it puts
// the schedule on hold in the transaction of the change, and mails that admin: the change is
// someone else's text, which no admin has seen. The admin's own edits move the pin with them.
// Trashing the draft holds its schedule too; restoring it unchanged before its time brings the
// schedule back. A held schedule runs only once an admin schedules it again (Reschedule), which
// pins the draft as it is then.

// MailKindSchedule is the kind of the mails about schedules (failed, held) among the mail jobs;
// the scheduler composes them (publish.Scheduler.ComposeFailureMail).
const MailKindSchedule = "schedule"

// contentSum names what a record would put on the site: every field but the time of its last
// save and its review hand-over, which change no page.
func contentSum(rec domain.Record) (string, error) {
	c := rec.Kind().Copy(rec)
	f := c.Fields()
	*f.UpdatedAt, *f.Review = time.Time{}, nil
	data, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:12]), nil
}

// pendingPublishes answers the publish schedules of the record recID of k that have not moved it
// yet (waiting, retrying, failed or held).
func pendingPublishes(tx *bolt.Tx, k *domain.Kind, recID string) ([]Schedule, error) {
	all, err := schedules(tx)
	if err != nil {
		return nil, err
	}
	var out []Schedule
	for _, s := range all {
		if s.Kind == k.Plural && s.RecordID == recID && s.Action == ActionPublish && !s.Applied {
			out = append(out, s)
		}
	}
	return out, nil
}

// holdForEdit is called in the transaction that saved the draft rec (by db's user): each publish
// schedule of it whose pinned content differs is re-pinned when its own admin made the change,
// and put on hold otherwise. before is the content sum of the draft before the save, the pin of
// a schedule made before schedules pinned their content. It answers the schedules held now.
func (db *DB) holdForEdit(tx *bolt.Tx, rec domain.Record, before string) ([]Schedule, error) {
	pending, err := pendingPublishes(tx, rec.Kind(), *rec.Fields().ID)
	if err != nil || len(pending) == 0 {
		return nil, err
	}
	sum, err := contentSum(rec)
	if err != nil {
		return nil, err
	}
	var held []Schedule
	for _, s := range pending {
		if s.Sum == "" {
			s.Sum = before
		}
		switch {
		case s.Status == ScheduleHeld || s.Sum == sum:
			continue
		case db.user == s.Username:
			s.Sum, s.Title = sum, *rec.Fields().Title
			err = putSchedule(tx, s)
		default:
			s, err = db.hold(tx, s, HoldEdited)
			held = append(held, s)
		}
		if err != nil {
			return nil, err
		}
	}
	return held, nil
}

// holdForTrash holds the pending publish schedules of rec, which is going into the trash.
func (db *DB) holdForTrash(tx *bolt.Tx, rec domain.Record) ([]Schedule, error) {
	pending, err := pendingPublishes(tx, rec.Kind(), *rec.Fields().ID)
	if err != nil {
		return nil, err
	}
	var held []Schedule
	for _, s := range pending {
		if s.Status == ScheduleHeld && s.Hold == HoldDeleted {
			continue
		}
		if s.Sum == "" {
			if s.Sum, err = contentSum(rec); err != nil {
				return nil, err
			}
		}
		if s, err = db.hold(tx, s, HoldDeleted); err != nil {
			return nil, err
		}
		held = append(held, s)
	}
	return held, nil
}

// hold puts s on hold for why, by db's user, and queues the mail that tells the admin who
// scheduled it (unless that admin made the change: they were told in its answer).
func (db *DB) hold(tx *bolt.Tx, s Schedule, why string) (Schedule, error) {
	by := db.user
	if by == "" {
		by = "someone"
	}
	s.Status, s.Hold, s.HeldBy, s.HeldAt, s.NextAttemptAt = ScheduleHeld, why, db.user, db.now(), time.Time{}
	switch why {
	case HoldDeleted:
		s.Error = fmt.Sprintf("On hold: %s moved the draft to the trash. Restoring it unchanged before %s brings the schedule back.",
			by, s.At.Format("2 Jan 2006 15:04 MST"))
	default:
		s.Error = fmt.Sprintf("On hold: %s changed the draft after it was scheduled. Review the draft, then schedule it again.", by)
	}
	if err := putSchedule(tx, s); err != nil {
		return s, err
	}
	if db.user != "" && db.user == s.Username {
		return s, nil
	}
	return s, db.mailSchedulers(tx, s)
}

// mailSchedulers queues a schedule mail about s to the admin who made it, or, when that account
// is gone, no longer an admin or without an address, to every admin.
func (db *DB) mailSchedulers(tx *bolt.Tx, s Schedule) error {
	admins, err := list[domain.Admin](tx, bucketAdmins)
	if err != nil {
		return err
	}
	var to []string
	for _, a := range admins {
		if a.Username == s.Username && a.Can(domain.PermPublish) && a.Email != "" {
			to = []string{a.Email}
			break
		}
		if a.Can(domain.PermPublish) && a.Email != "" {
			to = append(to, a.Email)
		}
	}
	for _, addr := range to {
		j := newMailJob(MailJob{Kind: MailKindSchedule, To: addr, Ref: strconv.FormatUint(s.ID, 10)}, db.now())
		if err := putMailJob(tx, &j); err != nil {
			return err
		}
	}
	if len(to) > 0 {
		tx.OnCommit(func() { db.mailWasQueued(MailKindSchedule) })
	}
	return nil
}

// reviveFromTrash is called in the transaction that restored rec from the trash: each schedule
// that its deletion held waits again when the draft is what was scheduled and its time is still
// ahead; otherwise it stays held, saying why. It answers those schedules.
func (db *DB) reviveFromTrash(tx *bolt.Tx, rec domain.Record) ([]Schedule, error) {
	pending, err := pendingPublishes(tx, rec.Kind(), *rec.Fields().ID)
	if err != nil {
		return nil, err
	}
	sum, err := contentSum(rec)
	if err != nil {
		return nil, err
	}
	var out []Schedule
	for _, s := range pending {
		if s.Status != ScheduleHeld || s.Hold != HoldDeleted {
			continue
		}
		s.Slug = *rec.Fields().Slug
		switch {
		case s.Sum == sum && s.At.After(db.now()):
			s.Status, s.Hold, s.HeldBy, s.HeldAt, s.Error = ScheduleWaiting, "", "", time.Time{}, ""
			s.Attempts = 0
		case s.Sum == sum:
			s.Error = fmt.Sprintf("On hold: the draft was restored from the trash after its time (%s) had passed. Schedule it again.",
				s.At.Format("2 Jan 2006 15:04 MST"))
		default:
			s.Hold = HoldEdited
			s.Error = "On hold: the draft restored from the trash is not what was scheduled. Review it, then schedule it again."
		}
		if err := putSchedule(tx, s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
