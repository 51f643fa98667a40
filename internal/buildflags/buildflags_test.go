package buildflags

import (
	"path/filepath"
	"testing"

	"github.com/spf13/pflag"
)

func TestDefaultsEnvironmentAndVariants(t *testing.T) {
	t.Setenv("SITE_URL", "https://www.example.in")
	t.Setenv("FORM_ENDPOINT", "")
	var s Flags
	f := pflag.NewFlagSet("build", pflag.ContinueOnError)
	s.Register(f)
	if err := f.Parse([]string{"--uploads", "/srv/data/uploads"}); err != nil {
		t.Fatal(err)
	}
	if s.BaseURL != "https://www.example.in" || s.FormEndpoint != "" || s.Out != "dist" || !s.AVIF || s.Node != "node" {
		t.Fatalf("defaults: %+v", s)
	}
	if got := s.VariantsDir(); got != filepath.FromSlash("/srv/data/variants") {
		t.Fatalf("variants beside the uploads: %s", got)
	}
	if err := f.Parse([]string{"--variants", "/cache/v", "--avif=false"}); err != nil {
		t.Fatal(err)
	}
	cfg := s.Config(nil)
	defer cfg.Media.Close()
	if s.VariantsDir() != "/cache/v" || cfg.UploadsDir != "/srv/data/uploads" || cfg.OutDir != "dist" || cfg.Media.Settings() == "" {
		t.Fatalf("config: %+v", cfg)
	}
}
