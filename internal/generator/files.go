package generator

import (
	"digitalreeviver/internal/workers"

	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// writer writes the files of one generation, creating folders once.
type writer struct {
	root string
	dirs sync.Map
}

func (w *writer) mkdir(rel string) error {
	return w.ensureDir(filepath.Dir(filepath.Join(w.root, filepath.FromSlash(rel))))
}

// ensureDir makes dir and its missing parents with one mkdir call each (no stat first, as
// os.MkdirAll does): a generation has a folder per page, so this is a large part of its cost.
func (w *writer) ensureDir(dir string) error {
	if _, ok := w.dirs.Load(dir); ok || dir == w.root {
		return nil
	}
	err := os.Mkdir(dir, 0o755)
	if errors.Is(err, fs.ErrNotExist) {
		if err := w.ensureDir(filepath.Dir(dir)); err != nil {
			return err
		}
		err = os.Mkdir(dir, 0o755)
	}
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	w.dirs.Store(dir, true)
	return nil
}

func (w *writer) write(rel string, data []byte) error {
	if err := w.mkdir(rel); err != nil {
		return err
	}
	dst := filepath.Join(w.root, filepath.FromSlash(rel))
	// A reused generation's file may be a hard link into a live one: replace it, never write
	// through it. A new generation has none, so the removal waits for the file to be there.
	err := createFile(dst, data)
	if errors.Is(err, fs.ErrExist) {
		os.Remove(dst)
		err = createFile(dst, data)
	}
	return err
}

// remove deletes a file of a reused generation, and its folder when that is left empty.
func (w *writer) remove(rel string) {
	p := filepath.Join(w.root, filepath.FromSlash(rel))
	os.Remove(p)
	for dir := filepath.Dir(p); dir != w.root && strings.HasPrefix(dir, w.root); dir = filepath.Dir(dir) {
		if os.Remove(dir) != nil {
			break
		}
	}
}

// link hard-links src into the generation, copying when the file system refuses.
func (w *writer) link(src, rel string) error {
	if err := w.mkdir(rel); err != nil {
		return err
	}
	dst := filepath.Join(w.root, filepath.FromSlash(rel))
	err := os.Link(src, dst)
	if errors.Is(err, fs.ErrExist) {
		os.Remove(dst)
		err = os.Link(src, dst)
	}
	if err == nil {
		return nil
	}
	return copyFile(src, dst)
}

func (w *writer) copy(src, rel string) error {
	if err := w.mkdir(rel); err != nil {
		return err
	}
	dst := filepath.Join(w.root, filepath.FromSlash(rel))
	// Never write through an existing (possibly hard-linked) file: replace it.
	os.Remove(dst)
	return copyFile(src, dst)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// parallel runs fn for 0..n-1 on a few goroutines and returns the first error.
func parallel(n int, fn func(i int) error) error { return workers.Each(4, n, fn) }

func parallelN(limit, n int, fn func(i int) error) error { return workers.Each(limit, n, fn) }
