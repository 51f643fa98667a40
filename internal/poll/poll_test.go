package poll

import (
	"testing"
	"time"
)

func TestWaitChecksUntilTheConditionHolds(t *testing.T) {
	n := 0
	if !Wait(func() bool { n++; return n == 3 }, Every(time.Millisecond)) || n != 3 {
		t.Fatalf("held after %d checks", n)
	}
	if Wait(func() bool { return false }, Within(20*time.Millisecond), Every(time.Millisecond)) {
		t.Fatal("a condition that never holds held")
	}
}

func TestValueAnswersTheFirstGoodValue(t *testing.T) {
	n := 0
	if v := Value(t, "three", func() (int, bool) { n++; return n, n == 3 }, Every(time.Millisecond)); v != 3 {
		t.Fatalf("value %d", v)
	}
}
