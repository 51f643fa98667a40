package generator

import (
	"fmt"
	"strings"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
)

// Structured data (schema.org as JSON-LD) for search engines.

type ld = map[string]any

func (p *planner) businessLD() any {
	s := p.src.Site
	org := s.Organisation
	typ := org.Type
	if typ == "" {
		typ = "LocalBusiness"
	}
	var addrs []any
	for _, a := range s.Addresses {
		addrs = append(addrs, ld{"@type": "PostalAddress", "streetAddress": strings.Join(a.Lines, ", "), "addressCountry": "IN"})
	}
	var same []string
	for _, so := range s.Social {
		same = append(same, so.URL)
	}
	biz := ld{
		"@context": "https://schema.org", "@type": typ, "@id": p.base + "/#business",
		"name": s.Name, "legalName": org.LegalName, "url": p.base + "/", "telephone": s.Phone, "email": s.Email,
		"logo": p.abs(orDefault(org.Logo, "/images/logo.svg")), "image": p.abs("/images/og-default.png"),
		"description": s.DefaultDescription, "priceRange": org.PriceRange, "foundingDate": fmt.Sprint(s.Founded),
		"address": addrs, "sameAs": same, "areaServed": org.AreaServed,
		"openingHoursSpecification": ld{"@type": "OpeningHoursSpecification",
			"dayOfWeek": []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
			"opens":     "09:00", "closes": "18:00"},
		"aggregateRating": ld{"@type": "AggregateRating", "ratingValue": s.Rating, "bestRating": s.RatingOutOf, "ratingCount": max(s.RatingCount, 1)},
	}
	if org.Geo.Lat != 0 {
		biz["geo"] = ld{"@type": "GeoCoordinates", "latitude": org.Geo.Lat, "longitude": org.Geo.Lng}
	}
	return biz
}

func (p *planner) websiteLD() any {
	return ld{"@context": "https://schema.org", "@type": "WebSite", "name": p.site.Name, "url": p.base + "/",
		"publisher": ld{"@id": p.base + "/#business"}}
}

func (p *planner) articleLD(b domain.Blog, h Head) any {
	return ld{
		"@context": "https://schema.org", "@type": "BlogPosting",
		"headline": b.Title, "description": h.Description, "keywords": h.Keywords,
		"datePublished": h.Published, "dateModified": h.Modified, "image": h.Image,
		"articleSection":   domain.Category(b.Category),
		"mainEntityOfPage": ld{"@type": "WebPage", "@id": h.Canonical}, "url": h.Canonical,
		"author":    ld{"@type": "Organization", "name": p.site.Name, "url": p.base + "/"},
		"publisher": ld{"@type": "Organization", "name": p.site.Name, "logo": ld{"@type": "ImageObject", "url": p.abs("/images/logo.svg")}},
	}
}

func (p *planner) faqLD(faqs []contentdir.Faq) any {
	items := make([]any, 0, len(faqs))
	for _, f := range faqs {
		items = append(items, ld{"@type": "Question", "name": f.Question,
			"acceptedAnswer": ld{"@type": "Answer", "text": f.Answer}})
	}
	return ld{"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": items}
}

func (p *planner) serviceLD(name, desc, route string) any {
	return ld{"@context": "https://schema.org", "@type": "Service", "name": name, "description": desc,
		"url": p.abs(route), "provider": ld{"@id": p.base + "/#business", "@type": "LocalBusiness", "name": p.site.Name},
		"areaServed": []string{"Noida", "Delhi"}}
}

func (p *planner) coursesLD(c CoursesProps) any {
	items := make([]any, 0, len(c.Courses))
	for i, x := range c.Courses {
		items = append(items, ld{"@type": "ListItem", "position": i + 1, "item": ld{
			"@type": "Course", "name": x.Name, "description": x.Description,
			"provider": ld{"@type": "Organization", "name": p.site.Name, "sameAs": p.base + "/"}}})
	}
	return ld{"@context": "https://schema.org", "@type": "ItemList", "itemListElement": items}
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
