// Package atomicfile writes a file so that a crash leaves either all of it or none: through a
// synced temporary file beside it, renamed into place, and the folder synced after.
package atomicfile

import (
	"os"
	"path/filepath"
)

// tempPattern names the temporary files: a process killed between their creation and their
// rename leaves one, which RemoveTemps clears.
const tempPattern = ".tmp-*"

// RemoveTemps removes the temporary files a killed writer left in dir (not its subfolders) and
// answers how many. Call it only while no other writer can be at work there (the server calls it
// at start, holding the database's lock).
func RemoveTemps(dir string) (int, error) {
	names, err := filepath.Glob(filepath.Join(dir, tempPattern))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range names {
		if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if err := os.Remove(p); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Write writes data to dir/name (mode 0644), creating dir when missing. When it returns nil the
// file and its name are on disk.
func Write(dir, name string, data []byte) error { return WriteMode(dir, name, data, 0o644) }

// WriteMode is Write with the file's mode (0600 for what only its owner may read).
func WriteMode(dir, name string, data []byte, mode os.FileMode) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, tempPattern)
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), mode)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	// The rename is durable only once the folder is synced.
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
