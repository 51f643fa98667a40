package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// storeClient is a client of the store of AWS_ENDPOINT_URL_S3 and the bucket and prefix of
// target (s3://BUCKET[/PREFIX]).
func storeClient(target string) (*minio.Client, string, string, error) {
	rest, ok := strings.CutPrefix(target, "s3://")
	if !ok {
		return nil, "", "", fmt.Errorf("%q: expected s3://BUCKET[/PREFIX]", target)
	}
	bucket, prefix, _ := strings.Cut(rest, "/")
	if prefix = strings.Trim(prefix, "/"); prefix != "" {
		prefix += "/"
	}
	u, err := url.Parse(os.Getenv("AWS_ENDPOINT_URL_S3"))
	if err != nil || u.Host == "" {
		return nil, "", "", fmt.Errorf("AWS_ENDPOINT_URL_S3 %q: not a URL", os.Getenv("AWS_ENDPOINT_URL_S3"))
	}
	c, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY"), ""),
		Secure:       u.Scheme == "https",
		Region:       "us-east-1",
		BucketLookup: minio.BucketLookupPath,
	})
	return c, bucket, prefix, err
}

// hasObject reports whether the store holds key.
func hasObject(c *minio.Client, bucket, key string) (bool, error) {
	_, err := c.StatObject(context.Background(), bucket, key, minio.StatObjectOptions{})
	if code := minio.ToErrorResponse(err).Code; code == "NoSuchKey" || code == "NotFound" {
		return false, nil
	}
	return err == nil, err
}

// makeBucket makes a bucket on the S3 server of AWS_ENDPOINT_URL_S3 with the AWS_* credentials
// (the deploy section's local gateway).
func makeBucket(args []string) error {
	fs := flag.NewFlagSet("mkbucket", flag.ExitOnError)
	bucket := fs.String("bucket", "", "bucket name")
	fs.Parse(args)
	c, _, _, err := storeClient("s3://" + *bucket)
	if err != nil {
		return err
	}
	return c.MakeBucket(context.Background(), *bucket, minio.MakeBucketOptions{})
}
