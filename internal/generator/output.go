package generator

import (
	"errors"
	"fmt"
	"io/fs"
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
func (o *output) removeLeftovers() {
	entries, _ := fs.ReadDir(o.gens.FS(), ".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") || strings.HasPrefix(e.Name(), "legacy-") {
			o.gens.RemoveAll(e.Name())
		}
	}
}

// swapLink points the output link at the generation name in one rename, so a reader sees the
// old site or the new one, never a mix. A real folder at the link's place (from before
// generations) is moved aside first.
func (o *output) swapLink(name string) error {
	target := filepath.Join("."+o.link, name)
	tmp := o.link + ".swap-" + randHex(4)
	if err := o.dir.Symlink(target, tmp); err != nil {
		return err
	}
	if st, err := o.dir.Lstat(o.link); err == nil && st.IsDir() {
		aside := filepath.Join("."+o.link, "legacy-"+randHex(4))
		if err := o.dir.Rename(o.link, aside); err != nil {
			o.dir.Remove(tmp)
			return fmt.Errorf("move the old %s aside: %w", o.link, err)
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
