// Package cli holds what sitegen and adminapi share of their command line beyond cobra itself.
package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// FlagError is the commands' flag error function (cobra's SetFlagErrorFunc): the error of a
// flag the command does not have names the flag meant, when one is close ("--dbb": "Did you
// mean --db?"), and any flag error ends with the command's usage line and where to read more.
func FlagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if typed, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		if meant := closestFlag(cmd, typed); meant != "" {
			msg += fmt.Sprintf("\nDid you mean --%s?", meant)
		}
	}
	return fmt.Errorf("%s\n\nUsage:\n  %s\n\nRun '%s --help' for every flag", msg, cmd.UseLine(), cmd.CommandPath())
}

// closestFlag is the command's flag (its own or inherited) nearest to typed: one that starts
// with typed, or else the fewest edits away, at most a third of typed's letters (one at least).
func closestFlag(cmd *cobra.Command, typed string) string {
	limit := max(1, len(typed)/3)
	best, bestDist := "", limit+1
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		d := distance(typed, f.Name)
		if strings.HasPrefix(f.Name, typed) {
			d = 0
		}
		if d < bestDist || d == bestDist && f.Name < best {
			best, bestDist = f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
