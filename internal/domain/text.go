package domain

import "strings"

// OneLine is s on one line (runs of white space made one space), cut to n characters with an
// ellipsis: a visitor's name in a subject, a username in the audit log.
func OneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
