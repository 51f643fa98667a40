package store

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"

	"github.com/zeebo/xxh3"
	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// RecordsDigest sums the published records of every kind, the redirects and the uploads' records
// (their alt texts show in pages) as they are stored, without decoding them: equal digests mean
// equal published records. A build compares it with the one its live generation was built from
// and, when they are equal and nothing else changed, stops before reading the records at all
// (decoding them is most of a no-change build).
//
// Each bucket sums its keys and the sums of their values (XXH3's 128 bits, as the record cache's,
// see decoded; bucketSummer). A database kept open (adminapi's) takes the published records'
// sums from its record cache, which the same pass brings up to date: the build's list of the
// records that follows in the same committed state reads nothing again (a publish scanned and
// hashed every stored record twice, once here and once for the list).
func (db *DB) RecordsDigest() (string, error) {
	h := xxh3.New()
	err := db.bolt.View(func(tx *bolt.Tx) error {
		// The site writes a page for each redirect and shows the media library's alt texts.
		for _, name := range [][]byte{bucketRedirects, bucketUploads} {
			writeSum(h, name, bucketSum(tx.Bucket(name), db.release))
		}
		for _, k := range domain.Kinds {
			name := bucketOf(k, Published)
			if db.readOnce {
				writeSum(h, name, bucketSum(tx.Bucket(name), db.release))
				continue
			}
			c := db.cache(name)
			if _, err := c.list(tx, name, k, true, db.release); err != nil {
				return err
			}
			writeSum(h, name, c.sum.sum())
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

// bucketSum sums b's keys and the sums of their values (a missing bucket sums as an empty one),
// handing each value back to release once read.
func bucketSum(b *bolt.Bucket, release func([]byte)) xxh3.Uint128 {
	var s bucketSummer
	if b != nil {
		b.ForEach(func(key, v []byte) error {
			s.add(key, xxh3.Hash128(v))
			release(v)
			return nil
		})
	}
	return s.sum()
}

// bucketSummer sums a bucket's keys and the sums of their values: the sum of one sum a record
// (of its key and its value's sum) as 128-bit numbers, so that the order does not matter and a
// record changed, added or removed moves it by its own sum alone (the record cache keeps a
// bucket's sum up to date from the changes the journal names, without reading the others).
type bucketSummer struct {
	lo, hi uint64
}

// entrySum is the sum of one record: its key and its value's sum.
func entrySum(key []byte, v xxh3.Uint128) xxh3.Uint128 {
	buf := make([]byte, 0, 8+len(key)+16)
	buf = binary.LittleEndian.AppendUint64(buf, uint64(len(key)))
	buf = append(buf, key...)
	b := v.Bytes()
	return xxh3.Hash128(append(buf, b[:]...))
}

func (s *bucketSummer) add(key []byte, v xxh3.Uint128) {
	e := entrySum(key, v)
	var carry uint64
	s.lo, carry = bits.Add64(s.lo, e.Lo, 0)
	s.hi, _ = bits.Add64(s.hi, e.Hi, carry)
}

func (s *bucketSummer) remove(key []byte, v xxh3.Uint128) {
	e := entrySum(key, v)
	var borrow uint64
	s.lo, borrow = bits.Sub64(s.lo, e.Lo, 0)
	s.hi, _ = bits.Sub64(s.hi, e.Hi, borrow)
}

func (s *bucketSummer) sum() xxh3.Uint128 { return xxh3.Uint128{Lo: s.lo, Hi: s.hi} }

func writeSum(h *xxh3.Hasher, name []byte, sum xxh3.Uint128) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(name)))
	h.Write(n[:])
	h.Write(name)
	b := sum.Bytes()
	h.Write(b[:])
}
