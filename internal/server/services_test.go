package server

import (
	"context"
	"errors"
	"slices"
	"testing"
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
