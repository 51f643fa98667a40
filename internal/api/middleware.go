package api

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/hostrules"
	"digitalreeviver/internal/mailkinds"
)

// Body limits: JSON and forms are small; multipart carries one image of at most 5 MB plus the
// text fields.
const (
	maxJSONBody      = 1 << 20
	maxMultipartBody = 6 << 20
	maxPopupBody     = 64 << 10
)

// The Content-Security-Policy of our HTML (the public pages in demo mode and the admin SPA) is
// the site's own (internal/static, which the built site also carries): only our own scripts,
// inline styles, images from us or data:/blob:, the Google map embed as the one outside frame.
// cspHTML forbids framing (clickjacking). The admin's preview is an iframe with srcdoc, a document
// without a response of its own, which frame-ancestors does not govern, so the admin needs no
// exception; cspHTMLFramable allows same-origin framing of the rendered preview pages, so the
// admin may also show one through a blob: or same-origin iframe.
var (
	cspHTML         = hostrules.PageCSP(hostrules.Policy{})
	cspHTMLFramable = hostrules.FramableCSP(hostrules.Policy{})
)

// cspNone is for everything that is not a page: JSON, uploads, CSV.
const cspNone = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

type ctxKey int

const adminKey ctxKey = iota

// middleware wraps the router, outermost first: panic recovery, logging, security headers,
// CORS, body limits.
func (s *Server) middleware(h http.Handler) http.Handler {
	h = s.limitBody(h)
	h = s.cors(h)
	h = securityHeaders(h)
	h = s.logRequests(h)
	return s.recoverPanics(h)
}

// securityHeaders sets the headers every answer carries; handlers of HTML override the CSP.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", cspNone)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		hd.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
		h.ServeHTTP(w, r)
	})
}

func setHTMLHeaders(w http.ResponseWriter, framable bool) {
	if framable {
		w.Header().Set("Content-Security-Policy", cspHTMLFramable)
		w.Header().Set("X-Frame-Options", "SAMEORIGIN")
	} else {
		w.Header().Set("Content-Security-Policy", cspHTML)
	}
}

// limitBody caps every request body before any handler reads it.
func (s *Server) limitBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			limit, msg := int64(maxJSONBody), msgBodyTooLarge
			if strings.HasPrefix(strings.ToLower(r.Header.Get("Content-Type")), "multipart/") {
				// A form with an image: what makes it too large is the image (a phone's photo),
				// and that is what the editor is told, as for one under this limit.
				limit, msg = maxMultipartBody, msgImageTooLarge
			}
			if r.ContentLength > limit {
				s.writeError(w, r, domain.Errorf(domain.ETooLarge, "%s", msg))
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		h.ServeHTTP(w, r)
	})
}

// cors lets the allowed origins (the public site on its own host) call the API from a browser.
// Every other origin gets no CORS headers at all, so its scripts cannot read our answers.
func (s *Server) cors(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			h.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Origin")
		if !s.origins[origin] {
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			h.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Access-Control-Allow-Origin", origin)
		w.Header().Set("Access-Control-Expose-Headers", "ETag, Retry-After, X-Next-Cursor")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			w.Header().Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type, Authorization, If-Match")
			w.Header().Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// recoverPanics turns a panic into a logged 500, never a stack trace to the client.
func (s *Server) recoverPanics(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "method", r.Method, "path", logPath(r), "panic", v, "stack", string(debug.Stack()))
				writeJSON(w, http.StatusInternalServerError, map[string]string{"error": msgInternal})
			}
		}()
		h.ServeHTTP(w, r)
	})
}

type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (rec *recorder) WriteHeader(code int) {
	if rec.status == 0 {
		rec.status = code
	}
	rec.ResponseWriter.WriteHeader(code)
}

func (rec *recorder) Write(b []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := rec.ResponseWriter.Write(b)
	rec.bytes += int64(n)
	return n, err
}

func (rec *recorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }

// logRequests writes one line per request. Bodies, query strings, tokens and reset links are
// never logged.
func (s *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		// Reads that went well are the bulk (every page and asset in demo mode): debug. Changes
		// and refusals stay visible at the default level, server errors as errors.
		level := slog.LevelInfo
		switch {
		case rec.status >= 500:
			level = slog.LevelError
		case rec.status < 400 && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			level = slog.LevelDebug
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", logPath(r), "status", rec.status,
			"ms", time.Since(start).Milliseconds(), "bytes", rec.bytes, "ip", s.clientIP(r))
	})
}

// logPath is the request path with the reset token cut off.
func logPath(r *http.Request) string {
	p := r.URL.Path
	if strings.HasPrefix(p, mailkinds.ResetPath) {
		return mailkinds.ResetPath + "…"
	}
	if strings.HasPrefix(p, mailkinds.InvitePath) {
		return mailkinds.InvitePath + "…"
	}
	if len(p) > 200 {
		p = p[:200] + "…"
	}
	return p
}

// clientIP is the address rate limits are keyed by: the connection's peer, or with --trust-proxy
// the last address the proxy appended to X-Forwarded-For (earlier entries are the client's own
// claims).
func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip := net.ParseIP(strings.TrimSpace(parts[len(parts)-1])); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// The role checks: every admin route is wrapped in one of them (router registers them), and a
// route added without one answers nobody, since adminFrom then finds no account.
//
//	s.member(h)          any signed-in account, admin or editor
//	s.can(perm, h)       an account whose role holds perm (editors: PermDrafts, PermUpload)
//	s.admin(h)           admins only
//
// Each checks the bearer token first (401 when missing, bad or expired), then the role (403
// {"error": "Only an admin may …", "permission": "…"}), and puts the account in the context.

// member wraps a handler that any signed-in account may call.
func (s *Server) member(h http.HandlerFunc) http.HandlerFunc { return s.can("", h) }

// admin wraps a handler that only admins may call.
func (s *Server) admin(h http.HandlerFunc) http.HandlerFunc { return s.can(domain.PermAdmin, h) }

// can wraps a handler that needs a signed-in account whose role holds perm ("" for any role).
// The role is read from the database on every request, so a changed role or a removed account
// takes effect at once.
func (s *Server) can(perm domain.Permission, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := s.authenticate(r)
		if err == nil && perm != "" && !a.Can(perm) {
			err = domain.Forbidden(perm)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), adminKey, a)))
	}
}

// adminFrom is the signed-in account of a request that passed a role check.
func adminFrom(ctx context.Context) domain.Admin {
	a, _ := ctx.Value(adminKey).(domain.Admin)
	return a
}
