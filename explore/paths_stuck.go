// This file implements the cutting of a thread path where the explorer
// cannot evaluate an instruction, kept as a stuck path.

package explore

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// stuck keeps th's events so far, and then pending (the read of the
// instruction cut, whose value is what cannot be computed with), as a
// path that cannot go on past in. A
// candidate built with it is checked but never counted: the value domains
// over-approximate, so most such prefixes belong to no allowed execution,
// and the others make the result incomplete (Result.Stuck).
func (pe *pathEnum) stuck(th *threadRun, in *litmus.Instr, why string, pending ...tevent) {
	if len(pe.paths) >= pe.limit {
		pe.err = &litmus.Error{Pos: pe.th.Pos, Msg: fmt.Sprintf("unsupported: more than %d paths in thread P%d", pe.limit, pe.th.ID)}
		return
	}
	if len(th.events) > pe.budget {
		return // refused as overlong on the paths that run on
	}
	events := append([]tevent(nil), th.events...)
	for _, ev := range pending {
		ev.step = th.step
		events = append(events, ev)
	}
	pe.paths = append(pe.paths, path{events: events, stuck: &litmus.Stuck{Thread: pe.th.ID, Pos: in.Pos, Why: why}})
}

// badAddress says why an address operand a (evaluated with err) is none.
func badAddress(a regVal, err error) string {
	switch {
	case err != nil:
		return "cannot compute an address: " + err.Error()
	case a.v.IsUnknown():
		return "uses an unknown value as an address"
	}
	return fmt.Sprintf("dereferences the non-address %s", a.v)
}

// cannot says why an expression could not be evaluated.
func cannot(c regVal, err error) string {
	if err != nil {
		return "cannot compute a value: " + err.Error()
	}
	if c.v.IsUnknown() {
		return "branches on an unknown value"
	}
	return "cannot compute a value"
}
