// Package render is the bridge to the node process that renders React pages with
// react-dom/server. One long-lived process serves every page of a build (and every preview of
// adminapi): Go writes one JSON line per page to its stdin and reads back a header line and the
// page's bytes as they are (see readAnswer).
// It knows nothing of what a page is.
package render

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"
)

// ErrBundleMissing is returned by New when the site bundle has not been built.
var ErrBundleMissing = errors.New("site bundle missing")

// Options configure a Renderer.
type Options struct {
	SiteDir string        // the site/ folder, holding server/render-server.mjs and dist/
	Node    string        // node binary (default "node")
	Timeout time.Duration // how long one page may take (default 30 s)
	Logger  *slog.Logger
	// Processes is the most node processes that render at once (default 1). Another starts
	// only while every running one has spawnAt renders waiting, so a publish's few pages never
	// start a second. On the bench's 2 shared cores a second process cost more than it gave
	// (its start-up, and Go's file writes and search index already use the other core), so it
	// is a knob (sitegen build --render-processes), not the default.
	Processes int
}

// minReadyTimeout is the least time a starting process gets to say it is ready, however short
// the time a page may take: node's start on a loaded machine is no hung page.
const minReadyTimeout = 30 * time.Second

// spawnAt is how many renders must be waiting on each running process before another starts.
const spawnAt = 8

// Assets are the client files every page links, read from Vite's manifest.
type Assets struct {
	Script    string   // "/assets/client-abc.js"
	Preload   []string // statically imported chunks of the entry
	CSS       []string // "/assets/client-xyz.css"
	ClientDir string   // folder whose files are copied to the site root (site/dist/client)
	Hash      string   // hash of the client manifest and the server bundle: a page's output depends on it
}

// Renderer owns the node process. It is safe for concurrent use; requests are pipelined.
type Renderer struct {
	opts   Options
	assets Assets
	script string

	mu       sync.Mutex // guards the fields below
	procs    []*process
	spawning bool // a further process is starting in the background
	nextID   uint64
	closed   bool
	started  int // how many processes were started, for logs and tests
}

type process struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	wmu     sync.Mutex
	site    []byte // the site facts last sent to this process (guarded by wmu)
	pmu     sync.Mutex
	pending map[uint64]chan result
	done    chan struct{} // closed when the process has exited
	err     error         // why it exited
	stderr  *tailBuffer
}

type result struct {
	page Page
	err  error
}

// Page is a rendered page body, and the tags React hoisted for the <head> (image preloads). The
// body is Before + Body + After: the page's own markup inside its frame (skip link, header,
// footer, popup), which the render server renders once and sends once rather than with every
// page.
type Page struct {
	Head                string
	Before, Body, After string
}

// HTML is the page's whole body markup.
func (p Page) HTML() string { return p.Before + p.Body + p.After }

type response struct {
	ID            uint64
	HTML          string // the page's own markup
	Head          string
	Before, After string // its frame's parts, when it has one
	Error         string
	Ready         bool
}

// New checks that the site bundle exists and reads its manifest. The node process starts on
// the first Render (or Start), so a build that renders nothing never pays for it.
func New(opts Options) (*Renderer, error) {
	if opts.Node == "" {
		opts.Node = "node"
	}
	if opts.Timeout == 0 {
		opts.Timeout = 30 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Processes <= 0 {
		opts.Processes = 1
	}
	if abs, err := filepath.Abs(opts.SiteDir); err == nil {
		opts.SiteDir = abs
	}
	r := &Renderer{opts: opts, script: filepath.Join(opts.SiteDir, "server", "render-server.mjs")}
	assets, err := readAssets(opts.SiteDir)
	if err != nil {
		return nil, err
	}
	r.assets = assets
	if _, err := os.Stat(r.script); err != nil {
		return nil, fmt.Errorf("%w: %s not found", ErrBundleMissing, r.script)
	}
	return r, nil
}

// Assets returns the client assets of the bundle.
func (r *Renderer) Assets() Assets { return r.assets }

// Starts reports how many node processes this renderer has started.
func (r *Renderer) Starts() int { r.mu.Lock(); defer r.mu.Unlock(); return r.started }

func readAssets(siteDir string) (Assets, error) {
	clientDir := filepath.Join(siteDir, "dist", "client")
	manifestPath := filepath.Join(clientDir, ".vite", "manifest.json")
	serverEntry := filepath.Join(siteDir, "dist", "server", "entry-server.js")
	hint := fmt.Sprintf("build it with `make site` (npm --prefix %s ci && npm --prefix %s run build)", siteDir, siteDir)
	manifest, err := os.ReadFile(manifestPath)
	if err != nil {
		return Assets{}, fmt.Errorf("%w: %s not found; %s", ErrBundleMissing, manifestPath, hint)
	}
	if _, err := os.Stat(serverEntry); err != nil {
		return Assets{}, fmt.Errorf("%w: %s not found; %s", ErrBundleMissing, serverEntry, hint)
	}
	var m map[string]struct {
		File    string   `json:"file"`
		IsEntry bool     `json:"isEntry"`
		CSS     []string `json:"css"`
		Imports []string `json:"imports"`
	}
	if err := json.Unmarshal(manifest, &m); err != nil {
		return Assets{}, fmt.Errorf("read %s: %w", manifestPath, err)
	}
	a := Assets{ClientDir: clientDir}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		e := m[k]
		if !e.IsEntry {
			continue
		}
		a.Script = "/" + e.File
		for _, c := range e.CSS {
			a.CSS = append(a.CSS, "/"+c)
		}
		for _, imp := range e.Imports {
			if dep, ok := m[imp]; ok {
				a.Preload = append(a.Preload, "/"+dep.File)
				for _, c := range dep.CSS {
					a.CSS = append(a.CSS, "/"+c)
				}
			}
		}
		break
	}
	if a.Script == "" {
		return Assets{}, fmt.Errorf("%w: no entry in %s", ErrBundleMissing, manifestPath)
	}
	h := sha256.New()
	h.Write(manifest)
	serverDir := filepath.Join(siteDir, "dist", "server")
	err = filepath.WalkDir(serverDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err == nil {
			h.Write([]byte(p))
			h.Write(b)
		}
		return err
	})
	if err != nil {
		return Assets{}, fmt.Errorf("hash server bundle: %w", err)
	}
	if b, err := os.ReadFile(filepath.Join(siteDir, "server", "render-server.mjs")); err == nil {
		h.Write(b)
	}
	a.Hash = hex.EncodeToString(h.Sum(nil))[:16]
	return a, nil
}

// Start starts the (first) node process now, so its start-up overlaps other work.
func (r *Renderer) Start() error {
	_, err := r.process()
	return err
}

// inflight is how many renders wait on p.
func (p *process) inflight() int {
	p.pmu.Lock()
	defer p.pmu.Unlock()
	return len(p.pending)
}

// process returns the running process with the fewest renders waiting, starting the first one
// if none runs, and another in the background when every one is busy and Processes allows.
func (r *Renderer) process() (*process, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, errors.New("renderer closed")
	}
	live := r.procs[:0]
	for _, p := range r.procs {
		select {
		case <-p.done:
			r.opts.Logger.Warn("render server exited; restarting", "err", p.err, "stderr", p.stderr.String())
		default:
			live = append(live, p)
		}
	}
	clear(r.procs[len(live):])
	r.procs = live
	var best *process
	least := 0
	for _, p := range r.procs {
		if n := p.inflight(); best == nil || n < least {
			best, least = p, n
		}
	}
	if best == nil {
		p, err := r.spawn()
		if err != nil {
			return nil, err
		}
		r.procs = append(r.procs, p)
		r.started++
		return p, nil
	}
	if least >= spawnAt {
		r.grow()
	}
	return best, nil
}

// StartAll starts every process Processes allows now (the first before it returns, the others
// in the background), for a build that will render many pages.
func (r *Renderer) StartAll() error {
	if _, err := r.process(); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.grow()
	return nil
}

// grow starts one more process in the background, unless Processes are running or one is
// starting already; r.mu is held.
func (r *Renderer) grow() {
	if r.closed || r.spawning || len(r.procs) >= r.opts.Processes {
		return
	}
	r.spawning = true
	r.started++
	go func() {
		p, err := r.spawn()
		r.mu.Lock()
		defer r.mu.Unlock()
		r.spawning = false
		switch {
		case err != nil:
			r.opts.Logger.Warn("a further render server did not start", "err", err)
		case r.closed:
			go p.stop()
		default:
			r.procs = append(r.procs, p)
			r.grow()
		}
	}()
}

func (r *Renderer) spawn() (*process, error) {
	cmd := exec.Command(r.opts.Node, r.script)
	cmd.Dir = r.opts.SiteDir
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	growPipe(stdin)
	growPipe(stdout)
	p := &process{cmd: cmd, stdin: stdin, pending: map[uint64]chan result{}, done: make(chan struct{}), stderr: &tailBuffer{max: 8 << 10}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start render server (%s %s): %w", r.opts.Node, r.script, err)
	}
	ready := make(chan error, 1)
	go p.readLoop(stdout, ready)
	select {
	case err := <-ready:
		if err != nil {
			cmd.Process.Kill()
			<-p.done
			return nil, fmt.Errorf("render server did not start: %w; stderr: %s", err, p.stderr.String())
		}
	case <-time.After(max(r.opts.Timeout, minReadyTimeout)):
		cmd.Process.Kill()
		<-p.done
		return nil, fmt.Errorf("render server did not become ready within %s; stderr: %s", max(r.opts.Timeout, minReadyTimeout), p.stderr.String())
	}
	return p, nil
}

func (p *process) readLoop(stdout io.Reader, ready chan<- error) {
	br := bufio.NewReaderSize(stdout, 1<<20)
	isReady := false
	var readErr error
	frames := newFrameTable()
	for {
		resp, err := readAnswer(br, frames)
		if err != nil {
			if _, bad := err.(errBadLine); bad && !isReady {
				continue // stray output before the handshake
			}
			readErr = err
			break
		}
		if resp.Ready && !isReady {
			isReady = true
			ready <- nil
			continue
		}
		p.pmu.Lock()
		ch := p.pending[resp.ID]
		delete(p.pending, resp.ID)
		p.pmu.Unlock()
		if ch != nil {
			if resp.Error != "" {
				ch <- result{err: fmt.Errorf("render: %s", resp.Error)}
			} else {
				ch <- result{page: Page{Head: resp.Head, Before: resp.Before, Body: resp.HTML, After: resp.After}}
			}
		}
	}
	p.cmd.Process.Kill()
	waitErr := p.cmd.Wait()
	if readErr == io.EOF && waitErr != nil {
		readErr = waitErr
	}
	p.err = readErr
	if !isReady {
		ready <- fmt.Errorf("exited before ready: %v", readErr)
	}
	// Done before the renders waiting hear of the exit: a caller that goes on to the next page
	// must find this process gone, not write to its closed pipe.
	close(p.done)
	p.pmu.Lock()
	for id, ch := range p.pending {
		ch <- result{err: fmt.Errorf("render server exited: %v; stderr: %s", readErr, p.stderr.String())}
		delete(p.pending, id)
	}
	p.pmu.Unlock()
}

// Render renders one page's body. site and props are JSON documents.
func (r *Renderer) Render(ctx context.Context, page, route string, site, props json.RawMessage) (Page, error) {
	p, err := r.process()
	if err != nil {
		return Page{}, err
	}
	r.mu.Lock()
	r.nextID++
	id := r.nextID
	r.mu.Unlock()

	// The site facts (the same for every page of a build) travel only when they differ from
	// the last ones this process read: it answers in order, so a request without them means the
	// ones before. That is a fifth of the bytes node would parse again for every page.
	var buf bytes.Buffer
	buf.Grow(len(site) + len(props) + 96)
	buf.WriteString(`{"id":`)
	buf.WriteString(strconv.FormatUint(id, 10))
	buf.WriteString(`,"page":`)
	writeJSONString(&buf, page)
	buf.WriteString(`,"route":`)
	writeJSONString(&buf, route)
	siteAt := buf.Len()
	buf.WriteString(`,"site":`)
	buf.Write(site)
	siteEnd := buf.Len()
	buf.WriteString(`,"props":`)
	buf.Write(props)
	buf.WriteString("}\n")

	ch := make(chan result, 1)
	p.pmu.Lock()
	p.pending[id] = ch
	p.pmu.Unlock()

	p.wmu.Lock()
	req := buf.Bytes()
	if p.site != nil && bytes.Equal(p.site, site) {
		req = append(req[:siteAt], req[siteEnd:]...)
	}
	_, err = p.stdin.Write(req)
	if err == nil {
		p.site = append(p.site[:0], site...)
	} else {
		p.site = nil
	}
	p.wmu.Unlock()
	if err != nil {
		p.pmu.Lock()
		delete(p.pending, id)
		p.pmu.Unlock()
		r.retire(p) // the next page starts a fresh process
		return Page{}, fmt.Errorf("render %s: write to render server: %w", route, err)
	}
	timer := time.NewTimer(r.opts.Timeout)
	defer timer.Stop()
	select {
	case res := <-ch:
		if res.err != nil {
			return Page{}, fmt.Errorf("render %s: %w", route, res.err)
		}
		return res.page, nil
	case <-p.done:
		select {
		case res := <-ch:
			if res.err == nil {
				return res.page, nil
			}
		default:
		}
		return Page{}, fmt.Errorf("render %s: render server exited: %v; stderr: %s", route, p.err, p.stderr.String())
	case <-ctx.Done():
		return Page{}, ctx.Err()
	case <-timer.C:
		// A hung renderer is killed, and taken out of the list at once: a page asked for before
		// its exit is noticed starts a fresh one rather than being sent to it.
		r.retire(p)
		p.cmd.Process.Kill()
		return Page{}, fmt.Errorf("render %s: timed out after %s", route, r.opts.Timeout)
	}
}

// retire takes p out of the processes that get pages.
func (r *Renderer) retire(p *process) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.procs = slices.DeleteFunc(r.procs, func(q *process) bool { return q == p })
}

func writeJSONString(buf *bytes.Buffer, s string) {
	b, _ := json.Marshal(s)
	buf.Write(b)
}

// Close stops the node processes.
func (r *Renderer) Close() error {
	r.mu.Lock()
	procs := r.procs
	r.closed = true
	r.procs = nil
	r.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Add(1)
		go func() { defer wg.Done(); p.stop() }()
	}
	wg.Wait()
	return nil
}

// stop closes p's input, so it answers what it read and ends, and kills it after 2 s.
func (p *process) stop() {
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(2 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
}

// tailBuffer keeps the last max bytes written to it (the render server's stderr).
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.buf))
}
