package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Sample is one timed run of a command.
type Sample struct {
	Label    string  `json:"label"`
	Wall     float64 `json:"wall"`     // seconds
	User     float64 `json:"user"`     // CPU seconds of the command and the children it waited for
	Sys      float64 `json:"sys"`      //
	PeakTree int64   `json:"peakTree"` // KiB: the largest sum of RSS over the process tree, sampled every 10 ms
	MaxRSS   int64   `json:"maxRSS"`   // KiB: the largest single process (wait4)
	Exit     int     `json:"exit"`
	Load     float64 `json:"load"` // the machine's 1-minute load average as the run started
}

// loadAverage is the 1-minute load average (0 where /proc/loadavg cannot be read).
func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, _ := strconv.ParseFloat(strings.Fields(string(data))[0], 64)
	return f
}

// runCmd runs a command and appends a Sample as a JSON line to -o:
//
//	benchtool run -label ours-1000 -o samples.jsonl -- sitegen build ...
//
// The command's output goes to -log (default: discarded).
func runCmd(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	label := fs.String("label", "", "label of the sample")
	out := fs.String("o", "", "append the sample here (JSON line); default stdout")
	logPath := fs.String("log", "", "the command's stdout and stderr go here")
	fs.Parse(args)
	argv := fs.Args()
	if len(argv) == 0 {
		return fmt.Errorf("run: no command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	if *logPath != "" {
		f, err := os.Create(*logPath)
		if err != nil {
			return err
		}
		defer f.Close()
		cmd.Stdout, cmd.Stderr = f, f
	}
	load := loadAverage()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan struct{})
	peak := make(chan int64, 1)
	go func() {
		var max int64
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			if s := treeRSS(cmd.Process.Pid); s > max {
				max = s
			}
			select {
			case <-done:
				peak <- max
				return
			case <-t.C:
			}
		}
	}()
	err := cmd.Wait()
	wall := time.Since(start)
	close(done)
	s := Sample{Label: *label, Wall: wall.Seconds(), PeakTree: <-peak, Load: load}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.User = tv(ru.Utime)
		s.Sys = tv(ru.Stime)
		s.MaxRSS = ru.Maxrss
	}
	s.Exit = cmd.ProcessState.ExitCode()
	line, _ := json.Marshal(s)
	if *out == "" {
		fmt.Println(string(line))
	} else {
		f, ferr := os.OpenFile(*out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if ferr != nil {
			return ferr
		}
		fmt.Fprintln(f, string(line))
		f.Close()
	}
	if err != nil {
		return fmt.Errorf("%s: %w (see %s)", argv[0], err, *logPath)
	}
	return nil
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

// treeRSS sums the resident memory (KiB) of pid and all its descendants.
func treeRSS(root int) int64 {
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	rss := map[int]int64{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ... ; comm may hold spaces, so split after the last ')'.
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 22 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pages, _ := strconv.ParseInt(f[21], 10, 64) // field 24: rss in pages
		parent[pid] = ppid
		rss[pid] = pages * int64(os.Getpagesize()) / 1024
	}
	var sum int64
	for pid, r := range rss {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				sum += r
				break
			}
		}
	}
	return sum
}
