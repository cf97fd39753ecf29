// This file implements the assertions on a checked test: its verdicts per
// column, the defaults Check asserts, and the messages that show the
// execution breaking a property.

package proof

import (
	"fmt"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
)

// A Result is a C test run in each column; its methods assert on it.
type Result struct {
	tb testing.TB
	// Test is the C test as the LKMM column parsed it.
	Test *litmus.Test
	// Runs are the columns' runs, in the order of locks.Columns.
	Runs       []*locks.Run
	allowHangs bool
}

// Verdict is the column's verdict ("Never", "Sometimes", "Always"), or
// the word for why it has none ("n/a", "unsupported", "error",
// "timeout"); "" when the column did not run.
func (r *Result) Verdict(model string) string {
	if run := r.find(model); run != nil {
		return run.Verdict()
	}
	return ""
}

// Never asserts that no execution reaches the test's condition, in the
// named columns or, with none named, in every column with a verdict.
func (r *Result) Never(models ...string) {
	r.tb.Helper()
	r.expect("Never", models)
}

// Sometimes asserts that some execution reaches the test's condition and
// some does not, in the named columns or in every column with a verdict:
// the bug is found.
func (r *Result) Sometimes(models ...string) {
	r.tb.Helper()
	r.expect("Sometimes", models)
}

// NoHangs asserts that no execution hangs (a spin that can wait forever),
// in the named columns or in every column with a verdict.
func (r *Result) NoHangs(models ...string) {
	r.tb.Helper()
	for _, run := range r.asserted(models) {
		if n, witness := hangsOf(run.Result); n > 0 {
			r.tb.Errorf("proof: %s: %s: %d execution%s hang%s%s", r.name(), run.Column.Title, n, plural(n), verbS(n), execution(run, witness, "one that hangs"))
		}
	}
}

// Differs asserts that the columns a and b give different verdicts (a
// vacuous Never differs from one that is not), as the test of a fence that
// one architecture needs and another does not.
func (r *Result) Differs(a, b string) {
	r.tb.Helper()
	runs := r.asserted([]string{a, b})
	if len(runs) != 2 {
		return
	}
	la, lb := runs[0].Result.Label(), runs[1].Result.Label()
	if la == lb {
		r.tb.Errorf("proof: %s: %s and %s are both %s, expected different verdicts", r.name(), runs[0].Column.Title, runs[1].Column.Title, la)
	}
}

// expect asserts one verdict.
func (r *Result) expect(want string, models []string) {
	r.tb.Helper()
	for _, run := range r.asserted(models) {
		res := run.Result
		if got := res.Verdict(); got != want {
			r.tb.Errorf("proof: %s: %s: %s, expected %s: %d of %d executions reach %s%s%s", r.name(), run.Column.Title, got, want,
				res.Positive, res.Executions(), litmus.FormatProp(r.Test.Cond.Prop), r.reached(run), breaking(run))
		}
	}
}

// asserted are the runs an assertion on models checks: the named ones,
// each of which must have a verdict, or every run with one. A run that
// failed is not asserted on again: Check reported it.
func (r *Result) asserted(models []string) []*locks.Run {
	r.tb.Helper()
	if len(models) == 0 {
		var runs []*locks.Run
		for _, run := range r.Runs {
			if run.Result != nil {
				runs = append(runs, run)
			}
		}
		return runs
	}
	var runs []*locks.Run
	for _, m := range models {
		run := r.find(m)
		switch {
		case run == nil:
			r.tb.Errorf("proof: %s: no column %q ran (Models chooses them)", r.name(), m)
		case run.Result == nil && run.Failure() == locks.NotApplicable:
			r.tb.Errorf("proof: %s: %s is n/a, no verdict to assert: %v", r.name(), run.Column.Title, run.Err)
		case run.Result != nil:
			runs = append(runs, run)
		}
	}
	return runs
}

func (r *Result) find(model string) *locks.Run {
	for _, run := range r.Runs {
		if run.Column.Name == model {
			return run
		}
	}
	return nil
}

func (r *Result) name() string {
	if r.Test == nil {
		return "(no test)"
	}
	return r.Test.File
}

// checkDefaults fails the test for each column without a verdict we can
// stand behind.
func (r *Result) checkDefaults(c config) {
	r.tb.Helper()
	for _, run := range r.Runs {
		res := run.Result
		switch {
		case res == nil && run.Failure() == locks.NotApplicable:
			// By design; asserted on only when named.
		case run.Failure() == locks.TimedOut:
			r.tb.Errorf("proof: %s: %s: timed out after %v", r.name(), run.Column.Title, c.timeout)
		case res == nil:
			r.tb.Errorf("proof: %s: %s: %s: %v", r.name(), run.Column.Title, run.Failure(), run.Err)
		case res.LoopCut:
			r.tb.Errorf("proof: %s: %s: the unroll bound cut some executions, so outcomes may be missing", r.name(), run.Column.Title)
		}
		if res == nil {
			continue
		}
		// Every caveat the command reports fails the proof, as the
		// exit status does (litmus.Result.Caveats is the one judge).
		for _, cv := range res.Caveats() {
			switch {
			case !cv.Voids, cv.Kind == litmus.CaveatUnroll, cv.Kind == litmus.CaveatHangs:
				// Unroll cuts are reported above for every verdict,
				// hangs below with their witness.
			case cv.Kind == litmus.CaveatVacuous && c.allowVacuous:
			case cv.Kind == litmus.CaveatVacuous:
				r.tb.Errorf("proof: %s: %s: %s, so it proves nothing (proof.AllowVacuous() if the test expects it)",
					r.name(), run.Column.Title, res.Label())
			case cv.Kind == litmus.CaveatUnused:
				r.tb.Errorf("proof: %s: %s: %s: a misspelt name?", r.name(), run.Column.Title, cv.Note)
			default:
				r.tb.Errorf("proof: %s: %s: %s %s, so it proves nothing", r.name(), run.Column.Title, res.Verdict(), cv.Note)
			}
		}
		if c.allowHangs {
			continue
		}
		if n, witness := hangsOf(res); n > 0 {
			r.tb.Errorf("proof: %s: %s: %d execution%s hang%s (proof.AllowHangs() if the test expects it)%s", r.name(), run.Column.Title,
				n, plural(n), verbS(n), execution(run, witness, "one that hangs"))
		}
	}
}

// reached lists the final states, in the C test's terms, that satisfy
// the condition.
func (r *Result) reached(run *locks.Run) string {
	res := *run.CResult()
	res.Test = r.Test
	var states []string
	for _, st := range res.States {
		if res.Satisfies(st) {
			states = append(states, litmus.FormatState(res.Observed, st))
		}
	}
	if len(states) == 0 {
		return ""
	}
	return " (" + strings.Join(states, "  ") + ")"
}

// breaking shows the execution that contradicts the expected verdict:
// the condition's witness, or for an unexpected Never the candidate the
// model forbids.
func breaking(run *locks.Run) string {
	res := run.Result
	if res.Positive > 0 {
		return execution(run, res.Witness, "the breaking execution")
	}
	return execution(run, res.Blocked, "the execution the model forbids")
}

// execution formats x for a message, saying when it is the compiled
// code's.
func execution(run *locks.Run, x *litmus.Execution, what string) string {
	if x == nil {
		return ""
	}
	if run.Compiled != nil {
		what += ", in the compiled code"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "; %s:\n%s", what, strings.TrimRight(x.Format("    "), "\n"))
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// verbS is the s of "hangs" for one execution.
func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}
