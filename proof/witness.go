// This file implements the search for an execution that a column's
// result does not keep: the explorer keeps one witness, on the side of
// the condition its quantifier asks for, and an assertion may need one
// from the other side.

package proof

import (
	"context"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
)

// witness is an allowed execution of run that reaches the condition
// (reach) or does not; nil if there is none or it cannot be had. The
// explorer's witness satisfies the proposition for "exists" and
// contradicts it for "~exists" and "forall"; for the other side, the
// column runs again with the quantifier that asks for it. Only a failing
// assertion asks, so a passing proof pays nothing for it.
func (r *Result) witness(run *locks.Run, reach bool) *litmus.Execution {
	if reach == (r.Test.Cond.Quant == litmus.Exists) {
		return run.Result.Witness
	}
	t, err := r.ctest.For(run.Column)
	if err != nil {
		return nil
	}
	t.Cond.Quant = litmus.Forall
	if reach {
		t.Cond.Quant = litmus.Exists
	}
	ctx := context.Background()
	if r.cfg.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.cfg.timeout)
		defer cancel()
	}
	again, err := locks.RunParsed(ctx, t, run.Algorithm, run.Column, explore.Options{})
	if err != nil || again.Result == nil {
		return nil
	}
	return again.Result.Witness
}
