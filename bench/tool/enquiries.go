package main

import (
	"flag"
	"fmt"
	"math/rand"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// enquiries fills a database with -n enquiries of the last year, as the inbox bench opens them:
// about 75 % new, 15 % replied, 10 % archived, and a quarter of the last three weeks' spam
// (spam older than 30 days would be swept at the server's start), each with a name, an address, a
// phone number and a paragraph, stored in one transaction. The seed is fixed: every run makes
// the same inbox.
func enquiries(args []string) error {
	fs := flag.NewFlagSet("enquiries", flag.ExitOnError)
	db := fs.String("db", "", "database")
	n := fs.Int("n", 10000, "enquiries")
	fs.Parse(args)
	d, err := store.Open(*db, store.Options{Timeout: 5 * time.Second})
	if err != nil {
		return err
	}
	defer d.Close()
	rng := rand.New(rand.NewSource(1))
	first := []string{"Asha", "Rahul", "Priya", "Vikram", "Neha", "Arjun", "Sana", "Karan", "Meera", "Rohit"}
	last := []string{"Sharma", "Verma", "Gupta", "Kapoor", "Singh", "Mehta", "Iyer", "Khan", "Bose", "Nair"}
	needs := []string{"a new website for our clinic", "SEO for our restaurant in Noida", "Google Ads for a coaching centre",
		"social media management for a boutique", "a logo and brochure design", "the advanced digital marketing course"}
	start := time.Now().UTC().Add(-365 * 24 * time.Hour)
	msgs := make([]domain.Message, *n)
	for i := range msgs {
		status := domain.StatusNew
		switch r := rng.Intn(100); {
		case r < 15:
			status = domain.StatusReplied
		case r < 25:
			status = domain.StatusArchived
		}
		name := first[rng.Intn(len(first))] + " " + last[rng.Intn(len(last))]
		msgs[i] = domain.Message{
			Name:  name,
			Email: fmt.Sprintf("visitor%05d@example.in", i),
			Phone: fmt.Sprintf("+91 98%03d %05d", rng.Intn(1000), i),
			Message: fmt.Sprintf("Hello, I am %s. We are looking for %s and would like to know your prices and timelines. "+
				"Please call me in the afternoon. (enquiry %d)", name, needs[rng.Intn(len(needs))], i),
			Source:    []string{"popup", "contact", "form"}[rng.Intn(3)],
			CreatedAt: start.Add(time.Duration(i) * (365 * 24 * time.Hour / time.Duration(*n))),
			Status:    status,
		}
		// Spam stays 30 days before it is erased: the bench's is of the last three weeks.
		if time.Since(msgs[i].CreatedAt) < 21*24*time.Hour && rng.Intn(100) < 25 {
			msgs[i].Status = domain.StatusSpam
		}
	}
	// In order of arrival: the store keys enquiries by arrival, the inbox lists newest first.
	if err := d.ImportMessages(msgs); err != nil {
		return err
	}
	fmt.Printf("%d enquiries written\n", *n)
	return nil
}
