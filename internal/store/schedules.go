package store

import (
	"errors"
	"fmt"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// What a schedule does when it is due.
const (
	ActionPublish   = "publish"   // a draft goes live
	ActionUnpublish = "unpublish" // a published record goes back to the drafts
)

// Where a schedule stands. One that succeeded is deleted.
const (
	ScheduleWaiting  = "scheduled" // waits for its time
	ScheduleRetrying = "retrying"  // ran, its build failed; runs again at NextAttemptAt
	ScheduleFailed   = "failed"    // gave up; waits for the admin to reschedule or cancel it
	// ScheduleHeld: the draft was changed (or deleted) by someone else after an admin scheduled
	// it, so it will not be published until an admin reviews it and schedules it again
	// (Reschedule), or restores it from the trash unchanged before its time.
	ScheduleHeld = "held"
)

// Why a schedule is held (Schedule.Hold).
const (
	HoldEdited  = "edited"  // the draft's content changed after it was scheduled
	HoldDeleted = "deleted" // the draft went to the trash
)

// Schedule is a publish or unpublish of one record at a set time, kept in the database so that
// it survives restarts: one missed while the server was down runs when it starts.
type Schedule struct {
	ID       uint64    `json:"id"`
	Kind     string    `json:"kind"` // the kind's plural: "blogs", "services"
	Slug     string    `json:"slug"` // follows renames
	RecordID string    `json:"recordId"`
	Title    string    `json:"title"` // the record's title when listed
	Action   string    `json:"action"`
	At       time.Time `json:"at"`
	Status   string    `json:"status"`
	Attempts int       `json:"attempts"`
	// NextAttemptAt is when a schedule whose build failed is tried again.
	NextAttemptAt time.Time `json:"nextAttemptAt,omitzero"`
	// Applied: the record has moved (published or unpublished); only the build is left to do.
	Applied   bool      `json:"applied"`
	Error     string    `json:"error,omitempty"`
	Username  string    `json:"username"`
	CreatedAt time.Time `json:"createdAt"`
	// Sum names the content a publish schedule publishes (contentSum of the draft as the admin
	// scheduled it): the draft is published only while it is still that content.
	Sum string `json:"sum,omitempty"`
	// Hold says why a held schedule waits (HoldEdited, HoldDeleted), HeldBy who changed the
	// draft and HeldAt when.
	Hold   string    `json:"hold,omitempty"`
	HeldBy string    `json:"heldBy,omitempty"`
	HeldAt time.Time `json:"heldAt,omitzero"`
}

// Due is when the schedule runs next.
func (s Schedule) Due() time.Time {
	if s.Status == ScheduleRetrying && !s.NextAttemptAt.IsZero() {
		return s.NextAttemptAt
	}
	return s.At
}

var errScheduleNotFound = domain.Errorf(domain.ENotFound, "That schedule no longer exists.")

func schedules(tx *bolt.Tx) ([]Schedule, error) {
	return list[Schedule](tx, bucketSchedules)
}

func getSchedule(tx *bolt.Tx, id uint64) (Schedule, error) {
	var s Schedule
	if ok, err := getJSON(tx, bucketSchedules, itob(id), &s); err != nil {
		return s, err
	} else if !ok {
		return s, errScheduleNotFound
	}
	return s, nil
}

func putSchedule(tx *bolt.Tx, s Schedule) error { return putJSON(tx, bucketSchedules, itob(s.ID), s) }

// dropSchedules deletes the schedules of a record, those of one action or ("") all.
func dropSchedules(tx *bolt.Tx, k *domain.Kind, recID, action string) error {
	all, err := schedules(tx)
	if err != nil {
		return err
	}
	for _, s := range all {
		if s.Kind == k.Plural && s.RecordID == recID && (action == "" || s.Action == action) {
			if err := tx.Bucket(bucketSchedules).Delete(itob(s.ID)); err != nil {
				return err
			}
		}
	}
	return nil
}

// renameSchedules makes a record's schedules follow its new slug.
func renameSchedules(tx *bolt.Tx, k *domain.Kind, recID, slug string) error {
	all, err := schedules(tx)
	if err != nil {
		return err
	}
	for _, s := range all {
		if s.Kind == k.Plural && s.RecordID == recID && s.Slug != slug {
			s.Slug = slug
			if err := putSchedule(tx, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// upsertSchedule sets the time of the record's schedule of the action, or adds one.
func (db *DB) upsertSchedule(tx *bolt.Tx, rec domain.Record, action string, at time.Time) (Schedule, error) {
	k, f := rec.Kind(), rec.Fields()
	all, err := schedules(tx)
	if err != nil {
		return Schedule{}, err
	}
	s := Schedule{Kind: k.Plural, RecordID: *f.ID, Action: action, Username: db.user, CreatedAt: db.now()}
	for _, old := range all {
		if old.Kind == k.Plural && old.RecordID == *f.ID && old.Action == action {
			s.ID, s.CreatedAt = old.ID, old.CreatedAt
		}
	}
	if s.ID == 0 {
		s.ID, _ = tx.Bucket(bucketSchedules).NextSequence()
	}
	s.Slug, s.Title, s.At, s.Status = *f.Slug, *f.Title, at.UTC(), ScheduleWaiting
	if action == ActionPublish {
		if s.Sum, err = contentSum(rec); err != nil {
			return s, err
		}
	}
	return s, putSchedule(tx, s)
}

// SchedulePublish applies fn to k's draft with slug (as UpdateRecord does), checks that it meets
// the publish rules, and schedules its publication at at, in one transaction. A draft has at
// most one publish schedule: scheduling it again moves it.
func (db *DB) SchedulePublish(k *domain.Kind, slug string, at time.Time, fn func(domain.Record) error) (Schedule, domain.Record, error) {
	var s Schedule
	var rec domain.Record
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if rec, err = db.update(tx, k, Preview, slug, fn); err != nil {
			return err
		}
		if err := domain.PreparePublish(k.Copy(rec), db.now()); err != nil {
			return err
		}
		s, err = db.upsertSchedule(tx, rec, ActionPublish, at)
		return err
	})
	if err != nil {
		return s, nil, fmt.Errorf("schedule publish of %s %q: %w", k.Name, slug, err)
	}
	return s, rec, nil
}

// ScheduleUnpublish schedules k's published record with slug to go back to the drafts at at. A
// draft that is scheduled to be published before at may be scheduled to come down again too.
func (db *DB) ScheduleUnpublish(k *domain.Kind, slug string, at time.Time) (Schedule, error) {
	var s Schedule
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		rec, err := get(tx, k, Published, slug)
		if domain.ErrorCode(err) == domain.ENotFound {
			draft, derr := get(tx, k, Preview, slug)
			if derr != nil || !publishedBefore(tx, k, *draft.Fields().ID, at) {
				return domain.Errorf(domain.EConflict, "This %s is not published, so it cannot be unpublished.", k.Name)
			}
			rec, err = draft, nil
		}
		if err != nil {
			return err
		}
		s, err = db.upsertSchedule(tx, rec, ActionUnpublish, at)
		return err
	})
	if err != nil {
		return s, fmt.Errorf("schedule unpublish of %s %q: %w", k.Name, slug, err)
	}
	return s, nil
}

func publishedBefore(tx *bolt.Tx, k *domain.Kind, recID string, at time.Time) bool {
	all, _ := schedules(tx)
	for _, s := range all {
		if s.Kind == k.Plural && s.RecordID == recID && s.Action == ActionPublish && s.At.Before(at) {
			return true
		}
	}
	return false
}

// Schedules lists every schedule, the soonest first, each with its record's current title.
func (db *DB) Schedules() ([]Schedule, error) {
	var out []Schedule
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		if out, err = schedules(tx); err != nil {
			return err
		}
		for i, s := range out {
			if k := domain.KindOf(s.Kind); k != nil {
				for _, st := range []Stage{Published, Preview} {
					var r struct {
						Title string `json:"title"`
					}
					if ok, _ := getJSON(tx, bucketOf(k, st), []byte(s.Slug), &r); ok {
						out[i].Title = r.Title
						break
					}
				}
			}
		}
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Due().Before(out[j].Due()) })
	if out == nil {
		out = []Schedule{}
	}
	return out, err
}

// Schedule answers one schedule.
func (db *DB) Schedule(id uint64) (Schedule, error) {
	var s Schedule
	err := db.bolt.View(func(tx *bolt.Tx) (err error) { s, err = getSchedule(tx, id); return err })
	return s, err
}

// Reschedule moves a schedule to at and makes it wait afresh (a failed one is tried again then).
// A publish not yet done pins the draft as it is now: rescheduling is the admin's word for what
// goes live. A held schedule becomes the rescheduling admin's (db's user), who has reviewed the
// change that held it; its draft must be out of the trash.
func (db *DB) Reschedule(id uint64, at time.Time) (Schedule, error) {
	var s Schedule
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if s, err = getSchedule(tx, id); err != nil {
			return err
		}
		if s.Action == ActionPublish && !s.Applied {
			if err := db.repin(tx, &s); err != nil {
				return err
			}
		}
		s.At, s.Status, s.Attempts, s.NextAttemptAt, s.Error = at.UTC(), ScheduleWaiting, 0, time.Time{}, ""
		return putSchedule(tx, s)
	})
	return s, err
}

// repin pins the publish schedule s to its draft as it is now.
func (db *DB) repin(tx *bolt.Tx, s *Schedule) error {
	k := domain.KindOf(s.Kind)
	if k == nil {
		return domain.Errorf(domain.EInvalid, "Unknown kind of content %q.", s.Kind)
	}
	rec, err := get(tx, k, Preview, s.Slug)
	if err != nil || *rec.Fields().ID != s.RecordID {
		if s.Hold == HoldDeleted {
			return domain.Errorf(domain.EConflict, "The draft of this schedule is in the trash: restore it first.")
		}
		return domain.Errorf(domain.EConflict, "The draft of this schedule no longer exists.")
	}
	if s.Sum, err = contentSum(rec); err != nil {
		return err
	}
	if s.Status == ScheduleHeld && db.user != "" {
		s.Username = db.user
	}
	s.Title, s.Hold, s.HeldBy, s.HeldAt = *rec.Fields().Title, "", "", time.Time{}
	return nil
}

// CancelSchedule deletes a schedule. One whose record has already moved (its build failing)
// leaves the record where it is; only the retries stop.
func (db *DB) CancelSchedule(id uint64) (Schedule, error) {
	var s Schedule
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if s, err = getSchedule(tx, id); err != nil {
			return err
		}
		return tx.Bucket(bucketSchedules).Delete(itob(id))
	})
	return s, err
}

// ErrHeld answers ApplySchedule for a schedule on hold: nothing ran, and nothing is to retry.
// ErrChanged answers it for a publish whose draft was not the content the schedule pinned: the
// schedule is held now (in a transaction of its own, as an edit by someone else holds it).
var (
	ErrHeld    = errors.New("the schedule is on hold")
	ErrChanged = errors.New("the draft is not what was scheduled: the schedule is held")
)

// ApplySchedule does a due schedule's change to its record in one transaction (publish, or
// unpublish) and marks it applied, so that after a crash only its build is left to redo. A
// schedule already applied answers its record as it is. A publish is done only while the draft
// is the content the schedule pinned (else ErrChanged); a held schedule does nothing (ErrHeld).
func (db *DB) ApplySchedule(id uint64) (Schedule, domain.Record, error) {
	s, rec, err := db.applySchedule(id)
	if !errors.Is(err, ErrChanged) {
		return s, rec, err
	}
	herr := db.bolt.Update(func(tx *bolt.Tx) error {
		cur, err := getSchedule(tx, id)
		if err != nil {
			return err
		}
		s, err = db.As("").hold(tx, cur, HoldEdited)
		return err
	})
	if herr != nil {
		return s, nil, fmt.Errorf("hold schedule %d: %w", id, herr)
	}
	return s, nil, err
}

func (db *DB) applySchedule(id uint64) (Schedule, domain.Record, error) {
	var s Schedule
	var rec domain.Record
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if s, err = getSchedule(tx, id); err != nil {
			return err
		}
		k := domain.KindOf(s.Kind)
		if k == nil {
			return domain.Errorf(domain.EInvalid, "Unknown kind of content %q.", s.Kind)
		}
		if s.Applied {
			st := Published
			if s.Action == ActionUnpublish {
				st = Preview
			}
			rec, err = get(tx, k, st, s.Slug)
			return err
		}
		if s.Status == ScheduleHeld {
			return ErrHeld
		}
		switch s.Action {
		case ActionPublish:
			rec, err = db.publish(tx, k, s.Slug, func(r domain.Record) error {
				if sum, err := contentSum(r); err != nil {
					return err
				} else if s.Sum != "" && sum != s.Sum {
					return ErrChanged
				}
				*r.Fields().CreatedAt = s.At // "Published on" is when it went live
				return nil
			})
		case ActionUnpublish:
			rec, err = db.unpublish(tx, k, s.Slug)
		default:
			err = domain.Errorf(domain.EInvalid, "Unknown scheduled action %q.", s.Action)
		}
		if err != nil {
			return err
		}
		s.Applied, s.Title = true, *rec.Fields().Title
		return putSchedule(tx, s)
	})
	if err != nil {
		return s, nil, fmt.Errorf("scheduled %s %d: %w", s.Action, id, err)
	}
	return s, rec, nil
}

// FinishSchedule deletes a schedule that has run and whose build succeeded.
func (db *DB) FinishSchedule(id uint64) error {
	return db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketSchedules).Delete(itob(id)) })
}

// FailSchedule records a failed run: retried at next, or (next zero) given up.
func (db *DB) FailSchedule(id uint64, reason string, next time.Time) (Schedule, error) {
	var s Schedule
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if s, err = getSchedule(tx, id); err != nil {
			return err
		}
		s.Attempts++
		s.Error = reason
		if next.IsZero() {
			s.Status, s.NextAttemptAt = ScheduleFailed, time.Time{}
		} else {
			s.Status, s.NextAttemptAt = ScheduleRetrying, next.UTC()
		}
		return putSchedule(tx, s)
	})
	return s, err
}
