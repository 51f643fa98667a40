package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/content/folder"
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
			if _, err := folder.Load(contentDir); err != nil {
				return err
			}
			broken, pages, err := generator.CheckLinks(out)
			if err != nil {
				return err
			}
			for _, b := range broken {
				fmt.Println("broken:", b)
			}
			if len(broken) > 0 {
				return fmt.Errorf("%d broken links in %d pages", len(broken), pages)
			}
			fmt.Printf("content ok; %d pages, every internal link and asset resolves\n", pages)
			return nil
		},
	}
	cmd.Flags().StringVar(&contentDir, "content", "content", "content folder")
	cmd.Flags().StringVar(&out, "out", "dist", "the built site")
	return cmd
}
