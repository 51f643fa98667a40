package contentdir

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// testContent is a small content folder of the tests' own: editing the agency's copy in
// content/ never breaks a test.
var testContent = filepath.Join("testdata", "content")

func TestLoad(t *testing.T) {
	c, err := Load(testContent)
	if err != nil {
		t.Fatal(err)
	}
	if c.Site.Name != "Test Agency" || c.Site.Rating != 4.5 || c.Site.Founded != 2020 || c.Site.RatingCount != 12 ||
		len(c.Site.Addresses) != 2 || c.Site.Addresses[0].MapURL == "" || c.Site.Organisation.Geo.Lat != 28.6 {
		t.Errorf("site.yaml: %+v", c.Site)
	}
	if len(c.Site.ServicesMenu) != 6 || c.Site.ServicesMenu[0] != (Link{Href: "/OurServices", Label: "Digital Marketing Services"}) {
		t.Errorf("services menu: %+v", c.Site.ServicesMenu)
	}
	for _, name := range RequiredPages {
		if c.Pages[name].Title == "" {
			t.Errorf("page %s has no title", name)
		}
	}
	contact := c.Pages["contactus"]
	if contact.Heading != "Contact Us" || contact.Intro != "We answer within one working day, 9:00am to 6:00pm, Monday to Saturday." ||
		contact.Description != "Call +91 11 0000 0000 or e-mail hello@test-agency.example, 9:00am to 6:00pm, Monday to Saturday." {
		t.Errorf("contact copy, facts expanded: %+v", contact)
	}
	if home := c.Pages["home"]; home.Title != "Test Agency — Marketing for tests" || home.Description != "" {
		t.Errorf("home: %+v", home.Head)
	}
	about := c.Pages["about"]
	if len(about.Values) != 1 || about.Team[0] != (Person{Name: "Asha Rao", Role: "Founder", Image: "/images/people/asha.svg"}) {
		t.Errorf("about front matter: %+v %+v", about.Values, about.Team)
	}
	if ids := sectionIDs(about.Sections); !reflect.DeepEqual(ids, []string{"our-story", "what-we-do"}) ||
		!strings.Contains(about.Sections[1].HTML, "<strong>measured</strong>") {
		t.Errorf("about sections %v: %+v", ids, about.Sections)
	}
	if p := c.Pages["privacy-policy"]; p.Updated != "2026-01-01" || !strings.HasPrefix(p.HTML, "<p>We keep what we need.</p>") {
		t.Errorf("policy: %q %q", p.Updated, p.HTML)
	}
	if got := c.LandingSlugs(); !reflect.DeepEqual(got, []string{"best-google-ads-agency-in-delhi", "graphic-designer-in-delhi",
		"seo-services-in-delhi", "smo-company-in-delhi", "web-development-company-in-noida"}) {
		t.Errorf("landing slugs %v", got)
	}
	seo := c.Landings["seo-services-in-delhi"]
	if seo.Title != "SEO Services | Test Agency" || seo.Service != "SEO Services" || seo.Hero.CTA != (Link{Href: "/contactus", Label: "Get Started"}) ||
		len(seo.Faqs) != 2 || seo.Faqs[1].Answer != "Nothing in a test." || len(seo.Highlights) != 1 {
		t.Errorf("landing: %+v", seo)
	}
	if ids := sectionIDs(seo.Sections); !reflect.DeepEqual(ids, []string{"intro", "what-we-do", "our-process"}) {
		t.Errorf("landing sections %v", ids)
	}
	if len(c.Home.Slides) != 2 || c.Home.About.HTML != "<p>We work in <strong>Noida</strong> for tests.</p>\n" || c.Home.Blocks["proof"].Items[0].Icon != "users" {
		t.Errorf("home.yaml: %+v", c.Home)
	}
	if len(c.Industries) != 2 || len(c.Testimonials) != 2 || c.Testimonials[0].Rating != 5 || c.Testimonials[1].Rating != 0 {
		t.Errorf("collections: %+v %+v", c.Industries, c.Testimonials)
	}
	if len(c.Courses.Courses) != 3 || c.Courses.Courses[0].Modules[1] != "Ads" || c.Courses.StudentTestimonials[0].Rating != 4 {
		t.Errorf("courses: %+v", c.Courses)
	}
	if len(c.SectionTitles) != 15 || c.SectionTitles["vision"] != "Our Vision" {
		t.Errorf("section titles: %v", c.SectionTitles)
	}
}

func sectionIDs(s []Section) []string {
	var ids []string
	for _, x := range s {
		ids = append(ids, x.ID)
	}
	return ids
}

// TestTheAgencysContentLoads checks that content/ is valid, whatever its copy says.
func TestTheAgencysContentLoads(t *testing.T) {
	c, err := Load(filepath.Join("..", "..", "content"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Landings) == 0 {
		t.Error("content/landing/ holds no landing page")
	}
}

func TestALandingPageIsOneFile(t *testing.T) {
	dir := copyContent(t)
	writeFile(t, dir, "landing/content-marketing-in-noida.md", `---
title: "Content Marketing in Noida"
description: "Articles and guides that bring enquiries."
keywords: "content marketing Noida"
service: "Content Marketing"
hero:
  heading: "Content that answers your buyers"
  cta: {href: "/contactus", label: "Talk to us"}
---

## What We Write

Guides.
`)
	c, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := c.Landings["content-marketing-in-noida"]
	if len(c.Landings) != 6 || !ok || l.Hero.Heading != "Content that answers your buyers" || l.Sections[0].ID != "what-we-write" {
		t.Fatalf("landings %v, new one %+v", c.LandingSlugs(), l)
	}
}

func TestLoadNamesTheBadFile(t *testing.T) {
	for _, tc := range []struct {
		name, file, text, want string
	}{
		{"broken YAML", "site.yaml", "name: [unclosed\n", "site.yaml"},
		{"no base URL", "site.yaml", "name: x\n", "name and baseUrl are required"},
		{"unknown field in site.yaml", "site.yaml", "name: x\nbaseUrl: y\nunknownField: 1\n", "site.yaml"},
		{"unknown field in a collection", "collections/industries.yaml", "- name: x\n  colour: red\n", "industries.yaml"},
		{"unknown front matter", "landing/seo-services-in-delhi.md", "---\ntitle: x\nsubtitle: y\n---\n", "seo-services-in-delhi.md: front matter: line 3: field subtitle not found"},
		// The line is the file's, where an editor looks (YAML counts from the front matter's start).
		{"front matter's line", "pages/about.md", "---\ntitle: About\nintro: a\n  b: c\n---\n", "about.md: front matter: line 4: mapping values are not allowed"},
		{"landing without its head", "landing/new-landing.md", "---\ntitle: x\n---\nBody\n", "new-landing.md: title, description, keywords"},
		{"broken front matter", "pages/about.md", "---\ntitle: [\n---\n", "about.md: front matter"},
		// A landing page's address is its file's name: one the site has, or no address at all.
		{"landing at a page's address", "landing/about.md", "---\ntitle: x\n---\n", "about.md: a landing page's address is its file's name, and /about/ is already a page of the site"},
		{"landing named with capitals", "landing/SEO-Noida.md", "---\ntitle: x\n---\n", `SEO-Noida.md: a landing page's address is its file's name, and "SEO-Noida" is not one`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyContent(t)
			writeFile(t, dir, tc.file, tc.text)
			if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error naming %q", err, tc.want)
			}
		})
	}
	t.Run("missing page", func(t *testing.T) {
		dir := copyContent(t)
		if err := os.Remove(filepath.Join(dir, "pages", "contactus.md")); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), filepath.Join("pages", "contactus.md")+" is missing") {
			t.Fatalf("got %v", err)
		}
	})
}

func TestSplitFrontMatter(t *testing.T) {
	for _, tc := range []struct{ src, front, body string }{
		{"---\ntitle: x\n---\n# Body\n", "title: x\n", "# Body\n"},
		{"---\r\ntitle: x\r\n---\r\nBody", "title: x\r\n", "Body"},
		{"-----\ntitle: x\n-----\n", "title: x\n", ""},
		{"# No front matter\n---\n", "", "# No front matter\n---\n"},
		{"---\ntitle: never closed\n", "", "---\ntitle: never closed\n"},
	} {
		front, body := splitFrontMatter([]byte(tc.src))
		if string(front) != tc.front || string(body) != tc.body {
			t.Errorf("%q: front %q, body %q", tc.src, front, body)
		}
	}
}

func TestExpandLeavesUnknownNames(t *testing.T) {
	f := Facts{Name: "Agency", Hours: "9 to 6"}
	if got := f.Expand("{name} is open {hours}; page {page}"); got != "Agency is open 9 to 6; page {page}" {
		t.Errorf("got %q", got)
	}
}

func copyContent(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(dir, os.DirFS(testContent)); err != nil {
		t.Fatal(err)
	}
	return dir
}

func writeFile(t *testing.T, dir, rel, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
