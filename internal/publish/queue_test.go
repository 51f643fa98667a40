package publish

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/storetest"
)

// gate stands in for the generator: each build announces itself on started and runs until the
// test releases it, so a test decides what is running when, without timing. A build released
// without an error goes live as the generator's does: BeforeLive, then the switch (onLive, when
// set, is the moment the new site is served), then the build returns.
type gate struct {
	started chan string
	release chan struct{}
	result  generator.Result
	err     error
	onLive  func()
}

func newGate() *gate {
	return &gate{started: make(chan string, 10), release: make(chan struct{}, 10),
		result: generator.Result{Generation: "g7", PagesTotal: 12, PagesRendered: 2, PagesUnchanged: 10, Swapped: true}}
}

func (g *gate) Build(ctx context.Context, opts generator.Options) (generator.Result, error) {
	g.started <- opts.Reason
	select {
	case <-g.release:
		if g.err != nil {
			return generator.Result{}, g.err
		}
		if opts.BeforeLive != nil {
			if err := opts.BeforeLive(); err != nil {
				return generator.Result{}, err
			}
		}
		if g.onLive != nil {
			g.onLive()
		}
		return g.result, nil
	case <-ctx.Done():
		return generator.Result{}, ctx.Err()
	}
}

func (g *gate) RenderPreview(context.Context, domain.Record) ([]byte, error) {
	return nil, errors.New("no previews here")
}

func openDB(t *testing.T) *store.DB {
	return storetest.Open(t)
}

func newQueue(t *testing.T, db *store.DB, site Site) *Queue {
	t.Helper()
	q, err := NewQueue(db, site, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Close(context.Background()) })
	return q
}

func wait(t *testing.T, j *Job) Build { return waitWithin(t, j, 10*time.Second) }

// waitWithin waits for j's build, at most limit (a hang's bound; a build that renders with node
// and deploys wants more).
func waitWithin(t *testing.T, j *Job, limit time.Duration) Build {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	b, done := j.Wait(ctx)
	if !done {
		t.Fatalf("build %d did not finish", b.ID)
	}
	return b
}

// Requests made while a build runs share the next build, which includes every change.
func TestRequestsWhileBuildingShareTheNextBuild(t *testing.T) {
	g := newGate()
	q := newQueue(t, openDB(t), g)
	first := q.Request(false, "first")
	if got := <-g.started; got != "first" {
		t.Fatalf("running %q", got)
	}
	second, third := q.Request(false, "second"), q.Request(true, "third")
	if second != third {
		t.Fatal("two requests made during one build got different jobs")
	}
	if b := second.Record(); b.Status != StatusQueued || !b.Clean || b.Reason != "second; third" {
		t.Fatalf("waiting job: %+v", b)
	}
	g.release <- struct{}{}
	if b := wait(t, first); b.Status != StatusOK || b.Reason != "first" {
		t.Fatalf("first: %+v", b)
	}
	if got := <-g.started; got != "second; third" {
		t.Fatalf("second build ran for %q", got)
	}
	g.release <- struct{}{}
	b := wait(t, third)
	if b.Status != StatusOK || b.ID != first.Record().ID+1 || b.Err() != nil {
		t.Fatalf("second build: %+v", b)
	}
	// The record carries the generator's own result.
	if !reflect.DeepEqual(b.Result, g.result) {
		t.Fatalf("result %+v, want %+v", b.Result, g.result)
	}
}

// Every build is recorded typed in the store, newest first, and outlives the queue; a build a
// crash left running is marked failed, and ids go on.
func TestBuildsAreRecorded(t *testing.T) {
	db := openDB(t)
	g := newGate()
	g.err = errors.New("render: page /x/: boom")
	q := newQueue(t, db, g)
	failed := q.Request(false, "edit")
	<-g.started
	g.release <- struct{}{}
	if b := wait(t, failed); b.Status != StatusFailed || b.Err() == nil || !strings.Contains(b.Error, "boom") {
		t.Fatalf("failed build: %+v", b)
	}
	g.err = nil
	running := q.Request(false, "cut short")
	<-g.started
	list, err := q.Builds()
	if err != nil || len(list) != 2 || list[0].Status != StatusRunning || list[1].Status != StatusFailed {
		t.Fatalf("recorded builds: %+v %v", list, err)
	}
	// The server stops without finishing: a new queue on the same file finds the build running.
	q.Close(cancelled())
	if b, _ := running.Wait(context.Background()); b.Status != StatusFailed {
		t.Fatalf("cancelled build: %+v", b)
	}
	if err := store.PutBuild(db, list[0].ID, list[0], 50); err != nil { // as a crash would leave it
		t.Fatal(err)
	}
	q2 := newQueue(t, db, nil)
	list, _ = q2.Builds()
	if list[0].Status != StatusFailed || !strings.Contains(list[0].Error, "interrupted") {
		t.Fatalf("interrupted build: %+v", list[0])
	}
	// Without a generator every build fails and says why; ids go on from the stored ones.
	b := wait(t, q2.Request(false, "no generator"))
	if b.Status != StatusFailed || !strings.Contains(b.Error, "not available") || b.ID != list[0].ID+1 {
		t.Fatalf("build without generator: %+v", b)
	}
}

// After Close a request fails at once instead of waiting for a worker that is gone.
func TestClosedQueueRefuses(t *testing.T) {
	q := newQueue(t, openDB(t), newGate())
	q.Close(context.Background())
	b, done := q.Request(false, "late").Wait(cancelled())
	if !done || b.Status != StatusFailed || !strings.Contains(b.Error, "shutting down") {
		t.Fatalf("%+v %v", b, done)
	}
}

// Wait gives up when its context ends and answers the record as it is.
func TestWaitEndsWithItsContext(t *testing.T) {
	g := newGate()
	q := newQueue(t, openDB(t), g)
	j := q.Request(false, "slow")
	<-g.started
	b, done := j.Wait(cancelled())
	if done || b.Status != StatusRunning {
		t.Fatalf("%+v %v", b, done)
	}
	g.release <- struct{}{}
	wait(t, j)
}

func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestWhenLiveEndsBeforeTheSwitch: what a request ends as its change goes live ends in the
// generator's step before the switch; its error fails the build and nothing goes live. A build
// that changes nothing (no switch) ends it once the build is done.
func TestWhenLiveEndsBeforeTheSwitch(t *testing.T) {
	g := newGate()
	q := newQueue(t, openDB(t), g)
	var order []string
	g.onLive = func() { order = append(order, "live") }
	j := q.Request(false, "scheduled", func() error { order = append(order, "ended"); return nil })
	<-g.started
	g.release <- struct{}{}
	if b := wait(t, j); b.Status != StatusOK || strings.Join(order, ",") != "ended,live" {
		t.Fatalf("build %+v, order %v", b, order)
	}

	order = nil
	j = q.Request(false, "scheduled", func() error { return errors.New("the schedule could not end") })
	<-g.started
	g.release <- struct{}{}
	if b := wait(t, j); b.Status != StatusFailed || !strings.Contains(b.Error, "could not end") || len(order) != 0 {
		t.Fatalf("build %+v, went live %v", b, order)
	}
}

// unchanged is a generator whose builds find nothing to change: they never switch.
type unchanged struct{ gate }

func (u *unchanged) Build(context.Context, generator.Options) (generator.Result, error) {
	return generator.Result{Generation: "g1", Previous: "g1"}, nil
}

func TestWhenLiveEndsAfterABuildWithNothingToSwitch(t *testing.T) {
	q := newQueue(t, openDB(t), &unchanged{})
	ended := false
	if b := wait(t, q.Request(false, "scheduled", func() error { ended = true; return nil })); b.Status != StatusOK || !ended {
		t.Fatalf("build %+v, ended %v", b, ended)
	}
}

// A build's queued and running states are saved beside the build, but its final state is in the
// store when its callers are answered, and never overwritten by an earlier state saved late:
// over a run of builds, each requested while the one before runs.
func TestTheFinalRecordIsStoredWhenTheBuildAnswers(t *testing.T) {
	db := openDB(t)
	g := newGate()
	q := newQueue(t, db, g)
	var jobs []*Job
	for i := range 12 {
		jobs = append(jobs, q.Request(i%3 == 0, "change "+strings.Repeat("x", i)))
		<-g.started
		g.release <- struct{}{}
		b := wait(t, jobs[i])
		stored, err := store.Builds[Build](db) // the store itself, not the queue's list
		if err != nil || len(stored) == 0 || stored[0].ID != b.ID || stored[0].Status != StatusOK || stored[0].Reason != b.Reason {
			t.Fatalf("after build %d answered the store holds %+v (%v)", b.ID, stored, err)
		}
	}
	q.Close(context.Background())
	stored, err := store.Builds[Build](db)
	if err != nil || len(stored) != len(jobs) {
		t.Fatalf("%d builds stored, want %d (%v)", len(stored), len(jobs), err)
	}
	for _, b := range stored {
		if b.Status != StatusOK {
			t.Errorf("build %d stored as %s after it finished", b.ID, b.Status)
		}
	}
}
