// This file implements a thread's memory accesses under mixed-size
// semantics (mixed.go): an access is one event per cell it covers, a read
// forks on every value of each cell, and its value is assembled from them.

package litmus

// mixedAccess runs the memory access in at pc under pe.mixed, then the rest
// of the thread; it reports false when in is not an access it handles.
func (pe *pathEnum) mixedAccess(th *threadRun, pc int, in *Instr) bool {
	switch in.Op {
	case OpLoad, OpStore, OpRMW:
	default:
		if in.Addr != nil && in.Op != OpFence {
			pe.err = Unsupported(in.Pos, "mixed-size semantics for this instruction ("+in.Op.String()+")")
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
	if in.Op == OpStore {
		s, err := th.eval(in.Src)
		if err != nil {
			return true
		}
		if !pe.mixedStorable(in, s.v) {
			return true
		}
		for i, c := range cells {
			ev := tevent{kind: KindW, loc: c, val: Int(pe.mixed.cellOf(s.v.Off, i, len(cells))), tags: in.WTags,
				instr: pc, rmwRead: -1, addr: a.d, vdeps: s.d, paddr: a.d | a.p, ctrl: ctrl, pctrl: pctrl}
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
			dom = []Value{Int(0)}
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
func (pe *pathEnum) mixedStorable(in *Instr, v Value) bool {
	if v.Sym != "" || v.IsUnknown() {
		pe.err = Unsupported(in.Pos, "mixed-size semantics for a stored address or unknown value")
		return false
	}
	return true
}

// mixedRead adds the cell reads of in, which read vals, and for an RMW
// its cell writes, then runs the rest of the thread.
func (pe *pathEnum) mixedRead(th *threadRun, pc int, in *Instr, a regVal, cells []string, vals []int64, ctrl, pctrl deps) {
	var rd deps
	idx := make([]int, len(cells))
	for i, c := range cells {
		idx[i] = th.addEvent(tevent{kind: KindR, loc: c, val: Int(vals[i]), tags: in.RTags, instr: pc, rmwRead: -1,
			addr: a.d, ctrl: ctrl, paddr: a.d | a.p, pctrl: pctrl, atomic: in.Op == OpRMW})
		rd |= deps(1) << uint(idx[i])
	}
	old := Int(pe.mixed.assemble(vals))
	out := regVal{v: old, d: rd}
	if in.Op == OpRMW {
		s, err := th.eval(in.Src)
		if err != nil {
			return
		}
		o := old
		if in.Mask32 {
			o = Int(int64(uint32(o.Off)))
		}
		nv, err := Apply(in.RMWOp, o, s.v)
		if err != nil || !pe.mixedStorable(in, nv) {
			return
		}
		for i, c := range cells {
			w := tevent{kind: KindW, loc: c, val: Int(pe.mixed.cellOf(nv.Off, i, len(cells))), tags: in.WTags, instr: pc,
				rmwRead: idx[i], addr: a.d, data: s.d, ctrl: ctrl, vdeps: s.d, atomic: true,
				paddr: a.d | a.p, pdata: s.d | s.p, pctrl: pctrl}
			if in.RMWOp != OpXchg {
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
		th.regs[in.Dst] = out
	}
	pe.run(th, pc+1)
}
