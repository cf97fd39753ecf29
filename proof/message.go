// This file implements the parts of the assertions' messages that show
// why a claim fails: the counts, the final states and the execution that
// breaks it.

package proof

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
)

// counterexample says why claim c fails on run: how many executions
// contradict it, their final states, and one of them; or, when none
// does (a Sometimes, or an Always with no execution at all), the
// candidate the model forbids that would have reached the condition.
func (r *Result) counterexample(run *locks.Run, c claim) string {
	res := run.Result
	cond := litmus.FormatProp(r.Test.Cond.Prop)
	n := c.breakers(res)
	if n == 0 {
		return fmt.Sprintf("%d of %d executions reach %s%s", res.Positive, res.Executions(), cond,
			execution(run, res.Blocked, "the execution the model forbids"))
	}
	verb := "reach"
	if !c.reach {
		verb = "do not reach"
	}
	return fmt.Sprintf("%d of %d executions %s %s%s%s", n, res.Executions(), verb, cond, r.states(run, c.reach),
		execution(run, r.witness(run, c.reach), "the breaking execution"))
}

// states lists the final states, in the C test's terms, that satisfy the
// condition (reach) or do not.
func (r *Result) states(run *locks.Run, reach bool) string {
	res := *run.CResult()
	res.Test = r.Test
	var states []string
	for _, st := range res.States {
		if res.Satisfies(st) == reach {
			states = append(states, litmus.FormatState(res.Observed, st))
		}
	}
	if len(states) == 0 {
		return ""
	}
	return " (" + strings.Join(states, "  ") + ")"
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
