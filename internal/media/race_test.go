//go:build race

package media

// raceEnabled: the race detector makes the tests that only compute (no goroutine of their own)
// take minutes; they skip under it and make test runs them once more without it.
const raceEnabled = true
