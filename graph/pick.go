// This file implements the choice of the execution to draw for a result:
// a witness of the condition for Sometimes and Always, the blocked
// candidate with its violated axiom for Never.

package graph

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
)

// ForResult is the picture of res, explored under model m: for Sometimes
// or Always the witness, for Never the candidate that satisfies the
// condition with the first axiom it violates highlighted. It returns nil
// when there is nothing to draw: a Never whose condition no candidate
// satisfies at all, or a result without its executions. title heads the
// picture (a test and a model, say).
func ForResult(title string, res *litmus.Result, m *models.Model) *Picture {
	if res == nil {
		return nil
	}
	cond := res.Test.Cond.Quant.String() + " (" + litmus.FormatProp(res.Test.Cond.Prop) + ")"
	// A Never whose executions hang proves safety only of the executions
	// that end: the hang is what a reviewer must see.
	if res.Positive == 0 && res.HangWitness != nil {
		return Hang(title, res.HangLine(), res.HangWitness)
	}
	if res.Witness != nil {
		what := "witness: an allowed execution that satisfies "
		if res.Test.Cond.Quant != litmus.Exists {
			what = "witness: an allowed execution that contradicts "
		}
		return Witness(title, what+cond, res.Witness)
	}
	if res.Positive == 0 && res.Blocked != nil && m != nil {
		if vs := m.Violations(res.Blocked); len(vs) > 0 {
			return Forbidden(title, res.Blocked, vs[0])
		}
	}
	return nil
}
