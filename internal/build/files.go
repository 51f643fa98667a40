package build

import (
	"errors"
	"fmt"
	"io"
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
	dir := filepath.Dir(filepath.Join(w.root, filepath.FromSlash(rel)))
	if _, ok := w.dirs.Load(dir); ok {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	w.dirs.Store(dir, true)
	return nil
}

func (w *writer) write(rel string, data []byte) error {
	if err := w.mkdir(rel); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(w.root, filepath.FromSlash(rel)), data, 0o644)
}

// link hard-links src into the generation, copying when the file system refuses.
func (w *writer) link(src, rel string) error {
	if err := w.mkdir(rel); err != nil {
		return err
	}
	dst := filepath.Join(w.root, filepath.FromSlash(rel))
	os.Remove(dst)
	if err := os.Link(src, dst); err == nil {
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

// prune removes unfinished generations left by a crashed build and all but the newest keep
// finished ones; the live one always stays.
func prune(root, live string, keep int, log *slog.Logger) {
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") || strings.HasPrefix(e.Name(), "legacy-") {
			os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
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
