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
// are the ones the retention removes. Only the oldest are ever deleted, so the keys stay
// contiguous and the number of entries is last − first + 1 without counting.

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

// appendAudit stores e (giving it its id) and applies the retention, in tx.
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
	return pruneAudit(b, keep, e.At)
}

// pruneAudit removes the oldest entries beyond the retention, at most pruneBatch of them.
func pruneAudit(b *bolt.Bucket, keep domain.AuditRetention, now time.Time) error {
	c := b.Cursor()
	last, _ := c.Last()
	for i := 0; i < pruneBatch; i++ {
		k, v := c.First()
		if k == nil || bytes.Equal(k, last) {
			return nil // the newest entry always stays
		}
		over := keep.MaxEntries > 0 && int(btoi(last)-btoi(k)+1) > keep.MaxEntries
		if !over && keep.MaxAge > 0 {
			var e struct {
				At time.Time `json:"at"`
			}
			if err := json.Unmarshal(v, &e); err == nil {
				over = now.Sub(e.At) > keep.MaxAge
			}
		}
		if !over {
			return nil
		}
		if err := c.Delete(); err != nil {
			return err
		}
	}
	return nil
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
