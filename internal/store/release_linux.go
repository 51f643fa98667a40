package store

import (
	"os"
	"syscall"
)

// releaseEvery is how many bytes of records a database read once reads between two releases,
// and releaseAbove the file size below which it keeps what it reads mapped: a page mapped again
// costs a fault, and a small file costs little memory.
const (
	releaseEvery = 8 << 20
	releaseAbove = 64 << 20
)

// release counts the bytes of v, a record read from a database read once (Options.ReadOnce),
// and every releaseEvery bytes hands the file's pages back to the page cache: the process then
// holds the pages of the records read since, not every page it ever read. A later read maps its
// pages again from the cache. (Per record it would not do: a fault maps the whole large folio
// the page lies in, up to 2 MiB, with the pages of the records beside it.)
func (db *DB) release(v []byte) {
	if !db.readOnce || db.size <= releaseAbove || db.unreleased.Add(int64(len(v))) < releaseEvery {
		return
	}
	db.releaseAll()
}

// releaseAll hands every page of the file's mapping back to the page cache (a read-once
// database is read-only, so its mapping never moves).
func (db *DB) releaseAll() {
	if !db.readOnce {
		return
	}
	db.unreleased.Store(0)
	size := db.size
	if size <= releaseAbove {
		return
	}
	page := int64(os.Getpagesize())
	size = (size + page - 1) / page * page
	syscall.Syscall(syscall.SYS_MADVISE, db.bolt.Info().Data, uintptr(size), syscall.MADV_DONTNEED)
}
