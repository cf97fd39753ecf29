// This file implements what a test's final part observes of its
// threads: the locations its final states show, the registers each
// thread's end reads (the await check's liveness), and the locations the
// code names.

package paths

import (
	"slices"
	"sort"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// CollectSyms adds to set the locations that in names.
func CollectSyms(in *litmus.Instr, set map[string]bool) {
	for _, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
		litmus.WalkExpr(e, func(e litmus.Expr) {
			if c, ok := e.(*litmus.Const); ok && c.V.Sym != "" {
				set[c.V.Sym] = true
			}
		})
	}
}

// ShownRegs lists, by thread, the registers that a final state shows or
// the condition or the filter reads: the registers the end of the thread
// reads, for the await check. observed is what final states show.
func ShownRegs(t *litmus.Test, observed []litmus.LocRef) [][]string {
	out := make([][]string, len(t.Threads))
	for i := range out {
		out[i] = []string{}
	}
	locs := observed
	if t.Filter != nil {
		locs = slices.Concat(observed, litmus.PropLocs(t.Filter))
	}
	for _, l := range locs {
		if l.IsReg() && l.Thread >= 0 && l.Thread < len(out) {
			out[l.Thread] = append(out[l.Thread], l.Name)
		}
	}
	return out
}

// ObservedLocs lists what final states show: the locations named by the
// locations list and the condition, registers first by thread and name,
// then memory locations by name.
func ObservedLocs(t *litmus.Test) []litmus.LocRef {
	seen := map[litmus.LocRef]bool{}
	var out []litmus.LocRef
	for _, l := range append(append([]litmus.LocRef(nil), t.Locations...), litmus.PropLocs(t.Cond.Prop)...) {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.IsReg() != b.IsReg() {
			return a.IsReg()
		}
		if a.Thread != b.Thread {
			return a.Thread < b.Thread
		}
		if a.IsReg() && t.Arch != litmus.ArchC {
			// herd lists machine registers in the architecture's order:
			// r2 before r10.
			return litmus.RegLess(t.Arch, a.Name, b.Name)
		}
		return a.Name < b.Name
	})
	return out
}
