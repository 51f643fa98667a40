package intake

import (
	"encoding/base64"
	"encoding/json"
	"time"

	"github.com/minio/minio-go/v7/pkg/signer"
)

// MaxObjectBytes bounds one enquiry object: the fields' limits (a 100-character name, a
// 254-byte address, a 32-character phone, a 2,000-character message) at six bytes a character,
// the most JSON makes of one (a control character written \u0001; Hindi takes three), a
// Turnstile token and room for fields later forms add. The policy refuses anything larger.
const MaxObjectBytes = 32 << 10

// PolicyLife is how long a signed policy lets pages upload: it is re-signed every day and with
// every build, so a week covers a server down for days; S3 allows at most seven.
const PolicyLife = 7 * 24 * time.Hour

// ContentType is the only type an enquiry object may have.
const ContentType = "application/json"

// Policy is the site's intake.json: what a page needs to upload an enquiry, or that it may not.
type Policy struct {
	Enabled  bool              `json:"enabled"`
	URL      string            `json:"url,omitempty"`
	Prefix   string            `json:"prefix,omitempty"`
	Expires  time.Time         `json:"expires,omitzero"`
	MaxBytes int               `json:"maxBytes,omitempty"`
	Fields   map[string]string `json:"fields,omitempty"` // the form fields of S3's POST Object
}

// File is the policy as the site publishes it.
func (p Policy) File() []byte {
	data, _ := json.Marshal(p)
	return append(data, '\n')
}

// DefaultResign is how often the policy is signed anew: daily, which AWS S3 takes for the
// policy's whole week. A store that holds x-amz-date to the hour (Versity's gateway refuses one
// over an hour old) needs a shorter period: INTAKE_RESIGN=30m.
const DefaultResign = 24 * time.Hour

// Sign is the upload policy of the period (Config.Resign, a day by default) that now falls in,
// signed with the upload key (a SigV4 POST policy): the bucket, keys under the intake prefix,
// the content type, the length range, and an expiry a week after the period began. Signed for
// the period rather than the moment, so every build of one period publishes the same bytes and
// a build with nothing else changed stays a no-op.
func (c Config) Sign(now time.Time) Policy {
	period := c.Resign
	if period <= 0 {
		period = DefaultResign
	}
	start := now.UTC().Truncate(period)
	return c.signAt(start, start.Add(PolicyLife))
}

func (c Config) signAt(day, expires time.Time) Policy {
	credential := signer.GetCredential(c.Upload.ID, c.Region, day, "s3")
	amzDate := day.UTC().Format("20060102T150405Z")
	doc := map[string]any{
		"expiration": expires.Format("2006-01-02T15:04:05.000Z"),
		"conditions": []any{
			map[string]string{"bucket": c.Bucket},
			[]any{"starts-with", "$key", c.Prefix()},
			map[string]string{"Content-Type": ContentType},
			[]any{"content-length-range", 1, MaxObjectBytes},
			map[string]string{"x-amz-algorithm": "AWS4-HMAC-SHA256"},
			map[string]string{"x-amz-credential": credential},
			map[string]string{"x-amz-date": amzDate},
		},
	}
	raw, _ := json.Marshal(doc)
	policy := base64.StdEncoding.EncodeToString(raw)
	return Policy{Enabled: true, URL: c.UploadURL(), Prefix: c.Prefix(), Expires: expires, MaxBytes: MaxObjectBytes,
		Fields: map[string]string{
			"Content-Type":     ContentType,
			"policy":           policy,
			"x-amz-algorithm":  "AWS4-HMAC-SHA256",
			"x-amz-credential": credential,
			"x-amz-date":       amzDate,
			"x-amz-signature":  signer.PostPresignSignatureV4(policy, day, c.Upload.Secret, c.Region),
		}}
}
