// This file implements the detection of spins that may wait forever on a
// thread's paths: a polling loop whose reads return the same values as on
// its previous iteration ends its path as a hang path. It keeps the paths
// the unroll bound cuts too, and the write sequences that a cut is
// checked against.

package paths

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// keepHang records th, stopped at the spin of instruction pc, as a hang
// path whose spin reads are spin. A spin that depends on no read cannot be
// judged and is cut, as before.
func (pe *Enumeration) keepHang(th *ThreadRun, pc int, spin Deps) {
	if spin == 0 {
		return
	}
	if len(th.Events) > pe.Budget {
		return // a spin past the event budget: no candidate could hold it
	}
	pe.eachDecided(th, func(t *ThreadRun) {
		if !pe.room() {
			return
		}
		regs := make(map[string]litmus.Value, len(t.Regs))
		for k, v := range t.Regs {
			regs[k] = v.V
		}
		pe.Hangs = append(pe.Hangs, Path{Events: t.Events, Regs: regs, Hang: true, Spin: spin, hangInstr: pc, Weight: t.weight})
	})
}

// attemptReads keeps, of the reads d, those of the instructions from
// index from on: the final attempt of a spin, which the spin repeats
// (earlier reads keep their values).
func (pe *Enumeration) attemptReads(th *ThreadRun, d Deps, from int) Deps {
	var out Deps
	for k := range th.Events {
		if d&(1<<uint(k)) != 0 && th.Events[k].Kind == litmus.KindR && th.Events[k].Instr >= from {
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
func (pe *Enumeration) branchSpinReads(th *ThreadRun, cond Deps, pc, spin int) Deps {
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
// has no write instruction and no choice: only such a pure polling loop
// repeats an iteration exactly when its reads see the same values.
func (pe *Enumeration) isPolling(pc int, in *litmus.Instr) bool {
	if p, ok := pe.polling[pc]; ok {
		return p
	}
	if pe.polling == nil {
		pe.polling = map[int]bool{}
	}
	p := true
	for i := in.Target; i <= pc; i++ {
		switch pe.Th.Code[i].Op {
		case litmus.OpStore, litmus.OpRMW, litmus.OpCAS, litmus.OpStoreCond, litmus.OpChoose:
			// A choice is no write, but the next iteration may choose
			// otherwise: the loop is not judged either.
			p = false
		}
	}
	pe.polling[pc] = p
	return p
}

// markLoop records, when the backward branch at pc closes a pure polling
// loop, where its next iteration starts and the registers it starts with.
func (pe *Enumeration) markLoop(th *ThreadRun, pc int, in *litmus.Instr) {
	if !pe.isPolling(pc, in) {
		return
	}
	if th.loopMark == nil {
		th.loopMark, th.loopRegs = map[int]int{}, map[int]map[string]litmus.Value{}
	}
	regs := make(map[string]litmus.Value, len(th.Regs))
	for k, v := range th.Regs {
		regs[k] = v.V
	}
	th.loopMark[pc], th.loopRegs[pc] = len(th.Events), regs
}

// pollingHang makes th, cut by the unroll bound at the backward branch pc,
// a hang path when the loop polls: its last iteration wrote nothing and
// left the registers as it found them, so an iteration whose reads see the
// same values repeats it exactly; its reads are the spin reads.
func (pe *Enumeration) pollingHang(th *ThreadRun, pc int, in *litmus.Instr) {
	mark, ok := th.loopMark[pc]
	if !ok || !pe.isPolling(pc, in) {
		return
	}
	before := th.loopRegs[pc]
	if len(before) != len(th.Regs) {
		return
	}
	for k, v := range th.Regs {
		if w, ok := before[k]; !ok || w != v.V {
			return
		}
	}
	if spin, ok := readsSince(th, mark, nil); ok {
		pe.keepHang(th, pc, spin)
	}
}

// readsSince gives the reads of th's events from index from on, and
// false when one of them is a write or an event that droppable, when not
// nil, refuses: the stretch is then no repetition to drop.
func readsSince(th *ThreadRun, from int, droppable func(*Event) bool) (Deps, bool) {
	var spin Deps
	for k := from; k < len(th.Events); k++ {
		ev := &th.Events[k]
		if ev.Kind == litmus.KindW || droppable != nil && !droppable(ev) {
			return 0, false
		}
		if ev.Kind == litmus.KindR {
			spin |= 1 << uint(k)
		}
	}
	return spin, true
}

// choiceBit is the bit of the k-th choice of a path in RegVal.ch and
// ctrlScope.ch; the choices from the 64th on share the last bit.
func choiceBit(k int) Deps { return 1 << uint(min(k, 63)) }

// choseIn reports whether a spin attempt that failed at pc, on a
// condition computed from the choices ch, depends on a choice made by an
// instruction from index from to pc: one ch holds, or one a branch of th
// depended on (which decided what the attempt read). Such a spin does not
// hang: the next attempt may choose otherwise (need_resched() eventually
// holds), so its failed attempt is dropped as a plain assumption's is.
func (th *ThreadRun) choseIn(ch Deps, from, pc int) bool {
	for _, s := range th.ctrl {
		ch |= s.ch
	}
	for k, at := range th.choices {
		if ch&choiceBit(k) != 0 && at >= from && at <= pc {
			return true
		}
	}
	return false
}

// keepCut records th, cut by the unroll bound, as a cut path when
// KeepCuts asks for them.
func (pe *Enumeration) keepCut(th *ThreadRun) {
	switch {
	case !pe.KeepCuts || pe.Discard:
	case len(pe.Cuts) >= pe.Limit || len(th.Events) > pe.Budget:
		pe.CutsLost = true
	default:
		pe.Cuts = append(pe.Cuts, Path{Events: th.Events, Weight: th.weight})
	}
}

// WriteSequences are the distinct write sequences of ps, each a path of
// those writes alone, without dependencies or the reads of their rmw:
// what another thread's cut path is checked against (explore/cuts.go).
func WriteSequences(ps []Path) []Path {
	seen := map[string]bool{}
	var out []Path
	for _, p := range ps {
		var evs []Event
		for _, ev := range p.Events {
			if ev.Kind != litmus.KindW {
				continue
			}
			evs = append(evs, Event{Kind: ev.Kind, Loc: ev.Loc, Val: ev.Val, Tags: ev.Tags, Instr: ev.Instr,
				Step: ev.Step, RmwRead: -1, Atomic: ev.Atomic})
		}
		key := fmt.Sprint(evs)
		if !seen[key] {
			seen[key] = true
			out = append(out, Path{Events: evs})
		}
	}
	return out
}
