package render

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"digitalreeviver/internal/poll"
)

// fakeRenderer is a Renderer of the real render-server.mjs over testdata/fake-entry.mjs (through
// RENDER_ENTRY), in a site folder of its own with the least of a bundle readAssets accepts. It
// needs node, not the site's build.
func fakeRenderer(t *testing.T, opts Options) *Renderer {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	dir := t.TempDir()
	script, err := os.ReadFile(filepath.Join("..", "..", "site", "server", "render-server.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"server/render-server.mjs":        string(script),
		"dist/server/entry-server.js":     "// not used: RENDER_ENTRY names the fake\n",
		"dist/client/.vite/manifest.json": `{"src/client.tsx":{"file":"assets/client.js","isEntry":true}}`,
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entry, err := filepath.Abs(filepath.Join("testdata", "fake-entry.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("RENDER_ENTRY", entry)
	opts.SiteDir = dir
	opts.Logger = slog.New(slog.DiscardHandler)
	r, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

var fakeSite = json.RawMessage(`{"name":"Fake"}`)

// render renders page at route with props.
func render(r *Renderer, page, route string, props any) (Page, error) {
	data, _ := json.Marshal(props)
	return r.Render(context.Background(), page, route, fakeSite, data)
}

// renderOwn renders an ordinary page and checks that its answer is its own.
func renderOwn(r *Renderer, route string) error {
	p, err := render(r, "echo", route, nil)
	if err != nil {
		return fmt.Errorf("render %s: %w", route, err)
	}
	if want := "<header></header><main><p>" + route + "</p></main>"; p.HTML() != want {
		return fmt.Errorf("render %s: %q, want %q", route, p.HTML(), want)
	}
	return nil
}

func mustRender(t *testing.T, r *Renderer, route string) {
	t.Helper()
	if err := renderOwn(r, route); err != nil {
		t.Fatal(err)
	}
}

// waitInflight waits until n renders wait on the renderer's one process.
func waitInflight(t *testing.T, r *Renderer, n int) {
	t.Helper()
	poll.Until(t, fmt.Sprintf("%d renders in flight", n), func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.procs) > 0 && r.procs[0].inflight() == n
	})
}

// TestRendererRestartsAfterACrash: a page that kills the render process fails with the
// process's exit and its stderr; every other page in flight on that process fails too rather
// than waiting for ever; the next page starts a new process and renders. A page that throws is
// an error answer, and the process lives on.
func TestRendererRestartsAfterACrash(t *testing.T) {
	r := fakeRenderer(t, Options{})
	mustRender(t, r, "/before/")
	if _, err := render(r, "throw", "/throws/", nil); err == nil || !strings.Contains(err.Error(), "broken on purpose") {
		t.Fatalf("a throwing page: %v", err)
	}
	if r.Starts() != 1 {
		t.Fatalf("a throwing page restarted the process (%d starts)", r.Starts())
	}

	// The gate holds the process, so the crash and the page behind it are both sent to it.
	gate := filepath.Join(t.TempDir(), "open")
	held, crashed, behind := make(chan error, 1), make(chan error, 1), make(chan error, 1)
	go func() { _, err := render(r, "gate", "/gate/", map[string]string{"gate": gate}); held <- err }()
	waitInflight(t, r, 1)
	go func() { _, err := render(r, "crash", "/crash/", nil); crashed <- err }()
	waitInflight(t, r, 2)
	go func() { _, err := render(r, "echo", "/behind/", nil); behind <- err }()
	waitInflight(t, r, 3)
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	<-held // answered, or lost with the process when node read it with the crash: either is fine
	if err := <-crashed; err == nil || !strings.Contains(err.Error(), "render server exited") || !strings.Contains(err.Error(), "crashing on purpose") {
		t.Fatalf("the crashing page: %v", err)
	}
	if err := <-behind; err == nil {
		t.Fatal("the page behind the crash rendered on a process that had exited")
	}
	mustRender(t, r, "/after/")
	if r.Starts() != 2 {
		t.Fatalf("%d processes started, want 2", r.Starts())
	}
}

// TestRendererTimesOutAHungPage: a page that never answers fails after the page timeout and its
// process is killed: the page sent behind it to that process fails too rather than waiting for
// ever, and the next page renders in a new process.
func TestRendererTimesOutAHungPage(t *testing.T) {
	// Long enough for the page behind to be sent before the hung one times out, on a loaded
	// machine too (waitInflight fails otherwise, saying so).
	r := fakeRenderer(t, Options{Timeout: 2 * time.Second})
	mustRender(t, r, "/before/")
	hung, behind := make(chan error, 1), make(chan error, 1)
	go func() { _, err := render(r, "hang", "/hang/", nil); hung <- err }()
	waitInflight(t, r, 1)
	go func() { _, err := render(r, "echo", "/behind/", nil); behind <- err }()
	waitInflight(t, r, 2)
	if err := <-hung; err == nil || !strings.Contains(err.Error(), "render /hang/: timed out after 2s") {
		t.Fatalf("the hung page: %v", err)
	}
	if err := <-behind; err == nil {
		t.Fatal("the page behind the hung one rendered on the killed process")
	}
	mustRender(t, r, "/after/")
	if r.Starts() != 2 {
		t.Fatalf("%d processes started, want 2", r.Starts())
	}
}

// TestRendererPipelinesOnOneProcess: pages sent while one renders wait on the same process (one
// pipe, many requests in flight), and every caller gets its own page back, in whatever order
// they were sent.
func TestRendererPipelinesOnOneProcess(t *testing.T) {
	r := fakeRenderer(t, Options{})
	gate := filepath.Join(t.TempDir(), "open")
	first := make(chan error, 1)
	go func() { _, err := render(r, "gate", "/gate/", map[string]string{"gate": gate}); first <- err }()
	waitInflight(t, r, 1)
	const n = 40
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := renderOwn(r, fmt.Sprintf("/page-%d/", i)); err != nil {
				t.Error(err)
			}
		}()
	}
	waitInflight(t, r, n+1) // all of them written to the one process, none answered
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if r.Starts() != 1 {
		t.Fatalf("%d processes started, want 1", r.Starts())
	}
}

// TestRendererGrowsWhenPagesQueueUp: with Processes 2, a second process starts only once spawnAt
// pages wait on the first, and then takes the pages that follow.
func TestRendererGrowsWhenPagesQueueUp(t *testing.T) {
	r := fakeRenderer(t, Options{Processes: 2})
	gate := filepath.Join(t.TempDir(), "open")
	first := make(chan error, 1)
	go func() { _, err := render(r, "gate", "/gate/", map[string]string{"gate": gate}); first <- err }()
	waitInflight(t, r, 1)
	var wg sync.WaitGroup
	for i := range spawnAt - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := renderOwn(r, fmt.Sprintf("/queued-%d/", i)); err != nil {
				t.Error(err)
			}
		}()
	}
	waitInflight(t, r, spawnAt)
	if r.Starts() != 1 {
		t.Fatalf("a second process started with %d pages waiting", spawnAt)
	}
	// One more asks for a process while spawnAt wait: the second starts, and the next page
	// renders there although the first process is still held at the gate.
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := renderOwn(r, "/one-more/"); err != nil {
			t.Error(err)
		}
	}()
	poll.Until(t, "a second process", func() bool { r.mu.Lock(); defer r.mu.Unlock(); return len(r.procs) == 2 })
	mustRender(t, r, "/on-the-second/")
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if r.Starts() != 2 {
		t.Fatalf("%d processes started, want 2", r.Starts())
	}
}
