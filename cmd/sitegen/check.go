package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/contentdir"
	"digitalreeviver/internal/generator"
)

func newCheckCommand() *cobra.Command {
	var contentDir, out string
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Validate content/ and every internal link and asset of the built site",
		Long: `check loads content/ as a build would (reporting the file of any problem), then reads every
HTML page under --out and checks that each internal href and src names a file of the site.
It exits non-zero and names each broken link as "page → link".`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkContentDir(contentDir); err != nil {
				return err
			}
			if _, err := contentdir.Load(contentDir); err != nil {
				return err
			}
			if _, err := os.Stat(out); err != nil {
				return fmt.Errorf("no built site at %s: build it first (sitegen build --out %s), or pass --out", out, out)
			}
			broken, pages, err := generator.CheckLinks(out)
			if err != nil {
				return err
			}
			for _, b := range broken {
				fmt.Println("broken:", b)
			}
			what := fmt.Sprintf("%d HTML files", pages)
			if built, redirects, ok := generator.PageCounts(out); ok && built+redirects == pages {
				// The build's summary counts pages; its redirect pages are HTML files too.
				what = fmt.Sprintf("%d HTML files (the build's %d pages and %d redirect pages)", pages, built, redirects)
			}
			if len(broken) > 0 {
				return fmt.Errorf("%d broken links in %s", len(broken), what)
			}
			fmt.Printf("content ok; %s, every internal link and asset resolves\n", what)
			return nil
		},
	}
	cmd.Flags().StringVar(&contentDir, "content", "content", "content folder")
	cmd.Flags().StringVar(&out, "out", "dist", "the built site")
	return cmd
}

// checkContentDir says what to do when the content folder is not where the flag says.
func checkContentDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("no content folder at %s: run sitegen from the project's root folder, or pass --content", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, "site.yaml")); err != nil {
		return fmt.Errorf("%s has no site.yaml: is it the project's content folder? (pass --content)", dir)
	}
	return nil
}
