// Package api is the admin API and the form endpoint of docs/API.md, and nothing but HTTP: the
// router, the auth middleware, thin handlers over internal/domain, internal/store and
// internal/publish, uploads, and the one place where errors become HTTP statuses. In demo mode
// it also serves the built site and the admin SPA, so one address shows the whole product.
//
// It starts no background work: the build queue, the scheduler, the mail spool and the
// webhooks it hands work to are services of the server (internal/server), made, started and
// stopped by `adminapi serve`.
package api

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/static"
	"digitalreeviver/internal/store"
	"digitalreeviver/internal/webhook"
)

// Limits are the rate limits; zero fields take the defaults of DefaultLimits.
type Limits struct {
	LoginPerMinute  int           // sign-in attempts per client address, whatever their outcome
	LoginFailures   int           // failures before a lockout, per address and per username
	LoginLockout    time.Duration // first lockout, doubling with every further failure
	LoginLockoutMax time.Duration
	PopupPerMinute  int // enquiries per client address
	PopupBurst      int
	// Enquiries from one subnet (/24, /64) and to the whole site, so a flood from many
	// addresses is bounded too; zero: derived from SitePerMinute.
	PopupSubnetPerMinute int
	PopupSubnetBurst     int
	PopupSitePerMinute   int
	PopupSiteBurst       int
	ForgotPer15Min       int // reset-link requests per client address
	ForgotPerAddress     int // reset links per e-mail address per hour
	ResetPer15Min        int // reset attempts per client address
	BeaconsPerSecond     int // page views the whole site counts a second; past it beacons are shed
}

// msgEnquiriesBusy answers an enquiry past the subnet's or the site's limit.
const msgEnquiriesBusy = "We are receiving too many messages right now. Please try again in a few minutes."

// DefaultLimits are the limits in force unless Config says otherwise.
var DefaultLimits = Limits{
	LoginPerMinute: 20, LoginFailures: 5, LoginLockout: time.Minute, LoginLockoutMax: time.Hour,
	PopupPerMinute: 5, PopupBurst: 10,
	PopupSitePerMinute: 60, // PopupSiteBurst twice that, the subnet a third of each
	ForgotPer15Min:     5, ForgotPerAddress: 3,
	ResetPer15Min:    10,
	BeaconsPerSecond: 2000,
}

// Config wires a Server.
// The services (Builds, Schedules, Mail, Webhooks, Media) belong to the caller, who starts them
// before the first request and closes them after the last.
type Config struct {
	DB        *store.DB
	Builds    *publish.Queue     // rebuilds the site after a change
	Schedules *publish.Scheduler // publishes and unpublishes at set times (over the same queue)
	Site      publish.Site       // renders previews; nil: previews answer 503, the API works
	// Mail sends the mails the handlers decide (kinds of internal/mailkinds) and erases the
	// copies of an erased enquiry's.
	Mail       *mail.Spool
	Logger     *slog.Logger
	JWTSecret  []byte // at least 32 bytes
	SiteURL    string // public base URL: reset links, the URLs publish answers with
	SiteName   string
	UploadsDir string
	// OutDir is the built site (dist, a symlink to the live generation), served at / when
	// ServeSite is set (demo mode).
	OutDir         string
	ServeSite      bool
	AdminUI        fs.FS // the admin SPA served at /admin/; nil: not served
	AllowedOrigins []string
	NotifyEmail    string // enquiry notifications; "" sends none
	TrustProxy     bool   // take the client address from X-Forwarded-For
	Limits         Limits
	PublishTimeout time.Duration  // how long a publish waits for its build (default 60 s)
	Turnstile      Turnstile      // Cloudflare Turnstile on the forms; off without a secret
	Webhooks       *webhook.Hooks // events to configured URLs; nil: none are sent
	// Enquiries accepts enquiries (POST /popup; the intake's drain shares it). nil: one made of
	// this Config (DB, Webhooks, NotifyEmail, Turnstile, Logger).
	Enquiries *enquiry.Service
	// Intake is the enquiries' intake bucket and its drain (nil: none configured).
	Intake *intake.Service
	// Media makes the responsive variants of uploads (nil: none are made at upload; the
	// build makes what it needs).
	Media *media.Cache
	// Quotas bound what an editor's account writes in a while (zero fields: DefaultQuotas).
	Quotas Quotas
	// Leads counts the pages' beacons and enquiries' conversions and knows the attribution
	// setting (nil: beacons are answered and not counted, the setting is notice). Its owner
	// runs its services.
	Leads *leads.Counter
}

// Server is the HTTP API.
type Server struct {
	cfg       Config
	db        *store.DB
	log       *slog.Logger
	tokens    *auth.Tokens
	mail      *mail.Spool
	builds    *publish.Queue
	schedules *publish.Scheduler
	origins   map[string]bool
	handler   http.Handler
	site      http.Handler   // the built site, in demo mode
	hooks     *webhook.Hooks // nil: no webhooks (its methods do nothing)
	quotas    *quotas        // editors' allowances
	enquiries *enquiry.Service

	loginRate       *auth.Limiter
	loginIPFails    *auth.Lockout
	loginUserFails  *auth.Lockout
	popupRate       *auth.Limiter
	popupSubnetRate *auth.Limiter
	popupSiteRate   *auth.Limiter
	forgotRate      *auth.Limiter
	forgotAddrRate  *auth.Limiter
	resetRate       *auth.Limiter
	beaconRate      *auth.Limiter // page views per client address
	beaconSiteRate  *auth.Limiter // page views of the whole site
	hashing         *auth.Gate    // bounds concurrent password hashing
	devices         *auth.Devices
	knownAddrs      *auth.KnownAddresses
}

// New returns a Server over the services of cfg.
func New(cfg Config) (*Server, error) {
	if cfg.DB == nil || cfg.Builds == nil || cfg.Schedules == nil || cfg.Mail == nil {
		return nil, errors.New("api: no database, build queue, scheduler or mail spool")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.SiteName == "" {
		cfg.SiteName = domain.DefaultSiteName
	}
	cfg.SiteURL = strings.TrimRight(cfg.SiteURL, "/")
	if cfg.PublishTimeout == 0 {
		cfg.PublishTimeout = 60 * time.Second
	}
	cfg.Limits = withDefaults(cfg.Limits)
	cfg.Quotas = quotasWithDefaults(cfg.Quotas)
	tokens, err := auth.NewTokens(cfg.JWTSecret)
	if err != nil {
		return nil, fmt.Errorf("api: %w", err)
	}
	l := cfg.Limits
	s := &Server{
		cfg:       cfg,
		db:        cfg.DB,
		log:       cfg.Logger,
		tokens:    tokens,
		mail:      cfg.Mail,
		builds:    cfg.Builds,
		schedules: cfg.Schedules,
		origins:   map[string]bool{},
		quotas:    newQuotas(cfg.Quotas),

		loginRate:       auth.NewLimiter(l.LoginPerMinute, time.Minute, l.LoginPerMinute, "Too many sign-in attempts. Please wait a moment."),
		loginIPFails:    auth.NewLockout(l.LoginFailures, l.LoginLockout, l.LoginLockoutMax),
		loginUserFails:  auth.NewLockout(l.LoginFailures, l.LoginLockout, l.LoginLockoutMax),
		popupRate:       auth.NewLimiter(l.PopupPerMinute, time.Minute, l.PopupBurst, "Too many messages. Please try again in a minute."),
		popupSubnetRate: auth.NewLimiter(l.PopupSubnetPerMinute, time.Minute, l.PopupSubnetBurst, msgEnquiriesBusy),
		popupSiteRate:   auth.NewLimiter(l.PopupSitePerMinute, time.Minute, l.PopupSiteBurst, msgEnquiriesBusy),
		forgotRate:      auth.NewLimiter(l.ForgotPer15Min, 15*time.Minute, l.ForgotPer15Min, "Too many requests. Please try again later."),
		forgotAddrRate:  auth.NewLimiter(l.ForgotPerAddress, time.Hour, l.ForgotPerAddress, ""),
		resetRate:       auth.NewLimiter(l.ResetPer15Min, 15*time.Minute, l.ResetPer15Min, "Too many attempts. Please try again later."),
		beaconRate:      auth.NewLimiter(beaconsPerAddressMinute, time.Minute, beaconsPerAddressBurst, ""),
		beaconSiteRate:  auth.NewLimiter(l.BeaconsPerSecond, time.Second, l.BeaconsPerSecond, ""),
		hashing:         auth.Passwords,
		devices:         auth.NewDevices(cfg.JWTSecret),
		knownAddrs:      auth.NewKnownAddresses(),
	}
	for _, o := range cfg.AllowedOrigins {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			s.origins[o] = true
		}
	}
	s.hooks = cfg.Webhooks
	if s.enquiries = cfg.Enquiries; s.enquiries == nil {
		if s.enquiries, err = enquiry.New(enquiry.Config{DB: cfg.DB, Hooks: cfg.Webhooks, NotifyEmail: cfg.NotifyEmail,
			Turnstile: cfg.Turnstile, Leads: cfg.Leads, Log: cfg.Logger}); err != nil {
			return nil, fmt.Errorf("api: %w", err)
		}
	}
	s.site = static.Handler(cfg.OutDir, nil)
	s.handler = s.beaconFirst(s.middleware(s.router()))
	return s, nil
}

func withDefaults(l Limits) Limits {
	d := DefaultLimits
	pick := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	pick(&l.LoginPerMinute, d.LoginPerMinute)
	pick(&l.LoginFailures, d.LoginFailures)
	pick(&l.PopupPerMinute, d.PopupPerMinute)
	pick(&l.PopupBurst, d.PopupBurst)
	pick(&l.PopupSitePerMinute, d.PopupSitePerMinute)
	pick(&l.PopupSiteBurst, 2*l.PopupSitePerMinute)
	pick(&l.PopupSubnetPerMinute, max(1, l.PopupSitePerMinute/3))
	pick(&l.PopupSubnetBurst, max(1, l.PopupSiteBurst/4))
	pick(&l.ForgotPer15Min, d.ForgotPer15Min)
	pick(&l.ForgotPerAddress, d.ForgotPerAddress)
	pick(&l.ResetPer15Min, d.ResetPer15Min)
	pick(&l.BeaconsPerSecond, d.BeaconsPerSecond)
	if l.LoginLockout == 0 {
		l.LoginLockout = d.LoginLockout
	}
	if l.LoginLockoutMax == 0 {
		l.LoginLockoutMax = d.LoginLockoutMax
	}
	return l
}

// Handler returns the whole HTTP handler: router and middleware.
func (s *Server) Handler() http.Handler { return s.handler }

// router registers every route, resource by resource. Admin routes are wrapped by s.admin, which
// checks the bearer token and puts the admin in the request context.
func (s *Server) router() *mux.Router {
	r := mux.NewRouter()
	// StrictSlash stays off: /admin/login/ is not /admin/login, and no variant of a path
	// reaches a handler around its rate limiter.
	r.NotFoundHandler = http.HandlerFunc(s.handleNotFound)
	r.MethodNotAllowedHandler = http.HandlerFunc(s.handleMethodNotAllowed)

	r.HandleFunc("/healthz", s.handleHealth).Methods("GET", "HEAD")
	r.HandleFunc("/api/site-info", s.handleSiteInfo).Methods("GET")
	s.registerAuthRoutes(r)
	s.registerRecordRoutes(r) // blogs, services: /api/{plural}, /api/preview-{plural}
	s.registerUploadRoutes(r)
	s.registerMessageRoutes(r)
	s.registerLeadRoutes(r) // before the inbox's /popups/{id}
	s.registerBuildRoutes(r)
	s.registerMailRoutes(r)
	s.registerScheduleRoutes(r)
	s.registerTrashRoutes(r)
	s.registerAuditRoutes(r)
	s.registerPeopleRoutes(r)
	s.registerReviewRoutes(r)
	s.registerInboxRoutes(r)
	s.registerWebhookRoutes(r)
	s.registerIntakeRoutes(r)
	s.registerRedirectRoutes(r)
	s.registerMediaRoutes(r)
	s.registerDiskRoutes(r)
	s.registerAppRoutes(r) // admin SPA and, in demo mode, the site: last, GET only
	return r
}

// handleHealth handles GET /healthz.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleSiteInfo handles GET /api/site-info.
func (s *Server) handleSiteInfo(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"name": s.cfg.SiteName, "siteUrl": s.cfg.SiteURL})
}
