// Package s3test starts a real S3 server for tests: Versity's S3 gateway (versitygw) with its
// posix backend in a temporary folder, listening on a loopback port. scripts/setup.sh --s3
// installs it (make test does). Without it a test skips, unless REQUIRE_S3 is set, as make test
// sets it, when it fails and says how to install it.
package s3test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/logbuf"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Server is a running gateway.
type Server struct {
	Endpoint  string // http://127.0.0.1:PORT
	AccessKey string
	SecretKey string
	Dir       string // the posix backend's root: one folder per bucket
	client    *minio.Client
	bin       string
	admin     string // the admin API's URL (StartIAM)
}

// User adds an account of role "user" (StartIAM): it may do only what bucket policies grant it.
func (s *Server) User(tb testing.TB, access, secret string) {
	tb.Helper()
	if s.admin == "" {
		tb.Fatal("s3test: User needs StartIAM")
	}
	out, err := exec.Command(s.bin, "admin", "--access", s.AccessKey, "--secret", s.SecretKey, "--endpoint-url", s.admin,
		"create-user", "--access", access, "--secret", secret, "--role", "user").CombinedOutput()
	if err != nil {
		tb.Fatalf("create user %s: %v: %s", access, err, out)
	}
}

// Binary finds versitygw: $VERSITYGW, then PATH, then Go's install folder.
func Binary() string {
	if p := os.Getenv("VERSITYGW"); p != "" {
		return p
	}
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			gopath = strings.TrimSpace(string(out))
		}
	}
	for _, dir := range filepath.SplitList(gopath) {
		p := filepath.Join(dir, "bin", "versitygw")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// Start starts a gateway for the test and stops it when the test ends.
func Start(tb testing.TB) *Server { return start0(tb, false) }

// StartIAM starts a gateway with its own accounts (Versity's internal IAM): User adds an account
// whose access a bucket policy then grants, for tests of least-privilege keys.
func StartIAM(tb testing.TB) *Server { return start0(tb, true) }

func start0(tb testing.TB, iam bool) *Server {
	tb.Helper()
	bin := Binary()
	if bin == "" {
		if os.Getenv("REQUIRE_S3") != "" {
			tb.Fatal("versitygw (Versity's S3 gateway) is not installed: run scripts/setup.sh --s3")
		}
		tb.Skip("versitygw not installed (scripts/setup.sh --s3)")
	}
	var last error
	for attempt := 0; attempt < 3; attempt++ {
		s, err := start(tb, bin, iam)
		if err == nil {
			return s
		}
		last = err
	}
	tb.Fatalf("start versitygw: %v", last)
	return nil
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func start(tb testing.TB, bin string, iam bool) (*Server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	dir := tb.TempDir()
	s := &Server{Endpoint: "http://" + addr, AccessKey: "test" + randHex(6), SecretKey: randHex(20), Dir: dir, bin: bin}
	logs := &logbuf.Buffer{}
	args := []string{"--port", addr, "--access", s.AccessKey, "--secret", s.SecretKey, "--quiet"}
	if iam {
		admin, err := freeAddr()
		if err != nil {
			return nil, err
		}
		s.admin = "http://" + admin
		args = append(args, "--admin-port", admin, "--iam-dir", tb.TempDir())
	}
	cmd := exec.Command(bin, append(args, "posix", dir)...)
	cmd.Stdout, cmd.Stderr = logs, logs
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY=", "ROOT_SECRET_KEY=")
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		cmd.Process.Kill()
		<-exited
	}
	// Ready when the port accepts connections; a gateway that exits first failed.
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			break
		}
		select {
		case err := <-exited:
			exited <- err
			return nil, fmt.Errorf("versitygw exited: %v: %s", err, logs.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			stop()
			return nil, fmt.Errorf("versitygw did not listen on %s: %s", addr, logs.String())
		}
	}
	tb.Cleanup(stop)
	s.client, err = minio.New(addr, &minio.Options{Creds: credentials.NewStaticV4(s.AccessKey, s.SecretKey, ""), Region: "us-east-1", BucketLookup: minio.BucketLookupPath})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Client is a client of the server with its root credentials.
func (s *Server) Client() *minio.Client { return s.client }

// Bucket makes a new bucket and returns its name.
func (s *Server) Bucket(tb testing.TB) string {
	tb.Helper()
	name := "site-" + randHex(5)
	if err := s.client.MakeBucket(context.Background(), name, minio.MakeBucketOptions{}); err != nil {
		tb.Fatalf("make bucket: %v", err)
	}
	return name
}

// Env is the environment a deploy to this server needs, as KEY=VALUE pairs.
func (s *Server) Env() []string {
	return []string{"AWS_ACCESS_KEY_ID=" + s.AccessKey, "AWS_SECRET_ACCESS_KEY=" + s.SecretKey,
		"AWS_REGION=us-east-1", "AWS_ENDPOINT_URL_S3=" + s.Endpoint}
}

// Objects lists every object of a bucket below prefix with its bytes and metadata.
func (s *Server) Objects(tb testing.TB, bucket, prefix string) map[string]Object {
	tb.Helper()
	ctx := context.Background()
	out := map[string]Object{}
	for info := range s.client.ListObjects(ctx, bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if info.Err != nil {
			tb.Fatalf("list %s: %v", bucket, info.Err)
		}
		out[info.Key] = s.Get(tb, bucket, info.Key)
	}
	return out
}

// Object is one stored object.
type Object struct {
	Data     []byte
	Info     minio.ObjectInfo
	Modified time.Time
}

// Get reads one object; a missing one has nil Data and an empty Info.Key.
func (s *Server) Get(tb testing.TB, bucket, key string) Object {
	tb.Helper()
	obj, err := s.client.GetObject(context.Background(), bucket, key, minio.GetObjectOptions{})
	if err != nil {
		tb.Fatalf("get %s: %v", key, err)
	}
	defer obj.Close()
	st, err := obj.Stat()
	if minio.ToErrorResponse(err).Code == "NoSuchKey" {
		return Object{}
	}
	if err != nil {
		tb.Fatalf("stat %s: %v", key, err)
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(obj); err != nil {
		tb.Fatalf("read %s: %v", key, err)
	}
	return Object{Data: buf.Bytes(), Info: st, Modified: st.LastModified}
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
