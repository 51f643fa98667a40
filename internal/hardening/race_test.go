//go:build race

package hardening

// raceEnabled: the test binary runs under the race detector, so the binaries it starts are
// built with -race too and a data race in the server fails the test that provoked it.
const raceEnabled = true
