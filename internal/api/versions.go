package api

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"digitalreeviver/internal/domain"
)

// Versions of records, so that an older tab cannot silently undo newer edits: every record a
// GET or a write answers carries an ETag; a write to an existing record that sends If-Match
// with a version that is no longer the stored one is refused with 409, the kind's update-failure
// message and the current version. Without If-Match a write goes through as before (the spec's
// clients send none).

// etagOf is a record's version: a strong ETag of the JSON the API answers for it, so any change
// of any field (and every save, which stamps updatedAt) makes a new one.
func etagOf(rec domain.Record) string {
	data, _ := json.Marshal(rec)
	sum := sha256.Sum256(data)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// setETag puts rec's version on the answer.
func setETag(w http.ResponseWriter, rec domain.Record) {
	if rec != nil {
		w.Header().Set("ETag", etagOf(rec))
	}
}

// staleError refuses a write whose If-Match names another version than the stored one.
type staleError struct {
	current domain.Record
}

func (e *staleError) Error() string { return e.current.Kind().Messages.UpdateFailed }

// Unwrap lets domain.ErrorCode see a 409.
func (e *staleError) Unwrap() error {
	return domain.Errorf(domain.EConflict, "%s", e.current.Kind().Messages.UpdateFailed)
}

// ifMatch returns the check of a write's If-Match header against the stored record, run inside
// the store's transaction before the edit, so two writes sent with the same version cannot both
// pass. No header: no check. "*" matches any stored record; a weak tag (W/"…") never matches,
// as If-Match compares strongly.
func ifMatch(r *http.Request) func(domain.Record) error {
	values := r.Header.Values("If-Match")
	if len(values) == 0 {
		return nil
	}
	return func(rec domain.Record) error {
		tag := etagOf(rec)
		for _, v := range values {
			for _, t := range strings.Split(v, ",") {
				if t = strings.TrimSpace(t); t == "*" || t == tag {
					return nil
				}
			}
		}
		return &staleError{current: rec.Kind().Copy(rec)}
	}
}

// guarded runs the If-Match check of r before edit (nil: no edit).
func guarded(r *http.Request, edit func(domain.Record) error) func(domain.Record) error {
	check := ifMatch(r)
	if check == nil {
		return edit
	}
	return func(rec domain.Record) error {
		if err := check(rec); err != nil {
			return err
		}
		if edit == nil {
			return nil
		}
		return edit(rec)
	}
}
