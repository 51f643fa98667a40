package deploy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"digitalreeviver/internal/domain"

	"github.com/minio/minio-go/v7"
)

// ManifestKey is the object, below the target's prefix, that records what the deploys put on
// the store: every object's sum, so a deploy uploads only what differs without trusting ETags
// (which are not MD5s for multipart uploads), and the objects kept for their grace period. It
// holds only public paths and sums.
const ManifestKey = ".sitegen-deploy.json"

// Manifest is the record of the site on the store.
type Manifest struct {
	Version    int                `json:"version"`
	Generation string             `json:"generation"`
	DeployedAt time.Time          `json:"deployedAt"`
	History    []Deployed         `json:"history"` // newest first, the last 20
	Objects    map[string]Entry   `json:"objects"`
	Retired    map[string]Retired `json:"retired,omitempty"`
	// Records counts the posts and services of the site deployed (nil: not known).
	Records *domain.SiteCounts `json:"records,omitempty"`
}

// Deployed names one deploy of the history.
type Deployed struct {
	Generation string    `json:"generation"`
	DeployedAt time.Time `json:"deployedAt"`
}

// Entry is one object as the manifest knows it.
type Entry struct {
	Sum  string `json:"sha256"`
	Meta string `json:"meta"`
	Size int64  `json:"size"`
	Kind string `json:"kind"`
}

// Retired is an object that left the site and is deleted once DeleteAfter has passed: at once
// for a page, after the grace period for an asset, which open tabs may still ask for.
type Retired struct {
	Entry
	DeleteAfter time.Time `json:"deleteAfter"`
}

// readManifest returns the manifest and its ETag (an opaque version token for the conditional
// write, never taken for an MD5); a missing one is an empty manifest with etag "".
func (d *Deployer) readManifest(ctx context.Context) (*Manifest, string, error) {
	key := d.key(ManifestKey)
	obj, err := d.client.GetObject(ctx, d.cfg.Target.Bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, "", d.storeError("read", key, err)
	}
	defer obj.Close()
	data, err := io.ReadAll(io.LimitReader(obj, 256<<20))
	if err != nil {
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return &Manifest{Version: 1, Objects: map[string]Entry{}}, "", nil
		}
		return nil, "", d.storeError("read", key, err)
	}
	st, err := obj.Stat()
	if err != nil {
		return nil, "", d.storeError("read", key, err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, "", fmt.Errorf("%s: not a deploy manifest (%v): move it aside and deploy again, which uploads the whole site", d.url(key), err)
	}
	if m.Objects == nil {
		m.Objects = map[string]Entry{}
	}
	return &m, st.ETag, nil
}

// writeManifest stores m only if the manifest is still the one this deploy read (etag), so two
// deploys to one bucket cannot silently undo each other's records. A store that does not
// support conditional writes gets a plain one.
func (d *Deployer) writeManifest(ctx context.Context, m *Manifest, etag string) (string, error) {
	data, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	key := d.key(ManifestKey)
	put := func(conditional bool) (minio.UploadInfo, error) {
		opts := minio.PutObjectOptions{ContentType: "application/json", CacheControl: "no-store", DisableMultipart: true}
		if conditional {
			if etag == "" {
				opts.SetMatchETagExcept("*")
			} else {
				opts.SetMatchETag(etag)
			}
		}
		return d.client.PutObject(ctx, d.cfg.Target.Bucket, key, bytes.NewReader(data), int64(len(data)), opts)
	}
	info, err := put(true)
	if code := minio.ToErrorResponse(err).Code; code == "NotImplemented" {
		info, err = put(false)
	} else if code == "PreconditionFailed" || minio.ToErrorResponse(err).StatusCode == http.StatusPreconditionFailed {
		return "", fmt.Errorf("%s changed while this deploy ran: another deploy wrote the site meanwhile. "+
			"Deploy again: it uploads only what still differs", d.url(key))
	}
	if err != nil {
		return "", d.storeError("write", key, err)
	}
	return info.ETag, nil
}

// storeError says what the store refused, naming bucket and key, and what to check.
func (d *Deployer) storeError(op, key string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s %s: %w", op, d.url(key), err)
	}
	resp := minio.ToErrorResponse(err)
	hint := ""
	switch resp.Code {
	case "InvalidAccessKeyId", "XAdminUserNotFound":
		hint = ": the store does not know this access key (check AWS_ACCESS_KEY_ID)"
	case "SignatureDoesNotMatch":
		hint = ": the secret key does not match the access key (check AWS_SECRET_ACCESS_KEY)"
	case "AccessDenied":
		hint = ": these credentials may not " + op + " this bucket (check the key's policy)"
	case "NoSuchBucket":
		hint = fmt.Sprintf(": bucket %q does not exist (create it, or check the bucket name and AWS_ENDPOINT_URL)", d.cfg.Target.Bucket)
	case "ExpiredToken", "InvalidToken":
		hint = ": the session token is expired or invalid (check AWS_SESSION_TOKEN)"
	default:
		if resp.StatusCode == http.StatusForbidden {
			hint = ": the store refused these credentials (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)"
		}
	}
	if resp.Code != "" {
		msg := resp.Code
		if m := strings.TrimRight(resp.Message, ". "); m != "" {
			msg += " (" + m + ")"
		}
		return &StoreError{Op: op, URL: d.url(key), Code: resp.Code, Msg: msg + hint, Err: err}
	}
	return &StoreError{Op: op, URL: d.url(key), Msg: err.Error(), Err: err}
}

// StoreError is a refusal or failure of the object store, naming the object.
type StoreError struct {
	Op, URL, Code, Msg string
	Err                error
}

func (e *StoreError) Error() string { return fmt.Sprintf("%s %s: %s", e.Op, e.URL, e.Msg) }
func (e *StoreError) Unwrap() error { return e.Err }

func (d *Deployer) key(rel string) string { return d.cfg.Target.Prefix + rel }

func (d *Deployer) url(key string) string { return "s3://" + d.cfg.Target.Bucket + "/" + key }

// put uploads one object with its metadata.
func (d *Deployer) put(ctx context.Context, o *object) (int64, error) {
	data, encoding, err := o.body()
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", o.Path, err)
	}
	opts := minio.PutObjectOptions{
		ContentType: o.ContentType, CacheControl: o.CacheControl, ContentEncoding: encoding,
		WebsiteRedirectLocation: o.Redirect,
		UserMetadata:            map[string]string{"sha256": o.Sum},
		// The body is in memory: one request with its MD5 checked by the store, rather than
		// aws-chunked streaming (which some stores keep in the object's Content-Encoding).
		SendContentMd5:       true,
		DisableContentSha256: true,
		DisableMultipart:     len(data) < 64<<20,
	}
	for k, v := range o.Headers {
		opts.UserMetadata[k] = v
	}
	key := d.key(o.Rel)
	if _, err := d.client.PutObject(ctx, d.cfg.Target.Bucket, key, bytes.NewReader(data), int64(len(data)), opts); err != nil {
		return 0, d.storeError("upload", key, err)
	}
	return int64(len(data)), nil
}

// remove deletes objects in batches (one request per thousand keys).
func (d *Deployer) remove(ctx context.Context, rels []string) ([]string, error) {
	ch := make(chan minio.ObjectInfo, len(rels))
	for _, r := range rels {
		ch <- minio.ObjectInfo{Key: d.key(r)}
	}
	close(ch)
	failed := map[string]bool{}
	var first error
	for e := range d.client.RemoveObjects(ctx, d.cfg.Target.Bucket, ch, minio.RemoveObjectsOptions{}) {
		if minio.ToErrorResponse(e.Err).Code == "NoSuchKey" {
			continue
		}
		failed[e.ObjectName] = true
		if first == nil {
			first = d.storeError("delete", e.ObjectName, e.Err)
		}
	}
	var done []string
	for _, r := range rels {
		if !failed[d.key(r)] {
			done = append(done, r)
		}
	}
	return done, first
}

// listKeys lists the objects below the prefix with their sizes.
func (d *Deployer) listKeys(ctx context.Context) (map[string]int64, error) {
	out := map[string]int64{}
	for o := range d.client.ListObjects(ctx, d.cfg.Target.Bucket, minio.ListObjectsOptions{Prefix: d.cfg.Target.Prefix, Recursive: true}) {
		if o.Err != nil {
			return nil, d.storeError("list", d.cfg.Target.Prefix, o.Err)
		}
		out[o.Key[len(d.cfg.Target.Prefix):]] = o.Size
	}
	return out, nil
}

// PutFile stores one local file at rel below the target's prefix, whole or not at all (backups
// of the database and of the uploads go through it). It does not touch the site's manifest.
func (d *Deployer) PutFile(ctx context.Context, rel, path, contentType string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	key := d.key(rel)
	_, err = d.client.PutObject(ctx, d.cfg.Target.Bucket, key, f, st.Size(), minio.PutObjectOptions{
		ContentType: contentType, SendContentMd5: true, DisableContentSha256: true,
	})
	if err != nil {
		return d.storeError("upload", key, err)
	}
	return nil
}

// Keys lists the objects below the target's prefix (keys without the prefix) with their sizes.
func (d *Deployer) Keys(ctx context.Context) (map[string]int64, error) { return d.listKeys(ctx) }
