package leads

import (
	"bytes"
	"context"
	"encoding/csv"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/storetest"
)

func openDB(t *testing.T) *store.DB {
	return storetest.Open(t)
}

// clock is a settable time for the counter.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

var ist = time.FixedZone("IST", 5*3600+1800)

func newTestCounter(t *testing.T, db *store.DB, at *clock) *Counter {
	return NewCounter(Config{DB: db, Site: "www.example.com", Now: at.now,
		Settings: func() Settings { return Settings{Mode: domain.AttributionNotice, Zone: ist} },
		Pages: func() (string, []string) {
			return "g1", []string{"/", "/seo-services-in-delhi/", "/blog/", "/contactus/", "/OurServices/"}
		}})
}

const (
	chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
	phone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
)

// TestCountsAreExact: a scripted day of visits gives exact counts: two visits of one browser
// are one visitor, a page that is not the site's is "other", a conversion counts once on the
// visit that sent it, and the day's counts are written by the flush.
func TestCountsAreExact(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, ist)}
	c := newTestCounter(t, db, at)
	// Browser A: an ad click on a landing page, two more pages; later a direct visit.
	c.Count(Hit{Path: "/seo-services-in-delhi/", Entry: true, Referrer: "www.google.com", Source: "google", Medium: "cpc",
		Campaign: "Diwali", PaidClick: true, IP: "203.0.113.7", UserAgent: chrome})
	c.Count(Hit{Path: "/blog/", IP: "203.0.113.7", UserAgent: chrome})
	c.Count(Hit{Path: "/contactus", IP: "203.0.113.7", UserAgent: chrome})
	c.Count(Hit{Path: "/", Entry: true, IP: "203.0.113.7", UserAgent: chrome})
	// Browser B on the same address: another visitor; a page that is not the site's.
	c.Count(Hit{Path: "/no-such-page/", Entry: true, Referrer: "l.facebook.com", SocialClick: true, IP: "203.0.113.7", UserAgent: phone})

	a := &domain.Attribution{Landing: "/seo-services-in-delhi/", Campaign: "Diwali", GCLID: "x", Channel: domain.ChannelPaidSearch}
	if !c.Convert("203.0.113.7", chrome, a) {
		t.Fatal("the enquiry of the counted ad visit was not a conversion")
	}
	if c.Convert("203.0.113.7", chrome, a) {
		t.Error("the same visit converted twice")
	}
	if !c.Convert("203.0.113.7", chrome, &domain.Attribution{Page: "/contactus/", Channel: domain.ChannelDirect}) {
		t.Error("the direct visit's enquiry was not a conversion")
	}
	if c.Convert("198.51.100.1", chrome, a) {
		t.Error("an uncounted visitor converted")
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	days, err := db.TrafficDays("2026-11-23", "2026-11-23")
	if err != nil || len(days) != 1 {
		t.Fatalf("%v %v", days, err)
	}
	d := days[0]
	if d.Views != 5 || d.Visits != 3 || d.Visitors != 2 || d.Conversions != 2 || d.Starts != 1 {
		t.Errorf("views %d visits %d visitors %d conversions %d starts %d", d.Views, d.Visits, d.Visitors, d.Conversions, d.Starts)
	}
	wantPaths := map[string]domain.Count{"/seo-services-in-delhi/": {Views: 1, Visits: 1, Conversions: 1}, "/blog/": {Views: 1},
		"/contactus/": {Views: 1}, "/": {Views: 1, Visits: 1, Conversions: 1}, domain.Other: {Views: 1, Visits: 1}}
	for k, want := range wantPaths {
		if d.Paths[k] != want {
			t.Errorf("path %s: %+v, want %+v", k, d.Paths[k], want)
		}
	}
	if len(d.Paths) != len(wantPaths) {
		t.Errorf("paths %v", d.Paths)
	}
	if d.Channels[domain.ChannelPaidSearch] != (domain.Count{Visits: 1, Conversions: 1}) || d.Channels[domain.ChannelSocial].Visits != 1 ||
		d.Channels[domain.ChannelDirect] != (domain.Count{Visits: 1, Conversions: 1}) {
		t.Errorf("channels %v", d.Channels)
	}
	if d.Campaigns["Diwali"] != (domain.Count{Visits: 1, Conversions: 1}) || d.Referrers["www.google.com"].Visits != 1 {
		t.Errorf("campaigns %v referrers %v", d.Campaigns, d.Referrers)
	}
	if d.Devices[domain.DeviceDesktop].Visits != 2 || d.Devices[domain.DeviceMobile].Visits != 1 {
		t.Errorf("devices %v", d.Devices)
	}
	// Nothing pending: a second flush adds nothing.
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if again, _ := db.TrafficDays("2026-11-23", "2026-11-23"); again[0].Views != 5 {
		t.Errorf("views after a second flush: %d", again[0].Views)
	}
}

// TestTapsAreCountedOnTheVisit: a tap on the call or WhatsApp link counts in the day's calls or
// chats, every tap, and once a visit on the row of the visitor's latest visit (its landing page,
// channel and campaign); a tap of a visitor not counted today counts in the totals only. The
// report gives them beside the enquiries.
func TestTapsAreCountedOnTheVisit(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, ist)}
	c := newTestCounter(t, db, at)
	c.Count(Hit{Path: "/seo-services-in-delhi/", Entry: true, Source: "google", Medium: "cpc", Campaign: "Diwali", PaidClick: true,
		IP: "203.0.113.7", UserAgent: phone})
	c.Count(Hit{Path: "/seo-services-in-delhi/", Tap: TapCall, IP: "203.0.113.7", UserAgent: phone})
	c.Count(Hit{Path: "/contactus/", Tap: TapChat, IP: "203.0.113.7", UserAgent: phone}) // the same visit: one tapping visit
	c.Count(Hit{Path: "/", Entry: true, IP: "198.51.100.9", UserAgent: chrome})
	c.Count(Hit{Path: "/", Tap: TapChat, IP: "198.51.100.9", UserAgent: chrome})
	c.Count(Hit{Path: "/", Tap: TapCall, IP: "192.0.2.1", UserAgent: chrome}) // no counted visit
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	days, _ := db.TrafficDays("2026-11-23", "2026-11-23")
	d := days[0]
	if d.Calls != 2 || d.Chats != 2 || d.Views != 2 || d.Visits != 2 {
		t.Fatalf("calls %d chats %d views %d visits %d", d.Calls, d.Chats, d.Views, d.Visits)
	}
	if d.Paths["/seo-services-in-delhi/"] != (domain.Count{Views: 1, Visits: 1, Taps: 1}) || d.Paths["/"] != (domain.Count{Views: 1, Visits: 1, Taps: 1}) ||
		d.Paths["/contactus/"].Taps != 0 {
		t.Errorf("paths %v", d.Paths)
	}
	if d.Channels[domain.ChannelPaidSearch].Taps != 1 || d.Channels[domain.ChannelDirect].Taps != 1 || d.Campaigns["Diwali"].Taps != 1 {
		t.Errorf("channels %v campaigns %v", d.Channels, d.Campaigns)
	}
	rep, err := c.Report(7)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Totals.Calls != 2 || rep.Totals.Chats != 2 || rep.Totals.Taps != 2 || rep.Series[6].Taps != 4 {
		t.Errorf("totals %+v, today %+v", rep.Totals, rep.Series[6])
	}
	for _, r := range rep.Campaigns {
		if r.Key == "Diwali" && r.Taps != 1 {
			t.Errorf("campaign %+v", r)
		}
	}
}

// TestMidnightDropsTheSalt: after the site's midnight the same browser is a new visitor of the
// new day, and yesterday's visit can no longer convert.
func TestMidnightDropsTheSalt(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Date(2026, 11, 23, 23, 59, 0, 0, ist)}
	c := newTestCounter(t, db, at)
	hit := Hit{Path: "/", Entry: true, IP: "203.0.113.7", UserAgent: chrome}
	c.Count(hit)
	salt := c.salt
	at.set(time.Date(2026, 11, 24, 0, 0, 1, 0, ist))
	c.Rotate()
	if c.salt == salt || len(c.seen) != 0 {
		t.Fatal("the salt or the visitors outlived their day")
	}
	if c.Convert(hit.IP, hit.UserAgent, nil) {
		t.Error("yesterday's visit converted today")
	}
	c.Count(hit)
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	days, _ := db.TrafficDays("2026-11-23", "2026-11-24")
	if len(days) != 2 || days[0].Visitors != 1 || days[1].Visitors != 1 || days[1].Starts != 0 {
		t.Errorf("%+v", days)
	}
}

// TestMemoryIsBounded: past the visitors kept in memory, visits still count (as new visitors),
// and a flood of made-up campaigns ends in "other".
func TestMemoryIsBounded(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, ist)}
	c := newTestCounter(t, db, at)
	c.cfg.MaxVisitors = 10
	for i := range 3000 {
		c.Count(Hit{Path: "/", Entry: true, Campaign: "c" + string(rune('a'+i%26)) + string(rune(i)), IP: "10.0.0." + string(rune('0'+i%10)) + string(rune(i)), UserAgent: chrome})
	}
	if len(c.seen) != 10 || !c.Capped() {
		t.Errorf("%d visitors in memory", len(c.seen))
	}
	d := c.pending["2026-11-23"]
	visits := 0
	for _, row := range d.Campaigns {
		visits += row.Visits
	}
	if d.Visitors != 3000 || d.Visits != 3000 || len(d.Campaigns) > maxPendingRows || visits != 3000 || d.Campaigns[domain.Other].Visits < 2000 {
		t.Errorf("visitors %d, %d campaigns, other %v", d.Visitors, len(d.Campaigns), d.Campaigns[domain.Other])
	}
	if len(c.names.names) > maxCampaignNames+3 {
		t.Errorf("%d names interned", len(c.names.names))
	}
}

// TestFlushFailureKeepsTheCounts: counts that could not be written are written by the next
// flush, once.
func TestFlushFailureKeepsTheCounts(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, ist)}
	c := newTestCounter(t, db, at)
	c.Count(Hit{Path: "/", Entry: true, IP: "1.2.3.4", UserAgent: chrome})
	c.Dropped(DropShed)
	db.Close()
	if err := c.Flush(); err == nil {
		t.Fatal("flush into a closed database succeeded")
	}
	db2, err := store.Open(db.Path(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	c.cfg.DB = db2
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	days, _ := db2.TrafficDays("2026-11-23", "2026-11-23")
	if len(days) != 1 || days[0].Views != 1 || days[0].Shed != 1 {
		t.Errorf("%+v", days)
	}
}

// TestFlusherWritesOnClose: the flusher service writes what is pending when the server stops.
func TestFlusherWritesOnClose(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Now()}
	c := newTestCounter(t, db, at)
	f := c.Flusher()
	if err := f.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	c.Count(Hit{Path: "/", Entry: true, IP: "1.2.3.4", UserAgent: chrome})
	f.Close(context.Background())
	day := at.now().In(ist).Format(time.DateOnly)
	if days, _ := db.TrafficDays(day, day); len(days) != 1 || days[0].Views != 1 {
		t.Errorf("%+v", days)
	}
}

// TestReportRatesNeverPassAHundred: the report sums the stored and pending days, counts the
// enquiries of the period by their attribution, and rates conversions over counted visits.
func TestReportRatesNeverPassAHundred(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, ist)}
	c := newTestCounter(t, db, at)
	if err := db.AddTraffic([]domain.TrafficDay{{Day: "2026-11-20", Views: 10, Visits: 4, Visitors: 3, Starts: 2,
		Paths: map[string]domain.Count{"/": {Views: 10, Visits: 4}}, Channels: map[string]domain.Count{domain.ChannelDirect: {Visits: 4}}}}); err != nil {
		t.Fatal(err)
	}
	c.Count(Hit{Path: "/seo-services-in-delhi/", Entry: true, Campaign: "Diwali", Source: "google", Medium: "cpc", IP: "1.2.3.4", UserAgent: chrome})
	a := &domain.Attribution{Landing: "/seo-services-in-delhi/", Campaign: "Diwali", Channel: domain.ChannelPaidSearch}
	c.Convert("1.2.3.4", chrome, a)
	// Three enquiries from that landing page today: one from the counted visit, two not.
	for range 3 {
		if _, err := db.AddMessage(domain.Message{Name: "N", Email: "n@example.com", Phone: "+91 98110 45672", CreatedAt: at.now().UTC(), Attribution: a}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.AddMessage(domain.Message{Name: "Old", CreatedAt: at.now().AddDate(0, 0, -10).UTC()}); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(7)
	if err != nil {
		t.Fatal(err)
	}
	if rep.First != "2026-11-17" || rep.Last != "2026-11-23" || len(rep.Series) != 7 {
		t.Fatalf("period %s..%s, %d days", rep.First, rep.Last, len(rep.Series))
	}
	tot := rep.Totals
	if tot.Views != 11 || tot.Visits != 5 || tot.Visitors != 4 || tot.Enquiries != 3 || tot.Conversions != 1 || *tot.Rate != 0.2 {
		t.Errorf("totals %+v rate %v", tot, *tot.Rate)
	}
	if rep.Series[3].Visits != 4 || rep.Series[6].Enquiries != 3 || rep.Series[6].Conversions != 1 {
		t.Errorf("series %+v", rep.Series)
	}
	landing := rep.Landing[0]
	if landing.Key != "/seo-services-in-delhi/" && landing.Key != "/" {
		t.Errorf("landing %+v", rep.Landing)
	}
	for _, tab := range [][]Row{rep.Landing, rep.Channels, rep.Campaigns} {
		for _, r := range tab {
			if r.Rate != nil && *r.Rate > 1 {
				t.Errorf("rate over 100 %%: %+v", r)
			}
			if r.Key == "Diwali" && (r.Enquiries != 3 || r.Conversions != 1 || *r.Rate != 1) {
				t.Errorf("campaign row %+v", r)
			}
		}
	}
	if len(rep.Notes.RestartDays) != 1 || rep.Notes.RestartDays[0] != "2026-11-20" {
		t.Errorf("restart days %v", rep.Notes.RestartDays)
	}
}

// TestAdsCSV: the file is Google's template (the Parameters line, the header, a row a win),
// only the wins the setting lets out, nothing about the person.
func TestAdsCSV(t *testing.T) {
	won := func(gclid string, consent bool, at time.Time) domain.Message {
		v := 25000.0
		o, _ := domain.NewOutcome("won", &v, "INR", at, "admin")
		return domain.Message{Name: "Asha Sharma", Email: "asha@example.com", Phone: "+91 98110 45672", Outcome: o,
			Attribution: &domain.Attribution{GCLID: gclid, Consent: consent}}
	}
	at := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	wins := []domain.Message{won("ticked", true, at), won("notticked", false, at.Add(time.Hour))}
	var b bytes.Buffer
	n, err := WriteAdsCSV(&b, wins, Settings{Mode: domain.AttributionConsent, Zone: ist}, "Won lead", at)
	if err != nil || n != 1 {
		t.Fatalf("%d rows, %v", n, err)
	}
	r := csv.NewReader(&b)
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"Parameters:TimeZone=+0530"}, AdsHeader, {"ticked", "Won lead", "2026-11-23 13:30:00", "25000", "INR"}}
	if len(recs) != len(want) {
		t.Fatalf("%q", recs)
	}
	for i := range want {
		if len(recs[i]) != len(want[i]) {
			t.Fatalf("line %d: %q", i, recs[i])
		}
		for j := range want[i] {
			if recs[i][j] != want[i][j] {
				t.Errorf("line %d field %d: %q, want %q", i, j, recs[i][j], want[i][j])
			}
		}
	}
	if bytes.Contains(b.Bytes(), []byte("asha")) || bytes.Contains(b.Bytes(), []byte("98110")) {
		t.Error("personal data in the export")
	}
	b.Reset()
	if n, _ := WriteAdsCSV(&b, wins, Settings{Mode: domain.AttributionNotice, Zone: ist}, "Won lead", at); n != 2 {
		t.Errorf("notice: %d rows", n)
	}
	berlin, _ := time.LoadLocation("Europe/Berlin")
	summer := won("summer", true, time.Date(2026, 7, 1, 8, 0, 0, 0, time.UTC))
	b.Reset()
	if _, err := WriteAdsCSV(&b, []domain.Message{summer}, Settings{Mode: domain.AttributionNotice, Zone: berlin}, "Won lead", at); err != nil ||
		!bytes.HasPrefix(b.Bytes(), []byte("Parameters:TimeZone=Europe/Berlin\r\n")) || !bytes.Contains(b.Bytes(), []byte("2026-07-01 10:00:00")) {
		t.Errorf("summer time: %q %v", b.String(), err)
	}
}

func TestBotsAndDevices(t *testing.T) {
	for ua, want := range map[string]string{chrome: domain.DeviceDesktop, phone: domain.DeviceMobile,
		"Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)":                                               domain.DeviceTablet,
		"Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome":                          domain.DeviceTablet,
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36": domain.DeviceMobile} {
		if got := DeviceClass(ua); got != want {
			t.Errorf("%s: %s, want %s", ua, got, want)
		}
	}
}

// TestReportSeesCountsBeingWritten: a report read while a flush writes its batch counts that
// batch. (The flush takes the pending counts before it writes them: a report in between found
// them neither pending nor stored, and the Traffic screen's totals dropped for that moment.)
func TestReportSeesCountsBeingWritten(t *testing.T) {
	db := openDB(t)
	at := &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, ist)}
	c := newTestCounter(t, db, at)
	c.Count(Hit{Path: "/", Entry: true, IP: "1.2.3.4", UserAgent: chrome})

	// The database's writer is held, so the flush stops inside its write, its batch taken.
	tx, err := db.Bolt().Begin(true)
	if err != nil {
		t.Fatal(err)
	}
	flushed := make(chan error, 1)
	go func() { flushed <- c.Flush() }()
	for taken := false; !taken; {
		c.mu.Lock()
		taken = len(c.pending) == 0
		c.mu.Unlock()
		if !taken {
			time.Sleep(time.Millisecond) // the flush's goroutine is to take the batch; no event tells it
		}
	}
	reported := make(chan Report, 1)
	go func() {
		rep, err := c.Report(7)
		if err != nil {
			t.Error(err)
		}
		reported <- rep
	}()
	// A report that does not wait for the write answers now, without the batch. (No event says
	// that a report waits: one that has not answered in this long does.)
	var early *Report
	select {
	case rep := <-reported:
		early = &rep
	case <-time.After(200 * time.Millisecond):
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := <-flushed; err != nil {
		t.Fatal(err)
	}
	if early != nil {
		t.Fatalf("a report during the flush's write answered at once, with %d views: it did not wait for the write's 1", early.Totals.Views)
	}
	if rep := <-reported; rep.Totals.Views != 1 {
		t.Errorf("the report counted %d views, want 1", rep.Totals.Views)
	}
}
