package api

import (
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"digitalreeviver/internal/disk"
	"digitalreeviver/internal/domain"
)

// statusOf is the one table from domain error code to HTTP status.
var statusOf = map[string]int{
	domain.EInvalid:      http.StatusBadRequest,
	domain.EUnauthorized: http.StatusUnauthorized,
	domain.EForbidden:    http.StatusForbidden,
	domain.ENotFound:     http.StatusNotFound,
	domain.EConflict:     http.StatusConflict,
	domain.ETooLarge:     http.StatusRequestEntityTooLarge,
	domain.EUnsupported:  http.StatusUnsupportedMediaType,
	domain.ERateLimited:  http.StatusTooManyRequests,
	domain.EUnavailable:  http.StatusServiceUnavailable,
	domain.EStorageFull:  http.StatusInsufficientStorage,
	domain.EInternal:     http.StatusInternalServerError,
}

// The messages of the API contract that no domain rule names.
const (
	msgUnauthorized = "Unauthorized: Please log in."
	msgInternal     = "internal error"
	msgBodyTooLarge = "Request body is too large."
	// A full disk, to whoever works in the admin (an upload, a save) and to a visitor (an
	// enquiry): the first can act on it, the second can only come back.
	msgDiskFull        = "Not saved: the server's disk is full. Free some space on the server (old backups, logs, unused images), or ask whoever runs it to, then try again."
	msgDiskFullEnquiry = "Your message could not be saved: our server's disk is full. Please try again later, or call or e-mail us."
)

// diskFull turns a write refused for want of room (disk.IsFull) into the error that says so
// (507); any other error is answered as it is. It is logged, as internal errors are: whoever
// runs the server must act.
func (s *Server) diskFull(r *http.Request, err error) error {
	if !disk.IsFull(err) {
		return err
	}
	s.log.Error("disk full: a write was refused", "method", r.Method, "path", logPath(r), "err", err)
	if r.URL.Path == "/popup" {
		return domain.Errorf(domain.EStorageFull, msgDiskFullEnquiry)
	}
	return domain.Errorf(domain.EStorageFull, msgDiskFull)
}

// writeError answers err as {"error": "..."} with its status. Only internal errors are logged,
// and their text never reaches the client.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	err = s.diskFull(r, err)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		err = domain.Errorf(domain.ETooLarge, msgBodyTooLarge)
	}
	// A stale If-Match answers the record as it is now, with its version, so the client can
	// offer to reload it or to overwrite it.
	var stale *staleError
	if errors.As(err, &stale) {
		setETag(w, stale.current)
		writeJSON(w, http.StatusConflict, map[string]any{"error": stale.Error(), stale.current.Kind().Name: stale.current})
		return
	}
	code := domain.ErrorCode(err)
	msg := domain.ErrorMessage(err)
	if code == domain.EInternal {
		s.log.Error("internal error", "method", r.Method, "path", logPath(r), "err", err)
		msg = msgInternal
	}
	var ra interface{ RetryAfter() time.Duration }
	if errors.As(err, &ra) {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ra.RetryAfter().Seconds()))))
	}
	body := map[string]string{"error": msg}
	// A refusal by role names the permission, so a client can tell it from a session that
	// ended (401) and keep the user signed in.
	var ce *domain.Error
	if errors.As(err, &ce) && ce.Permission != "" {
		body["permission"] = string(ce.Permission)
	}
	if ce != nil && ce.Confirm != "" {
		body["confirm"] = ce.Confirm
	}
	writeJSON(w, statusOf[code], body)
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(data, '\n'))
}

// handleNotFound answers unknown paths: the site's 404 page in demo mode for a browser's GET,
// JSON otherwise.
func (s *Server) handleNotFound(w http.ResponseWriter, r *http.Request) {
	if s.cfg.ServeSite && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		s.serveSite(w, r)
		return
	}
	writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found."})
}

func (s *Server) handleMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "Method not allowed."})
}
