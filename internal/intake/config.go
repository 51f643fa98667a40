// Package intake is the second way in for enquiries, for when the form endpoint cannot be
// reached: a private bucket the pages upload an enquiry to with S3's POST Object, under a policy
// this package signs and the site publishes (intake.json), and the drain that takes what arrives
// there through the same acceptance as POST /popup (internal/enquiry), oldest first and capped
// per minute, quarantines what fails, holds floods, and deletes each object once its enquiry is
// stored. It also sets the bucket up (CORS, lifecycle) and reports its state to the dashboard.
package intake

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"digitalreeviver/internal/deploy"
)

// Key is one access key of the intake bucket.
type Key struct{ ID, Secret string }

// Config says where the intake bucket is and with which keys it is reached. The upload key
// signs the pages' upload policy and may only put objects under the intake prefix; the drain key
// lists, reads, copies (to quarantine) and deletes. Neither is the site bucket's key: what the
// CDN serves never holds an enquiry.
type Config struct {
	Bucket    string
	Base      string // a prefix of the bucket the intake lives under ("" or "site/")
	Endpoint  string // the store's URL; "" is AWS S3
	Region    string
	PathStyle bool
	// PublicURL is where the pages post (the bucket's URL as the browser reaches it); default
	// derived from Endpoint, Region and Bucket.
	PublicURL string
	Upload    Key
	Drain     Key
	Resign    time.Duration // how often the policy is signed anew (default DefaultResign)
}

// ConfigFromEnv reads INTAKE_TARGET (s3://BUCKET[/PREFIX]: unset, no intake),
// INTAKE_ENDPOINT_URL (default AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL), INTAKE_REGION (default
// AWS_REGION, us-east-1), INTAKE_PUBLIC_URL, INTAKE_UPLOAD_ACCESS_KEY_ID and
// INTAKE_UPLOAD_SECRET_ACCESS_KEY, INTAKE_DRAIN_ACCESS_KEY_ID and
// INTAKE_DRAIN_SECRET_ACCESS_KEY, INTAKE_RESIGN (how often the policy is signed anew: 24h) and
// AWS_S3_FORCE_PATH_STYLE. ok is false when no intake is
// configured.
func ConfigFromEnv(getenv func(string) string) (cfg Config, ok bool, err error) {
	target := getenv("INTAKE_TARGET")
	if target == "" {
		return cfg, false, nil
	}
	t, err := deploy.ParseTarget(target)
	if err != nil {
		return cfg, false, fmt.Errorf("INTAKE_TARGET: %w", err)
	}
	first := func(names ...string) string {
		for _, n := range names {
			if v := getenv(n); v != "" {
				return v
			}
		}
		return ""
	}
	cfg = Config{Bucket: t.Bucket, Base: t.Prefix,
		Endpoint:  first("INTAKE_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"),
		Region:    first("INTAKE_REGION", "AWS_REGION", "AWS_DEFAULT_REGION"),
		PathStyle: getenv("AWS_S3_FORCE_PATH_STYLE") == "true",
		PublicURL: getenv("INTAKE_PUBLIC_URL"),
		Upload:    Key{getenv("INTAKE_UPLOAD_ACCESS_KEY_ID"), getenv("INTAKE_UPLOAD_SECRET_ACCESS_KEY")},
		Drain:     Key{getenv("INTAKE_DRAIN_ACCESS_KEY_ID"), getenv("INTAKE_DRAIN_SECRET_ACCESS_KEY")},
	}
	if v := getenv("INTAKE_RESIGN"); v != "" {
		if cfg.Resign, err = time.ParseDuration(v); err != nil || cfg.Resign < time.Minute || cfg.Resign > 24*time.Hour {
			return cfg, false, fmt.Errorf("INTAKE_RESIGN=%q: a duration from 1m to 24h", v)
		}
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	return cfg, true, cfg.check()
}

func (c Config) check() error {
	if c.Upload.ID == "" || c.Upload.Secret == "" {
		return errors.New("intake: set INTAKE_UPLOAD_ACCESS_KEY_ID and INTAKE_UPLOAD_SECRET_ACCESS_KEY (the key that may only put objects under the intake prefix)")
	}
	if c.Drain.ID == "" || c.Drain.Secret == "" {
		return errors.New("intake: set INTAKE_DRAIN_ACCESS_KEY_ID and INTAKE_DRAIN_SECRET_ACCESS_KEY (the key that reads and deletes them)")
	}
	if c.Upload.ID == c.Drain.ID {
		return errors.New("intake: the upload key and the drain key must differ: the upload key's signature is published on the site")
	}
	if _, err := url.Parse(c.UploadURL()); err != nil {
		return fmt.Errorf("intake: bucket URL: %w", err)
	}
	return nil
}

// CheckApart refuses an intake bucket that is the site's: the bucket of the deploy target
// site on the store at endpoint ("" is AWS S3, whose bucket names are global). What the site's
// bucket holds is served to anyone through the CDN, and the intake holds enquiries.
func (c Config) CheckApart(site deploy.Target, endpoint string) error {
	if c.Bucket != site.Bucket || storeOf(c.Endpoint) != storeOf(endpoint) {
		return nil
	}
	return fmt.Errorf("the intake bucket (INTAKE_TARGET s3://%s/%s) is the site's bucket (%s): whatever the site's bucket holds "+
		"is public through the CDN, and the intake holds enquiries. Give the intake a private bucket of its own "+
		"(docs/DEPLOY.md, When the form server is down)", c.Bucket, c.Base, site)
}

// storeOf names the store of an endpoint URL for comparison: its host and port, lowercase; ""
// for AWS S3 (no endpoint, or one of AWS's own).
func storeOf(endpoint string) string {
	if endpoint == "" {
		return ""
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" {
		return strings.ToLower(strings.TrimRight(endpoint, "/"))
	}
	host := strings.ToLower(u.Host)
	if strings.HasSuffix(u.Hostname(), ".amazonaws.com") {
		return ""
	}
	return host
}

// Prefix is where the pages put enquiries: <base>intake/<id>.json.
func (c Config) Prefix() string { return c.Base + "intake/" }

// QuarantinePrefix is where what fails the checks waits, until the lifecycle rule expires it.
func (c Config) QuarantinePrefix() string { return c.Base + "quarantine/" }

// endpointURL is the store's URL with a scheme.
func (c Config) endpointURL() *url.URL {
	if c.Endpoint == "" {
		host := "s3.amazonaws.com"
		if c.Region != "" && c.Region != "us-east-1" {
			host = "s3." + c.Region + ".amazonaws.com"
		}
		return &url.URL{Scheme: "https", Host: host}
	}
	u, err := url.Parse(c.Endpoint)
	if err != nil || u.Host == "" {
		return &url.URL{Scheme: "https", Host: strings.TrimPrefix(c.Endpoint, "https://")}
	}
	return u
}

// pathStyle reports whether the bucket is addressed as a path: always, but on AWS without
// PathStyle (and for bucket names with dots, which break TLS on virtual hosts).
func (c Config) pathStyle() bool {
	return c.PathStyle || c.Endpoint != "" || strings.Contains(c.Bucket, ".")
}

// UploadURL is where the pages post their enquiries.
func (c Config) UploadURL() string {
	if c.PublicURL != "" {
		return strings.TrimRight(c.PublicURL, "/") + "/"
	}
	u := c.endpointURL()
	if c.pathStyle() {
		return u.Scheme + "://" + u.Host + "/" + c.Bucket + "/"
	}
	return u.Scheme + "://" + c.Bucket + "." + u.Host + "/"
}

// Origin is the origin of UploadURL: the one address the pages' policy (CSP connect-src) adds.
func (c Config) Origin() string {
	u, err := url.Parse(c.UploadURL())
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// client is an S3 client of the bucket with key.
func (c Config) client(key Key) (*minio.Client, error) {
	u := c.endpointURL()
	lookup := minio.BucketLookupDNS
	if c.pathStyle() {
		lookup = minio.BucketLookupPath
	}
	return minio.New(u.Host, &minio.Options{Creds: credentials.NewStaticV4(key.ID, key.Secret, ""),
		Secure: u.Scheme == "https", Region: c.Region, BucketLookup: lookup})
}

// DrainClient is an S3 client with the drain key (for setup and tests).
func (c Config) DrainClient() (*minio.Client, error) { return c.client(c.Drain) }

// exists reports whether the bucket answers the drain key.
func (c Config) exists(ctx context.Context, cl *minio.Client) error {
	ok, err := cl.BucketExists(ctx, c.Bucket)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("bucket %s does not exist (sitegen deploy --setup-intake makes it)", c.Bucket)
	}
	return nil
}
