package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/content"
	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/media"
	"digitalreeviver/internal/source"
	"digitalreeviver/internal/store"
)

// paths are the flags every command that builds shares.
type paths struct {
	db, content, out, site, uploads, baseURL, formEndpoint, node string
	turnstileSiteKey, source                                     string
	empty                                                        bool
	cmd                                                          *cobra.Command
	variants                                                     string
	avif                                                         bool
}

func (p *paths) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&p.db, "db", "data/site.db", "bbolt database with the published blogs and services")
	f.StringVar(&p.content, "content", "content", "content folder (site.yaml, pages, landing pages, data)")
	f.StringVar(&p.out, "out", "dist", "output path: a symlink to the live generation, which lives in .<out>/")
	f.StringVar(&p.site, "site", "site", "site folder holding the built React renderer bundle (site/dist)")
	f.StringVar(&p.uploads, "uploads", "data/uploads", "uploaded images; the ones pages use are copied into the site")
	f.StringVar(&p.baseURL, "base-url", os.Getenv("SITE_URL"), "public URL of the site for canonical links, sitemap and feed (default: baseUrl of content/site.yaml; env SITE_URL)")
	f.StringVar(&p.formEndpoint, "form-endpoint", os.Getenv("FORM_ENDPOINT"), "URL the contact forms post to (default: formEndpoint of content/site.yaml; env FORM_ENDPOINT)")
	f.StringVar(&p.turnstileSiteKey, "turnstile-site-key", os.Getenv("TURNSTILE_SITE_KEY"), "Cloudflare Turnstile site key: the contact forms show its widget and send its token (adminapi checks it with TURNSTILE_SECRET), and the pages' policy lets challenges.cloudflare.com in; unset, no widget and no outside script (default: turnstileSiteKey of content/site.yaml; env TURNSTILE_SITE_KEY)")
	f.StringVar(&p.node, "node", "node", "node binary")
	f.StringVar(&p.source, "source", os.Getenv("SITE_SOURCE"), "read the published blogs and services from an admin server (https://ADMIN_HOST, through GET /api/blogs and /api/services; uploads fetched into --uploads) "+
		"or from a folder or file written by adminapi export, instead of --db (env SITE_SOURCE)")
	f.BoolVar(&p.empty, "empty", false, "build without any published blog or service when the database does not exist (otherwise a missing --db is an error)")
	p.cmd = cmd
	f.StringVar(&p.variants, "variants", "", "cache of the responsive variants of uploaded images, made once per image (default: variants/ beside --uploads)")
	f.BoolVar(&p.avif, "avif", true, "make AVIF variants as well as WebP (about twice the image work of WebP alone)")
}

func (p *paths) builder(logger *slog.Logger) (*generator.Builder, error) {
	return generator.New(generator.Config{
		ContentDir: p.content, OutDir: p.out, SiteDir: p.site, UploadsDir: p.uploads,
		BaseURL: p.baseURL, FormEndpoint: p.formEndpoint, TurnstileSiteKey: p.turnstileSiteKey, Node: p.node, Logger: logger, Progress: os.Stdout,
		Media: media.New(media.Options{Dir: variantsDir(p.variants, p.uploads), AVIF: p.avif, Logger: logger}),
	})
}

// variantsDir is where the variants of uploaded images are kept: dir, or variants/ beside the
// uploads (data/variants for data/uploads).
func variantsDir(dir, uploads string) string {
	if dir != "" {
		return dir
	}
	return filepath.Join(filepath.Dir(filepath.Clean(uploads)), "variants")
}

// emptySource stands in for a database that does not exist, when --empty says so.
type emptySource struct{ generator.Undigested }

func (emptySource) Blogs() ([]content.Blog, error)       { return nil, nil }
func (emptySource) Services() ([]content.Service, error) { return nil, nil }

// openSource opens where the published records come from: --source, or the database read-only.
// A missing database is an error naming it (a mistyped --db must not build an empty site),
// unless --empty; a file held by adminapi fails at once with what to do instead.
func (p *paths) openSource(ctx context.Context, logger *slog.Logger) (generator.Source, func(), error) {
	if p.source != "" {
		if p.cmd != nil && p.cmd.Flags().Changed("db") {
			return nil, nil, errors.New("--db and --source name two sources of the records: give one")
		}
		recs, err := source.Open(ctx, p.source, source.Options{UploadsDir: p.uploads, Logger: logger, Progress: os.Stdout})
		if err != nil {
			return nil, nil, err
		}
		p.uploads = recs.UploadsDir
		return recs, func() {}, nil
	}
	path := p.db
	db, err := store.Open(path, store.Options{ReadOnly: true, Timeout: 500e6})
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
			if err := checkContentDir(p.content); err != nil {
				return err
			}
			src, closeSrc, err := p.openSource(ctx, logger)
			if err != nil {
				return err
			}
			defer closeSrc()
			b, err := p.builder(logger)
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
	cmd.Flags().BoolVar(&force, "force", false, "build even when more than half of the live site's pages would be removed")
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
generation on the store, use sitegen deploy --generation G.`,
		Example: "  sitegen rollback\n  sitegen rollback --to s3://www-example-com",
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

var _ = context.Background
