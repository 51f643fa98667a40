// Package poll is how the tests wait for a state that has no event to wait on (a job's status in
// the store, a file in an outbox, a server that answers): Until checks a condition every few
// milliseconds until it holds and fails the test after a deadline, naming what it waited for.
// Where there is an event (a channel, a callback) a test waits on that instead.
package poll

import (
	"testing"
	"time"
)

// DefaultTimeout is how long Until and Wait wait unless told otherwise: long, because a loaded
// machine can be slow, and a test that passes never waits it out.
const DefaultTimeout = 30 * time.Second

// DefaultEvery is how often the condition is checked unless told otherwise.
const DefaultEvery = 10 * time.Millisecond

type config struct{ timeout, every time.Duration }

// Option changes how long or how often a wait checks.
type Option func(*config)

// Within waits up to d.
func Within(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// Every checks every d (a test racing a process to a moment wants it small).
func Every(d time.Duration) Option { return func(c *config) { c.every = d } }

// Wait checks cond until it holds (true) or the timeout passes (false).
func Wait(cond func() bool, opts ...Option) bool {
	c := config{timeout: DefaultTimeout, every: DefaultEvery}
	for _, o := range opts {
		o(&c)
	}
	deadline := time.Now().Add(c.timeout)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(c.every)
	}
	return true
}

// Until checks cond until it holds, and fails tb naming what it waited for when the timeout
// passes first. cond may fail tb itself (a process that exited will never answer).
func Until(tb testing.TB, what string, cond func() bool, opts ...Option) {
	tb.Helper()
	if !Wait(cond, opts...) {
		tb.Fatalf("timed out waiting for %s", what)
	}
}

// Value checks fn until it answers ok and returns what it answered; when the timeout passes
// first it fails tb naming what it waited for and the last value seen.
func Value[T any](tb testing.TB, what string, fn func() (T, bool), opts ...Option) T {
	tb.Helper()
	var last T
	if !Wait(func() bool { v, ok := fn(); last = v; return ok }, opts...) {
		tb.Fatalf("timed out waiting for %s; last seen: %+v", what, last)
	}
	return last
}
