package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// The states of a mail job.
const (
	MailQueued   = "queued"   // waiting for its first attempt (or a retry the admin asked for)
	MailRetrying = "retrying" // an attempt failed; another follows at NextAt
	MailSent     = "sent"
	MailFailed   = "failed" // given up; the admin may retry it
)

// MailJob is one e-mail to deliver, kept on disk from the moment it is decided until it is sent
// or given up, so neither a full queue nor a restart loses it. It holds what is needed to
// compose the mail, never the mail itself: a reset link's token is made at sending time and
// only its hash is stored.
type MailJob struct {
	ID         uint64    `json:"id"`
	Kind       string    `json:"kind"` // reset, enquiry, invite, review, schedule: each kind has its own queue
	To         string    `json:"to"`
	Ref        string    `json:"ref,omitempty"`        // the admin's username, the enquiry's _id
	MessageKey uint64    `json:"messageKey,omitempty"` // the enquiry's place in the messages bucket
	Status     string    `json:"status"`
	Attempts   int       `json:"attempts"`
	LastError  string    `json:"lastError,omitempty"`
	CreatedAt  time.Time `json:"createdAt"`
	NextAt     time.Time `json:"nextAt,omitzero"`
	SentAt     time.Time `json:"sentAt,omitzero"`
}

// Finished reports whether the job needs nothing more (sent or given up).
func (j MailJob) Finished() bool { return j.Status == MailSent || j.Status == MailFailed }

// mailKeep is how many finished jobs are kept for the admin to see; older ones are pruned.
var mailKeep = 2000

// dueKey orders the jobs waiting in one kind's queue by when they are due, then by id.
func dueKey(kind string, at time.Time, id uint64) []byte {
	k := make([]byte, 0, len(kind)+17)
	k = append(k, kind...)
	k = append(k, 0)
	k = binary.BigEndian.AppendUint64(k, uint64(at.UnixNano()))
	return binary.BigEndian.AppendUint64(k, id)
}

func putMailJob(tx *bolt.Tx, j *MailJob) error {
	b := tx.Bucket(bucketMail)
	if j.ID == 0 {
		id, err := b.NextSequence()
		if err != nil {
			return err
		}
		j.ID = id
	}
	if err := putJSON(tx, bucketMail, itob(j.ID), j); err != nil {
		return err
	}
	if !j.Finished() {
		return tx.Bucket(bucketMailDue).Put(dueKey(j.Kind, j.NextAt, j.ID), nil)
	}
	return nil
}

func newMailJob(j MailJob, now time.Time) MailJob {
	j.ID, j.Status, j.Attempts, j.LastError, j.SentAt = 0, MailQueued, 0, "", time.Time{}
	j.CreatedAt, j.NextAt = now, now
	return j
}

// mailHook is told of every mail job stored, once it is committed.
type mailHook struct {
	mu sync.Mutex
	fn func(kind string)
}

// OnMailQueued sets the function told of each new mail job's kind once the job is on disk (the
// mail spool's wake-up), whoever stored it: a part of the server that decides a mail needs the
// database only, not the spool. One function per database; a later call replaces it.
func (db *DB) OnMailQueued(fn func(kind string)) {
	db.mailQueued.mu.Lock()
	defer db.mailQueued.mu.Unlock()
	db.mailQueued.fn = fn
}

func (db *DB) mailWasQueued(kind string) {
	db.mailQueued.mu.Lock()
	fn := db.mailQueued.fn
	db.mailQueued.mu.Unlock()
	if fn != nil {
		fn(kind)
	}
}

// EnqueueMail stores a new mail job, due at once.
func (db *DB) EnqueueMail(j MailJob) (MailJob, error) {
	j = newMailJob(j, db.now())
	err := db.bolt.Update(func(tx *bolt.Tx) error { return putMailJob(tx, &j) })
	if err != nil {
		return j, fmt.Errorf("enqueue mail: %w", err)
	}
	db.mailWasQueued(j.Kind)
	return j, nil
}

// EnqueueMailOnce stores a new mail job, due at once, unless a job of the same kind to the same
// address about the same thing (Ref) was stored at or after since: in one transaction, so
// requests at once cannot both pass. It answers whether it stored the job.
func (db *DB) EnqueueMailOnce(j MailJob, since time.Time) (bool, error) {
	j = newMailJob(j, db.now())
	stored := false
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketMail).Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var old MailJob
			if err := json.Unmarshal(v, &old); err != nil {
				return fmt.Errorf("decode mail job %d: %w", btoi(k), err)
			}
			if old.CreatedAt.Before(since) {
				break // the jobs are stored in the order they were made
			}
			if old.Kind == j.Kind && old.To == j.To && old.Ref == j.Ref {
				return nil
			}
		}
		stored = true
		return putMailJob(tx, &j)
	})
	if err != nil {
		return false, fmt.Errorf("enqueue mail: %w", err)
	}
	if stored {
		db.mailWasQueued(j.Kind)
	}
	return stored, nil
}

// AddMessageWithMail stores an enquiry and the job of its notification in one transaction
// (batched like AddMessage): an acknowledged enquiry always has its notification on disk.
func (db *DB) AddMessageWithMail(m domain.Message, notify MailJob) (domain.Message, error) {
	if m.ID == "" {
		m.ID = domain.NewID()
	}
	stamp := m.CreatedAt.IsZero()
	err := db.bolt.Batch(func(tx *bolt.Tx) error {
		seq, err := tx.Bucket(bucketMessages).NextSequence()
		if err != nil {
			return err
		}
		now := db.now()
		if stamp {
			m.CreatedAt = now // as AddMessage: in the order of the keys
		}
		if err := putJSON(tx, bucketMessages, itob(seq), &m); err != nil {
			return err
		}
		j := newMailJob(notify, now)
		j.Kind, j.Ref, j.MessageKey = "enquiry", m.ID, seq
		return putMailJob(tx, &j)
	})
	if err != nil {
		return m, fmt.Errorf("add message: %w", err)
	}
	db.mailWasQueued("enquiry")
	return m, nil
}

// MessageAt returns the enquiry stored at key (a MailJob's MessageKey).
func (db *DB) MessageAt(key uint64) (domain.Message, error) {
	var m domain.Message
	err := db.bolt.View(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketMessages, itob(key), &m)
		if err == nil && !ok {
			err = domain.Errorf(domain.ENotFound, "No such enquiry.")
		}
		return err
	})
	return m, err
}

// DueMail returns the job of kind that is due first, if it is due at now; otherwise when the
// next one will be (zero when the queue is empty).
func (db *DB) DueMail(kind string, now time.Time) (job MailJob, due bool, next time.Time, err error) {
	err = db.bolt.View(func(tx *bolt.Tx) error {
		prefix := append([]byte(kind), 0)
		c := tx.Bucket(bucketMailDue).Cursor()
		k, _ := c.Seek(prefix)
		if k == nil || !bytes.HasPrefix(k, prefix) || len(k) != len(prefix)+16 {
			return nil
		}
		at := time.Unix(0, int64(binary.BigEndian.Uint64(k[len(prefix):])))
		if at.After(now) {
			next = at
			return nil
		}
		id := binary.BigEndian.Uint64(k[len(prefix)+8:])
		ok, err := getJSON(tx, bucketMail, itob(id), &job)
		if err != nil || !ok {
			return fmt.Errorf("mail job %d is due but missing: %v", id, err)
		}
		due = true
		return nil
	})
	return job, due, next, err
}

// SettleMail records the outcome of an attempt at job id: sent when sendErr is "", else a
// failure, retried at retryAt or, when retryAt is zero, given up.
func (db *DB) SettleMail(id uint64, sendErr string, retryAt time.Time) (MailJob, error) {
	var j MailJob
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketMail, itob(id), &j)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such mail.")
		}
		if j.Finished() {
			return nil
		}
		if err := tx.Bucket(bucketMailDue).Delete(dueKey(j.Kind, j.NextAt, j.ID)); err != nil {
			return err
		}
		j.Attempts++
		switch {
		case sendErr == "":
			j.Status, j.SentAt, j.NextAt, j.LastError = MailSent, db.now(), time.Time{}, ""
		case retryAt.IsZero():
			j.Status, j.NextAt, j.LastError = MailFailed, time.Time{}, sendErr
		default:
			j.Status, j.NextAt, j.LastError = MailRetrying, retryAt, sendErr
		}
		if err := putMailJob(tx, &j); err != nil {
			return err
		}
		if j.Finished() && j.ID%50 == 0 {
			return pruneMail(tx)
		}
		return nil
	})
	if err != nil {
		return j, fmt.Errorf("settle mail %d: %w", id, err)
	}
	return j, nil
}

// pruneMail deletes the oldest finished jobs beyond the newest mailKeep.
func pruneMail(tx *bolt.Tx) error {
	b := tx.Bucket(bucketMail)
	excess := b.Stats().KeyN - mailKeep
	var old [][]byte
	c := b.Cursor()
	for k, v := c.First(); k != nil && len(old) < excess; k, v = c.Next() {
		var j MailJob
		if json.Unmarshal(v, &j) == nil && j.Finished() {
			old = append(old, bytes.Clone(k))
		}
	}
	for _, k := range old {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// RescheduleMail makes job id due at when: an admin's retry of a failed or retrying job (a sent
// one is a conflict), or a restart retrying at once what waited for its next attempt.
func (db *DB) RescheduleMail(id uint64, when time.Time) (MailJob, error) {
	var j MailJob
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketMail, itob(id), &j)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such mail.")
		}
		if j.Status == MailSent {
			return domain.Errorf(domain.EConflict, "This mail was sent already.")
		}
		if !j.Finished() {
			if err := tx.Bucket(bucketMailDue).Delete(dueKey(j.Kind, j.NextAt, j.ID)); err != nil {
				return err
			}
		}
		if j.Status == MailFailed {
			j.Status = MailQueued
		}
		j.NextAt = when
		return putMailJob(tx, &j)
	})
	return j, err
}

// WaitingMail returns the jobs of kind that wait for a later attempt (retrying, not yet due).
func (db *DB) WaitingMail(kind string, now time.Time) ([]uint64, error) {
	var ids []uint64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		prefix := append([]byte(kind), 0)
		c := tx.Bucket(bucketMailDue).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix) && len(k) == len(prefix)+16; k, _ = c.Next() {
			if time.Unix(0, int64(binary.BigEndian.Uint64(k[len(prefix):]))).After(now) {
				ids = append(ids, binary.BigEndian.Uint64(k[len(prefix)+8:]))
			}
		}
		return nil
	})
	return ids, err
}

// MailJobs returns at most limit jobs created before the cursor (0: from the newest), newest
// first, and the cursor of the next page (0 when there is none).
func (db *DB) MailJobs(before uint64, limit int) ([]MailJob, uint64, error) {
	var out []MailJob
	var next uint64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketMail)
		if b == nil {
			return nil
		}
		c := b.Cursor()
		var k, v []byte
		if before == 0 {
			k, v = c.Last()
		} else if k, v = c.Seek(itob(before)); k == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
		for ; k != nil; k, v = c.Prev() {
			if len(out) == limit {
				next = out[len(out)-1].ID
				break
			}
			var j MailJob
			if err := json.Unmarshal(v, &j); err != nil {
				return fmt.Errorf("decode mail job %s: %w", strconv.Quote(string(k)), err)
			}
			out = append(out, j)
		}
		return nil
	})
	return out, next, err
}
