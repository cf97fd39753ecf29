// This file implements the steps of Run that do not fork the path: the
// checks between two instructions, and the moves, fences, branches,
// assumptions and plain stores; and the choices, which fork it without an
// event.

package paths

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// mayStep reports whether th may run one more instruction: not after an
// error, nor past its budget (the path is then kept, overlong), nor once
// the limiter stops the enumeration.
func (pe *Enumeration) mayStep(th *ThreadRun) bool {
	if pe.Err != nil {
		return false
	}
	if len(th.Events) > pe.Budget {
		pe.keep(th, true)
		return false
	}
	return pe.poll()
}

// poll counts a step, polling the limiter every 4096; it reports whether
// the enumeration may go on.
func (pe *Enumeration) poll() bool {
	if pe.steps++; pe.steps%4096 == 0 && pe.Err == nil {
		pe.Err = pe.Lim.Poll(pe.phase)
	}
	return pe.Err == nil
}

// runMove runs the register move in at pc; it reports false when the path
// is stuck.
func (pe *Enumeration) runMove(th *ThreadRun, pc int, in *litmus.Instr) bool {
	if len(th.open) > 0 && pe.openMove(th, pc, in) {
		return true
	}
	v, err := th.eval(in.Src)
	if err != nil {
		pe.stuck(th, in, cannot(v, err))
		return false
	}
	pe.setReg(th, in.Dst, v, pc)
	return true
}

// runFence adds the fence event of in at pc; it reports false when the
// path is cut at its address.
func (pe *Enumeration) runFence(th *ThreadRun, pc int, in *litmus.Instr) bool {
	cd, cp := th.ctrlDeps(pc)
	ev := Event{Kind: litmus.KindF, Tags: in.FTags, Instr: pc, RmwRead: -1, Ctrl: cd, Pctrl: cp}
	if in.Addr != nil {
		// A located fence (LKMM's synchronize_srcu) is an event on
		// its location that neither reads nor writes it.
		a, loc, ok := pe.address(th, in)
		if !ok {
			return false
		}
		ev.Loc, ev.Addr, ev.Paddr = loc, a.d, a.d|a.p
	}
	th.addEvent(ev)
	return true
}

// runBranch runs the branch in at pc and returns the pc the path goes on
// at; ok is false when the path ends there (stuck, hung, or cut by the
// unroll bound).
func (pe *Enumeration) runBranch(th *ThreadRun, pc int, in *litmus.Instr) (next int, ok bool) {
	taken := true
	var condReads, condChoices Deps
	if in.Cond != nil {
		c, err := th.eval(in.Cond)
		if err != nil || c.V.IsUnknown() {
			pe.stuck(th, in, cannot(c, err))
			return 0, false
		}
		taken, condReads, condChoices = litmus.Truthy(c.V), c.d, c.ch
		if c.d|c.p|c.c|c.ch != 0 {
			th.ctrl = append(th.ctrl, ctrlScope{d: c.d | c.c, p: c.p, end: in.CtrlEnd, ch: c.ch})
		}
		if th.Hc != nil && isIf(in, pc) {
			pe.Hv.branch(th.Hc, pc, taken)
		}
	}
	if !taken {
		return pc + 1, true
	}
	if in.Spin > 0 {
		if !th.choseIn(condChoices, pc-in.Spin+1, pc) {
			pe.keepHang(th, pc, pe.branchSpinReads(th, condReads, pc, in.Spin))
		}
		return 0, false
	}
	if in.Target <= pc {
		if in.Await && pe.awaitWasted(th, in.Target) {
			return 0, false // a wasted iteration, kept as a hang path
		}
		th.Loops[pc]++
		if th.Loops[pc] > pe.Unroll {
			pe.LoopCut = true
			pe.pollingHang(th, pc, in)
			pe.keepCut(th)
			return 0, false
		}
		pe.markLoop(th, pc, in)
	}
	return in.Target, true
}

// runAssume runs the assumption in at pc; it reports false when the path
// ends there (stuck, or the assumption fails, a failed spin attempt
// being kept as a hang).
func (pe *Enumeration) runAssume(th *ThreadRun, pc int, in *litmus.Instr) bool {
	c, err := th.eval(in.Cond)
	if err != nil || c.V.IsUnknown() {
		pe.stuck(th, in, cannot(c, err))
		return false
	}
	if !litmus.Truthy(c.V) {
		if in.Spin > 0 && !th.choseIn(c.ch, pc-in.Spin, pc) {
			pe.keepHang(th, pc, pe.attemptReads(th, c.d, pc-in.Spin))
		}
		return false
	}
	if in.CtrlDep && c.d|c.c|c.ch != 0 {
		th.ctrl = append(th.ctrl, ctrlScope{d: c.d | c.c, ch: c.ch})
	}
	return true
}

// runStore adds the write event of the plain store in at pc; it reports
// false when the path is stuck.
func (pe *Enumeration) runStore(th *ThreadRun, pc int, in *litmus.Instr) bool {
	a, loc, s, ok := pe.store(th, in)
	if !ok {
		return false
	}
	ev := Event{Kind: litmus.KindW, Loc: loc, Val: s.V, Tags: in.WTags, Instr: pc, RmwRead: -1,
		Addr: a.d, Vdeps: s.valueDeps(), Paddr: a.d | a.p}
	ev.Ctrl, ev.Pctrl = th.ctrlDeps(pc)
	if !in.NoDataDep {
		ev.Data, ev.Pdata = s.d, s.d|s.p
	}
	th.addEvent(ev)
	return true
}

// choose runs the choice in at pc, whose registers were before (for
// herd's symbols, nil when they are not followed): the path forks, with
// Dst 0 on th, then 1 on a copy, each going on from pc+1. A choice makes
// no event.
func (pe *Enumeration) choose(th *ThreadRun, pc int, in *litmus.Instr, before map[string]RegVal) {
	one := th.clone()
	for v, t := range []*ThreadRun{th, one} {
		t.choices = append(t.choices, pc)
		pe.setReg(t, in.Dst, RegVal{V: litmus.Int(int64(v)), ch: choiceBit(len(t.choices) - 1)}, pc)
		if t.Hc != nil {
			pe.Hv.step(t.Hc, pc, v, before, litmus.Value{})
		}
		pe.Run(t, pc+1)
		if pe.Err != nil {
			return
		}
	}
}

// store evaluates the address and the value of a store (plain or
// conditional); ok is false when the path is stuck.
func (pe *Enumeration) store(th *ThreadRun, in *litmus.Instr) (a RegVal, loc string, v RegVal, ok bool) {
	if a, loc, ok = pe.address(th, in); !ok {
		return a, loc, v, false
	}
	v, err := th.eval(in.Src)
	if err != nil {
		pe.stuck(th, in, cannot(v, err))
		return a, loc, v, false
	}
	if why := pe.overflow(loc, v.V); why != "" {
		pe.stuck(th, in, why)
		return a, loc, v, false
	}
	return a, loc, v, true
}

// overflow says why the write of v to loc is beyond what the model
// computes, "" when it is not: a C test's location of n bytes holds v
// from -2^(8n-1) to 2^(8n)-1, as a signed or an unsigned type; a compiled
// column that is not mixed-size computes with whole values in 64-bit
// registers, so a larger value is an overflow the hardware would have
// wrapped.
func (pe *Enumeration) overflow(loc string, v litmus.Value) string {
	if pe.Mixed != nil || v.Sym != "" || v.IsUnknown() {
		return ""
	}
	base, _, _ := strings.Cut(loc, "[")
	n := pe.LocBytes[base]
	if n == 0 || n >= 8 {
		return ""
	}
	if lo, hi := -(int64(1) << (8*n - 1)), int64(1)<<(8*n)-1; v.Off >= lo && v.Off <= hi {
		return ""
	}
	return fmt.Sprintf("writes %s to %s, a %d-byte location of the C test (the value wraps there; this column computes with whole values)", v, base, n)
}
