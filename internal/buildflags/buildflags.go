// Package buildflags holds the settings of a site build that `sitegen build` (and serve,
// check) and `adminapi serve` share: one set of flags with one set of defaults, so a build by
// either tool hashes the same inputs and the other's next build stays incremental.
package buildflags

import (
	"log/slog"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/media"
)

// Flags are the flags of a site build.
type Flags struct {
	Content, Out, SiteDir, Uploads, Variants string
	BaseURL, FormEndpoint, TurnstileSiteKey  string
	Node                                     string
	AVIF                                     bool
	RenderProcesses                          int
}

// Register adds the flags to f, their defaults read from the environment where one is named.
func (s *Flags) Register(f *pflag.FlagSet) {
	f.StringVar(&s.Content, "content", "content", "content folder (site.yaml, pages, landing pages, data)")
	f.StringVar(&s.Out, "out", "dist", "output path: a symlink to the live generation, which lives in .<out>/ (an existing folder must be empty: it is replaced by the link)")
	f.StringVar(&s.SiteDir, "site", "site", "site folder holding the built React renderer bundle (site/dist)")
	f.StringVar(&s.Uploads, "uploads", "data/uploads", "uploaded images; the ones pages use are copied into the site")
	f.StringVar(&s.BaseURL, "base-url", os.Getenv("SITE_URL"), "public URL of the site for canonical links, sitemap and feed (default: baseUrl of content/site.yaml; env SITE_URL)")
	f.StringVar(&s.FormEndpoint, "form-endpoint", os.Getenv("FORM_ENDPOINT"), "URL the contact forms post to (default: formEndpoint of content/site.yaml; env FORM_ENDPOINT)")
	f.StringVar(&s.TurnstileSiteKey, "turnstile-site-key", os.Getenv("TURNSTILE_SITE_KEY"), "Cloudflare Turnstile site key: the contact forms show its widget and send its token (adminapi checks it with TURNSTILE_SECRET), and the pages' policy lets challenges.cloudflare.com in; unset, no widget and no outside script (default: turnstileSiteKey of content/site.yaml; env TURNSTILE_SITE_KEY)")
	f.StringVar(&s.Node, "node", "node", "node binary that runs the renderer")
	f.IntVar(&s.RenderProcesses, "render-processes", 0, "most node processes rendering pages at once (default 1; a further one starts only while the running ones are busy: worth trying on a machine with idle cores)")
	f.StringVar(&s.Variants, "variants", "", "cache of the responsive variants of uploaded images, made once per image (default: variants/ beside --uploads)")
	f.BoolVar(&s.AVIF, "avif", true, "make AVIF variants as well as WebP (about twice the image work of WebP alone)")
}

// VariantsDir is where the variants of uploaded images are kept: --variants, or variants/
// beside the uploads (data/variants for data/uploads).
func (s *Flags) VariantsDir() string {
	if s.Variants != "" {
		return s.Variants
	}
	return filepath.Join(filepath.Dir(filepath.Clean(s.Uploads)), "variants")
}

// Config is the generator's configuration of these flags, with a variants cache of its own
// (Config.Media, which the caller closes when done).
func (s *Flags) Config(logger *slog.Logger) generator.Config {
	return generator.Config{
		ContentDir: s.Content, OutDir: s.Out, SiteDir: s.SiteDir, UploadsDir: s.Uploads,
		BaseURL: s.BaseURL, FormEndpoint: s.FormEndpoint, TurnstileSiteKey: s.TurnstileSiteKey, Node: s.Node, RenderProcesses: s.RenderProcesses, Logger: logger,
		Media: media.New(media.Options{Dir: s.VariantsDir(), AVIF: s.AVIF, Logger: logger}),
	}
}
