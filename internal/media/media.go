// Package media makes the responsive variants of uploaded images: each image in several widths
// (480, 800, 1200 and 1600 pixels, never wider than the original, and the original's own width
// when it lies between) as AVIF and WebP and in the original's format, for <picture> and srcset.
// Variants are made once per image content (sha256 of its bytes) and kept in a cache folder, so
// a rebuild, a second upload of the same picture or a restart does no image work again.
//
// Encoders: libwebp and libavif (with aom) compiled to WebAssembly and run by wazero, through
// github.com/gen2brain/webp and github.com/gen2brain/avif: no cgo, the same output on every
// machine, and the same C libraries browsers and image tools use. Scaling is
// golang.org/x/image/draw's Catmull-Rom. It knows nothing of the site, the store or HTTP.
package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // DecodeConfig of GIF uploads (never made into variants: they may move)
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // decoding WebP uploads (the WASM one is only used to encode)

	"digitalreeviver/internal/atomicfile"
)

// Widths are the widths variants are made in. An image narrower than the first is served as it
// is: there is nothing to gain.
var Widths = []int{480, 800, 1200, 1600}

// Encoder settings: chosen by looking, on photographs and screenshots, for the smallest files
// without visible loss at a phone's and a laptop's pixel density.
const (
	webpQuality = 80
	avifQuality = 55
	avifSpeed   = 8 // of 0–10: 8 is about twice as fast as 6 for a few per cent more bytes
	jpegQuality = 82
)

// Types of the variants, best first: a <picture> lists its sources in this order.
const (
	TypeAVIF = "image/avif"
	TypeWebP = "image/webp"
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
)

var extOf = map[string]string{TypeAVIF: "avif", TypeWebP: "webp", TypeJPEG: "jpg", TypePNG: "png"}

// Variant is one file of a Set.
type Variant struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Type   string `json:"type"`
	Name   string `json:"name"` // its file name, the same in the cache and in the site
	Size   int64  `json:"size"`
}

// Set is the variants of one image.
type Set struct {
	Hash     string    `json:"hash"` // sha256 of the original's bytes
	Width    int       `json:"width"`
	Height   int       `json:"height"` // the original's size, upright
	Type     string    `json:"type"`   // the original's type
	Size     int64     `json:"size"`   // the original's bytes
	Variants []Variant `json:"variants"`
	Made     time.Time `json:"made"`
	Millis   int64     `json:"ms"` // how long making them took
}

// ByType returns the set's variants of type t, narrowest first.
func (s *Set) ByType(t string) []Variant {
	var out []Variant
	for _, v := range s.Variants {
		if v.Type == t {
			out = append(out, v)
		}
	}
	return out
}

// Options configure a Cache.
type Options struct {
	Dir    string // the cache folder (made when missing)
	AVIF   bool   // also make AVIF variants (about twice the time of WebP)
	Logger *slog.Logger
	// Queue is how many images Prepare (and Later) hold while the worker is busy (default 64);
	// more are left for the next build that needs them.
	Queue int
}

// Cache makes and keeps variants. One image is encoded at a time (an encode holds up to a few
// hundred megabytes), by Get's caller or by the background worker that Prepare and Later feed.
// The worker takes what Later queued (images a published page shows without its variants)
// before what Prepare queued (fresh uploads), so a batch of uploads never holds back the
// variants of what went live.
type Cache struct {
	opts Options
	log  *slog.Logger

	encode sync.Mutex // one encode at a time: bounded memory

	mu       sync.Mutex
	inflight map[string]*call   // by hash
	hashes   map[fileKey]string // the hash of a file already read
	queue    chan string        // Prepare's
	urgent   chan string        // Later's: first in line
	stop     chan struct{}      // closed by Close
	closed   bool
	started  bool
	worker   sync.WaitGroup
	pending  sync.WaitGroup // images queued that the worker has not finished
	made     atomic.Int64   // sets this cache made (not read from the folder)
	ready    func()         // see OnReady
	later    map[string]bool
}

type call struct {
	done chan struct{}
	set  *Set
	err  error
}

type fileKey struct {
	path        string
	size, mtime int64
}

// New returns a cache in opts.Dir. Close stops its background worker, if Prepare started one.
func New(opts Options) *Cache {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opts.Queue <= 0 {
		opts.Queue = 64
	}
	return &Cache{opts: opts, log: opts.Logger, inflight: map[string]*call{}, hashes: map[fileKey]string{},
		queue: make(chan string, opts.Queue), urgent: make(chan string, opts.Queue), stop: make(chan struct{}),
		later: map[string]bool{}}
}

// OnReady sets the function called (from the worker) each time the variants of an image that
// Later queued are made: the server asks for a build then, so the pages that showed the
// original get their variants.
func (c *Cache) OnReady(fn func()) {
	c.mu.Lock()
	c.ready = fn
	c.mu.Unlock()
}

// Settings names what the variants depend on besides the images, for a build's inputs hash.
func (c *Cache) Settings() string {
	return fmt.Sprintf("media widths=%v avif=%t webp=%d avifq=%d/%d jpeg=%d", Widths, c.opts.AVIF, webpQuality,
		avifQuality, avifSpeed, jpegQuality)
}

// Close stops the background worker after the image it is working on; the images still queued
// are left for the build that needs them.
func (c *Cache) Close() {
	c.mu.Lock()
	if !c.closed {
		c.closed = true
		close(c.stop)
	}
	c.mu.Unlock()
	c.worker.Wait()
}

// Made reports how many images this cache has made variants of (rather than found them made).
func (c *Cache) Made() int { return int(c.made.Load()) }

// Wait returns when every image Prepare queued so far is done.
func (c *Cache) Wait() { c.pending.Wait() }

// Prepare makes the variants of the image file in the background (an upload asks for them at
// once, so they are ready when the post is published). When the worker is too far behind, the
// build that needs them makes them (sitegen build) or asks for them with Later (the server).
func (c *Cache) Prepare(file string) { c.enqueue(file, false) }

// Later makes the variants of the image file in the background, before anything Prepare
// queued, for a build that served the original rather than wait for them (a publish never
// waits for image work); OnReady's function is called when they are made.
func (c *Cache) Later(file string) { c.enqueue(file, true) }

func (c *Cache) enqueue(file string, urgent bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	if urgent {
		if c.later[file] {
			return // queued already
		}
		c.later[file] = true
	}
	if !c.started { // the worker starts with the first image it is given
		c.started = true
		c.worker.Add(1)
		go c.work()
	}
	q := c.queue
	if urgent {
		q = c.urgent
	}
	c.pending.Add(1)
	select {
	case q <- file:
	default:
		c.pending.Done()
		delete(c.later, file)
		c.log.Warn("media: variants queue full; the next build asks again", "file", filepath.Base(file))
	}
}

// work makes what is queued, what Later queued first, until Close.
func (c *Cache) work() {
	defer c.worker.Done()
	for {
		var file string
		urgent := false
		select {
		case file = <-c.urgent:
			urgent = true
		default:
			select {
			case file = <-c.urgent:
				urgent = true
			case file = <-c.queue:
			case <-c.stop:
				c.drain()
				return
			}
		}
		c.mu.Lock()
		closed, ready := c.closed, c.ready
		c.mu.Unlock()
		if !closed {
			_, err := c.Get(context.Background(), file)
			if err != nil {
				c.log.Warn("media: variants not made", "file", filepath.Base(file), "err", err)
			}
			if urgent {
				c.mu.Lock()
				delete(c.later, file)
				c.mu.Unlock()
				if err == nil && ready != nil {
					ready()
				}
			}
		}
		c.pending.Done()
	}
}

// drain lets go of what is still queued when the cache closes: the next build asks again.
func (c *Cache) drain() {
	for {
		select {
		case <-c.urgent:
		case <-c.queue:
		default:
			return
		}
		c.pending.Done()
	}
}

// Path is the file of a variant of the set in the cache.
func (c *Cache) Path(s *Set, v Variant) string { return filepath.Join(c.dirOf(s.Hash), v.Name) }

func (c *Cache) dirOf(hash string) string { return filepath.Join(c.opts.Dir, hash[:2], hash) }

// File is the cached file of the variant named name (as a Set lists it: the first 20 hex digits
// of the image's hash, its width and its extension), or "" when the cache holds no such variant.
// A preview of a draft shows variants that no live page uses yet: its server finds them here.
func (c *Cache) File(name string) string {
	prefix, rest, ok := strings.Cut(name, "-")
	if !ok || len(prefix) != 20 || strings.Trim(prefix, "0123456789abcdef") != "" {
		return ""
	}
	width, ext, ok := strings.Cut(rest, ".")
	if !ok || width == "" || len(width) > 5 || strings.Trim(width, "0123456789") != "" {
		return ""
	}
	known := false
	for _, e := range extOf {
		known = known || e == ext
	}
	if !known {
		return ""
	}
	dirs, _ := filepath.Glob(filepath.Join(c.opts.Dir, prefix[:2], prefix+"*"))
	for _, dir := range dirs {
		// Only a finished set's variants: set.json is written after them.
		if s, err := c.read(filepath.Base(dir)); err == nil {
			for _, v := range s.Variants {
				if v.Name == name {
					return filepath.Join(dir, name)
				}
			}
		}
	}
	return ""
}

// Cached returns the set of the image file when it was made before, doing no image work (but
// reading the file once, to know its hash).
func (c *Cache) Cached(file string) (*Set, bool) {
	hash, err := c.hashOf(file)
	if err != nil {
		return nil, false
	}
	s, err := c.read(hash)
	return s, err == nil
}

// Get returns the set of the image file, making it when the cache lacks it. Callers asking for
// the same image at once share one making.
func (c *Cache) Get(ctx context.Context, file string) (*Set, error) {
	hash, err := c.hashOf(file)
	if err != nil {
		return nil, err
	}
	if s, err := c.read(hash); err == nil {
		return s, nil
	}
	c.mu.Lock()
	if cl, ok := c.inflight[hash]; ok {
		c.mu.Unlock()
		select {
		case <-cl.done:
			return cl.set, cl.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	cl := &call{done: make(chan struct{})}
	c.inflight[hash] = cl
	c.mu.Unlock()

	cl.set, cl.err = c.make(file, hash)
	c.mu.Lock()
	delete(c.inflight, hash)
	c.mu.Unlock()
	close(cl.done)
	return cl.set, cl.err
}

// hashOf sums the file's bytes, once per file version.
func (c *Cache) hashOf(file string) (string, error) {
	st, err := os.Stat(file)
	if err != nil {
		return "", err
	}
	key := fileKey{file, st.Size(), st.ModTime().UnixNano()}
	c.mu.Lock()
	h, ok := c.hashes[key]
	c.mu.Unlock()
	if ok {
		return h, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return "", err
	}
	h = hex.EncodeToString(sum.Sum(nil))
	c.mu.Lock()
	c.hashes[key] = h
	c.mu.Unlock()
	return h, nil
}

const setFile = "set.json"

// read returns a finished set: set.json is written last, so its presence means every variant
// it lists is there.
func (c *Cache) read(hash string) (*Set, error) {
	data, err := os.ReadFile(filepath.Join(c.dirOf(hash), setFile))
	if err != nil {
		return nil, err
	}
	var s Set
	if err := json.Unmarshal(data, &s); err != nil || s.Hash != hash {
		return nil, fmt.Errorf("media: damaged set %s", hash)
	}
	return &s, nil
}

// ErrNotImage is returned for a file that is not a JPEG, PNG, WebP or GIF image.
var ErrNotImage = errors.New("not a JPEG, PNG, WebP or GIF image")

// make decodes the image and writes its variants and then its set.json.
func (c *Cache) make(file, hash string) (*Set, error) {
	c.encode.Lock()
	defer c.encode.Unlock()
	if s, err := c.read(hash); err == nil { // made while this call waited
		return s, nil
	}
	begin := time.Now()
	// The upload check again, whatever way the file came in (an upload, a build's source, a
	// copied folder): its pixels are decoded below.
	data, info, err := ReadImage(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(file), err)
	}
	format := info.Format
	s := &Set{Hash: hash, Width: info.Width, Height: info.Height, Size: int64(len(data))}
	var fallback string
	switch format {
	case "jpeg":
		s.Type, fallback = TypeJPEG, TypeJPEG
	case "png":
		s.Type, fallback = TypePNG, TypePNG
	case "webp":
		s.Type = TypeWebP
	case "gif":
		s.Type = "image/gif" // it may move: served as it is
	default:
		return nil, ErrNotImage
	}
	dir := c.dirOf(hash)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if s.Type != "image/gif" && info.Width >= Widths[0] {
		img, _, err := image.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("media: decode: %w", err)
		}
		if format == "jpeg" {
			img = orient(img, jpegOrientation(data))
		}
		s.Width, s.Height = img.Bounds().Dx(), img.Bounds().Dy()
		types := []string{TypeWebP}
		if c.opts.AVIF {
			types = append([]string{TypeAVIF}, types...)
		}
		if fallback != "" {
			types = append(types, fallback)
		}
		if err := c.variants(s, img, dir, types); err != nil {
			return nil, err
		}
	}
	s.Made = time.Now().UTC()
	s.Millis = time.Since(begin).Milliseconds()
	out, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Write(dir, setFile, out); err != nil {
		return nil, err
	}
	c.made.Add(1)
	c.log.Info("media: variants made", "hash", hash[:12], "width", s.Width, "height", s.Height, "variants", len(s.Variants), "ms", s.Millis)
	return s, nil
}

// widthsFor are the widths of an image w pixels wide: the listed ones up to w, and w itself
// when it lies between two (so a wide screen gets every pixel there is, never more).
func widthsFor(w int) []int {
	var out []int
	for _, x := range Widths {
		if x <= w {
			out = append(out, x)
		}
	}
	if last := Widths[len(Widths)-1]; w < last && (len(out) == 0 || out[len(out)-1] != w) && w >= Widths[0] {
		out = append(out, w)
	}
	return out
}

// prescaleLimit is the width above which an image is first scaled down, quickly, to twice the
// widest variant: the fine scaler's work grows with the source's pixels, and a 36 MP photograph
// would otherwise cost more to scale than all its encodes; the fine scaler then works from at
// most 3200 pixels across, so the variants look as they would from the original.
var prescaleLimit = 2 * Widths[len(Widths)-1]

// prescale answers img, or when it is wider than prescaleLimit, a copy scaled down to that width
// (approximate bilinear, into the layout the scalers are fastest with).
func prescale(img image.Image) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= prescaleLimit {
		return img
	}
	dst := image.NewRGBA(image.Rect(0, 0, prescaleLimit, max(1, (h*prescaleLimit+w/2)/w)))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// variants scales img to each width, widest first (each from the one before: far less work
// than from the original every time), and encodes each in every type.
func (c *Cache) variants(s *Set, img image.Image, dir string, types []string) error {
	ws := widthsFor(s.Width)
	sort.Sort(sort.Reverse(sort.IntSlice(ws)))
	src := prescale(img)
	for _, w := range ws {
		h := max(1, (s.Height*w+s.Width/2)/s.Width)
		scaled := src
		if w != src.Bounds().Dx() {
			dst := image.NewNRGBA(image.Rect(0, 0, w, h))
			draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
			scaled = dst
		}
		for _, t := range types {
			var buf bytes.Buffer
			if err := encode(&buf, scaled, t); err != nil {
				return fmt.Errorf("media: encode %s at %d: %w", t, w, err)
			}
			name := fmt.Sprintf("%s-%d.%s", s.Hash[:20], w, extOf[t])
			if err := atomicfile.Write(dir, name, buf.Bytes()); err != nil {
				return err
			}
			s.Variants = append(s.Variants, Variant{Width: w, Height: h, Type: t, Name: name, Size: int64(buf.Len())})
		}
		src = scaled
	}
	sort.SliceStable(s.Variants, func(i, j int) bool {
		a, b := s.Variants[i], s.Variants[j]
		if a.Type != b.Type {
			return typeRank(a.Type) < typeRank(b.Type)
		}
		return a.Width < b.Width
	})
	return nil
}

func typeRank(t string) int {
	return strings.Index("avif webp jpg  png  ", extOf[t])
}

func encode(w io.Writer, img image.Image, t string) error {
	switch t {
	case TypeAVIF:
		return avif.Encode(w, img, avif.Options{Quality: avifQuality, QualityAlpha: avifQuality, Speed: avifSpeed,
			ChromaSubsampling: image.YCbCrSubsampleRatio420})
	case TypeWebP:
		return webp.Encode(w, img, webp.Options{Quality: webpQuality, Method: 4})
	case TypeJPEG:
		return jpeg.Encode(w, img, &jpeg.Options{Quality: jpegQuality})
	case TypePNG:
		return png.Encode(w, img) // the fallback of browsers without WebP: rarely sent, so made fast
	}
	return fmt.Errorf("no encoder for %s", t)
}
