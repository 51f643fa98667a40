package main

import (
	"log/slog"
	"net/url"
	"sync/atomic"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/server"
	"digitalreeviver/internal/store"
)

// newLeads makes the visitor counter of `serve` (its settings read from content/site.yaml as it
// changes, its pages from the live site) and adds its background work to the server's
// services: the counts' flusher, the day's salt rotation, the click ids' eraser.
func newLeads(db *store.DB, o serveOptions, siteURL string, services *server.Services, log *slog.Logger) *leads.Counter {
	site := contentdir.NewSiteFile(o.Content)
	var warned atomic.Bool
	settings := func() leads.Settings {
		mode, zone, err := site.Leads()
		if err != nil && !warned.Swap(true) {
			log.Warn("content/site.yaml: the attribution settings could not be read; the last good ones stay", "err", err)
		} else if err == nil {
			warned.Store(false)
		}
		return leads.Settings{Mode: mode, Zone: zone}
	}
	host := siteURL
	if u, err := url.Parse(siteURL); err == nil && u.Host != "" {
		host = u.Host
	}
	counter := leads.NewCounter(leads.Config{DB: db, Log: log, Settings: settings, Site: host, KeepDays: o.trafficDays,
		Pages: func() (string, []string) { return generator.LivePagePaths(o.Out) }})
	services.Add("traffic counts", counter.Flusher())
	services.Add("salt rotation", counter.SaltRotation())
	services.Add("click-id eraser", leads.ClickIDEraser(db, o.clickIDDays, log, nil))
	return counter
}
