package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"digitalreeviver/internal/domain"
)

// Revision is one kept version of a record: who saved it, when, at which stage, and the whole
// record as it was then. Every save of a draft and every change of a published record keeps one;
// the oldest go once a record has more than the store's limit.
type Revision struct {
	ID        uint64    `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	Username  string    `json:"username"`
	Title     string    `json:"title"`
	Stage     string    `json:"stage"` // "preview" or "published"
	Note      string    `json:"note"`  // what made it: "Draft saved", "Published", "Edited", …
	// Record is the record as the API answers it; only a single revision carries it.
	Record json.RawMessage `json:"record,omitempty"`
	Sum    string          `json:"sum,omitempty"` // of the record without its updatedAt: unchanged saves keep nothing
}

// The notes of the revisions the store keeps by itself.
const (
	noteCreated = "Draft created"
	noteBefore  = "Before the first recorded change"
)

func noteOf(st Stage) string {
	if st == Preview {
		return "Draft saved"
	}
	return "Edited"
}

// revisionsKey names the bucket of a record's revisions: its kind and its id, which stays the
// same through renames, publishing, unpublishing and the trash.
func revisionsKey(k *domain.Kind, id string) []byte { return []byte(k.Plural + "/" + id) }

// sumOf hashes a record without its updatedAt, so a save that changed nothing is recognised.
func sumOf(rec domain.Record) (string, []byte, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return "", nil, err
	}
	c := rec.Kind().Copy(rec)
	*c.Fields().UpdatedAt = time.Time{}
	bare, err := json.Marshal(c)
	if err != nil {
		return "", nil, err
	}
	h := sha256.Sum256(bare)
	return hex.EncodeToString(h[:12]), data, nil
}

// keepBase records a record about to change, as it is at st, when it has no revisions yet
// (imported, or saved before revisions were kept), so its first recorded change can be undone.
func keepBase(tx *bolt.Tx, before domain.Record, st Stage) error {
	bf := before.Fields()
	b, err := tx.Bucket(bucketRevisions).CreateBucketIfNotExists(revisionsKey(before.Kind(), *bf.ID))
	if err != nil {
		return err
	}
	if k, _ := b.Cursor().First(); k != nil {
		return nil
	}
	return putRevision(b, before, Revision{CreatedAt: *bf.UpdatedAt, Title: *bf.Title, Stage: st.String(), Note: noteBefore})
}

// keepRevision records rec as saved by db's user at stage st. A save identical to the newest
// revision at the same stage keeps nothing.
func (db *DB) keepRevision(tx *bolt.Tx, rec domain.Record, st Stage, note string) error {
	f := rec.Fields()
	b, err := tx.Bucket(bucketRevisions).CreateBucketIfNotExists(revisionsKey(rec.Kind(), *f.ID))
	if err != nil {
		return err
	}
	sum, _, err := sumOf(rec)
	if err != nil {
		return err
	}
	if _, v := b.Cursor().Last(); v != nil {
		var last Revision
		if err := json.Unmarshal(v, &last); err == nil && last.Sum == sum && last.Stage == st.String() {
			return nil
		}
	}
	rev := Revision{CreatedAt: db.now(), Username: db.user, Title: *f.Title, Stage: st.String(), Note: note}
	if err := putRevision(b, rec, rev); err != nil {
		return err
	}
	return prune(b, db.keep)
}

func putRevision(b *bolt.Bucket, rec domain.Record, rev Revision) error {
	sum, data, err := sumOf(rec)
	if err != nil {
		return err
	}
	rev.ID, _ = b.NextSequence()
	rev.Record, rev.Sum = data, sum
	v, err := json.Marshal(rev)
	if err != nil {
		return err
	}
	return b.Put(itob(rev.ID), v)
}

// prune deletes the oldest entries of b beyond keep.
func prune(b *bolt.Bucket, keep int) error {
	n := 0
	c := b.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
	}
	var old [][]byte
	for k, _ := c.First(); k != nil && n-len(old) > keep; k, _ = c.Next() {
		old = append(old, bytes.Clone(k))
	}
	for _, k := range old {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// Revisions lists the revisions of k's record with slug at st, newest first, without their records.
func (db *DB) Revisions(k *domain.Kind, st Stage, slug string) ([]Revision, error) {
	out := []Revision{}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		rec, err := get(tx, k, st, slug)
		if err != nil {
			return err
		}
		b := tx.Bucket(bucketRevisions).Bucket(revisionsKey(k, *rec.Fields().ID))
		if b == nil {
			return nil
		}
		c := b.Cursor()
		for key, v := c.Last(); key != nil; key, v = c.Prev() {
			var rev Revision
			if err := json.Unmarshal(v, &rev); err != nil {
				return fmt.Errorf("decode revision %d: %w", btoi(key), err)
			}
			rev.Record, rev.Sum = nil, ""
			out = append(out, rev)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("revisions of %s %q: %w", k.Name, slug, err)
	}
	return out, nil
}

// Revision answers one revision of k's record with slug at st, with its record.
func (db *DB) Revision(k *domain.Kind, st Stage, slug string, id uint64) (Revision, error) {
	var rev Revision
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		rec, err := get(tx, k, st, slug)
		if err != nil {
			return err
		}
		rev, err = revisionOf(tx, k, *rec.Fields().ID, id)
		return err
	})
	rev.Sum = ""
	return rev, err
}

func revisionOf(tx *bolt.Tx, k *domain.Kind, recID string, id uint64) (Revision, error) {
	var rev Revision
	b := tx.Bucket(bucketRevisions).Bucket(revisionsKey(k, recID))
	if b == nil {
		return rev, domain.Errorf(domain.ENotFound, msgRevisionNotFound)
	}
	v := b.Get(itob(id))
	if v == nil {
		return rev, domain.Errorf(domain.ENotFound, msgRevisionNotFound)
	}
	return rev, json.Unmarshal(v, &rev)
}

const msgRevisionNotFound = "Revision not found."

// RestoreRevision makes revision id the current version of k's record with slug at st, in one
// transaction: its title, body, category, image and meta fields replace the current ones (the
// slug, id and creation date stay), a published record must still meet the publish rules, and
// the restore is itself kept as a revision. Restoring a scheduled draft is a change of its
// content like any other (EditRecord): it may hold the schedule. An image of the revision that
// was deleted from the media library since is left out (its image field emptied, its <img>
// removed from the text) and answered in Edit.Dropped; when the record cannot stand without it,
// the error says so.
func (db *DB) RestoreRevision(k *domain.Kind, st Stage, slug string, id uint64) (Edit, error) {
	var rec domain.Record
	var held []Schedule
	var dropped []string
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if rec, err = get(tx, k, st, slug); err != nil {
			return err
		}
		if err := db.guarded(rec); err != nil {
			return err
		}
		before, err := draftSum(tx, k, st, slug)
		if err != nil {
			return err
		}
		if err := keepBase(tx, rec, st); err != nil {
			return err
		}
		rev, err := revisionOf(tx, k, *rec.Fields().ID, id)
		if err != nil {
			return err
		}
		old := k.New()
		if err := json.Unmarshal(rev.Record, old); err != nil {
			return fmt.Errorf("decode revision %d: %w", id, err)
		}
		to, from := rec.Fields(), old.Fields()
		for _, p := range [][2]*string{{to.Title, from.Title}, {to.Body, from.Body}, {to.Category, from.Category},
			{to.Image, from.Image}, {to.MetaTitle, from.MetaTitle}, {to.MetaDescription, from.MetaDescription},
			{to.FocusKeyword, from.FocusKeyword}} {
			*p[0] = *p[1]
		}
		dropped = deletedUploadsIn(tx, rec)
		for _, ref := range dropped {
			domain.DropImage(rec, ref)
		}
		if st == Published {
			err = domain.PreparePublish(rec, db.now())
		} else {
			domain.Normalize(rec)
			domain.Stamp(rec, db.now())
			err = domain.Validate(rec)
		}
		if err != nil && len(dropped) > 0 {
			return domain.Errorf(domain.ErrorCode(err), "Revision %d cannot be restored without %s, deleted from the media library since: %s",
				id, strings.Join(dropped, " and "), domain.ErrorMessage(err))
		}
		if err != nil {
			return err
		}
		if err := put(tx, st, rec); err != nil {
			return err
		}
		if err := db.keepRevision(tx, rec, st, fmt.Sprintf("Restored revision %d", id)); err != nil {
			return err
		}
		if st == Preview {
			held, err = db.holdForEdit(tx, rec, before)
		}
		return err
	})
	if err != nil {
		return Edit{}, fmt.Errorf("restore revision %d of %s %q: %w", id, k.Name, slug, err)
	}
	return Edit{Record: rec, Held: held, Dropped: dropped}, nil
}

// dropRevisions deletes every revision of a record (when it leaves the trash for good).
func dropRevisions(tx *bolt.Tx, k *domain.Kind, id string) error {
	err := tx.Bucket(bucketRevisions).DeleteBucket(revisionsKey(k, id))
	if errors.Is(err, berrors.ErrBucketNotFound) {
		return nil
	}
	return err
}
