// Package storetest opens the real store for a test: a bbolt file in the test's temporary folder,
// closed when the test ends. No test double: the packages' tests read and write what the product does.
package storetest

import (
	"path/filepath"
	"testing"

	"digitalreeviver/internal/store"
)

// Open opens a new, empty store for tb, closed at its end.
func Open(tb testing.TB) *store.DB {
	tb.Helper()
	db, err := store.Open(filepath.Join(tb.TempDir(), "site.db"), store.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}
