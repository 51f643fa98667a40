package static

import (
	"bytes"
	"os"
	"strings"
	"sync"

	"digitalreeviver/internal/hostrules"
)

// redirectRules keeps the _redirects rules of the generation being served, by the file a request
// reaches (Redirect.Key). The file lists every post's preview address, so it changes with every
// publish and is as long as the site: parsing it (tens of milliseconds at 20,000 posts) would
// hold up the first request after each publish, which is most often the new post itself. So a
// request that no line of a new version can match is answered without waiting for the parse,
// which runs beside it; one that a line may match waits for it.
type redirectRules struct {
	mu      sync.Mutex
	key     [2]int64                      // modification time and size of the version read
	rules   map[string]hostrules.Redirect // its rules; nil until parsed
	data    []byte                        // its bytes, until parsed
	parsing bool                          // a parse runs beside the requests
}

// rule returns the rule that a request for the file reqKey of root's generation reaches.
func (h *redirectRules) rule(root *os.Root, reqKey string) (hostrules.Redirect, bool) {
	st, err := root.Stat(redirectsName)
	if err != nil || !st.Mode().IsRegular() {
		return hostrules.Redirect{}, false
	}
	key := [2]int64{st.ModTime().UnixNano(), st.Size()}
	h.mu.Lock()
	if h.key != key || (h.rules == nil && h.data == nil) {
		data, err := root.ReadFile(redirectsName)
		if err != nil {
			h.mu.Unlock()
			return hostrules.Redirect{}, false
		}
		h.key, h.rules, h.data = key, nil, data
	}
	if h.rules != nil {
		rd, ok := h.rules[reqKey]
		h.mu.Unlock()
		return rd, ok
	}
	data := h.data
	h.mu.Unlock()
	if !mayRedirect(data, reqKey) {
		h.parseBeside(key, data)
		return hostrules.Redirect{}, false
	}
	rules := parseRules(data)
	h.mu.Lock()
	if h.key == key {
		h.rules, h.data = rules, nil
	}
	h.mu.Unlock()
	rd, ok := rules[reqKey]
	return rd, ok
}

// parseBeside parses the version key in the background, unless a parse runs already.
func (h *redirectRules) parseBeside(key [2]int64, data []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.parsing {
		return
	}
	h.parsing = true
	go func() {
		rules := parseRules(data)
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.key == key && h.rules == nil {
			h.rules, h.data = rules, nil
		}
		h.parsing = false
	}()
}

const redirectsName = "_redirects"

// parseRules reads a _redirects file into its rules by Redirect.Key.
func parseRules(data []byte) map[string]hostrules.Redirect {
	rules, _ := hostrules.ParseRedirects(data)
	byKey := make(map[string]hostrules.Redirect, len(rules))
	for _, r := range rules {
		byKey[r.Key] = r
	}
	return byKey
}

// mayRedirect says whether a line of the _redirects file data may be a rule for the file
// reqKey. A rule's source is the first word of its line, and every source that reaches reqKey
// (hostrules.RedirectKey: "/p/", "/p", "/p/index.html" for "p/index.html"; the file's own
// address for any other file) starts with "/p", so a file where no line starts with it (after
// white space, as ParseRedirects splits its words) has no rule for reqKey. Home ("index.html") is reached by "/", which starts every
// source: it always may.
func mayRedirect(data []byte, reqKey string) bool {
	stem := reqKey
	if s, ok := strings.CutSuffix(reqKey, "index.html"); ok {
		stem = strings.TrimSuffix(s, "/")
		if stem == "" {
			return true
		}
	}
	needle := []byte("/" + stem)
	for i := 0; ; {
		j := bytes.Index(data[i:], needle)
		if j < 0 {
			return false
		}
		at := i + j
		if start := bytes.LastIndexByte(data[:at], '\n') + 1; len(bytes.TrimSpace(data[start:at])) == 0 {
			return true
		}
		i = at + 1
	}
}
