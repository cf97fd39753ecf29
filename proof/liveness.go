// This file implements the hook between the proof assertions and the
// explorer's hang detection (issue 10), which is being added separately.

package proof

import "github.com/litmuscheck/litmuscheck/litmus"

// hangsOf is the liveness hook: how many of res's executions hang, one of
// them, and whether the exploration looked for hangs at all. Until
// litmus.Result reports hangs it says nothing was looked for, so NoHangs
// refuses to assert and Check does not assert liveness. The liveness work
// fills it in, for example
//
//	return res.Hangs, res.HangWitness, true
//
// and then Check and NoHangs assert. Tests replace it to check the
// assertions' messages.
var hangsOf = func(res *litmus.Result) (n int, witness *litmus.Execution, detected bool) {
	return 0, nil, false
}
