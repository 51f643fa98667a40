package generator

import (
	"digitalreeviver/internal/workers"

	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
)

// writer writes the files of one generation, creating folders once. Every write goes through
// an os.Root opened on the generation's folder: a name that climbs out of it ("../", an
// absolute path) or a symlink inside it that points out is refused, so no page name, search
// file or future bug can put a file anywhere else, whatever a record held.
//
// Every path through an os.Root is opened folder by folder, so a file three folders down costs
// four opens. The folders two levels above a file ("blog" for blog/SLUG/index.html) are few and
// shared by thousands of pages: each is opened once as a root of its own (roots) and a file or
// folder is reached from there: a clean build of 1,000 posts made 7,000 opens instead of 11,200
// (strace -c). A page's own folder is not kept open: a generation has one per page.
type writer struct {
	root  *os.Root
	dirs  sync.Map // folders made, by slash-separated path in the generation
	roots sync.Map // folder → *os.Root opened on it, for the folders two levels above files
}

// close closes the generation's root and the folders opened under it.
func (w *writer) close() {
	w.roots.Range(func(k, v any) bool {
		v.(*os.Root).Close()
		w.roots.Delete(k)
		return true
	})
	w.root.Close()
}

// in returns the root to reach rel (a file or a folder of the generation) from, and rel's path
// from it: the folder two levels above rel, opened once (see writer), or the generation's root.
func (w *writer) in(rel string) (*os.Root, string, error) {
	dir := path.Dir(path.Dir(rel))
	if dir == "." || dir == "/" || !strings.HasPrefix(rel, dir+"/") {
		return w.root, rel, nil // (a name that is not clean is left to the root to judge)
	}
	if r, ok := w.roots.Load(dir); ok {
		return r.(*os.Root), rel[len(dir)+1:], nil
	}
	if err := w.ensureDir(dir); err != nil {
		return nil, "", err
	}
	r, err := w.root.OpenRoot(dir)
	if err != nil {
		return nil, "", err
	}
	if kept, loaded := w.roots.LoadOrStore(dir, r); loaded {
		r.Close()
		r = kept.(*os.Root)
	}
	return r, rel[len(dir)+1:], nil
}

// forget drops the open root of a folder that was removed (a write there makes it anew).
func (w *writer) forget(dir string) {
	if r, ok := w.roots.LoadAndDelete(dir); ok {
		r.(*os.Root).Close()
	}
}

func (w *writer) mkdir(rel string) error { return w.ensureDir(path.Dir(rel)) }

// ensureDir makes dir and its missing parents with one mkdir call each (no stat first, as
// MkdirAll does): a generation has a folder per page, so this is a large part of its cost.
func (w *writer) ensureDir(dir string) error {
	if _, ok := w.dirs.Load(dir); ok || dir == "." {
		return nil
	}
	mkdir := func() error {
		r, name, err := w.in(dir)
		if err != nil {
			return err
		}
		return r.Mkdir(name, 0o755)
	}
	err := mkdir()
	if errors.Is(err, fs.ErrNotExist) {
		if err := w.ensureDir(path.Dir(dir)); err != nil {
			return err
		}
		err = mkdir()
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
	// A reused generation's file may be a hard link into a live one: replace it, never write
	// through it. A new generation has none, so the removal waits for the file to be there.
	r, name, err := w.in(rel)
	if err != nil {
		return err
	}
	err = create(r, name, data)
	if errors.Is(err, fs.ErrExist) {
		r.Remove(name)
		err = create(r, name, data)
	}
	return err
}

// create makes the new file name of r holding data, failing if it exists.
func create(r *os.Root, name string, data []byte) error {
	f, err := r.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// remove deletes a file of a reused generation, and its folder when that is left empty.
func (w *writer) remove(rel string) {
	w.root.Remove(rel)
	for dir := path.Dir(rel); dir != "." && dir != "/"; dir = path.Dir(dir) {
		if w.root.Remove(dir) != nil {
			break
		}
		w.dirs.Delete(dir)
		w.forget(dir)
	}
}

// link hard-links src (a file of the live generation, the client bundle, the uploads) into
// the generation at rel, copying when the file system refuses.
func (w *writer) link(src, rel string) error {
	if err := w.mkdir(rel); err != nil {
		return err
	}
	err := w.linkInto(src, rel)
	if errors.Is(err, fs.ErrExist) {
		w.root.Remove(rel)
		err = w.linkInto(src, rel)
	}
	if err == nil || errors.Is(err, errOutside) {
		return err
	}
	return w.copyFile(src, rel)
}

// linkInto links src to rel: the folder of rel is opened through the root, and the link is
// made in it under rel's last name alone (hardLink), so it cannot land elsewhere either.
func (w *writer) linkInto(src, rel string) error {
	_, name := path.Split(rel)
	if name == "" || name == "." || name == ".." {
		return fmt.Errorf("link %s: %w", rel, errOutside)
	}
	r, sub, err := w.in(rel)
	if err != nil {
		return err
	}
	d, err := r.Open(path.Dir(sub))
	if err != nil {
		return err
	}
	defer d.Close()
	return hardLink(src, d, name)
}

// errOutside is a name that is not a file inside the generation.
var errOutside = errors.New("not a file name inside the generation")

func (w *writer) copy(src, rel string) error {
	if err := w.mkdir(rel); err != nil {
		return err
	}
	// Never write through an existing (possibly hard-linked) file: replace it.
	w.root.Remove(rel)
	return w.copyFile(src, rel)
}

func (w *writer) copyFile(src, rel string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := w.root.OpenFile(rel, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
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
