package main

import (
	"flag"
	"fmt"
	"net"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"syscall"
)

// cdnFront stands in for the CDN's edge in front of `adminapi serve` for the Lighthouse section:
// HTTPS with HTTP/2 on -addr (a certificate of its own, made at start: Chromium is told to take
// it), each request passed on to -backend as it came, Accept-Encoding included, and its answer
// sent back as the backend made it (compressed or not). A CDN serves the site over HTTP/2, one
// connection for every file of a page; over the backend's plain HTTP/1.1 the simulated mobile
// network of Lighthouse opens a connection (a round trip) for each further file that a page asks
// for at once, which puts the same floor under the LCP of every page.
//
//	benchtool cdn -backend http://127.0.0.1:18492 -addr 127.0.0.1:18494
func cdnFront(args []string) error {
	fs := flag.NewFlagSet("cdn", flag.ExitOnError)
	backend := fs.String("backend", "", "the server behind it (http://host:port)")
	addr := fs.String("addr", "127.0.0.1:18494", "where it listens (HTTPS, HTTP/2)")
	fs.Parse(args)
	u, err := url.Parse(*backend)
	if err != nil || u.Host == "" {
		return fmt.Errorf("-backend: want http://host:port, got %q", *backend)
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewUnstartedServer(proxy)
	srv.Listener = l
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	fmt.Println("cdn: serving", srv.URL, "(HTTP/2) in front of", u)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	return nil
}
