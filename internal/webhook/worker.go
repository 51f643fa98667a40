package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"digitalreeviver/internal/domain"
)

// The deliveries go out through one lane per endpoint: a goroutine that sends its endpoint's
// due deliveries one after the other, oldest first, and sleeps until the next is due or it is
// woken. A receiver that hangs holds its own lane for at most Config.Timeout a request; every
// other endpoint's lane goes on. The dispatcher keeps one lane per configured endpoint (an
// endpoint removed takes its pending deliveries with it, so its lane has nothing left to do).

// lane is the worker of one endpoint.
type lane struct {
	wake   chan struct{}
	cancel context.CancelFunc
}

func (l *lane) poke() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// dispatch starts and stops the lanes as endpoints come and go, and wakes them when asked.
func (h *Hooks) dispatch(ctx context.Context) {
	defer close(h.done)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		h.refresh(ctx, &wg)
		select {
		case <-ctx.Done():
			return
		case <-h.wake:
		}
	}
}

// refresh makes the lanes match the configured endpoints and wakes every one.
func (h *Hooks) refresh(ctx context.Context, wg *sync.WaitGroup) {
	endpoints, err := h.cfg.DB.WebhookEndpoints()
	if err != nil {
		h.cfg.Log.Error("webhook endpoints unreadable", "err", err)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	live := map[string]bool{}
	for _, e := range endpoints {
		live[e.ID] = true
		l, ok := h.lanes[e.ID]
		if !ok {
			lctx, cancel := context.WithCancel(ctx)
			l = &lane{wake: make(chan struct{}, 1), cancel: cancel}
			h.lanes[e.ID] = l
			wg.Add(1)
			go func(id string) {
				defer wg.Done()
				h.runLane(lctx, id, l)
			}(e.ID)
		}
		l.poke()
	}
	for id, l := range h.lanes {
		if !live[id] {
			l.cancel()
			delete(h.lanes, id)
		}
	}
}

// runLane sends the endpoint's due deliveries, then sleeps until the next is due or it is woken.
func (h *Hooks) runLane(ctx context.Context, endpointID string, l *lane) {
	for ctx.Err() == nil {
		due, next, err := h.cfg.DB.DueDeliveries(endpointID, h.cfg.Now(), 20)
		if err != nil {
			h.cfg.Log.Error("webhook deliveries unreadable", "endpoint", endpointID, "err", err)
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
		case <-l.wake:
		case <-timer:
		}
		if t != nil {
			t.Stop()
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

// send POSTs the delivery's body, signed now, to the endpoint's URL and nowhere else: a 2xx
// answer delivers it; a redirect is a failed attempt (its status recorded), never followed, so
// the signed body cannot be sent on to an address no admin configured.
func (h *Hooks) send(ctx context.Context, e domain.WebhookEndpoint, d domain.Delivery) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.Timeout)
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
	switch {
	case res.StatusCode >= 300 && res.StatusCode <= 399:
		return res.StatusCode, fmt.Errorf("the endpoint answered %s, redirecting to %s: webhooks never follow redirects, so set the webhook's URL to the final address",
			res.Status, printable(res.Header.Get("Location"), 300))
	case res.StatusCode < 200 || res.StatusCode > 299:
		return res.StatusCode, fmt.Errorf("the endpoint answered %s", res.Status)
	}
	return res.StatusCode, nil
}

// printable is s without control characters, cut to n bytes, or "nowhere" when empty: a
// receiver's header shown to the admin.
func printable(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "…"
	}
	if s == "" {
		return "nowhere"
	}
	return s
}

// unwrapURLError keeps the cause of a failed request without repeating its method and URL.
func unwrapURLError(err error) error {
	msg := err.Error()
	if i := strings.LastIndex(msg, "\": "); i >= 0 {
		return errors.New(msg[i+3:])
	}
	return err
}
