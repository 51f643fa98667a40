// Package server is the admin server's life cycle: the one list of background services that
// `adminapi serve` starts in order and stops in the reverse order (the build queue, the
// scheduler, the mail spool, webhooks, and whatever is added), in the way Caddy walks its
// modules. A service is one entry; serve reads as wiring.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Service is one background worker of the server.
type Service interface {
	// Start begins the service's work in the background and returns; an error stops the
	// server's start (the services started before it are closed again). ctx bounds the start
	// only: the work goes on until Close, so a signal's context cancelled at shutdown does not
	// cut a build or a mail short before its Close lets it finish.
	Start(ctx context.Context) error
	// Close stops the work, waits for it to end (or for ctx), and releases what Start took.
	Close(ctx context.Context)
}

// Services is the ordered list of a server's background services.
type Services struct {
	log     *slog.Logger
	list    []entry
	started int
}

type entry struct {
	name string
	svc  Service
}

// New returns an empty list that logs starts and stops to log (nil: silent).
func New(log *slog.Logger) *Services {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Services{log: log}
}

// Add appends a service; it starts after the ones added before it and stops before them.
func (s *Services) Add(name string, svc Service) {
	s.list = append(s.list, entry{name, svc})
}

// Start starts every service in order. When one fails, those already started are closed in the
// reverse order and the error names the service.
func (s *Services) Start(ctx context.Context) error {
	for _, e := range s.list[s.started:] {
		if err := e.svc.Start(ctx); err != nil {
			s.Close(ctx)
			return fmt.Errorf("start %s: %w", e.name, err)
		}
		s.started++
		s.log.Debug("service started", "service", e.name)
	}
	return nil
}

// Close stops the started services in the reverse order of their start.
func (s *Services) Close(ctx context.Context) {
	for s.started > 0 {
		s.started--
		e := s.list[s.started]
		e.svc.Close(ctx)
		s.log.Debug("service stopped", "service", e.name)
	}
}

// Func adapts a pair of functions to a Service (a service whose constructor already started it
// passes a nil start).
type Func struct {
	StartFunc func(ctx context.Context) error
	CloseFunc func(ctx context.Context)
}

// Start calls StartFunc, when set.
func (f Func) Start(ctx context.Context) error {
	if f.StartFunc == nil {
		return nil
	}
	return f.StartFunc(ctx)
}

// Close calls CloseFunc, when set.
func (f Func) Close(ctx context.Context) {
	if f.CloseFunc != nil {
		f.CloseFunc(ctx)
	}
}

// ErrNotStarted is what a service answers when asked for work before Start.
var ErrNotStarted = errors.New("service not started")

// Every is a service that calls run at its start and then every interval until Close (the
// spam folder's sweep, say). run's context ends at Close; Close waits for a run under way.
func Every(interval time.Duration, run func(ctx context.Context)) Service {
	return &ticker{every: interval, run: run}
}

type ticker struct {
	every  time.Duration
	run    func(ctx context.Context)
	cancel context.CancelFunc
	done   sync.WaitGroup
}

func (t *ticker) Start(context.Context) error {
	if t.every <= 0 {
		return fmt.Errorf("interval %v: must be positive", t.every)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.done.Add(1)
	go func() {
		defer t.done.Done()
		tick := time.NewTicker(t.every)
		defer tick.Stop()
		for {
			t.run(ctx)
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	return nil
}

func (t *ticker) Close(context.Context) {
	if t.cancel != nil {
		t.cancel()
	}
	t.done.Wait()
}
