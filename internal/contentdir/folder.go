// Package contentdir reads the content/ folder, what the agency writes rarely and keeps in git: its
// facts (site.yaml), the copy of every page (pages/*.md), the hand-written landing pages
// (landing/*.md) and the collections (collections/*.yaml). Markdown goes through goldmark; YAML,
// front matter included, is decoded strictly, so an unknown field is an error, and every error
// names its file. The package knows the folder's layout, not what a build makes of it.
package contentdir

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"gopkg.in/yaml.v3"

	"digitalreeviver/internal/domain"
)

// Content is everything the content folder holds.
type Content struct {
	Site          Site
	Pages         map[string]Page    // pages/<name>.md by name: "about", "contactus", "404"
	Landings      map[string]Landing // landing/<slug>.md by slug
	Home          Home               // collections/home.yaml
	Industries    []Industry         // collections/industries.yaml
	Testimonials  []Testimonial      // collections/testimonials.yaml
	Courses       Courses            // collections/courses.yaml
	SectionTitles map[string]string  // collections/sections.yaml: section route → its title
}

// RequiredPages are the files pages/ must hold, one for each page of the site that is not a
// record or a landing page.
var RequiredPages = []string{"home", "about", "contactus", "thank-you", "blog", "OurServices", "courses",
	"privacy-policy", "terms-conditions", "404"}

var siteKeyPattern = regexp.MustCompile(`^[0-9A-Za-z_-]{8,128}$`)

// ValidSiteKey reports whether k looks like a Cloudflare Turnstile site key ("0x4AAAAAAA…"),
// the only thing of it the pages and their policy carry.
func ValidSiteKey(k string) bool { return siteKeyPattern.MatchString(k) }

// Load reads the content folder at dir.
func Load(dir string) (*Content, error) {
	c := &Content{}
	if err := readYAML(filepath.Join(dir, "site.yaml"), &c.Site); err != nil {
		return nil, err
	}
	if err := c.Site.check(filepath.Join(dir, "site.yaml")); err != nil {
		return nil, err
	}
	if err := c.Site.checkLeads(); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "site.yaml"), err)
	}
	var err error
	if c.Pages, err = readPages(filepath.Join(dir, "pages"), c.Site.Facts); err != nil {
		return nil, err
	}
	if c.Landings, err = readLandings(filepath.Join(dir, "landing"), c.Site.Facts); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		v    any
	}{{"home.yaml", &c.Home}, {"industries.yaml", &c.Industries}, {"testimonials.yaml", &c.Testimonials},
		{"courses.yaml", &c.Courses}, {"sections.yaml", &c.SectionTitles}} {
		if err := readYAML(filepath.Join(dir, "collections", f.name), f.v); err != nil {
			return nil, err
		}
	}
	c.Home.About.HTML = MarkdownHTML(c.Home.About.Text)
	return c, nil
}

// LoadSite reads only site.yaml of the content folder at dir (what the admin server needs of
// it: the default country and the time zone of the enquiries).
func LoadSite(dir string) (Site, error) {
	var s Site
	path := filepath.Join(dir, "site.yaml")
	if err := readYAML(path, &s); err != nil {
		return s, err
	}
	return s, s.check(path)
}

var countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)

// check holds site.yaml to its rules, naming the file.
func (s *Site) check(path string) error {
	if s.Name == "" || s.BaseURL == "" {
		return fmt.Errorf("%s: name and baseUrl are required", path)
	}
	if err := domain.CheckSiteURL(s.BaseURL); err != nil {
		return fmt.Errorf("%s: baseUrl %w", path, err)
	}
	if s.FormEndpoint != "" {
		if err := domain.CheckFormEndpoint(s.FormEndpoint); err != nil {
			return fmt.Errorf("%s: formEndpoint %w", path, err)
		}
	}
	if k := s.TurnstileSiteKey; k != "" && !ValidSiteKey(k) {
		return fmt.Errorf("%s: turnstileSiteKey %q is not a Turnstile site key (letters, digits, - and _)", path, k)
	}
	s.DefaultCountry = strings.ToUpper(strings.TrimSpace(s.DefaultCountry))
	if s.DefaultCountry != "" && !countryPattern.MatchString(s.DefaultCountry) {
		return fmt.Errorf("%s: defaultCountry %q is not a two-letter country code (IN, US, GB…)", path, s.DefaultCountry)
	}
	if s.TimeZone != "" {
		if _, err := time.LoadLocation(s.TimeZone); err != nil || s.TimeZone == "Local" {
			return fmt.Errorf("%s: timeZone %q is not a time zone name (Asia/Kolkata, Europe/London…)", path, s.TimeZone)
		}
	}
	return nil
}

// LandingSlugs lists the landing pages' slugs, sorted.
func (c *Content) LandingSlugs() []string {
	slugs := make([]string, 0, len(c.Landings))
	for s := range c.Landings {
		slugs = append(slugs, s)
	}
	sort.Strings(slugs)
	return slugs
}

func readPages(dir string, facts Facts) (map[string]Page, error) {
	pages := map[string]Page{}
	err := eachMarkdown(dir, func(name, path string, front, body []byte) error {
		var p Page
		if err := decodeFrontMatter(front, &p); err != nil {
			return fmt.Errorf("%s: front matter: %w", path, err)
		}
		p.Head = p.Head.expand(facts)
		p.Heading, p.Intro, p.Text = facts.Expand(p.Heading), facts.Expand(p.Intro), facts.Expand(p.Text)
		p.HTML = MarkdownHTML(string(body))
		p.Sections = splitSections(p.HTML)
		pages[name] = p
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, name := range RequiredPages {
		if _, ok := pages[name]; !ok {
			return nil, fmt.Errorf("load content: %s is missing", filepath.Join(dir, name+".md"))
		}
	}
	return pages, nil
}

func readLandings(dir string, facts Facts) (map[string]Landing, error) {
	landings := map[string]Landing{}
	err := eachMarkdown(dir, func(slug, path string, front, body []byte) error {
		switch {
		case domain.ReservedSlug(slug):
			return fmt.Errorf("%s: a landing page's address is its file's name, and /%s/ is already a page of the site: "+
				"rename the file (such as seo-services-in-noida.md)", path, slug)
		case !domain.ValidSlug(slug):
			return fmt.Errorf("%s: a landing page's address is its file's name, and %q is not one: "+
				"rename the file with lowercase letters, digits and hyphens (such as seo-services-in-noida.md)", path, slug)
		}
		var l Landing
		if err := decodeFrontMatter(front, &l); err != nil {
			return fmt.Errorf("%s: front matter: %w", path, err)
		}
		if l.Title == "" || l.Description == "" || l.Keywords == "" || l.Hero.Heading == "" || l.Hero.CTA.Href == "" || l.Hero.CTA.Label == "" {
			return fmt.Errorf("%s: title, description, keywords, hero.heading and hero.cta (href and label) are required", path)
		}
		l.Head = l.Head.expand(facts)
		l.Sections = splitSections(MarkdownHTML(string(body)))
		landings[slug] = l
		return nil
	})
	return landings, err
}

// eachMarkdown calls fn for every .md file of dir, in name order, with its name without the
// extension, its front matter and its body.
func eachMarkdown(dir string, fn func(name, path string, front, body []byte) error) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("load content: %w", err)
		}
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("load content: %w", err)
		}
		front, body := splitFrontMatter(src)
		if err := fn(strings.TrimSuffix(filepath.Base(path), ".md"), path, front, body); err != nil {
			return err
		}
	}
	return nil
}

// splitFrontMatter cuts a markdown file into its YAML front matter, between a first line of
// dashes and the next one, and the body after it.
func splitFrontMatter(src []byte) (front, body []byte) {
	first, rest, ok := bytes.Cut(src, []byte("\n"))
	if !ok || !isDashes(first) {
		return nil, src
	}
	for off := 0; off < len(rest); {
		line, _, _ := bytes.Cut(rest[off:], []byte("\n"))
		next := min(off+len(line)+1, len(rest))
		if isDashes(line) {
			return rest[:off], rest[next:]
		}
		off = next
	}
	return nil, src
}

func isDashes(line []byte) bool {
	line = bytes.TrimSpace(line)
	return len(line) >= 3 && len(bytes.Trim(line, "-")) == 0
}

func readYAML(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("load content: %w", err)
	}
	if err := decodeStrict(b, v); err != nil {
		return fmt.Errorf("load content: %s: %w", path, err)
	}
	return nil
}

// decodeStrict decodes YAML into v, refusing fields v does not have.
func decodeStrict(b []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	return dec.Decode(v)
}

// decodeFrontMatter is decodeStrict for front matter, which may be empty or absent. The lines
// its errors name are the file's (the front matter starts on the second).
func decodeFrontMatter(b []byte, v any) error {
	if err := decodeStrict(b, v); err != nil && !errors.Is(err, io.EOF) {
		return linesOfTheFile(err, 1)
	}
	return nil
}

var yamlLine = regexp.MustCompile(`\bline (\d+):`)

// linesOfTheFile is err with each "line N:" of YAML's counted from the file's first line, the
// YAML having started after offset lines of it.
func linesOfTheFile(err error, offset int) error {
	msg := yamlLine.ReplaceAllStringFunc(err.Error(), func(m string) string {
		n, _ := strconv.Atoi(yamlLine.FindStringSubmatch(m)[1])
		return "line " + strconv.Itoa(n+offset) + ":"
	})
	msg = strings.TrimPrefix(msg, "yaml: ")
	// "unmarshal errors:\n  line 3: …\n  line 5: …" on one line
	msg = strings.ReplaceAll(strings.TrimPrefix(msg, "unmarshal errors:\n  "), "\n  ", "; ")
	return errors.New(msg)
}

var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// MarkdownHTML renders markdown (a page's body, or a YAML text field) to HTML.
func MarkdownHTML(src string) string {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(src), &buf); err != nil {
		return ""
	}
	return buf.String()
}
