// Package leads is where leads come from, apart from HTTP: the first-party visitor counts (a
// beacon from every page, counted in memory and written in batches), the day's salt that makes
// visitors countable without knowing them, the erasure of old click ids, the Traffic report and
// the Google Ads export. Its background work is three server.Services that `adminapi serve`
// starts: the counts' flusher, the salt's rotation and the click ids' eraser.
package leads

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// Settings are the site's settings the counts and the enquiries' attribution follow; they may
// change while the server runs (content/site.yaml is read again when it changes).
type Settings struct {
	Mode domain.AttributionMode
	Zone *time.Location // the site's time zone: days begin at its midnight
}

// DefaultZone is the site's time zone when none is set (the agency is in India).
const DefaultZone = "Asia/Kolkata"

// DefaultSettings are the settings when the site says nothing: notice, in India's time.
func DefaultSettings() Settings {
	z, err := time.LoadLocation(DefaultZone)
	if err != nil {
		z = time.FixedZone("IST", 5*3600+1800)
	}
	return Settings{Mode: domain.AttributionNotice, Zone: z}
}

// Config wires a Counter.
type Config struct {
	DB       *store.DB
	Log      *slog.Logger
	Settings func() Settings // nil: DefaultSettings
	// Pages answers the live site's generation and the address of each of its pages (see
	// generator.LivePagePaths); a path that is none of them is counted as domain.Other. Asked
	// again when the generation may have changed.
	Pages func() (generation string, paths []string)
	// Site names the site in the visitor hash, so the same visitor of two sites on one server
	// is two visitors.
	Site string
	// FlushEvery is how often the counts are written (default 5 s: a crash loses at most that).
	FlushEvery time.Duration
	// KeepDays is how long a day's counts are kept (default domain.TrafficKeepDays).
	KeepDays int
	// MaxVisitors bounds the visitors a day remembered in memory (default 200,000, about 10 MB);
	// past it, each new visit counts a new visitor (an over-count the Traffic screen names).
	MaxVisitors int
	Now         func() time.Time // tests
}

// Counter counts page views, visits and visitors in memory, a day at a time in the site's time
// zone, for the flusher to write in batches. A visitor is the hash of the day's salt, the site,
// the address and the user agent: the salt is random, kept in memory only and replaced at
// midnight, so the hashes of one day cannot be linked to another's, nor to a person once the
// day is over; the address and the user agent are never kept.
type Counter struct {
	cfg Config

	mu      sync.Mutex
	day     string // the day being counted, in the site's time zone
	salt    [32]byte
	seen    map[uint64]*visitor // the day's visitors: their visits, for the conversions
	capped  bool                // seen reached MaxVisitors today
	pending map[string]*domain.TrafficDay
	names   intern // the day's landing paths and campaigns, shared by the visitors' visits

	pages atomic.Pointer[pageSet]

	// flushing is held by a flush from taking the pending counts until they are stored, and by a
	// report while it reads both: between the two, the counts are in neither place, and a report
	// read then would miss them (the Traffic screen's totals dropping for the time of a write).
	flushing sync.RWMutex

	// What is dropped before the lock: counted without it, added to the day at the flush.
	shed, invalid atomic.Int64
}

// visitor is what a day remembers of one visitor: the visits counted (the two latest), so an
// enquiry can be matched to the counted visit that sent it, once.
type visitor struct {
	visits [2]visit
	n      uint8
}

type visit struct {
	landing, campaign uint32 // indexes into the day's names
	channel           uint8  // index into domain.Channels
	converted         bool
	tapped            bool // the call or WhatsApp link was tapped
}

// pageSet is the live site's pages by path.
type pageSet struct {
	generation string
	paths      map[string]string // the path as asked → the page's path
	checked    time.Time
}

// NewCounter returns a counter for today, with a fresh salt.
func NewCounter(cfg Config) *Counter {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Settings == nil {
		cfg.Settings = DefaultSettings
	}
	if cfg.FlushEvery <= 0 {
		cfg.FlushEvery = 5 * time.Second
	}
	if cfg.KeepDays <= 0 {
		cfg.KeepDays = domain.TrafficKeepDays
	}
	if cfg.MaxVisitors <= 0 {
		cfg.MaxVisitors = 200_000
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	c := &Counter{cfg: cfg, pending: map[string]*domain.TrafficDay{}}
	c.mu.Lock()
	c.startDay(c.today())
	c.dayOf(c.day).Starts++
	c.mu.Unlock()
	return c
}

// Settings answers the site's settings now.
func (c *Counter) Settings() Settings {
	s := c.cfg.Settings()
	if s.Zone == nil {
		s.Zone = DefaultSettings().Zone
	}
	if s.Mode == "" {
		s.Mode = domain.AttributionNotice
	}
	return s
}

func (c *Counter) today() string {
	return c.cfg.Now().In(c.Settings().Zone).Format(time.DateOnly)
}

// startDay begins counting day with a new salt and forgets the visitors of the day before.
// Called with mu held.
func (c *Counter) startDay(day string) {
	c.day = day
	if _, err := rand.Read(c.salt[:]); err != nil {
		panic("leads: no randomness for the day's salt: " + err.Error())
	}
	c.seen = map[uint64]*visitor{}
	c.capped = false
	c.names = newIntern()
}

// Rotate starts a new day when the site's midnight has passed: the salt and the day's visitor
// hashes are dropped. Every count calls it; the salt rotation service calls it at midnight so
// a salt never outlives its day on a quiet night.
func (c *Counter) Rotate() {
	day := c.today()
	c.mu.Lock()
	defer c.mu.Unlock()
	if day != c.day {
		c.startDay(day)
	}
}

// visitorKey is the day's hash of a visitor.
func (c *Counter) visitorKey(ip, userAgent string) uint64 {
	h := hmac.New(sha256.New, c.salt[:])
	h.Write([]byte(c.cfg.Site))
	h.Write([]byte{0})
	h.Write([]byte(ip))
	h.Write([]byte{0})
	h.Write([]byte(userAgent))
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// dayOf answers the pending counts of day. Called with mu held.
func (c *Counter) dayOf(day string) *domain.TrafficDay {
	d := c.pending[day]
	if d == nil {
		d = &domain.TrafficDay{Day: day}
		c.pending[day] = d
	}
	return d
}

// Hit is one page view as the beacon reported it, checked by the caller (domain's rules).
type Hit struct {
	Path  string
	Entry bool // the first page of a visit
	// Of an entry only: where the visit came from, as for an enquiry's attribution.
	Referrer, Source, Medium, Campaign string
	PaidClick, SocialClick             bool
	// Tap, when set, says this is no page view but a tap on the page's call or WhatsApp link
	// (TapCall, TapChat).
	Tap string
	// Who viewed it: hashed with the day's salt, never kept.
	IP, UserAgent string
}

// The taps a beacon reports (Hit.Tap).
const (
	TapCall = "call" // a tel: link
	TapChat = "chat" // the WhatsApp link
)

// Count counts a page view of a visitor the caller found countable (no bot, no preview, no
// request not to be tracked), or a tap on a call or WhatsApp link.
func (c *Counter) Count(h Hit) {
	if h.Tap != "" {
		c.tap(h)
		return
	}
	path := c.pagePath(h.Path)
	var ch string
	if h.Entry {
		ch = domain.ChannelOf(domain.Visit{Referrer: h.Referrer, Source: h.Source, Medium: h.Medium, Campaign: h.Campaign,
			PaidClick: h.PaidClick, SocialClick: h.SocialClick})
	}
	device := DeviceClass(h.UserAgent)
	day := c.today()

	c.mu.Lock()
	defer c.mu.Unlock()
	if day != c.day {
		c.startDay(day)
	}
	key := c.visitorKey(h.IP, h.UserAgent)
	d := c.dayOf(day)
	d.Views++
	addTo(&d.Paths, path, domain.Count{Views: 1}, 0)
	v := c.seen[key]
	if v == nil {
		if len(c.seen) < c.cfg.MaxVisitors {
			v = &visitor{}
			c.seen[key] = v
			d.Visitors++
		} else {
			c.capped = true
			if h.Entry {
				d.Visitors++ // unknown past the bound: every visit counts as a new visitor
			}
		}
	}
	if !h.Entry {
		return
	}
	d.Visits++
	one := domain.Count{Visits: 1}
	addTo(&d.Paths, path, one, 0)
	addTo(&d.Channels, ch, one, 0)
	addTo(&d.Devices, device, one, 0)
	campaign := ""
	if h.Campaign != "" {
		campaign = c.names.get(h.Campaign, maxCampaignNames)
		addTo(&d.Campaigns, campaign, one, maxPendingRows)
	}
	if h.Referrer != "" {
		addTo(&d.Referrers, h.Referrer, one, maxPendingRows)
	}
	if v != nil {
		v.add(visit{landing: c.names.index(path, 0), campaign: c.names.index(campaign, maxCampaignNames), channel: channelIndex(ch)})
	}
}

// The bounds of the memory between two flushes: the campaigns and referring hosts of a batch
// (a flood of made-up names ends in domain.Other), and the day's distinct campaign names the
// visitors refer to.
const (
	maxPendingRows   = 1000
	maxCampaignNames = 1000
)

// addTo adds c to row k of a table, made when missing; with a bound, a new row past it goes
// to domain.Other.
func addTo(t *domain.Table, k string, c domain.Count, bound int) {
	if *t == nil {
		*t = domain.Table{}
	}
	row, ok := (*t)[k]
	if !ok && bound > 0 && len(*t) >= bound {
		k = domain.Other
		row = (*t)[k]
	}
	row.Add(c)
	(*t)[k] = row
}

func (v *visitor) add(x visit) {
	if v.n < uint8(len(v.visits)) {
		v.visits[v.n] = x
		v.n++
		return
	}
	v.visits[0], v.visits[1] = v.visits[1], x
}

func channelIndex(ch string) uint8 {
	for i, c := range domain.Channels {
		if c == ch {
			return uint8(i)
		}
	}
	return uint8(len(domain.Channels) - 1) // direct
}

// Convert counts an enquiry as a conversion of the counted visit that sent it, when there is
// one today: the visitor's (same address and user agent) visit that landed where the
// enquiry's attribution says (or, with no landing, a direct one), not yet converted. It is
// counted on that visit's landing page, channel and campaign, so no rate passes 100 %. It
// answers whether it counted.
func (c *Counter) Convert(ip, userAgent string, a *domain.Attribution) bool {
	landing := ""
	if a != nil && a.Landing != "" {
		landing = c.pagePath(a.Landing)
	}
	day := c.today()
	c.mu.Lock()
	defer c.mu.Unlock()
	if day != c.day {
		return false
	}
	v := c.seen[c.visitorKey(ip, userAgent)]
	if v == nil {
		return false
	}
	direct := channelIndex(domain.ChannelDirect)
	for i := int(v.n) - 1; i >= 0; i-- {
		x := &v.visits[i]
		if x.converted {
			continue
		}
		if landing != "" && c.names.name(x.landing) != landing || landing == "" && x.channel != direct {
			continue
		}
		x.converted = true
		d := c.dayOf(day)
		d.Conversions++
		one := domain.Count{Conversions: 1}
		addTo(&d.Paths, c.names.name(x.landing), one, 0)
		addTo(&d.Channels, domain.Channels[x.channel], one, 0)
		if camp := c.names.name(x.campaign); camp != "" {
			addTo(&d.Campaigns, camp, one, maxPendingRows)
		}
		return true
	}
	return false
}

// tap counts a tap on the call or WhatsApp link: in the day's calls or chats, and, once a visit,
// on the row of the visitor's latest counted visit (its landing page, channel and campaign), so
// the Traffic screen says which pages and campaigns bring the leads that call instead of writing.
func (c *Counter) tap(h Hit) {
	day := c.today()
	c.mu.Lock()
	defer c.mu.Unlock()
	if day != c.day {
		c.startDay(day)
	}
	d := c.dayOf(day)
	if h.Tap == TapCall {
		d.Calls++
	} else {
		d.Chats++
	}
	v := c.seen[c.visitorKey(h.IP, h.UserAgent)]
	if v == nil || v.n == 0 {
		return
	}
	x := &v.visits[v.n-1]
	if x.tapped {
		return
	}
	x.tapped = true
	one := domain.Count{Taps: 1}
	addTo(&d.Paths, c.names.name(x.landing), one, 0)
	addTo(&d.Channels, domain.Channels[x.channel], one, 0)
	if camp := c.names.name(x.campaign); camp != "" {
		addTo(&d.Campaigns, camp, one, maxPendingRows)
	}
}

// Drop reasons of Dropped.
const (
	DropBot     = "bot"     // a bot, a prefetch or the admin's preview
	DropInvalid = "invalid" // a beacon that broke the rules
	DropShed    = "shed"    // past the flood limit
)

// Dropped counts a beacon that was not counted, by reason.
func (c *Counter) Dropped(reason string) {
	switch reason {
	case DropShed:
		c.shed.Add(1)
	case DropInvalid:
		c.invalid.Add(1)
	default:
		c.mu.Lock()
		c.dayOf(c.day).Bots++
		c.mu.Unlock()
	}
}

// Capped reports whether today's visitors passed the bound kept in memory.
func (c *Counter) Capped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.capped
}

// pagePath is the site's page a path names (with or without its final slash or index.html),
// or domain.Other.
func (c *Counter) pagePath(p string) string {
	set := c.pageSet()
	if page, ok := set.paths[p]; ok {
		return page
	}
	q := strings.TrimSuffix(p, "index.html")
	if !strings.HasSuffix(q, "/") {
		q += "/"
	}
	if page, ok := set.paths[q]; ok {
		return page
	}
	if page, ok := set.paths[strings.ToLower(q)]; ok {
		return page
	}
	return domain.Other
}

// pageSet answers the live site's pages, asking Pages again at most every few seconds.
func (c *Counter) pageSet() *pageSet {
	now := c.cfg.Now()
	set := c.pages.Load()
	if set != nil && now.Sub(set.checked) < 5*time.Second {
		return set
	}
	fresh := &pageSet{paths: map[string]string{}, checked: now}
	if c.cfg.Pages != nil {
		gen, paths := c.cfg.Pages()
		if set != nil && gen == set.generation {
			fresh.paths, fresh.generation = set.paths, gen
		} else {
			fresh.generation = gen
			for _, p := range paths {
				fresh.paths[p] = p
				if l := strings.ToLower(p); l != p {
					if _, taken := fresh.paths[l]; !taken {
						fresh.paths[l] = p
					}
				}
			}
		}
	}
	c.pages.Store(fresh)
	return fresh
}

// intern numbers the day's names (landing paths, campaigns) so a visitor's visits are a few
// bytes; past a bound new names are domain.Other. Index 0 is "".
type intern struct {
	byName map[string]uint32
	names  []string
}

func newIntern() intern { return intern{byName: map[string]uint32{"": 0}, names: []string{""}} }

// index answers the number of name, made when missing (past bound, when bound > 0, Other's).
func (t *intern) index(name string, bound int) uint32 {
	if i, ok := t.byName[name]; ok {
		return i
	}
	if bound > 0 && len(t.names) > bound {
		name = domain.Other
		if i, ok := t.byName[name]; ok {
			return i
		}
	}
	i := uint32(len(t.names))
	t.byName[name] = i
	t.names = append(t.names, name)
	return i
}

// get answers name itself, or Other past the bound.
func (t *intern) get(name string, bound int) string { return t.names[t.index(name, bound)] }

func (t *intern) name(i uint32) string { return t.names[i] }
