package server

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

type recorder struct {
	name string
	log  *[]string
	fail bool
}

func (r recorder) Start(context.Context) error {
	*r.log = append(*r.log, "start "+r.name)
	if r.fail {
		return errors.New("no")
	}
	return nil
}

func (r recorder) Close(context.Context) { *r.log = append(*r.log, "close "+r.name) }

func TestServicesStartInOrderAndStopInReverse(t *testing.T) {
	var log []string
	s := New(nil)
	for _, n := range []string{"a", "b", "c"} {
		s.Add(n, recorder{name: n, log: &log})
	}
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Close(context.Background())
	s.Close(context.Background()) // a second Close stops nothing twice
	want := []string{"start a", "start b", "start c", "close c", "close b", "close a"}
	if !slices.Equal(log, want) {
		t.Fatalf("%v, want %v", log, want)
	}
}

func TestAFailedStartClosesWhatStarted(t *testing.T) {
	var log []string
	s := New(nil)
	s.Add("a", recorder{name: "a", log: &log})
	s.Add("b", recorder{name: "b", log: &log, fail: true})
	s.Add("c", recorder{name: "c", log: &log})
	err := s.Start(context.Background())
	if err == nil || err.Error() != "start b: no" {
		t.Fatalf("err %v", err)
	}
	want := []string{"start a", "start b", "close a"}
	if !slices.Equal(log, want) {
		t.Fatalf("%v, want %v", log, want)
	}
}

// TestEveryRunsAtStartAndStopsAtClose: the first run is at Start, not an interval later; Close
// ends the run's context and returns only once the run under way has returned, and no run
// follows it.
func TestEveryRunsAtStartAndStopsAtClose(t *testing.T) {
	runs := make(chan struct{}, 1)
	ended := make(chan struct{})
	svc := Every(time.Hour, func(ctx context.Context) {
		runs <- struct{}{}
		<-ctx.Done() // a run that lasts until Close
		close(ended)
	})
	if err := svc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	<-runs // the run at start, though the interval is an hour
	svc.Close(context.Background())
	select {
	case <-ended:
	default:
		t.Fatal("Close returned before the run under way")
	}
	if len(runs) != 0 {
		t.Fatal("a run after Close")
	}
}

func TestEveryRefusesANonPositiveInterval(t *testing.T) {
	if err := Every(0, func(context.Context) {}).Start(context.Background()); err == nil {
		t.Fatal("started with interval 0")
	}
}
