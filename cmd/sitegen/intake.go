package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"digitalreeviver/internal/deploy"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/intake"
	"digitalreeviver/internal/source"
	"digitalreeviver/internal/store"
)

// siteIntake is what a build carries of the enquiries' intake bucket when INTAKE_TARGET and its
// keys are set (docs/DEPLOY.md): the bucket's origin in the pages' policy and intake.json signed
// for now, unless an admin switched the intake off. The switch lives in the admin server's
// database; a build from that database (--db) reads it there, one from the admin server
// (--source https://…) reads the server's published intake.json, and one from an export folder
// cannot know it (docs/DEPLOY.md). nil without an intake.
func siteIntake(ctx context.Context, src generator.Source, logger *slog.Logger) (*generator.Intake, error) {
	cfg, ok, err := intake.ConfigFromEnv(os.Getenv)
	if err != nil || !ok {
		return nil, err
	}
	sign := func() []byte { return cfg.Sign(time.Now()).File() }
	if off, where := intakeSwitchedOff(ctx, src); off {
		logger.Info("the intake is switched off: intake.json says so and no upload policy is signed", "by", where)
		sign = func() []byte { return intake.Policy{}.File() }
	}
	return &generator.Intake{Origin: cfg.Origin(), Policy: sign}, nil
}

// intakeSwitchedOff says whether the admin's switch is off for the records of src, and where
// that was read.
func intakeSwitchedOff(ctx context.Context, src generator.Source) (bool, string) {
	switch s := src.(type) {
	case *store.DB:
		return intake.SwitchedOff(s), "the database"
	case *source.Records:
		if !source.IsRemote(s.Origin) {
			return false, ""
		}
		return publishedOff(ctx, s.Origin), s.Origin + "/intake.json"
	}
	return false, ""
}

// publishedOff reads the intake.json an admin server publishes: off only when it answers, and
// says {"enabled": false}; a server that does not serve the site's files leaves the intake on.
func publishedOff(ctx context.Context, base string) bool {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/intake.json", nil)
	if err != nil {
		return false
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	defer res.Body.Close()
	var file struct {
		Enabled *bool `json:"enabled"`
	}
	if res.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&file) != nil {
		return false
	}
	return file.Enabled != nil && !*file.Enabled
}

// intakeApart refuses an INTAKE_TARGET that names the deploy target's bucket on the same store
// (to: --to or DEPLOY_TARGET; "" when there is none).
func intakeApart(to string) error {
	cfg, ok, _ := intake.ConfigFromEnv(os.Getenv)
	if !ok || to == "" {
		return nil
	}
	site, err := deploy.ParseTarget(to)
	if err != nil {
		return err
	}
	return cfg.CheckApart(site, deploy.EndpointFromEnv(os.Getenv))
}

// setupIntake is deploy --setup-intake: the intake bucket of INTAKE_TARGET made ready with the
// deploy's own key (AWS_ACCESS_KEY_ID), CORS for the site's origins.
func setupIntake(ctx context.Context, origins []string, quarantineDays int, grantKeys, dryRun bool) error {
	cfg, ok, err := intake.ConfigFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("--setup-intake: set INTAKE_TARGET=s3://BUCKET and the INTAKE_* keys (docs/DEPLOY.md, When the form server is down)")
	}
	var list []string
	for _, o := range origins {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			if err := domain.CheckOrigin(o); err != nil {
				return fmt.Errorf("--origin (default env SITE_URL): %w", err)
			}
			list = append(list, o)
		}
	}
	return intake.Setup(ctx, cfg, intake.SetupOptions{Origins: list, QuarantineDays: quarantineDays, DryRun: dryRun, Out: os.Stdout, GrantKeys: grantKeys,
		Owner: intake.Key{ID: os.Getenv("AWS_ACCESS_KEY_ID"), Secret: os.Getenv("AWS_SECRET_ACCESS_KEY")}})
}
