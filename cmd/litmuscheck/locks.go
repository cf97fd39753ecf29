// This file implements "litmuscheck locks": run the proof table (package
// locks) and print it as Markdown.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/locks/table"
)

// locksOptions are the values of locks' flags.
type locksOptions struct {
	dir          string
	jobs         int
	bad, witness bool
	// html is the file of the HTML proof report (graphs.go).
	html string
}

func locksFlags(stderr io.Writer) (*pflag.FlagSet, *locksOptions) {
	var o locksOptions
	fs := pflag.NewFlagSet("litmuscheck locks", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.dir, "dir", "", "read the scenarios' C tests from this directory (default: the copies built in, locks/scenarios)")
	fs.IntVarP(&o.jobs, "jobs", "j", runtime.NumCPU(), "runs in parallel")
	fs.BoolVar(&o.bad, "bad-states", false, "after the table, list for each Sometimes the final states that satisfy the bad outcome")
	fs.BoolVar(&o.witness, "witness", false, "with --bad-states, print an execution that reaches the bad outcome")
	fs.StringVar(&o.html, "html", "", "also write the proof table as a self-contained HTML page, each verdict linking to its execution's picture, to this file")
	return fs, &o
}

func runLocks(args []string, stdout, stderr io.Writer) int {
	fs, o := locksFlags(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "litmuscheck locks: unexpected argument %q\n", fs.Arg(0))
		writeUsage(stderr, commandNamed("locks"))
		return 2
	}
	dir, jobs, bad, witness := &o.dir, &o.jobs, &o.bad, &o.witness
	// Prove calls skip as each cell starts, so the bar counts the cells
	// started; the run is over when Prove returns.
	cells := 0
	for _, s := range table.Scenarios {
		cells += len(s.Variants) * len(locks.Columns)
	}
	prog := startProgress(stderr, cells, "proof table, cells started", "cells")
	rows, err := table.Prove(context.Background(), *dir, *jobs, func(*table.Variant, locks.Column) bool {
		prog.Add()
		return false
	})
	prog.Finish()
	if err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return 2
	}
	fmt.Fprint(stdout, table.Markdown(rows))
	if o.html != "" {
		if err := os.WriteFile(o.html, []byte(locksReport(rows).HTML()), 0o644); err != nil {
			fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
			return 2
		}
	}
	status := 0
	for _, r := range rows {
		for i, c := range locks.Columns {
			run := r.Runs[i]
			if run.Result == nil && r.Variant.Refuses(c.Name) && locks.IsMixedSizeRefusal(run.Err) {
				// The refusal the row expects, said in the table's cell.
				continue
			}
			if f := run.Failure(); run.Result == nil && f != locks.NotApplicable {
				fmt.Fprintf(stderr, "%s, %s: %s %s: %v\n", r.Scenario.Name, r.Variant.Name, c.Title, f, run.Err)
				status = 2
				continue
			}
			if want := r.Variant.Expect[c.Name]; run.Result != nil && want != "" && run.Verdict() != want {
				fmt.Fprintf(stderr, "%s, %s: %s %s, expected %s\n", r.Scenario.Name, r.Variant.Name, c.Title, run.Verdict(), want)
				status = max(status, 1)
			}
			if run.Result != nil && run.Result.Vacuous() {
				fmt.Fprintf(stderr, "%s, %s: %s: %s, so it proves nothing\n", r.Scenario.Name, r.Variant.Name, c.Title, litmus.VacuousNote)
				status = max(status, 1)
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
