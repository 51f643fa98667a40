package store

import (
	"bytes"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// Invitations live in their own bucket by id, each with the SHA-256 of its link's token, as
// reset tokens are kept: the link itself is never stored. The token is made when the mail is
// composed (SetInviteToken), so a queued mail job holds nothing that opens an account, and a
// newer mail of the same invitation replaces the link of the one before.

type storedInvite struct {
	domain.Invite
	TokenHash string `json:"tokenHash,omitempty"` // hex
}

// PutInvite stores an invitation (without a token yet). An address that already has an account
// cannot be invited; an earlier invitation of the same address is replaced.
func (db *DB) PutInvite(inv domain.Invite) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		if emailTaken(tx, inv.Email) {
			return domain.Errorf(domain.EConflict, "An account with that e-mail address already exists.")
		}
		b := tx.Bucket(bucketInvites)
		var stale [][]byte
		_ = b.ForEach(func(k, v []byte) error {
			var o storedInvite
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
		return putJSON(tx, bucketInvites, []byte(inv.ID), storedInvite{Invite: inv})
	})
	if err != nil {
		return fmt.Errorf("invite %s: %w", inv.Email, err)
	}
	return nil
}

// SetInviteToken gives the pending invitation id the token whose hash is given (the link of
// the mail being composed) and answers the invitation; an unknown or expired one is not found.
func (db *DB) SetInviteToken(id string, hash []byte, now time.Time) (domain.Invite, error) {
	var inv storedInvite
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketInvites, []byte(id), &inv)
		if err != nil {
			return err
		}
		if !ok || !now.Before(inv.ExpiresAt) {
			return domain.Errorf(domain.ENotFound, "No such invitation.")
		}
		if !inviterMayStill(tx, inv.Invite) {
			return domain.Errorf(domain.ENotFound, domain.MsgInviterGone, inv.InvitedBy)
		}
		inv.TokenHash = hex.EncodeToString(hash)
		return putJSON(tx, bucketInvites, []byte(id), inv)
	})
	return inv.Invite, err
}

// Invites returns the pending invitations that still work, newest first: not expired, and
// their sender may still invite.
func (db *DB) Invites(now time.Time) ([]domain.Invite, error) {
	var out []domain.Invite
	err := db.bolt.View(func(tx *bolt.Tx) error {
		all, err := list[storedInvite](tx, bucketInvites)
		for _, inv := range all {
			if now.Before(inv.ExpiresAt) && inviterMayStill(tx, inv.Invite) {
				out = append(out, inv.Invite)
			}
		}
		return err
	})
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.After(out[j].CreatedAt) })
	return out, err
}

// Invite returns the pending invitation whose token has the hash; an unknown or expired one
// answers domain.MsgInviteInvalid.
func (db *DB) Invite(hash []byte, now time.Time) (domain.Invite, error) {
	var inv domain.Invite
	err := db.bolt.View(func(tx *bolt.Tx) error {
		_, found, err := inviteByToken(tx, hash, now)
		inv = found.Invite
		return err
	})
	return inv, err
}

// inviteByToken finds the pending invitation whose token has the hash (there are a handful).
func inviteByToken(tx *bolt.Tx, hash []byte, now time.Time) ([]byte, storedInvite, error) {
	want := []byte(hex.EncodeToString(hash))
	var key []byte
	var found storedInvite
	err := tx.Bucket(bucketInvites).ForEach(func(k, v []byte) error {
		var o storedInvite
		if err := json.Unmarshal(v, &o); err != nil {
			return err
		}
		if o.TokenHash != "" && subtle.ConstantTimeCompare([]byte(o.TokenHash), want) == 1 {
			key, found = bytes.Clone(k), o
		}
		return nil
	})
	if err != nil {
		return nil, found, err
	}
	if key == nil || !now.Before(found.ExpiresAt) {
		return nil, storedInvite{}, domain.Errorf(domain.EInvalid, domain.MsgInviteInvalid)
	}
	if !inviterMayStill(tx, found.Invite) {
		return nil, storedInvite{}, domain.Errorf(domain.EInvalid, domain.MsgInviterGone, found.InvitedBy)
	}
	return key, found, nil
}

// inviterMayStill reads the sender of inv and asks the domain whether it may still invite
// (domain.InviterMayStill): in the transaction that uses the invitation, so a removal or a
// demotion committed before it counts.
func inviterMayStill(tx *bolt.Tx, inv domain.Invite) bool {
	var sender domain.Admin
	ok, err := getJSON(tx, bucketAdmins, []byte(inv.InvitedBy), &sender)
	return err == nil && domain.InviterMayStill(inv, sender, ok)
}

// RevokeInvite deletes the pending invitation with that id and answers it.
func (db *DB) RevokeInvite(id string) (domain.Invite, error) {
	var found storedInvite
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketInvites, []byte(id), &found)
		if err != nil {
			return err
		} else if !ok {
			return domain.Errorf(domain.ENotFound, "No such invitation.")
		}
		return tx.Bucket(bucketInvites).Delete([]byte(id))
	})
	return found.Invite, err
}

// AcceptInvite spends the invitation whose token has the hash and creates the account a
// (username, password) with the invitation's e-mail address and role, in one transaction: a
// taken username leaves the invitation unspent, and a link works once.
func (db *DB) AcceptInvite(hash []byte, now time.Time, a domain.Admin) (domain.Admin, domain.Invite, error) {
	var inv storedInvite
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		key, found, err := inviteByToken(tx, hash, now)
		if err != nil {
			return err
		}
		inv = found
		if tx.Bucket(bucketAdmins).Get([]byte(a.Username)) != nil {
			return domain.Errorf(domain.EConflict, "That username is taken. Please choose another.")
		}
		if emailTaken(tx, inv.Email) {
			return domain.Errorf(domain.EConflict, "An account with that e-mail address already exists.")
		}
		a.Email, a.Role = inv.Email, inv.Role
		if a.CreatedAt.IsZero() {
			a.CreatedAt = now
		}
		if err := putJSON(tx, bucketAdmins, []byte(a.Username), &a); err != nil {
			return err
		}
		return tx.Bucket(bucketInvites).Delete(key)
	})
	return a, inv.Invite, err
}

func emailTaken(tx *bolt.Tx, email string) bool {
	taken := false
	_ = tx.Bucket(bucketAdmins).ForEach(func(_, v []byte) error {
		var a domain.Admin
		if json.Unmarshal(v, &a) == nil && a.Email != "" && strings.EqualFold(a.Email, strings.TrimSpace(email)) {
			taken = true
		}
		return nil
	})
	return taken
}
