package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// Webhook endpoints live in one bucket by id; deliveries in another by rising sequence, so the
// oldest finished ones are the first the keep limit removes.

// keepDeliveries is how many finished deliveries stay visible to the admin; pending ones
// always stay.
const keepDeliveries = 500

// WebhookEndpoints returns the configured endpoints, oldest first.
func (db *DB) WebhookEndpoints() ([]domain.WebhookEndpoint, error) {
	var out []domain.WebhookEndpoint
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = list[domain.WebhookEndpoint](tx, bucketWebhooks)
		return err
	})
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.Before(out[j].CreatedAt) })
	return out, err
}

// PutWebhookEndpoint stores an endpoint under its id.
func (db *DB) PutWebhookEndpoint(e domain.WebhookEndpoint) error {
	return db.bolt.Update(func(tx *bolt.Tx) error { return putJSON(tx, bucketWebhooks, []byte(e.ID), &e) })
}

// DeleteWebhookEndpoint removes an endpoint and its pending deliveries, and answers it.
func (db *DB) DeleteWebhookEndpoint(id string) (domain.WebhookEndpoint, error) {
	var e domain.WebhookEndpoint
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketWebhooks, []byte(id), &e)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such webhook.")
		}
		if err := tx.Bucket(bucketWebhooks).Delete([]byte(id)); err != nil {
			return err
		}
		return deleteDeliveriesWhere(tx, func(d domain.Delivery) bool {
			return d.EndpointID == id && d.Status == domain.DeliveryPending
		})
	})
	return e, err
}

// QueueDeliveries stores new deliveries (giving each its id) and answers them.
func (db *DB) QueueDeliveries(ds []domain.Delivery) ([]domain.Delivery, error) {
	err := db.bolt.Update(func(tx *bolt.Tx) error { return queueDeliveries(tx, ds) })
	if err != nil {
		return nil, fmt.Errorf("queue deliveries: %w", err)
	}
	return ds, nil
}

// queueDeliveries stores new deliveries, giving each its id.
func queueDeliveries(tx *bolt.Tx, ds []domain.Delivery) error {
	if len(ds) == 0 {
		return nil
	}
	b := tx.Bucket(bucketDeliveries)
	for i := range ds {
		seq, err := b.NextSequence()
		if err != nil {
			return err
		}
		ds[i].ID = seq
		if err := putJSON(tx, bucketDeliveries, itob(seq), &ds[i]); err != nil {
			return err
		}
	}
	return pruneDeliveries(b)
}

// pruneDeliveries removes the oldest finished deliveries beyond keepDeliveries.
func pruneDeliveries(b *bolt.Bucket) error {
	var finished [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if !bytes.Contains(v, []byte(`"status":"`+domain.DeliveryPending+`"`)) {
			finished = append(finished, bytes.Clone(k))
		}
		return nil
	})
	for i := 0; err == nil && i < len(finished)-keepDeliveries; i++ {
		err = b.Delete(finished[i])
	}
	return err
}

// DueDeliveries returns the pending deliveries to the endpoint endpointID ("": to any) due at
// now (at most limit, oldest first) and when the next of the others is due (zero when none is
// pending).
func (db *DB) DueDeliveries(endpointID string, now time.Time, limit int) ([]domain.Delivery, time.Time, error) {
	var due []domain.Delivery
	var next time.Time
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketDeliveries).ForEach(func(k, v []byte) error {
			if !bytes.Contains(v, []byte(`"status":"`+domain.DeliveryPending+`"`)) {
				return nil
			}
			var d domain.Delivery
			if err := json.Unmarshal(v, &d); err != nil {
				return fmt.Errorf("decode delivery %d: %w", btoi(k), err)
			}
			if d.Status != domain.DeliveryPending || (endpointID != "" && d.EndpointID != endpointID) {
				return nil // the bytes matched inside the payload, or another endpoint's
			}
			if !d.NextAt.After(now) && len(due) < limit {
				due = append(due, d)
			} else if next.IsZero() || d.NextAt.Before(next) {
				next = d.NextAt
			}
			return nil
		})
	})
	return due, next, err
}

// UpdateDelivery stores the outcome of an attempt, unless the delivery is gone (erased, its
// endpoint removed) meanwhile: then it stays gone.
func (db *DB) UpdateDelivery(d domain.Delivery) error {
	return db.bolt.Update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketDeliveries).Get(itob(d.ID)) == nil {
			return nil
		}
		return putJSON(tx, bucketDeliveries, itob(d.ID), &d)
	})
}

// Deliveries returns the newest deliveries, at most limit.
func (db *DB) Deliveries(limit int) ([]domain.Delivery, error) {
	var out []domain.Delivery
	err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketDeliveries).Cursor()
		for k, v := c.Last(); k != nil && len(out) < limit; k, v = c.Prev() {
			var d domain.Delivery
			if err := json.Unmarshal(v, &d); err != nil {
				return fmt.Errorf("decode delivery %d: %w", btoi(k), err)
			}
			out = append(out, d)
		}
		return nil
	})
	return out, err
}

// RetryDelivery makes a failed (or delivered) delivery pending again, due at now, with a fresh
// round of attempts.
func (db *DB) RetryDelivery(id uint64, now time.Time) (domain.Delivery, error) {
	var d domain.Delivery
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketDeliveries, itob(id), &d)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such delivery.")
		}
		if d.Status == domain.DeliveryPending {
			return domain.Errorf(domain.EConflict, "This delivery is already waiting for its next attempt.")
		}
		d.Status, d.Attempts, d.NextAt = domain.DeliveryPending, 0, now
		return putJSON(tx, bucketDeliveries, itob(id), &d)
	})
	return d, err
}

// EraseDeliveries removes every delivery of the event of an erased enquiry (ref), sent or not,
// and answers how many.
func (db *DB) EraseDeliveries(ref string) (int, error) {
	n := 0
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		return deleteDeliveriesWhere(tx, func(d domain.Delivery) bool {
			if d.Ref == ref {
				n++
				return true
			}
			return false
		})
	})
	return n, err
}

func deleteDeliveriesWhere(tx *bolt.Tx, match func(domain.Delivery) bool) error {
	b := tx.Bucket(bucketDeliveries)
	var keys [][]byte
	err := b.ForEach(func(k, v []byte) error {
		var d domain.Delivery
		if err := json.Unmarshal(v, &d); err != nil {
			return fmt.Errorf("decode delivery %d: %w", btoi(k), err)
		}
		if match(d) {
			keys = append(keys, bytes.Clone(k))
		}
		return nil
	})
	for _, k := range keys {
		if err == nil {
			err = b.Delete(k)
		}
	}
	return err
}
