package main

import (
	"log/slog"
	"os"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

// newEnquiries makes the one operation that accepts an enquiry, shared by POST /popup and the
// intake's drain: with site.yaml's default country and time zone, the notification address,
// Turnstile's secret (TURNSTILE_SECRET) and the webhooks.
func newEnquiries(db *store.DB, hooks *webhook.Hooks, notify, contentDir string, log *slog.Logger) (*enquiry.Service, error) {
	site, err := contentdir.LoadSite(contentDir)
	if err != nil {
		return nil, err
	}
	zone, err := domain.LoadSiteZone(site.TimeZone)
	if err != nil {
		return nil, err
	}
	return enquiry.New(enquiry.Config{DB: db, Hooks: hooks, NotifyEmail: notify, DefaultCountry: site.DefaultCountry,
		Zone: zone, Turnstile: enquiry.Turnstile{Secret: os.Getenv("TURNSTILE_SECRET")}, Log: log})
}
