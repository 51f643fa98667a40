package static

import (
	"os"
	"sync"

	"digitalreeviver/internal/hostrules"
)

// hostFile keeps what parse made of one host file (_headers, _redirects) of the generation
// being served, made again when the file changes (a build swapped in another generation).
type hostFile[T any] struct {
	name  string
	parse func([]byte) T
	mu    sync.Mutex
	key   [2]int64 // modification time and size of the file parsed
	done  bool
	value T
}

// of returns what the file in root parses to (the zero value when it has none).
func (h *hostFile[T]) of(root *os.Root) T {
	var zero T
	st, err := root.Stat(h.name)
	if err != nil || !st.Mode().IsRegular() {
		return zero
	}
	key := [2]int64{st.ModTime().UnixNano(), st.Size()}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.key != key || !h.done {
		data, err := root.ReadFile(h.name)
		if err != nil {
			return zero
		}
		h.value, h.key, h.done = h.parse(data), key, true
	}
	return h.value
}

func newHostRules() *hostFile[hostrules.HeaderRules] {
	return &hostFile[hostrules.HeaderRules]{name: "_headers", parse: func(data []byte) hostrules.HeaderRules {
		rules, _ := hostrules.ParseHeaders(data)
		return rules
	}}
}

// hostFiles are the files of a generation meant for the static host, not for visitors.
var hostFiles = map[string]bool{"_headers": true, "_redirects": true}
