// This file implements the register liveness that the await check reads
// (await_loops.go): which registers a thread's code may still read, before
// writing them, from each instruction on, and the points of its marked
// loops that the check tries.

package paths

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// regSet is a set of registers, by their index in the thread's list.
type regSet []uint64

func (s regSet) has(i int) bool { return s[i/64]&(1<<uint(i%64)) != 0 }
func (s regSet) add(i int)      { s[i/64] |= 1 << uint(i%64) }

// awaitPoints finds the points of code that the await check tries, and
// the registers live at each; nil when no back edge of code is marked
// (Instr.Await). The points of a loop are its head, the target of its
// marked back edge, and each instruction of the loop that writes a
// register live at the head (await_loops.go says why). The thread's end
// reads the registers shown (nil: all).
func awaitPoints(code []litmus.Instr, shown []string) *awaitInfo {
	var edges []int
	for pc := range code {
		if in := &code[pc]; in.Op == litmus.OpBranch && in.Await && in.Target <= pc && in.Target >= 0 {
			edges = append(edges, pc)
		}
	}
	if len(edges) == 0 {
		return nil
	}
	names, index := registersOf(code)
	live := liveness(code, index, shown).live
	info := &awaitInfo{point: make([]bool, len(code)), live: make([][]string, len(code)), resv: make([]bool, len(code))}
	for _, b := range edges {
		h := code[b].Target
		info.point[h] = true
		for pc := h; pc <= b; pc++ {
			for _, r := range definedBy(&code[pc]) {
				if live[h].has(index[r]) {
					info.point[pc] = true
				}
			}
		}
	}
	for pc, p := range info.point {
		if !p {
			continue
		}
		for i, r := range names {
			switch {
			case !live[pc].has(i):
			case r == resvReg:
				info.resv[pc] = true
			default:
				info.live[pc] = append(info.live[pc], r)
			}
		}
	}
	return info
}

// resvReg stands for the reservation of a load-reserve among the
// registers: a store-conditional reads it, a load-reserve writes it, and
// it is dead where every way on takes a new reservation before a
// store-conditional (the thread's end does not read it). No register of
// a dialect has its name.
const resvReg = "\x00reservation"

// registersOf lists the registers that code names, and their indices.
func registersOf(code []litmus.Instr) ([]string, map[string]int) {
	index := map[string]int{}
	var names []string
	add := func(r string) {
		if _, ok := index[r]; r != "" && !ok {
			index[r] = len(names)
			names = append(names, r)
		}
	}
	for i := range code {
		in := &code[i]
		if in.Op == litmus.OpLoadReserve || in.Op == litmus.OpStoreCond {
			add(resvReg)
		}
		add(in.Dst)
		add(in.Status)
		for _, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
			litmus.WalkExpr(e, func(e litmus.Expr) {
				if r, ok := e.(*litmus.RegRef); ok {
					add(r.Name)
				}
			})
		}
	}
	return names, index
}

// definedBy are the registers in writes whenever the path goes on past
// it: a write that some outcome makes and another does not is no
// definition here (liveness stays conservative).
func definedBy(in *litmus.Instr) []string {
	var out []string
	switch in.Op {
	case litmus.OpLoad, litmus.OpRMW, litmus.OpMove, litmus.OpChoose:
		out = append(out, in.Dst)
	case litmus.OpLoadReserve:
		out = append(out, in.Dst, resvReg)
	case litmus.OpCAS:
		out = append(out, in.Dst, in.Status)
	case litmus.OpStoreCond:
		out = append(out, in.Status, resvReg)
	}
	kept := out[:0]
	for _, r := range out {
		if r != "" {
			kept = append(kept, r)
		}
	}
	return kept
}

// usedBy adds to s the registers in may read; an instruction or an
// expression of a kind this file does not know reads every register.
func usedBy(in *litmus.Instr, index map[string]int, s regSet) {
	all := func() {
		for i := range index {
			s.add(index[i])
		}
	}
	switch in.Op {
	case litmus.OpNop, litmus.OpLoad, litmus.OpStore, litmus.OpFence, litmus.OpMove, litmus.OpBranch, litmus.OpRMW,
		litmus.OpCAS, litmus.OpLoadReserve, litmus.OpStoreCond, litmus.OpAssume, litmus.OpChoose:
	default:
		all()
		return
	}
	if in.Op == litmus.OpStoreCond {
		s.add(index[resvReg])
	}
	for _, e := range []litmus.Expr{in.Addr, in.Src, in.Expect, in.Cond} {
		litmus.WalkExpr(e, func(e litmus.Expr) {
			switch e := e.(type) {
			case *litmus.RegRef:
				s.add(index[e.Name])
			case *litmus.Const, *litmus.Unary, *litmus.Binary, *litmus.Ite:
			default:
				all()
			}
		})
	}
}

// regLiveness is what liveness finds: the registers live before each
// instruction, those each instruction reads (use), and those the end of
// the thread reads (exit).
type regLiveness struct {
	live, use []regSet
	exit      regSet
}

// liveness gives, for each instruction of code, the registers live
// before it: read on some way on from it before being written. The end
// of the thread reads the registers shown (nil: every register), which
// the final state, the condition and the filter read. A branch on a
// constant goes one way only: "for (;;)" never falls through.
func liveness(code []litmus.Instr, index map[string]int, shown []string) regLiveness {
	words := (len(index) + 63) / 64
	exit := make(regSet, words)
	for r, i := range index {
		if r != resvReg && (shown == nil || slices.Contains(shown, r)) {
			exit.add(i)
		}
	}
	live := make([]regSet, len(code))
	use := make([]regSet, len(code))
	kill := make([]regSet, len(code))
	for pc := range code {
		live[pc], use[pc], kill[pc] = make(regSet, words), make(regSet, words), make(regSet, words)
		usedBy(&code[pc], index, use[pc])
		for _, r := range definedBy(&code[pc]) {
			kill[pc].add(index[r])
		}
	}
	at := func(pc int) regSet {
		if pc < 0 || pc >= len(code) {
			return exit
		}
		return live[pc]
	}
	for changed := true; changed; {
		changed = false
		for pc := len(code) - 1; pc >= 0; pc-- {
			in := &code[pc]
			var succ []int
			switch {
			case in.Op == litmus.OpBranch && in.Cond == nil:
				succ = []int{in.Target}
			case in.Op == litmus.OpBranch && constantCond(in.Cond) != nil:
				if *constantCond(in.Cond) {
					succ = []int{in.Target}
				} else {
					succ = []int{pc + 1}
				}
			case in.Op == litmus.OpBranch:
				succ = []int{pc + 1, in.Target}
			default:
				succ = []int{pc + 1}
			}
			for w := range words {
				var out uint64
				for _, s := range succ {
					out |= at(s)[w]
				}
				v := use[pc][w] | out&^kill[pc][w]
				if v != live[pc][w] {
					live[pc][w], changed = v, true
				}
			}
		}
	}
	return regLiveness{live: live, use: use, exit: exit}
}

// constantCond is the truth of a branch condition that reads no register
// and no memory, nil when it depends on either.
func constantCond(c litmus.Expr) *bool {
	constant := true
	litmus.WalkExpr(c, func(e litmus.Expr) {
		switch e.(type) {
		case *litmus.Const, *litmus.Unary, *litmus.Binary, *litmus.Ite:
		default:
			constant = false
		}
	})
	if !constant {
		return nil
	}
	v, err := (&ThreadRun{}).eval(c)
	if err != nil || v.V.IsUnknown() {
		return nil
	}
	t := litmus.Truthy(v.V)
	return &t
}
