package store

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/zeebo/xxh3"
	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// decoded keeps the decoded records of a bucket between list calls, each with the sum of the
// stored bytes it was decoded from (not the bytes: a copy of every record doubled the memory a
// 50,000-post build holds): a build lists every published record on every publish, and decoding
// thousands of them was most of a small build's load stage. A record is decoded again only when
// its stored bytes differ, so the cache can never be stale and needs no invalidation. The sum is
// XXH3's 128 bits: it tells a changed record from an unchanged one (2^-128 by chance; the bytes
// are an admin's own records, nobody gains by making two collide), at some 20 times SHA-256's
// speed, which was a fifth of a publish's CPU on a 5,000-post site.
type decoded struct {
	mu      sync.Mutex
	entries map[string]decodedEntry
}

type decodedEntry struct {
	sum xxh3.Uint128 // of the stored bytes
	rec domain.Record
}

// list returns every record of k in bucket, reusing the ones whose bytes did not change. The
// records are the cache's own: a caller copies one before it lets it go or changes it.
// A database read once (Options.ReadOnce) keeps nothing: release, when set, hands back each
// value's pages once decoded.
func (c *decoded) list(tx *bolt.Tx, bucket []byte, k *domain.Kind, keep bool, release func([]byte)) ([]domain.Record, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := tx.Bucket(bucket)
	if b == nil {
		return nil, nil
	}
	next := make(map[string]decodedEntry, len(c.entries))
	out := make([]domain.Record, 0, len(c.entries))
	err := b.ForEach(func(key, v []byte) error {
		e, ok := c.entries[string(key)]
		sum := xxh3.Hash128(v)
		if !ok || e.sum != sum {
			e = decodedEntry{sum: sum, rec: k.New()}
			if err := json.Unmarshal(v, e.rec); err != nil {
				return fmt.Errorf("decode %s/%s: %w", bucket, key, err)
			}
		}
		if keep {
			next[string(key)] = e
		}
		out = append(out, e.rec)
		release(v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if keep {
		c.entries = next
	}
	return out, nil
}

// cache returns the cache of a bucket of records.
func (db *DB) cache(bucket []byte) *decoded {
	db.caches.mu.Lock()
	defer db.caches.mu.Unlock()
	c := db.caches.byBucket[string(bucket)]
	if c == nil {
		c = &decoded{}
		db.caches.byBucket[string(bucket)] = c
	}
	return c
}
