package main

import (
	"net/url"
	"sync/atomic"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/store"
)

// newLeads makes the visitor counter: its settings read from content/site.yaml as it changes,
// its pages from the live site.
func newLeads(cfg serveConfig, db *store.DB) *leads.Counter {
	log := cfg.log
	site := contentdir.NewSiteFile(cfg.Content)
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
	host := cfg.siteURL
	if u, err := url.Parse(cfg.siteURL); err == nil && u.Host != "" {
		host = u.Host
	}
	return leads.NewCounter(leads.Config{DB: db, Log: log, Settings: settings, Site: host, KeepDays: cfg.trafficDays,
		Pages: func() (string, []string) { return generator.LivePagePaths(cfg.Out) }})
}

// addLeads adds the visitor counter's background work to the server's services: the counts'
// flusher, the day's salt rotation, the click ids' eraser.
func (s *services) addLeads(cfg serveConfig, db *store.DB) {
	log := cfg.log
	s.list.Add("traffic counts", s.leads.Flusher())
	s.list.Add("salt rotation", s.leads.SaltRotation())
	s.list.Add("click-id eraser", leads.ClickIDEraser(db, cfg.clickIDDays, log))
}
