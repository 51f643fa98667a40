package store

import (
	"bytes"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// PutBuild stores a build record under its id and keeps the newest keep. The record's type is
// its owner's (internal/publish); the store keeps the records in the order of their ids.
func PutBuild[T any](db *DB, id uint64, rec T, keep int) error {
	return db.bolt.Update(func(tx *bolt.Tx) error {
		if err := putJSON(tx, bucketBuilds, itob(id), rec); err != nil {
			return err
		}
		b := tx.Bucket(bucketBuilds)
		var keys [][]byte
		_ = b.ForEach(func(k, _ []byte) error { keys = append(keys, bytes.Clone(k)); return nil })
		for i := 0; i < len(keys)-keep; i++ {
			if err := b.Delete(keys[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// Builds returns the stored build records, newest first.
func Builds[T any](db *DB) ([]T, error) {
	var out []T
	err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketBuilds).Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var rec T
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("decode build %d: %w", btoi(k), err)
			}
			out = append(out, rec)
		}
		return nil
	})
	return out, err
}
