package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/content"
)

// SetAdminPassword replaces an admin's password hash and records when, in one transaction, so
// tokens issued before the change stop working (the auth layer compares against
// PasswordChangedAt).
func (db *DB) SetAdminPassword(username, hash string, at time.Time) (content.Admin, error) {
	var a content.Admin
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketAdmins, []byte(username), &a)
		if err != nil {
			return err
		} else if !ok {
			return content.Errorf(content.ENotFound, "No such admin.")
		}
		a.PasswordHash = hash
		a.PasswordChangedAt = at
		return putJSON(tx, bucketAdmins, []byte(username), &a)
	})
	if err != nil {
		return a, fmt.Errorf("set password of %q: %w", username, err)
	}
	return a, nil
}

// CreateAdmin stores a new admin account; an existing username is a conflict.
func (db *DB) CreateAdmin(a content.Admin) error {
	if a.Username == "" {
		return content.Errorf(content.EInvalid, "Username is required.")
	}
	if a.CreatedAt.IsZero() {
		a.CreatedAt = db.now()
	}
	return db.bolt.Update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketAdmins).Get([]byte(a.Username)) != nil {
			return content.Errorf(content.EConflict, "An admin named %q already exists.", a.Username)
		}
		return putJSON(tx, bucketAdmins, []byte(a.Username), &a)
	})
}

// DeleteUpload removes the record of an upload, used when the record it was made for could not
// be saved and its file is removed again.
func (db *DB) DeleteUpload(name string) error {
	return db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketUploads).Delete([]byte(name)) })
}
