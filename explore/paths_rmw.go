// This file implements the paths of the conditional read-modify-writes:
// a compare-and-swap forks on its success and failure forms, a
// store-conditional on whether its reservation holds.

package explore

import "github.com/litmuscheck/litmuscheck/litmus"

// defaultCASForms are the forms of a compare-and-swap without CASForms.
var defaultCASForms = []litmus.CASForm{{Success: true}, {Success: false}}

// cas continues th once per form of in that agrees with the old value v
// read into r: the comparison of v with the expected value selects the
// success or the failure forms.
//
// An add-unless (Instr.AddUnless) succeeds, and stores old + Src, when the
// comparison fails. before are the registers before in ran, when herd's
// symbols are followed (see herdVars.step).
func (pe *pathEnum) cas(th *threadRun, pc int, in *litmus.Instr, r tevent, a regVal, v litmus.Value, before map[string]regVal) {
	e, err := th.eval(in.Expect)
	if err != nil {
		pe.stuck(th, in, cannot(e, err), r)
		return
	}
	// cmp is what the comparison reads: the expected value and the old
	// one. Through herd's branch event it reaches the write, and the
	// destination register in the OldFromExpect form, as pick dependencies.
	cmp := e.d | e.p
	equal := v == e.v
	if v.IsUnknown() || e.v.IsUnknown() {
		c, err := th.unknownOp(litmus.OpEq, v, e.v)
		if err != nil {
			pe.stuck(th, in, "compares an unknown value", r)
			return
		}
		equal = truthy(c)
	}
	success := equal != in.AddUnless
	var s regVal
	if success {
		if s, err = th.eval(in.Src); err != nil {
			pe.stuck(th, in, cannot(s, err), r)
			return
		}
		if in.AddUnless {
			if s.v, err = Apply(litmus.OpAdd, v, s.v); err != nil {
				pe.stuck(th, in, cannot(s, err), r)
				return
			}
			s.v = litmus.Convert(in.Wrap, s.v)
		}
		if why := pe.overflow(r.loc, s.v); why != "" {
			pe.stuck(th, in, why, r)
			return
		}
	}
	forkCAS(th, in, success, r.tags, func(t *threadRun, f litmus.CASForm, tags []string) bool {
		ev := r
		ev.tags = tags
		idx := t.addEvent(ev)
		own := deps(1) << uint(idx)
		if success || f.WriteBack {
			w := tevent{kind: litmus.KindW, loc: r.loc, tags: in.WTags, instr: pc, rmwRead: idx,
				addr: a.d, paddr: a.d | a.p, ctrl: r.ctrl, pctrl: r.pctrl}
			if success {
				w.val, w.data, w.vdeps = s.v, s.d, s.valueDeps()
				w.pdata = s.d | s.p | cmp | own
				if in.AddUnless {
					// The old value is an operand of the new one.
					w.data |= own
					w.vdeps |= own
				}
			} else {
				// The old value goes back: the read is the data.
				w.val, w.data, w.vdeps = v, own, own
				w.pdata = own | cmp
			}
			if in.NoRMW {
				w.rmwRead = -1
			}
			w.atomic = true
			t.addEvent(w)
		}
		if x, err := t.setCASRegisters(in, f, success, v, own, e, pe.regCtrl(t, pc)); err != nil {
			pe.stuck(t, in, cannot(x, err))
			return false
		}
		if before != nil {
			alt := 0 // herd builds success first
			if !success {
				alt = 1
			}
			pe.hv.step(t.hc, pc, alt, before, v)
		}
		pe.run(t, pc+1)
		return pe.err == nil
	})
}

// forkCAS continues th once per form of in's CAS for the outcome success,
// each on a thread of its own (th itself for the last form), until each
// returns false. tags are the form's read's: in.FailTags for a failure
// that writes nothing back, when in has them, rtags otherwise.
func forkCAS(th *threadRun, in *litmus.Instr, success bool, rtags []string, each func(t *threadRun, f litmus.CASForm, tags []string) bool) {
	mine := casForms(in, success)
	for i, f := range mine {
		t := th
		if i < len(mine)-1 {
			t = th.clone()
		}
		tags := rtags
		if !success && !f.WriteBack && in.FailTags != nil {
			tags = in.FailTags
		}
		if !each(t, f, tags) {
			return
		}
	}
}

// unpick returns e without its outer pick, if any.
func unpick(e litmus.Expr) litmus.Expr {
	if u, ok := e.(*litmus.Unary); ok && u.Op == litmus.OpPick {
		return u.X
	}
	return e
}

// storeCond forks on success (when a reservation is held) and failure.
func (pe *pathEnum) storeCond(th *threadRun, pc int, in *litmus.Instr) {
	a, loc, s, ok := pe.store(th, in)
	if !ok {
		return
	}
	// As herd's equation RESADDR = address: success needs a reservation
	// on this very location.
	pe.forkStoreCond(th, pc, in, loc, a, func(t *threadRun) {
		w := tevent{kind: litmus.KindW, loc: loc, val: s.v, tags: in.WTags, instr: pc, rmwRead: t.resv,
			addr: a.d, paddr: a.d | a.p, lxsx: true}
		w.ctrl, w.pctrl = t.ctrlDeps(pc)
		if !in.NoDataDep {
			w.data, w.pdata = s.d, s.d|s.p
		}
		w.vdeps = s.valueDeps()
		t.addEvent(w)
	})
}

// forkStoreCond continues th past a store-conditional: when th holds the
// reservation resv names, once on a clone of th that succeeds (write adds
// the writes, paired with the reservation), then once as a failure. With
// StatusDeps, a success's status depends on the writes and on the address
// a (herd's RISC-V sc: its result register follows its memory write).
func (pe *pathEnum) forkStoreCond(th *threadRun, pc int, in *litmus.Instr, resv string, a regVal, write func(t *threadRun)) {
	if th.resv >= 0 && th.resvLoc == resv {
		t := th.clone()
		first := len(t.events)
		write(t)
		t.resv = -1
		if in.Status != "" {
			st := regVal{v: in.StatusOK}
			if in.StatusDeps {
				st.d = a.d
				for i := first; i < len(t.events); i++ {
					st.d |= 1 << uint(i)
				}
			}
			pe.setReg(t, in.Status, st, pc)
		}
		pe.run(t, pc+1)
		if pe.err != nil {
			return
		}
	}
	th.resv = -1
	if in.Status != "" {
		pe.setReg(th, in.Status, regVal{v: in.StatusFail}, pc)
	}
	pe.run(th, pc+1)
}

// setCASRegisters writes what a CAS form f writes on t: its old value v,
// read by the events own, into Dst, and the outcome into Status, both
// after the comparison of v with the expected value e. An OldFromExpect
// form evaluates the expected value again; its error is returned with
// the value.
// ctrl are the branch reads a C test's register writes carry (setReg).
func (t *threadRun) setCASRegisters(in *litmus.Instr, f litmus.CASForm, success bool, v litmus.Value, own deps, e regVal, ctrl deps) (regVal, error) {
	if in.Dst != "" {
		old := regVal{v: v, d: own}
		if f.OldFromExpect {
			x, err := t.eval(unpick(in.Expect))
			if err != nil {
				return x, err
			}
			old.d, old.p = x.d, x.p
		}
		if f.OldAfterCompare {
			old.p |= e.d | e.p | own
		}
		old.c = ctrl
		t.regs[in.Dst] = old
	}
	if in.Status != "" {
		st := in.StatusFail
		if success {
			st = in.StatusOK
		}
		t.regs[in.Status] = regVal{v: st, d: own | e.d, c: ctrl}
	}
	return regVal{}, nil
}

// casForms are the event structures of in's CAS (herd's, unless the
// instruction names its own) for the outcome success.
func casForms(in *litmus.Instr, success bool) []litmus.CASForm {
	forms := in.CASForms
	if forms == nil {
		forms = defaultCASForms
	}
	var mine []litmus.CASForm
	for _, f := range forms {
		if f.Success == success {
			mine = append(mine, f)
		}
	}
	return mine
}
