// Package search builds the site's static search index: a small manifest, term chunks split by
// prefix and named by their bytes, prefix summaries for short prefixes, and one small file per
// page for titles and excerpts. The browser (site/src/search) fetches only the chunks of the
// words it looks up.
//
// The index is kept in two segments, like a log-structured merge tree: the base, which holds
// nearly every page and is rewritten only when it is merged, and the delta, which holds the pages
// added or changed since. A publish rewrites the delta's chunks (a few small files), the manifest
// and the new page's file; the base's files are untouched until the delta outgrows MaxDelta
// pages, when both are merged into a new base. A build where nothing changed writes nothing.
package search

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/zeebo/xxh3"
)

// Where the files go, relative to the site's root. Chunks and doc files never change once
// written (a changed page gets a new doc id), so they live under assets/ and are cached for good;
// the manifest is the one file that changes in place.
const (
	ManifestPath = "search/index.bin"
	filesDir     = "assets/search/"
	formatV      = 1
)

// Options tune a build of the index.
type Options struct {
	MaxDelta   int // pages the delta may hold (added, changed or removed) before a merge; default 64
	ChunkBytes int // target size of a base chunk before compression; default 12 kB
	Clean      bool
}

// Input is one searchable page.
type Input struct {
	URL string
	Key string     // changes whenever the page's searchable content does
	Doc func() Doc // called only when the page's terms or file are needed
}

// File is one file of the index. Data is nil when the file is the same as in the previous build
// (names are unique to their bytes), so the caller can reuse that build's copy. Sum names the
// bytes: equal sums, equal files.
type File struct {
	Path string
	Data []byte
	Sum  string
}

// Output is the result of a build.
type Output struct {
	Files    []File
	State    []byte // give it back to the next Build
	Docs     int    // pages in the index
	Written  int    // files with Data: new or changed
	Merged   bool   // the base was (re)built
	Terms    int    // distinct terms of the segments written
	Bytes    int64  // compressed bytes of the files written
	DocBytes int64  // of which doc packs and doc files
	Rewrites []string
}

// lastState is the state this process's last Build made, by the sum of its encoding: a
// long-lived builder (adminapi's) hands that encoding back to the next Build, which then skips
// decoding it (at 10,000 posts, a megabyte of JSON: most of the index's part of a publish). A
// kept state is never changed: Build only reads its old state.
var lastState stateCache

type stateCache struct {
	mu  sync.Mutex
	sum xxh3.Uint128
	st  *state
}

// decode returns the state encoded in data: the kept one when data is its encoding; a state
// decoded here is kept in its turn (a builder's first build after a start reads it from disk).
func (c *stateCache) decode(data []byte) *state {
	sum := xxh3.Hash128(data)
	c.mu.Lock()
	st := c.st
	hit := st != nil && c.sum == sum
	c.mu.Unlock()
	if hit {
		return st
	}
	var s state
	if json.Unmarshal(data, &s) != nil {
		return nil
	}
	c.keep(data, &s)
	return &s
}

func (c *stateCache) keep(data []byte, st *state) {
	sum := xxh3.Hash128(data)
	c.mu.Lock()
	c.sum, c.st = sum, st
	c.mu.Unlock()
}

// state is what one build leaves for the next, stored beside the site (never served). Its
// JSON is its fields' in order, stateTail's flattened after Docs (encode writes it so).
type state struct {
	V     int                 `json:"v"`
	Epoch string              `json:"epoch"`
	Next  uint32              `json:"next"`
	Docs  map[string]docState `json:"docs"`
	stateTail
	// keys are the URLs of Docs, sorted, when known (a state this process made): encode and
	// the next build's numbering keep them rather than sort every page's URL again.
	keys []string
}

type docState struct {
	ID    uint32 `json:"id"`
	Key   string `json:"key"`
	Delta bool   `json:"delta,omitempty"`
}

// segment is one segment as the manifest lists it: the chunks' first keys and names, and the
// summary files by the first character of their prefixes.
type segment struct {
	Keys  []string          `json:"k"`
	Files []string          `json:"f"`
	Sums  map[string]string `json:"p,omitempty"`
}

func (s segment) names() []string {
	out := append([]string(nil), s.Files...)
	for _, n := range s.Sums {
		out = append(out, n)
	}
	return out
}

// manifest is the one file the browser reads first.
type manifest struct {
	V       int        `json:"v"`
	N       int        `json:"n"` // pages in the index
	Files   string     `json:"a"` // folder of chunks, summaries and doc packs
	Docs    string     `json:"d"` // folder of the delta's doc files
	Packs   []string   `json:"k"` // the base's doc packs
	BaseEnd uint32     `json:"e"` // ids below are in the packs, the others in doc files
	Q       [2]float64 `json:"q"` // impactMin, levelAlpha: a level's impact is q0·e^((level−1)/q1)
	Deleted []uint32   `json:"x,omitempty"`
	Segs    []segment  `json:"s"`
}

const summarySize = 32

func (o Options) withDefaults() Options {
	if o.MaxDelta <= 0 {
		o.MaxDelta = 64
	}
	if o.ChunkBytes <= 0 {
		o.ChunkBytes = 8 << 10
	}
	return o
}

// Build makes the index of inputs, reusing what the previous build left (prev, its Output.State)
// where the pages are unchanged.
func Build(prev []byte, inputs []Input, opts Options) (*Output, error) {
	b := &indexBuild{opts: opts.withDefaults(), inputs: inputs}
	b.optsKey = fmt.Sprintf("%d/%d", b.opts.ChunkBytes, formatV)
	if err := b.checkURLs(); err != nil {
		return nil, err
	}
	b.readPrevious(prev)
	if b.old == nil {
		b.numberAll()
	} else {
		b.numberChanges()
	}
	b.analyse()
	b.out = &Output{Docs: len(inputs), Merged: b.merge}
	b.writeSegments()
	b.writeDocs()
	if err := b.writeManifest(); err != nil {
		return nil, err
	}
	return b.finish()
}

// indexBuild is one Build, step by step: each method reads what the ones before it left.
type indexBuild struct {
	opts    Options
	optsKey string // the options the state depends on; a state of others is not reused
	inputs  []Input
	seen    map[string]bool // the inputs' URLs
	old     *state          // the previous build's, when it can be reused
	st      *state          // this build's
	merge   bool            // every page goes to a new base
	jobs    []docJob        // one an input
	out     *Output
	// oldFiles are the previous build's files, which this build's need not rewrite.
	oldFiles map[string]bool
	postings *postingLists // of the analysed docs
}

// docJob is what a build does with one page: analyse its terms for the segment written, and
// encode its doc file when its id is new.
type docJob struct {
	in       Input
	id       uint32
	analyse  bool
	writeDoc bool
	doc      []byte
}

// checkURLs refuses two pages at one URL.
func (b *indexBuild) checkURLs() error {
	b.seen = make(map[string]bool, len(b.inputs))
	for _, in := range b.inputs {
		if b.seen[in.URL] {
			return fmt.Errorf("search: two pages at %s", in.URL)
		}
		b.seen[in.URL] = true
	}
	return nil
}

// readPrevious takes the previous build's state unless the build is clean or the state is of
// another format or other options.
func (b *indexBuild) readPrevious(prev []byte) {
	b.oldFiles = map[string]bool{}
	if len(prev) == 0 || b.opts.Clean {
		return
	}
	s := lastState.decode(prev)
	if s == nil || s.V != formatV || s.Opts != b.optsKey || s.Docs == nil {
		return
	}
	b.old = s
	for _, n := range append(append(s.Base.names(), s.Delta.names()...), s.Packs...) {
		b.oldFiles[n] = true
	}
}

// numberAll gives every page a new id in a new epoch: the index is built from nothing (merged).
func (b *indexBuild) numberAll() {
	b.st = &state{V: formatV, stateTail: stateTail{Opts: b.optsKey}, Docs: make(map[string]docState, len(b.inputs))}
	for i, in := range b.inputs {
		b.st.Docs[in.URL] = docState{ID: uint32(i), Key: in.Key}
	}
	b.st.Next = uint32(len(b.inputs))
	b.st.Epoch = epochOf(b.inputs)
	b.merge = true
	b.planJobs(0)
}

// numberChanges keeps the ids of unchanged pages, gives new and changed pages new ids in the
// delta and deletes the ids of removed or replaced base pages; past MaxDelta pages or
// deletions, everything is merged into a new base.
func (b *indexBuild) numberChanges() {
	old := b.old
	st := &state{V: formatV, Docs: make(map[string]docState, len(b.inputs)), Epoch: old.Epoch, Next: old.Next,
		stateTail: stateTail{Opts: b.optsKey, Deleted: slices.Clone(old.Deleted)}}
	b.st = st
	delta := 0
	var added []string // URLs old has no doc of
	for _, in := range b.inputs {
		ds, ok := old.Docs[in.URL]
		if !ok {
			added = append(added, in.URL)
		}
		if !ok || ds.Key != in.Key {
			if ok && !ds.Delta {
				st.Deleted = append(st.Deleted, ds.ID)
			}
			ds = docState{ID: st.Next, Key: in.Key, Delta: true}
			st.Next++
		}
		if ds.Delta {
			delta++
		}
		st.Docs[in.URL] = ds
	}
	// The inputs are distinct (checkURLs): old's docs that are gone are the ones past those kept.
	gone := len(old.Docs) > len(b.inputs)-len(added)
	if gone {
		for url, ds := range old.Docs {
			if !b.seen[url] && !ds.Delta {
				st.Deleted = append(st.Deleted, ds.ID)
			}
		}
	}
	st.keys = sortedAfter(st.Docs, old.keys, added, gone)
	b.merge = delta > b.opts.MaxDelta || len(st.Deleted) > b.opts.MaxDelta
	if b.merge {
		for url, ds := range st.Docs {
			ds.Delta = false
			st.Docs[url] = ds
		}
		st.Deleted = nil
	}
	sort.Slice(st.Deleted, func(i, j int) bool { return st.Deleted[i] < st.Deleted[j] })
	b.planJobs(old.Next)
}

// planJobs says for each page whether its terms are analysed and its doc file written: a merge
// analyses and packs every doc; otherwise only the delta's docs are analysed, and those with
// an id the previous build did not have get files: ids are given in order, so those from
// firstNew (the previous build's Next) on.
func (b *indexBuild) planJobs(firstNew uint32) {
	b.jobs = make([]docJob, len(b.inputs))
	for i, in := range b.inputs {
		ds := b.st.Docs[in.URL]
		b.jobs[i] = docJob{in: in, id: ds.ID, analyse: b.merge || ds.Delta, writeDoc: b.merge || (ds.Delta && ds.ID >= firstNew)}
	}
}

// analyse reads the terms of the pages the segment written needs (into postings) and encodes
// the doc files of new ids.
func (b *indexBuild) analyse() {
	// The analysed docs all go to one segment: the base on a merge, the delta otherwise. Each
	// worker files a doc's postings as soon as it has analysed it, so the build never holds
	// every doc's terms at once.
	caches := make([]*termCache, runtime.GOMAXPROCS(0))
	lists := make([]postingLists, len(caches))
	for i := range caches {
		caches[i] = newTermCache()
	}
	parallel(len(b.jobs), func(worker, i int) {
		j := &b.jobs[i]
		if !j.analyse && !j.writeDoc {
			return
		}
		d := j.in.Doc()
		if j.analyse {
			lists[worker].add(j.id, analyzeWith(d, caches[worker]))
		}
		if j.writeDoc {
			j.doc = encodeDoc(d)
		}
	})
	for i := 1; i < len(lists); i++ {
		lists[0].merge(&lists[i])
		lists[i] = postingLists{}
	}
	b.postings = &lists[0]
}

// addFile lists a file of the index; a reused one (the previous build's) has no data.
func (b *indexBuild) addFile(path, sum string, data []byte, reuse bool) {
	if reuse {
		data = nil
	} else {
		b.out.Written++
		b.out.Rewrites = append(b.out.Rewrites, path)
	}
	b.out.Files = append(b.out.Files, File{Path: path, Data: data, Sum: sum})
}

// writeSegments writes the analysed postings as the new base (a merge) or as the delta beside
// the previous base, which is kept.
func (b *indexBuild) writeSegments() {
	writeSeg := func(target int) segment {
		seg, files, nterms := buildSegment(b.postings, target)
		b.out.Terms += nterms
		for _, name := range seg.names() {
			data := files[name]
			b.out.Bytes += int64(len(data))
			b.addFile(filesDir+name+".bin", name, data, b.oldFiles[name])
		}
		return seg
	}
	if b.merge {
		b.st.Base = writeSeg(b.opts.ChunkBytes)
		return
	}
	b.st.Base = b.old.Base
	for _, name := range b.st.Base.names() {
		b.addFile(filesDir+name+".bin", name, nil, true)
	}
	if len(b.postings.keys) > 0 {
		b.st.Delta = writeSeg(max(b.opts.ChunkBytes/4, 1024))
	}
}

// writeDocs writes the docs: on a merge, every doc in the base's packs; otherwise the previous
// packs stay and each delta doc has a file of its own.
func (b *indexBuild) writeDocs() {
	st, out := b.st, b.out
	if b.merge {
		st.BaseEnd = st.Next
		docs := make(map[uint32][]byte, len(b.jobs))
		for i := range b.jobs {
			docs[b.jobs[i].id] = b.jobs[i].doc
		}
		st.Packs = nil
		for start := uint32(0); start < st.BaseEnd; start += PackDocs {
			data := encodePack(docs, start, min(start+PackDocs, st.BaseEnd))
			name := contentName(data)
			st.Packs = append(st.Packs, name)
			out.Bytes += int64(len(data))
			out.DocBytes += int64(len(data))
			b.addFile(filesDir+name+".bin", name, data, b.oldFiles[name])
		}
		return
	}
	st.BaseEnd, st.Packs = b.old.BaseEnd, b.old.Packs
	for _, name := range st.Packs {
		b.addFile(filesDir+name+".bin", name, nil, true)
	}
	for i := range b.jobs {
		j := &b.jobs[i]
		if j.id < st.BaseEnd {
			continue
		}
		path := b.docsDir() + strconv.FormatUint(uint64(j.id), 10) + ".bin"
		b.addFile(path, path, j.doc, !j.writeDoc)
		out.Bytes += int64(len(j.doc))
		out.DocBytes += int64(len(j.doc))
	}
}

// docsDir is the folder of the delta's doc files, by epoch.
func (b *indexBuild) docsDir() string { return filesDir + "d/" + b.st.Epoch + "/" }

// writeManifest writes the manifest, unless it is the previous build's byte for byte.
func (b *indexBuild) writeManifest() error {
	st := b.st
	m := manifest{V: formatV, N: len(b.inputs), Files: "/" + filesDir, Docs: "/" + b.docsDir(), Packs: st.Packs, BaseEnd: st.BaseEnd,
		Q: [2]float64{impactMin, levelAlpha}, Deleted: st.Deleted, Segs: []segment{st.Base}}
	if len(st.Delta.Files) > 0 {
		m.Segs = append(m.Segs, st.Delta)
	}
	mj, err := json.Marshal(m)
	if err != nil {
		return err
	}
	mdata := deflate(mj)
	b.out.Bytes += int64(len(mdata))
	st.Manifest = contentName(mdata)
	b.addFile(ManifestPath, st.Manifest, mdata, b.old != nil && b.old.Manifest == st.Manifest)
	return nil
}

// finish encodes the state for the next build (and keeps it decoded for this process's next).
func (b *indexBuild) finish() (*Output, error) {
	var err error
	if b.out.State, err = b.st.encode(); err != nil {
		return nil, err
	}
	lastState.keep(b.out.State, b.st)
	sort.Strings(b.out.Rewrites)
	return b.out, nil
}

func epochOf(inputs []Input) string {
	var b strings.Builder
	for _, in := range inputs {
		b.WriteString(in.URL)
		b.WriteByte(0)
		b.WriteString(in.Key)
		b.WriteByte(0)
	}
	return contentName([]byte(b.String()))[:8]
}

// PackDocs is how many consecutive doc ids one pack of the base holds, each in a slot of
// DocSlot bytes: a little-endian uint16 length, the doc's compressed bytes, zeros. The browser
// reads a doc with one HTTP range request for its slot, so 10,000 pages make 40 files rather
// than 10,000 (a file costs a build far more than its bytes) and a result still costs one
// request of about a kilobyte.
const (
	PackDocs = 256
	DocSlot  = 768
)

func encodePack(docs map[uint32][]byte, start, end uint32) []byte {
	data := make([]byte, int(end-start)*DocSlot)
	for id := start; id < end; id++ {
		d := docs[id]
		slot := data[int(id-start)*DocSlot:]
		binary.LittleEndian.PutUint16(slot, uint16(len(d)))
		copy(slot[2:], d)
	}
	return data
}

// encodeDoc compresses a doc's file, shortening its text (and then its headings) until it fits
// a pack's slot.
func encodeDoc(d Doc) []byte {
	d.Body = clip(d.Body, maxBodyChars)
	for {
		b, _ := json.Marshal(d)
		data := deflateFast(b)
		if len(data) <= DocSlot-2 {
			return data
		}
		switch n := utf8.RuneCountInString(d.Body); {
		case n > 100:
			d.Body = clip(d.Body, n*3/4)
		case len(d.Headings) > 0:
			d.Headings = d.Headings[:len(d.Headings)/2]
		case utf8.RuneCountInString(d.Description) > 60:
			d.Description = clip(d.Description, utf8.RuneCountInString(d.Description)/2)
		default:
			d.Body, d.Title = "", clip(d.Title, 120)
			b, _ = json.Marshal(d)
			return deflateFast(b)
		}
	}
}

// postingLists are the postings of analysed docs, by term. The order of a term's postings does
// not matter: encodePostings sorts them.
type postingLists struct {
	ids   map[string]int // term → index in keys and lists
	keys  []string
	lists [][]posting
}

// add files the postings of doc id, analysed as a.
func (p *postingLists) add(id uint32, a analyzed) {
	if p.ids == nil {
		p.ids = map[string]int{}
	}
	for i, t := range a.terms {
		k, ok := p.ids[t]
		if !ok {
			k = len(p.keys)
			p.ids[t] = k
			p.keys = append(p.keys, t)
			p.lists = append(p.lists, nil)
		}
		p.lists[k] = append(p.lists[k], posting{doc: id, level: a.levels[i]})
	}
}

// merge adds o's postings to p's.
func (p *postingLists) merge(o *postingLists) {
	if p.ids == nil {
		*p = *o
		return
	}
	for k, t := range o.keys {
		if pk, ok := p.ids[t]; ok {
			p.lists[pk] = append(p.lists[pk], o.lists[k]...)
		} else {
			p.ids[t] = len(p.keys)
			p.keys = append(p.keys, t)
			p.lists = append(p.lists, o.lists[k])
		}
	}
}

// buildSegment cuts the sorted terms of docs into chunks of about target bytes and writes a
// summary for every prefix whose terms span more than one chunk. It returns the segment, its
// files by name and its number of terms.
func buildSegment(docs *postingLists, target int) (segment, map[string][]byte, int) {
	keys, lists := docs.keys, docs.lists
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	entries := make([]entry, len(order))
	sizes := make([]int, len(order))
	for i, k := range order {
		pb := encodePostings(nil, lists[k])
		entries[i] = entry{key: keys[k], df: len(lists[k]), postings: lists[k], encoded: pb}
		sizes[i] = len(keys[k]) + len(pb) + 6
	}

	seg := segment{}
	files := map[string][]byte{}
	var starts []int
	size := 0
	for i := range entries {
		if i == 0 || (size+sizes[i] > target && size > 0) {
			starts = append(starts, i)
			size = 0
		}
		size += sizes[i]
	}
	for c, s := range starts {
		e := len(entries)
		if c+1 < len(starts) {
			e = starts[c+1]
		}
		key := ""
		if c > 0 {
			key = shortestAbove(entries[s].key, entries[s-1].key)
		}
		data := deflate(encodeEntries(entries[s:e]))
		name := contentName(data)
		files[name] = data
		seg.Keys = append(seg.Keys, key)
		seg.Files = append(seg.Files, name)
	}

	// Summaries: every proper prefix of a chunk key spans that key's boundary.
	prefixes := map[string]bool{}
	for _, k := range seg.Keys[min(1, len(seg.Keys)):] {
		for i := range k {
			if i > 0 {
				prefixes[k[:i]] = true
			}
		}
	}
	groups := map[string][]entry{}
	// A prefix's best level in each doc, by doc id (ids are dense), and the docs it names.
	maxID := uint32(0)
	for _, l := range lists {
		for _, ps := range l {
			maxID = max(maxID, ps.doc)
		}
	}
	best := make([]uint8, int(maxID)+1)
	var named []uint32
	for p := range prefixes {
		lo := sort.Search(len(entries), func(i int) bool { return entries[i].key >= p })
		df := 0
		named = named[:0]
		for i := lo; i < len(entries) && strings.HasPrefix(entries[i].key, p); i++ {
			df = max(df, entries[i].df)
			for _, ps := range entries[i].postings {
				if ps.level > best[ps.doc] {
					if best[ps.doc] == 0 {
						named = append(named, ps.doc)
					}
					best[ps.doc] = ps.level
				}
			}
		}
		top := make([]posting, 0, len(named))
		for _, doc := range named {
			top = append(top, posting{doc: doc, level: best[doc]})
			best[doc] = 0
		}
		slices.SortFunc(top, func(x, y posting) int {
			if x.level != y.level {
				return int(y.level) - int(x.level)
			}
			return cmp.Compare(y.doc, x.doc)
		})
		if len(top) > summarySize {
			top = append([]posting(nil), top[:summarySize]...) // not the whole list's array, held until written
		}
		r, _ := utf8.DecodeRuneInString(p)
		g := string(r)
		groups[g] = append(groups[g], entry{key: p, df: df, postings: top})
	}
	if len(groups) > 0 {
		seg.Sums = map[string]string{}
	}
	for g, es := range groups {
		sort.Slice(es, func(i, j int) bool { return es[i].key < es[j].key })
		data := deflate(encodeEntries(es))
		name := contentName(data)
		files[name] = data
		seg.Sums[g] = name
	}
	return seg, files, len(entries)
}

// shortestAbove is the shortest prefix of t (whole characters) that sorts after prev.
func shortestAbove(t, prev string) string {
	for i := range t {
		if i > 0 && t[:i] > prev {
			return t[:i]
		}
	}
	return t
}

// parallel calls fn(worker, i) for i in 0..n-1 on GOMAXPROCS goroutines, worker naming the
// goroutine (for state of its own).
func parallel(n int, fn func(worker, i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var next int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				mu.Lock()
				i := int(next)
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				fn(w, i)
			}
		}(w)
	}
	wg.Wait()
}
