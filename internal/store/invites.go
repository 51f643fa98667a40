package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/content"
)

// Invitations live in their own bucket under the SHA-256 of their link's token, as reset
// tokens do; the link itself is never stored.

// PutInvite stores an invitation under its token's hash. An address that already has an
// account cannot be invited; an earlier invitation of the same address is replaced, so only
// the newest link works.
func (db *DB) PutInvite(hash []byte, inv content.Invite) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		if emailTaken(tx, inv.Email) {
			return content.Errorf(content.EConflict, "An account with that e-mail address already exists.")
		}
		b := tx.Bucket(bucketInvites)
		var stale [][]byte
		_ = b.ForEach(func(k, v []byte) error {
			var o content.Invite
			if json.Unmarshal(v, &o) == nil && strings.EqualFold(o.Email, inv.Email) {
				stale = append(stale, bytes.Clone(k))
			}
			return nil
		})
		for _, k := range stale {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return putJSON(tx, bucketInvites, hash, &inv)
	})
	if err != nil {
		return fmt.Errorf("invite %s: %w", inv.Email, err)
	}
	return nil
}

// Invites returns the pending invitations that have not expired, newest first.
func (db *DB) Invites(now time.Time) ([]content.Invite, error) {
	var out []content.Invite
	err := db.bolt.View(func(tx *bolt.Tx) error {
		all, err := list[content.Invite](tx, bucketInvites)
		for _, inv := range all {
			if now.Before(inv.ExpiresAt) {
				out = append(out, inv)
			}
		}
		return err
	})
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.After(out[j].CreatedAt) })
	return out, err
}

// Invite returns the pending invitation whose token has the hash; an unknown or expired one
// answers content.MsgInviteInvalid.
func (db *DB) Invite(hash []byte, now time.Time) (content.Invite, error) {
	var inv content.Invite
	err := db.bolt.View(func(tx *bolt.Tx) (err error) { inv, err = pendingInvite(tx, hash, now); return err })
	return inv, err
}

func pendingInvite(tx *bolt.Tx, hash []byte, now time.Time) (content.Invite, error) {
	var inv content.Invite
	ok, err := getJSON(tx, bucketInvites, hash, &inv)
	if err != nil {
		return inv, err
	}
	if !ok || !now.Before(inv.ExpiresAt) {
		return content.Invite{}, content.Errorf(content.EInvalid, content.MsgInviteInvalid)
	}
	return inv, nil
}

// RevokeInvite deletes the pending invitation with that id and answers it.
func (db *DB) RevokeInvite(id string) (content.Invite, error) {
	var found content.Invite
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketInvites)
		var key []byte
		_ = b.ForEach(func(k, v []byte) error {
			var o content.Invite
			if key == nil && json.Unmarshal(v, &o) == nil && o.ID == id {
				key, found = bytes.Clone(k), o
			}
			return nil
		})
		if key == nil {
			return content.Errorf(content.ENotFound, "No such invitation.")
		}
		return b.Delete(key)
	})
	return found, err
}

// AcceptInvite spends the invitation whose token has the hash and creates the account a
// (username, password) with the invitation's e-mail address and role, in one transaction: a
// taken username leaves the invitation unspent, and a link works once.
func (db *DB) AcceptInvite(hash []byte, now time.Time, a content.Admin) (content.Admin, content.Invite, error) {
	var inv content.Invite
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if inv, err = pendingInvite(tx, hash, now); err != nil {
			return err
		}
		if tx.Bucket(bucketAdmins).Get([]byte(a.Username)) != nil {
			return content.Errorf(content.EConflict, "That username is taken. Please choose another.")
		}
		if emailTaken(tx, inv.Email) {
			return content.Errorf(content.EConflict, "An account with that e-mail address already exists.")
		}
		a.Email, a.Role = inv.Email, inv.Role
		if a.CreatedAt.IsZero() {
			a.CreatedAt = now
		}
		if err := putJSON(tx, bucketAdmins, []byte(a.Username), &a); err != nil {
			return err
		}
		return tx.Bucket(bucketInvites).Delete(hash)
	})
	return a, inv, err
}

func emailTaken(tx *bolt.Tx, email string) bool {
	taken := false
	_ = tx.Bucket(bucketAdmins).ForEach(func(_, v []byte) error {
		var a content.Admin
		if json.Unmarshal(v, &a) == nil && a.Email != "" && strings.EqualFold(a.Email, strings.TrimSpace(email)) {
			taken = true
		}
		return nil
	})
	return taken
}
