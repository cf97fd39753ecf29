// This file implements the detection of spins that may wait forever on a
// thread's paths: a polling loop whose reads return the same values as on
// its previous iteration ends its path as a hang path.

package explore

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// keepHang records th, stopped at the spin of instruction pc, as a hang
// path whose spin reads are spin. A spin that depends on no read cannot be
// judged and is cut, as before.
func (pe *pathEnum) keepHang(th *threadRun, pc int, spin deps) {
	if spin == 0 {
		return
	}
	if len(pe.paths)+len(pe.hangs) >= pe.limit {
		pe.err = &litmus.Error{Pos: pe.th.Pos, Msg: fmt.Sprintf("unsupported: more than %d paths in thread P%d", pe.limit, pe.th.ID)}
		return
	}
	if len(th.events) > pe.budget {
		return // a spin past the event budget: no candidate could hold it
	}
	regs := make(map[string]litmus.Value, len(th.regs))
	for k, v := range th.regs {
		regs[k] = v.v
	}
	pe.hangs = append(pe.hangs, path{events: th.events, regs: regs, hang: true, spin: spin, hangInstr: pc})
}

// attemptReads keeps, of the reads d, those of the instructions from
// index from on: the final attempt of a spin, which the spin repeats
// (earlier reads keep their values).
func (pe *pathEnum) attemptReads(th *threadRun, d deps, from int) deps {
	var out deps
	for k := range th.events {
		if d&(1<<uint(k)) != 0 && th.events[k].kind == litmus.KindR && th.events[k].instr >= from {
			out |= 1 << uint(k)
		}
	}
	return out
}

// branchSpinReads are the spin reads of the compiled spin branch at pc,
// taken with a condition that depends on cond: those reads, or, when the
// attempt spans several instructions (Instr.Spin), the reads of the
// attempt that the condition or the branches before it in the attempt
// depend on, since each of them decided that the attempt fails.
func (pe *pathEnum) branchSpinReads(th *threadRun, cond deps, pc, spin int) deps {
	if spin <= 1 {
		return cond
	}
	d := cond
	for _, c := range th.ctrl {
		d |= c.d
	}
	return pe.attemptReads(th, d, pc-spin+1)
}

// isPolling reports whether the loop closed by the backward branch at pc
// has no write instruction: only such a pure polling loop repeats an
// iteration exactly when its reads see the same values.
func (pe *pathEnum) isPolling(pc int, in *litmus.Instr) bool {
	if p, ok := pe.polling[pc]; ok {
		return p
	}
	if pe.polling == nil {
		pe.polling = map[int]bool{}
	}
	p := true
	for i := in.Target; i <= pc; i++ {
		switch pe.th.Code[i].Op {
		case litmus.OpStore, litmus.OpRMW, litmus.OpCAS, litmus.OpStoreCond:
			p = false
		}
	}
	pe.polling[pc] = p
	return p
}

// markLoop records, when the backward branch at pc closes a pure polling
// loop, where its next iteration starts and the registers it starts with.
func (pe *pathEnum) markLoop(th *threadRun, pc int, in *litmus.Instr) {
	if !pe.isPolling(pc, in) {
		return
	}
	if th.loopMark == nil {
		th.loopMark, th.loopRegs = map[int]int{}, map[int]map[string]litmus.Value{}
	}
	regs := make(map[string]litmus.Value, len(th.regs))
	for k, v := range th.regs {
		regs[k] = v.v
	}
	th.loopMark[pc], th.loopRegs[pc] = len(th.events), regs
}

// pollingHang makes th, cut by the unroll bound at the backward branch pc,
// a hang path when the loop polls: its last iteration wrote nothing and
// left the registers as it found them, so an iteration whose reads see the
// same values repeats it exactly; its reads are the spin reads.
func (pe *pathEnum) pollingHang(th *threadRun, pc int, in *litmus.Instr) {
	mark, ok := th.loopMark[pc]
	if !ok || !pe.isPolling(pc, in) {
		return
	}
	before := th.loopRegs[pc]
	if len(before) != len(th.regs) {
		return
	}
	for k, v := range th.regs {
		if w, ok := before[k]; !ok || w != v.v {
			return
		}
	}
	var spin deps
	for k := mark; k < len(th.events); k++ {
		if th.events[k].kind == litmus.KindW {
			return
		}
		if th.events[k].kind == litmus.KindR {
			spin |= 1 << uint(k)
		}
	}
	pe.keepHang(th, pc, spin)
}
