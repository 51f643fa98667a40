package intake

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/minio/minio-go/v7"
	"golang.org/x/time/rate"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/workers"
)

// Accepter is the one operation that accepts an enquiry (enquiry.Service).
type Accepter interface {
	Accept(ctx context.Context, sub enquiry.Submission) (enquiry.Result, error)
}

// Options wire a Service.
type Options struct {
	Config Config
	DB     *store.DB
	Accept Accepter
	// Every is how often the drain looks into the bucket (default 5 s); it also looks at start.
	Every time.Duration
	// PerMinute caps the enquiries drained a minute (default 120), so a flood into the bucket
	// cannot flood the inbox, the mail or the disk faster than an admin can react.
	PerMinute int
	// FloodCopies is how many objects with the same text make a flood (default 5): held for
	// review, with one summary mail and no webhooks.
	FloodCopies int
	// QuarantineKeep is how long refused objects stay under the quarantine prefix (default 14
	// days; the bucket's lifecycle rule, and the drain where the store has none).
	QuarantineKeep time.Duration
	// Rebuild asks for a build of the site, which publishes the policy (intake.json) anew: on
	// each new signing period and when the intake is switched on or off.
	Rebuild func(reason string)
	// LiveDir is the live site (dist), whose intake.json the status reads.
	LiveDir string
	// Zone is the site's time zone, for the alert mail.
	Zone domain.SiteZone
	Log  *slog.Logger
	Now  func() time.Time
}

// Service is the intake: the policy the site publishes, and the drain, a background service of
// the admin server (server.Service).
type Service struct {
	opts   Options
	cfg    Config
	log    *slog.Logger
	limit  *rate.Limiter
	wake   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}

	mu      sync.Mutex
	state   drainState
	passes  chan Pass // see Watch
	started time.Time
}

// drainState is what the drain learned, for the status.
type drainState struct {
	lastPass     time.Time // the last pass that reached the bucket
	lastErr      string
	failingSince time.Time
	waiting      int
	quarantined  int
	quarantineAt time.Time
	signedPeriod time.Time // the period of the policy last handed to a build
}

// Pass is what one pass of the drain did (for tests and the log).
type Pass struct {
	Listed, Stored, Known, Erased, Spam, Held, Quarantined int
	Err                                                    error
	last                                                   time.Time // the newest enquiry stored
}

// New prepares the intake; Start starts its drain. Options.Accept and Options.Rebuild may come
// later, by Wire, before Start: the site builder needs the policy before the acceptance of
// enquiries exists.
func New(o Options) (*Service, error) {
	if o.DB == nil {
		return nil, errors.New("intake: no database")
	}
	if err := o.Config.check(); err != nil {
		return nil, err
	}
	if o.Every <= 0 {
		o.Every = 5 * time.Second
	}
	if o.PerMinute <= 0 {
		o.PerMinute = 120
	}
	if o.FloodCopies <= 1 {
		o.FloodCopies = 5
	}
	if o.QuarantineKeep <= 0 {
		o.QuarantineKeep = 14 * 24 * time.Hour
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Rebuild == nil {
		o.Rebuild = func(string) {}
	}
	return &Service{opts: o, cfg: o.Config, log: o.Log, wake: make(chan struct{}, 1),
		limit: rate.NewLimiter(rate.Limit(float64(o.PerMinute)/60), o.PerMinute)}, nil
}

// Wire gives the drain the acceptance of enquiries and the way to ask for a build.
func (s *Service) Wire(accept Accepter, rebuild func(reason string)) {
	s.opts.Accept = accept
	if rebuild != nil {
		s.opts.Rebuild = rebuild
	}
}

// Origin is the bucket's origin, which the pages' policy lets them send to.
func (s *Service) Origin() string { return s.cfg.Origin() }

// Start starts the drain: a pass now, then one every Options.Every or when woken.
func (s *Service) Start(context.Context) error {
	if s.opts.Accept == nil {
		return errors.New("intake: the drain has no acceptance of enquiries (Wire)")
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.done, s.started = cancel, make(chan struct{}), s.opts.Now()
	go s.run(ctx)
	return nil
}

// Close stops the drain, letting a pass under way finish its object until ctx ends. What is
// left in the bucket waits for the next start.
func (s *Service) Close(ctx context.Context) {
	if s.cancel == nil {
		return
	}
	s.cancel()
	select {
	case <-s.done:
	case <-ctx.Done():
	}
}

// Wake makes the drain look into the bucket now.
func (s *Service) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Watch returns a channel that receives each pass's result (for tests); one watcher at a time.
func (s *Service) Watch() <-chan Pass {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.passes = make(chan Pass, 64)
	return s.passes
}

func (s *Service) run(ctx context.Context) {
	defer close(s.done)
	t := time.NewTicker(s.opts.Every)
	defer t.Stop()
	for {
		s.resignIfDue()
		p := s.pass(ctx)
		s.afterPass(ctx, p)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.wake:
		}
	}
}

// object is one enquiry object listed in the bucket.
type object struct {
	key      string
	size     int64
	modified time.Time
	body     []byte
	fields   map[string]string
	reason   string // why it is refused before acceptance ("" when it may be accepted)
	text     string // the sum of what the visitor wrote, for telling identical copies
}

// pass drains what the budget allows, oldest first. An object is deleted only once its enquiry
// is stored (or was known, or erased, or the object quarantined), so a crash at any point leaves
// it for the next pass, where its id is found known: nothing lost, nothing twice.
func (s *Service) pass(ctx context.Context) (p Pass) {
	if !s.Enabled() {
		return p
	}
	cl, err := s.cfg.client(s.cfg.Drain)
	if err != nil {
		p.Err = err
		return p
	}
	objs, err := s.list(ctx, cl)
	if err != nil {
		p.Err = err
		return p
	}
	p.Listed = len(objs)
	n := 0
	for n < len(objs) && s.limit.AllowN(s.opts.Now(), 1) {
		n++
	}
	objs = objs[:n]
	if err := workers.Each(drainWorkers, len(objs), func(i int) error { return s.read(ctx, cl, &objs[i]) }); err != nil {
		p.Err = err
		return p
	}
	plan := s.plan(objs)
	var mu sync.Mutex
	err = workers.Each(drainWorkers, len(plan), func(i int) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var one Pass
		err := s.take(ctx, cl, plan[i], &one)
		mu.Lock()
		p.add(one)
		mu.Unlock()
		return err
	})
	if err != nil && ctx.Err() == nil {
		p.Err = err
	}
	s.counted(p)
	return p
}

// drainWorkers is how many objects a pass takes at once: their stores share fsyncs (bbolt's
// Batch) and their requests to the bucket overlap.
const drainWorkers = 8

func (p *Pass) add(o Pass) {
	p.Stored += o.Stored
	p.Known += o.Known
	p.Erased += o.Erased
	p.Spam += o.Spam
	p.Held += o.Held
	p.Quarantined += o.Quarantined
	if o.last.After(p.last) {
		p.last = o.last
	}
}

// step is what a pass does with one object: quarantine it (why), or accept it, held for review
// when it is the first of a flood (hold), or quarantine it as a flood's copy.
type step struct {
	object
	hold string
}

// plan decides, in the objects' order, what becomes of each: the first copy of a flood is held
// for review, the others quarantined; the rest is accepted or quarantined for its own reason.
func (s *Service) plan(objs []object) []step {
	floods := s.floods(objs)
	out := make([]step, 0, len(objs))
	for _, o := range objs {
		st := step{object: o}
		if n, flood := floods[o.text]; flood && o.reason == "" {
			if n < 0 {
				st.reason = "a copy of a flood held for review"
			} else {
				st.hold = fmt.Sprintf("held for review: %d identical enquiries arrived through the intake at once", n)
				floods[o.text] = -1
				s.floodAlert(n)
			}
		}
		out = append(out, st)
	}
	return out
}

// listPage is how many keys one pass reads of the bucket at most: memory stays bounded
// whatever lands there.
const listPage = 1000

// list lists up to listPage objects under the intake prefix, oldest first.
func (s *Service) list(ctx context.Context, cl *minio.Client) ([]object, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var out []object
	for info := range cl.ListObjects(ctx, s.cfg.Bucket, minio.ListObjectsOptions{Prefix: s.cfg.Prefix(), Recursive: true, MaxKeys: listPage}) {
		if info.Err != nil {
			return nil, fmt.Errorf("list %s: %w", s.cfg.Prefix(), info.Err)
		}
		out = append(out, object{key: info.Key, size: info.Size, modified: info.LastModified})
		if len(out) == listPage {
			break
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].modified.Before(out[j].modified) })
	return out, nil
}

// read fetches an object (at most MaxObjectBytes) and decides whether it can be accepted.
func (s *Service) read(ctx context.Context, cl *minio.Client, o *object) error {
	id := strings.TrimSuffix(path.Base(o.key), ".json")
	switch {
	case o.size > MaxObjectBytes:
		o.reason = "larger than the policy allows"
		return nil
	case !strings.HasSuffix(o.key, ".json") || path.Dir(o.key)+"/" != s.cfg.Prefix() || len(id) != 36 || !domain.ValidEnquiryID(id):
		o.reason = "not named by an enquiry id"
		return nil
	}
	obj, err := cl.GetObject(ctx, s.cfg.Bucket, o.key, minio.GetObjectOptions{})
	if err != nil {
		return fmt.Errorf("get %s: %w", o.key, err)
	}
	defer obj.Close()
	o.body, err = io.ReadAll(io.LimitReader(obj, MaxObjectBytes+1))
	if minio.ToErrorResponse(err).Code == "NoSuchKey" {
		o.reason = "gone" // deleted meanwhile (an erasure): nothing to do
		return nil
	} else if err != nil {
		return fmt.Errorf("read %s: %w", o.key, err)
	}
	fields, why := fieldsOf(o.body)
	switch {
	case len(o.body) > MaxObjectBytes:
		o.reason = "larger than the policy allows"
	case why != "":
		o.reason = why
	case fields["id"] != id:
		o.reason = "its id is not its name"
	default:
		o.fields = fields
		sum := sha256.Sum256([]byte(strings.ToLower(strings.Join([]string{strings.TrimSpace(fields["name"]),
			strings.TrimSpace(fields["email"]), strings.TrimSpace(fields["phone"]), strings.TrimSpace(fields["message"])}, "\x00"))))
		o.text = hex.EncodeToString(sum[:])
	}
	return nil
}

// fieldsOf reads an object's JSON: one object of text (or number) values, as the page writes.
func fieldsOf(body []byte) (map[string]string, string) {
	var raw map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&raw); err != nil || dec.More() {
		return nil, "not an enquiry's JSON"
	}
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		switch v := v.(type) {
		case string:
			out[k] = v
		case float64:
			out[k] = fmt.Sprintf("%.0f", v)
		case nil, bool:
		default:
			return nil, "a field that is not text"
		}
	}
	return out, ""
}

// floods finds the texts that FloodCopies or more objects of the pass share: a machine's
// copies, not people's enquiries.
func (s *Service) floods(objs []object) map[string]int {
	count := map[string]int{}
	for _, o := range objs {
		if o.text != "" {
			count[o.text]++
		}
	}
	for k, n := range count {
		if n < s.opts.FloodCopies {
			delete(count, k)
		}
	}
	return count
}

// take accepts one object's enquiry (or quarantines the object) and deletes the object.
func (s *Service) take(ctx context.Context, cl *minio.Client, st step, p *Pass) error {
	if st.reason == "gone" {
		return nil
	}
	if st.reason != "" {
		p.Quarantined++
		return s.quarantine(ctx, cl, st.key, st.reason)
	}
	sub := enquiry.Submission{Fields: st.fields, Via: domain.ViaIntake, SentAt: st.modified, Hold: st.hold,
		Audit: &domain.AuditEntry{User: "(intake)", Action: AuditIntake, Kind: "enquiry",
			Detail: "arrived through the intake while the form endpoint was down"}}
	r, err := s.opts.Accept.Accept(ctx, sub)
	switch code := domain.ErrorCode(err); {
	case err == nil:
	case code != domain.EInternal:
		p.Quarantined++
		return s.quarantine(ctx, cl, st.key, domain.ErrorMessage(err))
	default:
		return fmt.Errorf("accept %s: %w", st.key, err) // the store failed: try again next pass
	}
	switch {
	case st.hold != "" && r.Outcome == enquiry.Spam:
		p.Held++
	case r.Outcome == enquiry.Stored:
		p.Stored++
		p.last = r.Message.CreatedAt
		s.log.Info("enquiry taken from the intake", "id", r.Message.ID)
	case r.Outcome == enquiry.Spam:
		p.Spam++
	case r.Outcome == enquiry.Known:
		p.Known++
	case r.Outcome == enquiry.Erased:
		p.Erased++
	}
	if err := cl.RemoveObject(ctx, s.cfg.Bucket, st.key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("delete %s: %w", st.key, err) // stored; the next pass finds it known
	}
	return nil
}

// quarantine moves an object under the quarantine prefix, where it waits QuarantineKeep (the
// bucket's lifecycle rule expires it), and says why in its metadata.
func (s *Service) quarantine(ctx context.Context, cl *minio.Client, key, why string) error {
	dst := s.cfg.QuarantinePrefix() + path.Base(key)
	_, err := cl.CopyObject(ctx,
		minio.CopyDestOptions{Bucket: s.cfg.Bucket, Object: dst, ReplaceMetadata: true,
			UserMetadata: map[string]string{"Reason": ascii(why)}},
		minio.CopySrcOptions{Bucket: s.cfg.Bucket, Object: key})
	if err != nil && minio.ToErrorResponse(err).Code != "NoSuchKey" {
		return fmt.Errorf("quarantine %s: %w", key, err)
	}
	s.log.Info("intake object quarantined", "key", key, "why", why)
	if err := cl.RemoveObject(ctx, s.cfg.Bucket, key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}

func ascii(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e {
			return ' '
		}
		return r
	}, s)
}

// Erase deletes an enquiry's copies in the intake and in quarantine (DELETE /popups/{id}), and
// answers how many there were.
func (s *Service) Erase(ctx context.Context, id string) (int, error) {
	if !domain.ValidEnquiryID(id) {
		return 0, nil
	}
	cl, err := s.cfg.client(s.cfg.Drain)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, key := range []string{s.cfg.Prefix() + id + ".json", s.cfg.QuarantinePrefix() + id + ".json"} {
		if _, err := cl.StatObject(ctx, s.cfg.Bucket, key, minio.StatObjectOptions{}); err != nil {
			if minio.ToErrorResponse(err).Code == "NoSuchKey" {
				continue
			}
			return n, fmt.Errorf("erase %s: %w", key, err)
		}
		if err := cl.RemoveObject(ctx, s.cfg.Bucket, key, minio.RemoveObjectOptions{}); err != nil {
			return n, fmt.Errorf("erase %s: %w", key, err)
		}
		n++
	}
	return n, nil
}
