package mailkinds

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// TestNotification: the notification of an enquiry is named by its id (a resent one is
// recognisable), gives its time in the site's zone, the phone in its international form beside
// what was typed, says when it came through the intake, and has no Reply-To without an e-mail.
func TestNotification(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "site.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := domain.Message{ID: domain.NewEnquiryID(), Name: "Asha", Phone: "98110 45699", Country: "IN", PhoneE164: "+919811045699",
		Message: "Hello", Source: "popup", Via: domain.ViaIntake, CreatedAt: time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)}
	if _, _, err := db.AddEnquiry(store.NewEnquiry{Message: m, Mail: &store.MailJob{To: "team@example.com"}}); err != nil {
		t.Fatal(err)
	}
	jobs, _, err := db.MailJobs(0, 10)
	if err != nil || len(jobs) != 1 {
		t.Fatalf("jobs %v %v", jobs, err)
	}
	zone, _ := domain.LoadSiteZone("Asia/Kolkata")
	msg, err := Kinds(Config{DB: db, Zone: zone})[Enquiry].Compose(t.Context(), jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	if msg.ID != "enquiry-"+m.ID || msg.ReplyTo != "" {
		t.Fatalf("Message-ID %q, Reply-To %q", msg.ID, msg.ReplyTo)
	}
	for _, want := range []string{"Mon, 23 Nov 2026 15:00 +05:30 (Asia/Kolkata)", "+91 98110 45699 (typed: 98110 45699)",
		"through the intake while the form server was down", "E-mail:  (none given)", "Reference: " + m.ID} {
		if !strings.Contains(msg.Text, want) {
			t.Errorf("the notification lacks %q:\n%s", want, msg.Text)
		}
	}
}
