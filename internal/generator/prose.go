package generator

import (
	"fmt"
	"strings"

	"digitalreeviver/internal/render"
)

// proseSlot stands in the props a post page sends to the renderer for the post's text, and Go
// writes the text into the rendered page in its place. The text is most of a post's props, and it
// crossed the pipe twice (JSON-escaped to node, raw back) for React to copy it through
// dangerouslySetInnerHTML unread. The page's Prose inserts the slot as it inserts any text, and
// everything else of the page is escaped by React (a "<" of a title is "&lt;"), so the slot's
// first occurrence in the rendered body is where the text goes, and the page is the same byte for
// byte. A text with a table still goes to node: its Prose wraps tables (wrapTables).
const proseSlot = `<template id="__post-text__"></template>`

// proseSpliced is off only in the test that checks the pages are the same without it.
var proseSpliced = true

// withoutProse returns the props to send to the renderer and the post text to write into the
// rendered page ("": everything is sent).
func withoutProse(props any) (any, string) {
	p, ok := props.(BlogPostProps)
	if !ok || !proseSpliced || p.Post.HTML == "" || hasTable(p.Post.HTML) {
		return props, ""
	}
	text := p.Post.HTML
	p.Post.HTML = proseSlot
	return p, text
}

// hasTable reports whether html may hold a table, as the site's wrapTables tests it
// (/<table\b/i; any "<table" is taken for one).
func hasTable(html string) bool {
	for i := strings.IndexByte(html, '<'); i >= 0 && i+6 <= len(html); {
		if strings.EqualFold(html[i+1:i+6], "table") {
			return true
		}
		next := strings.IndexByte(html[i+1:], '<')
		if next < 0 {
			break
		}
		i += next + 1
	}
	return false
}

// spliceProse writes the post text into the rendered page in place of its slot.
func spliceProse(page *render.Page, text, route string) error {
	if text == "" {
		return nil
	}
	at := strings.Index(page.Body, proseSlot)
	if at < 0 {
		return fmt.Errorf("%s: the rendered page has no slot for the post's text", route)
	}
	page.Body = page.Body[:at] + text + page.Body[at+len(proseSlot):]
	return nil
}
