package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// AddMessage stores an enquiry durably. Concurrent calls are batched into one fsync by bbolt's
// Batch; it returns only once the enquiry is on disk.
func (db *DB) AddMessage(m domain.Message) (domain.Message, error) {
	if m.ID == "" {
		m.ID = domain.NewEnquiryID()
	}
	stamp := m.CreatedAt.IsZero()
	in := m
	err := db.bolt.Batch(func(tx *bolt.Tx) error {
		m = in
		if knownEnquiry(tx, m.ID) {
			return domain.Errorf(domain.EConflict, "An enquiry with this id exists or was erased.")
		}
		if stamp {
			// Stamped with its place in the order of arrival, so "newest first" by key and by
			// createdAt agree even when concurrent enquiries commit in another order than they
			// were received.
			m.CreatedAt = db.now()
		}
		_, err := putEnquiry(tx, &m)
		return err
	})
	if err != nil {
		return m, fmt.Errorf("add message: %w", err)
	}
	return m, nil
}

// Messages returns the stored enquiries, newest first.
func (db *DB) Messages() ([]domain.Message, error) {
	var out []domain.Message
	err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketMessages).Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var m domain.Message
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			out = append(out, m)
		}
		return nil
	})
	return out, err
}

// MessagesPage returns at most limit enquiries stored before the cursor (0: from the newest),
// newest first, and the cursor of the next page (0 when there is none). A cursor is the
// enquiry's position in the order of arrival, so pages stay stable while new enquiries arrive.
func (db *DB) MessagesPage(before uint64, limit int) ([]domain.Message, uint64, error) {
	var out []domain.Message
	var next uint64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketMessages).Cursor()
		var k, v []byte
		if before == 0 {
			k, v = c.Last()
		} else if k, v = c.Seek(itob(before)); k == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
		var last []byte
		for ; k != nil; k, v = c.Prev() {
			if len(out) == limit {
				next = binary.BigEndian.Uint64(last)
				break
			}
			last = k
			var m domain.Message
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			out = append(out, m)
		}
		return nil
	})
	return out, next, err
}

// CountMessages returns how many enquiries are stored.
func (db *DB) CountMessages() (int, error) {
	n := 0
	err := db.bolt.View(func(tx *bolt.Tx) error { n = tx.Bucket(bucketMessages).Stats().KeyN; return nil })
	return n, err
}

// Admin returns the admin with that username.
func (db *DB) Admin(username string) (domain.Admin, error) {
	var a domain.Admin
	err := db.bolt.View(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketAdmins, []byte(username), &a)
		if err == nil && !ok {
			err = domain.Errorf(domain.ENotFound, "No such admin.")
		}
		return err
	})
	return a, err
}

// AdminByEmail returns the admin with that e-mail address (case-insensitive).
func (db *DB) AdminByEmail(email string) (domain.Admin, error) {
	var found domain.Admin
	err := db.bolt.View(func(tx *bolt.Tx) error {
		admins, err := list[domain.Admin](tx, bucketAdmins)
		if err != nil {
			return err
		}
		ok := false
		for _, a := range admins { // every one, found or not: the same work either way
			if !ok && a.Email != "" && strings.EqualFold(a.Email, strings.TrimSpace(email)) {
				found, ok = a, true
			}
		}
		if !ok {
			return domain.Errorf(domain.ENotFound, "No such admin.")
		}
		return nil
	})
	return found, err
}

// Admins returns every admin account.
func (db *DB) Admins() ([]domain.Admin, error) {
	var out []domain.Admin
	err := db.bolt.View(func(tx *bolt.Tx) (err error) { out, err = list[domain.Admin](tx, bucketAdmins); return err })
	return out, err
}

// PutAdmin creates or replaces an admin account.
func (db *DB) PutAdmin(a domain.Admin) error {
	if a.Username == "" {
		return domain.Errorf(domain.EInvalid, "Username is required.")
	}
	if a.CreatedAt.IsZero() {
		a.CreatedAt = db.now()
	}
	return db.bolt.Update(func(tx *bolt.Tx) error { return putJSON(tx, bucketAdmins, []byte(a.Username), &a) })
}

// ResetToken is a stored password-reset token; only its hash is kept.
type ResetToken struct {
	Username  string    `json:"username"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// PutResetToken stores the hash of a reset token for username.
func (db *DB) PutResetToken(hash []byte, username string, expires time.Time) error {
	return db.bolt.Update(func(tx *bolt.Tx) error {
		return putJSON(tx, bucketResetTokens, hash, ResetToken{Username: username, ExpiresAt: expires})
	})
}

// ResetToken returns the token with that hash without spending it, so the reset can refuse a
// made-up token before it hashes the new password; an unknown or expired token answers the
// spec's 'Invalid or expired token.'.
func (db *DB) ResetToken(hash []byte, now time.Time) (ResetToken, error) {
	var t ResetToken
	err := db.bolt.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketResetTokens).Get(hash)
		if v == nil {
			return domain.Errorf(domain.EInvalid, "Invalid or expired token.")
		}
		if err := json.Unmarshal(v, &t); err != nil {
			return err
		}
		if now.After(t.ExpiresAt) {
			return domain.Errorf(domain.EInvalid, "Invalid or expired token.")
		}
		return nil
	})
	return t, err
}

// ConsumeResetToken deletes the token with that hash and returns it; a token works once. An
// unknown or expired token answers the spec's 'Invalid or expired token.'.
func (db *DB) ConsumeResetToken(hash []byte, now time.Time) (ResetToken, error) {
	var t ResetToken
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketResetTokens)
		v := b.Get(hash)
		if v == nil {
			return domain.Errorf(domain.EInvalid, "Invalid or expired token.")
		}
		if err := json.Unmarshal(v, &t); err != nil {
			return err
		}
		if err := b.Delete(hash); err != nil {
			return err
		}
		// Expired tokens of anyone are swept on the way.
		var expired [][]byte
		_ = b.ForEach(func(k, v []byte) error {
			var o ResetToken
			if json.Unmarshal(v, &o) == nil && now.After(o.ExpiresAt) {
				expired = append(expired, bytes.Clone(k))
			}
			return nil
		})
		for _, k := range expired {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		if now.After(t.ExpiresAt) {
			return domain.Errorf(domain.EInvalid, "Invalid or expired token.")
		}
		return nil
	})
	return t, err
}

// Upload records a stored upload.
type Upload struct {
	Name      string    `json:"name"`
	Type      string    `json:"type"`
	Size      int64     `json:"size"`
	Width     int       `json:"width"`
	Height    int       `json:"height"`
	CreatedBy string    `json:"createdBy"`
	CreatedAt time.Time `json:"createdAt"`
	// The media library's: the alt text pages show with the image, the sha256 of its bytes and
	// the name of the file it was uploaded as.
	Alt      string `json:"alt,omitempty"`
	Hash     string `json:"hash,omitempty"`
	Original string `json:"original,omitempty"`
}

// PutUpload records an upload.
func (db *DB) PutUpload(u Upload) error {
	if u.CreatedAt.IsZero() {
		u.CreatedAt = db.now()
	}
	return db.bolt.Update(func(tx *bolt.Tx) error { return putJSON(tx, bucketUploads, []byte(u.Name), &u) })
}

// Upload returns the record of an upload.
func (db *DB) Upload(name string) (Upload, error) {
	var u Upload
	err := db.bolt.View(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketUploads, []byte(name), &u)
		if err == nil && !ok {
			err = domain.Errorf(domain.ENotFound, "No such upload.")
		}
		return err
	})
	return u, err
}
