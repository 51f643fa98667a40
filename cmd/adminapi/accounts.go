package main

import (
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/store"
)

// listAccounts prints the accounts of the database at dbPath; while a server holds the file,
// it asks that server through its control socket.
func listAccounts(w io.Writer, dbPath string) error {
	var accounts []operator.AccountSummary
	err := withDB(dbPath, true, func(db *store.DB) error {
		var err error
		accounts, err = operator.AccountSummaries(db)
		return err
	})
	if errors.Is(err, store.ErrLocked) {
		if accounts, err = operator.RequestAccounts(dbPath); err != nil {
			return fmt.Errorf("%s is held by a running server, which did not answer for its accounts: %w", dbPath, err)
		}
	}
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "USERNAME\tROLE\tE-MAIL\tSINCE")
	for _, a := range accounts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", a.Username, a.Role, a.Email, a.CreatedAt.Format("2006-01-02"))
	}
	return tw.Flush()
}
