package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// A misspelt flag is answered with the flag meant and the usage line; a flag nothing is close
// to gets the usage line alone.
func TestFlagError(t *testing.T) {
	root := &cobra.Command{Use: "sitegen", SilenceUsage: true, SilenceErrors: true}
	root.SetFlagErrorFunc(FlagError)
	var db, out string
	build := &cobra.Command{Use: "build", RunE: func(*cobra.Command, []string) error { return nil }}
	build.Flags().StringVar(&db, "db", "data/site.db", "")
	build.Flags().StringVar(&out, "out", "dist", "")
	build.Flags().Bool("clean", false, "")
	root.PersistentFlags().Bool("verbose", false, "")
	root.AddCommand(build)
	for _, c := range []struct{ args, want, not string }{
		{"build --dbb", "unknown flag: --dbb\nDid you mean --db?\n\nUsage:\n  sitegen build [flags]\n\nRun 'sitegen build --help' for every flag", ""},
		{"build --clen", "Did you mean --clean?", ""},
		{"build --cl", "Did you mean --clean?", ""},
		{"build --verbos", "Did you mean --verbose?", ""},
		{"build --zzzzzz", "unknown flag: --zzzzzz\n\nUsage:", "Did you mean"},
	} {
		root.SetArgs(strings.Fields(c.args))
		err := root.Execute()
		if err == nil || !strings.Contains(err.Error(), c.want) || c.not != "" && strings.Contains(err.Error(), c.not) {
			t.Errorf("%s: %v", c.args, err)
		}
	}
}
