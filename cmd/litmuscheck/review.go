// This file implements the review aids' common ground and "diff", which
// runs two versions of a test and reports what changed. Both review
// commands run a test exactly as the plain check does (checkFile): a C test
// in every column, compiled for the hardware ones, with --lock.

package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// A review holds what the review commands share with the plain check: the
// options, and the model and lock algorithm they name.
type review struct {
	o   options
	alg *locks.Algorithm
}

// reviewArgs parses the flags of diff and barriers, and resolves --model
// and --lock as runCheck does. When it returns no review, the command ends
// with exit status code: 0 after --help, 2 after an error it printed.
func reviewArgs(name, usage string, args []string, stdout, stderr io.Writer) (rv *review, files []string, code int) {
	rv = &review{}
	fs := reviewFlagSet(name, stderr, &rv.o)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, nil, 0
		}
		fmt.Fprintf(stderr, "litmuscheck %s: %v\n%s\n", name, err, usage)
		return nil, nil, 2
	}
	switch {
	case rv.o.format != "text":
		fmt.Fprintf(stderr, "litmuscheck %s: prints text only (--format %s)\n", name, rv.o.format)
		return nil, nil, 2
	case rv.o.showAsm || rv.o.parseOnly:
		fmt.Fprintf(stderr, "litmuscheck %s: --show-asm and --parse-only do not apply\n", name)
		return nil, nil, 2
	case fs.NArg() == 0:
		fmt.Fprintln(stderr, usage)
		return nil, nil, 2
	}
	if err := rv.o.graphs.check(); err != nil {
		fmt.Fprintf(stderr, "litmuscheck %s: %v\n", name, err)
		return nil, nil, 2
	}
	if err := rv.o.spec().Check(); err != nil {
		fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
		return nil, nil, 2
	}
	if rv.o.lock != "" {
		a, err := locks.AlgorithmByName(rv.o.lock)
		if err != nil {
			fmt.Fprintf(stderr, "litmuscheck: %v\n", err)
			return nil, nil, 2
		}
		rv.alg = a
	}
	if err := loadFragments(&rv.o); err != nil {
		printErr(stderr, err)
		return nil, nil, 2
	}
	// One test runs at a time, on every core.
	rv.o.workers = max(1, rv.o.jobs)
	return rv, fs.Args(), 0
}

// check runs a file as the plain check does.
func (rv *review) check(path string) fileOutcome {
	return checkFile(path, rv.alg, rv.o)
}

// side is the review's options for one side of a diff: the functions of
// its --old-fragments or --new-fragments files after the common ones.
func (rv *review) side(i int) (options, error) {
	o := rv.o
	defs, err := withFragments(o.userDefs, o.sideFragments[i])
	o.userDefs = defs
	return o, err
}

// A verdictCell is one column's result, as the review tables print it.
type verdictCell struct {
	title string
	res   *litmus.Result // in the C test's terms for a compiled run
	// none is the word a column without a result shows (locks.Run's
	// Verdict: n/a), and why the reason.
	none string
	why  error
}

// failed reports whether the column has no result for a reason of ours
// (an error, a gap), not by design: the exit status is then 2.
func (c verdictCell) failed() bool { return c.res == nil && c.none != "n/a" }

// label is the verdict the review compares, with the kinds of its
// caveats (litmus.Result.Caveats) but hangs, which liveLabel adds: a
// vacuous or racy Never proves nothing, and a change of caveat is a
// change.
func (c verdictCell) label() string {
	if c.res == nil {
		return c.none
	}
	var kinds []string
	for _, cv := range c.res.Caveats() {
		if cv.Kind != litmus.CaveatHangs {
			kinds = append(kinds, string(cv.Kind))
		}
	}
	if len(kinds) == 0 {
		return c.res.Verdict()
	}
	return c.res.Verdict() + " (" + strings.Join(kinds, ", ") + ")"
}

// hangs reports whether some execution of the column hangs.
func (c verdictCell) hangs() bool { return c.res != nil && c.res.Hangs > 0 }

// liveLabel is label with the liveness mark of a column that hangs, as
// barriers prints it.
func (c verdictCell) liveLabel() string {
	if c.hangs() {
		return c.label() + ", hangs"
	}
	return c.label()
}

// outcomeCells are an outcome's results, one per column.
func outcomeCells(out fileOutcome) []verdictCell {
	if out.Runs == nil {
		return []verdictCell{{title: out.Result.Model, res: out.Result}}
	}
	var cells []verdictCell
	for _, r := range out.Runs {
		c := verdictCell{title: r.Column.Title, none: r.Verdict(), why: r.Err}
		if r.Result != nil {
			res := *r.CResult()
			res.Test = out.Test
			c.res = &res
		}
		cells = append(cells, c)
	}
	return cells
}

// mismatch says why two versions of a test cannot be compared: another
// dialect, other threads, other shared locations. "" when they can.
func mismatch(a, b *litmus.Test) string {
	if a.Arch != b.Arch {
		return fmt.Sprintf("they are in different dialects (%s, %s)", a.Arch, b.Arch)
	}
	if ta, tb := threadNames(a), threadNames(b); ta != tb {
		return fmt.Sprintf("they have different threads (%s; %s)", ta, tb)
	}
	if la, lb := testLocations(a), testLocations(b); la != lb {
		return fmt.Sprintf("they use different locations (%s; %s)", la, lb)
	}
	return ""
}

func threadNames(t *litmus.Test) string {
	var names []string
	for _, th := range t.Threads {
		names = append(names, fmt.Sprintf("P%d", th.ID))
	}
	return strings.Join(names, " ")
}

// testLocations lists the shared locations a test initialises or uses.
func testLocations(t *litmus.Test) string {
	set := map[string]bool{}
	for _, it := range t.Init {
		if !it.Loc.IsReg() {
			set[it.Loc.Name] = true
		}
		if it.Value.IsAddr() {
			set[it.Value.Sym] = true
		}
	}
	for _, th := range t.Threads {
		for _, in := range th.Code {
			for _, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
				litmus.WalkExpr(e, func(e litmus.Expr) {
					if c, ok := e.(*litmus.Const); ok && c.V.IsAddr() {
						set[c.V.Sym] = true
					}
				})
			}
		}
	}
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

const diffUsage = "usage: litmuscheck diff [--model M] [--lock ALG] OLD.litmus NEW.litmus"

// runDiff compares the verdicts of two versions of a test, column by
// column; exit 1 when a verdict changes.
func runDiff(args []string, stdout, stderr io.Writer) int {
	rv, files, code := reviewArgs("diff", diffUsage, args, stdout, stderr)
	if rv == nil {
		return code
	}
	if len(files) != 2 {
		fmt.Fprintln(stderr, diffUsage)
		return 2
	}
	var tests [2]*litmus.Test
	var sides [2]options
	for i, f := range files {
		o, err := rv.side(i)
		if err != nil {
			printErr(stderr, err)
			return 2
		}
		t, err := parseTest(f, o.settings(rv.alg))
		if err != nil {
			printErr(stderr, err)
			return 2
		}
		tests[i], sides[i] = t, o
	}
	if why := mismatch(tests[0], tests[1]); why != "" {
		fmt.Fprintf(stderr, "litmuscheck diff: %s and %s cannot be compared: %s\n", files[0], files[1], why)
		return 2
	}
	var cells [2][]verdictCell
	var outs [2]fileOutcome
	for i := range files {
		// Each side runs as the plain check runs it, parsed once.
		outs[i] = pipeline.Test(tests[i], sides[i].settings(rv.alg))
		if outs[i].Err != nil {
			printErr(stderr, outs[i].Err)
			return 2
		}
		cells[i] = outcomeCells(outs[i])
	}
	status := 0
	for i, before := range cells[0] {
		after := cells[1][i]
		if before.res == nil || after.res == nil {
			fmt.Fprintf(stdout, "%s: %s %s -> %s\n", before.title, tests[0].Cond.Quant, before.liveLabel(), after.liveLabel())
			for i, c := range []verdictCell{before, after} {
				switch {
				case c.failed():
					fmt.Fprintf(stderr, "%s: %s: %s: %v\n", files[i], c.title, c.label(), c.why)
					status = 2
				case c.why != nil:
					fmt.Fprintf(stdout, "  %s: %s: %v\n", files[i], c.label(), c.why)
				}
			}
			continue
		}
		writeStateDiff(stdout, before, after)
		if before.res.Positive == 0 && after.res.Positive > 0 && after.res.Witness != nil {
			what := "the execution that now satisfies the condition"
			if outs[1].Runs != nil && outs[1].Runs[i].Compiled != nil {
				what += ", in the compiled code"
			}
			fmt.Fprintf(stdout, "  %s:\n%s", what, after.res.Witness.Format("    "))
		}
		if before.liveLabel() != after.liveLabel() {
			status = max(status, 1)
		}
	}
	if err := writeReport(rv.o.graphs.html, diffReport(files, tests, cells, outs)); err != nil {
		printErr(stderr, err)
		status = 2
	}
	if err := writeSides(outs, rv.o.graphs); err != nil {
		printErr(stderr, err)
		status = 2
	}
	return status
}

// writeSides writes the pictures of a diff's two sides, with --graph,
// into DIR/old and DIR/new: the two tests may have one name.
func writeSides(outs [2]fileOutcome, o graphOptions) error {
	if o.dir == "" {
		return nil
	}
	for i, side := range []string{"old", "new"} {
		so := o
		so.dir = filepath.Join(o.dir, side)
		if err := writeGraphs([]fileOutcome{outs[i]}, so); err != nil {
			return err
		}
	}
	return nil
}

// writeStateDiff prints one column's verdict change and the final states
// that appear (+) and disappear (-).
func writeStateDiff(w io.Writer, before, after verdictCell) {
	b, a := before.res, after.res
	states := fmt.Sprintf("%d -> %d states", len(b.States), len(a.States))
	if b.Uncounted || a.Uncounted {
		states = "states not counted"
	}
	fmt.Fprintf(w, "%s: %s %s -> %s (%s)\n", before.title, b.Test.Cond.Quant, before.liveLabel(), after.liveLabel(), states)
	gained, lost := stateChanges(before, after)
	for _, s := range gained {
		fmt.Fprintf(w, "  + %s\n", s)
	}
	for _, s := range lost {
		fmt.Fprintf(w, "  - %s\n", s)
	}
}
