package auth

import (
	"context"
	"runtime"
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
// of sign-ins from many addresses costs a few of them in memory and CPU, not one per request. A
// few more requests may wait briefly for a slot; past those the answer is busy at once.
type Gate struct {
	slots   chan struct{}
	waiting chan struct{}
	maxWait time.Duration
}

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

// Enter takes a slot, waiting for one if a waiting place is free; it answers a *BusyError when
// none is. Call the returned release once the check is done.
func (g *Gate) Enter(ctx context.Context) (release func(), err error) {
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
