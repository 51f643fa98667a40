package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/store"
)

// profileBuild runs one build in this process with the Go CPU profiler on:
//
//	benchtool profile -db D -out O -cpuprofile go.prof [-clean] [-node wrapper]
//
// A node wrapper that adds --cpu-prof profiles the renderer too.
func profileBuild(args []string) error {
	fs := flag.NewFlagSet("profile", flag.ExitOnError)
	db := fs.String("db", "", "database")
	out := fs.String("out", "", "output path")
	contentDir := fs.String("content", "content", "content folder")
	site := fs.String("site", "site", "site folder")
	node := fs.String("node", "node", "node binary or wrapper")
	prof := fs.String("cpuprofile", "", "write the Go CPU profile here")
	clean := fs.Bool("clean", false, "clean build")
	memprof := fs.String("memprofile", "", "write the Go heap profile here at the build's peak heap (sampled every 20 ms)")
	oneShot := fs.Bool("oneshot", true, "build as sitegen build does (Config.OneShot), not as a long-lived server")
	procs := fs.Int("render-processes", 0, "most node processes (0: the builder's default)")
	fs.Parse(args)
	src, err := store.Open(*db, store.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return err
	}
	defer src.Close()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	b, err := generator.New(generator.Config{ContentDir: *contentDir, OutDir: *out, SiteDir: *site, Node: *node, RenderProcesses: *procs, OneShot: *oneShot, Logger: logger})
	if err != nil {
		return err
	}
	defer b.Close()
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			return err
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // keeps the heap profile of the largest heap seen
		defer close(sampled)
		var peak uint64
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if *memprof != "" && ms.HeapInuse > peak {
				peak = ms.HeapInuse
				if f, err := os.Create(*memprof); err == nil {
					pprof.Lookup("heap").WriteTo(f, 0)
					f.Close()
				}
			}
		}
	}()
	res, err := b.Build(context.Background(), src, generator.Options{Clean: *clean, Reason: "bench profile"})
	close(stop)
	<-sampled
	if err != nil {
		return err
	}
	fmt.Printf("%d pages, %d rendered in %s\n", res.PagesTotal, res.PagesRendered, res.Duration)
	for _, st := range res.Stages {
		fmt.Printf("  %-7s %s\n", st.Name, st.Duration.Round(time.Millisecond))
	}
	return nil
}
