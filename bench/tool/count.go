package main

import (
	"flag"
	"fmt"
	"time"

	"digitalreeviver/internal/store"
)

// countMessages prints how many enquiries the database holds (the server must have stopped).
func countMessages(args []string) error {
	fs := flag.NewFlagSet("count", flag.ExitOnError)
	db := fs.String("db", "", "database")
	fs.Parse(args)
	d, err := store.Open(*db, store.Options{ReadOnly: true, Timeout: 5 * time.Second})
	if err != nil {
		return err
	}
	defer d.Close()
	n, err := d.CountMessages()
	if err != nil {
		return err
	}
	fmt.Println(n)
	return nil
}
