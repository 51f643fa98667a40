package domain

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"digitalreeviver/internal/htmlscan/scantest"
)

// PlainTextPrefix reads the usual fragment directly and anything else with the tokenizer; both
// give the same text, and the same excerpt wherever a prefix stops.
func TestPlainTextPrefixFastMatchesTokenizer(t *testing.T) {
	if raceEnabled {
		t.Skip("20,000 fragments compared take minutes under -race; make test runs it without")
	}
	pieces := []string{
		"<p>", "</p>", "<P class=\"lead\">", "<p/>", "<h2>", "</h2>", "<br>", "<br/>", "</br>", "<li>", "</li>", "<div>",
		"</div>", "<blockquote>", "<pre>", "</pre>", "<strong>", "</strong>", "<a href='a>b'>", "</a>", "<img src=x alt=\"a > b\"/>",
		"<template>", "</template>", "</script>", "<a href=/>", "<SPAN>",
		"word", "Words ", " more text ", "\n", "\t", "  ", "&amp;", "&lt;", "&nbsp;", "&nbsp", "&#39;", "café", "नमस्ते", "\u00a0", "\xff",
		"<!-- c -->", "<script>a<b</script>", "<style>p{}</style>", "a < b", "</>", "<", "<p",
	}
	fast := 0
	scantest.Fragments(t, "PLAINTEXT_SEED", 20261124, pieces, 40, 20000, func(r *rand.Rand, frag string) {
		if want, got := plainTextPrefixTokenizer(frag, -1), PlainTextPrefix(frag, -1); got != want {
			t.Fatalf("PlainText(%q) = %q, want %q", frag, got, want)
		}
		limit := r.IntN(30)
		want, got := plainTextPrefixTokenizer(frag, limit), PlainTextPrefix(frag, limit)
		if _, ok := plainTextPrefixFast(frag, limit); ok {
			fast++
		}
		// Either both are the whole text, or both hold more than limit+1 runes and agree on them.
		cut := func(s string) string { return string([]rune(s)[:min(limit+2, utf8.RuneCountInString(s))]) }
		whole := plainTextPrefixTokenizer(frag, -1)
		if (want == whole) != (got == whole) && utf8.RuneCountInString(whole) <= limit+1 || cut(want) != cut(got) || !strings.HasPrefix(whole, got) {
			t.Fatalf("PlainTextPrefix(%q, %d) = %q, tokenizer %q", frag, limit, got, want)
		}
	})
	if fast < 1000 {
		t.Fatalf("only %d of 20000 fragments took the fast path", fast)
	}
}
