// This file implements a thread's memory accesses under mixed-size
// semantics (mixed.go): an access is one event per cell it covers, a read
// forks on every value of each cell, and its value is assembled from them.

package paths

import (
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// mixedAccess runs the memory access in at pc under pe.mixed, then the rest
// of the thread; it reports false when in is not an access it handles.
func (pe *Enumeration) mixedAccess(th *ThreadRun, pc int, in *litmus.Instr) bool {
	switch in.Op {
	case litmus.OpLoad, litmus.OpStore, litmus.OpRMW, litmus.OpLoadReserve, litmus.OpStoreCond, litmus.OpCAS:
	default:
		if in.Addr != nil && in.Op != litmus.OpFence {
			pe.Err = litmus.Unsupported(in.Pos, "mixed-size semantics for this instruction ("+in.Op.String()+")")
			return true
		}
		return false
	}
	a, err := th.eval(in.Addr)
	if err != nil || !a.V.IsAddr() {
		return true // not an address: the path is cut, as in run
	}
	cells, err := pe.Mixed.access(in, a.V)
	if err != nil {
		pe.Err = err
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
		if !pe.mixedStorable(in, s.V) {
			return true
		}
		for i, c := range cells {
			ev := Event{Kind: litmus.KindW, Loc: c, Val: litmus.Int(pe.Mixed.CellOf(s.V.Off, i, len(cells))), Tags: in.WTags,
				Instr: pc, RmwRead: -1, Addr: a.d, Vdeps: s.valueDeps(), Paddr: a.d | a.p, Ctrl: ctrl, Pctrl: pctrl}
			if !in.NoDataDep {
				ev.Data, ev.Pdata = s.d, s.d|s.p
			}
			th.addEvent(ev)
		}
		pe.Run(th, pc+1)
		return true
	}
	if pe.openable(in) && pe.mixedOpenLoad(th, pc, in, a, cells, ctrl, pctrl) {
		return true
	}
	vals := make([]int64, len(cells))
	var fork func(th *ThreadRun, k int)
	fork = func(th *ThreadRun, k int) {
		if k == len(cells) {
			pe.mixedRead(th, pc, in, a, cells, vals, ctrl, pctrl)
			return
		}
		dom := pe.cellDomain(th, in, cells[k])
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
			if pe.Err != nil {
				return
			}
		}
	}
	fork(th, 0)
	return true
}

// cellDomain is the values the read of in on th may return in cell.
func (pe *Enumeration) cellDomain(th *ThreadRun, in *litmus.Instr, cell string) []litmus.Value {
	dom := pe.Domains[cell]
	if len(dom) == 0 {
		dom = []litmus.Value{litmus.Int(0)}
	}
	if pe.Writers != nil && in.Op == litmus.OpLoad {
		// Not an RMW's cells: herd's mixed-size semantics lets an RMW
		// read its own write (combo_layout.go), which herd's x86-TSO
		// then allows.
		dom = pe.coherentValues(th, cell, dom)
	}
	return dom
}

// mixedOpenLoad adds the cell reads of the load in as one open read
// (open_reads.go) over every combination of the cells' values, and runs
// the rest of the thread; it reports false, doing nothing, when there is
// one combination or more than an open read holds.
func (pe *Enumeration) mixedOpenLoad(th *ThreadRun, pc int, in *litmus.Instr, a RegVal, cells []string, ctrl, pctrl Deps) bool {
	doms := make([][]int64, len(cells))
	n := 1
	for k, c := range cells {
		for _, v := range pe.cellDomain(th, in, c) {
			if v.Sym == "" && !v.IsUnknown() {
				doms[k] = append(doms[k], v.Off)
			}
		}
		if n *= len(doms[k]); n > maxOpen || n == 0 {
			return false
		}
	}
	if n < 2 {
		return false
	}
	tuples := [][]int64{nil}
	for _, dom := range doms {
		var next [][]int64
		for _, t := range tuples {
			for _, v := range dom {
				next = append(next, append(slices.Clip(t), v))
			}
		}
		tuples = next
	}
	vals := make([]litmus.Value, len(tuples))
	for p, t := range tuples {
		vals[p] = litmus.Int(pe.Mixed.Assemble(t))
	}
	var rd Deps
	first := len(th.Events)
	for i, c := range cells {
		ev := Event{Kind: litmus.KindR, Loc: c, Tags: in.RTags, Instr: pc, RmwRead: -1, Addr: a.d, Ctrl: ctrl, Paddr: a.d | a.p, Pctrl: pctrl}
		var cell []litmus.Value
		for _, v := range doms[i] {
			cell = append(cell, litmus.Int(v))
		}
		setAlts(&ev, cell)
		rd |= Deps(1) << uint(th.addEvent(ev))
	}
	th.open = append(th.open, openRead{ev: first, vals: vals, cells: tuples, mask: 1<<uint(n) - 1, regs: []string{in.Dst}})
	pe.setReg(th, in.Dst, RegVal{V: vals[0], d: rd, open: &openVal{ev: first, tab: vals}}, pc)
	pe.Run(th, pc+1)
	return true
}

// mixedStorable reports whether v can be split into cells; an address
// cannot, which is an error.
func (pe *Enumeration) mixedStorable(in *litmus.Instr, v litmus.Value) bool {
	if v.Sym != "" || v.IsUnknown() {
		pe.Err = litmus.Unsupported(in.Pos, "mixed-size semantics for a stored address or unknown value")
		return false
	}
	return true
}

// mixedRead adds the cell reads of in, which read vals, and for an RMW
// its cell writes, then runs the rest of the thread.
func (pe *Enumeration) mixedRead(th *ThreadRun, pc int, in *litmus.Instr, a RegVal, cells []string, vals []int64, ctrl, pctrl Deps) {
	if in.Op == litmus.OpCAS {
		pe.mixedCAS(th, pc, in, a, cells, vals, ctrl, pctrl)
		return
	}
	var rd Deps
	idx := make([]int, len(cells))
	for i, c := range cells {
		idx[i] = th.addEvent(Event{Kind: litmus.KindR, Loc: c, Val: litmus.Int(vals[i]), Tags: in.RTags, Instr: pc, RmwRead: -1,
			Addr: a.d, Ctrl: ctrl, Paddr: a.d | a.p, Pctrl: pctrl, Atomic: in.Op == litmus.OpRMW, Lxsx: in.Op == litmus.OpLoadReserve})
		rd |= Deps(1) << uint(idx[i])
	}
	old := litmus.Int(pe.Mixed.Assemble(vals))
	out := RegVal{V: old, d: rd}
	if in.Op == litmus.OpLoadReserve {
		// The reservation is on these cells: a store-conditional of the
		// same cells pairs cell by cell with these reads.
		th.Resv, th.resvLoc = idx[0], mixedResvKey(cells)
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
		nv, err := litmus.Apply(in.RMWOp, o, s.V)
		nv = litmus.Convert(in.Wrap, nv)
		if err != nil || !pe.mixedStorable(in, nv) {
			return
		}
		for i, c := range cells {
			w := Event{Kind: litmus.KindW, Loc: c, Val: litmus.Int(pe.Mixed.CellOf(nv.Off, i, len(cells))), Tags: in.WTags, Instr: pc,
				RmwRead: idx[i], Addr: a.d, Data: s.d, Ctrl: ctrl, Vdeps: s.valueDeps(), Atomic: true,
				Paddr: a.d | a.p, Pdata: s.d | s.p, Pctrl: pctrl}
			if in.RMWOp != litmus.OpXchg {
				w.Vdeps |= rd
				w.Data |= rd
				w.Pdata |= rd
			}
			if in.NoRMW {
				w.RmwRead = -1
			}
			th.addEvent(w)
		}
		if in.ReturnNew {
			out = RegVal{V: nv, d: rd | s.d, p: s.p, ch: s.ch}
		}
	}
	if in.Dst != "" {
		pe.setReg(th, in.Dst, out, pc)
	}
	pe.Run(th, pc+1)
}

// mixedResvKey names the cells a reservation covers.
func mixedResvKey(cells []string) string { return strings.Join(cells, "|") }

// mixedStoreCond is storeCond under mixed-size semantics: success needs a
// reservation on the very cells written (the same address and width, as
// herd's exclusives of one size), and pairs each cell write with the
// reservation's read of that cell.
func (pe *Enumeration) mixedStoreCond(th *ThreadRun, pc int, in *litmus.Instr, a RegVal, cells []string) {
	s, err := th.eval(in.Src)
	if err != nil {
		return
	}
	if !pe.mixedStorable(in, s.V) {
		return
	}
	pe.forkStoreCond(th, pc, in, mixedResvKey(cells), a, func(t *ThreadRun) {
		ctrl, pctrl := t.ctrlDeps(pc)
		for i, c := range cells {
			w := Event{Kind: litmus.KindW, Loc: c, Val: litmus.Int(pe.Mixed.CellOf(s.V.Off, i, len(cells))), Tags: in.WTags, Instr: pc,
				RmwRead: t.Resv + i, Addr: a.d, Paddr: a.d | a.p, Lxsx: true, Ctrl: ctrl, Pctrl: pctrl, Vdeps: s.valueDeps()}
			if !in.NoDataDep {
				w.Data, w.Pdata = s.d, s.d|s.p
			}
			t.addEvent(w)
		}
	})
}

// mixedCAS is cas under mixed-size semantics: the old value is assembled
// from the cells read, and each form's write (the new value, or the old
// one written back) is one write per cell, paired with that cell's read.
func (pe *Enumeration) mixedCAS(th *ThreadRun, pc int, in *litmus.Instr, a RegVal, cells []string, vals []int64, ctrl, pctrl Deps) {
	if in.AddUnless {
		pe.Err = litmus.Unsupported(in.Pos, "mixed-size semantics for atomic_add_unless")
		return
	}
	e, err := th.eval(in.Expect)
	if err != nil || e.V.Sym != "" || e.V.IsUnknown() {
		pe.Err = litmus.Unsupported(in.Pos, "mixed-size semantics for a compare-and-swap of an address or unknown value")
		return
	}
	cmp := e.d | e.p
	v := litmus.Int(pe.Mixed.Assemble(vals))
	success := v == e.V
	var s RegVal
	if success {
		if s, err = th.eval(in.Src); err != nil || !pe.mixedStorable(in, s.V) {
			return
		}
	}
	forkCAS(th, in, success, in.RTags, pe.MergeAcquireCAS && cmp == 0, nil, func(t *ThreadRun, f litmus.CASForm, tags []string) bool {
		var own Deps
		idx := make([]int, len(cells))
		for i, c := range cells {
			idx[i] = t.addEvent(Event{Kind: litmus.KindR, Loc: c, Val: litmus.Int(vals[i]), Tags: tags, Instr: pc, RmwRead: -1,
				Addr: a.d, Ctrl: ctrl, Paddr: a.d | a.p, Pctrl: pctrl, Atomic: true})
			own |= Deps(1) << uint(idx[i])
		}
		if success || f.WriteBack {
			nv := v
			if success {
				nv = s.V
			}
			for i, c := range cells {
				w := Event{Kind: litmus.KindW, Loc: c, Val: litmus.Int(pe.Mixed.CellOf(nv.Off, i, len(cells))), Tags: in.WTags, Instr: pc,
					RmwRead: idx[i], Addr: a.d, Paddr: a.d | a.p, Ctrl: ctrl, Pctrl: pctrl, Atomic: true}
				if success {
					w.Data, w.Vdeps, w.Pdata = s.d, s.valueDeps(), s.d|s.p|cmp|own
				} else {
					w.Data, w.Vdeps, w.Pdata = own, own, own|cmp
				}
				if in.NoRMW {
					w.RmwRead = -1
				}
				t.addEvent(w)
			}
		}
		if _, err := t.setCASRegisters(in, f, success, v, own, e, pe.regCtrl(t, pc)); err != nil {
			return false
		}
		pe.Run(t, pc+1)
		return pe.Err == nil
	})
}
