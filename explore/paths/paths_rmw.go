// This file implements the paths of the conditional read-modify-writes:
// a compare-and-swap forks on its success and failure forms, a
// store-conditional on whether its reservation holds.

package paths

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// defaultCASForms are the forms of a compare-and-swap without CASForms.
var defaultCASForms = []litmus.CASForm{{Success: true}, {Success: false}}

// cas continues th once per form of in that agrees with the old value v
// read into r: the comparison of v with the expected value selects the
// success or the failure forms.
//
// An add-unless (Instr.AddUnless) succeeds, and stores old + Src, when the
// comparison fails. before are the registers before in ran, when herd's
// symbols are followed (see herdVars.step). failing, when not nil, keeps
// the forms of a failure that run here (the others ran open, open_cas.go).
func (pe *Enumeration) cas(th *ThreadRun, pc int, in *litmus.Instr, r Event, a RegVal, v litmus.Value, before map[string]RegVal, failing func(litmus.CASForm) bool) {
	e, err := th.eval(in.Expect)
	if err != nil {
		pe.stuck(th, in, cannot(e, err), r)
		return
	}
	// cmp is what the comparison reads: the expected value and the old
	// one. Through herd's branch event it reaches the write, and the
	// destination register in the OldFromExpect form, as pick dependencies.
	cmp := e.d | e.p
	equal := v == e.V
	if v.IsUnknown() || e.V.IsUnknown() {
		c, err := th.unknownOp(litmus.OpEq, v, e.V)
		if err != nil {
			pe.stuck(th, in, "compares an unknown value", r)
			return
		}
		equal = litmus.Truthy(c)
	}
	success := equal != in.AddUnless
	var s RegVal
	if success {
		if s, err = th.eval(in.Src); err != nil {
			pe.stuck(th, in, cannot(s, err), r)
			return
		}
		if in.AddUnless {
			if s.V, err = litmus.Apply(litmus.OpAdd, v, s.V); err != nil {
				pe.stuck(th, in, cannot(s, err), r)
				return
			}
			s.V = litmus.Convert(in.Wrap, s.V)
		}
		if why := pe.overflow(r.Loc, s.V); why != "" {
			pe.stuck(th, in, why, r)
			return
		}
	}
	merge := pe.MergeAcquireCAS && before == nil && cmp == 0
	keep := failing
	if success {
		keep = nil
	}
	forkCAS(th, in, success, r.Tags, merge, keep, func(t *ThreadRun, f litmus.CASForm, tags []string) bool {
		ev := r
		ev.Tags = tags
		idx := t.addEvent(ev)
		own := Deps(1) << uint(idx)
		if success || f.WriteBack {
			w := Event{Kind: litmus.KindW, Loc: r.Loc, Tags: in.WTags, Instr: pc, RmwRead: idx,
				Addr: a.d, Paddr: a.d | a.p, Ctrl: r.Ctrl, Pctrl: r.Pctrl}
			if success {
				w.Val, w.Data, w.Vdeps = s.V, s.d, s.valueDeps()
				w.Pdata = s.d | s.p | cmp | own
				if in.AddUnless {
					// The old value is an operand of the new one.
					w.Data |= own
					w.Vdeps |= own
				}
			} else {
				// The old value goes back: the read is the data.
				w.Val, w.Data, w.Vdeps = v, own, own
				w.Pdata = own | cmp
			}
			if in.NoRMW {
				w.RmwRead = -1
			}
			w.Atomic = true
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
			pe.Hv.step(t.Hc, pc, alt, before, v)
		}
		pe.Run(t, pc+1)
		return pe.Err == nil
	})
}

// forkCAS continues th once per form of in's CAS for the outcome success,
// each on a thread of its own (th itself for the last form), until each
// returns false. tags are the form's read's: in.FailTags for a failure
// that writes nothing back, when in has them, rtags otherwise.
//
// With merge (the model's AcquireCASFormsAlike, and an expected value
// that depends on no read), the forms that a read tagged A makes alike,
// those of one kind (casKind), run once, weighted by their number.
func forkCAS(th *ThreadRun, in *litmus.Instr, success bool, rtags []string, merge bool, keep func(litmus.CASForm) bool, each func(t *ThreadRun, f litmus.CASForm, tags []string) bool) {
	type run struct {
		f      litmus.CASForm
		tags   []string
		weight int
	}
	var runs []run
	kinds := map[litmus.CASForm]int{}
	for _, f := range casForms(in, success) {
		if keep != nil && !keep(f) {
			continue
		}
		tags := rtags
		if !success && !f.WriteBack && in.FailTags != nil {
			tags = in.FailTags
		}
		if merge && slices.Contains(tags, "A") {
			k := casKind(f)
			if i, ok := kinds[k]; ok {
				runs[i].weight++
				continue
			}
			kinds[k] = len(runs)
		}
		runs = append(runs, run{f, tags, 1})
	}
	for i, r := range runs {
		t := th
		if i < len(runs)-1 {
			t = th.clone()
		}
		if r.weight > 1 {
			t.weight = max(t.weight, 1) * r.weight
		}
		if !each(t, r.f, r.tags) {
			return
		}
	}
}

// writesBack reports whether the CAS form f is a failure that writes the
// old value back.
func writesBack(f litmus.CASForm) bool { return f.WriteBack }

// casKind is what a CAS form does to memory: succeed, fail and write the
// old value back, or fail without a write; its other fields only shape
// the destination's dependencies.
func casKind(f litmus.CASForm) litmus.CASForm {
	return litmus.CASForm{Success: f.Success, WriteBack: f.WriteBack}
}

// unpick returns e without its outer pick, if any.
func unpick(e litmus.Expr) litmus.Expr {
	if u, ok := e.(*litmus.Unary); ok && u.Op == litmus.OpPick {
		return u.X
	}
	return e
}

// storeCond forks on success (when a reservation is held) and failure.
func (pe *Enumeration) storeCond(th *ThreadRun, pc int, in *litmus.Instr) {
	a, loc, s, ok := pe.store(th, in)
	if !ok {
		return
	}
	// As herd's equation RESADDR = address: success needs a reservation
	// on this very location.
	pe.forkStoreCond(th, pc, in, loc, a, func(t *ThreadRun) {
		w := Event{Kind: litmus.KindW, Loc: loc, Val: s.V, Tags: in.WTags, Instr: pc, RmwRead: t.Resv,
			Addr: a.d, Paddr: a.d | a.p, Lxsx: true}
		w.Ctrl, w.Pctrl = t.ctrlDeps(pc)
		if !in.NoDataDep {
			w.Data, w.Pdata = s.d, s.d|s.p
		}
		w.Vdeps = s.valueDeps()
		t.addEvent(w)
	})
}

// forkStoreCond continues th past a store-conditional: when th holds the
// reservation resv names, once on a clone of th that succeeds (write adds
// the writes, paired with the reservation), then once as a failure. With
// StatusDeps, a success's status depends on the writes and on the address
// a (herd's RISC-V sc: its result register follows its memory write).
func (pe *Enumeration) forkStoreCond(th *ThreadRun, pc int, in *litmus.Instr, resv string, a RegVal, write func(t *ThreadRun)) {
	if th.Resv >= 0 && th.resvLoc == resv {
		t := th.clone()
		first := len(t.Events)
		write(t)
		t.Resv = -1
		if in.Status != "" {
			st := RegVal{V: in.StatusOK}
			if in.StatusDeps {
				st.d = a.d
				for i := first; i < len(t.Events); i++ {
					st.d |= 1 << uint(i)
				}
			}
			pe.setReg(t, in.Status, st, pc)
		}
		pe.Run(t, pc+1)
		if pe.Err != nil {
			return
		}
	}
	th.Resv = -1
	th.aw.scFails++
	if in.Status != "" {
		pe.setReg(th, in.Status, RegVal{V: in.StatusFail}, pc)
	}
	pe.Run(th, pc+1)
}

// setCASRegisters writes what a CAS form f writes on t: its old value v,
// read by the events own, into Dst, and the outcome into Status, both
// after the comparison of v with the expected value e. An OldFromExpect
// form evaluates the expected value again; its error is returned with
// the value.
// ctrl are the branch reads a C test's register writes carry (setReg).
func (t *ThreadRun) setCASRegisters(in *litmus.Instr, f litmus.CASForm, success bool, v litmus.Value, own Deps, e RegVal, ctrl Deps) (RegVal, error) {
	if in.Dst != "" {
		old := RegVal{V: v, d: own}
		if f.OldFromExpect {
			x, err := t.eval(unpick(in.Expect))
			if err != nil {
				return x, err
			}
			old.d, old.p, old.ch = x.d, x.p, x.ch
		}
		if f.OldAfterCompare {
			old.p |= e.d | e.p | own
		}
		old.c = ctrl
		t.Regs[in.Dst] = old
	}
	if in.Status != "" {
		st := in.StatusFail
		if success {
			st = in.StatusOK
		}
		t.Regs[in.Status] = RegVal{V: st, d: own | e.d, c: ctrl, ch: e.ch}
	}
	return RegVal{}, nil
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
