package main

import (
	"context"
	"errors"
	"os"
	"strings"
	"time"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/intake"
)

// siteIntake is what a build carries of the enquiries' intake bucket when INTAKE_TARGET and its
// keys are set (docs/DEPLOY.md): the bucket's origin in the pages' policy and intake.json signed
// for now. The admin's switch lives in the admin server's database: a build there (or one
// through its API) knows it; this one does not. nil without an intake.
func siteIntake() (*generator.Intake, error) {
	cfg, ok, err := intake.ConfigFromEnv(os.Getenv)
	if err != nil || !ok {
		return nil, err
	}
	return &generator.Intake{Origin: cfg.Origin(), Policy: func() []byte { return cfg.Sign(time.Now()).File() }}, nil
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
			list = append(list, o)
		}
	}
	return intake.Setup(ctx, cfg, intake.SetupOptions{Origins: list, QuarantineDays: quarantineDays, DryRun: dryRun, Out: os.Stdout, GrantKeys: grantKeys,
		Owner: intake.Key{ID: os.Getenv("AWS_ACCESS_KEY_ID"), Secret: os.Getenv("AWS_SECRET_ACCESS_KEY")}})
}
