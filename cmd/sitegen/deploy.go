package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
)

// deployFlags are the flags of every command that deploys.
type deployFlags struct {
	to, purgeURL, purgeBase string
	grace                   time.Duration
	gzip, dryRun, force     bool
	verify                  bool
	workers                 int
}

func (f *deployFlags) register(cmd *cobra.Command, toDefault, toUsage string) {
	fl := cmd.Flags()
	fl.StringVar(&f.to, "to", toDefault, toUsage)
	fl.DurationVar(&f.grace, "grace", deploy.DefaultGrace, "how long assets that left the site stay on the store (open tabs still ask for them)")
	fl.BoolVar(&f.gzip, "gzip", false, "store text files gzip-compressed (Content-Encoding: gzip) where that saves a tenth or more; only for a CDN that passes it on to every client")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print the plan (uploads, deletions, bytes) and change nothing")
	fl.BoolVar(&f.force, "force", false, "deploy even when most of the pages, or all the posts or all the services, live on the store would be removed")
	fl.BoolVar(&f.verify, "verify", false, "list the store and upload again whatever the deploy manifest records but the store lacks")
	fl.StringVar(&f.purgeURL, "purge-url", os.Getenv("DEPLOY_PURGE_URL"), `URL that receives the changed addresses as {"files": [...]} after each deploy (env DEPLOY_PURGE_URL; its token from env DEPLOY_PURGE_TOKEN)`)
	fl.StringVar(&f.purgeBase, "purge-base-url", os.Getenv("SITE_URL"), "public URL of the site, so the purged addresses are absolute (env SITE_URL)")
	fl.IntVar(&f.workers, "workers", 8, "parallel uploads")
}

func (f *deployFlags) deployer() (*deploy.Deployer, error) {
	if f.to == "" {
		return nil, errors.New("no deploy target: pass --to s3://BUCKET[/PREFIX] (or set DEPLOY_TARGET)")
	}
	if f.purgeBase != "" {
		if err := domain.CheckSiteURL(f.purgeBase); err != nil {
			return nil, fmt.Errorf("--purge-base-url (env SITE_URL): %w", err)
		}
	}
	cfg, err := deploy.ConfigFromEnv(f.to, os.Getenv)
	if err != nil {
		return nil, err
	}
	if err := intakeApart(f.to); err != nil {
		return nil, err
	}
	cfg.Grace, cfg.Gzip, cfg.Workers = f.grace, f.gzip, f.workers
	cfg.Purge = deploy.PurgeConfig{URL: f.purgeURL, Token: os.Getenv("DEPLOY_PURGE_TOKEN"), BaseURL: f.purgeBase}
	cfg.Logger, cfg.Progress = newLogger(), os.Stdout
	return deploy.New(cfg)
}

// run deploys the site in dir (generation name gen) and prints the plan of a dry run.
func (f *deployFlags) run(cmd *cobra.Command, d *deploy.Deployer, dir, gen string) error {
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if w := formEndpointWarning(generator.FormEndpointOf(dir)); w != "" {
		fmt.Println(w)
	}
	plan, _, err := d.Deploy(ctx, dir, deploy.Options{Generation: gen, DryRun: f.dryRun, Force: f.force, Verify: f.verify,
		Records: generator.RecordCounts(dir), GuardRecords: true})
	if f.dryRun && plan != nil {
		plan.Print(os.Stdout)
		if err == nil {
			fmt.Println("dry run: nothing was changed")
		}
	}
	return err
}

func newDeployCommand() *cobra.Command {
	var f deployFlags
	var out, generation string
	var setup bool
	var origins []string
	var quarantineDays int
	var grantKeys bool
	cmd := &cobra.Command{
		Use:   "deploy --to s3://BUCKET[/PREFIX]",
		Short: "Upload the built site to an S3-compatible object store, only what changed",
		Long: `deploy uploads the live generation of --out (or --generation G, one kept beside it) to an
S3-compatible object store (AWS S3, Cloudflare R2, Backblaze B2, MinIO, …) from which a CDN
serves the site.

Only objects whose bytes or metadata changed are uploaded, by their sha256 as the manifest object
(.sitegen-deploy.json below the prefix) records them, never by ETag. New and changed assets go
first, then pages, then sitemap.xml, feed.xml and robots.txt, so a visitor never meets a page
whose assets are missing; objects that left the site are deleted last, pages at once and assets
after --grace (open tabs still ask for them). Each object gets its Content-Type, a Cache-Control
by rule (a year for hashed assets and uploads, revalidation for pages), the site's security
headers as x-amz-meta-* metadata on pages, and, for a _redirects file in the site (Netlify
syntax), redirect objects (x-amz-website-redirect-location).

A deploy that would remove more than half of the pages live on the store, or every post or
every service the store's site shows, is refused unless --force. Requests are retried with backoff on transient errors; a refusal names the bucket and
key.

Environment:
  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN   credentials
  AWS_REGION (or AWS_DEFAULT_REGION)                            region ("auto" for R2)
  AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL)                     the store, for anything but AWS S3
  AWS_S3_FORCE_PATH_STYLE=true                                  path-style addressing (used by itself for non-AWS endpoints)
  DEPLOY_TARGET                                                 default of --to
  DEPLOY_PURGE_URL, DEPLOY_PURGE_TOKEN                          the CDN purge hook and its bearer token
  INTAKE_TARGET and INTAKE_* (see adminapi serve --help)        with --setup-intake: the intake bucket`,
		Example: `  sitegen deploy --to s3://www-example-com --dry-run
  AWS_ENDPOINT_URL_S3=https://ACCOUNT.r2.cloudflarestorage.com AWS_REGION=auto sitegen deploy --to s3://site
  sitegen deploy --to s3://site --generation g20260301T120000000000-a1b2c3   # an earlier generation
  INTAKE_TARGET=s3://example-intake sitegen deploy --setup-intake --origin https://www.example.com --dry-run`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if setup {
				if err := intakeApart(f.to); err != nil {
					return err
				}
				return setupIntake(cmd.Context(), origins, quarantineDays, grantKeys, f.dryRun)
			}
			d, err := f.deployer()
			if err != nil {
				return err
			}
			dir, gen, err := deploy.GenerationDir(out, generation)
			if err != nil {
				return err
			}
			return f.run(cmd, d, dir, gen)
		},
	}
	f.register(cmd, os.Getenv("DEPLOY_TARGET"), "where to deploy: s3://BUCKET or s3://BUCKET/PREFIX (env DEPLOY_TARGET)")
	cmd.Flags().StringVar(&out, "out", "dist", "the built site: a symlink to the live generation, or a folder")
	cmd.Flags().StringVar(&generation, "generation", "", "deploy this generation kept in .<out>/ instead of the live one (a rollback on the store)")
	cmd.Flags().BoolVar(&setup, "setup-intake", false, "instead of deploying, set up the private intake bucket of INTAKE_TARGET (the enquiries' way in while the form server is down): "+
		"make it, CORS for --origin, lifecycle rules, and print the two keys' policies; with --dry-run only say so")
	cmd.Flags().StringSliceVar(&origins, "origin", []string{os.Getenv("SITE_URL")}, "with --setup-intake: the site's origin(s) whose pages may upload (default env SITE_URL)")
	cmd.Flags().IntVar(&quarantineDays, "quarantine-days", 14, "with --setup-intake: how long refused uploads stay in quarantine")
	cmd.Flags().BoolVar(&grantKeys, "grant-keys", false, "with --setup-intake: grant the two INTAKE_* keys their rights by a bucket policy naming their access key ids (stores whose accounts are so named, such as Versity's gateway; on AWS give the keys the IAM policies it prints instead)")
	return cmd
}

// formEndpointWarning is what a deploy says of a site whose forms post to a path of its own
// address ("/popup", site.yaml's default, right for adminapi serve --demo): on a bucket that
// address answers no POST. Not a refusal: a CDN may pass that path on to the admin server.
func formEndpointWarning(endpoint string) string {
	if !strings.HasPrefix(endpoint, "/") {
		return ""
	}
	return "warning: the site's forms post to " + endpoint + " on the site's own address, which a bucket cannot answer: " +
		"every enquiry would fail over to the intake bucket at best. Build with FORM_ENDPOINT=https://<the admin server>" + endpoint +
		" (docs/DEPLOY.md), unless your CDN passes " + endpoint + " on to the admin server."
}
