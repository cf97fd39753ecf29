// This file implements open reads of failed compare-and-swaps: the old
// values a CAS finds that differ from the expected one all make it fail
// alike, with no write, so when the register of the old value only
// branches (cmpxchg(...) == old, the common retry and unlink tests) they
// run as one path, the read left open over them, as a plain load is
// (open_reads.go). The register's uses decide the values as they do for
// a load.

package paths

import "github.com/litmuscheck/litmuscheck/litmus"

// casFailures splits vals, the values the CAS in at pc on th may read, into
// those that fail its comparison, when they can be one open read, and
// the rest; fails is nil when the CAS cannot be left open.
func (pe *Enumeration) casFailures(th *ThreadRun, in *litmus.Instr, vals []litmus.Value) (fails, rest []litmus.Value) {
	if in.Op != litmus.OpCAS || in.AddUnless || len(in.ZeroTags) > 0 || IsLockInstr(in) || pe.Mixed != nil {
		return nil, vals
	}
	forms := casForms(in, false)
	if len(forms) != 1 || forms[0].WriteBack || forms[0].OldFromExpect {
		return nil, vals
	}
	e, err := th.eval(in.Expect)
	if err != nil || e.V.IsUnknown() || e.open != nil {
		return nil, vals
	}
	for _, v := range vals {
		if v.IsUnknown() || v.Var == litmus.VarDiscover || v == e.V {
			rest = append(rest, v)
		} else {
			fails = append(fails, v)
		}
	}
	if len(fails) < 2 || len(fails) > maxOpen {
		return nil, vals
	}
	return fails, rest
}

// openCASFail adds the failed CAS of in at pc, its read r open over fails,
// with its destination register, and runs the rest of the thread.
func (pe *Enumeration) openCASFail(th *ThreadRun, pc int, in *litmus.Instr, r Event, fails []litmus.Value) {
	before := pe.regsCopy(th)
	e, err := th.eval(in.Expect)
	if err != nil {
		pe.stuck(th, in, cannot(e, err), r)
		return
	}
	f := casForms(in, false)[0]
	if in.FailTags != nil {
		r.Tags = in.FailTags
	}
	r.Atomic = true
	r.Val, r.Alts = fails[0], fails[1:]
	idx := th.addEvent(r)
	own := Deps(1) << uint(idx)
	if x, err := th.setCASRegisters(in, f, false, fails[0], own, e, pe.regCtrl(th, pc)); err != nil {
		pe.stuck(th, in, cannot(x, err))
		return
	}
	var regs []string
	if in.Dst != "" {
		regs = []string{in.Dst}
		old := th.Regs[in.Dst]
		old.open = &openVal{ev: idx, tab: fails}
		th.Regs[in.Dst] = old
	}
	th.open = append(th.open, openRead{ev: idx, vals: fails, mask: 1<<uint(len(fails)) - 1, regs: regs})
	if before != nil {
		pe.Hv.step(th.Hc, pc, 1, before, fails[0]) // herd builds the failure second
	}
	pe.Run(th, pc+1)
}
