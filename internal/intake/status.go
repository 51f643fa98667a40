package intake

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/store"
)

// The intake's settings in the store.
const (
	settingOff     = "intake_off"     // present: switched off by an admin (who, when)
	settingStats   = "intake_stats"   // stats
	settingAlerted = "intake_alerted" // the problems the admins were mailed about
)

// MailKind is the kind of the intake's alert mail (one queue of the mail spool).
const MailKind = "intake"

// AuditIntake is the audit action of an enquiry that arrived through the intake, and of the
// switch.
const AuditIntake = "intake"

// stats are the intake's counts that outlive a restart.
type stats struct {
	Arrived     int       `json:"arrived"`
	LastArrival time.Time `json:"lastArrival,omitzero"`
	Held        int       `json:"held"`
	LastFlood   time.Time `json:"lastFlood,omitzero"`
	FloodSize   int       `json:"floodSize,omitempty"`
}

// Status is the intake as the dashboard shows it (GET /api/intake).
type Status struct {
	Configured    bool      `json:"configured"`
	Enabled       bool      `json:"enabled"`
	Bucket        string    `json:"bucket,omitempty"`
	Arrived       int       `json:"arrived"` // enquiries that came in through the intake, ever
	LastArrival   time.Time `json:"lastArrival,omitzero"`
	Held          int       `json:"held"` // floods held for review
	Waiting       int       `json:"waiting"`
	Quarantined   int       `json:"quarantined"`
	LastDrain     time.Time `json:"lastDrain,omitzero"` // the last look into the bucket that worked
	LastError     string    `json:"lastError,omitempty"`
	FailingSince  time.Time `json:"failingSince,omitzero"`
	PolicyExpires time.Time `json:"policyExpires,omitzero"` // of the live site's intake.json
	Problems      []Problem `json:"problems"`
}

// Problem is something an admin must do something about.
type Problem struct {
	Code string `json:"code"` // unreachable, policy, quarantine, flood
	Text string `json:"text"`
	Fix  string `json:"fix"`
}

// How bad it must be to be a problem.
const (
	unreachableAfter  = time.Minute
	policyWarnBefore  = 48 * time.Hour
	policyBuildGrace  = 10 * time.Minute
	quarantineWarnAt  = 20
	quarantineCountAt = time.Minute // how often the quarantine is counted (and swept)
)

// Enabled reports whether the intake is on (the admin's switch).
func (s *Service) Enabled() bool { return !SwitchedOff(s.opts.DB) }

// Switch records the admin's switch in db: on, or off by whom and when. Service.SetEnabled
// also rebuilds the site and wakes the drain.
func Switch(db *store.DB, on bool, by string, now time.Time) error {
	if on {
		return db.PutSetting(settingOff, nil)
	}
	return db.PutSetting(settingOff, []byte(by+" "+now.UTC().Format(time.RFC3339)))
}

// SwitchedOff reports whether an admin switched the intake off, as db records it (a setting
// that cannot be read counts as off). A build outside the admin server on the same database
// (sitegen build --db) asks it too, so its intake.json says what the server's builds say.
func SwitchedOff(db *store.DB) bool {
	v, err := db.Setting(settingOff)
	return err != nil || len(v) > 0
}

// SetEnabled switches the intake on or off and rebuilds the site, whose intake.json then says
// so: off, the policy is no longer signed or published, pages skip the intake and offer the
// phone, WhatsApp and e-mail at once, and the drain stops.
func (s *Service) SetEnabled(on bool, by string) error {
	if err := Switch(s.opts.DB, on, by, s.opts.Now()); err != nil {
		return err
	}
	s.opts.Rebuild(map[bool]string{true: "the intake was switched on", false: "the intake was switched off"}[on])
	s.Wake()
	return nil
}

// PolicyFile is the site's intake.json for a build now: the policy of the current period, or
// {"enabled":false} while the intake is off.
func (s *Service) PolicyFile() []byte {
	if !s.Enabled() {
		return Policy{}.File()
	}
	p := s.cfg.Sign(s.opts.Now())
	s.mu.Lock()
	s.state.signedPeriod = p.Expires.Add(-PolicyLife)
	s.mu.Unlock()
	return p.File()
}

// resignIfDue asks for a build at start and when a new signing period began since the last
// policy handed to a build (the build calls PolicyFile).
func (s *Service) resignIfDue() {
	if !s.Enabled() {
		return
	}
	now := s.cfg.Sign(s.opts.Now()).Expires.Add(-PolicyLife)
	s.mu.Lock()
	// At start too: a build whose policy is what the live site has stops early and costs nothing.
	due := s.state.signedPeriod.IsZero() || now.After(s.state.signedPeriod)
	if due {
		s.state.signedPeriod = now // asked once; the build signs
	}
	s.mu.Unlock()
	if due {
		s.opts.Rebuild("the intake's upload policy is re-signed")
	}
}

func (s *Service) stats() stats {
	var st stats
	if v, err := s.opts.DB.Setting(settingStats); err == nil && len(v) > 0 {
		_ = json.Unmarshal(v, &st)
	}
	return st
}

func (s *Service) count(change func(*stats)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats()
	change(&st)
	data, _ := json.Marshal(st)
	if err := s.opts.DB.PutSetting(settingStats, data); err != nil {
		s.log.Error("intake counts not saved", "err", err)
	}
}

// counted adds a pass's arrivals and holds to the counts (its enquiries' audit entries were
// written with them).
func (s *Service) counted(p Pass) {
	if p.Stored == 0 && p.Held == 0 {
		return
	}
	s.count(func(st *stats) {
		st.Arrived += p.Stored
		st.Held += p.Held
		if p.last.After(st.LastArrival) {
			st.LastArrival = p.last
		}
	})
}

// floodAlert records a flood held for review; the alert mail follows from afterPass.
func (s *Service) floodAlert(n int) {
	s.count(func(st *stats) { st.LastFlood, st.FloodSize = s.opts.Now().UTC(), n })
	s.log.Warn("a flood of identical enquiries in the intake is held for review", "copies", n)
}

// afterPass keeps the drain's state, counts (and sweeps) the quarantine now and then, and mails
// the admins once about each new problem.
func (s *Service) afterPass(ctx context.Context, p Pass) {
	now := s.opts.Now()
	s.mu.Lock()
	prevErr, reachedBefore := s.state.lastErr, !s.state.lastPass.IsZero()
	if p.Err != nil {
		s.state.lastErr = p.Err.Error()
		if s.state.failingSince.IsZero() {
			s.state.failingSince = now
		}
	} else if s.Enabled() {
		s.state.lastPass, s.state.lastErr, s.state.failingSince = now, "", time.Time{}
		s.state.waiting = max(p.Listed-p.Stored-p.Known-p.Erased-p.Spam-p.Held-p.Quarantined, 0)
	}
	countDue := p.Err == nil && now.Sub(s.state.quarantineAt) >= quarantineCountAt
	watch := s.passes
	s.mu.Unlock()
	switch {
	case p.Err != nil && p.Err.Error() != prevErr:
		// Said once, and again only when it changes: the drain retries every few seconds.
		s.logFailure(p.Err)
	case p.Err == nil && s.Enabled() && (prevErr != "" || !reachedBefore):
		s.log.Info("enquiries reach the intake bucket while this server is down", "bucket", s.cfg.Bucket, "upload", s.cfg.UploadURL())
	}
	if p.Err == nil && p.Stored+p.Quarantined+p.Held+p.Known > 0 {
		s.log.Info("intake drained", "stored", p.Stored, "known", p.Known, "spam", p.Spam, "held", p.Held, "quarantined", p.Quarantined)
	}
	if countDue {
		s.countQuarantine(ctx)
	}
	s.alert()
	if watch != nil {
		select {
		case watch <- p:
		default:
		}
	}
}

// logFailure says why the drain could not reach the bucket. A bucket that does not exist (a
// mistyped INTAKE_TARGET, or one not made yet) is an error in plain words: the pages' uploads
// fail too, so the fallback is off until it exists.
func (s *Service) logFailure(err error) {
	var res minio.ErrorResponse
	if errors.As(err, &res) && res.Code == "NoSuchBucket" {
		s.log.Error("the intake bucket does not exist: enquiries sent while this server is down cannot be kept "+
			"until it is created (sitegen deploy --setup-intake) or INTAKE_TARGET names the right one; the drain keeps "+
			"checking and says so when it reaches it", "bucket", s.cfg.Bucket)
		return
	}
	s.log.Warn("intake drain could not reach the bucket; it keeps trying and says so when it does", "bucket", s.cfg.Bucket, "err", err)
}

// countQuarantine counts the quarantined objects (up to listPage), deleting those older than
// QuarantineKeep where the store's lifecycle rule did not.
func (s *Service) countQuarantine(ctx context.Context) {
	cl, err := s.cfg.client(s.cfg.Drain)
	if err != nil {
		return
	}
	n, cutoff := 0, s.opts.Now().Add(-s.opts.QuarantineKeep)
	for info := range cl.ListObjects(ctx, s.cfg.Bucket, minio.ListObjectsOptions{Prefix: s.cfg.QuarantinePrefix(), Recursive: true}) {
		if info.Err != nil {
			return
		}
		if info.LastModified.Before(cutoff) {
			_ = cl.RemoveObject(ctx, s.cfg.Bucket, info.Key, minio.RemoveObjectOptions{})
			continue
		}
		if n++; n >= listPage {
			break
		}
	}
	s.mu.Lock()
	s.state.quarantined, s.state.quarantineAt = n, s.opts.Now()
	s.mu.Unlock()
}

// Status is the intake's state and its problems.
func (s *Service) Status() Status {
	st := s.stats()
	s.mu.Lock()
	d := s.state
	s.mu.Unlock()
	out := Status{Configured: true, Enabled: s.Enabled(), Bucket: s.cfg.Bucket, Arrived: st.Arrived, LastArrival: st.LastArrival,
		Held: st.Held, Waiting: d.waiting, Quarantined: d.quarantined, LastDrain: d.lastPass, LastError: d.lastErr,
		FailingSince: d.failingSince, PolicyExpires: s.livePolicyExpiry(), Problems: []Problem{}}
	if p := s.problems(out, st); p != nil {
		out.Problems = p
	}
	return out
}

// livePolicyExpiry reads the live site's intake.json.
func (s *Service) livePolicyExpiry() time.Time {
	data, err := os.ReadFile(filepath.Join(s.opts.LiveDir, "intake.json"))
	if err != nil {
		return time.Time{}
	}
	var p Policy
	if json.Unmarshal(data, &p) != nil || !p.Enabled {
		return time.Time{}
	}
	return p.Expires
}

func (s *Service) problems(st Status, counts stats) []Problem {
	now := s.opts.Now()
	var out []Problem
	if !st.FailingSince.IsZero() && now.Sub(st.FailingSince) >= unreachableAfter {
		out = append(out, Problem{Code: "unreachable",
			Text: fmt.Sprintf("The drain cannot reach the intake bucket %s since %s: %s.", st.Bucket, s.opts.Zone.Readable(st.FailingSince), st.LastError),
			Fix:  "Enquiries wait in the bucket meanwhile. Check the INTAKE_DRAIN_* key, the bucket and the store's status; they are drained as soon as it answers."})
	}
	// A policy missing from the live site is a problem once the build a start asks for has had
	// its time (a first start has none yet).
	missing := st.PolicyExpires.IsZero() && now.Sub(s.started) > policyBuildGrace
	soon := !st.PolicyExpires.IsZero() && st.PolicyExpires.Sub(now) < policyWarnBefore
	if st.Enabled && s.opts.LiveDir != "" && (missing || soon) {
		when := "is missing from the live site"
		if !st.PolicyExpires.IsZero() {
			when = "expires " + s.opts.Zone.Readable(st.PolicyExpires)
		}
		out = append(out, Problem{Code: "policy",
			Text: "The upload policy the pages use when this server is down " + when + ".",
			Fix:  "Rebuild the site (Rebuild in the admin, or the CI deploy): every build signs it anew. If builds fail, the build log says why."})
	}
	if st.Quarantined >= quarantineWarnAt {
		out = append(out, Problem{Code: "quarantine",
			Text: fmt.Sprintf("%d objects in the intake's quarantine: uploads that were not valid enquiries.", st.Quarantined),
			Fix:  "Someone is writing junk into the intake. It expires by itself; if it keeps growing, switch the intake off here until it stops."})
	}
	if !counts.LastFlood.IsZero() && now.Sub(counts.LastFlood) < 24*time.Hour {
		out = append(out, Problem{Code: "flood",
			Text: fmt.Sprintf("%d identical enquiries arrived through the intake at %s; one is held in the spam folder for review, the copies were quarantined.", counts.FloodSize, s.opts.Zone.Readable(counts.LastFlood)),
			Fix:  "Look at the held enquiry in the spam folder: restore it if it is real."})
	}
	return out
}

// alert mails the admins once about each problem that appeared since the last alert; a problem
// that went away may alert again when it comes back.
func (s *Service) alert() {
	st := s.Status()
	var codes []string
	for _, p := range st.Problems {
		codes = append(codes, p.Code)
	}
	var alerted []string
	if v, err := s.opts.DB.Setting(settingAlerted); err == nil && len(v) > 0 {
		_ = json.Unmarshal(v, &alerted)
	}
	var fresh []string
	for _, c := range codes {
		if !slices.Contains(alerted, c) {
			fresh = append(fresh, c)
		}
	}
	if slices.Equal(alerted, codes) {
		return
	}
	data, _ := json.Marshal(codes)
	if err := s.opts.DB.PutSetting(settingAlerted, data); err != nil || len(fresh) == 0 {
		return
	}
	admins, err := s.opts.DB.Admins()
	if err != nil {
		return
	}
	for _, a := range admins {
		if domain.RoleOf(a.Role) != domain.RoleAdmin || a.Email == "" {
			continue
		}
		if _, err := s.opts.DB.EnqueueMail(store.MailJob{Kind: MailKind, To: a.Email, Ref: strings.Join(fresh, ",")}); err != nil {
			s.log.Error("intake alert not queued", "err", err)
		}
	}
}

// ComposeAlert makes the alert mail at sending time, from the status then (the mail spool's
// Compose of MailKind).
func (s *Service) ComposeAlert(_ context.Context, job store.MailJob) (mail.Message, error) {
	st := s.Status()
	var b strings.Builder
	b.WriteString("The website's enquiry intake needs your attention.\n\n")
	for _, p := range st.Problems {
		fmt.Fprintf(&b, "- %s\n  What to do: %s\n\n", p.Text, p.Fix)
	}
	if len(st.Problems) == 0 {
		b.WriteString("The problem (" + job.Ref + ") has gone away since; nothing to do.\n\n")
	}
	b.WriteString("The dashboard of the admin shows the intake's state.\n")
	return mail.Message{To: job.To, Subject: "Enquiry intake: " + strings.ReplaceAll(job.Ref, ",", ", "), Text: b.String()}, nil
}
