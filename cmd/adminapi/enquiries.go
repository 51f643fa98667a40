package main

import (
	"log/slog"
	"os"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

// newEnquiries makes the one operation that accepts an enquiry, shared by POST /popup and the
// intake's drain: with site.yaml's default country and time zone, the notification address,
// Turnstile's secret, the webhooks and the visitor counter (the attribution setting, conversions).
func newEnquiries(db *store.DB, hooks *webhook.Hooks, counter *leads.Counter, notify, turnstileSecret, contentDir string, log *slog.Logger) (*enquiry.Service, error) {
	site, err := contentdir.LoadSite(contentDir)
	if err != nil {
		return nil, err
	}
	zone, err := domain.LoadSiteZone(site.TimeZone)
	if err != nil {
		return nil, err
	}
	return enquiry.New(enquiry.Config{DB: db, Hooks: hooks, NotifyEmail: notify, DefaultCountry: site.DefaultCountry,
		Zone: zone, Turnstile: enquiry.Turnstile{Secret: turnstileSecret}, Leads: counter, Log: log})
}

// newIntake is the enquiries' intake bucket of INTAKE_TARGET and the INTAKE_* keys (nil when
// none is configured), and what the site builder carries of it.
func newIntake(db *store.DB, contentDir, liveDir string, perMinute int, log *slog.Logger) (*intake.Service, *generator.Intake, error) {
	cfg, ok, err := intake.ConfigFromEnv(os.Getenv)
	if err != nil || !ok {
		return nil, nil, err
	}
	site, err := contentdir.LoadSite(contentDir)
	if err != nil {
		return nil, nil, err
	}
	zone, err := domain.LoadSiteZone(site.TimeZone)
	if err != nil {
		return nil, nil, err
	}
	in, err := intake.New(intake.Options{Config: cfg, DB: db, PerMinute: perMinute, LiveDir: liveDir, Zone: zone, Log: log})
	if err != nil {
		return nil, nil, err
	}
	log.Info("enquiries reach the intake bucket while this server is down", "bucket", cfg.Bucket, "upload", cfg.UploadURL())
	return in, &generator.Intake{Origin: in.Origin(), Policy: in.PolicyFile}, nil
}
