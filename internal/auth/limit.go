package auth

import (
	"math"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"digitalreeviver/internal/content"
)

// LimitedError is a rate-limit refusal; the HTTP layer turns Wait into Retry-After.
type LimitedError struct {
	Wait time.Duration
	Msg  string
}

func (e *LimitedError) Error() string { return e.Msg }

// Unwrap lets content.ErrorCode see a 429.
func (e *LimitedError) Unwrap() error { return content.Errorf(content.ERateLimited, "%s", e.Msg) }

// RetryAfter returns how long the client should wait.
func (e *LimitedError) RetryAfter() time.Duration { return e.Wait }

// maxKeys bounds each limiter's memory; past it idle keys are swept (a flood from many addresses
// must not exhaust memory).
const maxKeys = 50_000

// Limiter is a token bucket per key (a client address, an e-mail address) with idle keys evicted.
type Limiter struct {
	mu    sync.Mutex
	every rate.Limit
	burst int
	idle  time.Duration
	keys  map[string]*bucket
	now   func() time.Time
	msg   string
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// NewLimiter allows n events per interval per key with the given burst.
func NewLimiter(n int, interval time.Duration, burst int, msg string) *Limiter {
	return &Limiter{
		every: rate.Limit(float64(n) / interval.Seconds()),
		burst: burst,
		idle:  max(interval, time.Duration(float64(burst)/float64(n)*float64(interval))),
		keys:  map[string]*bucket{},
		now:   time.Now,
		msg:   msg,
	}
}

// Allow takes one token for key, or answers a *LimitedError saying how long to wait.
func (l *Limiter) Allow(key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.keys[key]
	if b == nil {
		if len(l.keys) >= maxKeys {
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
	if len(l.keys) >= maxKeys {
		// Still full of active keys: a flood from very many addresses. Starting over costs
		// little (each of them gets a fresh burst) and keeps memory bounded.
		clear(l.keys)
	}
}

// Lockout counts failures per key (client address, username) and, from the threshold on, locks
// the key out for a wait that doubles with every further failure, up to a ceiling.
type Lockout struct {
	mu        sync.Mutex
	threshold int
	base, max time.Duration
	forget    time.Duration
	keys      map[string]*strikes
	now       func() time.Time
}

type strikes struct {
	failures int
	until    time.Time
	last     time.Time
}

// NewLockout locks a key for base after threshold failures, doubling per further failure up to
// max. A key with no failure for a day starts over.
func NewLockout(threshold int, base, max time.Duration) *Lockout {
	return &Lockout{threshold: threshold, base: base, max: max, forget: 24 * time.Hour,
		keys: map[string]*strikes{}, now: time.Now}
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

// Fail records a failure for key and returns the lockout it starts, if any.
func (l *Lockout) Fail(key string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	s := l.keys[key]
	if s == nil || now.Sub(s.last) > l.forget {
		if len(l.keys) >= maxKeys {
			l.sweep(now)
		}
		s = &strikes{}
		l.keys[key] = s
	}
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
	delete(l.keys, key)
}

func (l *Lockout) sweep(now time.Time) {
	for k, s := range l.keys {
		if now.After(s.until) && now.Sub(s.last) > time.Hour {
			delete(l.keys, k)
		}
	}
}

func lockMessage(d time.Duration) string {
	secs := int(math.Ceil(d.Seconds()))
	if secs < 120 {
		return "Too many failed attempts. Please try again in " + strconv.Itoa(secs) + " seconds."
	}
	return "Too many failed attempts. Please try again in " + strconv.Itoa((secs+59)/60) + " minutes."
}
