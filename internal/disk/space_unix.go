//go:build unix

package disk

import (
	"errors"
	"io/fs"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// SpaceOf measures the file system that holds path (statfs): for a folder not made yet, the one
// of its nearest existing parent, where it will be made.
func SpaceOf(path string) (Space, error) {
	var st unix.Statfs_t
	for {
		err := unix.Statfs(path, &st)
		if err == nil {
			break
		}
		parent := filepath.Dir(path)
		if !errors.Is(err, fs.ErrNotExist) || parent == path {
			return Space{}, err
		}
		path = parent
	}
	bs := uint64(st.Bsize)
	return Space{Free: uint64(st.Bavail) * bs, Total: uint64(st.Blocks) * bs}, nil
}
