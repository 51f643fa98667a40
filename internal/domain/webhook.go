package domain

import (
	"encoding/json"
	"net/url"
	"strings"
	"time"
)

// The events a webhook endpoint may receive.
const (
	EventEnquiry   = "enquiry.created"   // a new enquiry that is not spam
	EventPublished = "content.published" // a draft went live
	EventPing      = "ping"              // the admin's test of an endpoint
)

// Events lists the events an endpoint may subscribe to.
var Events = []string{EventEnquiry, EventPublished}

// The formats an endpoint receives events in.
const (
	FormatJSON  = "json"  // the event as JSON, signed (see docs/API.md, Webhooks)
	FormatSlack = "slack" // {"text": …} for a Slack (or Mattermost, Teams, Discord /slack) incoming webhook
)

// WebhookEndpoint is a URL that receives events, with the secret its deliveries are signed with.
type WebhookEndpoint struct {
	ID        string    `json:"id"`
	URL       string    `json:"url"`
	Events    []string  `json:"events"`
	Format    string    `json:"format"`
	Secret    string    `json:"secret"`
	CreatedBy string    `json:"createdBy"`
	CreatedAt time.Time `json:"createdAt"`
}

// Wants reports whether the endpoint subscribed to event (every endpoint gets pings).
func (e WebhookEndpoint) Wants(event string) bool {
	if event == EventPing {
		return true
	}
	for _, v := range e.Events {
		if v == event {
			return true
		}
	}
	return false
}

// ValidateWebhook checks an endpoint an admin configures: an http(s) URL without credentials,
// known events, a known format.
func ValidateWebhook(e WebhookEndpoint) error {
	u, err := url.Parse(e.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		len(e.URL) > 2000 || strings.ContainsAny(e.URL, " \r\n") {
		return Errorf(EInvalid, "The URL must be an http:// or https:// address.")
	}
	if len(e.Events) == 0 {
		return Errorf(EInvalid, "Choose at least one event.")
	}
	for _, ev := range e.Events {
		known := false
		for _, k := range Events {
			known = known || ev == k
		}
		if !known {
			return Errorf(EInvalid, "Unknown event %q.", ev)
		}
	}
	if e.Format != FormatJSON && e.Format != FormatSlack {
		return Errorf(EInvalid, "Format must be json or slack.")
	}
	return nil
}

// The states of a delivery.
const (
	DeliveryPending   = "pending"   // waiting for its (next) attempt
	DeliveryDelivered = "delivered" // the endpoint answered 2xx
	DeliveryFailed    = "failed"    // every attempt failed; an admin may retry it
)

// Delivery is one event on its way to one endpoint, kept durably until it is delivered or has
// failed every attempt, and for a while after so the admin sees how it went.
type Delivery struct {
	ID          uint64          `json:"id"`
	EventID     string          `json:"eventId"` // the same for every endpoint of one event
	Event       string          `json:"event"`
	EndpointID  string          `json:"endpointId"`
	URL         string          `json:"url"`
	Ref         string          `json:"ref,omitempty"` // the enquiry an event names, so erasing it erases this
	Payload     json.RawMessage `json:"payload"`
	Status      string          `json:"status"`
	Attempts    int             `json:"attempts"`
	NextAt      time.Time       `json:"nextAt,omitzero"`
	LastStatus  int             `json:"lastStatus,omitempty"` // the endpoint's last HTTP status
	LastError   string          `json:"lastError,omitempty"`
	CreatedAt   time.Time       `json:"createdAt"`
	DeliveredAt time.Time       `json:"deliveredAt,omitzero"`
}
