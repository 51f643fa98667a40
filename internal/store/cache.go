package store

import (
	"sync"

	"digitalreeviver/internal/content"
)

// published keeps the decoded published blogs and services between calls: a build asks for all
// of them on every publish, and decoding thousands of records is most of a small build's load
// stage. Every write to a published bucket bumps the version (after its transaction commits), and
// a list decoded under an older version is never kept, so a reader never gets a stale list.
type published struct {
	mu       sync.Mutex
	version  uint64
	blogs    []content.Blog
	blogsV   uint64
	services []content.Service
	servV    uint64
}

// changed is called after a write to the published blogs or services commits.
func (p *published) changed() {
	p.mu.Lock()
	p.version++
	p.blogs, p.services = nil, nil
	p.mu.Unlock()
}

func cachedList[T any](p *published, list *[]T, at *uint64, load func() ([]T, error)) ([]T, error) {
	p.mu.Lock()
	if *list != nil && *at == p.version {
		out := append([]T(nil), (*list)...)
		p.mu.Unlock()
		return out, nil
	}
	v := p.version
	p.mu.Unlock()
	items, err := load()
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if p.version == v {
		*list, *at = items, v
	}
	p.mu.Unlock()
	return append([]T(nil), items...), nil
}
