// This file implements the hook between the proof assertions and the
// explorer's hang detection (issue 10).

package proof

import "github.com/litmuscheck/litmuscheck/litmus"

// hangsOf is the liveness hook: how many of res's executions hang, one of
// them, and whether the exploration looked for hangs at all (the explorer
// always does). Tests replace it to check the assertions' messages.
var hangsOf = func(res *litmus.Result) (n int, witness *litmus.Execution, detected bool) {
	return res.Hangs, res.HangWitness, true
}
