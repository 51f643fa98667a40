package generator

import (
	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/hostrules"
)

// The page props sent to the renderer: the contract with site/src/types.ts. It is kept by two
// tests, not by hand: TestRendererFixture writes the renderer's fixture (site/dev/fixture.json)
// from the planner's output, and the site's contract.test.ts compares every page of it with
// types.ts, so a field on one side only fails a test.

// SiteInfo is the part of the agency's facts every page gets.
type SiteInfo struct {
	contentdir.Facts
	FormEndpoint string `json:"formEndpoint"`
	// TurnstileSiteKey, when set, makes the forms render Cloudflare Turnstile's widget.
	TurnstileSiteKey string `json:"turnstileSiteKey,omitempty"`
	// DefaultCountry is the forms' country when the visitor's locale names none they know.
	DefaultCountry string            `json:"defaultCountry,omitempty"`
	ServicesMenu   []contentdir.Link `json:"servicesMenu"`
	FooterLinks    []contentdir.Link `json:"footerLinks"`
	Year           int               `json:"year"`
	// IntakeOrigin is the enquiries' intake bucket's origin, which the pages may send to.
	IntakeOrigin string `json:"-"`
	// Where leads come from (see pages.go): the attribution setting the forms follow and the
	// address the page's beacon goes to ("" sends none: the setting is off, or it is a preview).
	Attribution string `json:"attribution"`
	Beacon      string `json:"beacon,omitempty"`
}

// policy is what the site's pages may reach beyond themselves (their Content-Security-Policy).
func (s SiteInfo) policy() hostrules.Policy {
	return hostrules.Policy{FormEndpoint: s.FormEndpoint, Turnstile: s.TurnstileSiteKey != "", Intake: s.IntakeOrigin}
}

// Image is an image with its intrinsic size, so pages reserve its space.
type Image struct {
	Src    string `json:"src"`
	Alt    string `json:"alt"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// An upload's variants (see internal/media): a srcset in the original's format for the
	// <img>, and a <source> per newer format (AVIF, WebP) for the <picture> around it.
	SrcSet  string        `json:"srcset,omitempty"`
	Sources []ImageSource `json:"sources,omitempty"`
}

// Slide is one hero slide.
type Slide struct {
	Title string `json:"title"`
	Text  string `json:"text"`
	Href  string `json:"href"`
	Image Image  `json:"image"`
}

// ServiceTile is a service on the home page.
type ServiceTile struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Href        string `json:"href"`
	Image       Image  `json:"image"`
	Tag         string `json:"tag"`
}

// TestimonialProps is a testimonial as pages show it.
type TestimonialProps struct {
	Text   string `json:"text"`
	Author string `json:"author"`
	Role   string `json:"role"`
	Image  Image  `json:"image"`
	Rating int    `json:"rating,omitempty"`
}

// Course is one training course.
type Course struct {
	Name        string   `json:"name"`
	Level       string   `json:"level"`
	Duration    string   `json:"duration"`
	Description string   `json:"description"`
	Modules     []string `json:"modules"`
	Href        string   `json:"href"`
	Image       Image    `json:"image"`
}

// BlogCard is a published blog in lists and carousels.
type BlogCard struct {
	Title       string `json:"title"`
	Slug        string `json:"slug"`
	Href        string `json:"href"`
	Category    string `json:"category"`
	Excerpt     string `json:"excerpt"`
	Date        string `json:"date"`
	DateDisplay string `json:"dateDisplay"`
	Image       Image  `json:"image"`
}

// ServiceCard is a published service in the services list.
type ServiceCard struct {
	Title    string `json:"title"`
	Slug     string `json:"slug"`
	Href     string `json:"href"`
	Category string `json:"category"`
	Excerpt  string `json:"excerpt"`
	Image    Image  `json:"image"`
}

// HomeProps are the props of /.
type HomeProps struct {
	Slides []Slide `json:"slides"`
	About  struct {
		Heading string `json:"heading"`
		HTML    string `json:"html"`
		Image   Image  `json:"image"`
	} `json:"about"`
	Tabs         []contentdir.Link           `json:"tabs"`
	Services     []ServiceTile               `json:"services"`
	Industries   []contentdir.Industry       `json:"industries"`
	Testimonials []TestimonialProps          `json:"testimonials"`
	Posts        []BlogCard                  `json:"posts"`
	Stats        []contentdir.Stat           `json:"stats"`
	Blocks       map[string]contentdir.Block `json:"blocks"`
}

// TeamMember is a person on the about page.
type TeamMember struct {
	Name  string `json:"name"`
	Role  string `json:"role"`
	Image Image  `json:"image"`
}

// AboutProps are the props of /about.
type AboutProps struct {
	Title      string                  `json:"title"`
	Intro      string                  `json:"intro"`
	Sections   []contentdir.Section    `json:"sections"`
	Industries []contentdir.Industry   `json:"industries"`
	Team       []TeamMember            `json:"team"`
	Values     []contentdir.TitledText `json:"values"`
}

// ContactProps are the props of /contactus.
type ContactProps struct {
	Title string `json:"title"`
	Intro string `json:"intro"`
}

// Pagination names an archive page of the blog and links its neighbours.
type Pagination struct {
	Heading   string `json:"heading,omitempty"`
	NewerHref string `json:"newerHref,omitempty"`
	OlderHref string `json:"olderHref,omitempty"`
}

// BlogListProps are the props of /blog (and its further pages).
type BlogListProps struct {
	Posts      []BlogCard  `json:"posts"`
	Pagination *Pagination `json:"pagination,omitempty"`
}

// PostProps is the post of a blog page.
type PostProps struct {
	Title       string `json:"title"`
	Slug        string `json:"slug"`
	Category    string `json:"category"`
	HTML        string `json:"html"`
	Date        string `json:"date"`
	DateDisplay string `json:"dateDisplay"`
	Image       Image  `json:"image"`
}

// BlogPostProps are the props of /blog/{slug}.
type BlogPostProps struct {
	Post    PostProps  `json:"post"`
	Related []BlogCard `json:"related"`
	Preview bool       `json:"preview"`
}

// ServiceListProps are the props of /OurServices.
type ServiceListProps struct {
	Services []ServiceCard `json:"services"`
}

// LandingHero is the hero of a landing page.
type LandingHero struct {
	Eyebrow string          `json:"eyebrow"`
	Heading string          `json:"heading"`
	Text    string          `json:"text"`
	Image   Image           `json:"image"`
	CTA     contentdir.Link `json:"cta"`
}

// LandingService is the published service record shown on its landing page.
type LandingService struct {
	Title string `json:"title"`
	HTML  string `json:"html"`
}

// LandingProps are the props of a hand-written landing page.
type LandingProps struct {
	Slug       string               `json:"slug"`
	Hero       LandingHero          `json:"hero"`
	Sections   []contentdir.Section `json:"sections"`
	Highlights []contentdir.Stat    `json:"highlights"`
	Faqs       []contentdir.Faq     `json:"faqs"`
	Service    *LandingService      `json:"service,omitempty"`
}

// ServicePageProps are the props of a generic service page.
type ServicePageProps struct {
	Service struct {
		Title    string `json:"title"`
		Slug     string `json:"slug"`
		Category string `json:"category"`
		HTML     string `json:"html"`
		Image    Image  `json:"image"`
	} `json:"service"`
	Preview bool `json:"preview"`
}

// PolicyProps are the props of the policy pages.
type PolicyProps struct {
	Title   string `json:"title"`
	Updated string `json:"updated"`
	HTML    string `json:"html"`
}

// CoursesProps are the props of /courses.
type CoursesProps struct {
	Courses             []Course                `json:"courses"`
	WhyChoose           []contentdir.TitledText `json:"whyChoose"`
	StudentTestimonials []TestimonialProps      `json:"studentTestimonials"`
}

// ThankYouProps are the props of the page the no-JavaScript contact form lands on.
type ThankYouProps = contentdir.TitledText

// SectionPageProps are the props of a section route such as /vision.
type SectionPageProps struct {
	Section string       `json:"section"`
	Title   string       `json:"title"`
	Home    HomeProps    `json:"home"`
	Courses CoursesProps `json:"courses"`
}

// SearchGroup is a kind of page on /search/, listed for visitors without JavaScript.
type SearchGroup struct {
	Title string            `json:"title"`
	Links []contentdir.Link `json:"links"`
	More  *contentdir.Link  `json:"more,omitempty"`
}

// SearchProps are the props of /search/.
type SearchProps struct {
	Groups []SearchGroup `json:"groups"`
}
