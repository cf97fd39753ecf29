// This file implements the cutting of a thread path where the explorer
// cannot evaluate an instruction, kept as a stuck path.

package paths

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
func (pe *Enumeration) stuck(th *ThreadRun, in *litmus.Instr, why string, pending ...Event) {
	if len(th.Events) > pe.Budget {
		return // refused as overlong on the paths that run on
	}
	if !pe.room() {
		return
	}
	events := append([]Event(nil), th.Events...)
	for _, ev := range pending {
		ev.Step = th.step
		events = append(events, ev)
	}
	pe.Paths = append(pe.Paths, Path{Events: events, Stuck: &litmus.Stuck{Thread: pe.Th.ID, Pos: in.Pos, Why: why}})
}

// badAddress says why an address operand a (evaluated with err) is none.
func badAddress(a RegVal, err error) string {
	switch {
	case err != nil:
		return "cannot compute an address: " + err.Error()
	case a.V.IsUnknown():
		return "uses an unknown value as an address"
	}
	return fmt.Sprintf("dereferences the non-address %s", a.V)
}

// cannot says why an expression could not be evaluated.
func cannot(c RegVal, err error) string {
	if err != nil {
		return "cannot compute a value: " + err.Error()
	}
	if c.V.IsUnknown() {
		return "branches on an unknown value"
	}
	return "cannot compute a value"
}
