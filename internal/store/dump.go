package store

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// Dump is what an export for moving servers may carry besides the published records: drafts,
// upload records, and (opted into: personal data) enquiries and admin accounts.
type Dump struct {
	Published []domain.Record
	Drafts    []domain.Record
	Uploads   []Upload
	Messages  []domain.Message
	Admins    []domain.Admin
}

// prepareDraft checks an imported draft as a saved preview is checked, keeping its id and times
// (stamping only what it lacks).
func prepareDraft(rec domain.Record, now time.Time) error {
	domain.Normalize(rec)
	if err := domain.Validate(rec); err != nil {
		return err
	}
	f := rec.Fields()
	if *f.ID == "" || f.CreatedAt.IsZero() || f.UpdatedAt.IsZero() {
		updated := *f.UpdatedAt
		domain.Stamp(rec, now)
		if !updated.IsZero() {
			*f.UpdatedAt = updated
		}
	}
	return nil
}

// Uploads returns every upload record, oldest first.
func (db *DB) Uploads() ([]Upload, error) {
	var out []Upload
	err := db.bolt.View(func(tx *bolt.Tx) (err error) { out, err = list[Upload](tx, bucketUploads); return err })
	sort.SliceStable(out, func(i, j int) bool { return out[i].CreatedAt.Before(out[j].CreatedAt) })
	return out, err
}

// ImportDump stores a dump in one transaction: all of it or nothing. Published records go
// through the publish rules and drafts through the draft rules (both keep their ids and times);
// a draft may not take a slug of another record of its kind; enquiries already present (by id)
// are skipped and the rest appended in the order they arrived; an admin account that exists
// already is a conflict (import into a fresh database).
func (db *DB) ImportDump(d Dump) error {
	now := db.now()
	for i, rec := range d.Published {
		if err := domain.PrepareImported(rec, now); err != nil {
			return fmt.Errorf("%s %d (slug %q): %w", rec.Kind().Name, i, *rec.Fields().Slug, err)
		}
	}
	for i, rec := range d.Drafts {
		if err := prepareDraft(rec, now); err != nil {
			return fmt.Errorf("%s draft %d (slug %q): %w", rec.Kind().Name, i, *rec.Fields().Slug, err)
		}
	}
	for i, u := range d.Uploads {
		if !domain.ValidUploadName(u.Name) {
			return fmt.Errorf("upload %d: %q is no upload name: %w", i, u.Name, domain.Errorf(domain.EInvalid, "Invalid upload record."))
		}
	}
	messages := append([]domain.Message(nil), d.Messages...)
	sort.SliceStable(messages, func(i, j int) bool { return messages[i].CreatedAt.Before(messages[j].CreatedAt) })
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		for i, rec := range d.Published {
			if err := put(tx, Published, rec); err != nil {
				return fmt.Errorf("import record %d: %w", i, err)
			}
		}
		for i, rec := range d.Drafts {
			if other, ok := slugHolder(tx, rec); ok && other != *rec.Fields().ID {
				return fmt.Errorf("%s draft %d (slug %q): %w", rec.Kind().Name, i, *rec.Fields().Slug,
					domain.Errorf(domain.EConflict, domain.MsgSlugTaken))
			}
			if err := put(tx, Preview, rec); err != nil {
				return fmt.Errorf("import draft %d: %w", i, err)
			}
		}
		for i := range d.Uploads {
			if err := putJSON(tx, bucketUploads, []byte(d.Uploads[i].Name), &d.Uploads[i]); err != nil {
				return err
			}
		}
		if err := importMessages(tx, messages); err != nil {
			return err
		}
		b := tx.Bucket(bucketAdmins)
		for i, a := range d.Admins {
			if b.Get([]byte(a.Username)) != nil {
				return fmt.Errorf("admin %d (%q): %w", i, a.Username,
					domain.Errorf(domain.EConflict, "An account named %q already exists.", a.Username))
			}
			if err := putJSON(tx, bucketAdmins, []byte(a.Username), &a); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	return nil
}

// slugHolder answers the id of the record of rec's kind (published or draft) that has rec's slug.
func slugHolder(tx *bolt.Tx, rec domain.Record) (string, bool) {
	k, slug := rec.Kind(), []byte(*rec.Fields().Slug)
	for _, st := range []Stage{Preview, Published} {
		if v := tx.Bucket(bucketOf(k, st)).Get(slug); v != nil {
			var holder struct {
				ID string `json:"_id"`
			}
			_ = json.Unmarshal(v, &holder)
			return holder.ID, true
		}
	}
	return "", false
}

func importMessages(tx *bolt.Tx, messages []domain.Message) error {
	for _, m := range messages {
		if m.ID != "" && knownEnquiry(tx, m.ID) {
			continue
		}
		if _, err := putEnquiry(tx, &m); err != nil {
			return err
		}
	}
	return nil
}
