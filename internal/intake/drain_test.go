package intake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/s3test"
	"digitalreeviver/internal/store"
)

// drainEnv is a drain over a real intake bucket (Versity's gateway), a real bbolt file and the
// real acceptance of enquiries.
type drainEnv struct {
	s3   *s3test.Server
	cfg  Config
	db   *store.DB
	acc  *enquiry.Service
	svc  *Service
	seed int64
}

func newDrain(t *testing.T, tweak func(*Options)) *drainEnv {
	t.Helper()
	s, cfg := testBucket(t)
	db, err := store.Open(filepath.Join(t.TempDir(), "site.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	acc, err := enquiry.New(enquiry.Config{DB: db, NotifyEmail: "team@example.com", DefaultCountry: "IN"})
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Config: cfg, DB: db, Accept: acc, Every: time.Hour, PerMinute: 1000}
	if tweak != nil {
		tweak(&o)
	}
	svc, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return &drainEnv{s3: s, cfg: cfg, db: db, acc: acc, svc: svc}
}

// put uploads one object as a page would, through the signed policy.
func (e *drainEnv) put(t *testing.T, key string, body []byte) {
	t.Helper()
	if code, msg := upload(t, e.cfg.Sign(time.Now()), key, body, nil); code/100 != 2 {
		t.Fatalf("upload %s: %d %s", key, code, msg)
	}
	time.Sleep(0) // objects are ordered by their upload time; the gateway keeps it to the ms
}

// enquiryObject is a page's enquiry (an id, the fields, shown a minute before).
func enquiryObject(id, name, message string) []byte {
	data, _ := json.Marshal(map[string]any{"id": id, "source": "popup", "name": name, "email": "", "country": "in",
		"phone": "98110 45699", "message": message, "website": "", "startedAt": time.Now().Add(-time.Minute).UnixMilli()})
	return data
}

// drain runs passes until one finds the bucket empty (or n passes), answering their sum.
func (e *drainEnv) drain(t *testing.T, n int) Pass {
	t.Helper()
	var sum Pass
	for i := 0; i < n; i++ {
		p := e.svc.pass(t.Context())
		if p.Err != nil {
			t.Fatalf("pass: %v", p.Err)
		}
		if p.Listed == 0 {
			break
		}
		sum.Listed += p.Listed
		sum.add(p)
	}
	return sum
}

func TestDrainStoresOnceThenDeletes(t *testing.T) {
	e := newDrain(t, nil)
	ids := []string{domain.NewEnquiryID(), domain.NewEnquiryID(), domain.NewEnquiryID()}
	for i, id := range ids {
		e.put(t, e.cfg.Prefix()+id+".json", enquiryObject(id, fmt.Sprint("Visitor ", i), "Please call me about SEO."))
	}
	// The first also reached the endpoint before it failed (the answer was lost).
	f := map[string]string{}
	_ = json.Unmarshal(enquiryObject(ids[0], "Visitor 0", "Please call me about SEO."), &map[string]any{})
	for k, v := range map[string]string{"id": ids[0], "name": "Visitor 0", "phone": "98110 45699", "country": "in", "message": "Please call me about SEO."} {
		f[k] = v
	}
	if _, err := e.acc.Accept(t.Context(), enquiry.Submission{Fields: f}); err != nil {
		t.Fatal(err)
	}
	// The third was erased on request meanwhile (it came by the endpoint, then went).
	third := map[string]string{"id": ids[2], "name": "Visitor 2", "phone": "98110 45699", "message": "x"}
	if _, err := e.acc.Accept(t.Context(), enquiry.Submission{Fields: third}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.EraseMessage(ids[2]); err != nil {
		t.Fatal(err)
	}
	got := e.drain(t, 3)
	if got.Stored != 1 || got.Known != 1 || got.Erased != 1 {
		t.Fatalf("drained %+v: want 1 stored, 1 known, 1 erased", got)
	}
	list, _ := e.db.Messages()
	if len(list) != 2 {
		t.Fatalf("%d enquiries stored, want 2", len(list))
	}
	m, err := e.db.Message(ids[1])
	if err != nil || m.Via != domain.ViaIntake || m.PhoneE164 != "+919811045699" || m.Source != "popup" {
		t.Fatalf("the intake's enquiry: %+v %v", m, err)
	}
	if _, err := e.db.Message(ids[2]); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("the erased enquiry came back: %v", err)
	}
	jobs, _, _ := e.db.MailJobs(0, 10)
	if len(jobs) != 2 {
		t.Fatalf("%d notifications, want one each", len(jobs))
	}
	if objs := e.s3.Objects(t, e.cfg.Bucket, ""); len(objs) != 0 {
		t.Fatalf("left in the bucket: %v", keys(objs))
	}
	audit, _, _ := e.db.AuditPage(domain.AuditFilter{Action: AuditIntake}, 0, 10)
	if len(audit) != 1 || audit[0].Target != ids[1] {
		t.Fatalf("audit: %+v", audit)
	}
	if st := e.svc.Status(); st.Arrived != 1 || st.LastArrival.IsZero() || st.Problems == nil {
		t.Fatalf("status: %+v (problems must be a list, even empty, for the dashboard)", st)
	}
}

func keys(m map[string]s3test.Object) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestHostileObjects: what the policy lets through but is no enquiry is quarantined; spam goes
// to the spam folder; a flood of identical copies is held, one for review; nothing is mailed for
// any of it; the quarantine keeps why.
func TestHostileObjects(t *testing.T) {
	e := newDrain(t, nil)
	p := e.cfg.Prefix()
	good := domain.NewEnquiryID()
	e.put(t, p+good+".json", enquiryObject(good, "Real Person", "We need a website."))
	broken, mismatch, noName, spam := domain.NewEnquiryID(), domain.NewEnquiryID(), domain.NewEnquiryID(), domain.NewEnquiryID()
	e.put(t, p+broken+".json", []byte(`{"id": "`+broken+`", "name": `))
	e.put(t, p+mismatch+".json", enquiryObject(domain.NewEnquiryID(), "X", "y"))
	e.put(t, p+noName+".json", enquiryObject(noName, "", "no name"))
	e.put(t, p+"junk.txt", []byte("<html>"))
	e.put(t, p+"../escape.json", []byte("{}"))
	e.put(t, p+spam+".json", enquiryObject(spam, "Best Offer", "cheap backlinks package http://a.example http://b.example http://c.example"))
	e.put(t, p+domain.NewEnquiryID()+".json", []byte(`{"id": ["not", "text"]}`))
	for i := 0; i < 8; i++ {
		id := domain.NewEnquiryID()
		e.put(t, p+id+".json", enquiryObject(id, "Bot", "Identical text from a script."))
	}
	got := e.drain(t, 3)
	if got.Stored != 1 || got.Spam != 1 || got.Held != 1 {
		t.Fatalf("drained %+v: want 1 stored, 1 spam, 1 held", got)
	}
	jobs, _, _ := e.db.MailJobs(0, 100)
	if len(jobs) != 1 {
		t.Fatalf("%d mails queued, want the one real enquiry's", len(jobs))
	}
	spamList, _, _ := e.db.SearchMessages(domain.MessageQuery{Status: domain.StatusSpam}, 0, 100)
	held := 0
	for _, m := range spamList {
		if strings.HasPrefix(m.Spam, "held for review: 8 identical") {
			held++
		}
	}
	if len(spamList) != 2 || held != 1 {
		t.Fatalf("spam folder %+v: want the spam and one held copy of the flood", spamList)
	}
	if left := e.s3.Objects(t, e.cfg.Bucket, p); len(left) != 0 {
		t.Fatalf("left in the intake: %v", keys(left))
	}
	q := e.s3.Objects(t, e.cfg.Bucket, e.cfg.QuarantinePrefix())
	if len(q) != 12 {
		t.Fatalf("%d quarantined, want the 5 bad objects and 7 flood copies: %v", len(q), keys(q))
	}
	// Versity's gateway checks the policy's key prefix before it cleans the path, so
	// "intake/../escape.json" lands at the bucket's root (AWS keeps keys as written). The drain
	// never reads outside its prefix: the object stays out of the inbox (docs/SECURITY.md).
	if _, ok := e.s3.Objects(t, e.cfg.Bucket, "")["escape.json"]; !ok {
		t.Log("the gateway kept intake/../escape.json in the intake prefix (or refused it)")
	}
	if why := q[e.cfg.QuarantinePrefix()+broken+".json"].Info.UserMetadata["Reason"]; why != "not an enquiry's JSON" {
		t.Fatalf("quarantine reason %q", why)
	}
	// An admin erases the held copy: its quarantined twins are not it; its own copies go.
	if n, err := e.svc.Erase(t.Context(), broken); err != nil || n != 1 {
		t.Fatalf("erase the copies of %s: %d %v", broken, n, err)
	}
}

// TestDrainIsCappedPerMinute: a full bucket is drained at most PerMinute a minute.
func TestDrainIsCappedPerMinute(t *testing.T) {
	e := newDrain(t, func(o *Options) { o.PerMinute = 3 })
	for i := 0; i < 7; i++ {
		id := domain.NewEnquiryID()
		e.put(t, e.cfg.Prefix()+id+".json", enquiryObject(id, fmt.Sprint("Visitor ", i), "Hello"))
	}
	p := e.svc.pass(t.Context())
	if p.Err != nil || p.Listed != 7 || p.Stored != 3 {
		t.Fatalf("first pass %+v: want 3 of 7", p)
	}
	if p = e.svc.pass(t.Context()); p.Stored != 0 {
		t.Fatalf("second pass within the minute stored %d", p.Stored)
	}
	if n, _ := e.db.CountMessages(); n != 3 {
		t.Fatalf("%d stored", n)
	}
}

// TestOffStopsDrainAndPolicy: the admin's switch: no policy, no drain.
func TestOffStopsDrainAndPolicy(t *testing.T) {
	var rebuilt []string
	e := newDrain(t, func(o *Options) { o.Rebuild = func(r string) { rebuilt = append(rebuilt, r) } })
	id := domain.NewEnquiryID()
	e.put(t, e.cfg.Prefix()+id+".json", enquiryObject(id, "Asha", "Hello"))
	if err := e.svc.SetEnabled(false, "admin"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(e.svc.PolicyFile(), []byte("{\"enabled\":false}\n")) || len(rebuilt) != 1 {
		t.Fatalf("policy when off: %s (rebuilds %v)", e.svc.PolicyFile(), rebuilt)
	}
	if p := e.svc.pass(t.Context()); p.Listed != 0 {
		t.Fatalf("drained while off: %+v", p)
	}
	if err := e.svc.SetEnabled(true, "admin"); err != nil {
		t.Fatal(err)
	}
	var pol Policy
	if err := json.Unmarshal(e.svc.PolicyFile(), &pol); err != nil || !pol.Enabled {
		t.Fatalf("policy when on: %+v %v", pol, err)
	}
	if p := e.svc.pass(t.Context()); p.Stored != 1 {
		t.Fatalf("after switching on: %+v", p)
	}
}

// TestUnreachableBucketIsAProblem: a drain that cannot reach the bucket says so, and the admins
// are mailed once.
func TestUnreachableBucketIsAProblem(t *testing.T) {
	now := time.Now()
	e := newDrain(t, func(o *Options) { o.Now = func() time.Time { return now } })
	if err := e.db.CreateAdmin(domain.Admin{Username: "admin", Email: "owner@example.com", Role: domain.RoleAdmin}); err != nil {
		t.Fatal(err)
	}
	e.svc.cfg.Bucket = "no-such-bucket"
	for i := 0; i < 3; i++ {
		p := e.svc.pass(t.Context())
		if p.Err == nil {
			t.Fatal("a pass over a missing bucket worked")
		}
		e.svc.afterPass(t.Context(), p)
		now = now.Add(time.Minute)
	}
	st := e.svc.Status()
	if len(st.Problems) == 0 || st.Problems[0].Code != "unreachable" {
		t.Fatalf("problems %+v", st.Problems)
	}
	jobs, _, _ := e.db.MailJobs(0, 10)
	if len(jobs) != 1 || jobs[0].Kind != MailKind || jobs[0].To != "owner@example.com" {
		t.Fatalf("alerts %+v: want one mail to the admin", jobs)
	}
	msg, _ := e.svc.ComposeAlert(t.Context(), jobs[0])
	if !strings.Contains(msg.Text, "cannot reach the intake bucket") {
		t.Fatalf("alert: %s", msg.Text)
	}
}

// TestSetupCORS: the setup command's CORS answers the site's origin and no other.
func TestSetupCORS(t *testing.T) {
	e := newDrain(t, nil)
	var out bytes.Buffer
	owner := Key{e.s3.AccessKey, e.s3.SecretKey}
	if err := Setup(t.Context(), e.cfg, SetupOptions{Origins: []string{"https://www.example.in"}, Out: &out, Owner: owner}); err != nil {
		t.Fatalf("setup: %v\n%s", err, out.String())
	}
	for origin, want := range map[string]bool{"https://www.example.in": true, "https://evil.example": false} {
		req, _ := http.NewRequest("OPTIONS", e.cfg.UploadURL(), nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.Header.Get("Access-Control-Allow-Origin") == origin; got != want {
			t.Errorf("preflight from %s: %d, allow-origin %q", origin, res.StatusCode, res.Header.Get("Access-Control-Allow-Origin"))
		}
	}
}

// TestThousandsOfCopiesAreHeldNotMailed: 1,200 identical enquiries (more than one pass reads)
// flood the intake: each pass holds one for review and quarantines the rest; nobody is notified
// of any, the inbox gets nothing new, and the admins get one alert.
func TestThousandsOfCopiesAreHeldNotMailed(t *testing.T) {
	e := newDrain(t, func(o *Options) { o.PerMinute = 100000 })
	if err := e.db.CreateAdmin(domain.Admin{Username: "admin", Email: "owner@example.com", Role: domain.RoleAdmin}); err != nil {
		t.Fatal(err)
	}
	p := e.cfg.Sign(time.Now())
	const n = 1200
	errs := make(chan error, n)
	sem := make(chan struct{}, 16)
	for i := 0; i < n; i++ {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			id := domain.NewEnquiryID()
			code, msg, err := Upload(t.Context(), p, e.cfg.Prefix()+id+".json", enquiryObject(id, "Bot", "Buy now, same text every time."), nil)
			if err == nil && code/100 != 2 {
				err = fmt.Errorf("%d %s", code, msg)
			}
			errs <- err
		}()
	}
	for i := 0; i < n; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	var sum Pass
	for {
		p := e.svc.pass(t.Context())
		if p.Err != nil {
			t.Fatal(p.Err)
		}
		e.svc.afterPass(t.Context(), p)
		if p.Listed == 0 {
			break
		}
		if p.Listed > listPage {
			t.Fatalf("a pass read %d keys, more than %d", p.Listed, listPage)
		}
		sum.add(p)
	}
	if sum.Stored != 0 || sum.Held < 1 || sum.Held > 2 || sum.Held+sum.Quarantined != n {
		t.Fatalf("drained %+v: want every copy held (one a pass) or quarantined", sum)
	}
	inbox, _, _ := e.db.SearchMessages(domain.MessageQuery{}, 0, 10)
	if len(inbox) != 0 {
		t.Fatalf("the flood reached the inbox: %d", len(inbox))
	}
	jobs, _, _ := e.db.MailJobs(0, 100)
	if len(jobs) != 1 || jobs[0].Kind != MailKind {
		t.Fatalf("mail queued %+v: want one alert and no notification", jobs)
	}
}
