package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/intake"
)

// intakeFill uploads n enquiries to the intake bucket of the INTAKE_* environment, as pages
// do while the form endpoint is down (8 at a time).
func intakeFill(args []string) error {
	fs := flag.NewFlagSet("intake-fill", flag.ExitOnError)
	n := fs.Int("n", 1000, "enquiries")
	fs.Parse(args)
	cfg, ok, err := intake.ConfigFromEnv(os.Getenv)
	if err != nil || !ok {
		return fmt.Errorf("intake-fill: INTAKE_TARGET and its keys: %v", err)
	}
	p := cfg.Sign(time.Now())
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)); i <= *n; i = int(next.Add(1)) {
				id := domain.NewEnquiryID()
				body, _ := json.Marshal(map[string]any{"id": id, "source": "popup", "name": fmt.Sprintf("Bench visitor %04d", i),
					"email": fmt.Sprintf("visitor%d@example.in", i), "country": "in", "phone": "98110 45699",
					"message": fmt.Sprintf("Enquiry %d, sent while the form server was down.", i), "website": "",
					"startedAt": time.Now().Add(-time.Minute).UnixMilli()})
				code, answer, err := intake.Upload(context.Background(), p, p.Prefix+id+".json", body, nil)
				if err == nil && code/100 != 2 {
					err = fmt.Errorf("upload: %d %s", code, answer)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// intakeWait waits until the admin server's inbox holds n enquiries and prints the time since
// it began (it is started with the server) and the enquiries per second.
func intakeWait(args []string) error {
	fs := flag.NewFlagSet("intake-wait", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "adminapi serve address")
	n := fs.Int("n", 1000, "enquiries")
	fs.Parse(args)
	start := time.Now()
	var api *adminClient
	for deadline := start.Add(10 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if api == nil {
			api, _ = signIn(*base, "bench", os.Getenv("ADMIN_PASSWORD"))
			continue
		}
		var counts map[string]int
		if err := api.do("GET", "/popups/counts", "", nil, &counts); err != nil {
			continue
		}
		if counts["all"] >= *n {
			s := time.Since(start).Seconds()
			out, _ := json.Marshal(map[string]any{"enquiries": counts["all"], "seconds": s, "perSecond": float64(counts["all"]) / s})
			fmt.Println(string(out))
			return nil
		}
	}
	return fmt.Errorf("intake-wait: not %d enquiries in 10 minutes", *n)
}
