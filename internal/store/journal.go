package store

import (
	"bytes"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// bucketRecordChanges is the journal of the records' changes: every write of a record (any
// kind, published or draft) appends its bucket and key here, in the same transaction, under a
// rising sequence. A database kept open (adminapi serve) brings its record cache (decoded) up
// to date by reading the entries since its last list and the records they name, rather than
// every record of the bucket: a publish listed and summed thousands of records to change one,
// which grew with the site (issue 26.4). Being in the same transaction, the journal is exactly
// as committed as the records: a write rolled back leaves no entry, and a reader's snapshot
// holds the entries of the records it sees. put and del are the only writers of records, and
// the only writers of the journal.
var bucketRecordChanges = []byte("record_changes")

// journalKeep is how many entries the journal keeps: a cache further behind (a server that
// was not listing while thousands of records changed) reads its whole bucket again.
const journalKeep = 4096

// put stores rec at st, noting the change in the journal.
func put(tx *bolt.Tx, st Stage, rec domain.Record) error {
	if err := refuseDeletedUploads(tx, rec); err != nil {
		return err
	}
	if st == Published { // a live page beats a redirect from its address (a reused slug)
		if err := pageLive(tx, rec.Kind().PagePathOf(*rec.Fields().Slug)); err != nil {
			return err
		}
	}
	bucket, key := bucketOf(rec.Kind(), st), []byte(*rec.Fields().Slug)
	if err := putJSON(tx, bucket, key, rec); err != nil {
		return err
	}
	return noteChange(tx, bucket, key)
}

// del removes the record of k at st with slug, noting the change in the journal.
func del(tx *bolt.Tx, k *domain.Kind, st Stage, slug string) error {
	bucket, key := bucketOf(k, st), []byte(slug)
	if err := tx.Bucket(bucket).Delete(key); err != nil {
		return err
	}
	return noteChange(tx, bucket, key)
}

// noteChange appends bucket/key to the journal, and trims it to its last journalKeep entries
// now and then.
func noteChange(tx *bolt.Tx, bucket, key []byte) error {
	j := tx.Bucket(bucketRecordChanges)
	seq, err := j.NextSequence()
	if err != nil {
		return err
	}
	entry := make([]byte, 0, len(bucket)+1+len(key))
	entry = append(append(append(entry, bucket...), 0), key...)
	if err := j.Put(itob(seq), entry); err != nil {
		return err
	}
	if seq <= journalKeep || seq%256 != 0 {
		return nil
	}
	var old [][]byte
	c := j.Cursor()
	for k, _ := c.First(); k != nil && btoi(k) <= seq-journalKeep; k, _ = c.Next() {
		old = append(old, bytes.Clone(k))
	}
	for _, k := range old {
		if err := j.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// journalAt is the journal's sequence in tx's snapshot: the number of record writes committed
// (or, in a writable transaction, made) so far. ok is false without a journal (a database of a
// version before it, opened read-only).
func journalAt(tx *bolt.Tx) (seq uint64, ok bool) {
	j := tx.Bucket(bucketRecordChanges)
	if j == nil {
		return 0, false
	}
	return j.Sequence(), true
}

// changedSince returns the keys of bucket the journal names after sequence from (each once),
// and false when the journal no longer holds every entry after from.
func changedSince(tx *bolt.Tx, bucket []byte, from uint64) ([][]byte, bool) {
	c := tx.Bucket(bucketRecordChanges).Cursor()
	k, v := c.Seek(itob(from + 1))
	if k == nil || btoi(k) != from+1 {
		return nil, false // trimmed (or nothing after from, which the caller has ruled out)
	}
	var keys [][]byte
	seen := map[string]bool{}
	for ; k != nil; k, v = c.Next() {
		name, key, ok := bytes.Cut(v, []byte{0})
		if !ok || !bytes.Equal(name, bucket) || seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		keys = append(keys, bytes.Clone(key))
	}
	return keys, true
}
