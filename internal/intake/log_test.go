package intake

import (
	"log/slog"
	"strings"
	"testing"

	"digitalreeviver/internal/logbuf"
)

// TestAMissingBucketIsSaidOnceAsAnError: an intake bucket that does not exist (a mistyped
// INTAKE_TARGET) is an ERROR that says so in plain words, once, however many passes fail the
// same way; a bucket that exists is said to be reached once. Before, the server logged
// "enquiries reach the intake bucket" at start and then the same WARN every 5 s forever.
func TestAMissingBucketIsSaidOnceAsAnError(t *testing.T) {
	var logs logbuf.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	missing := newDrain(t, func(o *Options) { o.Config.Bucket = "no-such-intake-bucket"; o.Log = log })
	for range 3 {
		missing.svc.afterPass(t.Context(), missing.svc.pass(t.Context()))
	}
	out := logs.String()
	if n := strings.Count(out, "level=ERROR msg=\"the intake bucket does not exist"); n != 1 ||
		strings.Contains(out, "level=WARN") || strings.Contains(out, "enquiries reach the intake bucket") ||
		!strings.Contains(out, "bucket=no-such-intake-bucket") {
		t.Fatalf("%d errors for three failed passes:\n%s", n, out)
	}

	var okLogs logbuf.Buffer
	present := newDrain(t, func(o *Options) { o.Log = slog.New(slog.NewTextHandler(&okLogs, nil)) })
	for range 2 {
		present.svc.afterPass(t.Context(), present.svc.pass(t.Context()))
	}
	if n := strings.Count(okLogs.String(), "enquiries reach the intake bucket"); n != 1 {
		t.Fatalf("reached %d times in two passes:\n%s", n, okLogs.String())
	}
}
