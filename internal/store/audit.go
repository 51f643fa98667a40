package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// The audit log: one bucket, keyed by a rising sequence, so the oldest entries come first and
// are the ones the age limit removes. The routine entries (domain.AuditEntry.LowValue) are also
// keyed in a second bucket, audit_low, whose bucket sequence counts them: the count limit
// removes the oldest of those only, found there without reading the others.

// bucketAuditLow indexes the routine entries of the audit log by their key (values empty).
var bucketAuditLow = []byte("audit_low")

func init() { allBuckets = append(allBuckets, bucketAuditLow) }

// pruneBatch bounds the entries one append removes, so an append stays quick even when the
// retention was just tightened; the next appends remove the rest.
const pruneBatch = 1000

// auditRetention is the audit log's retention, shared by every view of a DB (As).
type auditRetention struct {
	mu   sync.Mutex
	keep domain.AuditRetention
}

// SetAuditRetention sets how long the audit log keeps entries (domain.DefaultAuditRetention
// until called); each append applies it.
func (db *DB) SetAuditRetention(r domain.AuditRetention) {
	db.audit.mu.Lock()
	db.audit.keep = r
	db.audit.mu.Unlock()
}

func (db *DB) auditRetention() domain.AuditRetention {
	db.audit.mu.Lock()
	defer db.audit.mu.Unlock()
	return db.audit.keep
}

// AppendAudit records e durably (stamping its id and, when unset, its time) and applies the
// retention. Concurrent appends share one commit (bbolt's Batch).
func (db *DB) AppendAudit(e domain.AuditEntry) (domain.AuditEntry, error) {
	if e.At.IsZero() {
		e.At = db.now()
	}
	keep := db.auditRetention()
	err := db.bolt.Batch(func(tx *bolt.Tx) error { return appendAudit(tx, &e, keep) })
	if err != nil {
		return e, fmt.Errorf("audit: %w", err)
	}
	return e, nil
}

// appendAudit stores e (giving it its id), indexes it when it is routine, and applies the
// retention, in tx.
func appendAudit(tx *bolt.Tx, e *domain.AuditEntry, keep domain.AuditRetention) error {
	b := tx.Bucket(bucketAudit)
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	e.ID = seq
	if err := putJSON(tx, bucketAudit, itob(seq), e); err != nil {
		return err
	}
	if e.LowValue() {
		low := tx.Bucket(bucketAuditLow)
		if err := low.Put(itob(seq), nil); err != nil {
			return err
		}
		if err := low.SetSequence(low.Sequence() + 1); err != nil {
			return err
		}
	}
	return pruneAudit(tx, keep, e.At)
}

// pruneAudit removes the entries older than the retention's age, then the oldest routine ones
// beyond its count, at most pruneBatch of each. The newest entry always stays.
func pruneAudit(tx *bolt.Tx, keep domain.AuditRetention, now time.Time) error {
	b, low := tx.Bucket(bucketAudit), tx.Bucket(bucketAuditLow)
	newest, _ := b.Cursor().Last()
	drop := func(k []byte) error {
		if low.Get(k) != nil {
			if err := low.Delete(k); err != nil {
				return err
			}
			if err := low.SetSequence(low.Sequence() - 1); err != nil {
				return err
			}
		}
		return b.Delete(k)
	}
	for i := 0; keep.MaxAge > 0 && i < pruneBatch; i++ {
		k, v := b.Cursor().First()
		if k == nil || bytes.Equal(k, newest) {
			break
		}
		var e struct {
			At time.Time `json:"at"`
		}
		if json.Unmarshal(v, &e) != nil || now.Sub(e.At) <= keep.MaxAge {
			break
		}
		if err := drop(bytes.Clone(k)); err != nil {
			return err
		}
	}
	for i := 0; keep.MaxEntries > 0 && low.Sequence() > uint64(keep.MaxEntries) && i < pruneBatch; i++ {
		k, _ := low.Cursor().First()
		if k == nil || bytes.Equal(k, newest) {
			break
		}
		if err := drop(bytes.Clone(k)); err != nil {
			return err
		}
	}
	return nil
}

// indexAudit fills audit_low from the audit log of a database written before it existed.
func indexAudit(tx *bolt.Tx) error {
	low := tx.Bucket(bucketAuditLow)
	n := uint64(0)
	err := tx.Bucket(bucketAudit).ForEach(func(k, v []byte) error {
		var e domain.AuditEntry
		if json.Unmarshal(v, &e) != nil || !e.LowValue() {
			return nil
		}
		n++
		return low.Put(bytes.Clone(k), nil)
	})
	if err != nil {
		return err
	}
	return low.SetSequence(n)
}

// AuditPage returns at most limit entries that match f, stored before the cursor (0: from the
// newest), newest first, and the cursor of the next page (0 when there is none).
func (db *DB) AuditPage(f domain.AuditFilter, before uint64, limit int) ([]domain.AuditEntry, uint64, error) {
	var out []domain.AuditEntry
	var next uint64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketAudit)
		if b == nil {
			return nil // a read-only file of a version before the audit log
		}
		c := b.Cursor()
		k, v := seekBefore(c, before)
		for ; k != nil; k, v = c.Prev() {
			var e domain.AuditEntry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("decode audit entry %d: %w", btoi(k), err)
			}
			if !f.Match(e) {
				continue
			}
			if len(out) == limit {
				next = out[len(out)-1].ID // another entry matches: the next page begins below the last
				break
			}
			out = append(out, e)
		}
		return nil
	})
	return out, next, err
}

// seekBefore places c on the last key below before (the last key of all when before is 0).
func seekBefore(c *bolt.Cursor, before uint64) ([]byte, []byte) {
	if before == 0 {
		return c.Last()
	}
	if k, _ := c.Seek(itob(before)); k == nil {
		return c.Last()
	}
	return c.Prev()
}
