package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
)

// output is where a site is written, opened as os.Roots: the folder that holds the output link
// ("dist") and the generations' folder (".dist"), and that folder in turn. Every change a build,
// a prune or a rollback makes goes through them by name: a new generation is made, filled
// (through a writer, an os.Root of its own), renamed and linked, and old ones removed, each
// named inside these folders, so no mistake in a name can touch anything outside them.
type output struct {
	dir  *os.Root // the folder holding the link and the generations
	link string   // the link's name in dir ("dist")
	gens *os.Root // the generations' folder, dir/"."+link
}

// openOutput opens the folders of the output link out, making them when missing.
func openOutput(out string) (*output, error) {
	parent, link := filepath.Split(filepath.Clean(out))
	if link == "" || link == "." || link == ".." {
		return nil, fmt.Errorf("output %q: expected a folder name such as dist", out)
	}
	if parent == "" {
		parent = "."
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	dir, err := os.OpenRoot(parent)
	if err != nil {
		return nil, err
	}
	if err := dir.Mkdir("."+link, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		dir.Close()
		return nil, err
	}
	gens, err := dir.OpenRoot("." + link)
	if err != nil {
		dir.Close()
		return nil, err
	}
	return &output{dir: dir, link: link, gens: gens}, nil
}

// Close releases the folders.
func (o *output) Close() {
	o.gens.Close()
	o.dir.Close()
}

// generation opens the writer of the generation name (a folder of the generations' folder),
// making the folder when missing.
func (o *output) generation(name string) (*writer, error) {
	if err := o.gens.Mkdir(name, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, err
	}
	root, err := o.gens.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	return &writer{root: root}, nil
}

// removeLeftovers removes unfinished generations left by a crashed build and folders set aside
// by a swap or a rollback. Build calls it before it makes its own unfinished generation.
// Folders named legacy-* are not ours to remove: earlier versions moved a real folder found at
// the output's place there, and it may hold the operator's files (see checkOutput).
func (o *output) removeLeftovers() {
	entries, _ := fs.ReadDir(o.gens.FS(), ".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			o.gens.RemoveAll(e.Name())
		}
	}
}

// swapLink points the output link at the generation name in one rename, so a reader sees the
// old site or the new one, never a mix. An empty folder at the link's place is taken over; a
// folder with anything in it is refused (checkOutput), even when it appeared during the build.
func (o *output) swapLink(name string) error {
	target := filepath.Join("."+o.link, name)
	tmp := o.link + ".swap-" + randHex(4)
	if err := o.dir.Symlink(target, tmp); err != nil {
		return err
	}
	if st, err := o.dir.Lstat(o.link); err == nil && st.IsDir() {
		// Remove takes only an empty folder.
		if err := o.dir.Remove(o.link); err != nil {
			o.dir.Remove(tmp)
			return notOurs(filepath.Join(o.dir.Name(), o.link))
		}
	}
	if err := o.dir.Rename(tmp, o.link); err != nil {
		o.dir.Remove(tmp)
		return err
	}
	if d, err := o.dir.Open("."); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// NotOursError refuses an output path that holds a folder (or file) a build did not make: a
// build puts a link to the new generation in its place, and what was there would be lost.
type NotOursError struct {
	Path    string
	Entries []string // what the folder holds (nil for a file)
	IsFile  bool
}

func (e *NotOursError) Error() string {
	what := "is a file"
	if !e.IsFile {
		held := "files"
		switch n := len(e.Entries); {
		case n == 1:
			held = e.Entries[0]
		case n > 1:
			held = fmt.Sprintf("%s and %d more", e.Entries[0], n-1)
		}
		what = "is a folder that sitegen did not make (it holds " + held + ")"
	}
	return fmt.Sprintf("output %s %s: a build replaces --out with a link to the new site, so what is there would be lost. "+
		"Move it elsewhere or empty it, or pick another --out (a new folder name: sitegen makes it)", e.Path, what)
}

// notOurs is the NotOursError of the folder path.
func notOurs(path string) error {
	e := &NotOursError{Path: path}
	entries, _ := os.ReadDir(path)
	for _, d := range entries {
		e.Entries = append(e.Entries, d.Name())
	}
	return e
}

// CheckOutput is checkOutput for a server at its start: it refuses then what its first build
// would refuse later, out of sight in the builds panel.
func CheckOutput(out string, log *slog.Logger) error { return checkOutput(out, log) }

// checkOutput makes sure a build may put its link at out: nothing is there, or the link of an
// earlier build, or an empty folder (taken over). It also points at a folder that an earlier
// version of sitegen moved aside from the output's place, which is no longer removed.
func checkOutput(out string, log *slog.Logger) error {
	if matches, _ := filepath.Glob(filepath.Join(generationsDir(out), "legacy-*")); len(matches) > 0 {
		log.Warn("build: a folder found at --out was moved here by an earlier version of sitegen; it is kept: "+
			"look through it and move it elsewhere or remove it", "path", matches[0])
	}
	st, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("output %s: %w", out, err)
	case st.Mode()&os.ModeSymlink != 0:
		return nil
	case !st.IsDir():
		return &NotOursError{Path: out, IsFile: true}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	if len(entries) > 0 {
		return notOurs(out)
	}
	return nil
}
