package domain

import (
	"regexp"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

// The class and style values Quill 2's toolbar of SPEC §1 produces: alignment, indent, size,
// font and code-block classes, and colour or background colour as inline styles.
var (
	quillClass = regexp.MustCompile(`^(ql-(align-(center|right|justify)|indent-[1-8]|size-(small|large|huge)|font-(serif|monospace)|syntax|direction-rtl))( ql-(align-(center|right|justify)|indent-[1-8]|size-(small|large|huge)|font-(serif|monospace)|syntax|direction-rtl))*$`)
	// Colours in the forms Quill's colour picker and pasted text produce: #rgb, #rgba, #rrggbb,
	// #rrggbbaa, rgb()/rgba() of numbers, or a CSS named colour (checked against cssNamedColours,
	// never "any word": a word is where expression() and friends hide).
	cssColour = regexp.MustCompile(`^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgba?\(\s*[0-9.]+%?\s*(,\s*[0-9.]+%?\s*){2,3}\)|[a-zA-Z]{3,20})$`)
	// Images come from our uploads, the site's own images, or an http(s) address; never
	// javascript:, data: or anything a browser might execute.
	imgSrc    = regexp.MustCompile(`^(https?://[^\s"'<>]+|/(uploads|images)/[A-Za-z0-9._~/-]+)$`)
	pixelSize = regexp.MustCompile(`^[0-9]{1,4}(px|%)?$`)
)

var (
	policyOnce sync.Once
	policy     *bluemonday.Policy
)

func richTextPolicy() *bluemonday.Policy {
	policyOnce.Do(func() {
		p := bluemonday.NewPolicy()
		p.AllowElements("p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s",
			"ol", "ul", "li", "blockquote", "pre", "code", "span", "a", "img",
			// A table pasted into the editor (a price list from a document): Quill keeps it, and
			// the site's prose lays it out and scrolls it sideways on a phone.
			"table", "thead", "tbody", "tr", "th", "td")
		p.AllowAttrs("colspan", "rowspan").Matching(regexp.MustCompile(`^[1-9][0-9]?$`)).OnElements("td", "th")
		p.AllowAttrs("class").Matching(quillClass).Globally()
		p.AllowStyles("color", "background-color").MatchingHandler(validColour).Globally()
		p.AllowAttrs("data-list").Matching(regexp.MustCompile(`^(bullet|ordered)$`)).OnElements("li")
		p.AllowAttrs("spellcheck").Matching(regexp.MustCompile(`^(true|false)$`)).OnElements("pre")
		p.AllowAttrs("data-language").Matching(regexp.MustCompile(`^[a-z0-9+#-]{1,20}$`)).OnElements("pre")

		// Links: http, https, mailto and tel only (the editor's own rule), plus site-relative ones
		// such as /contactus, which cannot carry a scheme at all.
		p.AllowURLSchemes("http", "https", "mailto", "tel")
		p.AllowRelativeURLs(true)
		p.RequireParseableURLs(true)
		p.AllowAttrs("href").OnElements("a")
		// target and rel are never copied: an absolute link (which may lead off the site) opens
		// in a new tab with rel="noreferrer noopener", a site-relative one in the same tab. The
		// build then treats absolute links to the site's own host as the site's (LinkTargets).
		p.AddTargetBlankToFullyQualifiedLinks(true)
		p.RequireNoReferrerOnFullyQualifiedLinks(true)

		p.AllowAttrs("src").Matching(imgSrc).OnElements("img")
		p.AllowAttrs("alt").Matching(regexp.MustCompile(`^[^<>]{0,300}$`)).OnElements("img")
		p.AllowAttrs("width", "height").Matching(pixelSize).OnElements("img")
		policy = p
	})
	return policy
}

// SanitizeHTML returns rich text reduced to exactly what the admin's Quill editor produces:
// headers, bold, italic, underline, strike, lists, alignment and indent classes, blockquote, code
// block, links (http, https, mailto, tel or site-relative), images, colours and tables. Scripts, event
// handlers, styles beyond colours, iframes, forms and every other element or attribute are
// removed. It is applied on every write of a blog's content or a service's description.
func SanitizeHTML(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return strings.TrimSpace(richTextPolicy().Sanitize(s))
}

// validColour reports whether v is a colour SanitizeHTML keeps: hex, rgb()/rgba() or a CSS
// named colour.
func validColour(v string) bool {
	v = strings.TrimSpace(v)
	if !cssColour.MatchString(v) {
		return false
	}
	if c := v[0]; c == '#' || strings.HasPrefix(strings.ToLower(v), "rgb") {
		return true
	}
	return cssNamedColours[strings.ToLower(v)]
}

// cssNamedColours are the named colours of CSS Color Module Level 4, and transparent.
var cssNamedColours = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`aliceblue antiquewhite aqua aquamarine azure beige bisque black
		blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue
		cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
		darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue
		darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey
		dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
		green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
		lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen
		lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey
		lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
		mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
		mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
		olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred
		papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
		saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray
		slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
		whitesmoke yellow yellowgreen transparent`) {
		m[n] = true
	}
	return m
}()

// OneLine is s on one line (runs of white space, line breaks among them, made one space) and at
// most n runes long (cut with an ellipsis): a visitor's or an admin's text inside a mail's
// subject or an audit entry.
func OneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
