// Package webhook sends events (a new enquiry, a publish) to the URLs an admin configured: each
// event becomes one durable delivery per endpoint in bbolt, signed with the endpoint's secret
// and retried with backoff until the endpoint answers 2xx or the attempts run out; the admin sees
// every delivery and may retry a failed one. Deliveries survive a restart. Each endpoint has a
// worker of its own (a lane), so a slow or hanging receiver delays only its own deliveries; a
// request never follows a redirect (the signed body goes only to the address an admin set).
package webhook

import (
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
	DB  *store.DB
	Log *slog.Logger
	// Client sends the requests (default: Timeout). Whatever is given, redirects are not followed.
	Client *http.Client
	// Timeout bounds one request, connection to answer (default 10 s): a receiver that hangs
	// holds its own lane that long, no other.
	Timeout time.Duration
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

// Hooks queues events and runs a delivery worker per endpoint.
type Hooks struct {
	cfg    Config
	wake   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	watchers []chan domain.Delivery // see Watch
	lanes    map[string]*lane       // by endpoint id; only the dispatcher adds and removes
}

// New makes the hooks; events are stored from then on, and Start starts the workers that
// deliver them (Close stops them).
func New(cfg Config) *Hooks {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	client := &http.Client{Timeout: cfg.Timeout}
	if cfg.Client != nil {
		c := *cfg.Client
		client = &c
	}
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	cfg.Client = client
	if cfg.Backoff == nil {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.MaxAttempts == 0 {
		cfg.MaxAttempts = 8
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Hooks{cfg: cfg, wake: make(chan struct{}, 1), done: make(chan struct{}), lanes: map[string]*lane{}}
}

// Start starts the dispatcher and a worker per endpoint; pending deliveries of an earlier run
// are sent.
func (h *Hooks) Start(context.Context) error {
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go h.dispatch(ctx)
	return nil
}

// Close stops the workers, letting attempts in flight finish until ctx ends. Pending
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

// EnquiryDeliveries answers the enquiry.created deliveries of a new enquiry (not spam), one per
// endpoint that wants it, for the store to keep in the transaction that stores the enquiry; the
// caller wakes the worker (Wake) once they are stored. The event's id is the enquiry's, so a
// receiver recognises the same enquiry whatever path or retry brought it.
func (h *Hooks) EnquiryDeliveries(m domain.Message) ([]domain.Delivery, error) {
	if h == nil {
		return nil, nil
	}
	data := map[string]any{"_id": m.ID, "name": m.Name, "email": m.Email, "phone": m.Phone,
		"message": m.Message, "source": m.Source, "createdAt": m.CreatedAt}
	if m.PhoneE164 != "" {
		data["phoneE164"] = m.PhoneE164
	}
	if m.Via != "" {
		data["via"] = m.Via
	}
	if h.cfg.AdminURL != "" {
		data["inboxUrl"] = h.cfg.AdminURL + "/admin/enquiries"
	}
	contact := m.PhoneDisplay()
	if m.Email != "" {
		contact = m.Email + ", " + contact
	}
	text := fmt.Sprintf("New enquiry from %s (%s):\n%s", m.Name, contact, m.Message)
	return h.deliveries(domain.EventEnquiry, m.ID, m.ID, data, text, "")
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
	ds, err := h.deliveries(event, domain.NewID(), ref, data, text, only)
	if err != nil || len(ds) == 0 {
		return nil, err
	}
	if ds, err = h.cfg.DB.QueueDeliveries(ds); err != nil {
		return nil, err
	}
	h.Wake()
	return ds, nil
}

// deliveries makes the deliveries of one event to every endpoint that wants it (or only to the
// endpoint only), in the format each asks for.
func (h *Hooks) deliveries(event, eventID, ref string, data any, text, only string) ([]domain.Delivery, error) {
	endpoints, err := h.cfg.DB.WebhookEndpoints()
	if err != nil {
		return nil, err
	}
	now := h.cfg.Now().UTC()
	ev := Event{ID: eventID, Type: event, CreatedAt: now, Data: data}
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
	return ds, nil
}

// Wake makes every endpoint's worker look for due deliveries now (after an event was queued or
// a retry was asked for), and starts the worker of a new endpoint.
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
// stop is called: for tests and the admin's live view, never blocking a worker.
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
