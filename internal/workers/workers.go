// Package workers runs the iterations of a loop on a bounded number of goroutines.
package workers

import (
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// Each calls fn for 0..n-1 on at most limit goroutines and returns the first error; once a
// call has failed, no new call starts.
func Each(limit, n int, fn func(i int) error) error {
	var g errgroup.Group
	g.SetLimit(max(limit, 1))
	var failed atomic.Bool
	for i := 0; i < n && !failed.Load(); i++ {
		g.Go(func() error {
			if failed.Load() {
				return nil
			}
			err := fn(i)
			if err != nil {
				failed.Store(true)
			}
			return err
		})
	}
	return g.Wait()
}
