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

	"github.com/spf13/pflag"

	"github.com/litmuscheck/litmuscheck/herd"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
	"github.com/litmuscheck/litmuscheck/pipeline"
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
	defs, err := withFragments(o.userDefs, o.fragments)
	o.userDefs = defs
	return err
}

// withFragments is defs with the functions of the files at paths after
// its own, each file read with the macros of those before it.
func withFragments(defs *cparse.CDefs, paths []string) (*cparse.CDefs, error) {
	for _, path := range paths {
		d, err := defs.ExtendFile(path)
		if err != nil {
			return nil, err
		}
		defs = d
	}
	return defs, nil
}

// modelUsage lists the --model values.
func modelUsage() string {
	var cols []string
	for _, c := range locks.Columns {
		cols = append(cols, c.Name)
	}
	return "model: all (C tests: " + strings.Join(cols, ", ") + "), " + strings.Join(models.Names(), ", ") +
		", or for C tests power-isync, armv8-lse (default: all for C tests, the LKMM alone in herd's format; else the dialect's herd7 model)"
}

// parseTest parses a file as the pipeline does with settings s
// (pipeline.Parse).
func parseTest(path string, s pipeline.Settings) (*litmus.Test, error) {
	name, src, err := readSource(path)
	if err != nil {
		return nil, err
	}
	return pipeline.Parse(context.Background(), name, string(src), s)
}

// spinCall finds a call of the spin_* operations that --lock redefines.
var spinCall = regexp.MustCompile(`\b(arch_)?spin_(lock|unlock|trylock|is_locked)\s*\(`)

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
		for _, r := range out.Runs {
			if r.Result != nil {
				herd.WriteResult(w, r.Result)
			} else {
				fmt.Fprintf(w, "Test %s: %s: %s: %v\n", out.Test.Name, r.Column.Title, r.Verdict(), r.Err)
			}
		}
		return
	}
	if len(out.Runs) == 1 && out.Runs[0].Result != nil {
		run := out.Runs[0]
		res := *run.CResult()
		res.Test = out.Test
		model, _ := run.Column.Model()
		writeText(w, &res, model)
		return
	}
	t := out.Test
	lock := ""
	switch {
	case alg != nil:
		lock = "   [--lock " + alg.Name + "]"
	case callsSpin(t):
		lock = "   [spin_*: LKMM's lock events under LKMM, " + locks.DefaultAlgorithm + " on hardware]"
	}
	fmt.Fprintf(w, "%s: %s (%s)%s\n", t.Name, t.Cond.Quant, litmus.FormatProp(t.Cond.Prop), lock)
	width := 0
	for _, r := range out.Runs {
		width = max(width, len(r.Column.Title))
	}
	for _, r := range out.Runs {
		if r.Result == nil {
			fmt.Fprintf(w, "    %-*s  %-11s  %v\n", width, r.Column.Title, r.Verdict(), r.Err)
			continue
		}
		res := *r.CResult()
		res.Test = t
		fmt.Fprintf(w, "    %-*s  %-11s  %s%s\n", width, r.Column.Title, res.Label(), res.CountText(), statesSummary(&res))
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
	if res.Uncounted {
		return uncountedSummary(res)
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

// uncountedSummary says what a verdict decided without counting rests
// on: the final states of the executions that satisfy the proposition,
// all of them, and one execution found that does not.
func uncountedSummary(res *litmus.Result) string {
	var all []string
	for _, st := range res.States {
		all = append(all, res.FormatState(st))
	}
	msg := "; not counted: the verdict needs no more"
	if len(all) > 0 {
		msg += "; states that satisfy: " + strings.Join(all, "  ")
	}
	return msg
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
	for _, r := range out.Runs {
		if r.Result == nil {
			list = append(list, map[string]any{"schema": schemaVersion, "test": out.Test.Name, "file": out.Test.File,
				"arch": string(out.Test.Arch), "model": r.Column.Title, "verdict": r.Verdict(), "error": r.Err.Error()})
			continue
		}
		res := *r.CResult()
		res.Test = out.Test
		j := jsonResult(&res)
		// The column's title, as the text prints it.
		j["model"] = r.Column.Title
		j["test"] = out.Test.Name
		j["file"] = out.Test.File
		j["arch"] = string(out.Test.Arch)
		list = append(list, j)
	}
	return list
}
