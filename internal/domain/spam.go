package domain

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// Spam scoring of what a visitor wrote. The signs and their weights are few and visible, so a
// false positive can be understood and recovered from the spam folder; nothing is dropped.
//
// Text is normalised before it is scored, because spam is written to get past exactly this
// kind of check: compatibility forms are folded (NFKC: fullwidth ｖｉａｇｒａ, mathematical 𝐯𝐢𝐚𝐠𝐫𝐚),
// invisible characters are removed (zero-width spaces and joiners, soft hyphens, bidi controls:
// every format character, and combining marks), and for the spam words the letters that look
// like Latin ones are read as those (the confusables skeleton of Unicode TR39: Cyrillic саsinо,
// Greek νiagra). Links are counted whatever their form: with a scheme or www., joined by commas,
// or a bare host with a path (bit.ly/x) or, written in lower case, alone (spam.example.com);
// an e-mail address is not a link. The normalised text is only scored, never stored.

// SpamThreshold is the score from which an enquiry goes to the spam folder.
const SpamThreshold = 3

var (
	markupPattern = regexp.MustCompile(`(?i)(<a\s|\[url[=\]]|\[link[=\]]|</?script)`)
	spamWordList  = []string{"viagra", "cialis", "casino", "porn", "escort", "crypto ?currency", "bitcoin", "forex",
		"payday loan", "backlinks? package", "buy followers", "guest post price"}
	spamWords = regexp.MustCompile(`\b(` + skeletonAll(spamWordList) + `)\b`) // over skeletons, in lower case

	// A link with a scheme or www., counted at each start, so links joined without a space count.
	schemeLink = regexp.MustCompile(`(?i)(?:https?|ftp)://|\bwww\.`)
	// A bare host: labels and a top-level domain spam uses, an optional port, then a path, or
	// (written in lower case, as a link is) nothing but closing punctuation.
	hostLabels = `(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:` + spamTLDs + `)(?::\d{1,5})?`
	hostPath   = regexp.MustCompile(`(?i)^` + hostLabels + `[/?#]\S*$`)
	hostBare   = regexp.MustCompile(`^` + hostLabels + `[.!?:]*$`)
)

// spamTLDs are the top-level domains a bare host is recognised by: the common ones and those
// spam is sent from. Words that look like hosts but name no site ("B.Tech", "Node.js") end in
// none of them.
const spamTLDs = `com|net|org|info|biz|io|co|in|uk|us|ru|cn|xyz|top|online|site|shop|store|club|live|link|click|me|ly|to|cc|ws|pw|tk|ml|ga|cf|gq|su|ua|de|fr|br|vn|pk|bd|app|dev|page|website|space|fun|icu|buzz|today|win|bid|loan|work|life|world|one|pro|tv|gl|gd|gg|ai`

// SpamScore rates an enquiry's text: links (the first one is free, a person may share a site),
// markup meant for other sites' forms, a link or markup in the name, words of the usual spam.
// It answers the score and the reasons, for the spam folder to show.
func SpamScore(m Message) (int, []string) {
	score := 0
	var why []string
	text, name := spamText(m.Message), spamText(m.Name)
	if n := countLinks(text); n > 1 {
		score += 2 * (n - 1)
		why = append(why, "many links")
	}
	if markupPattern.MatchString(text) {
		score += 3
		why = append(why, "link markup")
	}
	if countLinks(name) > 0 || strings.ContainsAny(name, "<>[]") {
		score += 3
		why = append(why, "link in the name")
	}
	if spamWords.MatchString(skeleton(text)) || spamWords.MatchString(skeleton(name)) {
		score += 3
		why = append(why, "spam words")
	}
	return score, why
}

// spamText is s as it reads: compatibility forms folded (NFKC), then every invisible character
// removed (format characters: zero-width spaces and joiners, bidi controls, soft hyphens; and
// combining marks, with accents, which only decorate the letters a word is matched by).
func spamText(s string) string {
	s = norm.NFKD.String(norm.NFKC.String(s))
	s = strings.Map(func(r rune) rune {
		if unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me) || unicode.Is(unicode.Variation_Selector, r) {
			return -1
		}
		return r
	}, s)
	return norm.NFC.String(s)
}

// skeleton is text with look-alike letters read as the Latin ones they imitate, in lower case:
// what the spam words are matched against. Letters are read both as written and in lower case,
// on two lines: a capital may imitate a Latin capital whose small letter looks like none (Т and т),
// and a small letter may imitate one whose capital looks like none.
func skeleton(text string) string {
	return strings.ToLower(confusables.Skeleton(text)) + "\n" + strings.ToLower(confusables.Skeleton(strings.ToLower(text)))
}

// skeletonAll joins the skeletons of the words as alternatives of a pattern (the skeleton reads
// some Latin letters too: "m" as "rn", so the words must be read the same way).
func skeletonAll(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strings.ToLower(confusables.Skeleton(w))
	}
	return strings.Join(out, "|")
}

// countLinks counts the links in normalised text: at each scheme or www. (so that links joined
// by commas or nothing count one by one), and each bare host that is not part of an e-mail
// address.
func countLinks(text string) int {
	n := 0
	for _, tok := range strings.FieldsFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`,;|<>"'()[]{}*`, r)
	}) {
		if !strings.Contains(tok, ".") && !strings.Contains(tok, "://") {
			continue // most words: no regular expression needed
		}
		if k := len(schemeLink.FindAllStringIndex(tok, -1)); k > 0 {
			n += k
		} else if !strings.Contains(tok, "@") && (hostPath.MatchString(tok) || hostBare.MatchString(tok)) {
			n++
		}
	}
	return n
}
