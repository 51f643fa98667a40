package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// Enquiries are stored once per id. The index bucket maps each enquiry's _id to its key in the
// messages bucket, and keeps a tombstone for every erased id, so a late copy of an erased
// enquiry (a retry that was still on its way, an object left in the intake bucket) cannot
// bring it back. A tombstone holds the id and when it was erased: nothing of the person.
var bucketEnquiryIDs = []byte("enquiry_ids")

// tombstone marks an erased id in bucketEnquiryIDs; a live id's value is its 8-byte key.
const tombstone = 'x'

// The outcomes of AddEnquiry.
const (
	EnquiryStored = "stored" // new: stored now, with its mail and webhook deliveries
	EnquiryKnown  = "known"  // the id was stored before: nothing was written
	EnquiryErased = "erased" // the id was erased on request: nothing was written
)

// NewEnquiry is what accepting an enquiry writes, in one transaction.
type NewEnquiry struct {
	Message    domain.Message
	Mail       *MailJob          // its notification; nil: none
	Deliveries []domain.Delivery // its webhook deliveries (given their ids here)
	// Audit, when set, is recorded with it (its Target the enquiry's id): an enquiry that came
	// in without a request to audit, such as the intake's.
	Audit *domain.AuditEntry
}

// AddEnquiry stores an enquiry once per id, with the job of its notification and its webhook
// deliveries, in one transaction batched with concurrent ones into one fsync: once it
// returns, all of them are on disk or none. When the id is known it writes nothing and answers
// the enquiry as first stored and EnquiryKnown; when the id was erased, EnquiryErased.
func (db *DB) AddEnquiry(e NewEnquiry) (domain.Message, string, error) {
	if e.Message.ID == "" {
		return e.Message, "", fmt.Errorf("add enquiry: no id")
	}
	var m domain.Message
	var outcome string
	stamp := e.Message.CreatedAt.IsZero()
	keep := db.auditRetention()
	err := db.bolt.Batch(func(tx *bolt.Tx) error {
		// Batch may run this again after another function of the batch failed: start afresh.
		m, outcome = e.Message, EnquiryStored
		switch v := tx.Bucket(bucketEnquiryIDs).Get([]byte(m.ID)); {
		case len(v) > 0 && v[0] == tombstone:
			outcome = EnquiryErased
			return nil
		case len(v) == 8:
			outcome = EnquiryKnown
			_, err := getJSON(tx, bucketMessages, v, &m)
			return err
		}
		now := db.now()
		if stamp {
			m.CreatedAt = now // in the order of the keys, as AddMessage
		}
		seq, err := putEnquiry(tx, &m)
		if err != nil {
			return err
		}
		if e.Mail != nil {
			j := newMailJob(*e.Mail, now)
			j.Kind, j.Ref, j.MessageKey = "enquiry", m.ID, seq
			if err := putMailJob(tx, &j); err != nil {
				return err
			}
		}
		if e.Audit != nil {
			a := *e.Audit
			a.Target, a.At = m.ID, now
			if err := appendAudit(tx, &a, keep); err != nil {
				return err
			}
		}
		ds := append([]domain.Delivery(nil), e.Deliveries...)
		return queueDeliveries(tx, ds)
	})
	if err != nil {
		return m, "", fmt.Errorf("add enquiry: %w", err)
	}
	if outcome == EnquiryStored && e.Mail != nil {
		db.mailWasQueued("enquiry")
	}
	return m, outcome, nil
}

// EnquiryState answers whether an id is stored (EnquiryKnown), was erased (EnquiryErased) or
// is new ("").
func (db *DB) EnquiryState(id string) (string, error) {
	state := ""
	err := db.bolt.View(func(tx *bolt.Tx) error {
		switch v := tx.Bucket(bucketEnquiryIDs).Get([]byte(id)); {
		case len(v) > 0 && v[0] == tombstone:
			state = EnquiryErased
		case len(v) == 8:
			state = EnquiryKnown
		}
		return nil
	})
	return state, err
}

// putEnquiry stores a new enquiry under the next key of the messages bucket and indexes its id;
// it answers the key.
func putEnquiry(tx *bolt.Tx, m *domain.Message) (uint64, error) {
	if m.ID == "" {
		m.ID = domain.NewEnquiryID()
	}
	seq, err := tx.Bucket(bucketMessages).NextSequence()
	if err != nil {
		return 0, err
	}
	if err := putJSON(tx, bucketMessages, itob(seq), m); err != nil {
		return 0, err
	}
	return seq, tx.Bucket(bucketEnquiryIDs).Put([]byte(m.ID), itob(seq))
}

// knownEnquiry reports whether the id is stored or erased.
func knownEnquiry(tx *bolt.Tx, id string) bool {
	return tx.Bucket(bucketEnquiryIDs).Get([]byte(id)) != nil
}

// eraseEnquiry deletes the enquiry stored under key and leaves its id's tombstone.
func eraseEnquiry(tx *bolt.Tx, key []byte, id string, at time.Time) error {
	if err := tx.Bucket(bucketMessages).Delete(key); err != nil {
		return err
	}
	return tx.Bucket(bucketEnquiryIDs).Put([]byte(id), append([]byte{tombstone}, at.UTC().Format(time.RFC3339)...))
}

// indexEnquiries fills the id index from the messages bucket when the index is new (a database
// written before it existed); it runs at Open, in the transaction that makes the buckets.
func indexEnquiries(tx *bolt.Tx) error {
	idx := tx.Bucket(bucketEnquiryIDs)
	if idx.Stats().KeyN > 0 {
		return nil
	}
	return tx.Bucket(bucketMessages).ForEach(func(k, v []byte) error {
		var m struct {
			ID string `json:"_id"`
		}
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("index enquiry %d: %w", btoi(k), err)
		}
		if m.ID == "" {
			return nil
		}
		return idx.Put([]byte(m.ID), bytes.Clone(k))
	})
}
