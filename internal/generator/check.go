package generator

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// Broken is an internal link or asset of a page that does not resolve to a file of the site.
type Broken struct {
	Page string // the page's file, relative to the site
	Ref  string // the href or src as written
}

func (b Broken) String() string { return fmt.Sprintf("%s → %s", b.Page, b.Ref) }

// endpoints are served by adminapi, not by files, and may be linked.
var endpoints = map[string]bool{"/popup": true}

// CheckLinks reads every HTML page under dir and returns each internal href, src or srcset that names
// no file of the site. External links are not fetched.
func CheckLinks(dir string) ([]Broken, int, error) {
	var broken []Broken
	pages := 0
	// The output path is a symlink to the live generation; walk what it points at.
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		pages++
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		z := html.NewTokenizer(f)
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			for {
				key, val, more := z.TagAttr()
				k := string(key)
				if k == "href" || k == "src" {
					if ref := string(val); !resolves(dir, rel, ref) {
						broken = append(broken, Broken{Page: rel, Ref: ref})
					}
				}
				if k == "srcset" { // "url 480w, url 800w": every candidate must be there
					for _, cand := range strings.Split(string(val), ",") {
						if f := strings.Fields(cand); len(f) > 0 && !resolves(dir, rel, f[0]) {
							broken = append(broken, Broken{Page: rel, Ref: f[0]})
						}
					}
				}
				if !more {
					break
				}
			}
		}
		return nil
	})
	sort.Slice(broken, func(i, j int) bool { return broken[i].String() < broken[j].String() })
	return broken, pages, err
}

func resolves(dir, page, ref string) bool {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return false
	}
	if u.Scheme != "" || u.Host != "" || ref == "" || strings.HasPrefix(ref, "#") {
		return true // external, mailto:, tel: or a fragment: not ours to check
	}
	p := u.Path
	if p == "" {
		return true
	}
	if !strings.HasPrefix(p, "/") {
		p = path.Join("/", path.Dir(page), p)
	}
	if endpoints[strings.TrimSuffix(p, "/")] {
		return true
	}
	local := filepath.Join(dir, filepath.FromSlash(path.Clean(p)))
	if st, err := os.Stat(local); err == nil {
		if !st.IsDir() {
			return true
		}
		_, err := os.Stat(filepath.Join(local, "index.html"))
		return err == nil
	}
	return false
}
