// This file implements the assertions on a checked test: Never,
// Sometimes and Always on its verdicts per column, NoHangs and Differs.

package proof

import (
	"fmt"
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/pipeline"
)

// A Result is a C test run in each column; its methods assert on it.
//
// The assertions speak of the proposition of the test's condition, as
// herd's verdict does, whatever its quantifier: a test "exists (P)",
// "~exists (P)" or "forall (P)" is Never when no allowed execution ends
// in a state satisfying P.
type Result struct {
	tb testing.TB
	// Test is the C test as parsed.
	Test *litmus.Test
	// Runs are the columns' runs, in the order of locks.Columns.
	Runs       []*locks.Run
	allowHangs bool
	// cfg and ctest are what Check ran, kept to run a column again for
	// an execution its result does not keep (witness.go).
	cfg   config
	ctest *pipeline.CTest
}

// Verdict is the column's verdict ("Never", "Sometimes", "Always"), or
// the word for why it has none ("n/a", "unsupported", "error",
// "timeout"); "" when the column did not run. herd's Sometimes means
// that some execution reaches the condition and some does not; compare
// with it for that, where the Sometimes assertion accepts an Always.
func (r *Result) Verdict(model string) string {
	if run := r.find(model); run != nil {
		return run.Verdict()
	}
	return ""
}

// Never asserts that no allowed execution reaches the test's condition,
// in the named columns or, with none named, in every column with a
// verdict: the property holds. A Never that proves nothing (vacuous,
// incomplete, resting on a misspelt name or on the unroll bound, a data
// race, executions that hang) fails in Check already.
func (r *Result) Never(models ...string) {
	r.tb.Helper()
	r.expect(never, models)
}

// Sometimes asserts that some allowed execution reaches the test's
// condition, in the named columns or in every column with a verdict: the
// bug is found, and the message of a failure shows the execution the
// model forbids. It passes whether or not other executions miss the
// condition, so an Always passes too; herd's narrower verdict Sometimes
// (some executions reach it and some do not) is Verdict's to compare.
func (r *Result) Sometimes(models ...string) {
	r.tb.Helper()
	r.expect(sometimes, models)
}

// Always asserts that every allowed execution reaches the test's
// condition, and at least one survives, in the named columns or in every
// column with a verdict. It fails, as Never does, on a result that proves
// nothing: a vacuous one (no execution survives, even with AllowVacuous),
// one with an execution the explorer could not evaluate (incomplete), a
// condition that reads a name no code uses (its initial value would make
// it hold everywhere), a data race (the LKMM promises nothing then), and,
// through Check, executions cut by the unroll bound or that hang (unless
// AllowHangs).
func (r *Result) Always(models ...string) {
	r.tb.Helper()
	for _, run := range r.expect(always, models) {
		if run.Result.Verdict() != "Always" {
			continue
		}
		for _, note := range alwaysVoids(run.Result) {
			r.tb.Errorf("proof: %s: Always (%s), so it proves nothing", r.where(run), note)
		}
	}
}

// NoHangs asserts that no execution hangs (a spin that can wait forever),
// in the named columns or in every column with a verdict.
func (r *Result) NoHangs(models ...string) {
	r.tb.Helper()
	for _, run := range r.asserted(models) {
		if n, witness := hangsOf(run.Result); n > 0 {
			r.tb.Errorf("proof: %s: %d execution%s hang%s%s", r.where(run), n, plural(n), verbS(n), execution(run, witness, "one that hangs"))
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

// A claim is what an assertion expects of a column's counts.
type claim struct {
	word  string
	holds func(res *litmus.Result) bool
	// breakers counts the executions whose outcome contradicts the claim,
	// and reach says whether they are those that reach the condition
	// (Never's) or those that do not (Always'). A Sometimes has none: the
	// execution the model forbids is what its failure shows.
	breakers func(res *litmus.Result) int
	reach    bool
}

var (
	never = claim{word: "Never", reach: true,
		holds:    func(res *litmus.Result) bool { return res.Positive == 0 },
		breakers: func(res *litmus.Result) int { return res.Positive }}
	sometimes = claim{word: "Sometimes", reach: true,
		holds:    func(res *litmus.Result) bool { return res.Positive > 0 },
		breakers: func(res *litmus.Result) int { return 0 }}
	always = claim{word: "Always", reach: false,
		holds:    func(res *litmus.Result) bool { return res.Positive > 0 && res.Negative == 0 },
		breakers: func(res *litmus.Result) int { return res.Negative }}
)

// expect asserts a claim on the runs models name and returns those on
// which it holds.
func (r *Result) expect(c claim, models []string) []*locks.Run {
	r.tb.Helper()
	var held []*locks.Run
	for _, run := range r.asserted(models) {
		if c.holds(run.Result) {
			held = append(held, run)
			continue
		}
		r.tb.Errorf("proof: %s: %s, expected %s: %s", r.where(run), run.Result.Label(), c.word, r.counterexample(run, c))
	}
	return held
}

// alwaysVoids are the notes of the reasons an Always proves nothing that
// Check does not report. litmus's judge speaks for a Never only, but an
// Always claims of every execution what a Never claims of none, so the
// same gaps void it: an execution left out, a name read as its initial
// value, a race the LKMM makes no promise for.
func alwaysVoids(res *litmus.Result) []string {
	var notes []string
	if res.Stuck != nil {
		notes = append(notes, litmus.IncompleteNote+": "+res.Stuck.String())
	}
	if note := res.Test.UnusedNote(); note != "" {
		notes = append(notes, note+": a misspelt name?")
	}
	for _, f := range res.Flags {
		if f == "data-race" {
			notes = append(notes, litmus.DataRaceNote)
		}
	}
	return notes
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
		if _, ok := locks.ColumnByName(m); !ok {
			r.tb.Errorf("proof: %s: %v", r.name(), unknownModel(m))
			continue
		}
		run := r.find(m)
		switch {
		case run == nil:
			r.tb.Errorf("proof: %s: no column %q ran (Models chooses them)", r.name(), m)
		case run.Result == nil && run.Failure() == locks.NotApplicable:
			r.tb.Errorf("proof: %s is n/a, no verdict to assert: %v", r.where(run), run.Err)
		case run.Result != nil:
			runs = append(runs, run)
		}
	}
	return runs
}

// find is the run of the column model names (locks.ColumnByName), nil if it
// did not run.
func (r *Result) find(model string) *locks.Run {
	col, ok := locks.ColumnByName(model)
	if !ok {
		return nil
	}
	for _, run := range r.Runs {
		if run.Column.Name == col.Name {
			return run
		}
	}
	return nil
}

// name says which litmus test a message is about: the name in its
// header and the file its positions give (for Check without Name, made
// from the Go test's name, which alone would not tell the tests of one
// Go test apart).
func (r *Result) name() string {
	switch {
	case r.Test == nil:
		return "(no test)"
	case r.Test.Name == "":
		return r.Test.File
	}
	return fmt.Sprintf("test %s (%s)", r.Test.Name, r.Test.File)
}

// where names the test and the column of run, by the title the CLI
// prints, which Models accepts.
func (r *Result) where(run *locks.Run) string {
	return r.name() + ", column " + run.Column.Title
}
