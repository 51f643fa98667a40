package api

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/intake/intaketest"
	"digitalreeviver/internal/s3test"
)

// TestEraseReachesTheIntakeBucket: DELETE /popups/{id}, for a data-protection request, erases the
// enquiry's copies that wait in the intake bucket (a page's late upload of the same enquiry)
// and in its quarantine, on a real bucket (Versity's gateway) with the drain's least key.
func TestEraseReachesTheIntakeBucket(t *testing.T) {
	s := s3test.StartIAM(t)
	cfg := intaketest.Bucket(t, s)
	bucket := cfg.Bucket
	ctx := context.Background()
	e := newEnv(t, func(c *Config) {
		in, err := intake.New(intake.Options{Config: cfg, DB: c.DB, Every: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		c.Intake = in
	})

	const id = "7d444840-9dc0-41d4-a716-446655440000"
	sent := map[string]any{"id": id, "startedAt": time.Now().Add(-time.Minute).UnixMilli()}
	for k, v := range popupOK {
		sent[k] = v
	}
	if code, body := e.json("POST", "/popup", sent, false); code != 200 {
		t.Fatalf("POST /popup: %d %v", code, body)
	}
	// The same enquiry, uploaded late by a page that had given up on the endpoint, and a copy the
	// drain put in quarantine.
	if code, msg, err := intake.Upload(ctx, cfg.Sign(time.Now()), cfg.Prefix()+id+".json", []byte(mustJSON(sent)), nil); err != nil || code/100 != 2 {
		t.Fatalf("upload: %d %s %v", code, msg, err)
	}
	quarantined := cfg.QuarantinePrefix() + id + ".json"
	if _, err := s.Client().PutObject(ctx, bucket, quarantined, strings.NewReader("{}"), 2, minio.PutObjectOptions{}); err != nil {
		t.Fatal(err)
	}

	code, body := e.json("DELETE", "/popups/"+id, nil, true)
	if code != 200 || body["copiesErased"].(float64) < 2 {
		t.Fatalf("DELETE /popups/%s: %d %v", id, code, body)
	}
	for _, key := range []string{cfg.Prefix() + id + ".json", quarantined} {
		if _, err := s.Client().StatObject(ctx, bucket, key, minio.StatObjectOptions{}); minio.ToErrorResponse(err).Code != "NoSuchKey" {
			t.Errorf("%s is still in the bucket (%v)", key, err)
		}
	}
	if code, _ := e.json("GET", "/popups/"+id, nil, true); code != 404 {
		t.Errorf("the enquiry is still in the inbox: GET answered %d", code)
	}
}
