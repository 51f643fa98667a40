// Package webhook sends events (a new enquiry, a publish) to the URLs an admin configured: each
// event becomes one durable delivery per endpoint in bbolt, signed with the endpoint's secret
// and retried with backoff by one worker until the endpoint answers 2xx or the attempts run
// out; the admin sees every delivery and may retry a failed one. Deliveries survive a restart.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// The headers of a delivery. The signature is HMAC-SHA256, keyed with the endpoint's secret,
// of the timestamp, a dot and the body, in hex after "v1=".
const (
	HeaderEvent     = "X-Webhook-Event"
	HeaderDelivery  = "X-Webhook-Delivery"
	HeaderTimestamp = "X-Webhook-Timestamp" // Unix seconds when this attempt was sent
	HeaderSignature = "X-Webhook-Signature" // "v1=" + hex(HMAC-SHA256(secret, timestamp + "." + body))
)

// Tolerance is how far a receiver should let a delivery's timestamp be from its own clock.
const Tolerance = 5 * time.Minute

// Sign is the signature header's value of a body sent at the timestamp ts (Unix seconds).
func Sign(secret []byte, ts int64, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(strconv.FormatInt(ts, 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "v1=" + hex.EncodeToString(mac.Sum(nil))
}

// Verify is what a receiver does with a delivery: the timestamp must be within Tolerance of
// now (a replayed old delivery fails) and the signature must match the body (constant time).
func Verify(secret []byte, timestamp, signature string, body []byte, now time.Time) error {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return errors.New("webhook: bad timestamp")
	}
	if d := now.Sub(time.Unix(ts, 0)); d > Tolerance || d < -Tolerance {
		return errors.New("webhook: timestamp too old or in the future")
	}
	if !hmac.Equal([]byte(Sign(secret, ts, body)), []byte(signature)) {
		return errors.New("webhook: signature does not match")
	}
	return nil
}

// Event is the JSON body of a delivery in the json format.
type Event struct {
	ID        string    `json:"id"` // the same for every endpoint; a receiver may use it to drop repeats
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"createdAt"`
	Data      any       `json:"data"`
}

// Config wires Hooks.
type Config struct {
	DB     *store.DB
	Log    *slog.Logger
	Client *http.Client // default: 10 s timeout
	// Backoff is the wait after a failed attempt (the first is 1); default 30 s doubling up to
	// 6 h. Tests make it tiny.
	Backoff     func(attempt int) time.Duration
	MaxAttempts int              // default 8 (about two hours of retries with the default backoff)
	Now         func() time.Time // default time.Now
	AdminURL    string           // the admin UI's address, named in events
}

// DefaultBackoff waits 30 s after the first failure, doubling up to 6 hours.
func DefaultBackoff(attempt int) time.Duration {
	d := 30 * time.Second << min(attempt-1, 20)
	return min(d, 6*time.Hour)
}

// Hooks queues events and runs the delivery worker.
type Hooks struct {
	cfg    Config
	wake   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	watchers []chan domain.Delivery // see Watch
}

// New makes the hooks; events are stored from then on, and Start starts the worker that
// delivers them (Close stops it).
func New(cfg Config) *Hooks {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Backoff == nil {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.MaxAttempts == 0 {
		cfg.MaxAttempts = 8
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Hooks{cfg: cfg, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// Start starts the delivery worker; pending deliveries of an earlier run are sent.
func (h *Hooks) Start(context.Context) error {
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go h.run(ctx)
	return nil
}

// Close stops the worker, letting an attempt in flight finish until ctx ends. Pending
// deliveries stay stored for the next start.
func (h *Hooks) Close(ctx context.Context) {
	if h == nil || h.cancel == nil {
		return
	}
	h.cancel()
	select {
	case <-h.done:
	case <-ctx.Done():
	}
}

// Enquiry queues enquiry.created for a new enquiry (not spam).
func (h *Hooks) Enquiry(m domain.Message) {
	data := map[string]any{"_id": m.ID, "name": m.Name, "email": m.Email, "phone": m.Phone,
		"message": m.Message, "source": m.Source, "createdAt": m.CreatedAt}
	if h != nil && h.cfg.AdminURL != "" {
		data["inboxUrl"] = h.cfg.AdminURL + "/admin/enquiries"
	}
	text := fmt.Sprintf("New enquiry from %s (%s, %s):\n%s", m.Name, m.Email, m.Phone, m.Message)
	h.emit(domain.EventEnquiry, m.ID, data, text, "")
}

// Published queues content.published for a record that went live.
func (h *Hooks) Published(kind, slug, title, url, by string) {
	data := map[string]any{"kind": kind, "slug": slug, "title": title, "url": url, "by": by}
	text := fmt.Sprintf("%s published: %s %s", by, title, url)
	h.emit(domain.EventPublished, "", data, text, "")
}

// Ping queues a test event to one endpoint.
func (h *Hooks) Ping(endpointID, by string) (domain.Delivery, error) {
	ds, err := h.queue(domain.EventPing, "", map[string]any{"by": by}, "Test from the Digital Reeviver admin by "+by, endpointID)
	if err != nil || len(ds) == 0 {
		return domain.Delivery{}, err
	}
	return ds[0], nil
}

// emit queues an event to every endpoint that wants it; a failure to store is logged (the
// change that caused the event has already been made).
func (h *Hooks) emit(event, ref string, data any, text, only string) {
	if h == nil {
		return
	}
	if _, err := h.queue(event, ref, data, text, only); err != nil {
		h.cfg.Log.Error("webhook event not queued", "event", event, "err", err)
	}
}

func (h *Hooks) queue(event, ref string, data any, text, only string) ([]domain.Delivery, error) {
	endpoints, err := h.cfg.DB.WebhookEndpoints()
	if err != nil {
		return nil, err
	}
	now := h.cfg.Now().UTC()
	ev := Event{ID: domain.NewID(), Type: event, CreatedAt: now, Data: data}
	var ds []domain.Delivery
	for _, e := range endpoints {
		if !e.Wants(event) || (only != "" && e.ID != only) {
			continue
		}
		var body []byte
		if e.Format == domain.FormatSlack {
			body, err = json.Marshal(map[string]string{"text": text})
		} else {
			body, err = json.Marshal(ev)
		}
		if err != nil {
			return nil, err
		}
		ds = append(ds, domain.Delivery{EventID: ev.ID, Event: event, EndpointID: e.ID, URL: e.URL, Ref: ref,
			Payload: body, Status: domain.DeliveryPending, NextAt: now, CreatedAt: now})
	}
	if len(ds) == 0 {
		return nil, nil
	}
	if ds, err = h.cfg.DB.QueueDeliveries(ds); err != nil {
		return nil, err
	}
	h.Wake()
	return ds, nil
}

// Wake makes the worker look for due deliveries now (after a retry was asked for).
func (h *Hooks) Wake() {
	if h == nil {
		return
	}
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// Watch returns a channel that receives every delivery after each of its attempts, until
// stop is called: for tests and the admin's live view, never blocking the worker.
func (h *Hooks) Watch() (<-chan domain.Delivery, func()) {
	ch := make(chan domain.Delivery, 64)
	h.mu.Lock()
	h.watchers = append(h.watchers, ch)
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		for i, w := range h.watchers {
			if w == ch {
				h.watchers = append(h.watchers[:i], h.watchers[i+1:]...)
				return
			}
		}
	}
}

func (h *Hooks) notify(d domain.Delivery) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, w := range h.watchers {
		select {
		case w <- d:
		default:
		}
	}
}

// run is the worker: it sends what is due, then sleeps until the next delivery is due or it
// is woken.
func (h *Hooks) run(ctx context.Context) {
	defer close(h.done)
	for {
		due, next, err := h.cfg.DB.DueDeliveries(h.cfg.Now(), 20)
		if err != nil {
			h.cfg.Log.Error("webhook deliveries unreadable", "err", err)
			next = h.cfg.Now().Add(time.Minute)
		}
		for _, d := range due {
			if ctx.Err() != nil {
				return
			}
			h.attempt(ctx, d)
		}
		if len(due) > 0 {
			continue // more may be due
		}
		var timer <-chan time.Time
		var t *time.Timer
		if !next.IsZero() {
			t = time.NewTimer(max(next.Sub(h.cfg.Now()), 0))
			timer = t.C
		}
		select {
		case <-ctx.Done():
		case <-h.wake:
		case <-timer:
		}
		if t != nil {
			t.Stop()
		}
		if ctx.Err() != nil {
			return
		}
	}
}

// attempt sends one delivery, stores the outcome and tells the watchers.
func (h *Hooks) attempt(ctx context.Context, d domain.Delivery) {
	endpoint, err := h.endpoint(d.EndpointID)
	d.Attempts++
	if err == nil {
		d.LastStatus, err = h.send(ctx, endpoint, d)
	}
	now := h.cfg.Now().UTC()
	switch {
	case err == nil:
		d.Status, d.DeliveredAt, d.LastError, d.NextAt = domain.DeliveryDelivered, now, "", time.Time{}
	case d.Attempts >= h.cfg.MaxAttempts:
		d.Status, d.LastError, d.NextAt = domain.DeliveryFailed, err.Error(), time.Time{}
		h.cfg.Log.Warn("webhook delivery failed for good", "id", d.ID, "url", d.URL, "attempts", d.Attempts, "err", err)
	default:
		d.LastError, d.NextAt = err.Error(), now.Add(h.cfg.Backoff(d.Attempts))
	}
	if err := h.cfg.DB.UpdateDelivery(d); err != nil {
		h.cfg.Log.Error("webhook delivery not updated", "id", d.ID, "err", err)
	}
	h.notify(d)
}

func (h *Hooks) endpoint(id string) (domain.WebhookEndpoint, error) {
	list, err := h.cfg.DB.WebhookEndpoints()
	if err != nil {
		return domain.WebhookEndpoint{}, err
	}
	for _, e := range list {
		if e.ID == id {
			return e, nil
		}
	}
	return domain.WebhookEndpoint{}, errors.New("the webhook was removed")
}

// send POSTs the delivery's body, signed now; a 2xx answer delivers it.
func (h *Hooks) send(ctx context.Context, e domain.WebhookEndpoint, d domain.Delivery) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.URL, bytes.NewReader(d.Payload))
	if err != nil {
		return 0, err
	}
	ts := h.cfg.Now().Unix()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "DigitalReeviver-Webhook/1")
	req.Header.Set(HeaderEvent, d.Event)
	req.Header.Set(HeaderDelivery, d.EventID)
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(ts, 10))
	req.Header.Set(HeaderSignature, Sign([]byte(e.Secret), ts, d.Payload))
	res, err := h.cfg.Client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("POST %s: %w", e.URL, unwrapURLError(err))
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res.StatusCode, fmt.Errorf("the endpoint answered %s", res.Status)
	}
	return res.StatusCode, nil
}

// unwrapURLError keeps the cause of a failed request without repeating its method and URL.
func unwrapURLError(err error) error {
	msg := err.Error()
	if i := strings.LastIndex(msg, "\": "); i >= 0 {
		return errors.New(msg[i+3:])
	}
	return err
}
