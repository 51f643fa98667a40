package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/api"
	"digitalreeviver/internal/atomicfile"
	"digitalreeviver/internal/buildflags"
	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/store"
)

type serveOptions struct {
	buildflags.Flags
	addr                 string
	demo, trustProxy     bool
	deployTo             string
	deployGrace          time.Duration
	enquiriesPerMinute   int
	intakePerMinute      int
	revisions            int
	auditDays, auditKeep int
	// Where leads come from (leads.go).
	clickIDDays, trafficDays, beaconsPerSecond int
}

func newServeCommand(dbPath *string) *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the admin API and the form endpoint (and with --demo the site and the admin UI)",
		Long: `Serve the admin API of docs/API.md and the form endpoint.

Environment:
  ADMIN_JWT_SECRET  token signing secret (at least 32 bytes); unset: one made once and kept in the db
  SITE_URL          public base URL of the site: reset links, publish answers, and (as for sitegen)
                    the built pages' canonical URLs; unset: http://ADDR for links, site.yaml's
                    baseUrl for the pages
  ALLOWED_ORIGINS   comma-separated origins allowed to call the API from a browser (CORS)
  SMTP_URL          smtp://user:password@host:587 or smtps://…:465; unset: mail goes to <db dir>/outbox
  MAIL_FROM         sender address (default "Digital Reeviver <no-reply@digitalreeviver.com>")
  NOTIFY_EMAIL      where enquiry notifications go (unset: none; in demo mode the demo admin)
  ADMIN_PASSWORD    the demo admin's password (unset: a generated one, printed once)
  TURNSTILE_SECRET  Cloudflare Turnstile secret key: every enquiry's token is checked with
                    Cloudflare and a failed one goes to the spam folder (unset: no check, no call)
  LOG_LEVEL         debug (also every request that read something, and each build stage's time),
                    info (default: changes, refusals, errors, builds), warn or error
  DEPLOY_TARGET     default of --deploy-to: with it, every build (publish, edit, delete, Rebuild)
                    is deployed to that S3-compatible bucket, and a publish answers "live" only
                    once the store has the page; the store's credentials and address come from
                    AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL_S3
  DEPLOY_PURGE_URL, DEPLOY_PURGE_TOKEN  the CDN purge hook after each deploy (see sitegen deploy --help)
  REVISIONS_KEEP    revisions kept per blog or service (default 50; --revisions)
  INTAKE_TARGET     s3://BUCKET[/PREFIX]: the private bucket the pages upload an enquiry to while
                    this server cannot be reached; drained every few seconds (docs/DEPLOY.md).
                    With INTAKE_UPLOAD_ACCESS_KEY_ID/_SECRET_ACCESS_KEY (a put-only key that signs
                    the pages' upload policy), INTAKE_DRAIN_ACCESS_KEY_ID/_SECRET_ACCESS_KEY,
                    INTAKE_ENDPOINT_URL, INTAKE_REGION, INTAKE_PUBLIC_URL, INTAKE_RESIGN (24h)`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.TurnstileSiteKey != "" && !contentdir.ValidSiteKey(o.TurnstileSiteKey) {
				return fmt.Errorf("--turnstile-site-key %q: expected letters, digits, - and _ only", o.TurnstileSiteKey)
			}
			return serve(cmd.Context(), *dbPath, o, cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on")
	// The site build's flags are sitegen's, with its defaults: builds by either tool hash the
	// same and stay incremental.
	o.Flags.Register(f)
	f.BoolVar(&o.demo, "demo", false, "also serve the site at / and create a demo admin and demo content when missing")
	f.IntVar(&o.revisions, "revisions", envInt("REVISIONS_KEEP", store.DefaultRevisions),
		"revisions kept per blog or service, the oldest dropped first (env REVISIONS_KEEP)")
	f.BoolVar(&o.trustProxy, "trust-proxy", false, "take client addresses from X-Forwarded-For (only behind a proxy that sets it)")
	f.StringVar(&o.deployTo, "deploy-to", os.Getenv("DEPLOY_TARGET"), "deploy every build to s3://BUCKET[/PREFIX] (env DEPLOY_TARGET; credentials from the AWS_* variables)")
	f.DurationVar(&o.deployGrace, "deploy-grace", deploy.DefaultGrace, "how long assets that left the site stay on the store")
	f.IntVar(&o.intakePerMinute, "intake-per-minute", 120, "enquiries the intake's drain takes from the bucket per minute at most (with INTAKE_TARGET)")
	f.IntVar(&o.enquiriesPerMinute, "enquiries-per-minute", api.DefaultLimits.PopupSitePerMinute,
		"enquiries the whole site accepts per minute (bursts of twice that); one subnet gets a third of it, one address 5")
	f.IntVar(&o.auditDays, "audit-days", 365, "days the audit log keeps an entry (0: forever)")
	f.IntVar(&o.auditKeep, "audit-keep", domain.DefaultAuditRetention.MaxEntries, "most routine entries (draft saves, review submissions, enquiry statuses) the audit log keeps, the oldest going first; sign-ins, people, deletions, publishes, media and settings go only by --audit-days (0: no limit)")
	f.IntVar(&o.clickIDDays, "click-id-days", domain.ClickIDKeepDays, "days an enquiry keeps the ad click ids of the visit that sent it")
	f.IntVar(&o.trafficDays, "traffic-days", domain.TrafficKeepDays, "days the daily visitor counts are kept")
	f.IntVar(&o.beaconsPerSecond, "beacons-per-second", api.DefaultLimits.BeaconsPerSecond, "page views the site counts a second; past it the pages' beacons are shed")
	return cmd
}

// serve runs the admin server until ctx ends or SIGINT/SIGTERM: the configuration, the store,
// the listener, the background services started in order, the API over them; at the end the
// HTTP server's shutdown, then the services stopped in the reverse order.
func serve(ctx context.Context, dbPath string, o serveOptions, out io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	cfg, err := readServeConfig(dbPath, o)
	if err != nil {
		return err
	}
	if err := generator.CheckOutput(cfg.Out, cfg.log); err != nil {
		return err
	}
	// The lock first: a second server on the same file must fail before doing anything else.
	db, err := openServeStore(cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	ln, err := listen(cfg.addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	cfg.setSiteURL(ln.Addr().String())
	if err := prepareAccounts(db, &cfg); err != nil {
		return err
	}
	svc, err := makeServices(cfg, db)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Started before the first request: a schedule that fell due while the server was down
	// runs now (built, and deployed when a deploy is configured).
	if err := svc.list.Start(ctx); err != nil {
		return err
	}
	defer within(shutdownGrace, svc.list.Close)
	srv, err := makeAPI(cfg, db, svc)
	if err != nil {
		return err
	}
	return serveHTTP(ctx, ln, srv.Handler(), cfg.log, func() {
		cfg.log.Info("listening", "addr", ln.Addr().String(), "siteURL", cfg.siteURL, "demo", cfg.demo)
		startSite(ctx, db, svc, cfg, out)
	})
}

// shutdownGrace bounds each step of a shutdown: the requests under way, then the services.
const shutdownGrace = 30 * time.Second

// within calls fn with a context that ends after d.
func within(d time.Duration, fn func(ctx context.Context)) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	fn(ctx)
}

// serveConfig is what serve runs with: the flags and the environment, read and checked once.
type serveConfig struct {
	serveOptions
	dbPath          string
	log             *slog.Logger
	siteURL         string // SITE_URL, or the listen address once known (setSiteURL)
	mailFrom        string
	smtpURL         string
	notify          string // NOTIFY_EMAIL; in demo mode the demo admin when unset
	origins         []string
	turnstileSecret string
	jwtSecret       []byte    // ADMIN_JWT_SECRET, or the database's (prepareAccounts)
	demoLogin       demoLogin // in demo mode, the account to sign in with (prepareAccounts)
}

// readServeConfig checks the flags and reads the environment.
func readServeConfig(dbPath string, o serveOptions) (serveConfig, error) {
	if o.enquiriesPerMinute < 1 {
		return serveConfig{}, errors.New("--enquiries-per-minute must be at least 1")
	}
	if o.revisions < 1 {
		return serveConfig{}, fmt.Errorf("--revisions must be at least 1, not %d", o.revisions)
	}
	if o.auditDays < 0 || o.auditKeep < 0 {
		return serveConfig{}, errors.New("--audit-days and --audit-keep may not be negative")
	}
	if o.clickIDDays < 1 || o.trafficDays < 1 || o.beaconsPerSecond < 1 {
		return serveConfig{}, errors.New("--click-id-days, --traffic-days and --beacons-per-second must be at least 1")
	}
	level, err := logLevel(os.Getenv("LOG_LEVEL"))
	if err != nil {
		return serveConfig{}, err
	}
	cfg := serveConfig{serveOptions: o, dbPath: dbPath,
		log:      slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})),
		siteURL:  strings.TrimRight(os.Getenv("SITE_URL"), "/"),
		mailFrom: os.Getenv("MAIL_FROM"), smtpURL: os.Getenv("SMTP_URL"), notify: os.Getenv("NOTIFY_EMAIL"),
		origins: splitList(os.Getenv("ALLOWED_ORIGINS")), turnstileSecret: os.Getenv("TURNSTILE_SECRET"),
	}
	if cfg.mailFrom == "" {
		cfg.mailFrom = "Digital Reeviver <no-reply@digitalreeviver.com>"
	}
	return cfg, nil
}

// setSiteURL makes the listen address the site's URL when SITE_URL does not name one.
func (c *serveConfig) setSiteURL(addr string) {
	if c.siteURL == "" {
		c.siteURL = "http://" + localAddr(addr)
	}
}

// openServeStore opens the database (failing at once when another process holds it) and checks
// the content folder beside it.
func openServeStore(cfg serveConfig) (*store.DB, error) {
	db, err := openDBWith(cfg.dbPath, store.Options{Revisions: cfg.revisions})
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(cfg.Content, "site.yaml")); err != nil {
		db.Close()
		return nil, fmt.Errorf("no site.yaml in the content folder %s: run adminapi from the project's root folder, or pass --content", cfg.Content)
	}
	db.SetAuditRetention(domain.AuditRetention{MaxAge: time.Duration(cfg.auditDays) * 24 * time.Hour, MaxEntries: cfg.auditKeep})
	// An upload cut short by a kill -9 left its temporary file; with the database's lock held,
	// no other server writes there.
	if n, err := atomicfile.RemoveTemps(cfg.Uploads); err != nil {
		cfg.log.Warn("uploads: leftovers of an interrupted upload could not be removed", "dir", cfg.Uploads, "err", err)
	} else if n > 0 {
		cfg.log.Info("uploads: removed leftovers of interrupted uploads", "dir", cfg.Uploads, "files", n)
	}
	return db, nil
}

// listen takes the address, naming another program that holds it.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("%s is in use by another program: serve on another address with --addr (make run DEMO_ADDR=127.0.0.1:8090)", addr)
	}
	return ln, err
}

// prepareAccounts reads the token secret and, in demo mode, makes the demo admin when there is
// no account (and sends enquiry notifications to it unless NOTIFY_EMAIL says otherwise).
func prepareAccounts(db *store.DB, cfg *serveConfig) error {
	secret, err := jwtSecret(db)
	if err != nil {
		return err
	}
	cfg.jwtSecret = secret
	if !cfg.demo {
		return nil
	}
	if cfg.demoLogin, err = ensureDemoAdmin(db); err != nil {
		return err
	}
	if cfg.notify == "" {
		cfg.notify = demoEmail
	}
	return nil
}

// serveHTTP serves h on ln until ctx ends (then lets the requests under way finish, within
// shutdownGrace) or the server fails; started runs once it accepts connections.
func serveHTTP(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger, started func()) error {
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	started()
	var err error
	select {
	case err = <-served:
	case <-ctx.Done():
		log.Info("shutting down")
	}
	within(shutdownGrace, func(ctx context.Context) {
		if serr := hs.Shutdown(ctx); serr != nil {
			log.Error("shutdown", "err", serr)
		}
	})
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// startSite makes sure there is a site to serve: in demo mode the demo content and its build
// (and the banner with the login), otherwise a first build when none was ever made.
func startSite(ctx context.Context, db *store.DB, svc *services, cfg serveConfig, out io.Writer) {
	log, builds := cfg.log, svc.builds
	if !cfg.demo {
		if _, err := os.Stat(filepath.Join(cfg.Out, "index.html")); err != nil {
			builds.Request(false, "start-up: no built site yet")
		}
		return
	}
	if err := seedDemo(ctx, db, builds, cfg.serveOptions, log); err != nil {
		log.Error("demo content", "err", err)
	}
	login := cfg.demoLogin
	login.SiteURL, login.MailTo, login.DB = cfg.siteURL, svc.mailTo, cfg.dbPath
	fmt.Fprint(out, login.banner())
	if err := login.save(); err != nil {
		log.Warn("demo banner not saved: `adminapi demo-login` cannot print it again", "err", err)
	}
}

// jwtSecret is ADMIN_JWT_SECRET, or a random secret made once and kept in the database, so
// tokens survive a restart without any configuration.
func jwtSecret(db *store.DB) ([]byte, error) {
	if s := os.Getenv("ADMIN_JWT_SECRET"); s != "" {
		if len(s) < 32 {
			return nil, errors.New("ADMIN_JWT_SECRET must be at least 32 characters")
		}
		return []byte(s), nil
	}
	return db.SettingOrCreate("jwt_secret", func() []byte {
		var b [32]byte
		_, _ = rand.Read(b[:])
		return []byte(hex.EncodeToString(b[:]))
	})
}

// mailGoesTo says where the server's mail goes, for the demo banner: every kind of it, since
// a newcomer who invites an editor or resets a password looks for it there.
func mailGoesTo(sender mail.Sender) string {
	if o, ok := sender.(*mail.Outbox); ok {
		return fmt.Sprintf("no SMTP_URL set, so every e-mail (invitations, password resets, enquiry notifications, review requests)\n"+
			"           is written to %s/ as an .eml file and not sent; People shows an invitation's link to copy", o.Dir)
	}
	return "sent through the mail server of SMTP_URL; the admin's Outgoing mail screen shows what it refused"
}

// logLevel reads LOG_LEVEL: debug (every request and each build stage's time), info (the
// default: changes, errors, builds), warn or error.
func logLevel(v string) (slog.Level, error) {
	var l slog.Level
	if v == "" {
		return slog.LevelInfo, nil
	}
	if err := l.UnmarshalText([]byte(v)); err != nil {
		return l, fmt.Errorf("LOG_LEVEL=%q: want debug, info, warn or error", v)
	}
	return l, nil
}

// localAddr turns a listen address into one a browser can open.
func localAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// envInt is the environment variable name as a number, def when it is unset or not a number.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// newDeployer makes the deployer of --deploy-to from the AWS variables and the purge hook's.
func newDeployer(o serveOptions, log *slog.Logger) (*deploy.Deployer, error) {
	cfg, err := deploy.ConfigFromEnv(o.deployTo, os.Getenv)
	if err != nil {
		return nil, err
	}
	cfg.Grace, cfg.Logger = o.deployGrace, log
	cfg.Purge = deploy.PurgeConfig{URL: os.Getenv("DEPLOY_PURGE_URL"), Token: os.Getenv("DEPLOY_PURGE_TOKEN"), BaseURL: os.Getenv("SITE_URL")}
	return deploy.New(cfg)
}
