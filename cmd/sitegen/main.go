// Command sitegen builds the public site into static files, serves it while you edit, checks
// its links and rolls it back.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/cli"
)

func main() {
	if err := newRootCommand().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "sitegen:", err)
		os.Exit(1)
	}
}

func newRootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "sitegen",
		Short: "Build, serve and check the static public site",
		Long: `sitegen turns content/ (the agency's pages, in git) and the published blogs and services of
the bbolt database into a static site under dist/, rendered by React in one node process.

Each build writes a complete new generation beside the live one (in .dist/) and switches dist
to it in one rename, so visitors never see a half-built site; only pages whose inputs changed
are rendered again.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(cli.FlagError)
	root.AddCommand(newBuildCommand(), newServeCommand(), newCheckCommand(), newRollbackCommand(), newDeployCommand())
	return root
}
