package generator

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
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
	// through it.
	os.Remove(dst)
	f, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
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

// swapLink points out at target in one rename, so a reader sees the old site or the new one,
// never a mix. A real folder at out (from before generations) is moved aside first.
func swapLink(out, target string) error {
	rel, err := filepath.Rel(filepath.Dir(out), target)
	if err != nil {
		rel = target
	}
	tmp := out + ".swap-" + randHex(4)
	if err := os.Symlink(rel, tmp); err != nil {
		return err
	}
	if st, err := os.Lstat(out); err == nil && st.IsDir() {
		aside := filepath.Join(filepath.Dir(target), "legacy-"+randHex(4))
		if err := os.Rename(out, aside); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("move the old %s aside: %w", out, err)
		}
	}
	if err := os.Rename(tmp, out); err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(filepath.Dir(out)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// generations lists the finished generations, oldest first.
func generations(root string) []string {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "g") && !strings.HasSuffix(e.Name(), ".tmp") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// removeLeftovers removes unfinished generations left by a crashed build and folders set aside
// by a swap or a rollback. Build calls it before it makes its own unfinished generation.
func removeLeftovers(root string) {
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") || strings.HasPrefix(e.Name(), "legacy-") {
			os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
}

// prune removes all but the newest keep finished generations; the live one always stays. It
// may run while the next build writes its own generation, so it never touches unfinished ones.
func prune(root, live string, keep int, log *slog.Logger) {
	gens := generations(root)
	for i := 0; i < len(gens)-keep; i++ {
		p := filepath.Join(root, gens[i])
		if p == live {
			continue
		}
		if err := os.RemoveAll(p); err != nil {
			log.Warn("build: prune generation", "path", p, "err", err)
		}
	}
}

// Rollback makes the generation before the live one live again and returns its name.
func Rollback(out string) (string, error) {
	live := LiveGeneration(out)
	if live == "" {
		return "", errors.New("rollback: no live generation")
	}
	gens := generations(generationsDir(out))
	for i := len(gens) - 1; i >= 0; i-- {
		if gens[i] == filepath.Base(live) {
			if i == 0 {
				return "", errors.New("rollback: no earlier generation is kept")
			}
			target := filepath.Join(generationsDir(out), gens[i-1])
			// Move the newer generation out of the way so the next build compares against
			// the one now live and a second rollback goes further back.
			if err := swapLink(out, target); err != nil {
				return "", fmt.Errorf("rollback: %w", err)
			}
			os.Rename(live, live+".rolled-back.tmp")
			return gens[i-1], nil
		}
	}
	return "", errors.New("rollback: the live generation is not among the kept ones")
}

// parallel runs fn for 0..n-1 on a few goroutines and returns the first error.
func parallel(n int, fn func(i int) error) error { return parallelN(4, n, fn) }

func parallelN(workers, n int, fn func(i int) error) error {
	if n == 0 {
		return nil
	}
	var next atomic.Int64
	var firstErr error
	var once sync.Once
	var failed atomic.Bool
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(i); err != nil {
					once.Do(func() { firstErr = err; failed.Store(true) })
					return
				}
			}
		}()
	}
	wg.Wait()
	return firstErr
}
