//go:build race

package search

// raceEnabled: the race detector makes the 10,000-post budget test take minutes; make test runs
// it once more without the detector.
const raceEnabled = true
