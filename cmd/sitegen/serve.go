package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/static"
)

// serveListening, when set (by tests), is told the address serve listens on.
var serveListening func(addr string)

const liveReloadJS = `(() => { const es = new EventSource('/__livereload'); es.onmessage = () => location.reload(); })();`

func newServeCommand() *cobra.Command {
	var p paths
	var addr string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Build, serve the site on localhost and rebuild on every change",
		Long: `serve builds the site, serves --out on --addr, and watches content/ and site/ with fsnotify.
A change in content/ rebuilds the site; a change in site/src or site/server rebuilds the React
bundle (npm run build) first. Open pages reload themselves after each rebuild. Every answer
carries the site's security headers, as its _headers file gives them to a static host.

The database is opened read-only for each build, so serve cannot run beside adminapi on the
same file; use adminapi serve --demo for the whole product.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if p.FormEndpoint == "" {
				// The dev server has no form endpoint of its own: point forms at adminapi's default.
				p.FormEndpoint = "http://127.0.0.1:8080/popup"
			}
			if err := checkContentDir(p.Content); err != nil {
				return err
			}
			s := &devServer{p: p, logger: logger, clients: map[chan struct{}]bool{}}
			if err := s.rebuild(ctx, false); err != nil {
				return err
			}
			w, err := s.watcher()
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				w.Close()
				return err
			}
			mux := http.NewServeMux()
			mux.HandleFunc("/__livereload", s.events)
			mux.HandleFunc("/__livereload.js", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/javascript")
				w.Write([]byte(liveReloadJS))
			})
			// The site's answers carry the headers of its own _headers file, as on a static host.
			mux.Handle("/", static.Handler(p.Out, []byte(`<script src="/__livereload.js"></script>`)))
			srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
			go srv.Serve(ln)
			if serveListening != nil {
				serveListening(ln.Addr().String())
			}
			fmt.Printf("serving %s at http://%s/ — watching %s and %s (Ctrl-C to stop)\n", p.Out, ln.Addr(), p.Content, p.SiteDir)
			go s.watch(ctx, w)
			<-ctx.Done()
			shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			return srv.Shutdown(shut)
		},
	}
	p.register(cmd)
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:1313", "address to serve on")
	return cmd
}

type devServer struct {
	p       paths
	logger  *slog.Logger
	mu      sync.Mutex
	clients map[chan struct{}]bool
}

func (s *devServer) rebuild(ctx context.Context, bundle bool) error {
	if bundle {
		fmt.Println("site changed: rebuilding the React bundle")
		npm := exec.CommandContext(ctx, "npm", "--prefix", s.p.SiteDir, "run", "build", "--silent")
		npm.Stdout, npm.Stderr = os.Stdout, os.Stderr
		if err := npm.Run(); err != nil {
			return fmt.Errorf("npm run build: %w", err)
		}
	}
	src, closeSrc, err := s.p.openSource(ctx, s.logger)
	if err != nil {
		return err
	}
	defer closeSrc()
	b, err := s.p.builder(ctx, src, s.logger, false)
	if err != nil {
		return err
	}
	defer b.Close()
	if _, err := b.Build(ctx, src, generator.Options{Reason: "sitegen serve"}); err != nil {
		return fmt.Errorf("build failed, the live site is unchanged: %w", err)
	}
	s.mu.Lock()
	for c := range s.clients {
		select {
		case c <- struct{}{}:
		default:
		}
	}
	s.mu.Unlock()
	return nil
}

func (s *devServer) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	c := make(chan struct{}, 1)
	s.mu.Lock()
	s.clients[c] = true
	s.mu.Unlock()
	defer func() { s.mu.Lock(); delete(s.clients, c); s.mu.Unlock() }()
	fmt.Fprint(w, ": connected\n\n")
	fl.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-c:
			fmt.Fprint(w, "data: reload\n\n")
			fl.Flush()
		}
	}
}

// watcher watches content/ and site/'s sources. It is set up before the server says it listens,
// so an edit made the moment after is seen.
func (s *devServer) watcher() (*fsnotify.Watcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	for _, root := range []string{s.p.Content, filepath.Join(s.p.SiteDir, "src"), filepath.Join(s.p.SiteDir, "server"), filepath.Join(s.p.SiteDir, "public")} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				w.Add(path)
			}
			return nil
		})
	}
	return w, nil
}

// watch rebuilds after changes, waiting for a quiet 200 ms so a burst of saves builds once.
func (s *devServer) watch(ctx context.Context, w *fsnotify.Watcher) {
	defer w.Close()
	var timer *time.Timer
	bundle := false
	fire := make(chan bool, 1)
	for {
		select {
		case <-ctx.Done():
			return
		case ev := <-w.Events:
			if ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Remove|fsnotify.Rename) == 0 {
				continue
			}
			if ev.Op&fsnotify.Create != 0 {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					w.Add(ev.Name)
				}
			}
			if strings.HasPrefix(ev.Name, filepath.Clean(s.p.SiteDir)+string(filepath.Separator)) {
				bundle = true
			}
			if timer != nil {
				timer.Stop()
			}
			b := bundle
			timer = time.AfterFunc(200*time.Millisecond, func() { fire <- b })
		case b := <-fire:
			bundle = false
			start := time.Now()
			if err := s.rebuild(ctx, b); err != nil && !errors.Is(err, context.Canceled) {
				fmt.Println("rebuild failed:", err)
				continue
			}
			fmt.Printf("rebuilt in %s; reloading open pages\n", time.Since(start).Round(time.Millisecond))
		case err := <-w.Errors:
			s.logger.Warn("watch", "err", err)
		}
	}
}
