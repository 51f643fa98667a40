package search

import (
	"bytes"
	"cmp"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	kflate "github.com/klauspost/compress/flate"
)

// Every file of the index is compressed by us with raw DEFLATE (the browser's
// DecompressionStream("deflate-raw") reads it), so what a visitor downloads is the same on any
// host, whether or not it compresses responses.
//
// A chunk file (and a prefix-summary file) is a list of entries sorted by key:
//
//	uvarint count
//	per entry: uvarint shared prefix length (bytes, with the previous key), uvarint suffix length,
//	           suffix, uvarint df, uvarint postings length (bytes), postings
//	postings:  per impact level, highest first: uvarint level, uvarint n, n doc-id gaps (uvarint;
//	           the first is the id itself), ids ascending within a level
//
// For a summary, the key is a prefix and df is the largest df of the terms it stands for.

type posting struct {
	doc   uint32
	level uint8
}

type entry struct {
	key      string
	df       int
	postings []posting // any order; encoded by level, then id
	encoded  []byte    // the postings encoded, when known
}

func putUvarint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

// encodePostings writes p grouped by level, highest first. It sorts p.
func encodePostings(b []byte, p []posting) []byte {
	slices.SortFunc(p, func(x, y posting) int {
		if x.level != y.level {
			return int(y.level) - int(x.level)
		}
		return cmp.Compare(x.doc, y.doc)
	})
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && p[j].level == p[i].level {
			j++
		}
		b = putUvarint(b, uint64(p[i].level))
		b = putUvarint(b, uint64(j-i))
		prev := uint32(0)
		for k := i; k < j; k++ {
			b = putUvarint(b, uint64(p[k].doc-prev))
			prev = p[k].doc
		}
		i = j
	}
	return b
}

func encodeEntries(es []entry) []byte {
	var b, pb []byte
	b = putUvarint(b, uint64(len(es)))
	prev := ""
	for _, e := range es {
		shared := 0
		for shared < len(prev) && shared < len(e.key) && prev[shared] == e.key[shared] {
			shared++
		}
		b = putUvarint(b, uint64(shared))
		b = putUvarint(b, uint64(len(e.key)-shared))
		b = append(b, e.key[shared:]...)
		b = putUvarint(b, uint64(e.df))
		pb = e.encoded
		if pb == nil {
			pb = encodePostings(pb[:0], e.postings)
		}
		b = putUvarint(b, uint64(len(pb)))
		b = append(b, pb...)
		prev = e.key
	}
	return b
}

var errCorrupt = errors.New("search: corrupt index file")

func decodeEntries(b []byte) ([]entry, error) {
	r := bytes.NewReader(b)
	n, err := binary.ReadUvarint(r)
	if err != nil || n > uint64(len(b)) {
		return nil, errCorrupt
	}
	out := make([]entry, 0, n)
	prev := ""
	for i := uint64(0); i < n; i++ {
		shared, err1 := binary.ReadUvarint(r)
		sl, err2 := binary.ReadUvarint(r)
		if err1 != nil || err2 != nil || shared > uint64(len(prev)) || sl > uint64(r.Len()) {
			return nil, errCorrupt
		}
		suffix := make([]byte, sl)
		io.ReadFull(r, suffix)
		key := prev[:shared] + string(suffix)
		df, err1 := binary.ReadUvarint(r)
		pl, err2 := binary.ReadUvarint(r)
		if err1 != nil || err2 != nil || pl > uint64(r.Len()) {
			return nil, errCorrupt
		}
		pbytes := make([]byte, pl)
		io.ReadFull(r, pbytes)
		ps, err := decodePostings(pbytes)
		if err != nil {
			return nil, err
		}
		out = append(out, entry{key: key, df: int(df), postings: ps})
		prev = key
	}
	return out, nil
}

func decodePostings(b []byte) ([]posting, error) {
	r := bytes.NewReader(b)
	var out []posting
	for r.Len() > 0 {
		level, err1 := binary.ReadUvarint(r)
		n, err2 := binary.ReadUvarint(r)
		if err1 != nil || err2 != nil || level > 255 || n > uint64(len(b)) {
			return nil, errCorrupt
		}
		doc := uint64(0)
		for i := uint64(0); i < n; i++ {
			gap, err := binary.ReadUvarint(r)
			if err != nil {
				return nil, errCorrupt
			}
			doc += gap
			out = append(out, posting{doc: uint32(doc), level: uint8(level)})
		}
	}
	return out, nil
}

// flater is a raw DEFLATE writer of either package.
type flater interface {
	io.WriteCloser
	Reset(io.Writer)
}

var (
	bestFlaters = sync.Pool{New: func() any { w, _ := flate.NewWriter(io.Discard, flate.BestCompression); return w }}
	// klauspost/compress's level 5: about a third of the time of the standard library's level 5
	// for a size within 1 % (the doc files were a tenth of a 1000-post build's Go time).
	fastFlaters = sync.Pool{New: func() any { w, _ := kflate.NewWriter(io.Discard, 5); return w }}
)

// deflate compresses b with raw DEFLATE at the best level: index files are few and read often.
func deflate(b []byte) []byte { return deflateWith(&bestFlaters, b) }

// deflateFast compresses a doc file: there is one per page, so a build makes many, and prose
// gains little from the slower levels.
func deflateFast(b []byte) []byte { return deflateWith(&fastFlaters, b) }

func deflateWith(pool *sync.Pool, b []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(b)/2 + 64)
	w := pool.Get().(flater)
	w.Reset(&buf)
	w.Write(b)
	w.Close()
	pool.Put(w)
	return buf.Bytes()
}

// inflate reverses deflate, reading at most limit bytes.
func inflate(b []byte, limit int64) ([]byte, error) {
	r := flate.NewReader(bytes.NewReader(b))
	defer r.Close()
	out, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("search: inflate: %w", err)
	}
	if int64(len(out)) > limit {
		return nil, errors.New("search: index file too large")
	}
	return out, nil
}

// contentName names a file by its bytes: a changed file gets a new name, so every name can be
// cached for good.
func contentName(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:6])
}
