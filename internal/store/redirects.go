package store

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// bucketRedirects holds the site's redirects by their old address (domain.Redirect.From).
//
// Two rules keep them simple for a static host, which follows one hop only:
//   - chains collapse: no redirect leads to an address another redirect leaves, so A→B and a
//     later B→C become A→C and B→C;
//   - a live page wins: when a record is published at an address a redirect leaves (a new post
//     takes an old post's slug, or a post gets its old slug back), that redirect is removed in
//     the same transaction. A draft with that slug changes nothing until it is published.
var bucketRedirects = []byte("redirects")

func init() { allBuckets = append(allBuckets, bucketRedirects) }

// Redirects returns every redirect, by old address.
func (db *DB) Redirects() ([]domain.Redirect, error) {
	var out []domain.Redirect
	err := db.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = list[domain.Redirect](tx, bucketRedirects)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list redirects: %w", err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out, nil
}

// AddRedirect stores a redirect the admin made: both addresses must be paths of the site, the
// old one may not be the page of a published record, and it may not make a loop or replace
// another redirect. A redirect to an address that itself redirects leads straight to the end.
func (db *DB) AddRedirect(r domain.Redirect) (domain.Redirect, error) {
	var err error
	if r.From, err = domain.CleanRedirectPath(r.From); err != nil {
		return r, err
	}
	if r.To, err = domain.CleanRedirectPath(r.To); err != nil {
		return r, err
	}
	r.Kind, r.RecordID = "", ""
	r.CreatedAt = db.now()
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		if k, slug := publishedAt(tx, r.From); k != nil {
			return domain.Errorf(domain.EConflict, domain.MsgRedirectLive+" (the %s %q)", r.From, k.Name, slug)
		}
		if old, ok, err := getRedirect(tx, r.From); err != nil {
			return err
		} else if ok {
			return domain.Errorf(domain.EConflict, domain.MsgRedirectTaken, old.From, old.To)
		}
		var err error
		r, err = addRedirect(tx, r)
		return err
	})
	if err != nil {
		return r, fmt.Errorf("add redirect: %w", err)
	}
	return r, nil
}

// DeleteRedirect removes the redirect from the address from.
func (db *DB) DeleteRedirect(from string) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketRedirects)
		if b.Get([]byte(from)) == nil {
			return domain.Errorf(domain.ENotFound, domain.MsgRedirectNone, from)
		}
		return b.Delete([]byte(from))
	})
	if err != nil {
		return fmt.Errorf("delete redirect: %w", err)
	}
	return nil
}

func getRedirect(tx *bolt.Tx, from string) (domain.Redirect, bool, error) {
	var r domain.Redirect
	ok, err := getJSON(tx, bucketRedirects, []byte(from), &r)
	return r, ok, err
}

// addRedirect stores r after collapsing chains: r leads where its target leads, and every
// redirect that led to r.From now leads where r does. It refuses a loop.
func addRedirect(tx *bolt.Tx, r domain.Redirect) (domain.Redirect, error) {
	if r.From == r.To {
		return r, domain.Errorf(domain.EConflict, domain.MsgRedirectSelf)
	}
	if next, ok, err := getRedirect(tx, r.To); err != nil {
		return r, err
	} else if ok {
		if next.To == r.From {
			return r, domain.Errorf(domain.EConflict, domain.MsgRedirectLoop, r.To, r.From)
		}
		r.To = next.To
	}
	b := tx.Bucket(bucketRedirects)
	var led []domain.Redirect
	err := b.ForEach(func(_, v []byte) error {
		var o domain.Redirect
		if err := json.Unmarshal(v, &o); err != nil {
			return err
		}
		if o.To == r.From {
			led = append(led, o)
		}
		return nil
	})
	if err != nil {
		return r, err
	}
	for _, o := range led {
		o.To = r.To
		if err := putJSON(tx, bucketRedirects, []byte(o.From), &o); err != nil {
			return r, err
		}
	}
	return r, putJSON(tx, bucketRedirects, []byte(r.From), &r)
}

// pageLive is called when a record is published at path: a redirect from there would hide the
// page (and a static host would serve one or the other), so it goes.
func pageLive(tx *bolt.Tx, path string) error {
	return tx.Bucket(bucketRedirects).Delete([]byte(path))
}

// slugMoved keeps the old address of a published record that moved from slug to rec's slug:
// the new address is live (a redirect from it goes), the old one redirects to it.
func slugMoved(tx *bolt.Tx, rec domain.Record, slug string, at time.Time) error {
	k, f := rec.Kind(), rec.Fields()
	to := k.PagePathOf(*f.Slug)
	if err := pageLive(tx, to); err != nil {
		return err
	}
	r := domain.Redirect{From: k.PagePathOf(slug), To: to, Kind: k.Name, RecordID: *f.ID, CreatedAt: at}
	_, err := addRedirect(tx, r)
	return err
}

// publishedAt answers the kind and slug of the published record whose page is at path.
func publishedAt(tx *bolt.Tx, path string) (*domain.Kind, string) {
	for _, k := range domain.Kinds {
		rest, ok := strings.CutPrefix(path, k.PagePath)
		if !ok || !strings.HasSuffix(rest, "/") {
			continue
		}
		slug := strings.TrimSuffix(rest, "/")
		if !domain.ValidSlug(slug) {
			continue
		}
		if b := tx.Bucket(bucketOf(k, Published)); b != nil && b.Get([]byte(slug)) != nil {
			return k, slug
		}
	}
	return nil, ""
}
