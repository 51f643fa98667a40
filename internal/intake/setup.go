package intake

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/cors"
	"github.com/minio/minio-go/v7/pkg/lifecycle"
)

// SetupOptions says how to set the intake bucket up.
type SetupOptions struct {
	Origins        []string // the site's origins, the only ones whose pages may post (CORS)
	QuarantineDays int      // how long quarantined objects stay (default 14)
	DryRun         bool     // say what would be done, change nothing
	Out            io.Writer
	// Owner is a key that may make the bucket and set its rules (the deploy's AWS_* key);
	// default the drain key.
	Owner Key
	// GrantKeys writes a bucket policy granting the two keys their rights, naming them by their
	// access key ids: for stores whose accounts are so named (Versity's gateway). On AWS the
	// keys' IAM policies grant them instead (KeyPolicies).
	GrantKeys bool
}

// Setup makes the intake bucket ready, with the owner's key: made when
// missing, CORS for the site's origins (POST only), lifecycle rules (quarantine expires after
// QuarantineDays, anything left under the intake prefix after 30), and prints the least-privilege
// policies of the two keys, which the store's IAM applies (the keys are the operator's to make).
// A store that takes no lifecycle rules is said so: the drain then expires the quarantine itself.
func Setup(ctx context.Context, cfg Config, o SetupOptions) error {
	if o.QuarantineDays <= 0 {
		o.QuarantineDays = 14
	}
	if len(o.Origins) == 0 {
		return fmt.Errorf("intake setup: no site origin for CORS (--origin https://www.example.com)")
	}
	say := func(format string, args ...any) { fmt.Fprintf(o.Out, format+"\n", args...) }
	if o.DryRun {
		say("dry run: nothing is changed")
	}
	if o.Owner.ID == "" {
		o.Owner = cfg.Drain
	}
	cl, err := cfg.client(o.Owner)
	if err != nil {
		return err
	}
	ok, err := cl.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return fmt.Errorf("intake setup: %w", err)
	}
	if !ok {
		say("make the private bucket %s (%s)", cfg.Bucket, cfg.Region)
		if !o.DryRun {
			if err := cl.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
				return fmt.Errorf("intake setup: make bucket: %w", err)
			}
		}
	}
	say("CORS: POST from %s, nothing else", strings.Join(o.Origins, ", "))
	if !o.DryRun {
		rules := cors.NewConfig([]cors.Rule{{AllowedOrigin: o.Origins, AllowedMethod: []string{"POST"},
			AllowedHeader: []string{"*"}, MaxAgeSeconds: 3600}})
		if err := cl.SetBucketCors(ctx, cfg.Bucket, rules); err != nil {
			return fmt.Errorf("intake setup: CORS: %w", err)
		}
	}
	say("lifecycle: %s expires after %d days, %s after 30", cfg.QuarantinePrefix(), o.QuarantineDays, cfg.Prefix())
	if !o.DryRun {
		lc := lifecycle.NewConfiguration()
		lc.Rules = []lifecycle.Rule{
			{ID: "intake-quarantine", Status: "Enabled", RuleFilter: lifecycle.Filter{Prefix: cfg.QuarantinePrefix()},
				Expiration: lifecycle.Expiration{Days: lifecycle.ExpirationDays(o.QuarantineDays)}},
			{ID: "intake-leftovers", Status: "Enabled", RuleFilter: lifecycle.Filter{Prefix: cfg.Prefix()},
				Expiration: lifecycle.Expiration{Days: 30}},
		}
		if err := cl.SetBucketLifecycle(ctx, cfg.Bucket, lc); err != nil {
			code := minio.ToErrorResponse(err).Code
			if code != "NotImplemented" && code != "NotSupported" {
				return fmt.Errorf("intake setup: lifecycle: %w", err)
			}
			say("  this store takes no lifecycle rules (%s): the drain deletes quarantined objects after %d days itself", code, o.QuarantineDays)
		}
	}
	if o.GrantKeys {
		say("bucket policy: the upload key may put under %s, the drain key read, copy and delete there and under %s", cfg.Prefix(), cfg.QuarantinePrefix())
		if !o.DryRun {
			if err := cl.SetBucketPolicy(ctx, cfg.Bucket, BucketPolicy(cfg)); err != nil {
				return fmt.Errorf("intake setup: bucket policy: %w", err)
			}
		}
		return nil
	}
	say("\nThe two keys, made in the store's IAM with these policies (docs/DEPLOY.md):\n%s", KeyPolicies(cfg))
	return nil
}

// BucketPolicy grants the two keys their rights on the bucket, naming them by their access key
// ids. The upload key's statement names the bucket too: Versity's gateway checks a POST Object
// against the bucket's ARN (AWS against the object's); it still writes no other key.
func BucketPolicy(cfg Config) string {
	arn := "arn:aws:s3:::" + cfg.Bucket
	return `{"Version":"2012-10-17","Statement":[
 {"Effect":"Allow","Principal":{"AWS":["` + cfg.Upload.ID + `"]},"Action":["s3:PutObject"],"Resource":["` + arn + `/` + cfg.Prefix() + `*","` + arn + `"]},
 {"Effect":"Allow","Principal":{"AWS":["` + cfg.Drain.ID + `"]},"Action":["s3:ListBucket"],"Resource":["` + arn + `"]},
 {"Effect":"Allow","Principal":{"AWS":["` + cfg.Drain.ID + `"]},"Action":["s3:GetObject","s3:PutObject","s3:DeleteObject"],"Resource":["` + arn + `/` + cfg.Prefix() + `*","` + arn + `/` + cfg.QuarantinePrefix() + `*"]}]}`
}

// KeyPolicies are the IAM policies (AWS's syntax) of the intake's two keys: the upload key may
// only put objects under the intake prefix; the drain key may list the bucket and read, copy and
// delete under the intake and quarantine prefixes.
func KeyPolicies(cfg Config) string {
	arn := "arn:aws:s3:::" + cfg.Bucket
	return fmt.Sprintf(`upload key (INTAKE_UPLOAD_ACCESS_KEY_ID), whose signature the site publishes:
{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:PutObject","Resource":"%[1]s/%[2]s*"}]}
drain key (INTAKE_DRAIN_ACCESS_KEY_ID), kept on the admin server:
{"Version":"2012-10-17","Statement":[
 {"Effect":"Allow","Action":"s3:ListBucket","Resource":"%[1]s","Condition":{"StringLike":{"s3:prefix":["%[2]s*","%[3]s*"]}}},
 {"Effect":"Allow","Action":["s3:GetObject","s3:PutObject","s3:DeleteObject"],"Resource":["%[1]s/%[2]s*","%[1]s/%[3]s*"]}]}
`, arn, cfg.Prefix(), cfg.QuarantinePrefix())
}
