// Package store keeps what admins and visitors write in one bbolt file: the published and preview
// records of every kind of content (blogs, services), enquiries, admin accounts, reset tokens,
// upload records, build records and settings.
// Every public method is one transaction; values are JSON and are copied out before it ends.
package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"digitalreeviver/internal/domain"
)

// The buckets besides the records' (see bucketOf).
var (
	bucketMessages    = []byte("messages")
	bucketAdmins      = []byte("admins")
	bucketResetTokens = []byte("reset_tokens")
	bucketUploads     = []byte("uploads")
	bucketSettings    = []byte("settings")
	bucketBuilds      = []byte("builds")
	bucketMail        = []byte("mail")     // mail jobs by id
	bucketMailDue     = []byte("mail_due") // kind, due time, id of every unfinished job
	bucketRevisions   = []byte("revisions")
	bucketTrash       = []byte("trash")
	bucketSchedules   = []byte("schedules")
	bucketAudit       = []byte("audit")              // domain.AuditEntry by rising sequence
	bucketInvites     = []byte("invites")            // domain.Invite by id, with the hash of its link's token
	bucketWebhooks    = []byte("webhooks")           // domain.WebhookEndpoint by id
	bucketDeliveries  = []byte("webhook_deliveries") // domain.Delivery by rising sequence
	allBuckets        = append(kindBuckets(), bucketMessages, bucketAdmins, bucketResetTokens, bucketUploads,
		bucketSettings, bucketBuilds, bucketMail, bucketMailDue, bucketRevisions, bucketTrash, bucketSchedules,
		bucketAudit, bucketInvites, bucketWebhooks, bucketDeliveries, bucketEnquiryIDs, bucketRecordChanges)
)

// ErrLocked is returned by Open when another process holds the database file.
var ErrLocked = errors.New("database is in use by another process")

// DB is the bbolt-backed store. As(username) answers a view of the same database whose writes
// name that admin in the revisions they keep.
type DB struct {
	bolt *bolt.DB
	path string
	now  func() time.Time
	keep int    // revisions kept per record
	user string // who writes through this view ("" for the operator's tools)
	// guard, when set (Guard), is asked about a record before this view changes, restores or
	// deletes it, inside the same transaction.
	guard func(domain.Record) error
	// readOnce: Options.ReadOnce (the decoded records are not kept, read pages are released);
	// size is the file's, unreleased the bytes of records read since the last release.
	readOnce   bool
	size       int64
	unreleased *atomic.Int64

	caches *caches

	audit *auditRetention // shared by the views of As

	mailQueued *mailHook // shared by the views of As
}

type caches struct {
	mu       sync.Mutex
	byBucket map[string]*decoded
}

// DefaultRevisions is how many revisions of each record are kept unless Options says otherwise.
const DefaultRevisions = 50

// Options tune Open.
type Options struct {
	ReadOnly bool
	// Timeout is how long to wait for the file lock before failing with ErrLocked (default 1 s).
	Timeout time.Duration
	// Revisions is how many revisions of each record are kept (default DefaultRevisions); the
	// oldest go first, so the database cannot grow without bound.
	Revisions int
	// ReadOnce, with ReadOnly, says the records are read once, as a single build (sitegen build)
	// does: the decoded records are not kept for a next list (see decoded), and the file's
	// pages are handed back to the page cache as the reads go on (release), so the process does
	// not come to hold the whole file in memory.
	ReadOnce bool
}

// As answers a view of db whose content writes record username as their author.
func (db *DB) As(username string) *DB {
	v := *db
	v.user = username
	return &v
}

// Guard answers a view of db that asks check about a record, as stored, before it edits,
// restores or deletes it; an error from check refuses the change (in its transaction, so no
// write racing it gets past).
func (db *DB) Guard(check func(domain.Record) error) *DB {
	v := *db
	v.guard = check
	return &v
}

// guarded asks the view's guard about rec.
func (db *DB) guarded(rec domain.Record) error {
	if db.guard == nil {
		return nil
	}
	return db.guard(rec)
}

// Open opens (and, unless read-only, creates) the database at path. A read-only open of a
// missing file answers os.ErrNotExist.
func Open(path string, opts Options) (*DB, error) {
	if opts.Timeout == 0 {
		opts.Timeout = time.Second
	}
	if opts.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
	} else if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: opts.Timeout, ReadOnly: opts.ReadOnly})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("open %s: %w", path, ErrLocked)
	} else if errors.Is(err, berrors.ErrInvalid) || errors.Is(err, berrors.ErrVersionMismatch) {
		return nil, fmt.Errorf("open %s: %w: it is not a database of this site (a bbolt file that adminapi writes, such as data/site.db); check the path given (--db)", path, err)
	} else if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if opts.Revisions <= 0 {
		opts.Revisions = DefaultRevisions
	}
	db := &DB{bolt: b, path: path, now: func() time.Time { return time.Now().UTC() }, keep: opts.Revisions,
		caches: &caches{byBucket: map[string]*decoded{}}, audit: &auditRetention{keep: domain.DefaultAuditRetention},
		mailQueued: &mailHook{}, readOnce: opts.ReadOnce && opts.ReadOnly, unreleased: &atomic.Int64{}}
	if db.readOnce {
		if fi, err := os.Stat(path); err == nil {
			db.size = fi.Size()
		}
	}
	if !opts.ReadOnly {
		err = b.Update(func(tx *bolt.Tx) error {
			unindexed := tx.Bucket(bucketAuditLow) == nil
			for _, name := range allBuckets {
				if _, err := tx.CreateBucketIfNotExists(name); err != nil {
					return err
				}
			}
			if err := indexEnquiries(tx); err != nil {
				return err
			}
			if unindexed { // a database of a version before the audit log's index
				return indexAudit(tx)
			}
			return nil
		})
		if err != nil {
			b.Close()
			return nil, fmt.Errorf("create buckets: %w", err)
		}
	}
	return db, nil
}

// Close closes the database.
func (db *DB) Close() error { return db.bolt.Close() }

// Path returns the file the database lives in.
func (db *DB) Path() string { return db.path }

// Bolt exposes the underlying handle for consistency checks and statistics.
func (db *DB) Bolt() *bolt.DB { return db.bolt }

func getJSON(tx *bolt.Tx, bucket, key []byte, v any) (bool, error) {
	b := tx.Bucket(bucket)
	if b == nil {
		return false, nil
	}
	data := b.Get(key)
	if data == nil {
		return false, nil
	}
	return true, json.Unmarshal(data, v)
}

func putJSON(tx *bolt.Tx, bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return tx.Bucket(bucket).Put(key, data)
}

// list decodes every value of a bucket (missing in a read-only file written by an older
// version: empty).
func list[T any](tx *bolt.Tx, bucket []byte) ([]T, error) {
	b := tx.Bucket(bucket)
	if b == nil {
		return nil, nil
	}
	out := make([]T, 0, b.Stats().KeyN)
	err := b.ForEach(func(k, v []byte) error {
		var item T
		if err := json.Unmarshal(v, &item); err != nil {
			return fmt.Errorf("decode %s/%s: %w", bucket, k, err)
		}
		out = append(out, item)
		return nil
	})
	return out, err
}

func itob(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

// ErrBackupOverDatabase is CheckBackupTarget's refusal.
var ErrBackupOverDatabase = errors.New("is the database itself")

// CheckBackupTarget refuses a backup path that is the database at dbPath by another name
// (relative, with ./ or ../, a link), or whose temporary file would be: the rename would put
// the copy in place of the file a running server has open, and it would go on writing to the
// deleted one, losing every write after it and its lock with it. A path that does not exist
// yet cannot be the database.
func CheckBackupTarget(dbPath, path string) error {
	db, err := os.Stat(dbPath)
	if err != nil {
		return nil
	}
	for _, p := range []string{path, path + ".tmp"} {
		if fi, err := os.Stat(p); err == nil && os.SameFile(db, fi) {
			return fmt.Errorf("%s %w (%s): a backup must go to another file, or to a folder (--to %s)",
				path, ErrBackupOverDatabase, dbPath, filepath.Join(filepath.Dir(dbPath), "backups")+string(filepath.Separator))
		}
	}
	return nil
}

func btoi(b []byte) uint64 {
	if len(b) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}

// Backup writes a consistent copy of the database to path while writers go on: it writes a
// temporary file beside path, syncs it and renames it into place. A path that is the database
// itself is refused (CheckBackupTarget).
func (db *DB) Backup(path string) error {
	if err := CheckBackupTarget(db.path, path); err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	err = db.bolt.View(func(tx *bolt.Tx) error { _, err := tx.WriteTo(f); return err })
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup: %w", err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Check runs bbolt's own consistency check and returns the first problem found.
func (db *DB) Check() error {
	return db.bolt.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			return err
		}
		return nil
	})
}

// Setting returns a value of the settings bucket, nil when absent.
func (db *DB) Setting(key string) ([]byte, error) {
	var out []byte
	err := db.bolt.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketSettings); b != nil {
			out = bytes.Clone(b.Get([]byte(key)))
		}
		return nil
	})
	return out, err
}

// SettingOrCreate returns the setting key, storing make()'s value first when it is absent.
func (db *DB) SettingOrCreate(key string, make func() []byte) ([]byte, error) {
	var out []byte
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSettings)
		if v := b.Get([]byte(key)); v != nil {
			out = bytes.Clone(v)
			return nil
		}
		out = make()
		return b.Put([]byte(key), out)
	})
	return out, err
}

// PutSetting stores a setting.
func (db *DB) PutSetting(key string, value []byte) error {
	return db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketSettings).Put([]byte(key), value) })
}
