package store

import (
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// TrashDays is how long a deleted record can be restored before it is purged for good.
const TrashDays = 30

// TrashItem is a deleted record waiting in the trash: what it was, where it was (published or
// a draft), who deleted it and when it goes for good.
type TrashItem struct {
	ID        uint64          `json:"id"`
	Kind      string          `json:"kind"` // the kind's plural: "blogs", "services"
	Slug      string          `json:"slug"`
	Title     string          `json:"title"`
	Stage     string          `json:"stage"` // "published" or "preview"
	DeletedAt time.Time       `json:"deletedAt"`
	PurgeAt   time.Time       `json:"purgeAt"`
	Username  string          `json:"username"`
	Record    json.RawMessage `json:"record,omitempty"`
	// Schedules, in the answer of a deletion or a restore only: the publish schedules of the
	// draft that its deletion put on hold, or that its restore brought back (or left held).
	Schedules []Schedule `json:"schedules,omitempty"`
}

func stageOf(s string) Stage {
	if s == Preview.String() {
		return Preview
	}
	return Published
}

// trash moves rec (of st) into the trash. Its unpublish schedules go; its publish schedules are
// held, listed in the answer, so that a restore can bring them back (holdForTrash).
func (db *DB) trash(tx *bolt.Tx, rec domain.Record, st Stage) (TrashItem, error) {
	k, f := rec.Kind(), rec.Fields()
	data, err := json.Marshal(rec)
	if err != nil {
		return TrashItem{}, err
	}
	b := tx.Bucket(bucketTrash)
	id, _ := b.NextSequence()
	now := db.now()
	it := TrashItem{ID: id, Kind: k.Plural, Slug: *f.Slug, Title: *f.Title, Stage: st.String(), DeletedAt: now,
		PurgeAt: now.Add(TrashDays * 24 * time.Hour), Username: db.user, Record: data}
	if err := putJSON(tx, bucketTrash, itob(id), it); err != nil {
		return it, err
	}
	if err := del(tx, k, st, *f.Slug); err != nil {
		return it, err
	}
	if err := dropSchedules(tx, k, *f.ID, ActionUnpublish); err != nil {
		return it, err
	}
	it.Record = nil
	it.Schedules, err = db.holdForTrash(tx, rec)
	return it, err
}

// Trash lists the deleted records, newest first, without their contents.
func (db *DB) Trash() ([]TrashItem, error) {
	out := []TrashItem{}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketTrash).Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var it TrashItem
			if err := json.Unmarshal(v, &it); err != nil {
				return fmt.Errorf("decode trash %d: %w", btoi(k), err)
			}
			it.Record = nil
			out = append(out, it)
		}
		return nil
	})
	return out, err
}

func trashItem(tx *bolt.Tx, id uint64) (TrashItem, error) {
	var it TrashItem
	if ok, err := getJSON(tx, bucketTrash, itob(id), &it); err != nil {
		return it, err
	} else if !ok {
		return it, domain.Errorf(domain.ENotFound, "That item is no longer in the trash.")
	}
	return it, nil
}

// TrashItem answers one item of the trash, without its contents.
func (db *DB) TrashItem(id uint64) (TrashItem, error) {
	var it TrashItem
	err := db.bolt.View(func(tx *bolt.Tx) (err error) { it, err = trashItem(tx, id); return err })
	it.Record = nil
	return it, err
}

// RestoreTrash puts a deleted record back where it was (published or among the drafts) under
// its slug, which must still be free.
func (db *DB) RestoreTrash(id uint64) (TrashItem, domain.Record, error) {
	var it TrashItem
	var rec domain.Record
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		var err error
		if it, err = trashItem(tx, id); err != nil {
			return err
		}
		k := domain.KindOf(it.Kind)
		if k == nil {
			return fmt.Errorf("trash %d: unknown kind %q", id, it.Kind)
		}
		rec = k.New()
		if err := json.Unmarshal(it.Record, rec); err != nil {
			return fmt.Errorf("decode trash %d: %w", id, err)
		}
		if taken(tx, k, it.Slug) {
			return domain.Errorf(domain.EConflict,
				"The address %s is taken by another %s now; rename that one first, then restore.", k.PagePath+it.Slug, k.Name)
		}
		if err := put(tx, stageOf(it.Stage), rec); err != nil {
			return err
		}
		if it.Schedules, err = db.reviveFromTrash(tx, rec); err != nil {
			return err
		}
		return tx.Bucket(bucketTrash).Delete(itob(id))
	})
	if err != nil {
		return it, nil, fmt.Errorf("restore trash %d: %w", id, err)
	}
	it.Record = nil
	return it, rec, nil
}

// PurgeTrash deletes a record in the trash for good, with its revisions.
func (db *DB) PurgeTrash(id uint64) error {
	return db.bolt.Update(func(tx *bolt.Tx) error {
		it, err := trashItem(tx, id)
		if err != nil {
			return err
		}
		return purge(tx, id, it)
	})
}

// PurgeTrashBefore deletes for good what was deleted before t, and answers how many.
func (db *DB) PurgeTrashBefore(t time.Time) (int, error) {
	n := 0
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		type old struct {
			id uint64
			it TrashItem
		}
		var due []old
		err := tx.Bucket(bucketTrash).ForEach(func(k, v []byte) error {
			var it TrashItem
			if err := json.Unmarshal(v, &it); err != nil {
				return fmt.Errorf("decode trash %d: %w", btoi(k), err)
			}
			if it.DeletedAt.Before(t) {
				due = append(due, old{btoi(k), it})
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, d := range due {
			if err := purge(tx, d.id, d.it); err != nil {
				return err
			}
		}
		n = len(due)
		return nil
	})
	return n, err
}

func purge(tx *bolt.Tx, id uint64, it TrashItem) error {
	if err := tx.Bucket(bucketTrash).Delete(itob(id)); err != nil {
		return err
	}
	k := domain.KindOf(it.Kind)
	if k == nil {
		return nil
	}
	var rec struct {
		ID string `json:"_id"`
	}
	if err := json.Unmarshal(it.Record, &rec); err != nil || rec.ID == "" {
		return err
	}
	if err := dropSchedules(tx, k, rec.ID, ""); err != nil { // held by its deletion
		return err
	}
	return dropRevisions(tx, k, rec.ID)
}
