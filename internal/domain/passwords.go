package domain

import (
	_ "embed"
	"sort"
	"strings"
	"sync"
)

// commonPasswords is the password list of zxcvbn-ts (@zxcvbn-ts/language-common 4.1.3,
// src/passwords.json, MIT licence, © 2012-2016 Dan Wheeler and Dropbox, Inc., © 2021
// zxcvbn-ts; https://github.com/zxcvbn-ts/zxcvbn): 49,233 passwords found in breaches, most
// frequent first. Kept here are those a shorter-than-8 rule does not refuse already (8 characters
// or more), lower-cased, printable ASCII, each once: 17,950 lines, most frequent first. The
// server has no network to ask a breach service, so the list ships with the binary.
//
//go:embed common-passwords.txt
var commonPasswords string

// commonSorted is the list sorted, for a binary search: about 300 kB beside the text, made once.
var commonSorted = sync.OnceValue(func() []string {
	list := strings.Split(strings.TrimSpace(commonPasswords), "\n")
	sort.Strings(list)
	return list
})

// CommonPassword reports whether p is on the list of common passwords, whatever its case
// ("Password1" is "password1" to whoever guesses).
func CommonPassword(p string) bool {
	p = strings.ToLower(p)
	list := commonSorted()
	i := sort.SearchStrings(list, p)
	return i < len(list) && list[i] == p
}
