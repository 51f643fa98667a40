package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/store"
)

func newBackupCommand(dbPath *string) *cobra.Command {
	var to, uploadsDir string
	cmd := &cobra.Command{
		Use:   "backup --to FILE|DIR/|s3://BUCKET/PREFIX",
		Short: "Write a consistent, synced copy of the database (to a file, a folder or an object store), also while the server runs",
		Long: `backup writes a consistent, synced copy of the database, also while adminapi serve runs (the
server writes it, asked over its owner-only control socket).

--to FILE writes that file (replacing a file of that name); --to DIR (an existing folder, or
any path ending in /) writes DIR/site-<UTC time>.db. A missing folder is created (owner-only).
The database itself is refused as a target: the copy would take the place of the file the
server has open.

With --to s3://BUCKET/PREFIX the copy goes to an object store instead, as PREFIX/site-<UTC time>.db,
and every uploaded image not yet there is copied to PREFIX/uploads/ (uploads are only ever
added, so the store then holds all of them): a database copy and the uploads are the whole
restore. Credentials and endpoint come from the AWS variables, as for sitegen deploy.`,
		Example: "  adminapi backup --to /var/lib/digitalreeviver/backups/\n  adminapi backup --to /var/backups/site-$(date +%F).db\n  adminapi backup --to s3://example-backups/site",
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.HasPrefix(to, "s3://") {
				return backupToStore(cmd, *dbPath, to, uploadsDir)
			}
			if err := mustExist(*dbPath); err != nil {
				return err
			}
			abs, err := backupFile(*dbPath, to, time.Now())
			if err != nil {
				return err
			}
			if err := backupTo(*dbPath, abs); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "backup written to %s\n", abs)
			return nil
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "file to write, folder to write site-<UTC time>.db into (existing, or ending in /), or s3://BUCKET/PREFIX (required)")
	cmd.Flags().StringVar(&uploadsDir, "uploads", "data/uploads", "uploaded images, copied with a backup to an object store")
	_ = cmd.MarkFlagRequired("to")
	return cmd
}

// backupName is a backup's name in a folder or on a store: the UTC time it was made, so the
// copies sort by age.
func backupName(t time.Time) string { return "site-" + t.UTC().Format("20060102T150405Z") + ".db" }

// backupFile makes --to an absolute file path: a folder (existing, or named with a trailing
// slash) gets a backupName in it; a missing folder is created, owner-only, since the copy holds
// the accounts and the enquiries. The database itself is refused.
func backupFile(dbPath, to string, now time.Time) (string, error) {
	if to == "" {
		return "", errors.New("--to is empty: name a file, a folder or s3://BUCKET/PREFIX")
	}
	abs, err := filepath.Abs(to)
	if err != nil {
		return "", err
	}
	dir := filepath.Dir(abs)
	if fi, err := os.Stat(abs); (err == nil && fi.IsDir()) || strings.HasSuffix(to, "/") || strings.HasSuffix(to, string(filepath.Separator)) {
		dir, abs = abs, filepath.Join(abs, backupName(now))
	}
	if err := store.CheckBackupTarget(dbPath, abs); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("the backup's folder: %w", err)
	}
	return abs, nil
}

// backupTo writes a consistent copy of the database at dbPath to the file abs.
func backupTo(dbPath, abs string) error {
	db, err := openDB(dbPath, true)
	switch {
	case errors.Is(err, store.ErrLocked):
		// The running server holds the file: it writes the copy itself.
		if err := operator.RequestBackup(dbPath, abs); err != nil {
			return fmt.Errorf("backup through the running server: %w", err)
		}
		return nil
	case err != nil:
		return err
	}
	defer db.Close()
	return db.Backup(abs)
}

// backupToStore copies the database and the uploads the store lacks to an object store.
func backupToStore(cmd *cobra.Command, dbPath, to, uploadsDir string) error {
	if err := mustExist(dbPath); err != nil {
		return err
	}
	cfg, err := deploy.ConfigFromEnv(to, os.Getenv)
	if err != nil {
		return err
	}
	d, err := deploy.New(cfg)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	// The copy is made beside the database (same disk, same owner), uploaded, then removed.
	tmp, err := os.CreateTemp(filepath.Dir(dbPath), ".backup-*.db")
	if err != nil {
		return err
	}
	tmp.Close()
	os.Remove(tmp.Name())
	defer os.Remove(tmp.Name())
	abs, err := filepath.Abs(tmp.Name())
	if err != nil {
		return err
	}
	if err := backupTo(dbPath, abs); err != nil {
		return err
	}
	name := backupName(time.Now())
	if err := d.PutFile(ctx, name, abs, "application/octet-stream"); err != nil {
		return err
	}
	have, err := d.Keys(ctx)
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(uploadsDir)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	copied := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !domain.ValidUploadName(e.Name()) {
			continue
		}
		if _, ok := have["uploads/"+e.Name()]; ok {
			continue
		}
		if err := d.PutFile(ctx, "uploads/"+e.Name(), filepath.Join(uploadsDir, e.Name()), "application/octet-stream"); err != nil {
			return err
		}
		copied++
	}
	fmt.Fprintf(cmd.OutOrStdout(), "backup written to %s%s; %d new uploads copied to %suploads/\n", d.Target(), name, copied, d.Target())
	return nil
}
