// This file implements a thread's memory accesses under mixed-size
// semantics (mixed.go): an access is one event per cell it covers, a read
// forks on every value of each cell, and its value is assembled from them.

package explore

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// mixedAccess runs the memory access in at pc under pe.mixed, then the rest
// of the thread; it reports false when in is not an access it handles.
func (pe *pathEnum) mixedAccess(th *threadRun, pc int, in *litmus.Instr) bool {
	switch in.Op {
	case litmus.OpLoad, litmus.OpStore, litmus.OpRMW, litmus.OpLoadReserve, litmus.OpStoreCond, litmus.OpCAS:
	default:
		if in.Addr != nil && in.Op != litmus.OpFence {
			pe.err = litmus.Unsupported(in.Pos, "mixed-size semantics for this instruction ("+in.Op.String()+")")
			return true
		}
		return false
	}
	a, err := th.eval(in.Addr)
	if err != nil || !a.v.IsAddr() {
		return true // not an address: the path is cut, as in run
	}
	cells, err := pe.mixed.access(in, a.v)
	if err != nil {
		pe.err = err
		return true
	}
	ctrl, pctrl := th.ctrlDeps(pc)
	if in.Op == litmus.OpStoreCond {
		pe.mixedStoreCond(th, pc, in, a, cells)
		return true
	}
	if in.Op == litmus.OpStore {
		s, err := th.eval(in.Src)
		if err != nil {
			return true
		}
		if !pe.mixedStorable(in, s.v) {
			return true
		}
		for i, c := range cells {
			ev := tevent{kind: litmus.KindW, loc: c, val: litmus.Int(pe.mixed.cellOf(s.v.Off, i, len(cells))), tags: in.WTags,
				instr: pc, rmwRead: -1, addr: a.d, vdeps: s.valueDeps(), paddr: a.d | a.p, ctrl: ctrl, pctrl: pctrl}
			if !in.NoDataDep {
				ev.data, ev.pdata = s.d, s.d|s.p
			}
			th.addEvent(ev)
		}
		pe.run(th, pc+1)
		return true
	}
	vals := make([]int64, len(cells))
	var fork func(th *threadRun, k int)
	fork = func(th *threadRun, k int) {
		if k == len(cells) {
			pe.mixedRead(th, pc, in, a, cells, vals, ctrl, pctrl)
			return
		}
		dom := pe.domains[cells[k]]
		if len(dom) == 0 {
			dom = []litmus.Value{litmus.Int(0)}
		}
		for i, v := range dom {
			if v.Sym != "" || v.IsUnknown() {
				continue
			}
			t := th
			if i < len(dom)-1 {
				t = th.clone()
			}
			vals[k] = v.Off
			fork(t, k+1)
			if pe.err != nil {
				return
			}
		}
	}
	fork(th, 0)
	return true
}

// mixedStorable reports whether v can be split into cells; an address
// cannot, which is an error.
func (pe *pathEnum) mixedStorable(in *litmus.Instr, v litmus.Value) bool {
	if v.Sym != "" || v.IsUnknown() {
		pe.err = litmus.Unsupported(in.Pos, "mixed-size semantics for a stored address or unknown value")
		return false
	}
	return true
}

// mixedRead adds the cell reads of in, which read vals, and for an RMW
// its cell writes, then runs the rest of the thread.
func (pe *pathEnum) mixedRead(th *threadRun, pc int, in *litmus.Instr, a regVal, cells []string, vals []int64, ctrl, pctrl deps) {
	if in.Op == litmus.OpCAS {
		pe.mixedCAS(th, pc, in, a, cells, vals, ctrl, pctrl)
		return
	}
	var rd deps
	idx := make([]int, len(cells))
	for i, c := range cells {
		idx[i] = th.addEvent(tevent{kind: litmus.KindR, loc: c, val: litmus.Int(vals[i]), tags: in.RTags, instr: pc, rmwRead: -1,
			addr: a.d, ctrl: ctrl, paddr: a.d | a.p, pctrl: pctrl, atomic: in.Op == litmus.OpRMW, lxsx: in.Op == litmus.OpLoadReserve})
		rd |= deps(1) << uint(idx[i])
	}
	old := litmus.Int(pe.mixed.assemble(vals))
	out := regVal{v: old, d: rd}
	if in.Op == litmus.OpLoadReserve {
		// The reservation is on these cells: a store-conditional of the
		// same cells pairs cell by cell with these reads.
		th.resv, th.resvLoc = idx[0], mixedResvKey(cells)
	}
	if in.Op == litmus.OpRMW {
		s, err := th.eval(in.Src)
		if err != nil {
			return
		}
		o := old
		if in.Mask32 {
			o = litmus.Int(int64(uint32(o.Off)))
		}
		nv, err := Apply(in.RMWOp, o, s.v)
		nv = litmus.Convert(in.Wrap, nv)
		if err != nil || !pe.mixedStorable(in, nv) {
			return
		}
		for i, c := range cells {
			w := tevent{kind: litmus.KindW, loc: c, val: litmus.Int(pe.mixed.cellOf(nv.Off, i, len(cells))), tags: in.WTags, instr: pc,
				rmwRead: idx[i], addr: a.d, data: s.d, ctrl: ctrl, vdeps: s.valueDeps(), atomic: true,
				paddr: a.d | a.p, pdata: s.d | s.p, pctrl: pctrl}
			if in.RMWOp != litmus.OpXchg {
				w.vdeps |= rd
				w.data |= rd
				w.pdata |= rd
			}
			if in.NoRMW {
				w.rmwRead = -1
			}
			th.addEvent(w)
		}
		if in.ReturnNew {
			out = regVal{v: nv, d: rd | s.d, p: s.p}
		}
	}
	if in.Dst != "" {
		pe.setReg(th, in.Dst, out, pc)
	}
	pe.run(th, pc+1)
}

// mixedResvKey names the cells a reservation covers.
func mixedResvKey(cells []string) string { return strings.Join(cells, "|") }

// mixedStoreCond is storeCond under mixed-size semantics: success needs a
// reservation on the very cells written (the same address and width, as
// herd's exclusives of one size), and pairs each cell write with the
// reservation's read of that cell.
func (pe *pathEnum) mixedStoreCond(th *threadRun, pc int, in *litmus.Instr, a regVal, cells []string) {
	s, err := th.eval(in.Src)
	if err != nil {
		return
	}
	if !pe.mixedStorable(in, s.v) {
		return
	}
	pe.forkStoreCond(th, pc, in, mixedResvKey(cells), a, func(t *threadRun) {
		ctrl, pctrl := t.ctrlDeps(pc)
		for i, c := range cells {
			w := tevent{kind: litmus.KindW, loc: c, val: litmus.Int(pe.mixed.cellOf(s.v.Off, i, len(cells))), tags: in.WTags, instr: pc,
				rmwRead: t.resv + i, addr: a.d, paddr: a.d | a.p, lxsx: true, ctrl: ctrl, pctrl: pctrl, vdeps: s.valueDeps()}
			if !in.NoDataDep {
				w.data, w.pdata = s.d, s.d|s.p
			}
			t.addEvent(w)
		}
	})
}

// mixedCAS is cas under mixed-size semantics: the old value is assembled
// from the cells read, and each form's write (the new value, or the old
// one written back) is one write per cell, paired with that cell's read.
func (pe *pathEnum) mixedCAS(th *threadRun, pc int, in *litmus.Instr, a regVal, cells []string, vals []int64, ctrl, pctrl deps) {
	if in.AddUnless {
		pe.err = litmus.Unsupported(in.Pos, "mixed-size semantics for atomic_add_unless")
		return
	}
	e, err := th.eval(in.Expect)
	if err != nil || e.v.Sym != "" || e.v.IsUnknown() {
		pe.err = litmus.Unsupported(in.Pos, "mixed-size semantics for a compare-and-swap of an address or unknown value")
		return
	}
	cmp := e.d | e.p
	v := litmus.Int(pe.mixed.assemble(vals))
	success := v == e.v
	var s regVal
	if success {
		if s, err = th.eval(in.Src); err != nil || !pe.mixedStorable(in, s.v) {
			return
		}
	}
	forkCAS(th, in, success, in.RTags, func(t *threadRun, f litmus.CASForm, tags []string) bool {
		var own deps
		idx := make([]int, len(cells))
		for i, c := range cells {
			idx[i] = t.addEvent(tevent{kind: litmus.KindR, loc: c, val: litmus.Int(vals[i]), tags: tags, instr: pc, rmwRead: -1,
				addr: a.d, ctrl: ctrl, paddr: a.d | a.p, pctrl: pctrl, atomic: true})
			own |= deps(1) << uint(idx[i])
		}
		if success || f.WriteBack {
			nv := v
			if success {
				nv = s.v
			}
			for i, c := range cells {
				w := tevent{kind: litmus.KindW, loc: c, val: litmus.Int(pe.mixed.cellOf(nv.Off, i, len(cells))), tags: in.WTags, instr: pc,
					rmwRead: idx[i], addr: a.d, paddr: a.d | a.p, ctrl: ctrl, pctrl: pctrl, atomic: true}
				if success {
					w.data, w.vdeps, w.pdata = s.d, s.valueDeps(), s.d|s.p|cmp|own
				} else {
					w.data, w.vdeps, w.pdata = own, own, own|cmp
				}
				if in.NoRMW {
					w.rmwRead = -1
				}
				t.addEvent(w)
			}
		}
		if _, err := t.setCASRegisters(in, f, success, v, own, e, pe.regCtrl(t, pc)); err != nil {
			return false
		}
		pe.run(t, pc+1)
		return pe.err == nil
	})
}
