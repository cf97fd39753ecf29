// This file implements the marking of the compiled back edges of await
// loops: a backward branch compiled from a C loop's back edge that takes
// part in await model checking (litmus.Instr.Await) takes part in the
// compiled column too, so that a wasted iteration of the compiled loop
// is a spin there as in the C (explore/paths/await_loops.go).

package locks

import "github.com/litmuscheck/litmuscheck/litmus"

// markAwait sets Await on the backward branches of asm compiled from a
// marked back edge of threads' C code; asm's program rows start on line
// first, before attributeToC moves the positions to the C source. Other
// backward branches (a retry loop of the compiled primitive itself, such
// as an LL/SC loop) keep the unroll bound.
func markAwait(asm *litmus.Test, threads []*threadComp, first int) {
	for t, tc := range threads {
		if t >= len(asm.Threads) {
			break
		}
		code := asm.Threads[t].Code
		for i := range code {
			in := &code[i]
			if in.Op != litmus.OpBranch || in.Target > i {
				continue
			}
			row := in.Pos.Line - first - 1 - len(tc.prologue)
			if row < 0 || row >= len(tc.pcs) {
				continue
			}
			if p := tc.pcs[row]; p >= 0 && p < len(tc.th.Code) && tc.th.Code[p].Op == litmus.OpBranch && tc.th.Code[p].Await {
				in.Await = true
			}
		}
	}
}
