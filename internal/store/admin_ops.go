package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// SetAdminPassword replaces an admin's password hash and records when, in one transaction, so
// tokens issued before the change stop working (the auth layer compares against
// PasswordChangedAt).
func (db *DB) SetAdminPassword(username, hash string, at time.Time) (domain.Admin, error) {
	var a domain.Admin
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketAdmins, []byte(username), &a)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such admin.")
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
func (db *DB) CreateAdmin(a domain.Admin) error {
	if a.Username == "" {
		return domain.Errorf(domain.EInvalid, "Username is required.")
	}
	if a.CreatedAt.IsZero() {
		a.CreatedAt = db.now()
	}
	return db.bolt.Update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketAdmins).Get([]byte(a.Username)) != nil {
			return domain.Errorf(domain.EConflict, "An account named %q already exists.", a.Username)
		}
		return putJSON(tx, bucketAdmins, []byte(a.Username), &a)
	})
}

// DeleteUpload removes the record of an upload, used when the record it was made for could not
// be saved and its file is removed again.
func (db *DB) DeleteUpload(name string) error {
	return db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketUploads).Delete([]byte(name)) })
}

// The refusals that keep at least one admin.
const (
	msgLastAdminRemove = "The last admin cannot be removed. Make another account an admin first."
	msgLastAdminDemote = "The last admin cannot become an editor. Make another account an admin first."
)

// RemoveAdmin deletes an account and answers it as it was. The last admin cannot be removed:
// the check and the deletion are one transaction, so two removals at once cannot both pass it.
func (db *DB) RemoveAdmin(username string) (domain.Admin, error) {
	var a domain.Admin
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if a, err = accountForChange(tx, username); err != nil {
			return err
		}
		if domain.RoleOf(a.Role) == domain.RoleAdmin {
			if n, err := countAdmins(tx); err != nil {
				return err
			} else if n <= 1 {
				return domain.Errorf(domain.EConflict, msgLastAdminRemove)
			}
		}
		return tx.Bucket(bucketAdmins).Delete([]byte(username))
	})
	if err != nil {
		return a, fmt.Errorf("remove account %q: %w", username, err)
	}
	return a, nil
}

// SetAdminRole changes an account's role and answers the account with its role before the
// change in from. The last admin cannot become an editor (checked in the same transaction).
func (db *DB) SetAdminRole(username string, role domain.Role) (a domain.Admin, from domain.Role, err error) {
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if a, err = accountForChange(tx, username); err != nil {
			return err
		}
		from = domain.RoleOf(a.Role)
		if from == domain.RoleAdmin && role != domain.RoleAdmin {
			if n, err := countAdmins(tx); err != nil {
				return err
			} else if n <= 1 {
				return domain.Errorf(domain.EConflict, msgLastAdminDemote)
			}
		}
		a.Role = role
		return putJSON(tx, bucketAdmins, []byte(username), &a)
	})
	if err != nil {
		return a, from, fmt.Errorf("set role of %q: %w", username, err)
	}
	return a, from, nil
}

func accountForChange(tx *bolt.Tx, username string) (domain.Admin, error) {
	var a domain.Admin
	ok, err := getJSON(tx, bucketAdmins, []byte(username), &a)
	if err == nil && !ok {
		err = domain.Errorf(domain.ENotFound, "No such account.")
	}
	return a, err
}

// countAdmins counts the accounts whose role is admin.
func countAdmins(tx *bolt.Tx) (int, error) {
	accounts, err := list[domain.Admin](tx, bucketAdmins)
	n := 0
	for _, a := range accounts {
		if domain.RoleOf(a.Role) == domain.RoleAdmin {
			n++
		}
	}
	return n, err
}
