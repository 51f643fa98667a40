package auth

import (
	"math"
	"sort"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"digitalreeviver/internal/domain"
)

// LimitedError is a rate-limit refusal; the HTTP layer turns Wait into Retry-After.
type LimitedError struct {
	Wait time.Duration
	Msg  string
}

func (e *LimitedError) Error() string { return e.Msg }

// Unwrap lets domain.ErrorCode see a 429.
func (e *LimitedError) Unwrap() error { return domain.Errorf(domain.ERateLimited, "%s", e.Msg) }

// RetryAfter returns how long the client should wait.
func (e *LimitedError) RetryAfter() time.Duration { return e.Wait }

// MaxKeys bounds each limiter's and lockout's memory. Past it idle keys are swept, and when a
// flood from very many addresses or usernames keeps it full, the least recently seen keys are
// evicted (locked keys last), so memory stays bounded however many keys an attacker makes.
// Keys are short: callers refuse over-long usernames and e-mail addresses before they get here.
const MaxKeys = 50_000

// evictOldest deletes the oldest tenth of the keys for which evictable holds, oldest first by
// seen; it answers how many it deleted.
func evictOldest[V any](keys map[string]V, limit int, seen func(V) time.Time, evictable func(V) bool) int {
	type entry struct {
		key  string
		seen time.Time
	}
	var cands []entry
	for k, v := range keys {
		if evictable(v) {
			cands = append(cands, entry{k, seen(v)})
		}
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].seen.Before(cands[j].seen) })
	n := min(len(cands), max(1, len(keys)-limit*9/10))
	for _, c := range cands[:n] {
		delete(keys, c.key)
	}
	return n
}

// Limiter is a token bucket per key (a client address, an e-mail address) with idle keys evicted.
type Limiter struct {
	mu      sync.Mutex
	every   rate.Limit
	burst   int
	idle    time.Duration
	keys    map[string]*bucket
	now     func() time.Time
	msg     string
	maxKeys int
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// NewLimiter allows n events per interval per key with the given burst.
func NewLimiter(n int, interval time.Duration, burst int, msg string) *Limiter {
	return &Limiter{
		every:   rate.Limit(float64(n) / interval.Seconds()),
		burst:   burst,
		idle:    max(interval, time.Duration(float64(burst)/float64(n)*float64(interval))),
		keys:    map[string]*bucket{},
		now:     time.Now,
		msg:     msg,
		maxKeys: MaxKeys,
	}
}

// Allow takes one token for key, or answers a *LimitedError saying how long to wait.
func (l *Limiter) Allow(key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.keys[key]
	if b == nil {
		if len(l.keys) >= l.maxKeys {
			l.sweep(now)
		}
		b = &bucket{lim: rate.NewLimiter(l.every, l.burst)}
		l.keys[key] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return &LimitedError{Wait: d, Msg: l.msg}
	}
	return nil
}

func (l *Limiter) sweep(now time.Time) {
	for k, b := range l.keys {
		if now.Sub(b.seen) > l.idle {
			delete(l.keys, k)
		}
	}
	if len(l.keys) >= l.maxKeys {
		// Still full of active keys: a flood from very many addresses. The least recently seen
		// start over with a fresh burst, which costs little.
		evictOldest(l.keys, l.maxKeys, func(b *bucket) time.Time { return b.seen }, func(*bucket) bool { return true })
	}
}

// Lockout counts failures per key (client address, username) and, from the threshold on, locks
// the key out for a wait that doubles with every further failure, up to a ceiling.
//
// An attempt is reserved with Begin before the password is checked, and the reservation is
// settled with Fail, Succeed or Cancel afterwards. While attempts are under way they count
// against the threshold, so however many arrive at once, at most threshold of them are checked
// before the lockout, and once it is reached only one at a time after each lock expires.
type Lockout struct {
	mu        sync.Mutex
	threshold int
	base, max time.Duration
	forget    time.Duration
	keys      map[string]*strikes
	now       func() time.Time
	maxKeys   int
}

type strikes struct {
	failures int
	pending  int // attempts begun and not yet settled
	until    time.Time
	last     time.Time
}

// NewLockout locks a key for base after threshold failures, doubling per further failure up to
// max. A key with no failure for a day starts over.
func NewLockout(threshold int, base, max time.Duration) *Lockout {
	return &Lockout{threshold: threshold, base: base, max: max, forget: 24 * time.Hour,
		keys: map[string]*strikes{}, now: time.Now, maxKeys: MaxKeys}
}

// Check answers a *LimitedError while key is locked out.
func (l *Lockout) Check(key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s := l.keys[key]; s != nil {
		if d := s.until.Sub(l.now()); d > 0 {
			return &LimitedError{Wait: d, Msg: lockMessage(d)}
		}
	}
	return nil
}

// Attempt is one reserved try of a key; settle it exactly once.
type Attempt struct {
	l    *Lockout
	key  string
	done bool
}

// Begin reserves an attempt for key. It answers a *LimitedError while key is locked out, and
// while the attempts already under way could bring it to the lockout: their failures would be
// more than the threshold allows.
func (l *Lockout) Begin(key string) (*Attempt, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	s := l.entry(key, now)
	if d := s.until.Sub(now); d > 0 {
		return nil, &LimitedError{Wait: d, Msg: lockMessage(d)}
	}
	if s.failures+s.pending >= l.threshold && (s.failures < l.threshold || s.pending > 0) {
		// The attempts under way decide whether a lockout starts; ask again once they have.
		return nil, &LimitedError{Wait: time.Second, Msg: lockMessage(time.Second)}
	}
	s.pending++
	return &Attempt{l: l, key: key}, nil
}

// entry returns key's strikes, made (or started over after a day without failures) when needed.
func (l *Lockout) entry(key string, now time.Time) *strikes {
	s := l.keys[key]
	if s != nil && s.pending == 0 && now.Sub(s.last) > l.forget {
		s.failures, s.until = 0, time.Time{}
	}
	if s == nil {
		if len(l.keys) >= l.maxKeys {
			l.sweep(now)
		}
		s = &strikes{last: now}
		l.keys[key] = s
	}
	return s
}

// Fail settles the attempt as a failure and returns the lockout it starts, if any.
func (a *Attempt) Fail() time.Duration {
	a.l.mu.Lock()
	defer a.l.mu.Unlock()
	if a.done {
		return 0
	}
	a.done = true
	s := a.l.entry(a.key, a.l.now())
	s.pending = max(0, s.pending-1)
	return a.l.fail(s)
}

// Succeed settles the attempt as a success: the key's failures are forgotten.
func (a *Attempt) Succeed() {
	a.l.mu.Lock()
	defer a.l.mu.Unlock()
	if a.done {
		return
	}
	a.done = true
	if s := a.l.keys[a.key]; s != nil {
		s.pending = max(0, s.pending-1)
		s.failures, s.until = 0, time.Time{}
		if s.pending == 0 {
			delete(a.l.keys, a.key)
		}
	}
}

// Cancel settles an attempt that was never checked (the server was too busy, say): it counts
// neither way.
func (a *Attempt) Cancel() {
	a.l.mu.Lock()
	defer a.l.mu.Unlock()
	if a.done {
		return
	}
	a.done = true
	if s := a.l.keys[a.key]; s != nil {
		s.pending = max(0, s.pending-1)
		if s.pending == 0 && s.failures == 0 {
			delete(a.l.keys, a.key)
		}
	}
}

// Fail records a failure for key that was not reserved with Begin, and returns the lockout it
// starts, if any.
func (l *Lockout) Fail(key string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.fail(l.entry(key, l.now()))
}

func (l *Lockout) fail(s *strikes) time.Duration {
	now := l.now()
	s.failures++
	s.last = now
	if s.failures < l.threshold {
		return 0
	}
	d := l.base * time.Duration(math.Pow(2, float64(min(s.failures-l.threshold, 20))))
	if d > l.max || d <= 0 {
		d = l.max
	}
	s.until = now.Add(d)
	return d
}

// Succeed forgets the failures of key.
func (l *Lockout) Succeed(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s := l.keys[key]; s != nil {
		s.failures, s.until = 0, time.Time{}
		if s.pending == 0 {
			delete(l.keys, key)
		}
	}
}

// Len answers how many keys the lockout remembers.
func (l *Lockout) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.keys)
}

func (l *Lockout) sweep(now time.Time) {
	for k, s := range l.keys {
		if s.pending == 0 && now.After(s.until) && now.Sub(s.last) > time.Hour {
			delete(l.keys, k)
		}
	}
	if len(l.keys) < l.maxKeys {
		return
	}
	// Still full: a flood of usernames or addresses. The least recently seen keys that are not
	// locked go first; locked keys only when nothing else is left. A key with an attempt under
	// way is never evicted (there are at most as many as requests in flight).
	seen := func(s *strikes) time.Time { return s.last }
	evictOldest(l.keys, l.maxKeys, seen, func(s *strikes) bool { return s.pending == 0 && !now.Before(s.until) })
	if len(l.keys) >= l.maxKeys {
		evictOldest(l.keys, l.maxKeys, seen, func(s *strikes) bool { return s.pending == 0 })
	}
}

func lockMessage(d time.Duration) string {
	secs := int(math.Ceil(d.Seconds()))
	switch {
	case secs <= 1:
		return "Too many failed attempts. Please try again in 1 second."
	case secs < 120:
		return "Too many failed attempts. Please try again in " + strconv.Itoa(secs) + " seconds."
	}
	return "Too many failed attempts. Please try again in " + strconv.Itoa((secs+59)/60) + " minutes."
}
