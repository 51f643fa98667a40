package disk

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A write refused for want of room is told from any other failure, however it is wrapped: a
// real one (/dev/full answers every write with ENOSPC) and one wrapped as the store wraps.
func TestIsFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	err := os.WriteFile("/dev/full", []byte("x"), 0o644)
	if err == nil || !IsFull(err) || !IsFull(fmt.Errorf("add message: %w", err)) {
		t.Fatalf("a write to /dev/full: %v", err)
	}
	if IsFull(os.ErrPermission) || IsFull(errors.New("no space left on device")) || IsFull(nil) {
		t.Fatal("another error taken for a full disk")
	}
}

func TestLow(t *testing.T) {
	const gib = 1 << 30
	for _, tt := range []struct {
		s   Space
		low bool
	}{
		{Space{Free: 8 << 20, Total: 8 << 20}, false},
		{Space{Free: 700 << 10, Total: 8 << 20}, true}, // under a tenth of a small disk
		{Space{Free: 5 * gib, Total: 40 * gib}, false},
		{Space{Free: gib - 1, Total: 40 * gib}, true}, // under 1 GiB of a large disk
		{Space{Free: 60 * gib, Total: 1000 * gib}, true},
		{Space{}, false}, // not measured
	} {
		if got := tt.s.Low(); got != tt.low {
			t.Errorf("%+v: low %v", tt.s, got)
		}
	}
	s, err := SpaceOf(filepath.Join(t.TempDir(), "not", "made", "yet"))
	if err != nil || s.Total == 0 || s.Free > s.Total {
		t.Fatalf("the test folder's disk: %+v %v", s, err)
	}
}
