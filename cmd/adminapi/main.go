// Command adminapi serves the admin API, the form endpoint and (in demo mode) the whole site, and
// manages admin accounts, backups and content transfer. It only wires: HTTP lives in internal/api
// (used by serve alone), builds in internal/publish, the operator's tasks in internal/operator, the
// rules in internal/domain and internal/auth, storage in internal/store.
package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"digitalreeviver/internal/atomicfile"
	"digitalreeviver/internal/cli"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/source"
	"digitalreeviver/internal/store"
)

func main() {
	if err := newRootCommand().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "adminapi:", err)
		os.Exit(1)
	}
}

func newRootCommand() *cobra.Command {
	var dbPath string
	root := &cobra.Command{
		Use:           "adminapi",
		Short:         "Admin API, form endpoint and demo server of the Digital Reeviver site",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.PersistentFlags().StringVar(&dbPath, "db", "data/site.db", "bbolt database file")
	root.SetFlagErrorFunc(cli.FlagError)
	root.AddCommand(newServeCommand(&dbPath), newUserCommand(&dbPath), newBackupCommand(&dbPath),
		newImportCommand(&dbPath), newExportCommand(&dbPath), newDemoLoginCommand(&dbPath))
	return root
}

// openDB opens the database, failing fast with advice when a server holds it. Only serve,
// import and `user add --create` make a new database: the others refuse a missing one
// (mustExist), so a mistyped --db does not leave an empty database behind.
func openDB(path string, readOnly bool) (*store.DB, error) {
	return openDBWith(path, store.Options{ReadOnly: readOnly})
}

func openDBWith(path string, opts store.Options) (*store.DB, error) {
	opts.Timeout = 500 * time.Millisecond
	db, err := store.Open(path, opts)
	if errors.Is(err, store.ErrLocked) {
		return nil, lockedError{path: path, advice: changeInTheAdminUI}
	}
	return db, err
}

// mustExist refuses a database file that is not there, saying where it looked.
func mustExist(path string) error {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("no database at %s: pass --db with the database's path (the default, data/site.db, is "+
			"relative to the folder adminapi runs in); a new one is made by `adminapi serve` or `adminapi user add --create`", path)
	} else if err != nil {
		return err
	}
	return nil
}

// lockedError says once, and clearly, that a running server holds the database (bbolt lets one
// process open it), and what to do instead; it is still store.ErrLocked to errors.Is.
type lockedError struct{ path, advice string }

// changeInTheAdminUI is a lockedError's advice for a change.
const changeInTheAdminUI = "make the change in the admin UI (People for accounts); `adminapi user list` and " +
	"`adminapi backup` work while it runs"

func (e lockedError) Error() string {
	return fmt.Sprintf("%s is held by a running server (`adminapi serve`, or a `sitegen build` of the same file): "+
		"stop it first, or %s", e.path, e.advice)
}

func (e lockedError) Unwrap() error { return store.ErrLocked }

// withDomainErrors is withDB for a change: a domain error of fn (the last admin, no such
// account) is shown by its message alone.
func withDomainErrors(path string, fn func(*store.DB) error) error {
	err := withDB(path, false, fn)
	if err != nil && domain.ErrorCode(err) != domain.EInternal {
		return errors.New(domain.ErrorMessage(err))
	}
	return err
}

// withDB opens the database (which must exist), runs fn on it and closes it.
func withDB(path string, readOnly bool, fn func(*store.DB) error) error {
	if err := mustExist(path); err != nil {
		return err
	}
	return withNewDB(path, readOnly, fn)
}

// withNewDB is withDB that makes the database when there is none.
func withNewDB(path string, readOnly bool, fn func(*store.DB) error) error {
	db, err := openDB(path, readOnly)
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db)
}

// withPassword reads a password (readPassword), then runs fn on the database with it (made
// when create says so and there is none); a domain error of fn is shown by its message alone.
func withPassword(path string, create bool, fn func(db *store.DB, password string) error) error {
	if !create {
		// Before the prompt: a mistyped --db is said at once, not after the password twice.
		if err := mustExist(path); err != nil {
			return err
		}
	}
	password, err := readPassword()
	if err != nil {
		return err
	}
	err = withNewDB(path, false, func(db *store.DB) error { return fn(db, password) })
	if err != nil && domain.ErrorCode(err) != domain.EInternal {
		return errors.New(domain.ErrorMessage(err))
	}
	return err
}

// readPassword takes ADMIN_PASSWORD, or asks twice on the terminal without echo.
func readPassword() (string, error) {
	if p := os.Getenv("ADMIN_PASSWORD"); p != "" {
		return p, nil
	}
	fd := int(os.Stdin.Fd())
	if !term.IsTerminal(fd) {
		return "", errors.New("set ADMIN_PASSWORD or run in a terminal to be asked for the password")
	}
	fmt.Fprint(os.Stderr, "Password: ")
	p1, err := term.ReadPassword(fd)
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return "", err
	}
	fmt.Fprint(os.Stderr, "Repeat password: ")
	p2, err := term.ReadPassword(fd)
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return "", err
	}
	if string(p1) != string(p2) {
		return "", errors.New("Passwords do not match!")
	}
	return string(p1), nil
}

func newImportCommand(dbPath *string) *cobra.Command {
	var dir, uploadsDir string
	cmd := &cobra.Command{
		Use:   "import [FILE...]",
		Short: "Import blogs and services from JSON arrays shaped like GET /api/blogs and /api/services, or a whole export (--dir)",
		Long: `Import published blogs and services from JSON arrays shaped like GET /api/blogs and
GET /api/services (each record's kind told by its content or description), through the sanitizer
and the publish rules, keeping ids and times. A bad record is reported by file, index and slug
and nothing is imported.

With --dir, import every file of an export (adminapi export) found in DIR, in one transaction:
blogs.json and services.json, the drafts (preview-*.json), the upload records (uploads.json),
enquiries.json and admins.json; the images of DIR/uploads/ are copied into --uploads. Import it
into a fresh database (made when --db does not exist): an account that exists already is refused.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if dir == "" && len(args) == 0 {
				return fmt.Errorf("name the files to import, or an export's folder with --dir")
			}
			if dir != "" && len(args) > 0 {
				return fmt.Errorf("give files or --dir, not both")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			warn := func(w string) { fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w) }
			// An import may start a database: a move is imported into a fresh one.
			return withNewDB(*dbPath, false, func(db *store.DB) error {
				var what fmt.Stringer
				var err error
				if dir != "" {
					what, err = operator.ImportDir(db, dir, warn)
				} else {
					what, err = operator.ImportFiles(db, args, warn)
				}
				if err != nil {
					return fmt.Errorf("nothing imported: %w", err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "imported %s; run `sitegen build` (or publish anything) to update the site\n", what)
				if dir != "" {
					return importUploads(cmd, dir, uploadsDir)
				}
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "import every file of an export in this folder")
	cmd.Flags().StringVar(&uploadsDir, "uploads", "data/uploads", "with --dir: where the export's images (DIR/uploads/) are copied")
	return cmd
}

func newExportCommand(dbPath *string) *cobra.Command {
	var dir, uploadsDir string
	var o operator.ExportOptions
	var move bool
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write the published blogs and services (and, when asked, drafts, upload records, enquiries, admins) to DIR, with the images they use",
		Long: `Write the published blogs and services to DIR/blogs.json and DIR/services.json, in the shape
GET /api/blogs and GET /api/services answer, and copy the uploaded images they use into
DIR/uploads/. The folder is a snapshot a CI job can build the site from (sitegen build --source
DIR), and adminapi import takes it back: imported and exported again, the files are the same.

--move also writes the drafts (preview-blogs.json, preview-services.json) and the upload records
(uploads.json), and copies every uploaded image. Enquiries (--enquiries) and admin accounts with
their password hashes (--admins) are personal data and written only when asked for, readable by
their owner alone. That is all an export carries: no revisions, redirects, schedules, webhooks,
settings, trash, audit log, build records or visitor counts. To move a whole server, carry a
backup copy (adminapi backup) and the uploads instead (docs/DEPLOY.md).

The server holds the database while it runs: export a copy then (adminapi backup --to copy.db,
then adminapi export --db copy.db).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if move {
				o.Drafts, o.Uploads = true, true
			}
			err := withDB(*dbPath, true, func(db *store.DB) error {
				paths, err := operator.ExportDir(db, dir, o)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), "wrote", strings.Join(paths, ", "))
				return exportUploads(cmd, db, dir, uploadsDir, o.Uploads)
			})
			var locked lockedError
			if errors.As(err, &locked) {
				// A read needs no stop: a copy of the running database is exported as well.
				locked.advice = fmt.Sprintf("export from a copy, which the running server writes: "+
					"`adminapi backup --db %s --to site-copy.db`, then `adminapi export --db site-copy.db` with the same flags", *dbPath)
				return locked
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&dir, "dir", ".", "folder to write into")
	f.StringVar(&uploadsDir, "uploads", "data/uploads", "uploaded images; the ones the records use (with --move or --upload-records, all) are copied to DIR/uploads/")
	f.BoolVar(&move, "move", false, "everything another server needs but personal data: --drafts and --upload-records")
	f.BoolVar(&o.Drafts, "drafts", false, "also the drafts (preview-blogs.json, preview-services.json)")
	f.BoolVar(&o.Uploads, "upload-records", false, "also the upload records (uploads.json), and every uploaded image")
	f.BoolVar(&o.Enquiries, "enquiries", false, "also the enquiries (enquiries.json, personal data, mode 0600)")
	f.BoolVar(&o.Admins, "admins", false, "also the admin accounts with their password hashes (admins.json, mode 0600)")
	return cmd
}

// exportUploads copies the uploaded images the published records use (all of them, for a move)
// into dir/uploads/.
func exportUploads(cmd *cobra.Command, db *store.DB, dir, uploadsDir string, all bool) error {
	var names []string
	if all {
		ups, err := db.Uploads()
		if err != nil {
			return err
		}
		for _, u := range ups {
			names = append(names, u.Name)
		}
	} else {
		blogs, err := db.Blogs()
		if err != nil {
			return err
		}
		services, err := db.Services()
		if err != nil {
			return err
		}
		names = source.UploadsUsed(blogs, services)
	}
	copied := 0
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(uploadsDir, name))
		if err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "warning: upload %s is missing in %s\n", name, uploadsDir)
			continue
		}
		if err := os.MkdirAll(filepath.Join(dir, "uploads"), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "uploads", name), data, 0o644); err != nil {
			return err
		}
		copied++
	}
	if copied > 0 {
		fmt.Fprintf(cmd.OutOrStdout(), "copied %d uploaded images to %s\n", copied, filepath.Join(dir, "uploads"))
	}
	return nil
}

// importUploads copies an export's images (DIR/uploads/, upload names only) into uploadsDir,
// keeping any file already there.
func importUploads(cmd *cobra.Command, dir, uploadsDir string) error {
	entries, err := os.ReadDir(filepath.Join(dir, "uploads"))
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	copied := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !domain.ValidUploadName(e.Name()) {
			continue
		}
		target := filepath.Join(uploadsDir, e.Name())
		if _, err := os.Stat(target); err == nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "uploads", e.Name()))
		if err != nil {
			return err
		}
		if err := atomicfile.Write(uploadsDir, e.Name(), data); err != nil {
			return err
		}
		copied++
	}
	if copied > 0 {
		fmt.Fprintf(cmd.OutOrStdout(), "copied %d uploaded images to %s\n", copied, uploadsDir)
	}
	return nil
}
