package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/search"
	"digitalreeviver/internal/store"
)

// searchIndex times the search index of a site apart from its build:
//
//	benchtool search -db D -site S [-runs 5] [-publishes 20]
//
// the full index of every searchable page (the first run in a fresh process, then the median of
// the others), and publishes: each adds a post to the previous index, as a publish does, timing
// the incremental build and counting the files and bytes it writes. Prints one JSON line.
func searchIndex(args []string) error {
	fs := flag.NewFlagSet("search", flag.ExitOnError)
	db := fs.String("db", "", "database")
	contentDir := fs.String("content", "content", "content folder")
	site := fs.String("site", "site", "site folder")
	runs := fs.Int("runs", 5, "full builds of the index")
	publishes := fs.Int("publishes", 20, "publishes on top of the full index")
	prof := fs.String("cpuprofile", "", "write the Go CPU profile here")
	fs.Parse(args)
	stopProfile, err := startCPUProfile(*prof)
	if err != nil {
		return err
	}
	defer stopProfile()
	src, err := store.Open(*db, store.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return err
	}
	defer src.Close()
	tmp, err := os.MkdirTemp("", "bench-search-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b, err := generator.New(generator.Config{ContentDir: *contentDir, OutDir: filepath.Join(tmp, "dist"), SiteDir: *site})
	if err != nil {
		return err
	}
	defer b.Close()
	inputs, err := b.SearchInputs(src)
	if err != nil {
		return err
	}

	type result struct {
		Pages         int       `json:"pages"`
		Files         int       `json:"files"`
		Bytes         int64     `json:"bytes"` // compressed, every file
		IndexBytes    int64     `json:"indexBytes"`
		Terms         int       `json:"terms"`
		FirstMs       float64   `json:"firstMs"`
		FullMs        []float64 `json:"fullMs"`
		PublishMs     []float64 `json:"publishMs"`
		PublishFiles  []int     `json:"publishFiles"`
		PublishBytes  []int64   `json:"publishBytes"`
		PublishMerges int       `json:"publishMerges"`
	}
	r := result{Pages: len(inputs)}
	var state []byte
	for i := 0; i < max(*runs, 1); i++ {
		start := time.Now()
		out, err := search.Build(nil, inputs, search.Options{})
		if err != nil {
			return err
		}
		ms := float64(time.Since(start).Microseconds()) / 1000
		if i == 0 {
			r.FirstMs = ms
		} else {
			r.FullMs = append(r.FullMs, ms)
		}
		r.Files, r.Bytes, r.Terms, state = len(out.Files), out.Bytes, out.Terms, out.State
		r.IndexBytes = out.Bytes - out.DocBytes
	}
	words := strings.Fields("quokka bakery reels clinic budget reviews mascot pastry shareable regulars noida delhi")
	for i := 0; i < *publishes; i++ {
		doc := search.Doc{URL: fmt.Sprintf("/blog/bench-search-%d/", i), Kind: "Blog", Title: fmt.Sprintf("Bench post %d: %s for a %s", i, words[i%len(words)], words[(i+3)%len(words)]),
			Body: strings.Repeat(strings.Join(words, " ")+". ", 40)}
		inputs = append(inputs, search.Input{URL: doc.URL, Key: doc.URL, Doc: func() search.Doc { return doc }})
		start := time.Now()
		out, err := search.Build(state, inputs, search.Options{})
		if err != nil {
			return err
		}
		r.PublishMs = append(r.PublishMs, float64(time.Since(start).Microseconds())/1000)
		var written int64
		for _, f := range out.Files {
			written += int64(len(f.Data))
		}
		r.PublishFiles = append(r.PublishFiles, out.Written)
		r.PublishBytes = append(r.PublishBytes, written)
		if out.Merged {
			r.PublishMerges++
		}
		state = out.State
	}
	sort.Float64s(r.FullMs)
	return json.NewEncoder(os.Stdout).Encode(r)
}
