package generator

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	meta "github.com/yuin/goldmark-meta"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"gopkg.in/yaml.v3"

	"digitalreeviver/internal/content"
)

// LandingSlugs are the five services with hand-written landing pages (SPEC §2).
var LandingSlugs = []string{
	"web-development-company-in-noida",
	"seo-services-in-delhi",
	"smo-company-in-delhi",
	"graphic-designer-in-delhi",
	"best-google-ads-agency-in-delhi",
}

// SiteFile is content/site.yaml: the agency's facts.
type SiteFile struct {
	Name               string    `yaml:"name"`
	Tagline            string    `yaml:"tagline"`
	BaseURL            string    `yaml:"baseUrl"`
	Phone              string    `yaml:"phone"`
	PhoneDisplay       string    `yaml:"phoneDisplay"`
	Email              string    `yaml:"email"`
	FormEndpoint       string    `yaml:"formEndpoint"`
	Addresses          []Address `yaml:"addresses"`
	Hours              string    `yaml:"hours"`
	Rating             float64   `yaml:"rating"`
	RatingOutOf        float64   `yaml:"ratingOutOf"`
	RatingCount        int       `yaml:"ratingCount"`
	Founded            int       `yaml:"founded"`
	Clients            int       `yaml:"clients"`
	Social             []Social  `yaml:"social"`
	ChatURL            string    `yaml:"chatUrl"`
	MapEmbedURL        string    `yaml:"mapEmbedUrl"`
	DefaultDescription string    `yaml:"defaultDescription"`
	DefaultKeywords    string    `yaml:"defaultKeywords"`
	KeywordFallback    string    `yaml:"keywordFallback"`
	ServicesMenu       []Link    `yaml:"servicesMenu"`
	FooterLinks        []Link    `yaml:"footerLinks"`
	Organisation       struct {
		LegalName    string   `yaml:"legalName"`
		Type         string   `yaml:"type"`
		Logo         string   `yaml:"logo"`
		PriceRange   string   `yaml:"priceRange"`
		FoundingDate string   `yaml:"foundingDate"`
		AreaServed   []string `yaml:"areaServed"`
		Geo          struct {
			Lat float64 `yaml:"lat"`
			Lng float64 `yaml:"lng"`
		} `yaml:"geo"`
		OpeningHours string `yaml:"openingHours"`
	} `yaml:"organisation"`
}

// Address is one office.
type Address struct {
	Label  string   `yaml:"label" json:"label"`
	Lines  []string `yaml:"lines" json:"lines"`
	MapURL string   `yaml:"mapUrl" json:"mapUrl,omitempty"`
}

// Social is a social-network profile.
type Social struct {
	Name string `yaml:"name" json:"name"`
	URL  string `yaml:"url" json:"url"`
}

// Link is a labelled href.
type Link struct {
	Href  string `yaml:"href" json:"href"`
	Label string `yaml:"label" json:"label"`
}

// Doc is a markdown file: its front matter and its body, rendered and split into sections.
type Doc struct {
	Path     string
	Meta     map[string]any
	HTML     string
	Sections []Section
}

// Section is a part of a markdown body that starts with a level-2 heading.
type Section struct {
	ID      string `json:"id"`
	Heading string `json:"heading"`
	HTML    string `json:"html"`
}

// Sources is everything content/ holds, loaded once per build.
type Sources struct {
	Site     SiteFile
	About    Doc
	Privacy  Doc
	Terms    Doc
	Landings map[string]Doc
	Home     HomeFile
	Industry []Industry
	Reviews  []Testimonial
	Courses  CoursesFile
}

// HomeFile is content/data/home.yaml.
type HomeFile struct {
	Slides []struct {
		Title string `yaml:"title"`
		Text  string `yaml:"text"`
		Href  string `yaml:"href"`
		Image string `yaml:"image"`
	} `yaml:"slides"`
	About struct {
		Heading string `yaml:"heading"`
		Text    string `yaml:"text"`
		Image   string `yaml:"image"`
	} `yaml:"about"`
	Tabs     []Link `yaml:"tabs"`
	Services []struct {
		Title       string `yaml:"title"`
		Description string `yaml:"description"`
		Href        string `yaml:"href"`
		Image       string `yaml:"image"`
		Tag         string `yaml:"tag"`
	} `yaml:"services"`
	Stats  []Stat           `yaml:"stats"`
	Blocks map[string]Block `yaml:"blocks"`
}

// Stat is a labelled figure.
type Stat struct {
	Label string `yaml:"label" json:"label"`
	Value string `yaml:"value" json:"value"`
}

// Block is a small home section.
type Block struct {
	Heading string      `yaml:"heading" json:"heading"`
	Text    string      `yaml:"text" json:"text"`
	Items   []BlockItem `yaml:"items" json:"items"`
}

// BlockItem is one point of a Block.
type BlockItem struct {
	Title string `yaml:"title" json:"title"`
	Text  string `yaml:"text" json:"text"`
	Icon  string `yaml:"icon" json:"icon"`
}

// Industry is an industry the agency serves.
type Industry struct {
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description" json:"description"`
	Icon        string `yaml:"icon" json:"icon"`
}

// Testimonial as written in content/data.
type Testimonial struct {
	Text   string `yaml:"text"`
	Author string `yaml:"author"`
	Role   string `yaml:"role"`
	Image  string `yaml:"image"`
	Rating int    `yaml:"rating"`
}

// CoursesFile is content/data/courses.yaml.
type CoursesFile struct {
	Courses []struct {
		Name        string   `yaml:"name"`
		Level       string   `yaml:"level"`
		Duration    string   `yaml:"duration"`
		Description string   `yaml:"description"`
		Modules     []string `yaml:"modules"`
		Href        string   `yaml:"href"`
		Image       string   `yaml:"image"`
	} `yaml:"courses"`
	WhyChoose []struct {
		Title string `yaml:"title" json:"title"`
		Text  string `yaml:"text" json:"text"`
	} `yaml:"whyChoose"`
	StudentTestimonials []Testimonial `yaml:"studentTestimonials"`
}

var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM, meta.Meta),
)

// LoadSources reads content/. Every problem names its file.
func LoadSources(dir string) (*Sources, error) {
	s := &Sources{Landings: map[string]Doc{}}
	if err := readYAML(filepath.Join(dir, "site.yaml"), &s.Site); err != nil {
		return nil, err
	}
	if s.Site.Name == "" || s.Site.BaseURL == "" {
		return nil, fmt.Errorf("%s: name and baseUrl are required", filepath.Join(dir, "site.yaml"))
	}
	var err error
	for _, d := range []struct {
		doc  *Doc
		name string
	}{{&s.About, "about"}, {&s.Privacy, "privacy-policy"}, {&s.Terms, "terms-conditions"}} {
		if *d.doc, err = readDoc(filepath.Join(dir, "pages", d.name+".md")); err != nil {
			return nil, err
		}
	}
	for _, slug := range LandingSlugs {
		doc, err := readDoc(filepath.Join(dir, "landing", slug+".md"))
		if err != nil {
			return nil, err
		}
		s.Landings[slug] = doc
	}
	if err := readYAML(filepath.Join(dir, "collections", "home.yaml"), &s.Home); err != nil {
		return nil, err
	}
	if err := readYAML(filepath.Join(dir, "collections", "industries.yaml"), &s.Industry); err != nil {
		return nil, err
	}
	if err := readYAML(filepath.Join(dir, "collections", "testimonials.yaml"), &s.Reviews); err != nil {
		return nil, err
	}
	if err := readYAML(filepath.Join(dir, "collections", "courses.yaml"), &s.Courses); err != nil {
		return nil, err
	}
	return s, nil
}

func readYAML(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("load content: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("load content: %s: %w", path, err)
	}
	return nil
}

func readDoc(path string) (Doc, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return Doc{}, fmt.Errorf("load content: %w", err)
	}
	var buf bytes.Buffer
	ctx := parser.NewContext()
	if err := markdown.Convert(src, &buf, parser.WithContext(ctx)); err != nil {
		return Doc{}, fmt.Errorf("load content: %s: %w", path, err)
	}
	m, err := meta.TryGet(ctx)
	if err != nil {
		return Doc{}, fmt.Errorf("load content: %s: front matter: %w", path, err)
	}
	d := Doc{Path: path, Meta: m, HTML: buf.String()}
	d.Sections = splitSections(d.HTML)
	return d, nil
}

// MarkdownHTML renders a markdown fragment (such as a YAML text field) to HTML.
func MarkdownHTML(src string) string {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(src), &buf); err != nil {
		return ""
	}
	return buf.String()
}

// splitSections cuts rendered HTML at each <h2>, so pages can lay sections out.
func splitSections(html string) []Section {
	parts := strings.Split(html, "<h2")
	var out []Section
	if lead := strings.TrimSpace(parts[0]); lead != "" {
		out = append(out, Section{ID: "intro", HTML: lead})
	}
	seen := map[string]int{}
	for _, p := range parts[1:] {
		end := strings.Index(p, "</h2>")
		if end < 0 {
			continue
		}
		open := strings.Index(p, ">")
		heading := content.PlainText(p[open+1 : end])
		id := slugID(heading)
		if n := seen[id]; n > 0 {
			id = fmt.Sprintf("%s-%d", id, n+1)
		}
		seen[id]++
		out = append(out, Section{ID: id, Heading: heading, HTML: strings.TrimSpace(p[end+5:])})
	}
	return out
}

func slugID(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// metaString reads a string field of front matter.
func (d Doc) metaString(key string) string {
	if v, ok := d.Meta[key]; ok {
		switch x := v.(type) {
		case string:
			return x
		case fmt.Stringer:
			return x.String()
		default:
			return fmt.Sprint(x)
		}
	}
	return ""
}

// metaDecode re-decodes a front-matter field into v through YAML.
func (d Doc) metaDecode(key string, v any) error {
	raw, ok := d.Meta[key]
	if !ok {
		return nil
	}
	b, err := yaml.Marshal(raw)
	if err != nil {
		return err
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %s: %w", d.Path, key, err)
	}
	return nil
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
