package enquiry

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

// verdict is Cloudflare's answer on one token.
type verdict struct {
	ok    bool
	codes []string // its error-codes when not ok
}

// onlyExpired reports whether the token failed only for its age or a second use
// (timeout-or-duplicate): what a real visitor's token is by the time the intake is drained.
func (v verdict) onlyExpired() bool {
	return !v.ok && len(v.codes) == 1 && v.codes[0] == "timeout-or-duplicate"
}

// verifyTurnstile asks Cloudflare whether token (the form's cf-turnstile-response) is a passed
// challenge, as https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
// describes: not ok when it is not (a missing token fails without a call), an error when
// Cloudflare could not be asked, which must not cost a visitor their enquiry.
func (t Turnstile) verify(ctx context.Context, token, ip string) (verdict, error) {
	if token == "" || len(token) > 2048 {
		return verdict{codes: []string{"missing-input-response"}}, nil
	}
	endpoint := t.VerifyURL
	if endpoint == "" {
		endpoint = TurnstileVerifyURL
	}
	form := url.Values{"secret": {t.Secret}, "response": {token}}
	if ip != "" {
		form.Set("remoteip", ip)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return verdict{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := turnstileClient.Do(req)
	if err != nil {
		return verdict{}, fmt.Errorf("siteverify: %w", err)
	}
	defer res.Body.Close()
	var out struct {
		Success bool     `json:"success"`
		Codes   []string `json:"error-codes"`
	}
	if res.StatusCode != http.StatusOK {
		return verdict{}, fmt.Errorf("siteverify: %s", res.Status)
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&out); err != nil {
		return verdict{}, fmt.Errorf("siteverify answer: %w", err)
	}
	return verdict{ok: out.Success, codes: out.Codes}, nil
}
