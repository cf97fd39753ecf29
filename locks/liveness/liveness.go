// This file implements the backward dataflow of liveness and the pairs of
// registers whose live ranges meet.

package liveness

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// Liveness is what a thread's code keeps alive where.
type Liveness struct {
	// In and Out are the registers live before and after each
	// instruction.
	In, Out []map[string]bool
	// meet holds the pairs of registers that may not share: one is
	// written while the other is live, or both are operands of one
	// instruction (a two-operand machine instruction writes its result
	// before it has read every operand).
	meet map[[2]string]bool
}

// Meet reports whether the live ranges of registers a and b meet.
func (l *Liveness) Meet(a, b string) bool { return l.meet[[2]string{a, b}] }

// Defs are the registers in writes.
func Defs(in *litmus.Instr) []string {
	var out []string
	for _, r := range []string{in.Dst, in.Status} {
		if r != "" {
			out = append(out, r)
		}
	}
	return out
}

// Uses are the registers in reads.
func Uses(in *litmus.Instr) []string {
	var out []string
	for _, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
		litmus.WalkExpr(e, func(e litmus.Expr) {
			if r, ok := e.(*litmus.RegRef); ok {
				out = append(out, r.Name)
			}
		})
	}
	return out
}

// successors are the instructions that may follow pc; len(code) is the
// end of the thread. A failed assume leaves the thread.
func successors(code []litmus.Instr, pc int) []int {
	in := &code[pc]
	if in.Op != litmus.OpBranch {
		return []int{pc + 1}
	}
	if in.Cond == nil {
		return []int{in.Target}
	}
	return []int{pc + 1, in.Target}
}

// Compute is the liveness of code, where exit is live at the end of the
// thread and a read of a register r also reads the registers also[r]
// (the compiler reads a symbolic boolean's operands where it reads the
// boolean).
func Compute(code []litmus.Instr, exit map[string]bool, also map[string][]string) *Liveness {
	uses := make([][]string, len(code))
	for pc := range code {
		for _, r := range Uses(&code[pc]) {
			uses[pc] = append(append(uses[pc], r), also[r]...)
		}
	}
	atExit := map[string]bool{}
	for r := range exit {
		atExit[r] = true
		for _, x := range also[r] {
			atExit[x] = true
		}
	}
	l := &Liveness{In: make([]map[string]bool, len(code)), Out: make([]map[string]bool, len(code)), meet: map[[2]string]bool{}}
	for pc := range code {
		l.In[pc], l.Out[pc] = map[string]bool{}, map[string]bool{}
	}
	for changed := true; changed; {
		changed = false
		for pc := len(code) - 1; pc >= 0; pc-- {
			out, in := l.Out[pc], l.In[pc]
			for _, n := range successors(code, pc) {
				live := atExit
				if n < len(code) {
					live = l.In[n]
				}
				changed = union(out, live, nil) || changed
			}
			changed = union(in, out, Defs(&code[pc])) || changed
			for _, r := range uses[pc] {
				changed = !in[r] || changed
				in[r] = true
			}
		}
	}
	for pc := range code {
		defs := Defs(&code[pc])
		for _, d := range defs {
			others := append(slices.Clip(uses[pc]), defs...)
			for r := range l.Out[pc] {
				others = append(others, r)
			}
			for _, r := range others {
				if r != d {
					l.meet[[2]string{d, r}], l.meet[[2]string{r, d}] = true, true
				}
			}
		}
	}
	return l
}

// union adds to dst the registers of src but those of except, and
// reports whether dst grew.
func union(dst, src map[string]bool, except []string) bool {
	grew := false
	for r := range src {
		if !dst[r] && !slices.Contains(except, r) {
			dst[r], grew = true, true
		}
	}
	return grew
}

// Closure is, for each register of direct, the registers it reaches
// through direct, itself left out unless a cycle returns to it.
func Closure(direct map[string][]string) map[string][]string {
	out := map[string][]string{}
	var reach func(r string, seen map[string]bool)
	reach = func(r string, seen map[string]bool) {
		for _, x := range direct[r] {
			if !seen[x] {
				seen[x] = true
				reach(x, seen)
			}
		}
	}
	for r := range direct {
		seen := map[string]bool{}
		reach(r, seen)
		for x := range seen {
			out[r] = append(out[r], x)
		}
		slices.Sort(out[r])
	}
	return out
}
