package search

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"digitalreeviver/internal/sortedkeys"
)

// stateTail is the part of a state after its docs, encoded by encoding/json (it is small).
type stateTail struct {
	Deleted []uint32 `json:"deleted,omitempty"`
	Base    segment  `json:"base"`
	Delta   segment  `json:"delta"`
	Opts    string   `json:"opts"`
	// Manifest names the manifest's bytes, so an unchanged manifest is not rewritten.
	Manifest string `json:"manifest"`
	// The doc packs of the base: pack k holds ids [k·PackDocs, (k+1)·PackDocs), all below BaseEnd.
	Packs   []string `json:"packs,omitempty"`
	BaseEnd uint32   `json:"baseEnd"`
}

// encode writes st as encoding/json writes it, with its docs in the order of st.keys (its
// URLs, sorted): a page an entry, of every page of the site on every publish, so it is written
// here rather than reflected on and sorted again (a publish changes a few).
func (st *state) encode() ([]byte, error) {
	if len(st.keys) != len(st.Docs) {
		st.keys = slices.Sorted(maps.Keys(st.Docs))
	}
	tail, err := json.Marshal(&st.stateTail)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 256*len(st.keys)+len(tail)+64) // an entry is about 200 bytes
	b = strconv.AppendInt(append(b, `{"v":`...), int64(st.V), 10)
	b = appendJSONString(append(b, `,"epoch":`...), st.Epoch)
	b = strconv.AppendUint(append(b, `,"next":`...), uint64(st.Next), 10)
	b = append(b, `,"docs":`...)
	if st.Docs == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '{')
		for i, url := range st.keys {
			if i > 0 {
				b = append(b, ',')
			}
			ds := st.Docs[url]
			b = appendJSONString(b, url)
			b = strconv.AppendUint(append(b, `:{"id":`...), uint64(ds.ID), 10)
			b = appendJSONString(append(b, `,"key":`...), ds.Key)
			if ds.Delta {
				b = append(b, `,"delta":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(append(b, ','), tail[1:]...), nil
}

// appendJSONString appends s quoted as encoding/json quotes it: as it is when every byte is
// printable ASCII that needs no escape (a page's address and key are), else by encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !plainJSON[s[i]] {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// plainJSON says which bytes encoding/json writes as they are in a string: printable ASCII but
// the quote, the backslash and the three it escapes for HTML.
var plainJSON = func() (t [256]bool) {
	for c := 0x20; c <= 0x7e; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// sortedAfter is the sorted URLs of docs, given those of old (sorted; nil: unknown), the URLs
// added since (in any order) and whether any of old's are gone.
func sortedAfter(docs map[string]docState, old []string, added []string, gone bool) []string {
	if old == nil {
		return slices.Sorted(maps.Keys(docs))
	}
	kept := old
	if gone {
		kept = make([]string, 0, len(docs))
		for _, u := range old {
			if _, ok := docs[u]; ok {
				kept = append(kept, u)
			}
		}
	}
	return sortedkeys.Merge(kept, added)
}
