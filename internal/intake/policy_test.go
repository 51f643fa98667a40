package intake

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"digitalreeviver/internal/s3test"
)

// testBucket is an intake bucket on the real S3 server of the tests (Versity's gateway, with its
// accounts), reached with two least-privilege keys as in production: the upload key may only put
// objects under the intake prefix, the drain key list, read, copy and delete under the intake
// and quarantine prefixes, as BucketPolicy (setup's --grant-keys) grants them.
func testBucket(t *testing.T) (*s3test.Server, Config) {
	t.Helper()
	s := s3test.StartIAM(t)
	bucket := s.Bucket(t)
	upload, drain := Key{"up" + bucket, "upload-secret-" + bucket}, Key{"dr" + bucket, "drain-secret-" + bucket}
	s.User(t, upload.ID, upload.Secret)
	s.User(t, drain.ID, drain.Secret)
	// Versity's gateway holds x-amz-date to the hour: the policy is signed every half hour.
	cfg := Config{Bucket: bucket, Endpoint: s.Endpoint, Region: "us-east-1", PathStyle: true,
		Upload: upload, Drain: drain, Resign: 30 * time.Minute}
	if err := s.Client().SetBucketPolicy(context.Background(), bucket, BucketPolicy(cfg)); err != nil {
		t.Fatalf("bucket policy: %v", err)
	}
	return s, cfg
}

// TestKeysAreLeast: the upload key, whose signature every page carries, can put under the intake
// prefix and nothing else; the drain key cannot touch the rest of the bucket.
func TestKeysAreLeast(t *testing.T) {
	s, cfg := testBucket(t)
	ctx := context.Background()
	up, _ := cfg.client(cfg.Upload)
	dr, _ := cfg.client(cfg.Drain)
	if _, err := s.Client().PutObject(ctx, cfg.Bucket, "intake/a.json", strings.NewReader("{}"), 2, minio.PutObjectOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := up.StatObject(ctx, cfg.Bucket, "intake/a.json", minio.StatObjectOptions{}); err == nil {
		t.Error("the upload key reads enquiries")
	}
	if err := up.RemoveObject(ctx, cfg.Bucket, "intake/a.json", minio.RemoveObjectOptions{}); err == nil {
		if _, err := s.Client().StatObject(ctx, cfg.Bucket, "intake/a.json", minio.StatObjectOptions{}); err != nil {
			t.Error("the upload key deletes enquiries")
		}
	}
	for _, key := range []string{"index.html", "quarantine/a.json"} {
		if _, err := up.PutObject(ctx, cfg.Bucket, key, strings.NewReader("x"), 1, minio.PutObjectOptions{}); err == nil {
			t.Errorf("the upload key writes %s", key)
		}
	}
	if _, err := dr.PutObject(ctx, cfg.Bucket, "index.html", strings.NewReader("x"), 1, minio.PutObjectOptions{}); err == nil {
		t.Error("the drain key writes outside its prefixes")
	}
	if _, err := dr.StatObject(ctx, cfg.Bucket, "intake/a.json", minio.StatObjectOptions{}); err != nil {
		t.Errorf("the drain key cannot read an enquiry: %v", err)
	}
}

// upload posts one object with the policy's fields (tweak changes them), as the page does.
func upload(t *testing.T, p Policy, key string, body []byte, tweak func(map[string]string)) (int, string) {
	t.Helper()
	extra := map[string]string{}
	if tweak != nil {
		all := map[string]string{}
		for k, v := range p.Fields {
			all[k] = v
		}
		tweak(all)
		for k, v := range all {
			if p.Fields[k] != v {
				extra[k] = v
			}
		}
	}
	code, answer, err := Upload(t.Context(), p, key, body, extra)
	if err != nil {
		t.Fatal(err)
	}
	return code, answer
}

// TestPolicyIsEnforcedByTheStore: what the signed policy allows is stored, and the store refuses
// a key outside the intake prefix, a body over the length range, another content type, a forged
// signature and an expired policy.
func TestPolicyIsEnforcedByTheStore(t *testing.T) {
	s, cfg := testBucket(t)
	p := cfg.Sign(time.Now())
	if !p.Enabled || p.Expires.Sub(time.Now()) > PolicyLife || p.URL != s.Endpoint+"/"+cfg.Bucket+"/" {
		t.Fatalf("policy %+v", p)
	}
	hindi := `{"id":"0b6c2f5e-3a47-4f1e-9d1c-5b2a7c9e8f10","message":"` + strings.Repeat("नमस्ते", 2000/6+1) + `"}`
	if code, body := upload(t, p, "intake/0b6c2f5e-3a47-4f1e-9d1c-5b2a7c9e8f10.json", []byte(hindi), nil); code/100 != 2 {
		t.Fatalf("a good upload (a 2,000-character message in Hindi): %d %s", code, body)
	}
	if obj := s.Get(t, cfg.Bucket, "intake/0b6c2f5e-3a47-4f1e-9d1c-5b2a7c9e8f10.json"); string(obj.Data) != hindi || obj.Info.ContentType != ContentType {
		t.Fatalf("stored %q as %q", obj.Data, obj.Info.ContentType)
	}
	for _, c := range []struct {
		name  string
		key   string
		body  []byte
		tweak func(map[string]string)
		want  int
	}{
		{"a key outside the prefix", "index.html", []byte("{}"), nil, 403},
		{"a body over the range", "intake/big.json", bytes.Repeat([]byte("x"), MaxObjectBytes+1), nil, 400},
		{"another content type", "intake/page.json", []byte("{}"), func(f map[string]string) { f["Content-Type"] = "text/html" }, 403},
		{"a forged signature", "intake/x.json", []byte("{}"), func(f map[string]string) { f["x-amz-signature"] = strings.Repeat("0", 64) }, 403},
	} {
		if code, body := upload(t, p, c.key, c.body, c.tweak); code != c.want {
			t.Errorf("%s: %d %s, want %d", c.name, code, body, c.want)
		}
	}
	old := cfg.Sign(time.Now().Add(-8 * 24 * time.Hour))
	if code, body := upload(t, old, "intake/late.json", []byte("{}"), nil); code != 403 {
		t.Errorf("an expired policy: %d %s", code, body)
	}
	objs := s.Objects(t, cfg.Bucket, "")
	if len(objs) != 1 {
		t.Errorf("the store holds %d objects, want the one good upload", len(objs))
	}
}

// TestPolicyOfOneDayIsOneFile: every build of a day publishes the same bytes (by default; a
// shorter INTAKE_RESIGN the same within its period).
func TestPolicyOfOneDayIsOneFile(t *testing.T) {
	cfg := Config{Bucket: "intake-test", Region: "ap-south-1", Upload: Key{"AKIAUPLOAD", "secret"}}
	day := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	a, b := cfg.Sign(day.Add(time.Hour)).File(), cfg.Sign(day.Add(23*time.Hour)).File()
	if !bytes.Equal(a, b) {
		t.Fatal("two signings of one day differ")
	}
	if c := cfg.Sign(day.Add(25 * time.Hour)).File(); bytes.Equal(a, c) {
		t.Fatal("the next day's policy is the same")
	}
	if u := cfg.UploadURL(); u != "https://intake-test.s3.ap-south-1.amazonaws.com/" {
		t.Fatalf("AWS upload URL %s", u)
	}
}
