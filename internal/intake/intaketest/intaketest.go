// Package intaketest makes an intake bucket on the real S3 server of the tests (Versity's
// gateway, with its accounts), reached with the two least-privilege keys as in production, for
// the tests outside package intake that take enquiries through it (the API's erasure, the
// process-level drain tests). Package intake's own tests make theirs (they cannot import this).
package intaketest

import (
	"context"
	"testing"
	"time"

	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/s3test"
)

// Bucket is a new bucket on s with an upload key and a drain key of their own and the bucket
// policy that grants them what setup's --grant-keys grants (intake.BucketPolicy). The upload
// policy is re-signed every half hour: Versity's gateway holds x-amz-date to the hour.
func Bucket(tb testing.TB, s *s3test.Server) intake.Config {
	tb.Helper()
	bucket := s.Bucket(tb)
	cfg := intake.Config{Bucket: bucket, Endpoint: s.Endpoint, Region: "us-east-1", PathStyle: true, Resign: 30 * time.Minute,
		Upload: intake.Key{ID: "up" + bucket, Secret: "upload-secret-" + bucket}, Drain: intake.Key{ID: "dr" + bucket, Secret: "drain-secret-" + bucket}}
	s.User(tb, cfg.Upload.ID, cfg.Upload.Secret)
	s.User(tb, cfg.Drain.ID, cfg.Drain.Secret)
	if err := s.Client().SetBucketPolicy(context.Background(), bucket, intake.BucketPolicy(cfg)); err != nil {
		tb.Fatalf("bucket policy: %v", err)
	}
	return cfg
}

// Env is the environment that names cfg's bucket and keys to `adminapi serve` (INTAKE_*).
func Env(cfg intake.Config) []string {
	return []string{"INTAKE_TARGET=s3://" + cfg.Bucket, "INTAKE_ENDPOINT_URL=" + cfg.Endpoint, "INTAKE_REGION=" + cfg.Region,
		"INTAKE_RESIGN=" + cfg.Resign.String(),
		"INTAKE_UPLOAD_ACCESS_KEY_ID=" + cfg.Upload.ID, "INTAKE_UPLOAD_SECRET_ACCESS_KEY=" + cfg.Upload.Secret,
		"INTAKE_DRAIN_ACCESS_KEY_ID=" + cfg.Drain.ID, "INTAKE_DRAIN_SECRET_ACCESS_KEY=" + cfg.Drain.Secret}
}
