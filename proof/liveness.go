// This file implements the hook between the proof assertions and the
// explorer's hang detection.

package proof

import "github.com/litmuscheck/litmuscheck/litmus"

// hangsOf is how many of res's executions hang, and one of them. Tests
// replace it to check the assertions' messages on a compiled column.
var hangsOf = func(res *litmus.Result) (n int, witness *litmus.Execution) {
	return res.Hangs, res.HangWitness
}
