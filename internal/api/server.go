// Package api is the admin API and the form endpoint of docs/API.md: the router, the auth
// middleware, thin handlers over internal/content and internal/store, uploads, the build queue,
// and the one place where errors become HTTP statuses. In demo mode it also serves the built
// site and the admin SPA, so one address shows the whole product.
package api

import (
	"context"
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
	"digitalreeviver/internal/content"
	"digitalreeviver/internal/mail"
	"digitalreeviver/internal/static"
	"digitalreeviver/internal/store"
)

// Site is the static-site generator as the API uses it: builds for publishing and the preview
// renderer. internal/generator's Builder is adapted to it by NewSite.
type Site interface {
	Build(ctx context.Context, clean bool, reason string) (BuildStats, error)
	RenderPreviewBlog(ctx context.Context, b content.Blog) ([]byte, error)
	RenderPreviewService(ctx context.Context, s content.Service) ([]byte, error)
}

// BuildStats is what one build did.
type BuildStats struct {
	Generation     string
	PagesRendered  int
	PagesUnchanged int
}

// Limits are the rate limits; zero fields take the defaults of DefaultLimits.
type Limits struct {
	LoginPerMinute   int           // sign-in attempts per client address, whatever their outcome
	LoginFailures    int           // failures before a lockout, per address and per username
	LoginLockout     time.Duration // first lockout, doubling with every further failure
	LoginLockoutMax  time.Duration
	PopupPerMinute   int // enquiries per client address
	PopupBurst       int
	ForgotPer15Min   int // reset-link requests per client address
	ForgotPerAddress int // reset links per e-mail address per hour
	ResetPer15Min    int // reset attempts per client address
}

// DefaultLimits are the limits in force unless Config says otherwise.
var DefaultLimits = Limits{
	LoginPerMinute: 20, LoginFailures: 5, LoginLockout: time.Minute, LoginLockoutMax: time.Hour,
	PopupPerMinute: 5, PopupBurst: 10,
	ForgotPer15Min: 5, ForgotPerAddress: 3,
	ResetPer15Min: 10,
}

// Config wires a Server.
type Config struct {
	DB         *store.DB
	Site       Site        // nil: builds fail and previews answer 503, the API works
	Mail       mail.Sender // nil: mail is logged and dropped
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
	PublishTimeout time.Duration // how long a publish waits for its build (default 60 s)
}

// Server is the HTTP API.
type Server struct {
	cfg     Config
	db      *store.DB
	log     *slog.Logger
	tokens  *auth.Tokens
	mail    *mail.Queue
	builds  *buildQueue
	origins map[string]bool
	handler http.Handler
	site    http.Handler // the built site, in demo mode

	loginRate      *auth.Limiter
	loginIPFails   *auth.Lockout
	loginUserFails *auth.Lockout
	popupRate      *auth.Limiter
	forgotRate     *auth.Limiter
	forgotAddrRate *auth.Limiter
	resetRate      *auth.Limiter
}

// New returns a Server and starts its build worker and mail worker; Close stops them.
func New(cfg Config) (*Server, error) {
	if cfg.DB == nil {
		return nil, errors.New("api: no database")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.SiteName == "" {
		cfg.SiteName = "Digital Reeviver"
	}
	cfg.SiteURL = strings.TrimRight(cfg.SiteURL, "/")
	if cfg.PublishTimeout == 0 {
		cfg.PublishTimeout = 60 * time.Second
	}
	cfg.Limits = withDefaults(cfg.Limits)
	tokens, err := auth.NewTokens(cfg.JWTSecret)
	if err != nil {
		return nil, fmt.Errorf("api: %w", err)
	}
	sender := cfg.Mail
	if sender == nil {
		sender = discardMail{cfg.Logger}
	}
	l := cfg.Limits
	s := &Server{
		cfg:     cfg,
		db:      cfg.DB,
		log:     cfg.Logger,
		tokens:  tokens,
		mail:    mail.NewQueue(sender, 256, cfg.Logger),
		origins: map[string]bool{},

		loginRate:      auth.NewLimiter(l.LoginPerMinute, time.Minute, l.LoginPerMinute, "Too many sign-in attempts. Please wait a moment."),
		loginIPFails:   auth.NewLockout(l.LoginFailures, l.LoginLockout, l.LoginLockoutMax),
		loginUserFails: auth.NewLockout(l.LoginFailures, l.LoginLockout, l.LoginLockoutMax),
		popupRate:      auth.NewLimiter(l.PopupPerMinute, time.Minute, l.PopupBurst, "Too many messages. Please try again in a minute."),
		forgotRate:     auth.NewLimiter(l.ForgotPer15Min, 15*time.Minute, l.ForgotPer15Min, "Too many requests. Please try again later."),
		forgotAddrRate: auth.NewLimiter(l.ForgotPerAddress, time.Hour, l.ForgotPerAddress, ""),
		resetRate:      auth.NewLimiter(l.ResetPer15Min, 15*time.Minute, l.ResetPer15Min, "Too many attempts. Please try again later."),
	}
	for _, o := range cfg.AllowedOrigins {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			s.origins[o] = true
		}
	}
	s.builds, err = newBuildQueue(cfg.DB, cfg.Site, cfg.Logger)
	if err != nil {
		s.mail.Close(context.Background())
		return nil, err
	}
	s.site = static.Handler(cfg.OutDir, nil)
	s.handler = s.middleware(s.router())
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
	pick(&l.ForgotPer15Min, d.ForgotPer15Min)
	pick(&l.ForgotPerAddress, d.ForgotPerAddress)
	pick(&l.ResetPer15Min, d.ResetPer15Min)
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

// RequestBuild queues a build (say, at start-up) without waiting for it.
func (s *Server) RequestBuild(clean bool, reason string) { s.builds.request(clean, reason) }

// WaitBuild queues a build and waits for it; used by demo start-up and tests.
func (s *Server) WaitBuild(ctx context.Context, clean bool, reason string) (Build, error) {
	b, ok := s.builds.wait(ctx, s.builds.request(clean, reason))
	if !ok {
		return b, ctx.Err()
	}
	if b.Status != statusOK {
		return b, errors.New(b.Error)
	}
	return b, nil
}

// Close finishes the queued builds and mails (until ctx ends) and stops the workers. The caller
// closes the database afterwards.
func (s *Server) Close(ctx context.Context) {
	s.builds.close(ctx)
	s.mail.Close(ctx)
}

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
	s.registerBlogRoutes(r)
	s.registerServiceRoutes(r)
	s.registerUploadRoutes(r)
	s.registerMessageRoutes(r)
	s.registerBuildRoutes(r)
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

type discardMail struct{ log *slog.Logger }

func (d discardMail) Send(_ context.Context, m mail.Message) error {
	d.log.Warn("no mail sender configured; mail dropped", "to", m.To)
	return nil
}
