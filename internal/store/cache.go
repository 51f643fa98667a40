package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// decoded keeps the decoded records of a bucket between list calls, each with the stored bytes
// it was decoded from: a build lists every published record on every publish, and decoding
// thousands of them was most of a small build's load stage. A record is decoded again only when
// its stored bytes differ, so the cache can never be stale and needs no invalidation.
type decoded[T any] struct {
	mu      sync.Mutex
	entries map[string]decodedEntry[T]
}

type decodedEntry[T any] struct {
	raw []byte
	rec T
}

// list returns every record of bucket, reusing the ones whose bytes did not change.
func (c *decoded[T]) list(tx *bolt.Tx, bucket []byte) ([]T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := tx.Bucket(bucket)
	if b == nil {
		return nil, nil
	}
	next := make(map[string]decodedEntry[T], len(c.entries))
	out := make([]T, 0, len(c.entries))
	err := b.ForEach(func(k, v []byte) error {
		e, ok := c.entries[string(k)]
		if !ok || !bytes.Equal(e.raw, v) {
			e = decodedEntry[T]{raw: bytes.Clone(v)}
			if err := json.Unmarshal(v, &e.rec); err != nil {
				return fmt.Errorf("decode %s/%s: %w", bucket, k, err)
			}
		}
		next[string(k)] = e
		out = append(out, e.rec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	c.entries = next
	return out, nil
}
