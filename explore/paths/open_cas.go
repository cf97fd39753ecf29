// This file implements open reads of failed compare-and-swaps: the old
// values a CAS finds that differ from the expected one all make it fail
// alike, with no write in each failure form that writes nothing, so when
// the register of the old value only branches (cmpxchg(...) == old, the
// common retry and unlink tests) they run as one path per such form, the
// read left open over them, as a plain load is (open_reads.go). The
// register's uses decide the values as they do for a load.

package paths

import "github.com/litmuscheck/litmuscheck/litmus"

// casFailures splits vals, the values the CAS in on th may read, into
// those that fail its comparison, when they can be one open read, and
// the rest; e is the expected value. fails is nil when the CAS cannot be
// left open.
func (pe *Enumeration) casFailures(th *ThreadRun, in *litmus.Instr, vals []litmus.Value) (fails, rest []litmus.Value, e RegVal) {
	if in.Op != litmus.OpCAS || in.AddUnless || len(in.ZeroTags) > 0 || IsLockInstr(in) || pe.Mixed != nil {
		return nil, vals, e
	}
	silent := 0
	for _, f := range casForms(in, false) {
		switch {
		case f.OldFromExpect:
			return nil, vals, e
		case !f.WriteBack:
			silent++
		}
	}
	if silent == 0 {
		return nil, vals, e
	}
	e, err := th.eval(in.Expect)
	if err != nil || e.V.IsUnknown() || e.open != nil {
		return nil, vals, e
	}
	fails, rest = splitOpen(vals, e.V)
	return fails, rest, e
}

// openCASFail adds the failed CAS of in at pc, its read r open over fails,
// once per failure form that writes nothing (herd's AArch64 has two),
// with its destination register, and runs the rest of the thread; e is
// the expected value. The forms that write the old value back run value
// by value (Enumeration.read).
func (pe *Enumeration) openCASFail(th *ThreadRun, pc int, in *litmus.Instr, r Event, e RegVal, fails []litmus.Value) {
	before := pe.regsCopy(th)
	merge := pe.MergeAcquireCAS && before == nil && e.d|e.p == 0
	silent := func(f litmus.CASForm) bool { return !f.WriteBack }
	forkCAS(th, in, false, r.Tags, merge, silent, func(t *ThreadRun, f litmus.CASForm, tags []string) bool {
		ev := r
		ev.Tags, ev.Atomic = tags, true
		ev.Val, ev.Alts = fails[0], fails[1:]
		idx := t.addEvent(ev)
		own := Deps(1) << uint(idx)
		if x, err := t.setCASRegisters(in, f, false, fails[0], own, e, pe.regCtrl(t, pc)); err != nil {
			pe.stuck(t, in, cannot(x, err))
			return false
		}
		var regs []string
		if in.Dst != "" {
			regs = []string{in.Dst}
			old := t.Regs[in.Dst]
			old.open = &openVal{ev: idx, tab: fails}
			t.Regs[in.Dst] = old
		}
		t.open = append(t.open, openRead{ev: idx, vals: fails, mask: 1<<uint(len(fails)) - 1, regs: regs})
		if before != nil {
			pe.Hv.step(t.Hc, pc, 1, before, fails[0]) // herd builds the failure second
		}
		pe.Run(t, pc+1)
		return pe.Err == nil
	})
}
