package content

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// PlainTextPrefix reads the usual fragment directly and anything else with the tokenizer; both
// give the same text, and the same excerpt wherever a prefix stops.
func TestPlainTextPrefixFastMatchesTokenizer(t *testing.T) {
	seed := uint64(20261124)
	if s := os.Getenv("PLAINTEXT_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (PLAINTEXT_SEED=%d replays it)", seed, seed)
	pieces := []string{
		"<p>", "</p>", "<P class=\"lead\">", "<p/>", "<h2>", "</h2>", "<br>", "<br/>", "</br>", "<li>", "</li>", "<div>",
		"</div>", "<blockquote>", "<pre>", "</pre>", "<strong>", "</strong>", "<a href='a>b'>", "</a>", "<img src=x alt=\"a > b\"/>",
		"<template>", "</template>", "</script>", "<a href=/>", "<SPAN>",
		"word", "Words ", " more text ", "\n", "\t", "  ", "&amp;", "&lt;", "&nbsp;", "&nbsp", "&#39;", "café", "नमस्ते", "\u00a0", "\xff",
		"<!-- c -->", "<script>a<b</script>", "<style>p{}</style>", "a < b", "</>", "<", "<p",
	}
	r := rand.New(rand.NewPCG(seed, 1))
	fast := 0
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := r.IntN(40); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		frag := b.String()
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
	}
	if fast < 1000 {
		t.Fatalf("only %d of 20000 fragments took the fast path", fast)
	}
}
