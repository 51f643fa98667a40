package generator

import "digitalreeviver/internal/domain"

// plainPrefix is domain.PlainTextPrefix: enough of a post's text for excerpt and describe,
// without tokenizing the rest of a long post (a build takes an excerpt of every post).
func plainPrefix(fragment string, limit int) string { return domain.PlainTextPrefix(fragment, limit) }
