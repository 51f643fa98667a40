package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/buildflags"
	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/source"
	"digitalreeviver/internal/store"
)

// paths are the flags every command that builds shares.
type paths struct {
	buildflags.Flags
	db, source string
	empty      bool
	cmd        *cobra.Command
}

func (p *paths) register(cmd *cobra.Command) {
	f := cmd.Flags()
	p.Flags.Register(f)
	f.StringVar(&p.db, "db", "data/site.db", "bbolt database with the published blogs and services")
	f.StringVar(&p.source, "source", os.Getenv("SITE_SOURCE"), "read the published blogs and services from an admin server (https://ADMIN_HOST, through GET /api/blogs and /api/services; uploads fetched into --uploads) "+
		"or from a folder or file written by adminapi export, instead of --db (env SITE_SOURCE)")
	f.BoolVar(&p.empty, "empty", false, "build without any published blog or service when the database does not exist (otherwise a missing --db is an error)")
	p.cmd = cmd
}

// builder makes the Builder of src's records; oneShot for a single build (sitegen build), not a server.
func (p *paths) builder(ctx context.Context, src generator.Source, logger *slog.Logger, oneShot bool) (*generator.Builder, error) {
	cfg := p.Config(logger)
	in, err := siteIntake(ctx, src, logger)
	if err != nil {
		return nil, err
	}
	cfg.Intake = in
	cfg.Progress = os.Stdout
	cfg.OneShot = oneShot
	return generator.New(cfg)
}

// emptySource stands in for a database that does not exist, when --empty says so.
type emptySource struct{ generator.Undigested }

func (emptySource) Blogs() ([]domain.Blog, error)       { return nil, nil }
func (emptySource) Services() ([]domain.Service, error) { return nil, nil }

// openSource opens where the published records come from: --source, or the database read-only.
// A missing database is an error naming it (a mistyped --db must not build an empty site),
// unless --empty; a file held by adminapi fails at once with what to do instead.
func (p *paths) openSource(ctx context.Context, logger *slog.Logger) (generator.Source, func(), error) {
	if p.source != "" {
		if p.cmd != nil && p.cmd.Flags().Changed("db") {
			return nil, nil, errors.New("--db and --source name two sources of the records: give one")
		}
		recs, err := source.Open(ctx, p.source, source.Options{UploadsDir: p.Uploads, Logger: logger, Progress: os.Stdout})
		if err != nil {
			return nil, nil, err
		}
		p.Uploads = recs.UploadsDir
		return recs, func() {}, nil
	}
	path := p.db
	db, err := store.Open(path, store.Options{ReadOnly: true, ReadOnce: true, Timeout: 500e6})
	switch {
	case errors.Is(err, fs.ErrNotExist) && p.empty:
		logger.Warn("no database: building without published blogs and services (--empty)", "db", path)
		return emptySource{}, func() {}, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, fmt.Errorf("database %s does not exist, so the site would have no blog or service. "+
			"Check --db (adminapi serve creates the database, adminapi import fills it), build from an admin server "+
			"or an export with --source, or pass --empty to build without published records on purpose", path)
	case errors.Is(err, store.ErrLocked):
		return nil, nil, fmt.Errorf("%s is held by another process (adminapi serve?). bbolt allows one writer: "+
			"while adminapi runs, rebuild through it (the admin's Rebuild button, or POST /api/builds), or stop it and run sitegen build again", path)
	case err != nil:
		return nil, nil, err
	}
	return db, func() { db.Close() }, nil
}

// gcForOneBuild trades memory for CPU in a single build: the collector runs once the heap is
// three times what the last collection left rather than twice (GOGC=200; the collector was about
// a tenth of a 1000-post build's Go CPU), under a soft limit of 512 MiB, so that a large site's
// build holds no more than it did (at 50,000 posts the limit, not the percentage, sets the pace).
// GOGC or GOMEMLIMIT in the environment wins.
func gcForOneBuild() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(512 << 20)
	}
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

func newBuildCommand() *cobra.Command {
	var p paths
	var clean, force bool
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Build the site into --out (incremental unless --clean)",
		Long: `Build every public route into static HTML under --out.

Only pages whose inputs changed since the live generation are rendered; the others are
hard-linked from it. The new generation becomes live in one rename; a failed build leaves the
live site untouched. Prints progress and a summary line.`,
		Example: "  sitegen build\n  sitegen build --clean --base-url https://www.example.com",
		RunE: func(cmd *cobra.Command, args []string) error {
			logger := newLogger()
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			gcForOneBuild()
			if err := checkContentDir(p.Content); err != nil {
				return err
			}
			src, closeSrc, err := p.openSource(ctx, logger)
			if err != nil {
				return err
			}
			defer closeSrc()
			b, err := p.builder(ctx, src, logger, true)
			if err != nil {
				return err
			}
			defer b.Close()
			_, err = b.Build(ctx, src, generator.Options{Clean: clean, Reason: "sitegen build", GuardRemovals: !force})
			if err != nil {
				return fmt.Errorf("build failed, the live site is unchanged: %w", err)
			}
			return nil
		},
	}
	p.register(cmd)
	cmd.Flags().BoolVar(&clean, "clean", false, "render every page, ignoring the live generation")
	cmd.Flags().BoolVar(&force, "force", false, "build even when more than half of the live site's pages, or all its posts or all its services, would be removed")
	return cmd
}

func newRollbackCommand() *cobra.Command {
	var out string
	var f deployFlags
	cmd := &cobra.Command{
		Use:   "rollback",
		Short: "Make the previous generation of the site live again (and, with --to, on the object store)",
		Long: `rollback makes the generation before the live one live again in --out. With --to it then
deploys that generation to the object store, uploading only what differs from what the store
holds (the assets of the newer generation stay for the grace period). To put any other kept
generation on the store, use sitegen deploy --generation G. With --dry-run it says which
generation would be served (and, with --to, prints the store's plan) and changes nothing.`,
		Example: "  sitegen rollback --dry-run --to s3://www-example-com\n  sitegen rollback\n  sitegen rollback --to s3://www-example-com",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var d *deploy.Deployer
			if f.to != "" {
				// Fail on the store's settings before the local site changes.
				var err error
				if d, err = f.deployer(); err != nil {
					return err
				}
			}
			if f.dryRun {
				return dryRollback(cmd, out, &f, d)
			}
			name, err := generator.Rollback(out)
			if err != nil {
				return err
			}
			fmt.Printf("%s now serves generation %s\n", out, name)
			if f.to == "" {
				return nil
			}
			dir, gen, err := deploy.GenerationDir(out, "")
			if err != nil {
				return err
			}
			return f.run(cmd, d, dir, gen)
		},
	}
	cmd.Flags().StringVar(&out, "out", "dist", "output path (symlink to the live generation)")
	f.register(cmd, "", "also deploy the rolled-back generation to s3://BUCKET[/PREFIX]")
	return cmd
}

// dryRollback is rollback --dry-run: which generation would be served, and with --to the
// store's plan for it; nothing changes, here or on the store.
func dryRollback(cmd *cobra.Command, out string, f *deployFlags, d *deploy.Deployer) error {
	live, previous, err := generator.RollbackTarget(out)
	if err != nil {
		return err
	}
	fmt.Printf("%s would serve generation %s (it serves %s now)\n", out, previous, live)
	if f.to == "" {
		fmt.Println("dry run: nothing was changed")
		return nil
	}
	dir, gen, err := deploy.GenerationDir(out, previous)
	if err != nil {
		return err
	}
	return f.run(cmd, d, dir, gen)
}

var _ = context.Background
