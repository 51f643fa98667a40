package store

import (
	"encoding/binary"
	"encoding/hex"

	"github.com/zeebo/xxh3"
	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// RecordsDigest sums the published records of every kind, the redirects and the uploads' records
// (their alt texts show in pages) as they are stored, keys and encoded values, without decoding
// them: equal digests mean equal published records. A build compares it
// with the one its live generation was built from and, when they are equal and nothing else
// changed, stops before reading the records at all (decoding them is most of a no-change build).
// The sum is XXH3's 128 bits, as the record cache's (see decoded): it runs on every publish over
// every published record.
func (db *DB) RecordsDigest() (string, error) {
	h := xxh3.New()
	var n [8]byte
	put := func(b []byte) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		// The site writes a page for each redirect and shows the media library's alt texts.
		names := [][]byte{bucketRedirects, bucketUploads}
		for _, k := range domain.Kinds {
			names = append(names, bucketOf(k, Published))
		}
		for _, name := range names {
			put(name)
			b := tx.Bucket(name)
			if b == nil {
				continue
			}
			if err := b.ForEach(func(key, v []byte) error {
				put(key)
				put(v)
				db.release(v)
				return nil
			}); err != nil {
				return err
			}
		}
		return nil
	})
	db.releaseAll()
	if err != nil {
		return "", err
	}
	sum := h.Sum128().Bytes()
	return hex.EncodeToString(sum[:]), nil
}
