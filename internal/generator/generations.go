package generator

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/sortedkeys"
)

// A site is a series of generations: complete copies of the site under ".dist/" beside the
// output path, which is a symlink to the live one. A build writes a new generation and switches
// the link to it in one rename; the previous ones stay for rollback until they are pruned.

// manifest is stored in each generation: what each of its files was made from, so the next
// build renders and writes only what changed, and says which files changed.
type manifest struct {
	Generation string            `json:"generation"`
	Inputs     string            `json:"inputs,omitempty"`    // inputsHash of the build that wrote it
	Assets     string            `json:"assets,omitempty"`    // the renderer bundle's hash
	Pages      map[string]string `json:"pages"`               // page file → hash of its inputs
	Files      map[string]string `json:"files"`               // every other file → the key of its content
	Redirects  map[string]string `json:"redirects,omitempty"` // old address → new, each with a page in Files
	// Records counts the posts and services the generation shows (nil in manifests written
	// before they were counted): the build's and the deploy's guards compare them.
	Records *domain.SiteCounts `json:"records,omitempty"`
	// FormEndpoint is where the generation's forms post ("/popup", or the admin server's URL):
	// a deploy to a bucket warns of a path, which a bucket cannot answer.
	FormEndpoint string `json:"formEndpoint,omitempty"`
	// order is the maps' keys sorted, when this process encoded the manifest (encodeAfter): the
	// next manifest differs from it by a few files, so its keys sort by a merge.
	order *manifestOrder
}

// manifestOrder is a manifest's keys of Pages, Files and Redirects, each sorted, with their
// values in the same order (filled as the manifest is encoded).
type manifestOrder struct{ pages, files, redirects sortedMap }

// sortedMap is a map's keys, sorted, and their values; once encoded (appendJSONMap), the map's
// JSON and where each entry ends in it, so the next manifest copies the unchanged entries' bytes.
type sortedMap struct {
	keys, vals []string
	enc        []byte
	ends       []int32
}

const manifestName = ".build.json"

// readManifest returns the manifest of the generation in dir; an empty one when there is none.
func readManifest(dir string) manifest {
	var m manifest
	if dir == "" {
		return m
	}
	if data, err := os.ReadFile(filepath.Join(dir, manifestName)); err == nil {
		if json.Unmarshal(data, &m) != nil {
			return manifest{}
		}
	}
	return m
}

// manifestCache keeps the manifests a long-lived Builder wrote, so a publish does not read
// and decode the live and the spare generation's manifests again (at 5,000 posts, 11,000
// entries each: about 40 ms of a publish). An entry stands only while the file is the one it
// wrote (same size, modification time and inode), so a manifest changed by anything else is
// read again. The maps are shared: every user of a manifest only reads it.
type manifestCache struct {
	mu      sync.Mutex
	entries map[string]cachedManifest // by generation folder
}

type cachedManifest struct {
	stat os.FileInfo
	m    manifest
}

// read returns the manifest of the generation in dir, from the cache when its file is unchanged.
func (c *manifestCache) read(dir string) manifest {
	if dir == "" {
		return manifest{}
	}
	st, err := os.Stat(filepath.Join(dir, manifestName))
	if err != nil {
		return manifest{}
	}
	c.mu.Lock()
	e, ok := c.entries[dir]
	c.mu.Unlock()
	if ok && os.SameFile(e.stat, st) && e.stat.Size() == st.Size() && e.stat.ModTime().Equal(st.ModTime()) {
		return e.m
	}
	return readManifest(dir)
}

// keep remembers m as the manifest of the generation in dir, dropping the entries of
// generations that are gone.
func (c *manifestCache) keep(dir string, m manifest) {
	st, err := os.Stat(filepath.Join(dir, manifestName))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]cachedManifest{}
	}
	for d := range c.entries {
		if _, err := os.Stat(d); err != nil {
			delete(c.entries, d)
		}
	}
	if err == nil {
		c.entries[dir] = cachedManifest{stat: st, m: m}
	}
}

// forget drops the entry of dir (a generation taken over as the next one's base).
func (c *manifestCache) forget(dir string) {
	c.mu.Lock()
	delete(c.entries, dir)
	c.mu.Unlock()
}

// Changes lists the files of a generation that differ from another's, as slash-separated paths
// relative to the site's root.
type Changes struct {
	Written []string `json:"written"` // new or changed files
	Removed []string `json:"removed"` // files the other generation has and this one lacks
}

// changes compares the generation m with the one before it.
func changes(before, m manifest) Changes {
	if c, ok := changesInOrder(before, m); ok {
		return c
	}
	var c Changes
	for _, pair := range [][2]map[string]string{{before.Pages, m.Pages}, {before.Files, m.Files}} {
		old, now := pair[0], pair[1]
		for f, key := range now {
			if prev, ok := old[f]; !ok || prev != key {
				c.Written = append(c.Written, f)
			}
		}
		for f := range old {
			if _, ok := now[f]; !ok {
				c.Removed = append(c.Removed, f)
			}
		}
	}
	sort.Strings(c.Written)
	sort.Strings(c.Removed)
	return c
}

// changesInOrder is changes for two manifests this process encoded: a walk along both sorted
// lists of files and their keys, rather than a lookup of every file of each in the other (a
// publish compares every file of the site).
func changesInOrder(before, m manifest) (Changes, bool) {
	a, b := before.order, m.order
	if a == nil || b == nil || len(a.pages.vals) != len(before.Pages) || len(b.pages.vals) != len(m.Pages) ||
		len(a.files.vals) != len(before.Files) || len(b.files.vals) != len(m.Files) {
		return Changes{}, false
	}
	wp, rp := a.pages.changesTo(b.pages)
	wf, rf := a.files.changesTo(b.files)
	return Changes{Written: mergeSorted(wp, wf), Removed: mergeSorted(rp, rf)}, true
}

// changesTo lists the keys of next that s lacks or holds with another value, and the keys of s
// that next lacks, each sorted.
func (s sortedMap) changesTo(next sortedMap) (written, removed []string) {
	i, j := 0, 0
	for i < len(s.keys) || j < len(next.keys) {
		switch {
		case j == len(next.keys) || i < len(s.keys) && s.keys[i] < next.keys[j]:
			removed = append(removed, s.keys[i])
			i++
		case i == len(s.keys) || next.keys[j] < s.keys[i]:
			written = append(written, next.keys[j])
			j++
		default:
			if s.vals[i] != next.vals[j] {
				written = append(written, next.keys[j])
			}
			i++
			j++
		}
	}
	return written, removed
}

// mergeSorted is two sorted lists as one.
func mergeSorted(a, b []string) []string {
	if len(a) == 0 {
		return b
	}
	out := make([]string, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0] < a[0] {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// generationsDir is where generations live: ".dist" beside "dist".
func generationsDir(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out))
}

// newGenerationName names a generation so that names sort by age.
func newGenerationName() string {
	return strings.Replace("g"+time.Now().UTC().Format("20060102T150405.000000")+"-"+randHex(3), ".", "", 1)
}

// LiveGeneration returns the folder the output path points at, or "" when there is none.
func LiveGeneration(out string) string {
	target, err := os.Readlink(out)
	if err != nil {
		return ""
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(out), target)
	}
	return target
}

// generations lists the finished generations, oldest first.
func generations(root string) []string {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "g") && !strings.HasSuffix(e.Name(), ".tmp") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// takeSpare renames the newest finished generation other than the live one to tmp (a name in
// the generations' folder) and returns its manifest, when it was built with the same renderer
// bundle; otherwise it returns an empty manifest and renames nothing. It holds the prune lock so
// a prune cannot remove it meanwhile.
func (b *Builder) takeSpare(o *output, live, assetsHash, tmp string) manifest {
	b.pruneMu.Lock()
	defer b.pruneMu.Unlock()
	genRoot := generationsDir(b.cfg.OutDir)
	gens := generations(genRoot)
	for i := len(gens) - 1; i >= 0; i-- {
		path := filepath.Join(genRoot, gens[i])
		if path == live {
			continue
		}
		m := b.manifests.read(path)
		b.manifests.forget(path)
		if m.Pages == nil || m.Files == nil || m.Assets != assetsHash {
			return manifest{}
		}
		if err := o.gens.Rename(gens[i], tmp); err != nil {
			return manifest{}
		}
		return m
	}
	return manifest{}
}

// keepSpareManifest reads the manifest of the generation the next build will take over (see
// takeSpare) into the kept manifests.
func (b *Builder) keepSpareManifest(live, assetsHash string) {
	b.pruneMu.Lock()
	defer b.pruneMu.Unlock()
	genRoot := generationsDir(b.cfg.OutDir)
	gens := generations(genRoot)
	for i := len(gens) - 1; i >= 0; i-- {
		if path := filepath.Join(genRoot, gens[i]); path != live {
			if m := readManifest(path); m.Assets == assetsHash {
				b.manifests.keep(path, m)
			}
			return
		}
	}
}

// pruneDelay is how long the builder waits after a build before it removes old generations: a
// burst of publishes then pays for no removals (which compete with the next build for the disk
// and the CPU), and the removal runs once the burst is over.
const pruneDelay = 2 * time.Second

// schedulePrune (re)starts the delay after which old generations are removed.
func (b *Builder) schedulePrune() {
	b.schedMu.Lock()
	defer b.schedMu.Unlock()
	if b.pruneAt != nil && b.pruneAt.Stop() {
		b.pruning.Done() // the earlier one never ran: this one does its work
	}
	b.pruning.Add(1)
	b.pruneAt = time.AfterFunc(pruneDelay, func() {
		defer b.pruning.Done()
		b.pruneNow()
	})
}

func (b *Builder) pruneNow() {
	b.pruneMu.Lock()
	defer b.pruneMu.Unlock()
	live := LiveGeneration(b.cfg.OutDir)
	if live == "" {
		return
	}
	o, err := openOutput(b.cfg.OutDir)
	if err != nil {
		b.cfg.Logger.Warn("build: prune generations", "err", err)
		return
	}
	defer o.Close()
	prune(o, generationsDir(b.cfg.OutDir), live, b.cfg.Keep, b.cfg.Logger)
}

// prune removes all but the newest keep finished generations of root (o's generations' folder);
// the live one always stays. It may run while the next build writes its own generation, so it
// never touches unfinished ones.
func prune(o *output, root, live string, keep int, log *slog.Logger) {
	gens := generations(root)
	for i := 0; i < len(gens)-keep; i++ {
		if filepath.Join(root, gens[i]) == live {
			continue
		}
		if err := o.gens.RemoveAll(gens[i]); err != nil {
			log.Warn("build: prune generation", "path", filepath.Join(root, gens[i]), "err", err)
		}
	}
}

// RollbackTarget names the live generation of out and the one a rollback would make live (the
// one before it), changing nothing: what rollback --dry-run shows.
func RollbackTarget(out string) (live, previous string, err error) {
	path := LiveGeneration(out)
	if path == "" {
		return "", "", errors.New("rollback: no live generation")
	}
	live = filepath.Base(path)
	gens := generations(generationsDir(out))
	for i := len(gens) - 1; i >= 0; i-- {
		if gens[i] == live {
			if i == 0 {
				return live, "", errors.New("rollback: no earlier generation is kept")
			}
			return live, gens[i-1], nil
		}
	}
	return live, "", errors.New("rollback: the live generation is not among the kept ones")
}

// Rollback makes the generation before the live one live again and returns its name.
func Rollback(out string) (string, error) {
	live, previous, err := RollbackTarget(out)
	if err != nil {
		return "", err
	}
	o, err := openOutput(out)
	if err != nil {
		return "", fmt.Errorf("rollback: %w", err)
	}
	defer o.Close()
	if err := o.swapLink(previous); err != nil {
		return "", fmt.Errorf("rollback: %w", err)
	}
	// Move the newer generation out of the way so the next build compares against the one now
	// live and a second rollback goes further back.
	o.gens.Rename(live, live+".rolled-back.tmp")
	return previous, nil
}

// MarshalJSON encodes m as encoding/json would (keys sorted, the same escaping), at a fraction
// of the cost: a publish writes the manifest of every file of the site, and encoding it through
// reflection was a tenth of a publish on a 5,000-post site.
func (m manifest) MarshalJSON() ([]byte, error) {
	order := &manifestOrder{pages: sortedMap{keys: slices.Sorted(maps.Keys(m.Pages))},
		files: sortedMap{keys: slices.Sorted(maps.Keys(m.Files))}, redirects: sortedMap{keys: slices.Sorted(maps.Keys(m.Redirects))}}
	m.encodeMaps(order, nil)
	return m.assemble(order), nil
}

// encodeAfter encodes m as MarshalJSON does, and keeps its sorted keys with it (see
// encodeMapsAfter).
func (m *manifest) encodeAfter(prev manifest) []byte {
	m.encodeMapsAfter(prev)
	return m.assemble(m.order)
}

// encodeMapsAfter encodes m's maps of files (Pages, Files, Redirects), the bulk of a manifest,
// into m.order, which assemble then writes out with the rest. Their keys are sorted by merging
// the few that differ into those of prev, the manifest of the generation before it, when this
// process encoded that one: sorting every file's name was most of encoding a publish's
// manifest, and grew with the site. The entries prev has alike are copied from prev's
// encoding, runs of them at a time, rather than encoded again. It reads only the maps, so a
// publish runs it beside its writes and renders (see diff); the other fields may be set since.
func (m *manifest) encodeMapsAfter(prev manifest) {
	var was manifestOrder
	if prev.order != nil {
		was = *prev.order
	}
	m.order = &manifestOrder{pages: sortedMap{keys: sortedAfter(m.Pages, prev.Pages, was.pages.keys)},
		files:     sortedMap{keys: sortedAfter(m.Files, prev.Files, was.files.keys)},
		redirects: sortedMap{keys: sortedAfter(m.Redirects, prev.Redirects, was.redirects.keys)}}
	m.encodeMaps(m.order, prev.order)
}

// sortedAfter is the keys of m sorted, given the sorted keys of prev (nil: unknown).
func sortedAfter(m, prev map[string]string, prevKeys []string) []string {
	if prevKeys == nil || len(prevKeys) != len(prev) {
		return slices.Sorted(maps.Keys(m))
	}
	var added []string
	for k := range m {
		if _, ok := prev[k]; !ok {
			added = append(added, k)
		}
	}
	kept := prevKeys
	if len(m)-len(added) < len(prevKeys) { // some of prev's keys are gone
		kept = make([]string, 0, len(m)-len(added))
		for _, k := range prevKeys {
			if _, ok := m[k]; ok {
				kept = append(kept, k)
			}
		}
	}
	return sortedkeys.Merge(kept, added)
}

// encodeMaps encodes m's maps with their keys in order, and fills order's values and
// encodings; the entries alike in was (the order of the manifest before, nil when unknown) are
// copied from its bytes.
func (m manifest) encodeMaps(order, was *manifestOrder) {
	var prev manifestOrder
	if was != nil {
		prev = *was
	}
	appendJSONMap(mapBuffer(m.Pages, &prev.pages), m.Pages, &order.pages, &prev.pages)
	appendJSONMap(mapBuffer(m.Files, &prev.files), m.Files, &order.files, &prev.files)
	if len(m.Redirects) > 0 {
		appendJSONMap(mapBuffer(m.Redirects, &prev.redirects), m.Redirects, &order.redirects, &prev.redirects)
	}
}

// mapBuffer is a buffer for m's encoding, about as large as it will be: as large as the
// previous manifest's when there is one (a publish changes a few entries), else 64 bytes an
// entry.
func mapBuffer(m map[string]string, prev *sortedMap) []byte {
	if prev.enc != nil {
		return make([]byte, 0, len(prev.enc)+len(prev.enc)/16+256)
	}
	return make([]byte, 0, 64*len(m)+2)
}

// assemble writes m with the encodings of its maps that order holds (encodeMaps).
func (m manifest) assemble(order *manifestOrder) []byte {
	b := make([]byte, 0, len(order.pages.enc)+len(order.files.enc)+len(order.redirects.enc)+512)
	b = append(b, `{"generation":`...)
	b = appendJSONString(b, m.Generation)
	if m.Inputs != "" {
		b = append(b, `,"inputs":`...)
		b = appendJSONString(b, m.Inputs)
	}
	if m.Assets != "" {
		b = append(b, `,"assets":`...)
		b = appendJSONString(b, m.Assets)
	}
	mapJSON := func(m map[string]string, s *sortedMap) []byte {
		if m == nil {
			return []byte("null")
		}
		return s.enc
	}
	b = append(append(b, `,"pages":`...), mapJSON(m.Pages, &order.pages)...)
	b = append(append(b, `,"files":`...), mapJSON(m.Files, &order.files)...)
	if len(m.Redirects) > 0 {
		b = append(append(b, `,"redirects":`...), order.redirects.enc...)
	}
	if m.Records != nil {
		b = fmt.Appendf(b, `,"records":{"posts":%d,"services":%d}`, m.Records.Posts, m.Records.Services)
	}
	if m.FormEndpoint != "" {
		b = appendJSONString(append(b, `,"formEndpoint":`...), m.FormEndpoint)
	}
	return append(b, '}')
}

// appendJSONMap appends m with its keys in the order of s.keys (m's keys, sorted), and keeps
// their values in s.vals, its JSON in s.enc and where each entry ends in it in s.ends. An entry
// that prev (the same map of the manifest before, as encoded) holds with the same value is
// copied from prev.enc, with the entries after it that prev holds alike in one copy: a publish
// changes a few of some thousand files, and encoding each again grew with the site.
func appendJSONMap(b []byte, m map[string]string, s, prev *sortedMap) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	start := len(b)
	s.vals = make([]string, len(s.keys))
	s.ends = make([]int32, len(s.keys))
	b = append(b, '{')
	reuse := prev.enc != nil && len(prev.ends) == len(prev.keys)
	// The run of entries being copied: new entries iFrom..iTo-1, which are prev's jFrom.., and
	// prev's bytes from..to (the separators between them included).
	iFrom, iTo, jFrom, from, to := 0, 0, 0, 0, 0
	flush := func() {
		at := int32(len(b) - start - from)
		b = append(b, prev.enc[from:to]...)
		for i := iFrom; i < iTo; i++ {
			s.ends[i] = prev.ends[jFrom+i-iFrom] + at
		}
		iFrom, iTo = 0, 0
	}
	j := 0
	for i, k := range s.keys {
		v := m[k]
		s.vals[i] = v
		if reuse {
			for j < len(prev.keys) && prev.keys[j] < k {
				j++
			}
			if j < len(prev.keys) && prev.keys[j] == k && prev.vals[j] == v {
				if iTo > iFrom && iTo == i && jFrom+iTo-iFrom == j {
					iTo, to = i+1, int(prev.ends[j]) // the run goes on
					continue
				}
				if iTo > iFrom {
					flush()
				}
				if i > 0 {
					b = append(b, ',')
				}
				iFrom, iTo, jFrom, to = i, i+1, j, int(prev.ends[j])
				from = 1 // after prev's '{'
				if j > 0 {
					from = int(prev.ends[j-1]) + 1 // after the comma
				}
				continue
			}
		}
		if iTo > iFrom {
			flush()
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONString(b, v)
		s.ends[i] = int32(len(b) - start)
	}
	if iTo > iFrom {
		flush()
	}
	b = append(b, '}')
	s.enc = b[start:len(b):len(b)]
	return b
}

// jsonPlain are the bytes encoding/json writes as they are: printable ASCII but for " \ < > &.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c <= 0x7e; c++ {
		t[c] = !strings.ContainsRune(`"\<>&`, rune(c))
	}
	return t
}()

// appendJSONString appends s quoted; a string with anything but plain printable ASCII that
// encoding/json leaves as it is goes through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !jsonPlain[s[i]] {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
