// This file implements the entry point: the program name and the
// command dispatch.

package main

import (
	"io"
	"os"
	"path/filepath"
)

func main() { os.Exit(runAs(filepath.Base(os.Args[0]), os.Args[1:], os.Stdout, os.Stderr)) }

// run is the whole command, testable without a process.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if c := commandNamed(args[0]); c != nil {
			return dispatch(c, args[1:], stdout, stderr)
		}
	}
	return dispatch(commandNamed("check"), args, stdout, stderr)
}
