// Command benchtool holds the bench's small helpers (see bench/run.sh).
package main

import (
	"fmt"
	"log"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchtool profile|... [flags]")
		os.Exit(2)
	}
	log.SetFlags(0)
	var err error
	switch os.Args[1] {
	case "gen":
		err = genContent(os.Args[2:])
	case "publish":
		err = publish(os.Args[2:])
	case "count":
		err = countMessages(os.Args[2:])
	case "enquiries":
		err = enquiries(os.Args[2:])
	case "run":
		err = runCmd(os.Args[2:])
	case "mkbucket":
		err = makeBucket(os.Args[2:])
	case "signins":
		err = signinFlood(os.Args[2:])
	case "profile":
		err = profileBuild(os.Args[2:])
	case "search":
		err = searchIndex(os.Args[2:])
	case "media":
		err = mediaBench(os.Args[2:])
	case "traffic":
		err = traffic(os.Args[2:])
	case "beacons":
		err = beacons(os.Args[2:])
	case "intake-fill":
		err = intakeFill(os.Args[2:])
	case "intake-wait":
		err = intakeWait(os.Args[2:])
	case "publish-behind":
		err = publishBehind(os.Args[2:])
	case "cdn":
		err = cdnFront(os.Args[2:])
	case "funcs":
		err = funcLengths(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtool:", err)
		os.Exit(1)
	}
}
