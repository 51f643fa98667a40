package api

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
)

func (s *Server) registerWebhookRoutes(r *mux.Router) {
	site := func(h http.HandlerFunc) http.HandlerFunc { return s.can(domain.PermSite, h) }
	r.HandleFunc("/api/webhooks", site(s.handleWebhookList)).Methods("GET")
	r.HandleFunc("/api/webhooks", site(s.handleWebhookAdd)).Methods("POST")
	r.HandleFunc("/api/webhooks/deliveries", site(s.handleDeliveryList)).Methods("GET")
	r.HandleFunc("/api/webhooks/deliveries/{id}/retry", site(s.handleDeliveryRetry)).Methods("POST")
	r.HandleFunc("/api/webhooks/{id}", site(s.handleWebhookRemove)).Methods("DELETE")
	r.HandleFunc("/api/webhooks/{id}/test", site(s.handleWebhookTest)).Methods("POST")
}

// handleWebhookList handles GET /api/webhooks: the endpoints, with their secrets (admins
// configure the receivers with them).
func (s *Server) handleWebhookList(w http.ResponseWriter, r *http.Request) {
	list, err := s.db.WebhookEndpoints()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(list))
}

// handleWebhookAdd handles POST /api/webhooks {url, events, format}: a new endpoint with a
// fresh secret.
func (s *Server) handleWebhookAdd(w http.ResponseWriter, r *http.Request) {
	var in struct {
		URL    string   `json:"url"`
		Events []string `json:"events"`
		Format string   `json:"format"`
	}
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Format == "" {
		in.Format = domain.FormatJSON
	}
	var secret [32]byte
	_, _ = rand.Read(secret[:])
	e := domain.WebhookEndpoint{ID: domain.NewID(), URL: strings.TrimSpace(in.URL), Events: in.Events, Format: in.Format,
		Secret: "whsec_" + hex.EncodeToString(secret[:]), CreatedBy: adminFrom(r.Context()).Username, CreatedAt: time.Now().UTC()}
	if err := domain.ValidateWebhook(e); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.db.PutWebhookEndpoint(e); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditWebhook, "webhook", e.URL, "added for "+strings.Join(e.Events, ", "))
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Webhook added.", "webhook": e})
}

// handleWebhookRemove handles DELETE /api/webhooks/{id}; its pending deliveries go with it.
func (s *Server) handleWebhookRemove(w http.ResponseWriter, r *http.Request) {
	e, err := s.db.DeleteWebhookEndpoint(mux.Vars(r)["id"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.audit(r, domain.AuditWebhook, "webhook", e.URL, "removed")
	writeJSON(w, http.StatusOK, map[string]string{"message": "Webhook removed."})
}

// handleWebhookTest handles POST /api/webhooks/{id}/test: a ping event to that endpoint.
func (s *Server) handleWebhookTest(w http.ResponseWriter, r *http.Request) {
	if s.hooks == nil {
		s.writeError(w, r, domain.Errorf(domain.EUnavailable, "Webhooks are not running."))
		return
	}
	d, err := s.hooks.Ping(mux.Vars(r)["id"], adminFrom(r.Context()).Username)
	if err == nil && d.ID == 0 {
		err = domain.Errorf(domain.ENotFound, "No such webhook.")
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"message": "Test event queued.", "delivery": d})
}

// handleDeliveryList handles GET /api/webhooks/deliveries?limit=: the newest deliveries.
func (s *Server) handleDeliveryList(w http.ResponseWriter, r *http.Request) {
	limit, _, err := pageParams(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.db.Deliveries(limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(list))
}

// handleDeliveryRetry handles POST /api/webhooks/deliveries/{id}/retry: a failed delivery gets a
// fresh round of attempts, starting now.
func (s *Server) handleDeliveryRetry(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseUint(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		s.writeError(w, r, domain.Errorf(domain.ENotFound, "No such delivery."))
		return
	}
	d, err := s.db.RetryDelivery(id, time.Now().UTC())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.hooks.Wake()
	s.audit(r, domain.AuditRetryDelivery, "webhook", d.URL, d.Event+" delivery "+strconv.FormatUint(d.ID, 10))
	writeJSON(w, http.StatusAccepted, map[string]any{"message": "Delivery queued again.", "delivery": d})
}
