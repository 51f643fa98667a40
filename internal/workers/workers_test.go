package workers

import (
	"errors"
	"sync/atomic"
	"testing"
)

func TestEachCallsEveryIndexOnceWithinTheLimit(t *testing.T) {
	var seen [100]atomic.Int32
	var running, most atomic.Int32
	err := Each(3, len(seen), func(i int) error {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		seen[i].Add(1)
		running.Add(-1)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range seen {
		if seen[i].Load() != 1 {
			t.Fatalf("index %d called %d times", i, seen[i].Load())
		}
	}
	if most.Load() > 3 {
		t.Fatalf("%d calls at once, limit 3", most.Load())
	}
}

func TestEachStopsAfterTheFirstError(t *testing.T) {
	boom := errors.New("boom")
	var calls atomic.Int32
	err := Each(1, 1000, func(i int) error {
		calls.Add(1)
		if i == 5 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if c := calls.Load(); c > 7 {
		t.Fatalf("%d calls after an error at the sixth", c)
	}
	if err := Each(4, 0, func(int) error { t.Fatal("called"); return nil }); err != nil {
		t.Fatal(err)
	}
}
