package main

import (
	"os"
	"runtime/pprof"
)

// startCPUProfile starts the Go CPU profiler writing to path, for the commands' -cpuprofile; an
// empty path profiles nothing. The caller defers stop, which ends the profile and closes the file.
func startCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
