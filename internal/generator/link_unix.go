//go:build unix

package generator

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// hardLink makes name in the folder dir a hard link to the file src (linkat relative to the
// folder's descriptor: the new name is looked up in dir alone).
func hardLink(src string, dir *os.File, name string) error {
	raw, err := dir.SyscallConn()
	if err != nil {
		return err
	}
	var linkErr error
	if err := raw.Control(func(fd uintptr) {
		linkErr = unix.Linkat(unix.AT_FDCWD, src, int(fd), name, 0)
	}); err != nil {
		return err
	}
	if linkErr != nil {
		return &fs.PathError{Op: "link", Path: src, Err: linkErr}
	}
	return nil
}
