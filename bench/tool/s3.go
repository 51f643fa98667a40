package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// makeBucket makes a bucket on the S3 server of AWS_ENDPOINT_URL_S3 with the AWS_* credentials
// (the deploy section's local gateway).
func makeBucket(args []string) error {
	fs := flag.NewFlagSet("mkbucket", flag.ExitOnError)
	bucket := fs.String("bucket", "", "bucket name")
	fs.Parse(args)
	u, err := url.Parse(os.Getenv("AWS_ENDPOINT_URL_S3"))
	if err != nil || u.Host == "" {
		return fmt.Errorf("AWS_ENDPOINT_URL_S3 %q: not a URL", os.Getenv("AWS_ENDPOINT_URL_S3"))
	}
	c, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY"), ""),
		Secure:       u.Scheme == "https",
		Region:       "us-east-1",
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		return err
	}
	return c.MakeBucket(context.Background(), *bucket, minio.MakeBucketOptions{})
}
