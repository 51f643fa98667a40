package hardening

import (
	"context"
	"digitalreeviver/internal/poll"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/intake/intaketest"
	"digitalreeviver/internal/s3test"
)

// intakeBucket is an intake bucket on Versity's gateway with the two least-privilege keys, and
// the server environment that names it.
func intakeBucket(t *testing.T) (intake.Config, []string) {
	t.Helper()
	cfg := intaketest.Bucket(t, s3test.StartIAM(t))
	return cfg, intaketest.Env(cfg)
}

// queue uploads n enquiries named marker NNN as pages do while the endpoint is down.
func queue(t *testing.T, cfg intake.Config, n int, marker string) {
	t.Helper()
	p := cfg.Sign(time.Now())
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			id := domain.NewEnquiryID()
			body, _ := json.Marshal(map[string]any{"id": id, "name": fmt.Sprintf("%s %03d", marker, i), "phone": "98110 45699",
				"country": "in", "message": "Sent while the form server was down.", "startedAt": time.Now().Add(-time.Minute).UnixMilli()})
			if code, msg, err := intake.Upload(context.Background(), p, p.Prefix+id+".json", body, nil); err != nil || code/100 != 2 {
				t.Errorf("upload: %d %s %v", code, msg, err)
			}
		}()
	}
	wg.Wait()
}

var messageID = regexp.MustCompile(`(?mi)^Message-ID:\s*<([^>]+)>`)

// TestIntakeDrainSurvivesKill9: the server is killed with SIGKILL while it drains the intake
// bucket; after a restart every enquiry is in the inbox once, and every notification reached the
// mail server. A mail sent again after the crash (sent, not yet recorded) has the same
// Message-ID, made of the enquiry's id: recognisable, not a second enquiry.
func TestIntakeDrainSurvivesKill9(t *testing.T) {
	cfg, env := intakeBucket(t)
	peer := startSMTP(t)
	const n = 300
	marker := "Killed" + fmt.Sprint(time.Now().UnixNano()%100000)
	queue(t, cfg, n, marker)
	env = append(env, "SMTP_URL="+peer.url())
	dir := t.TempDir()
	addAdmin(t, dir)
	srv := startServer(t, dir, opts{env: env, manyEnquiries: true})
	c := srv.client().login(t)
	seen := 0
	poll.Until(t, "the drain to store some", func() bool { seen = len(c.enquiries(t)); return seen > 0 }, poll.Within(60*time.Second))
	srv.kill()
	if seen >= n {
		t.Fatalf("the drain had finished (%d) before the kill: the test proves nothing", seen)
	}
	t.Logf("killed after %d of %d were stored", seen, n)
	srv = startServer(t, dir, opts{env: env, manyEnquiries: true})
	c = srv.client().login(t)
	var list []map[string]any
	deadline := time.Now().Add(3 * time.Minute)
	for list = c.enquiries(t); len(list) < n; list = c.enquiries(t) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d enquiries after the restart:\n%s", len(list), n, srv.logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	names := map[string]int{}
	for _, m := range list {
		names[m["name"].(string)]++
		if m["via"] != "intake" {
			t.Errorf("%s: via %v", m["name"], m["via"])
		}
	}
	if len(list) != n || len(names) != n {
		t.Fatalf("%d records of %d names after the kill, want %d of each", len(list), len(names), n)
	}
	ids := map[string]bool{}
	peer.waitUntil(60*time.Second, "a notification of every enquiry", func() bool {
		ids = map[string]bool{}
		for _, m := range peer.to(notifyEmail) {
			if id := messageID.FindStringSubmatch(m.data); id != nil && strings.Contains(m.data, marker) {
				ids[id[1]] = true
			}
		}
		return len(ids) >= n
	})
	for _, m := range list {
		if !ids["enquiry-"+m["_id"].(string)+"@digitalreeviver.com"] {
			t.Errorf("no notification named by %s", m["_id"])
		}
	}
	t.Logf("%d notifications for %d enquiries after the kill (a repeat has the same Message-ID)", len(peer.received(notifyEmail)), n)
}
