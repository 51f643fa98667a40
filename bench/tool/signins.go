package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// signinFlood sends a burst of wrong-password sign-ins to a running `adminapi serve`, spread
// over many loopback source addresses, and prints one JSON line: the answers by status, the
// slowest /healthz answer seen meanwhile, and the server's peak resident memory (VmHWM of
// /proc/PID/status) before and after.
//
//	benchtool signins -url http://127.0.0.1:18493 -pid 1234 -n 400 -addrs 100
//
// Loopback only: every source address is 127.0.0.x.
func signinFlood(args []string) error {
	fs := flag.NewFlagSet("signins", flag.ExitOnError)
	base := fs.String("url", "", "the server, on loopback")
	pid := fs.Int("pid", 0, "the server's process id (for its memory)")
	n := fs.Int("n", 400, "sign-ins, all sent at once")
	addrs := fs.Int("addrs", 100, "source addresses (127.0.0.2 upwards)")
	user := fs.String("username", "admin", "the username to sign in as")
	spray := fs.Bool("spray", false, "a different username for every sign-in (no account lockout applies)")
	fs.Parse(args)
	if !strings.HasPrefix(*base, "http://127.") || *addrs < 1 || *addrs > 250 {
		return fmt.Errorf("signins: -url must be a loopback address and -addrs 1..250")
	}
	before, err := peakRSS(*pid)
	if err != nil {
		return err
	}
	clients := make([]*http.Client, *addrs)
	for i := range clients {
		local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i))}
		d := &net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}
		clients[i] = &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: *n}}
	}
	var mu sync.Mutex
	statuses := map[string]int{}
	var slowest time.Duration
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < *n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			name := *user
			if *spray {
				name = fmt.Sprintf("%s-%d", *user, i)
			}
			body, _ := json.Marshal(map[string]string{"username": name, "password": fmt.Sprintf("wrong-password-%d", i)})
			<-start
			res, err := clients[i%*addrs].Post(*base+"/admin/login", "application/json", bytes.NewReader(body))
			key := "error"
			if err == nil {
				key = strconv.Itoa(res.StatusCode)
				res.Body.Close()
			}
			mu.Lock()
			statuses[key]++
			mu.Unlock()
		}(i)
	}
	// A prober asks /healthz from its own address while the burst is under way.
	probeCtx, stopProbe := context.WithCancel(context.Background())
	probed := make(chan struct{})
	go func() {
		defer close(probed)
		hc := &http.Client{Timeout: time.Minute}
		for probeCtx.Err() == nil {
			t0 := time.Now()
			res, err := hc.Get(*base + "/healthz")
			if err == nil {
				res.Body.Close()
			}
			mu.Lock()
			slowest = max(slowest, time.Since(t0))
			mu.Unlock()
			time.Sleep(50 * time.Millisecond)
		}
	}()
	t0 := time.Now()
	close(start)
	wg.Wait()
	elapsed := time.Since(t0)
	stopProbe()
	<-probed
	after, err := peakRSS(*pid)
	if err != nil {
		return err
	}
	out, _ := json.Marshal(map[string]any{"signins": *n, "spray": *spray, "addrs": *addrs, "statuses": statuses, "seconds": elapsed.Seconds(),
		"slowestHealthzMs": slowest.Milliseconds(), "peakRSSBeforeMiB": before / 1024, "peakRSSAfterMiB": after / 1024})
	fmt.Println(string(out))
	return nil
}

// peakRSS answers VmHWM of a process in KiB (0 without a pid).
func peakRSS(pid int) (int64, error) {
	if pid == 0 {
		return 0, nil
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}
