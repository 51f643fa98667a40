package contentdir

import "strings"

// The types of the content folder's files. Where the renderer shows a value as it is written,
// the type also carries the renderer's JSON names (site/src/types.ts).

// Facts are the agency's facts that every page shows.
type Facts struct {
	Name         string    `yaml:"name" json:"name"`
	Tagline      string    `yaml:"tagline" json:"tagline"`
	BaseURL      string    `yaml:"baseUrl" json:"baseUrl"`
	Phone        string    `yaml:"phone" json:"phone"` // as dialled (tel:)
	PhoneDisplay string    `yaml:"phoneDisplay" json:"phoneDisplay"`
	Email        string    `yaml:"email" json:"email"`
	Addresses    []Address `yaml:"addresses" json:"addresses"`
	Hours        string    `yaml:"hours" json:"hours"`
	Rating       float64   `yaml:"rating" json:"rating"`
	RatingOutOf  float64   `yaml:"ratingOutOf" json:"ratingOutOf"`
	Founded      int       `yaml:"founded" json:"founded"`
	Clients      int       `yaml:"clients" json:"clients"`
	Social       []Social  `yaml:"social" json:"social"`
	ChatURL      string    `yaml:"chatUrl" json:"chatUrl"`
	MapEmbedURL  string    `yaml:"mapEmbedUrl" json:"mapEmbedUrl"`
}

// Expand replaces the facts named in s, as {name}, {tagline}, {phone}, {phoneDisplay},
// {email} or {hours}, so page copy can quote them without repeating them.
func (f Facts) Expand(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	return strings.NewReplacer("{name}", f.Name, "{tagline}", f.Tagline, "{phone}", f.Phone,
		"{phoneDisplay}", f.PhoneDisplay, "{email}", f.Email, "{hours}", f.Hours).Replace(s)
}

// Site is site.yaml: the facts, and what the site is built with.
type Site struct {
	Facts        `yaml:",inline"`
	RatingCount  int    `yaml:"ratingCount"`
	FormEndpoint string `yaml:"formEndpoint"`
	// TurnstileSiteKey is Cloudflare Turnstile's (public) site key: the forms then carry its
	// widget and send its token, which adminapi checks with TURNSTILE_SECRET. Empty: no widget,
	// no outside script.
	TurnstileSiteKey string `yaml:"turnstileSiteKey"`
	// Attribution is where-leads-come-from's setting: notice (default), consent or off (see
	// domain.AttributionMode).
	Attribution string `yaml:"attribution"`
	// DefaultCountry is the country (ISO 3166 alpha-2, "IN") the forms' phone numbers are read
	// in when the visitor's own locale and time zone name none the forms know.
	DefaultCountry string `yaml:"defaultCountry"`
	// TimeZone is the site's time zone ("Asia/Kolkata"): the times of mail and of the
	// enquiries' CSV are written in it, with their offset, and the visitor counts' days and
	// the Google Ads export's times are taken in it. Empty: UTC.
	TimeZone           string       `yaml:"timeZone"`
	DefaultDescription string       `yaml:"defaultDescription"`
	DefaultKeywords    string       `yaml:"defaultKeywords"`
	KeywordFallback    string       `yaml:"keywordFallback"` // a record's keywords when it has none (SPEC §9)
	ServicesMenu       []Link       `yaml:"servicesMenu"`
	FooterLinks        []Link       `yaml:"footerLinks"`
	Organisation       Organisation `yaml:"organisation"`
}

// Organisation is what structured data says of the business beyond the facts.
type Organisation struct {
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

// Head is the copy of a page's <head>. An empty description or keywords falls back to
// site.yaml's defaults.
type Head struct {
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	Keywords    string `yaml:"keywords"`
}

func (h Head) expand(f Facts) Head {
	return Head{Title: f.Expand(h.Title), Description: f.Expand(h.Description), Keywords: f.Expand(h.Keywords)}
}

// Page is a file of pages/: the copy of one page, and its markdown body.
type Page struct {
	Head           `yaml:",inline"`
	Heading        string       `yaml:"heading"` // the page's h1, where it is not the title
	Intro          string       `yaml:"intro"`
	Text           string       `yaml:"text"`
	Updated        string       `yaml:"updated"`        // a policy's last change
	ArchiveHeading string       `yaml:"archiveHeading"` // the blog's archive pages; {page} is the number
	Values         []TitledText `yaml:"values"`         // the about page's values
	Team           []Person     `yaml:"team"`           // the about page's team
	HTML           string       `yaml:"-"`              // the body
	Sections       []Section    `yaml:"-"`              // the body cut at each level-2 heading
}

// Person is a member of the team.
type Person struct {
	Name  string `yaml:"name"`
	Role  string `yaml:"role"`
	Image string `yaml:"image"`
}

// Landing is a file of landing/: a hand-written service page at /<slug>/, its slug the file's
// name. The published service record of the same slug adds its text and may override the head.
type Landing struct {
	Head       `yaml:",inline"`
	Service    string    `yaml:"service"` // the service's name in structured data
	Hero       Hero      `yaml:"hero"`
	Highlights []Stat    `yaml:"highlights"`
	Faqs       []Faq     `yaml:"faqs"`
	Sections   []Section `yaml:"-"` // the body cut at each level-2 heading
}

// Hero is the top of a landing page.
type Hero struct {
	Eyebrow string `yaml:"eyebrow"`
	Heading string `yaml:"heading"`
	Text    string `yaml:"text"`
	Image   string `yaml:"image"`
	CTA     Link   `yaml:"cta"`
}

// Faq is a question and its answer.
type Faq struct {
	Question string `yaml:"question" json:"question"`
	Answer   string `yaml:"answer" json:"answer"`
}

// Home is collections/home.yaml.
type Home struct {
	Slides []struct {
		Title string `yaml:"title"`
		Text  string `yaml:"text"`
		Href  string `yaml:"href"`
		Image string `yaml:"image"`
	} `yaml:"slides"`
	About struct {
		Heading string `yaml:"heading"`
		Text    string `yaml:"text"` // markdown
		Image   string `yaml:"image"`
		HTML    string `yaml:"-"` // Text rendered
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

// Industry is an industry the agency serves (collections/industries.yaml).
type Industry struct {
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description" json:"description"`
	Icon        string `yaml:"icon" json:"icon"` // a lucide icon name
}

// Testimonial is a client's or a student's word, as collections/ write it.
type Testimonial struct {
	Text   string `yaml:"text"`
	Author string `yaml:"author"`
	Role   string `yaml:"role"`
	Image  string `yaml:"image"`
	Rating int    `yaml:"rating"` // out of 5; 0 when not given
}

// Courses is collections/courses.yaml.
type Courses struct {
	Courses []struct {
		Name        string   `yaml:"name"`
		Level       string   `yaml:"level"`
		Duration    string   `yaml:"duration"`
		Description string   `yaml:"description"`
		Modules     []string `yaml:"modules"`
		Href        string   `yaml:"href"`
		Image       string   `yaml:"image"`
	} `yaml:"courses"`
	WhyChoose           []TitledText  `yaml:"whyChoose"`
	StudentTestimonials []Testimonial `yaml:"studentTestimonials"`
}

// TitledText is a title with a paragraph.
type TitledText struct {
	Title string `yaml:"title" json:"title"`
	Text  string `yaml:"text" json:"text"`
}
