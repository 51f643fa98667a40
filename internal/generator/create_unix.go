//go:build unix

package generator

import (
	"io/fs"
	"syscall"
)

// createFile makes the new file path holding data, failing if it exists: open, write, close
// and nothing else (os.OpenFile adds a poller registration that a regular file refuses, and
// an os.File around the descriptor), since a build writes thousands of files.
func createFile(path string, data []byte) error {
	fd, err := syscall.Open(path, syscall.O_CREAT|syscall.O_EXCL|syscall.O_WRONLY|syscall.O_CLOEXEC, 0o644)
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: err}
	}
	for len(data) > 0 {
		n, err := syscall.Write(fd, data)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			syscall.Close(fd)
			return &fs.PathError{Op: "write", Path: path, Err: err}
		}
		data = data[n:]
	}
	if err := syscall.Close(fd); err != nil {
		return &fs.PathError{Op: "close", Path: path, Err: err}
	}
	return nil
}
