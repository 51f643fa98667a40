// Package disk knows what the server needs of the file systems it writes to: how much room is
// left on one (Space), and whether an error means there was none (IsFull), so a full disk is
// answered for what it is rather than as an internal error.
package disk

import (
	"errors"
	"syscall"
)

// IsFull reports whether err is a write refused for want of room: the file system is full
// (ENOSPC) or the owner's quota is used up (EDQUOT).
func IsFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// Space is the room on the file system that holds a folder, in bytes: Free is what an
// unprivileged writer may still use.
type Space struct {
	Free  uint64 `json:"free"`
	Total uint64 `json:"total"`
}

// lowBytes is the free space under which a large disk is low, whatever its share.
const lowBytes = 1 << 30

// Low reports whether the space is running out: less than a tenth of the file system is free,
// or, on one of 10 GiB or more, less than 1 GiB. An upload is at most 5 MB, but a build writes a
// whole generation of the site, and a backup a copy of the database.
func (s Space) Low() bool {
	if s.Total == 0 {
		return false
	}
	return s.Free < s.Total/10 || s.Total >= 10*lowBytes && s.Free < lowBytes
}
