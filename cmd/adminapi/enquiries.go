package main

import (
	"log/slog"
	"os"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/deploy"
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
func newIntake(db *store.DB, contentDir, liveDir, deployTo string, perMinute int, log *slog.Logger) (*intake.Service, *generator.Intake, error) {
	cfg, ok, err := intake.ConfigFromEnv(os.Getenv)
	if err != nil || !ok {
		return nil, nil, err
	}
	if err := notTheSiteBucket(cfg, deployTo); err != nil {
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
	// The drain says whether enquiries reach the bucket once it has looked (its first pass, at start).
	return in, &generator.Intake{Origin: in.Origin(), Policy: in.PolicyFile}, nil
}

// notTheSiteBucket refuses an intake bucket that is the one the site is deployed to (on the same
// store): the enquiries, personal data, would be public there.
func notTheSiteBucket(cfg intake.Config, deployTo string) error {
	if deployTo == "" {
		return nil
	}
	site, err := deploy.ConfigFromEnv(deployTo, os.Getenv)
	if err != nil {
		return nil // --deploy-to's own check says what is wrong with it
	}
	return cfg.CheckApart(site.Target, site.Endpoint) // the rule sitegen deploy holds too
}
