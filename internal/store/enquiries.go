package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// The inbox's reads and changes of enquiries. Enquiries stay in the one bucket of arrival
// (AddEnquiry), keyed by their rising sequence, which is also the cursor of a page; these
// methods find one by its _id through the id index (enquiry_once.go).

// SearchMessages returns at most limit enquiries that match q, stored before the cursor (0:
// from the newest), newest first, and the cursor of the next page (0 when there is none), as
// MessagesPage does for the unfiltered list.
func (db *DB) SearchMessages(q domain.MessageQuery, before uint64, limit int) ([]domain.Message, uint64, error) {
	var out []domain.Message
	var next uint64
	text := strings.ToLower(strings.TrimSpace(q.Text))
	pre := prefilter(q, text)
	err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketMessages).Cursor()
		var lastKey []byte
		for k, v := seekBefore(c, before); k != nil; k, v = c.Prev() {
			if !pre(v) {
				continue
			}
			var m domain.Message
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			if !q.Match(m, text) {
				continue
			}
			if len(out) == limit {
				next = btoi(lastKey)
				break
			}
			m.Status = domain.StatusOf(m.Status)
			out = append(out, m)
			lastKey = k
		}
		return nil
	})
	return out, next, err
}

// prefilter answers a cheap test on an enquiry's stored bytes that every match of the query
// passes, so a search of thousands decodes only the few that may match: the status read from
// the bytes, and for a text of plain ASCII letters, digits and punctuation its presence in the
// bytes, any case. (Its presence may come from another field; the exact check follows.)
func prefilter(q domain.MessageQuery, text string) func([]byte) bool {
	status := func(v []byte) bool {
		st := statusIn(v)
		switch q.Status {
		case "":
			return st != domain.StatusSpam
		case domain.InboxAll:
			return true
		}
		return st == q.Status
	}
	if _, phone := domain.PhoneQuery(text); text == "" || phone || !plainASCII(text) {
		// A phone number is matched by its digits whatever the spacing: no byte test.
		return status
	}
	needle := []byte(text)
	return func(v []byte) bool { return status(v) && containsFold(v, needle) }
}

func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		// Quotes, backslashes and <, >, & are escaped in the stored JSON; control characters too.
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// containsFold reports whether v holds needle (lower-case ASCII) in any ASCII case.
func containsFold(v, needle []byte) bool {
	if len(needle) == 0 {
		return true
	}
	first := needle[0]
	for i := 0; i+len(needle) <= len(v); i++ {
		if lower(v[i]) != first {
			continue
		}
		j := 1
		for j < len(needle) && lower(v[i+j]) == needle[j] {
			j++
		}
		if j == len(needle) {
			return true
		}
	}
	return false
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// MessageCounts returns how many enquiries have each status, and "all" of them.
func (db *DB) MessageCounts() (map[string]int, error) {
	counts := map[string]int{domain.InboxAll: 0}
	for _, s := range domain.Statuses {
		counts[s] = 0
	}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMessages).ForEach(func(_, v []byte) error {
			counts[domain.InboxAll]++
			counts[statusIn(v)]++
			return nil
		})
	})
	return counts, err
}

// statusIn reads the status of a stored enquiry without decoding it. encoding/json escapes
// every quote inside a string, so `"status":"` occurs in the bytes only as the field itself.
func statusIn(v []byte) string {
	i := bytes.Index(v, []byte(`"status":"`))
	if i < 0 {
		return domain.StatusNew
	}
	rest := v[i+len(`"status":"`):]
	if j := bytes.IndexByte(rest, '"'); j >= 0 {
		return domain.StatusOf(string(rest[:j]))
	}
	return domain.StatusNew
}

// findMessage finds the enquiry with id through the id index: its key and decoded value.
func findMessage(tx *bolt.Tx, id string) ([]byte, domain.Message, error) {
	var m domain.Message
	key := tx.Bucket(bucketEnquiryIDs).Get([]byte(id))
	if len(key) != 8 {
		return nil, m, domain.Errorf(domain.ENotFound, "Enquiry not found.")
	}
	ok, err := getJSON(tx, bucketMessages, key, &m)
	if err != nil {
		return nil, m, fmt.Errorf("decode message: %w", err)
	} else if !ok {
		return nil, m, domain.Errorf(domain.ENotFound, "Enquiry not found.")
	}
	return bytes.Clone(key), m, nil
}

// Message returns the enquiry with that _id.
func (db *DB) Message(id string) (domain.Message, error) {
	var m domain.Message
	err := db.bolt.View(func(tx *bolt.Tx) (err error) { _, m, err = findMessage(tx, id); return err })
	m.Status = domain.StatusOf(m.Status)
	return m, err
}

// MessageChange is what an inbox change sets: a status, a note, or both (nil leaves it).
type MessageChange struct {
	Status *string
	Note   *string
	By     string
}

// ChangeMessage sets an enquiry's status and note, and who changed them when; it answers the
// enquiry as it was and as it is.
func (db *DB) ChangeMessage(id string, ch MessageChange) (before, after domain.Message, err error) {
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		key, m, err := findMessage(tx, id)
		if err != nil {
			return err
		}
		before = m
		if ch.Status != nil {
			if !domain.ValidStatus(*ch.Status) {
				return domain.Errorf(domain.EInvalid, "Status must be new, replied, archived or spam.")
			}
			m.Status = *ch.Status
			if m.Status != domain.StatusSpam {
				m.Spam = ""
			}
		}
		if ch.Note != nil {
			m.Note = strings.TrimSpace(*ch.Note)
		}
		m.StatusBy, m.StatusAt = ch.By, db.now()
		after = m
		return putJSON(tx, bucketMessages, key, &m)
	})
	before.Status, after.Status = domain.StatusOf(before.Status), domain.StatusOf(after.Status)
	return before, after, err
}

// EraseMessage deletes the enquiry with that _id for good (a data-protection request), with
// the mail jobs of its notification (a pending one is never sent), and answers it, so the
// caller can erase its copies elsewhere.
func (db *DB) EraseMessage(id string) (domain.Message, error) {
	var m domain.Message
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		key, found, err := findMessage(tx, id)
		if err != nil {
			return err
		}
		m = found
		if err := deleteMailOf(tx, btoi(key)); err != nil {
			return err
		}
		return eraseEnquiry(tx, key, id, db.now())
	})
	return m, err
}

// deleteMailOf deletes the mail jobs made for the enquiry stored under key, and their places in
// the queue.
func deleteMailOf(tx *bolt.Tx, key uint64) error {
	b := tx.Bucket(bucketMail)
	var gone []MailJob
	err := b.ForEach(func(_, v []byte) error {
		var j MailJob
		if json.Unmarshal(v, &j) == nil && j.MessageKey == key {
			gone = append(gone, j)
		}
		return nil
	})
	for _, j := range gone {
		if err != nil {
			break
		}
		if !j.Finished() {
			err = tx.Bucket(bucketMailDue).Delete(dueKey(j.Kind, j.NextAt, j.ID))
		}
		if err == nil {
			err = b.Delete(itob(j.ID))
		}
	}
	return err
}

// PurgeSpam erases the enquiries in the spam folder that arrived before cutoff and answers
// them (for their copies elsewhere).
func (db *DB) PurgeSpam(cutoff time.Time) ([]domain.Message, error) {
	var gone []domain.Message
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketMessages)
		var keys [][]byte
		err := b.ForEach(func(k, v []byte) error {
			if statusIn(v) != domain.StatusSpam {
				return nil
			}
			var m domain.Message
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			if m.CreatedAt.Before(cutoff) {
				keys = append(keys, bytes.Clone(k))
				gone = append(gone, m)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for i, k := range keys {
			if err := eraseEnquiry(tx, k, gone[i].ID, db.now()); err != nil {
				return err
			}
		}
		return nil
	})
	return gone, err
}

// ImportMessages stores enquiries in the order given, all in one transaction (a bulk import, or
// the bench's inbox of thousands); each gets an id and a time when it has none, and one whose
// id is stored or was erased is left out.
func (db *DB) ImportMessages(list []domain.Message) error {
	return db.bolt.Update(func(tx *bolt.Tx) error {
		for i := range list {
			m := list[i]
			if m.ID != "" && knownEnquiry(tx, m.ID) {
				continue
			}
			if m.CreatedAt.IsZero() {
				m.CreatedAt = db.now()
			}
			if _, err := putEnquiry(tx, &m); err != nil {
				return err
			}
		}
		return nil
	})
}
