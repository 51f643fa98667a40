package domain

import (
	"net/url"
	"strings"

	"digitalreeviver/internal/htmlscan"

	"golang.org/x/net/html"
)

// External reports whether href leads off the site whose hosts are given (a host and its
// www. twin are the same site): an http(s) address, or a scheme-relative one, on another host.
// Site-relative links, #anchors, mailto: and tel: stay on the site or open no page.
func External(href string, siteHosts ...string) bool {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || u.Host == "" || (u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	host := bareHost(u.Hostname())
	for _, h := range siteHosts {
		if h != "" && bareHost(h) == host {
			return false
		}
	}
	return true
}

// anchorTag reports whether the raw start tag is an <a>: read from its bytes, so every other
// tag is copied exactly as it was.
func anchorTag(raw []byte) bool {
	return len(raw) > 2 && (raw[1] == 'a' || raw[1] == 'A') && strings.IndexByte(" \t\n\r\f/>", raw[2]) >= 0
}

func bareHost(h string) string { return strings.TrimPrefix(strings.ToLower(h), "www.") }

// LinkTargets gives the links of sanitized rich text their targets: an external link opens in
// a new tab, with rel="noopener noreferrer" (the new page gets no handle on ours, nor our
// address); a link into the site (relative, or absolute to one of siteHosts) opens in the same
// tab, as every other link of the site does. Text without links is returned as it is.
func LinkTargets(fragment string, siteHosts ...string) string {
	if !strings.Contains(fragment, "<a") {
		return fragment
	}
	if out, ok := linkTargetsFast(fragment, siteHosts); ok {
		return out
	}
	return linkTargetsTokenizer(fragment, siteHosts)
}

// linkTargetsFast is LinkTargets for the fragments htmlscan reads (the usual rich text): it
// copies the text and every other tag as they are and hands only the <a> tags to the tokenizer,
// which was a tenth of a build's Go time when it read every post whole. ok is false for any
// other fragment.
func linkTargetsFast(fragment string, siteHosts []string) (string, bool) {
	var b strings.Builder
	b.Grow(len(fragment) + 64)
	copied := 0
	ok := htmlscan.Tags(fragment, func(start, end int, name string, isEnd, _ bool) bool {
		if name != "a" || isEnd {
			return true
		}
		if href, ok := plainAnchor(fragment[start:end]); ok {
			// Written as the tokenizer would write it: as it is, with the target of where it leads.
			if External(href, siteHosts...) {
				b.WriteString(fragment[copied : end-1])
				b.WriteString(` target="_blank" rel="noopener noreferrer">`)
				copied = end
			}
			return true
		}
		// The tokenizer reads the tag alone as it would in place, and says whether it is a start
		// tag (an unquoted value may end in the '/' of "/>").
		z := html.NewTokenizer(strings.NewReader(fragment[start:end]))
		if z.Next() == html.StartTagToken {
			b.WriteString(fragment[copied:start])
			b.WriteString(anchorWithTarget(z.Token(), siteHosts))
			copied = end
		}
		return true
	})
	if !ok {
		return "", false
	}
	b.WriteString(fragment[copied:])
	return b.String(), true
}

// plainAnchor reads an <a> start tag written as the tokenizer writes one back: lower-case
// attribute names, each once, each value in double quotes with nothing it would escape, one space
// before each, none of them target or rel. It returns the href and true for such a tag (most links of
// the editor's text), which the tokenizer would give back unchanged but for the target it adds.
func plainAnchor(tag string) (href string, ok bool) {
	rest, found := strings.CutPrefix(tag, "<a")
	if !found {
		return "", false
	}
	for rest != ">" {
		if len(rest) < 2 || rest[0] != ' ' {
			return "", false
		}
		eq := strings.Index(rest, `="`)
		if eq < 2 {
			return "", false
		}
		key := rest[1:eq]
		for i := 0; i < len(key); i++ {
			if c := key[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == ':') {
				return "", false
			}
		}
		if key == "target" || key == "rel" || strings.Contains(tag[:len(tag)-len(rest)], " "+key+`="`) {
			return "", false // the tokenizer keeps a name's first value only
		}
		rest = rest[eq+2:]
		q := strings.IndexByte(rest, '"')
		if q < 0 || strings.ContainsAny(rest[:q], "&<>'\r\x00") {
			return "", false
		}
		if key == "href" {
			href = rest[:q]
		}
		rest = rest[q+1:]
	}
	return href, true
}

// linkTargetsTokenizer is LinkTargets for any fragment.
func linkTargetsTokenizer(fragment string, siteHosts []string) string {
	var b strings.Builder
	b.Grow(len(fragment) + 64)
	z := html.NewTokenizer(strings.NewReader(fragment))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		raw := z.Raw()
		if tt != html.StartTagToken || !anchorTag(raw) {
			b.Write(raw)
			continue
		}
		b.WriteString(anchorWithTarget(z.Token(), siteHosts))
	}
}

// anchorWithTarget is the start tag of a link with the target and rel of where it leads.
func anchorWithTarget(tok html.Token, siteHosts []string) string {
	href := ""
	kept := tok.Attr[:0]
	for _, a := range tok.Attr {
		switch a.Key {
		case "href":
			href = a.Val
			kept = append(kept, a)
		case "target", "rel": // made below from where the link leads
		default:
			kept = append(kept, a)
		}
	}
	tok.Attr = kept
	if External(href, siteHosts...) {
		tok.Attr = append(tok.Attr, html.Attribute{Key: "target", Val: "_blank"}, html.Attribute{Key: "rel", Val: "noopener noreferrer"})
	}
	return tok.String()
}
