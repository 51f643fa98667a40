package api

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/publish"
)

// scheduleDraft has the admin schedule draft-post at at and answers the schedule's id.
func (e *testEnv) scheduleDraft(at time.Time) int {
	e.t.Helper()
	st, body := e.json("POST", "/api/preview-blogs/publish/draft-post", map[string]string{"publishAt": at.Format(time.RFC3339)}, true)
	if st != 202 {
		e.t.Fatalf("schedule: %d %v", st, body)
	}
	return int(body["schedule"].(map[string]any)["id"].(float64))
}

// scheduleMail waits for the schedule mail to the admin to be sent from the mail queue and
// answers the outbox's text of it.
func (e *testEnv) scheduleMail(subject string) string {
	e.t.Helper()
	waitFor(e.t, "the schedule mail sent from the queue", func() bool {
		for _, m := range e.list("/api/mail") {
			if m["kind"] == "schedule" && m["to"] == testEmail && m["status"] == "sent" {
				return true
			}
		}
		return false
	})
	for _, f := range outboxFiles(e.t, e.outbox) {
		data, _ := os.ReadFile(f)
		if strings.Contains(string(data), subject) {
			return string(data)
		}
	}
	e.t.Fatalf("no mail %q in the outbox", subject)
	return ""
}

// auditHas reports whether the audit log holds an entry of action by user on target whose detail
// contains detail.
func (e *testEnv) auditHas(action, user, target, detail string) bool {
	e.t.Helper()
	list, _ := e.auditEntries("?action=" + action)
	for _, a := range list {
		if a.User == user && a.Target == target && strings.Contains(a.Detail, detail) {
			return true
		}
	}
	return false
}

// The attack of issue 23.3: an admin schedules a draft, an editor then changes its title and adds
// a link. The schedule is held at the editor's save (told in its answer), the admin is mailed and
// sees it on the dashboard's list, the hold is audited, and at the time nothing is published; the
// admin's reschedule after reviewing publishes what they approved.
func TestAnEditorsEditHoldsTheAdminsSchedule(t *testing.T) {
	e := newEnv(t)
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	at := e.clock.Now().Add(time.Hour).Truncate(time.Second)
	id := e.scheduleDraft(at)

	st, body := e.jsonAs("PUT", "/api/preview-blogs/draft-post", map[string]string{
		"title":   "Draft Post: 90% off today",
		"content": `<p>Draft body</p><p><a href="https://spam.example/deal">Claim the deal</a></p>`,
	}, editor)
	if st != 200 || body["message"] != domain.Blogs.Messages.Updated {
		t.Fatalf("editor's save: %d %v", st, body)
	}
	notice := fmt.Sprint(body["notice"])
	if !strings.Contains(notice, "scheduled by "+testUser) || !strings.Contains(notice, "on hold") ||
		!strings.Contains(notice, testUser+" has been told") {
		t.Fatalf("the editor is not told: %q", notice)
	}
	if held, _ := body["heldSchedules"].([]any); len(held) != 1 {
		t.Fatalf("heldSchedules: %v", body["heldSchedules"])
	}

	list := e.list("/api/schedules")
	if len(list) != 1 || list[0]["status"] != "held" || list[0]["hold"] != "edited" || list[0]["heldBy"] != testEditor ||
		!strings.Contains(fmt.Sprint(list[0]["error"]), testEditor+" changed the draft") {
		t.Fatalf("the dashboard's list: %v", list)
	}
	if m := e.scheduleMail("Scheduled publish on hold: Draft Post"); !strings.Contains(m, testEditor+" changed the draft") ||
		!strings.Contains(m, "/admin/dashboard#schedules") {
		t.Fatalf("mail:\n%s", m)
	}
	if !e.auditHas(domain.AuditHold, testEditor, "draft-post", "put on hold: edited after it was scheduled") {
		t.Fatal("the hold is not in the audit log")
	}

	builds := e.site.count()
	e.advance(2 * time.Hour)
	e.advance(time.Minute) // the scheduler has looked at its schedules after the time
	if code, _ := e.json("GET", "/api/blogs/draft-post", nil, false); code != 404 || e.site.count() != builds {
		t.Fatalf("the editor's text went live: %d, builds %d → %d", code, builds, e.site.count())
	}

	// The admin reviews the draft and schedules it again: now it goes, as the admin's.
	st, body = e.json("PUT", fmt.Sprintf("/api/schedules/%d", id), map[string]string{"at": e.clock.Now().Format(time.RFC3339)}, true)
	if st != 200 || body["schedule"].(map[string]any)["username"] != testUser {
		t.Fatalf("reschedule: %d %v", st, body)
	}
	if ev := e.nextEvent(); ev.Outcome != publish.OutcomeDone {
		t.Fatalf("run: %+v", ev)
	}
	if code, pub := e.json("GET", "/api/blogs/draft-post", nil, false); code != 200 || pub["title"] != "Draft Post: 90% off today" {
		t.Fatalf("after the admin's review: %d %v", code, pub)
	}
	if !e.auditHas(domain.AuditPublish, "(system)", "draft-post", "scheduled by "+testUser) {
		t.Fatal("the scheduled publish is not audited")
	}
}

// Trashing a scheduled draft and restoring it is no way to cancel an admin's schedule: the
// deletion holds it (told to the editor, mailed to the admin, audited) and the restore of the
// unchanged draft before its time brings it back (told and audited); it then runs at its time.
func TestTrashAndRestoreOfAScheduledDraftIsToldAndAudited(t *testing.T) {
	e := newEnv(t)
	editor := map[string]string{"Authorization": "Bearer " + e.editorToken()}
	at := e.clock.Now().Add(time.Hour).Truncate(time.Second)
	e.scheduleDraft(at)

	st, body := e.jsonAs("DELETE", "/api/preview-blogs/draft-post", nil, editor)
	if st != 200 || !strings.Contains(fmt.Sprint(body["notice"]), "on hold while it is in the trash") {
		t.Fatalf("editor's delete: %d %v", st, body)
	}
	trash := body["trash"].(map[string]any)
	if sc, _ := trash["schedules"].([]any); len(sc) != 1 || sc[0].(map[string]any)["status"] != "held" {
		t.Fatalf("trash answer: %v", trash)
	}
	if list := e.list("/api/schedules"); len(list) != 1 || list[0]["hold"] != "deleted" {
		t.Fatalf("the dashboard's list: %v", list)
	}
	if m := e.scheduleMail("Scheduled publish on hold: Draft Post"); !strings.Contains(m, testEditor+" moved the draft to the trash") {
		t.Fatalf("mail:\n%s", m)
	}
	if !e.auditHas(domain.AuditHold, testEditor, "draft-post", "moved to the trash") {
		t.Fatal("the hold by the deletion is not audited")
	}

	st, body = e.jsonAs("POST", fmt.Sprintf("/api/trash/%d/restore", int(trash["id"].(float64))), nil, editor)
	if st != 200 || !strings.Contains(fmt.Sprint(body["notice"]), "Its schedule is back") {
		t.Fatalf("editor's restore: %d %v", st, body)
	}
	if !e.auditHas(domain.AuditSchedule, testEditor, "draft-post", "back with the draft from the trash") {
		t.Fatal("the schedule's return is not audited")
	}
	if list := e.list("/api/schedules"); len(list) != 1 || list[0]["status"] != "scheduled" || list[0]["username"] != testUser {
		t.Fatalf("after the restore: %v", list)
	}
	e.advance(time.Hour)
	if ev := e.nextEvent(); ev.Outcome != publish.OutcomeDone {
		t.Fatalf("run: %+v", ev)
	}
	if code, _ := e.json("GET", "/api/blogs/draft-post", nil, false); code != 200 {
		t.Fatalf("not published at its time: %d", code)
	}
}

// The admin who scheduled a draft may still edit it: the schedule publishes their new text.
func TestTheSchedulingAdminsOwnEditKeepsTheSchedule(t *testing.T) {
	e := newEnv(t)
	e.scheduleDraft(e.clock.Now().Add(time.Hour))
	st, body := e.json("PUT", "/api/preview-blogs/draft-post", map[string]string{"content": "<p>Polished body</p>"}, true)
	if st != 200 || body["notice"] != nil {
		t.Fatalf("admin's save: %d %v", st, body)
	}
	e.advance(time.Hour)
	if ev := e.nextEvent(); ev.Outcome != publish.OutcomeDone {
		t.Fatalf("run: %+v", ev)
	}
	if code, pub := e.json("GET", "/api/blogs/draft-post", nil, false); code != 200 || pub["content"] != "<p>Polished body</p>" {
		t.Fatalf("published: %d %v", code, pub)
	}
}
