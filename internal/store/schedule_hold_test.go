package store

import (
	"errors"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// holdFixture is a database with an admin (asha, who schedules), an editor (edith) and a draft
// "launch" that asha scheduled an hour ahead.
func holdFixture(t *testing.T) (*DB, Schedule) {
	t.Helper()
	db := MustOpen(t)
	mustDo(t, db.CreateAdmin(domain.Admin{Username: "asha", Email: "asha@example.com", PasswordHash: "x"}))
	mustDo(t, db.CreateAdmin(domain.Admin{Username: "edith", Email: "edith@example.com", Role: domain.RoleEditor, PasswordHash: "x"}))
	_, err := db.CreatePreviewBlog(domain.Blog{Title: "Launch", Category: "SEO", Content: "<p>Approved text</p>"})
	mustDo(t, err)
	sc, _, err := db.As("asha").SchedulePublish(domain.Blogs, "launch", time.Now().Add(time.Hour), nil)
	mustDo(t, err)
	if sc.Sum == "" {
		t.Fatal("a publish schedule pins no content")
	}
	return db, sc
}

func scheduleMails(t *testing.T, db *DB) []MailJob {
	t.Helper()
	jobs, _, err := db.MailJobs(0, 100)
	mustDo(t, err)
	var out []MailJob
	for _, j := range jobs {
		if j.Kind == MailKindSchedule {
			out = append(out, j)
		}
	}
	return out
}

// An editor's change to a draft an admin scheduled holds the schedule in the same transaction and
// queues the admin's mail; the admin's own edit moves the pin; a review hand-over changes no page
// and holds nothing.
func TestAnEditBySomeoneElseHoldsTheSchedule(t *testing.T) {
	db, sc := holdFixture(t)

	e, err := db.As("edith").EditRecord(domain.Blogs, Preview, "launch", func(r domain.Record) error {
		*r.Fields().Review = &domain.Review{SubmittedBy: "edith", SubmittedAt: time.Now()}
		return nil
	})
	mustDo(t, err)
	if len(e.Held) != 0 {
		t.Fatalf("a submission for review held the schedule: %+v", e.Held)
	}
	e, err = db.As("asha").EditRecord(domain.Blogs, Preview, "launch", setBody("<p>Approved text, polished</p>"))
	mustDo(t, err)
	if len(e.Held) != 0 {
		t.Fatalf("the scheduling admin's own edit held the schedule: %+v", e.Held)
	}
	after, _ := db.Schedule(sc.ID)
	if after.Sum == sc.Sum || after.Status != ScheduleWaiting {
		t.Fatalf("the admin's edit did not move the pin: %+v", after)
	}

	e, err = db.As("edith").EditRecord(domain.Blogs, Preview, "launch", func(r domain.Record) error {
		*r.Fields().Title = "Launch (buy now)"
		*r.Fields().Body += `<p><a href="https://spam.example">cheap</a></p>`
		return nil
	})
	mustDo(t, err)
	if len(e.Held) != 1 || e.Held[0].Status != ScheduleHeld || e.Held[0].Hold != HoldEdited || e.Held[0].HeldBy != "edith" ||
		!strings.Contains(e.Held[0].Error, "edith changed the draft") {
		t.Fatalf("held: %+v", e.Held)
	}
	if mails := scheduleMails(t, db); len(mails) != 1 || mails[0].To != "asha@example.com" {
		t.Fatalf("mails: %+v", mails)
	}
	if _, _, err := db.ApplySchedule(sc.ID); !errors.Is(err, ErrHeld) {
		t.Fatalf("a held schedule ran: %v", err)
	}
	if _, err := db.Record(domain.Blogs, Published, "launch"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatal("the editor's text went live")
	}

	// The admin reviews and schedules it again: the schedule is theirs, pinned to the text now.
	re, err := db.As("ravi").Reschedule(sc.ID, time.Now().Add(time.Minute))
	mustDo(t, err)
	if re.Status != ScheduleWaiting || re.Username != "ravi" || re.Hold != "" || re.Error != "" {
		t.Fatalf("rescheduled: %+v", re)
	}
	_, pub, err := db.ApplySchedule(sc.ID)
	mustDo(t, err)
	if *pub.Fields().Title != "Launch (buy now)" {
		t.Fatalf("published %+v", pub)
	}
}

// Restoring an older revision of a scheduled draft is a change like any other.
func TestARevisionRestoreBySomeoneElseHoldsTheSchedule(t *testing.T) {
	db, sc := holdFixture(t)
	_, err := db.As("asha").UpdateRecord(domain.Blogs, Preview, "launch", setBody("<p>Final text</p>"))
	mustDo(t, err)
	revs, err := db.Revisions(domain.Blogs, Preview, "launch")
	mustDo(t, err)
	e, err := db.As("edith").RestoreRevision(domain.Blogs, Preview, "launch", revs[len(revs)-1].ID)
	mustDo(t, err)
	if len(e.Held) != 1 || e.Held[0].ID != sc.ID {
		t.Fatalf("held: %+v", e.Held)
	}
}

// The trash holds a draft's publish schedule (and tells its admin); restoring the draft unchanged
// before the time brings the schedule back; after the time it stays held; deleting it for good
// drops it.
func TestTrashHoldsTheScheduleAndRestoreBringsItBack(t *testing.T) {
	db, sc := holdFixture(t)
	it, err := db.As("edith").DeleteRecord(domain.Blogs, Preview, "launch")
	mustDo(t, err)
	if len(it.Schedules) != 1 || it.Schedules[0].Hold != HoldDeleted || it.Schedules[0].Status != ScheduleHeld {
		t.Fatalf("deletion: %+v", it.Schedules)
	}
	if list, _ := db.Schedules(); len(list) != 1 || list[0].Status != ScheduleHeld || list[0].Title != "Launch" {
		t.Fatalf("the held schedule is not listed for the dashboard: %+v", list)
	}
	if mails := scheduleMails(t, db); len(mails) != 1 || mails[0].To != "asha@example.com" {
		t.Fatalf("mails: %+v", mails)
	}
	if _, err := db.As("asha").Reschedule(sc.ID, time.Now().Add(time.Hour)); domain.ErrorCode(err) != domain.EConflict ||
		!strings.Contains(domain.ErrorMessage(err), "trash") {
		t.Fatalf("rescheduling a draft in the trash: %v", err)
	}
	back, _, err := db.As("edith").RestoreTrash(it.ID)
	mustDo(t, err)
	if len(back.Schedules) != 1 || back.Schedules[0].Status != ScheduleWaiting || back.Schedules[0].Username != "asha" {
		t.Fatalf("restore: %+v", back.Schedules)
	}
	if cur, _ := db.Schedule(sc.ID); cur.Status != ScheduleWaiting || cur.Sum != sc.Sum {
		t.Fatalf("after the restore: %+v", cur)
	}

	// Deleted again, restored after its time: held, saying so.
	it, err = db.As("edith").DeleteRecord(domain.Blogs, Preview, "launch")
	mustDo(t, err)
	mustDo(t, db.bolt.Update(func(tx *bolt.Tx) error {
		s, err := getSchedule(tx, sc.ID)
		s.At = time.Now().Add(-time.Minute)
		if err == nil {
			err = putSchedule(tx, s)
		}
		return err
	}))
	back, _, err = db.RestoreTrash(it.ID)
	mustDo(t, err)
	if len(back.Schedules) != 1 || back.Schedules[0].Status != ScheduleHeld || !strings.Contains(back.Schedules[0].Error, "after its time") {
		t.Fatalf("late restore: %+v", back.Schedules)
	}

	it, err = db.DeleteRecord(domain.Blogs, Preview, "launch")
	mustDo(t, err)
	mustDo(t, db.PurgeTrash(it.ID))
	if list, _ := db.Schedules(); len(list) != 0 {
		t.Fatalf("deleting for good left the schedule: %+v", list)
	}
}

// A draft that is not what was scheduled is never published, whatever way it changed: at its
// time the schedule is held instead (and its admin mailed).
func TestAScheduleNeverPublishesOtherContent(t *testing.T) {
	db, sc := holdFixture(t)
	mustDo(t, db.bolt.Update(func(tx *bolt.Tx) error { // a write that passed by the holding
		rec, err := get(tx, domain.Blogs, Preview, "launch")
		if err != nil {
			return err
		}
		*rec.Fields().Body = "<p>Unreviewed</p>"
		return put(tx, Preview, rec)
	}))
	held, _, err := db.ApplySchedule(sc.ID)
	if !errors.Is(err, ErrChanged) || held.Status != ScheduleHeld {
		t.Fatalf("apply: %+v %v", held, err)
	}
	if _, err := db.Record(domain.Blogs, Published, "launch"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatal("unreviewed text went live")
	}
	if mails := scheduleMails(t, db); len(mails) != 1 {
		t.Fatalf("mails: %+v", mails)
	}
}
