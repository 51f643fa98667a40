package generator

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"

	"github.com/zeebo/xxh3"
)

// planMemo lets a long-lived Builder (adminapi's) skip the per-post work of planning: a post's
// page and its card depend only on its record, the records of its related posts and what every
// page depends on (site facts, renderer bundle, images). When none of those changed since the
// last build, the page's encoded props, head and hash are reused as they were, so planning a
// publish costs little more than the pages it changes.
type planMemo struct {
	key   string                // what every page depends on; a new key empties the memo
	pages map[string]*memoEntry // route → last build's encoding
	cards map[string]BlogCard   // cardKey → card
}

type memoEntry struct {
	key   string // the page's own inputs
	props []byte
	prose string
	head  string
	hash  string
	body  string
}

// memoKey sums what every page depends on.
func memoKey(siteJSON []byte, src *contentdir.Content, assetsHash, staticHash string) string {
	h := sha256.New()
	sf, _ := json.Marshal(src.Site)
	for _, part := range [][]byte{siteJSON, sf, []byte(assetsHash), []byte(staticHash)} {
		h.Write(part)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// recordKey names one version of a published blog: the store stamps UpdatedAt on every write.
func recordKey(b *domain.Blog) string {
	return b.ID + "@" + strconv.FormatInt(b.UpdatedAt.UnixNano(), 10) + "/" + b.Slug
}

// recordKeys are the recordKey of each blog, in order: a build works them out once (the uploads,
// the plan and the search index each name posts by them).
func recordKeys(blogs []domain.Blog) []string {
	keys := make([]string, len(blogs))
	for i := range blogs {
		keys[i] = recordKey(&blogs[i])
	}
	return keys
}

// postKey names the inputs of a post's page: the post (keys[i]) and its related posts, summed
// to 16 bytes (XXH3-128, as the other sums that only tell a change): the keys written out were
// some 300 bytes a post, made and compared for every post on every publish. buf is the caller's
// to reuse between calls.
func postKey(buf *[]byte, i int, related []int, keys []string) string {
	b := (*buf)[:0]
	b = binary.LittleEndian.AppendUint64(b, uint64(len(keys[i])))
	b = append(b, keys[i]...)
	for _, j := range related {
		b = binary.LittleEndian.AppendUint64(b, uint64(len(keys[j])))
		b = append(b, keys[j]...)
	}
	*buf = b
	sum := xxh3.Hash128(b).Bytes()
	return string(sum[:])
}

// keep remembers this build's encodings of the pages whose own inputs the planner named, and
// its cards, for the next build.
func (m *planMemo) keep(items []*planned, cards map[string]BlogCard) {
	pages := make(map[string]*memoEntry, len(cards)*2)
	for _, it := range items {
		if it.memoKey != "" {
			pages[it.Route] = &memoEntry{key: it.memoKey, props: it.props, prose: it.prose, head: it.head, hash: it.hash, body: it.body}
		}
	}
	m.pages, m.cards = pages, cards
}
