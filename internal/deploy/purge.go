package deploy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"time"
)

// PurgeConfig is the CDN purge hook: after a deploy, the addresses of what changed are POSTed
// to URL as {"files": [...]} in batches, the body Cloudflare's purge_cache call takes, so it
// can be that call itself; any other CDN is one small function away.
type PurgeConfig struct {
	URL     string            // "" : no purge
	Token   string            // sent as "Authorization: Bearer <Token>" when set
	Headers map[string]string // further headers
	BaseURL string            // the site's public URL; the files are absolute when set, paths otherwise
	Batch   int               // addresses per request (default 30, Cloudflare's limit per call)
	Client  *http.Client      // default: a client with a 30 s timeout
}

// purgeList is what the CDN may hold stale: every page and file uploaded again or deleted, as
// visitors address them (a page both as its folder and as index.html). New hashed assets are
// left out: no CDN can hold a file under a name that did not exist.
func (d *Deployer) purgeList(p *Plan, res Result) []string {
	seen := map[string]bool{}
	base := strings.TrimRight(d.cfg.Purge.BaseURL, "/")
	// The CDN serves the prefix as the site's root: an object's address is its key below it.
	add := func(rel string) {
		paths := []string{"/" + rel}
		if rel == "index.html" || strings.HasSuffix(rel, "/index.html") {
			paths = append(paths, "/"+strings.TrimSuffix(rel, "index.html"))
		}
		for _, pth := range paths {
			seen[base+pth] = true
		}
	}
	for _, rel := range res.Uploaded {
		if p.Reasons[rel] == "new" && strings.HasPrefix(rel, "assets/") {
			continue
		}
		add(rel)
	}
	for _, rel := range res.Deleted {
		add(rel)
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// purge posts the addresses in batches, each tried up to four times with backoff.
func (d *Deployer) purge(ctx context.Context, urls []string) error {
	if len(urls) == 0 {
		return nil
	}
	cfg := d.cfg.Purge
	batch := cfg.Batch
	if batch <= 0 {
		batch = 30
	}
	client := cfg.Client
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	for i := 0; i < len(urls); i += batch {
		body, _ := json.Marshal(map[string][]string{"files": urls[i:min(i+batch, len(urls))]})
		var err error
		for attempt, wait := 0, 500*time.Millisecond; attempt < 4; attempt, wait = attempt+1, wait*2 {
			if attempt > 0 {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(wait):
				}
			}
			var retry bool
			if retry, err = d.postPurge(ctx, client, body); err == nil || !retry {
				break
			}
			d.cfg.Logger.Warn("deploy: purge failed, trying again", "attempt", attempt+1, "err", err)
		}
		if err != nil {
			return err
		}
	}
	d.progressf("purged %d addresses through the purge hook\n", len(urls))
	return nil
}

func (d *Deployer) postPurge(ctx context.Context, client *http.Client, body []byte) (retry bool, err error) {
	cfg := d.cfg.Purge
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cfg.URL, bytes.NewReader(body))
	if err != nil {
		return false, fmt.Errorf("purge hook %s: %w", redactURL(cfg.URL), err)
	}
	req.Header.Set("Content-Type", "application/json")
	if cfg.Token != "" {
		req.Header.Set("Authorization", "Bearer "+cfg.Token)
	}
	for k, v := range cfg.Headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		return true, fmt.Errorf("purge hook %s: %w", redactURL(cfg.URL), err)
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode/100 == 2 {
		return false, nil
	}
	retry = resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
	return retry, fmt.Errorf("purge hook %s answered %s: %s", redactURL(cfg.URL), resp.Status, strings.TrimSpace(string(msg)))
}

// redactURL keeps a secret in the hook's query out of logs and errors.
func redactURL(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		return u[:i] + "?…"
	}
	return u
}
