package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	"digitalreeviver/internal/adminui"
	"digitalreeviver/internal/api"
	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/mailkinds"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/server"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

// services are the admin server's background services, in the one list serve starts in order
// and stops in the reverse order, and the ones the API hands work to.
type services struct {
	list      *server.Services
	images    *media.Cache
	site      publish.Site // nil without the renderer bundle: builds fail with the reason
	builds    *publish.Queue
	hooks     *webhook.Hooks
	spool     *mail.Spool
	schedules *publish.Scheduler
	enquiries *enquiry.Service
	intake    *intake.Service // nil without INTAKE_TARGET
	mailTo    string          // where the server's mail goes, for the demo banner
	leads     *leads.Counter  // the visitor counts (leads.go)
}

// spamSweepEvery is how often enquiries older than domain.SpamKeep leave the spam folder.
const spamSweepEvery = time.Hour

// makeServices makes every background service, none started yet. The order of the list is
// the order of need: what a service uses starts before it and stops after it.
func makeServices(cfg serveConfig, db *store.DB) (*services, error) {
	log := cfg.log
	// What may fail on a bad setting first, before anything holds a resource.
	sender, err := mail.New(cfg.smtpURL, cfg.mailFrom, filepath.Join(filepath.Dir(cfg.dbPath), "outbox"), log)
	if err != nil {
		return nil, err
	}
	var deployer *deploy.Deployer
	if cfg.deployTo != "" {
		if deployer, err = newDeployer(cfg.serveOptions, log); err != nil {
			return nil, fmt.Errorf("--deploy-to: %w", err)
		}
		warnOfFormsOnTheBucket(cfg, log)
	}

	s := &services{list: server.New(log), mailTo: mailGoesTo(sender)}
	gen := cfg.Config(log)
	// A publish never waits for image work: what has no variants yet is shown as uploaded, and
	// the variants follow (first in line), with a build when they are made (OnReady below).
	gen.ImagesLater = true
	var siteIntake *generator.Intake
	if s.intake, siteIntake, err = newIntake(db, cfg.Content, cfg.Out, cfg.deployTo, cfg.intakePerMinute, log); err != nil {
		return nil, err
	}
	gen.Intake = siteIntake
	s.images = gen.Media
	s.list.Add("image variants", server.Func{CloseFunc: func(context.Context) { s.images.Close() }})
	s.addSiteGenerator(gen, db, cfg)

	builds, err := publish.NewQueue(db, s.site, log)
	if err != nil {
		return nil, err
	}
	if deployer != nil {
		builds.DeployTo(deployer, cfg.Out)
		log.Info("every build is deployed", "to", deployer.Target().String())
	}
	s.builds = builds
	s.list.Add("build queue", builds)
	s.images.OnReady(func() { builds.Request(false, "image variants made") })

	// Before the scheduler: a schedule that goes live at start sends its event too.
	s.hooks = webhook.New(webhook.Config{DB: db, Log: log, AdminURL: cfg.siteURL})
	s.list.Add("webhooks", s.hooks)

	if s.schedules, err = publish.NewScheduler(publish.SchedulerConfig{DB: db, Builds: builds, Log: log,
		AdminURL: cfg.siteURL, OnEvent: publish.ScheduledChanges(db, s.hooks, cfg.siteURL, log)}); err != nil {
		return nil, err
	}
	s.leads = newLeads(cfg, db)
	if s.enquiries, err = newEnquiries(db, s.hooks, s.leads, cfg.notify, cfg.turnstileSecret, cfg.Content, log); err != nil {
		return nil, err
	}
	// Before the scheduler, which mails its failures, and stopped after it, so they are sent.
	s.spool = mailkinds.NewSpool(mailkinds.Config{DB: db, SiteURL: cfg.siteURL, Schedules: s.schedules,
		Zone: s.enquiries.Zone(), Intake: s.intake}, sender, log)
	s.list.Add("mail spool", s.spool)
	s.list.Add("scheduler", s.schedules)
	if s.intake != nil {
		s.intake.Wire(s.enquiries, func(reason string) { builds.Request(false, reason) })
		s.list.Add("intake drain", s.intake)
	}

	s.list.Add("spam sweep", server.Every(spamSweepEvery, func(context.Context) {
		operator.SweepSpam(db, s.spool, time.Now().UTC(), log)
	}))
	s.list.Add("control socket", operator.NewControl(db, log))
	s.addLeads(cfg, db)
	return s, nil
}

// addSiteGenerator adds the site generator and its planning ahead. The generator needs the
// renderer bundle (site/dist); without it the API still works, builds fail with the reason
// and previews answer 503.
func (s *services) addSiteGenerator(gen generator.Config, db *store.DB, cfg serveConfig) {
	builder, err := generator.New(gen)
	if err != nil {
		cfg.log.Error("site generator unavailable: publishing will save content but not rebuild the site", "err", err)
		return
	}
	s.site = publish.NewSite(builder, db)
	s.list.Add("site generator", server.Func{CloseFunc: func(context.Context) { builder.Close() }})
	// Plan the site once in the background, so the first publish is as quick as the next.
	var cancel context.CancelFunc
	planned := make(chan struct{})
	s.list.Add("site planning", server.Func{
		StartFunc: func(context.Context) error {
			var ctx context.Context
			ctx, cancel = context.WithCancel(context.Background())
			go func() {
				defer close(planned)
				if err := builder.Warm(ctx, db); err != nil && ctx.Err() == nil {
					cfg.log.Warn("the site could not be planned ahead; the first publish will take longer", "err", err)
				}
			}()
			return nil
		},
		CloseFunc: func(context.Context) { cancel(); <-planned },
	})
}

// makeAPI makes the HTTP API over the services.
func makeAPI(cfg serveConfig, db *store.DB, s *services) (*api.Server, error) {
	return api.New(api.Config{
		DB: db, Builds: s.builds, Schedules: s.schedules, Site: s.site, Mail: s.spool, Webhooks: s.hooks,
		Media: s.images, Logger: cfg.log, JWTSecret: cfg.jwtSecret,
		SiteURL: cfg.siteURL, UploadsDir: cfg.Uploads, OutDir: cfg.Out, ServeSite: cfg.demo,
		AdminUI: adminui.FS, AllowedOrigins: cfg.origins,
		NotifyEmail: cfg.notify, TrustProxy: cfg.trustProxy,
		Limits: api.Limits{PopupSitePerMinute: cfg.enquiriesPerMinute, BeaconsPerSecond: cfg.beaconsPerSecond},
		Leads:  s.leads,
		// Below the server's write timeout, so a slow build still gets its answer out.
		PublishTimeout: 45 * time.Second,
		Turnstile:      api.Turnstile{Secret: cfg.turnstileSecret},
		Enquiries:      s.enquiries,
		Intake:         s.intake,
	})
}

// warnOfFormsOnTheBucket says at start when the site this server deploys to a bucket has forms
// posting to a path of the site's own address ("/popup", site.yaml's default): the bucket
// answers no POST. Not a refusal: a CDN may pass that path on to this server.
func warnOfFormsOnTheBucket(cfg serveConfig, log *slog.Logger) {
	endpoint := cfg.FormEndpoint
	if endpoint == "" {
		if site, err := contentdir.LoadSite(cfg.Content); err == nil {
			endpoint = site.FormEndpoint
		}
	}
	if endpoint == "" {
		endpoint = "/popup"
	}
	if strings.HasPrefix(endpoint, "/") {
		log.Warn("the site's forms post to "+endpoint+" on the site's own address, which the bucket of --deploy-to cannot answer: "+
			"every enquiry would fail over to the intake bucket at best; set FORM_ENDPOINT=https://<this server>"+endpoint+
			" (docs/DEPLOY.md), unless the CDN passes "+endpoint+" on to this server", "formEndpoint", endpoint)
	}
}
