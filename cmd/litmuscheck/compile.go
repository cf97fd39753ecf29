// This file implements the running of C tests under the hardware models:
// --model all (the default for C tests in the text format), --model
// power|power-isync|armv8|armv8-lse|tso (the test compiled for that
// target), --lock (the algorithm spin_* stand for) and --show-asm (print
// the compiled assembly tests instead of running them).

package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

func addLockFlags(fs *pflag.FlagSet, o *options) {
	var algs []string
	for _, a := range locks.Algorithms {
		algs = append(algs, a.Name)
	}
	fs.StringVar(&o.lock, "lock", "", "lock algorithm spin_lock, spin_unlock, spin_trylock and spin_is_locked run as: "+
		strings.Join(algs, ", ")+" (default: LKMM's lock events under LKMM, "+locks.DefaultAlgorithm+" on hardware)")
	fs.BoolVar(&o.showAsm, "show-asm", false, "print the assembly tests a C test compiles to, in herd's dialects, instead of running them")
	fs.StringArrayVar(&o.fragments, "fragments", nil, "a file of C functions that C tests may call, inlined as the lock fragments are (repeatable)")
}

// loadFragments reads the --fragments files into o.userDefs.
func loadFragments(o *options) error {
	for _, path := range o.fragments {
		d, err := parser.ParseCDefsFile(path)
		if err == nil {
			o.userDefs, err = o.userDefs.Extend(d)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// modelUsage lists the --model values.
func modelUsage() string {
	var cols []string
	for _, c := range locks.Columns {
		cols = append(cols, c.Name)
	}
	return "model: all (C tests: " + strings.Join(cols, ", ") + "), " + strings.Join(models.Names(), ", ") +
		", or for C tests power-isync, armv8-lse (default: all for C tests in the text format, else the dialect's herd7 model)"
}

// parseTest parses a file; C tests see the lock fragments, with spin_*
// defined as the --lock algorithm, and the --fragments functions, user.
func parseTest(path string, alg *locks.Algorithm, user *parser.CDefs) (*litmus.Test, error) {
	return parseTestContext(context.Background(), path, alg, user)
}

// parseTestContext is parseTest bounded by ctx.
func parseTestContext(ctx context.Context, path string, alg *locks.Algorithm, user *parser.CDefs) (*litmus.Test, error) {
	name, src, err := readSource(path)
	if err != nil {
		return nil, err
	}
	var opt parser.Options
	// Only C tests call fragments: parsing the library is most of a
	// tiny assembly test's run, which herd7-mode scripts pay per call.
	if fields := strings.Fields(string(src[:min(len(src), 64)])); len(fields) > 0 && fields[0] == string(litmus.ArchC) {
		if opt.CDefs, err = locks.Defs(alg, user); err != nil {
			return nil, err
		}
	}
	return parser.ParseContext(ctx, name, string(src), opt)
}

// checkC runs a C test in each column.
func checkC(t *litmus.Test, cols []locks.Column, alg *locks.Algorithm, o options) fileOutcome {
	ctx, cancel := o.testContext()
	defer cancel()
	out := fileOutcome{test: t}
	if o.showAsm {
		a := alg
		if a == nil {
			a, _ = locks.AlgorithmByName(locks.DefaultAlgorithm)
		}
		ct, err := locks.ParseC(t.File, t.Source, a, o.userDefs)
		if err != nil {
			return fileOutcome{err: err}
		}
		for _, c := range cols {
			if c.Target == nil {
				continue
			}
			comp, err := locks.Compile(ct, c.Target)
			if err != nil {
				return fileOutcome{err: err}
			}
			out.asm = append(out.asm, comp.Text)
		}
		return out
	}
	// A mixed-size test runs in the hardware columns at its widths; the
	// LKMM column refuses it (locks.ErrLKMMMixedSize).
	for _, c := range cols {
		if o.stage != nil {
			o.stage(c.Title)
		}
		// The columns run one after the other, each on the cores left to
		// this file (results do not depend on the workers), each with a
		// --timeout of its own: a slow column leaves the others theirs.
		colCtx, colCancel := ctx, context.CancelFunc(func() {})
		if o.timeout > 0 {
			colCtx, colCancel = context.WithTimeout(context.Background(), o.timeout)
		}
		run, err := locks.RunC(colCtx, t.File, t.Source, alg, c, o.exploreOptions(o.workers), o.userDefs)
		colCancel()
		if err != nil {
			return fileOutcome{err: err}
		}
		if run.Failure() == locks.TimedOut {
			run.Err = timeoutError{o.timeout}
		}
		out.runs = append(out.runs, run)
	}
	return out
}

// A timeoutError is a column that --timeout stopped.
type timeoutError struct{ after time.Duration }

func (e timeoutError) Error() string { return fmt.Sprintf("timed out after %v", e.after) }
func (e timeoutError) Unwrap() error { return context.DeadlineExceeded }

// spinCall finds a call of the spin_* operations that --lock redefines.
var spinCall = regexp.MustCompile(`\bspin_(lock|unlock|trylock|is_locked)\s*\(`)

// callsSpin reports whether t's code calls a spin_* operation: its
// instructions' source text, which comments never reach.
func callsSpin(t *litmus.Test) bool {
	for _, th := range t.Threads {
		for _, in := range th.Code {
			if spinCall.MatchString(in.Text) {
				return true
			}
		}
	}
	return false
}

// writeRuns prints a C test's runs: one result as writeText does, several
// side by side.
func writeRuns(w io.Writer, out fileOutcome, alg *locks.Algorithm, format string) {
	if format == "herd" {
		for _, r := range out.runs {
			if r.Result != nil {
				herd.WriteResult(w, r.Result)
			} else {
				fmt.Fprintf(w, "Test %s: %s: %s: %v\n", out.test.Name, r.Column.Title, r.Verdict(), r.Err)
			}
		}
		return
	}
	if len(out.runs) == 1 && out.runs[0].Result != nil {
		run := out.runs[0]
		res := *run.CResult()
		res.Test = out.test
		model, _ := run.Column.Model()
		writeText(w, &res, model)
		return
	}
	t := out.test
	lock := ""
	switch {
	case alg != nil:
		lock = "   [--lock " + alg.Name + "]"
	case callsSpin(t):
		lock = "   [spin_*: LKMM's lock events under LKMM, " + locks.DefaultAlgorithm + " on hardware]"
	}
	fmt.Fprintf(w, "%s: %s (%s)%s\n", t.Name, t.Cond.Quant, litmus.FormatProp(t.Cond.Prop), lock)
	width := 0
	for _, r := range out.runs {
		width = max(width, len(r.Column.Title))
	}
	for _, r := range out.runs {
		if r.Result == nil {
			fmt.Fprintf(w, "    %-*s  %-11s  %v\n", width, r.Column.Title, r.Verdict(), r.Err)
			continue
		}
		res := *r.CResult()
		res.Test = t
		fmt.Fprintf(w, "    %-*s  %-11s  %d of %d executions%s\n", width, r.Column.Title, res.Label(),
			res.Positive, res.Positive+res.Negative, statesSummary(&res))
		if res.LoopCut {
			fmt.Fprintf(w, "    %-*s  loop: the unroll bound cut some executions; outcomes may be missing\n", width, "")
		}
		if line := res.HangLine(); line != "" {
			fmt.Fprintf(w, "    %-*s  %s\n", width, "", line)
		}
	}
}

// statesSummary gives, for the side-by-side view, the final states when
// there are few, and otherwise their number and the first few that satisfy
// the condition's proposition: the outcomes a reader looks for.
func statesSummary(res *litmus.Result) string {
	const few = 4
	if len(res.States) == 0 {
		return ""
	}
	if len(res.States) <= few {
		var all []string
		for _, st := range res.States {
			all = append(all, res.FormatState(st))
		}
		return "; states: " + strings.Join(all, "  ")
	}
	return fmt.Sprintf("; %d states", len(res.States)) + satisfying(res)
}

// satisfying lists the first few final states that satisfy the condition.
func satisfying(res *litmus.Result) string {
	const most = 3
	var found []string
	n := 0
	for _, st := range res.States {
		if res.Satisfies(st) {
			if n < most {
				found = append(found, res.FormatState(st))
			}
			n++
		}
	}
	if n == 0 {
		return ""
	}
	more := ""
	if n > most {
		more = fmt.Sprintf(" (+%d more)", n-most)
	}
	return "; satisfying: " + strings.Join(found, "  ") + more
}

// runsJSON is the JSON form of a C test's runs.
func runsJSON(out fileOutcome) []any {
	var list []any
	for _, r := range out.runs {
		if r.Result == nil {
			list = append(list, map[string]any{"schema": schemaVersion, "test": out.test.Name, "file": out.test.File,
				"arch": string(out.test.Arch), "model": r.Column.Title, "verdict": r.Verdict(), "error": r.Err.Error()})
			continue
		}
		res := *r.CResult()
		res.Test = out.test
		j := jsonResult(&res)
		// The column's title, as the text prints it.
		j["model"] = r.Column.Title
		j["test"] = out.test.Name
		j["file"] = out.test.File
		j["arch"] = string(out.test.Arch)
		list = append(list, j)
	}
	return list
}
