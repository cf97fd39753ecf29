// This file implements "litmuscheck locks": run the proof table (package
// locks) and print it as Markdown.
package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/pflag"

	"litmuscheck/litmus"
	"litmuscheck/locks"
)

func runLocks(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("litmuscheck locks", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "read the scenarios' C tests from this directory (default: the copies built in, locks/scenarios)")
	jobs := fs.IntP("jobs", "j", runtime.NumCPU(), "runs in parallel")
	bad := fs.Bool("bad-states", false, "after the table, list for each Sometimes the final states that satisfy the bad outcome")
	witness := fs.Bool("witness", false, "with --bad-states, print an execution that reaches the bad outcome")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: litmuscheck locks [--dir DIR] [-j N] [--bad-states [--witness]]")
		return 2
	}
	rows, err := locks.Prove(context.Background(), *dir, *jobs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	fmt.Fprint(stdout, locks.Markdown(rows))
	status := 0
	for _, r := range rows {
		for i, c := range locks.Columns {
			run := r.Runs[i]
			if want := r.Variant.Expect[c.Name]; run.Result != nil && want != "" && run.Verdict() != want {
				fmt.Fprintf(stderr, "%s, %s: %s %s, expected %s\n", r.Scenario.Name, r.Variant.Name, c.Title, run.Verdict(), want)
				status = 1
			}
		}
	}
	if *bad {
		for _, r := range rows {
			for i, c := range locks.Columns {
				run := r.Runs[i]
				if run.Result == nil || run.Verdict() != "Sometimes" {
					continue
				}
				res := run.CResult()
				var states []string
				for _, st := range res.States {
					if run.Result.Satisfies(st) {
						states = append(states, litmus.FormatState(res.Observed, st))
					}
				}
				fmt.Fprintf(stdout, "\n%s, %s, %s: %s\n", r.Scenario.Name, r.Variant.Name, c.Title, strings.Join(states, "  "))
				if *witness && run.Result.Witness != nil {
					fmt.Fprint(stdout, run.Result.Witness.Format("    "))
				}
			}
		}
	}
	return status
}
