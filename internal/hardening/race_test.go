//go:build race

package hardening

// raceEnabled: the test binary runs under the race detector, so adminapi is built with -race
// too for the tests about concurrency in the server (opts.race), where a data race fails them.
const raceEnabled = true
