package generator

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
)

// imageCache finds the intrinsic size of the images pages use, so every <img> gets width and
// height and the layout does not jump.
type imageCache struct {
	dirs  map[string][]string // URL prefix → folders that may hold the file
	mu    sync.Mutex
	sizes map[string][2]int
	// The variants of the uploads the build uses (by upload name), and the media library's
	// alt texts. A preview has no sets and reads the variants cache without making any.
	sets    map[string]*media.Set
	alts    map[string]string
	preview *media.Cache
	warn    func(msg string, args ...any)
}

func newImageCache(contentDir, clientDir, uploadsDir string, warn func(string, ...any)) *imageCache {
	return &imageCache{
		warn: warn,
		dirs: map[string][]string{
			"/images/":  {filepath.Join(contentDir, "images"), filepath.Join(clientDir, "images")},
			"/uploads/": {uploadsDir},
		},
		sizes: map[string][2]int{},
	}
}

// file returns the local file behind a site URL path, or "".
func (c *imageCache) file(src string) string {
	for prefix, dirs := range c.dirs {
		rest, ok := strings.CutPrefix(src, prefix)
		if !ok || rest == "" || strings.Contains(rest, "..") {
			continue
		}
		for _, d := range dirs {
			if d == "" {
				continue
			}
			p := filepath.Join(d, filepath.FromSlash(rest))
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p
			}
		}
	}
	return ""
}

// image returns an Image for src, falling back to fallback when src is empty or names a local
// file that does not exist.
func (c *imageCache) image(src, alt, fallback string) Image {
	src = strings.TrimSpace(src)
	if src != "" && !strings.HasPrefix(src, "/") && !strings.Contains(src, ":") {
		src = "/uploads/" + src // a bare file name from the old backend's uploads folder
	}
	if src == "" || (strings.HasPrefix(src, "/") && c.size(src) == [2]int{}) {
		src = fallback
	}
	if src == "" {
		return Image{}
	}
	sz := c.size(src)
	if sz == [2]int{} {
		sz = [2]int{1200, 630}
	}
	img := Image{Src: src, Alt: alt, Width: sz[0], Height: sz[1]}
	if name := domain.UploadNameOf(src); name != "" {
		if a := c.alts[name]; a != "" {
			img.Alt = a
		}
		responsive(&img, c.setOf(name))
	}
	return img
}

// setOf returns the variants of the upload name: the build's, or for a preview the ones the
// cache holds already.
func (c *imageCache) setOf(name string) *media.Set {
	if s, ok := c.sets[name]; ok || c.preview == nil {
		return s
	}
	if p := c.file("/uploads/" + name); p != "" {
		if s, ok := c.preview.Cached(p); ok {
			return s
		}
	}
	return nil
}

func (c *imageCache) size(src string) [2]int {
	c.mu.Lock()
	if sz, ok := c.sizes[src]; ok {
		c.mu.Unlock()
		return sz
	}
	c.mu.Unlock()
	var sz [2]int
	if strings.HasPrefix(src, "/") {
		if p := c.file(src); p != "" {
			var err error
			if sz, err = readSize(p); err != nil {
				// Shown as if missing: the page takes its fallback image.
				c.warn("build: image refused; pages show their fallback image", "image", src, "err", err)
			}
		}
	} else if strings.HasPrefix(src, "http") || strings.HasPrefix(src, "data:") {
		sz = [2]int{1200, 630}
	}
	c.mu.Lock()
	c.sizes[src] = sz
	c.mu.Unlock()
	return sz
}

var (
	svgWidth   = regexp.MustCompile(`\bwidth="([0-9.]+)`)
	svgHeight  = regexp.MustCompile(`\bheight="([0-9.]+)`)
	svgViewBox = regexp.MustCompile(`\bviewBox="[-0-9.]+[ ,]+[-0-9.]+[ ,]+([0-9.]+)[ ,]+([0-9.]+)"`)
)

// readSize reads the width and height of an image file from its header: an SVG's attributes,
// or a raster image's header within the limits every image is held to (media.ImageHeader); an
// image over them is an error, and nothing is read of one that is not an image.
func readSize(path string) ([2]int, error) {
	if !strings.HasSuffix(strings.ToLower(path), ".svg") {
		info, err := media.ImageHeader(path)
		if media.IsRefused(err) && !errors.Is(err, media.ErrNotImage) {
			return [2]int{}, err
		}
		return [2]int{info.Width, info.Height}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return [2]int{}, nil
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := f.Read(head)
	head = head[:n]
	i := bytes.Index(head, []byte("<svg"))
	if i < 0 {
		return [2]int{}, nil
	}
	tag := head[i:]
	if j := bytes.IndexByte(tag, '>'); j > 0 {
		tag = tag[:j]
	}
	w, h := svgWidth.FindSubmatch(tag), svgHeight.FindSubmatch(tag)
	if w != nil && h != nil {
		return [2]int{atoi(w[1]), atoi(h[1])}, nil
	}
	if vb := svgViewBox.FindSubmatch(tag); vb != nil {
		return [2]int{atoi(vb[1]), atoi(vb[2])}, nil
	}
	return [2]int{}, nil
}

func atoi(b []byte) int {
	f, _ := strconv.ParseFloat(string(b), 64)
	return int(f + 0.5)
}

// uploadsUsed lists the upload file names referenced by the given strings: each
// "/uploads/NAME" with NAME of letters, digits, ".", "_" and "-" (what the regular expression
// `/uploads/([A-Za-z0-9._-]+)` finds, scanned by hand: a publish scans every record's text, and
// the scan is a fast substring search where the expression was a twelfth of a publish).
func uploadsUsed(texts ...string) []string {
	const prefix = "/uploads/"
	seen := map[string]bool{}
	var out []string
	for _, t := range texts {
		for {
			i := strings.Index(t, prefix)
			if i < 0 {
				break
			}
			t = t[i+len(prefix):]
			n := 0
			for n < len(t) && uploadNameByte(t[n]) {
				n++
			}
			if name := t[:n]; n > 0 && !seen[name] && !strings.HasPrefix(name, ".") {
				seen[name] = true
				out = append(out, name)
			}
			t = t[n:]
		}
	}
	return out
}

func uploadNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
}

// imageFiles lists files under dir (relative, slash-separated), sorted.
func imageFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return filepath.SkipDir
			}
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}
