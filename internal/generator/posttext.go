package generator

import (
	"sync"
	"time"

	"digitalreeviver/internal/domain"
)

// TextSource is a Source that can list the posts without their text (Content) and read one
// post's text when asked. A single build (Config.OneShot) takes the posts so from a source that
// sums its records as stored (RecordsDigest): each post's text is read at the moments it is
// needed (its uploads, card excerpt and description as the records load, its page's props when
// planned and again when rendered, its search entry), so only the posts in flight hold their
// text and a large site's build never holds all of it. *store.DB implements it.
type TextSource interface {
	// BlogsWithoutText is Blogs with every Content left empty.
	BlogsWithoutText() ([]domain.Blog, error)
	// BlogText is the Content of the post at slug, listed with updated as its UpdatedAt: an
	// error when it is gone or has changed since.
	BlogText(slug string, updated time.Time) (string, error)
}

// keptTextBytes bounds the texts a build keeps from their first read to their last use: all of
// them on a site of a few thousand posts (reading and decoding a post's record again for its
// page and its search entry was a tenth of a 1000-post build's Go time), while a larger site's
// build still never holds all of its text.
const keptTextBytes = 32 << 20

// postTexts reads the posts' text for a build that listed them without it, and keeps what the
// plan takes of each text: its card's excerpt and its description, and the text itself while
// the texts kept fit keptTextBytes.
type postTexts struct {
	src      TextSource
	excerpts []string // by index in the run's blogs
	descs    []string // the description made from the text, where the post has no meta description
	mu       sync.Mutex
	kept     map[int]string // texts read at load, by index, until their search entry takes them
	keptSize int
	err      error // the first read that failed
}

func newPostTexts(src TextSource, n int) *postTexts {
	return &postTexts{src: src, excerpts: make([]string, n), descs: make([]string, n), kept: map[int]string{}}
}

// text reads b's text. A failed read gives "" and fails the build (failed).
func (t *postTexts) text(b *domain.Blog) string {
	s, err := t.src.BlogText(b.Slug, b.UpdatedAt)
	if err != nil {
		t.mu.Lock()
		if t.err == nil {
			t.err = err
		}
		t.mu.Unlock()
	}
	return s
}

// brief reads post i's text and keeps its excerpt and description, and the text while there is
// room; it returns the text.
func (t *postTexts) brief(i int, b *domain.Blog) string {
	s := t.text(b)
	t.excerpts[i] = excerpt(s)
	if b.MetaDescription == "" {
		t.descs[i] = describe(s)
	}
	t.mu.Lock()
	if t.keptSize+len(s) <= keptTextBytes {
		t.kept[i] = s
		t.keptSize += len(s)
	}
	t.mu.Unlock()
	return s
}

// textOf is post i's text: the one kept since load, or read again. The last use (its search
// entry) lets the kept text go.
func (t *postTexts) textOf(i int, b *domain.Blog, last bool) string {
	t.mu.Lock()
	s, ok := t.kept[i]
	if ok && last {
		delete(t.kept, i)
		t.keptSize -= len(s)
	}
	t.mu.Unlock()
	if ok {
		return s
	}
	return t.text(b)
}

// failed is the first read that failed (nil for a build whose posts carry their text).
func (t *postTexts) failed() error {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}
