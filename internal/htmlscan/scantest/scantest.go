// Package scantest makes the generated fragments the tests of htmlscan's users compare the
// direct scanner with the tokenizer on: deterministic, and replayable from the printed seed.
package scantest

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Fragments calls check with n fragments of 1 to maxPieces+1 pieces each, drawn from pieces by
// a generator seeded with seed, or with the seed in the environment variable env when it is set
// (the seed is logged, so a failure names its replay). check gets the generator too, for any
// further choice it makes.
func Fragments(t testing.TB, env string, seed uint64, pieces []string, maxPieces, n int, check func(r *rand.Rand, frag string)) {
	t.Helper()
	if s := os.Getenv(env); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q: not a seed", env, s)
		}
		seed = v
	}
	t.Logf("seed %d (%s=%d replays it)", seed, env, seed)
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n; i++ {
		var b strings.Builder
		for k := r.IntN(maxPieces); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		check(r, b.String())
	}
}
