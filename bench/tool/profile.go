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

	"digitalreeviver/internal/domain"
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
	publishes := fs.Int("publishes", 0, "profile this many publishes instead: one unprofiled build, the site planned ahead (Builder.Warm) and two unprofiled publishes, then each publish adds a post and builds again in the same builder (as adminapi serve does; implies -oneshot=false)")
	fs.Parse(args)
	if *publishes > 0 {
		*oneShot = false
	}
	src, err := store.Open(*db, store.Options{ReadOnly: *publishes == 0, ReadOnce: *oneShot && *publishes == 0, Timeout: time.Second})
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
	if *publishes > 0 {
		// As adminapi serve starts: the site is built (or found built), then planned ahead
		// (Builder.Warm), so the publishes profiled are the steady ones.
		if _, err := b.Build(context.Background(), src, generator.Options{Reason: "bench profile: warm"}); err != nil {
			return err
		}
		if err := b.Warm(context.Background(), src); err != nil {
			return err
		}
		// The first two publishes of a builder lay out generations of their own (each later one
		// takes over the generation before the live one): not profiled, as they are not the
		// steady state.
		if _, err := profilePublishes(b, src, 2); err != nil {
			return err
		}
	}
	stopProfile, err := startCPUProfile(*prof)
	if err != nil {
		return err
	}
	defer stopProfile()
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
	var res generator.Result
	if *publishes > 0 {
		res, err = profilePublishes(b, src, *publishes)
	} else {
		res, err = b.Build(context.Background(), src, generator.Options{Clean: *clean, Reason: "bench profile"})
	}
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

// published counts the posts profilePublishes made in this process (their titles must differ).
var published int

// profilePublishes publishes n new posts one after another, each followed by the build a
// publish runs, and prints each build's stages; it returns the last build's result.
func profilePublishes(b *generator.Builder, db *store.DB, n int) (generator.Result, error) {
	var res generator.Result
	tag := time.Now().Format("150405")
	for i := 1; i <= n; i++ {
		published++
		post := domain.Blog{Title: fmt.Sprintf("Profile publish %s %d", tag, published), Content: "<p>A post published by benchtool profile.</p>", Category: "SEO"}
		post.Slug = domain.Slugify(post.Title)
		if _, err := db.CreatePreviewBlog(post); err != nil {
			return res, err
		}
		if _, err := db.PublishBlog(post.Slug, func(*domain.Blog) error { return nil }); err != nil {
			return res, err
		}
		var err error
		if res, err = b.Build(context.Background(), db, generator.Options{Reason: "bench profile: publish"}); err != nil {
			return res, err
		}
		fmt.Printf("publish %d: %d rendered in %s:", i, res.PagesRendered, res.Duration.Round(time.Millisecond))
		for _, st := range res.Stages {
			fmt.Printf(" %s %s", st.Name, st.Duration.Round(time.Millisecond))
		}
		fmt.Println()
	}
	return res, nil
}
