// This file implements the checks Check makes of every column before any
// assertion: a verdict we can stand behind, or a failure that says why
// not.

package proof

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
)

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
			r.tb.Errorf("proof: %s: timed out after %v", r.where(run), c.timeout)
		case res == nil:
			r.tb.Errorf("proof: %s: %s: %v", r.where(run), run.Failure(), run.Err)
		case res.LoopCut:
			r.tb.Errorf("proof: %s: the unroll bound cut some executions, so outcomes may be missing", r.where(run))
		}
		if res == nil {
			continue
		}
		r.checkCaveats(c, run)
		if c.allowHangs {
			continue
		}
		if n, witness := hangsOf(res); n > 0 {
			r.tb.Errorf("proof: %s: %d execution%s hang%s (proof.AllowHangs() if the test expects it)%s", r.where(run),
				n, plural(n), verbS(n), execution(run, witness, "one that hangs"))
		}
	}
}

// checkCaveats fails the test for every caveat of run's result that
// voids its verdict, as the command's exit status does
// (litmus.Result.Caveats is the one judge).
func (r *Result) checkCaveats(c config, run *locks.Run) {
	r.tb.Helper()
	res := run.Result
	for _, cv := range res.Caveats() {
		switch {
		case !cv.Voids, cv.Kind == litmus.CaveatUnroll, cv.Kind == litmus.CaveatHangs:
			// Unroll cuts are reported by checkDefaults for every
			// verdict, hangs there with their witness.
		case cv.Kind == litmus.CaveatVacuous && c.allowVacuous:
		case cv.Kind == litmus.CaveatVacuous:
			r.tb.Errorf("proof: %s: %s, so it proves nothing (proof.AllowVacuous() if the test expects it)", r.where(run), res.Label())
		case cv.Kind == litmus.CaveatUnused:
			r.tb.Errorf("proof: %s: %s: a misspelt name?", r.where(run), cv.Note)
		default:
			r.tb.Errorf("proof: %s: %s %s, so it proves nothing", r.where(run), res.Verdict(), cv.Note)
		}
	}
}
