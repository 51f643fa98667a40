package auth

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"

	"digitalreeviver/internal/domain"
)

// BusyError answers a request the server is too busy to take now; the HTTP layer turns it into
// 503 with Retry-After.
type BusyError struct {
	Wait time.Duration
}

// MsgBusy is the answer while every password check is taken.
const MsgBusy = "The server is busy. Please try again in a moment."

func (e *BusyError) Error() string { return MsgBusy }

// Unwrap lets domain.ErrorCode see a 503.
func (e *BusyError) Unwrap() error { return domain.Errorf(domain.EUnavailable, MsgBusy) }

// RetryAfter returns how long the client should wait.
func (e *BusyError) RetryAfter() time.Duration { return e.Wait }

// Gate bounds how many password hashes (argon2id, 19 MiB each) are computed at once, so a burst
// of sign-ins, resets or invitations from many addresses costs a few of them in memory and CPU,
// not one per request. A few more requests may wait briefly for a slot; past those the answer is
// busy at once. It is the only way to a hash: Hash, Check and Spend are the package's only
// callers of argon2, so no new code path can hash outside the bound.
type Gate struct {
	slots    chan struct{}
	waiting  chan struct{}
	maxWait  time.Duration
	computed atomic.Int64
}

// Passwords is the process's gate, for the callers that have no server of their own (the
// command line's account commands, the demo set-up); the admin server passes through it too.
var Passwords = NewPasswordGate()

// NewGate lets n checks run at once and at most waiters more wait, each up to maxWait.
func NewGate(n, waiters int, maxWait time.Duration) *Gate {
	return &Gate{slots: make(chan struct{}, n), waiting: make(chan struct{}, waiters), maxWait: maxWait}
}

// NewPasswordGate is the gate the server uses: as many checks at once as there are processors
// (at least 2, at most 4), four times as many waiting for at most two seconds.
func NewPasswordGate() *Gate {
	n := min(max(runtime.GOMAXPROCS(0), 2), 4)
	return NewGate(n, 4*n, 2*time.Second)
}

// Hash returns the argon2id hash of a new password (see hashPassword), once a slot is free.
func (g *Gate) Hash(ctx context.Context, password string) (string, error) {
	release, err := g.enter(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	g.computed.Add(1)
	return hashPassword(password)
}

// Check reports whether password matches the encoded hash (see checkPassword), once a slot is
// free.
func (g *Gate) Check(ctx context.Context, encoded, password string) (bool, error) {
	release, err := g.enter(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	g.computed.Add(1)
	return checkPassword(encoded, password)
}

// Spend does the work of one password check against a throwaway hash, once a slot is free.
// Sign-in calls it for an unknown username so that the answer takes as long as for a wrong
// password and the timing does not tell which usernames exist.
func (g *Gate) Spend(ctx context.Context, password string) error {
	release, err := g.enter(ctx)
	if err != nil {
		return err
	}
	defer release()
	g.computed.Add(1)
	spendPasswordCheck(password)
	return nil
}

// Computed says how many hashes the gate has computed (Hash, Check and Spend), for tests and
// measurements.
func (g *Gate) Computed() int64 { return g.computed.Load() }

// enter takes a slot, waiting for one if a waiting place is free; it answers a *BusyError when
// none is. Call the returned release once the hash is done.
func (g *Gate) enter(ctx context.Context) (release func(), err error) {
	select {
	case g.slots <- struct{}{}:
		return g.release, nil
	default:
	}
	select {
	case g.waiting <- struct{}{}:
	default:
		return nil, &BusyError{Wait: time.Second}
	}
	defer func() { <-g.waiting }()
	timer := time.NewTimer(g.maxWait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
		return g.release, nil
	case <-timer.C:
	case <-ctx.Done():
	}
	return nil, &BusyError{Wait: time.Second}
}

func (g *Gate) release() { <-g.slots }
