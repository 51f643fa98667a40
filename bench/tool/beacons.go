package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// beacons sends the pages' beacons at a constant rate (-rate a second for -secs) and measures
// each answer's latency from the moment it was due, not from when it was sent: a server that
// falls behind shows its queue in the figures (wrk, which sends as fast as answers come, measures
// the most a server takes, not the delay a given traffic sees). The beacons are lib/attribution.ts's:
// form-encoded, a phone's user agent, 20,000 visitors' addresses in X-Forwarded-For (the server
// runs with --trust-proxy), every third a visit's first page from a campaign. Prints one JSON line.
func beacons(args []string) error {
	fs := flag.NewFlagSet("beacons", flag.ExitOnError)
	url := fs.String("url", "", "the beacon's address")
	rate := fs.Int("rate", 1000, "beacons a second")
	secs := fs.Int("secs", 20, "seconds")
	conns := fs.Int("conns", 64, "connections (beacons in flight at most)")
	fs.Parse(args)
	if *url == "" || *rate < 1 || *secs < 1 || *conns < 1 {
		return fmt.Errorf("beacons: -url, and a positive -rate, -secs and -conns")
	}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns}}
	total := *rate * *secs
	interval := time.Second / time.Duration(*rate)
	due := make(chan int, total)
	for i := range total {
		due <- i
	}
	close(due)
	var mu sync.Mutex
	latencies := make([]time.Duration, 0, total)
	statuses := map[int]int{}
	errs := 0
	start := time.Now().Add(100 * time.Millisecond)
	var wg sync.WaitGroup
	for range *conns {
		wg.Go(func() {
			for i := range due {
				at := start.Add(time.Duration(i) * interval)
				time.Sleep(time.Until(at))
				req, _ := http.NewRequest("POST", *url, strings.NewReader(beaconBody(i)))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
				req.Header.Set("User-Agent", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36")
				v := i * 7 % 20000
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.9.%d.%d", v/256, v%256))
				res, err := client.Do(req)
				took := time.Since(at)
				mu.Lock()
				if err != nil {
					errs++
				} else {
					statuses[res.StatusCode]++
					latencies = append(latencies, took)
				}
				mu.Unlock()
				if err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	slices.Sort(latencies)
	pct := func(p float64) float64 {
		if len(latencies) == 0 {
			return 0
		}
		return float64(latencies[min(len(latencies)-1, int(p*float64(len(latencies))))].Microseconds()) / 1000
	}
	return json.NewEncoder(os.Stdout).Encode(map[string]any{"rate": *rate, "seconds": elapsed, "sent": total, "answered": len(latencies),
		"errors": errs, "statuses": statuses, "rps": float64(len(latencies)) / elapsed, "p50ms": pct(0.50), "p99ms": pct(0.99), "maxms": pct(1)})
}

// beaconBody is the i-th beacon of the load: mostly a page of a visit, every third its first
// page from a campaign.
func beaconBody(i int) string {
	if i%3 == 0 {
		return fmt.Sprintf("p=%%2Fseo-services-in-delhi%%2F&e=1&r=www.google.com&s=google&m=cpc&c=campaign-%d&a=1", i%40)
	}
	return fmt.Sprintf("p=%%2Fblog%%2Fpost-%d%%2F", i%500)
}
