package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"

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
	entries map[string]*decodedEntry
	// sorted is the last list in its kind's list order, and seen the number of that list: a
	// list sorts only the records that joined since and merges them in, rather than sorting
	// every record again (a publish lists thousands to add one).
	sorted []*decodedEntry
	seen   uint64
	// txid is the committed state the last list read (bbolt's transaction id, which every
	// write's commit moves on; 0: none), and sum the bucket's sum then (see bucketSum): a list
	// in the same state answers from sorted without reading the bucket again.
	txid int
	sum  bucketSummer
	// journal is the sequence of the journal of changes (see bucketRecordChanges) that entries,
	// sorted and sum reflect, when current: a later list reads the records the journal names
	// since, not the whole bucket. Only a read-only transaction's list sets it (a writable one
	// may roll back, and the journal's sequence with it).
	journal uint64
	current bool
	scans   int // lists that read the whole bucket (for tests)
}

type decodedEntry struct {
	sum    xxh3.Uint128 // of the stored bytes
	rec    domain.Record
	seen   uint64 // the last list that found it
	sorted bool   // in decoded.sorted
}

// list returns every record of k in bucket in k's list order, reusing the ones whose bytes did
// not change. The records are the cache's own: a caller copies one before it lets it go or
// changes it. A database read once (Options.ReadOnce) keeps nothing: release, when set, hands
// back each value's pages once decoded.
func (c *decoded) list(tx *bolt.Tx, bucket []byte, k *domain.Kind, keep bool, release func([]byte)) ([]domain.Record, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := tx.Bucket(bucket)
	if b == nil {
		c.txid, c.sum, c.sorted, c.current = 0, bucketSummer{}, nil, false
		return nil, nil
	}
	if !keep {
		var out []domain.Record
		err := b.ForEach(func(key, v []byte) error {
			rec := k.New()
			if err := json.Unmarshal(v, rec); err != nil {
				return fmt.Errorf("decode %s/%s: %w", bucket, key, err)
			}
			out = append(out, rec)
			release(v)
			return nil
		})
		if err != nil {
			return nil, err
		}
		k.Sort(out)
		return out, nil
	}
	// Only a read-only transaction's state is a committed one: a writable transaction may
	// change the bucket after the list (or roll back), and its id is the next commit's.
	if c.txid != 0 && c.txid == tx.ID() && !tx.Writable() {
		return c.records(), nil
	}
	seq, journaled := journalAt(tx)
	if c.current && journaled && !tx.Writable() && seq >= c.journal {
		if keys, ok := c.changedSince(tx, bucket, seq); ok {
			c.current = false // until the changes are in
			if err := c.apply(b, bucket, k, keys); err != nil {
				return nil, err
			}
			c.txid, c.journal, c.current = tx.ID(), seq, true
			if verifyCache {
				if err := c.verify(b, bucket, k); err != nil {
					return nil, err
				}
			}
			return c.records(), nil
		}
	}
	c.current = false
	c.scans++
	if c.entries == nil {
		c.entries = map[string]*decodedEntry{}
	}
	c.seen++
	c.txid = 0                 // until this list has read the whole bucket
	var joined []*decodedEntry // found, and not in the last list
	var summer bucketSummer
	found := 0
	err := b.ForEach(func(key, v []byte) error {
		e := c.entries[string(key)]
		sum := xxh3.Hash128(v)
		summer.add(key, sum)
		if e == nil || e.sum != sum {
			e = &decodedEntry{sum: sum, rec: k.New()}
			if err := json.Unmarshal(v, e.rec); err != nil {
				return fmt.Errorf("decode %s/%s: %w", bucket, key, err)
			}
			c.entries[string(key)] = e
		}
		e.seen = c.seen
		if !e.sorted {
			joined = append(joined, e)
		}
		found++
		release(v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(c.entries) > found { // records gone from the bucket
		for key, e := range c.entries {
			if e.seen != c.seen {
				delete(c.entries, key)
			}
		}
	}
	c.sorted = c.merge(k, joined, func(e *decodedEntry) bool { return e.seen != c.seen }) // not found by this list
	c.txid, c.sum = 0, summer
	if !tx.Writable() {
		c.txid, c.journal, c.current = tx.ID(), seq, journaled
	}
	return c.records(), nil
}

// changedSince is the keys of bucket the journal names after the cache's state (none when the
// journal is still at seq), and false when the journal no longer holds all of them.
func (c *decoded) changedSince(tx *bolt.Tx, bucket []byte, seq uint64) ([][]byte, bool) {
	if seq == c.journal {
		return nil, true
	}
	return changedSince(tx, bucket, c.journal)
}

// apply brings the cache up to date with the records of b at keys (each changed, added or
// removed since the cache's state): their entries and the bucket's sum follow them, and the
// list order takes the changed ones out and merges them in again.
func (c *decoded) apply(b *bolt.Bucket, bucket []byte, k *domain.Kind, keys [][]byte) error {
	var joined []*decodedEntry
	drop := map[*decodedEntry]bool{}
	for _, key := range keys {
		old := c.entries[string(key)]
		v := b.Get(key)
		if v == nil {
			if old != nil {
				c.sum.remove(key, old.sum)
				drop[old] = true
				delete(c.entries, string(key))
			}
			continue
		}
		sum := xxh3.Hash128(v)
		if old != nil && old.sum == sum {
			continue
		}
		e := &decodedEntry{sum: sum, rec: k.New()}
		if err := json.Unmarshal(v, e.rec); err != nil {
			return fmt.Errorf("decode %s/%s: %w", bucket, key, err)
		}
		if old != nil {
			c.sum.remove(key, old.sum)
			drop[old] = true
		}
		c.sum.add(key, sum)
		c.entries[string(key)] = e
		joined = append(joined, e)
	}
	if len(drop) > 0 || len(joined) > 0 {
		c.sorted = c.merge(k, joined, func(e *decodedEntry) bool { return drop[e] })
	}
	return nil
}

// verifyCache makes every list the journal brought up to date check itself against the whole
// bucket (in test binaries: every test that writes and lists records checks that no write of
// a record missed the journal).
var verifyCache = testing.Testing()

// verify compares the cache's state with the bucket as stored: the same keys, sums and order.
func (c *decoded) verify(b *bolt.Bucket, bucket []byte, k *domain.Kind) error {
	var want bucketSummer
	n := 0
	err := b.ForEach(func(key, v []byte) error {
		sum := xxh3.Hash128(v)
		want.add(key, sum)
		if e := c.entries[string(key)]; e == nil || e.sum != sum {
			return fmt.Errorf("store: the record cache of %s missed a change of %s: a write of a record that did not go through put or del (journal.go)", bucket, key)
		}
		n++
		return nil
	})
	if err != nil {
		return err
	}
	if want != c.sum || n != len(c.entries) || n != len(c.sorted) {
		return fmt.Errorf("store: the record cache of %s is out of step with the bucket (%d records, %d cached, %d listed)", bucket, n, len(c.entries), len(c.sorted))
	}
	for i := 1; i < len(c.sorted); i++ {
		if k.Compare(c.sorted[i-1].rec, c.sorted[i].rec) >= 0 {
			return fmt.Errorf("store: the record cache of %s lists %d out of order", bucket, i)
		}
	}
	return nil
}

// records is the last list's records, in its order.
func (c *decoded) records() []domain.Record {
	out := make([]domain.Record, len(c.sorted))
	for i, e := range c.sorted {
		out[i] = e.rec
	}
	return out
}

// merge is the last list without the records that are gone (gone says which: removed, or
// decoded again from new bytes), and with the ones that joined, in k's list order.
func (c *decoded) merge(k *domain.Kind, joined []*decodedEntry, gone func(*decodedEntry) bool) []*decodedEntry {
	slices.SortFunc(joined, func(a, b *decodedEntry) int { return k.Compare(a.rec, b.rec) })
	out := make([]*decodedEntry, 0, len(c.sorted)+len(joined))
	for _, e := range c.sorted {
		if gone(e) {
			e.sorted = false
			continue
		}
		for len(joined) > 0 && k.Compare(joined[0].rec, e.rec) < 0 {
			joined[0].sorted = true
			out = append(out, joined[0])
			joined = joined[1:]
		}
		out = append(out, e)
	}
	for _, e := range joined {
		e.sorted = true
		out = append(out, e)
	}
	return out
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
