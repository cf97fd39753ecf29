// This file implements the review aids: "diff" runs two versions of a test
// and reports what changed, and "barriers" removes each fence of a test in
// turn to find the ones its verdict depends on.
package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"litmuscheck/litmus"
	"litmuscheck/models"
)

// reviewArgs parses the flags shared by diff and barriers.
func reviewArgs(name string, args []string, stderr io.Writer) (*options, []string, bool) {
	var o options
	fs := newFlags("litmuscheck "+name, stderr, &o)
	if err := fs.Parse(args); err != nil {
		return nil, nil, false
	}
	return &o, fs.Args(), true
}

func modelFor(t *litmus.Test, o *options) (*models.Model, error) {
	if o.model != "" {
		return models.Lookup(o.model)
	}
	return models.ForArch(t.Arch)
}

// runDiff compares the verdicts of two versions of a test.
func runDiff(args []string, stdout, stderr io.Writer) int {
	o, files, ok := reviewArgs("diff", args, stderr)
	if !ok {
		return 2
	}
	if len(files) != 2 {
		fmt.Fprintln(stderr, "usage: litmuscheck diff [--model M] OLD.litmus NEW.litmus")
		return 2
	}
	var res [2]*litmus.Result
	var model *models.Model
	for i, f := range files {
		t, err := parseTest(f, nil)
		if err != nil {
			printErr(stderr, err)
			return 2
		}
		if model == nil {
			if model, err = modelFor(t, o); err != nil {
				fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
				return 2
			}
		}
		if res[i], err = runTest(t, model, *o, o.jobs); err != nil {
			printErr(stderr, err)
			return 2
		}
	}
	before, after := res[0], res[1]
	fmt.Fprintf(stdout, "%s: %s %s -> %s (%d -> %d states)\n", model.Name(),
		before.Test.Cond.Quant, before.Verdict(), after.Verdict(), len(before.States), len(after.States))
	old := map[string]bool{}
	for _, st := range before.States {
		old[before.FormatState(st)] = true
	}
	for _, st := range after.States {
		if s := after.FormatState(st); !old[s] {
			fmt.Fprintf(stdout, "  + %s\n", s)
		}
		delete(old, after.FormatState(st))
	}
	var gone []string
	for s := range old {
		gone = append(gone, s)
	}
	sort.Strings(gone)
	for _, s := range gone {
		fmt.Fprintf(stdout, "  - %s\n", s)
	}
	if before.Positive == 0 && after.Positive > 0 && after.Witness != nil {
		fmt.Fprintf(stdout, "  the execution that now satisfies the condition:\n%s", after.Witness.Format("    "))
	}
	if before.Verdict() != after.Verdict() {
		return 1
	}
	return 0
}

// runBarriers finds the fences a test's verdict depends on: each fence is
// replaced by a no-op in turn and the test is run again.
func runBarriers(args []string, stdout, stderr io.Writer) int {
	o, files, ok := reviewArgs("barriers", args, stderr)
	if !ok {
		return 2
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "usage: litmuscheck barriers [--model M] FILE...")
		return 2
	}
	status := 0
	for _, f := range files {
		t, err := parseTest(f, nil)
		if err != nil {
			printErr(stderr, err)
			status = 2
			continue
		}
		model, err := modelFor(t, o)
		if err != nil {
			fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
			return 2
		}
		base, err := runTest(t, model, *o, o.jobs)
		if err != nil {
			printErr(stderr, err)
			status = 2
			continue
		}
		fmt.Fprintf(stdout, "%s under %s: %s\n", t.Name, model.Name(), base.Verdict())
		found := false
		for ti, th := range t.Threads {
			for ii, in := range th.Code {
				if in.Op != litmus.OpFence {
					continue
				}
				found = true
				saved := th.Code[ii]
				th.Code[ii] = litmus.Instr{Op: litmus.OpNop, Pos: saved.Pos, Text: saved.Text}
				res, err := runTest(t, model, *o, o.jobs)
				th.Code[ii] = saved
				verdict := "error"
				if err == nil {
					verdict = res.Verdict()
				}
				note := "not needed for this verdict"
				if verdict != base.Verdict() {
					note = "load-bearing"
				}
				fmt.Fprintf(stdout, "  P%d %-20s %s: without it %s (%s)\n", ti,
					strings.TrimSpace(saved.Text), saved.Pos, verdict, note)
			}
		}
		if !found {
			fmt.Fprintln(stdout, "  no fence in this test")
		}
	}
	return status
}
