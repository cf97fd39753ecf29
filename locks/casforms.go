// This file implements the proof table's smaller equivalent of herd's
// AArch64 compare-and-swap: when nothing reads the old value a CAS
// returns, its event structures that differ only in that value's
// dependencies make the same executions, and the proof table keeps one.

package locks

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks/liveness"
)

// MergeDeadCASForms keeps, for each compare-and-swap of t whose
// destination register no path of its thread reads before writing it
// again and the condition, the filter and the locations do not show, one
// of its forms per kind (success, failure that writes back, failure
// without a write).
//
// herd's AArch64 CAS (parser.a64CASForms) has two success forms, which
// differ in the dependencies of the destination (from the read or from
// the expected value), and two failures without a write, with and without
// the comparison ordering the write of the destination. With the
// destination dead the forms of a kind make the same events, relations
// and final states: every model decides them alike. The verdict, the
// liveness, and whether some execution satisfies or contradicts the
// condition stay; only the counts of executions and candidates shrink.
// The unlock of the cmpxchg algorithms, cmpxchg(l, 1, 0) with its result
// unused, is such a CAS: the three-CPU lost-update has six.
func MergeDeadCASForms(t *litmus.Test) {
	shown := map[litmus.LocRef]bool{}
	locs := append(append([]litmus.LocRef{}, litmus.PropLocs(t.Cond.Prop)...), propLocs(t.Filter)...)
	for _, l := range append(locs, t.Locations...) {
		if l.IsReg() {
			shown[l] = true
		}
	}
	for _, th := range t.Threads {
		var live *liveness.Liveness
		for i := range th.Code {
			in := &th.Code[i]
			if in.Op != litmus.OpCAS || len(in.CASForms) == 0 || in.Status != "" || shown[litmus.LocRef{Thread: th.ID, Name: in.Dst}] {
				continue
			}
			if live == nil {
				live = liveness.Compute(th.Code, nil, nil)
			}
			if !live.Out[i][in.Dst] {
				in.CASForms = oneFormPerKind(in.CASForms)
			}
		}
	}
}

// oneFormPerKind keeps the first form of each (Success, WriteBack) pair,
// stripped of the flags that only shape the destination's dependencies.
func oneFormPerKind(forms []litmus.CASForm) []litmus.CASForm {
	var out []litmus.CASForm
	seen := map[litmus.CASForm]bool{}
	for _, f := range forms {
		k := litmus.CASForm{Success: f.Success, WriteBack: f.WriteBack}
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}
