package store

import (
	"os"
	"syscall"
	"unsafe"
)

var pageSize = uintptr(os.Getpagesize())

// release hands the file pages that hold v (a value read in a transaction, which lies in the
// database's read-only mapping) back to the page cache when the database is read once: the
// process then holds only the pages it is reading, not every page it ever read. A later read
// maps them again from the cache.
func (db *DB) release(v []byte) {
	if !db.readOnce || len(v) == 0 {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(v)))
	start := p &^ (pageSize - 1)
	end := (p + uintptr(len(v)) + pageSize - 1) &^ (pageSize - 1)
	syscall.Syscall(syscall.SYS_MADVISE, start, end-start, syscall.MADV_DONTNEED)
}
