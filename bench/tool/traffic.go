package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/store"
)

// traffic simulates a year of a busy site through the real visitor counter and store: -views
// page views a day over -paths pages (a Zipf spread: a few pages take most views), a third of
// them the first page of a visit from a search engine, a social post, an ad campaign, a
// referring site or typed in; a visitor pool of a few tens of thousands; the counts flushed
// every -flush page views (a real server flushes every 5 s: at 100,000 views a day that is
// every 6 views; the year's last -last-views are flushed at that pace, the rest less often,
// which only makes the simulation quicker: each write replaces the day's one record), and -enquiries enquiries a day, some sent from counted visits. The
// year ends today, in the site's time zone. It prints one JSON line: the database's size before
// and after, the days and page views written, the time taken. The seed is fixed.
func traffic(args []string) error {
	fs := flag.NewFlagSet("traffic", flag.ExitOnError)
	dbPath := fs.String("db", "", "database")
	days := fs.Int("days", 365, "days to simulate, ending today")
	views := fs.Int("views", 100000, "page views a day")
	paths := fs.Int("paths", 2000, "pages of the site")
	flush := fs.Int("flush", 10000, "page views between two flushes")
	lastFlush := fs.Int("last-flush", 6, "page views between two flushes for the year's last -last-views (a real server's 5 s at 100,000 a day)")
	lastViews := fs.Int("last-views", 10000, "the year's last page views, flushed every -last-flush")
	perDay := fs.Int("enquiries", 20, "enquiries a day")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the simulation to this file")
	fs.Parse(args)
	stopProfile, err := startCPUProfile(*profile)
	if err != nil {
		return err
	}
	defer stopProfile()
	before := fileSize(*dbPath)
	db, err := store.Open(*dbPath, store.Options{Timeout: 5 * time.Second})
	if err != nil {
		return err
	}
	defer db.Close()
	empty := fileSize(*dbPath)

	zone, err := time.LoadLocation(leads.DefaultZone)
	if err != nil {
		return err
	}
	pages := make([]string, *paths)
	for i := range pages {
		pages[i] = fmt.Sprintf("/page-%04d/", i)
	}
	var now time.Time
	counter := leads.NewCounter(leads.Config{DB: db, Site: "www.example.com", MaxVisitors: 200_000,
		Now:      func() time.Time { return now },
		Settings: func() leads.Settings { return leads.Settings{Mode: domain.AttributionNotice, Zone: zone} },
		Pages:    func() (string, []string) { return "bench", pages }})
	rng := rand.New(rand.NewSource(22))
	zipf := rand.NewZipf(rng, 1.1, 8, uint64(*paths-1))
	agents := []string{
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
		"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
	}
	referrers := []string{"www.google.com", "www.google.co.in", "www.bing.com", "l.facebook.com", "www.instagram.com",
		"www.linkedin.com", "t.co", "duckduckgo.com", "news.example.in", "partner.example.com"}
	// About three page views a visitor: a pool of visitors, each an address and a browser.
	visitorsPerDay := max(1, *views/3)
	visitor := func(v int) (string, string) {
		return fmt.Sprintf("10.%d.%d.%d", v>>16&255, v>>8&255, v&255), agents[v%len(agents)]
	}
	start := time.Now()
	today := time.Now().In(zone)
	first := time.Date(today.Year(), today.Month(), today.Day()-(*days-1), 0, 0, 0, 0, zone)
	var msgs []domain.Message
	flushes := 0
	for d := 0; d < *days; d++ {
		day := first.AddDate(0, 0, d)
		step := 24 * time.Hour / time.Duration(*views)
		for i := 0; i < *views; i++ {
			now = day.Add(time.Duration(i) * step)
			ip, ua := visitor(rng.Intn(visitorsPerDay))
			h := leads.Hit{Path: pages[zipf.Uint64()], IP: ip, UserAgent: ua}
			if rng.Intn(3) == 0 {
				h.Entry = true
				switch r := rng.Intn(10); {
				case r < 4:
					h.Referrer = referrers[rng.Intn(4)]
				case r < 6:
					h.Source, h.Medium, h.Campaign, h.PaidClick = "google", "cpc", fmt.Sprintf("campaign-%02d", rng.Intn(60)), true
				case r < 8:
					h.Referrer, h.Source, h.Medium = referrers[3+rng.Intn(4)], "facebook", "social"
				case r < 9:
					h.Referrer = referrers[7+rng.Intn(3)]
				}
			}
			counter.Count(h)
			every := *flush
			if d == *days-1 && i >= *views-*lastViews && *lastFlush > 0 {
				every = *lastFlush
			}
			if (i+1)%every == 0 {
				if err := counter.Flush(); err != nil {
					return err
				}
				flushes++
			}
		}
		for e := 0; e < *perDay; e++ {
			a := &domain.Attribution{Landing: pages[zipf.Uint64()], Page: "/contactus/", Channel: domain.Channels[rng.Intn(len(domain.Channels))]}
			if a.Channel == domain.ChannelPaidSearch {
				a.Source, a.Medium, a.Campaign, a.GCLID = "google", "cpc", fmt.Sprintf("campaign-%02d", rng.Intn(60)), fmt.Sprintf("Cj0KCQ%08d", rng.Intn(1e8))
			}
			ip, ua := visitor(rng.Intn(visitorsPerDay))
			counter.Convert(ip, ua, a)
			msgs = append(msgs, domain.Message{Name: "Bench Visitor", Email: fmt.Sprintf("v%d@example.in", len(msgs)), Phone: "+91 98110 45672",
				Message: "Please call me about SEO.", CreatedAt: day.Add(time.Duration(e) * time.Hour).UTC(), Attribution: a})
		}
	}
	if err := counter.Flush(); err != nil {
		return err
	}
	if err := db.ImportMessages(msgs); err != nil {
		return err
	}
	if err := db.Close(); err != nil {
		return err
	}
	after := fileSize(*dbPath)
	return json.NewEncoder(os.Stdout).Encode(map[string]any{"days": *days, "viewsPerDay": *views, "paths": *paths,
		"flushes": flushes, "enquiries": len(msgs), "bytesBefore": before, "bytesEmpty": empty, "bytesAfter": after,
		"seconds": time.Since(start).Seconds()})
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}
