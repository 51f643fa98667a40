package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// TurnstileVerifyURL is Cloudflare's endpoint that checks a Turnstile token.
const TurnstileVerifyURL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"

// Turnstile configures Cloudflare Turnstile on the enquiry forms. Without a Secret nothing is
// checked and no call goes out; the site shows the widget when its site key is configured.
type Turnstile struct {
	Secret    string
	VerifyURL string // default TurnstileVerifyURL
}

var turnstileClient = &http.Client{Timeout: 10 * time.Second}

// verifyTurnstile asks Cloudflare whether token (the form's cf-turnstile-response) is a passed
// challenge, as https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
// describes: false when it is not (a missing token fails without a call), an error when
// Cloudflare could not be asked, which must not cost a visitor their enquiry.
func (s *Server) verifyTurnstile(ctx context.Context, token, ip string) (bool, error) {
	if token == "" || len(token) > 2048 {
		return false, nil
	}
	endpoint := s.cfg.Turnstile.VerifyURL
	if endpoint == "" {
		endpoint = TurnstileVerifyURL
	}
	form := url.Values{"secret": {s.cfg.Turnstile.Secret}, "response": {token}, "remoteip": {ip}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return false, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := turnstileClient.Do(req)
	if err != nil {
		return false, fmt.Errorf("siteverify: %w", err)
	}
	defer res.Body.Close()
	var out struct {
		Success bool     `json:"success"`
		Codes   []string `json:"error-codes"`
	}
	if res.StatusCode != http.StatusOK {
		return false, fmt.Errorf("siteverify: %s", res.Status)
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&out); err != nil {
		return false, fmt.Errorf("siteverify answer: %w", err)
	}
	if !out.Success {
		s.log.Info("turnstile challenge not passed", "codes", strings.Join(out.Codes, ","))
	}
	return out.Success, nil
}
