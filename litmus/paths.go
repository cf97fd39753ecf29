// This file implements the enumeration of each thread's control-flow paths:
// the thread's code runs with every read returning each value its location
// may hold, which yields the thread's events, their dependencies and its
// final registers.
package litmus

import (
	"fmt"
	"os"
	"strconv"
)

// Unroll is how many times a backward jump may be taken, as herd's
// -unroll default.
var Unroll = 2

func init() {
	if v := os.Getenv("LC_UNROLL"); v != "" {
		Unroll, _ = strconv.Atoi(v)
	}
}

// A tevent is an event of one thread path, before threads are combined.
type tevent struct {
	kind  EventKind
	loc   string
	val   Value
	tags  []string
	instr int
	// step numbers the instructions the path executes: events of one
	// execution of one instruction share it (a loop runs an instruction
	// several times, each a step of its own).
	step int
	// Thread-local indices of the reads this event depends on.
	addr, data, ctrl deps
	// The same through picks as well (a superset of addr, data and ctrl):
	// herd's pick-addr-dep, pick-data-dep and pick-ctrl-dep.
	paddr, pdata, pctrl deps
	// rmwRead is the local index of the read this write completes
	// atomically, or -1.
	rmwRead int
	lxsx    bool
	// vdeps, for a write, are the reads its value is computed from. A cycle
	// of rf and vdeps is a value out of thin air: herd's equations have no
	// solution for it, so no candidate has one.
	vdeps deps
}

// A path is one control-flow path of a thread with its read values.
type path struct {
	events []tevent
	regs   map[string]Value
}

// threadRun is the state of one thread being run along a path.
type threadRun struct {
	regs    map[string]regVal
	events  []tevent
	ctrl    []ctrlScope
	resv    int // local index of the reserving read, -1 for none
	resvLoc string
	loops   map[int]int
	step    int
}

type ctrlScope struct {
	d, p deps
	end  int
}

func (th *threadRun) clone() *threadRun {
	c := &threadRun{
		regs:    make(map[string]regVal, len(th.regs)),
		events:  append([]tevent(nil), th.events...),
		ctrl:    append([]ctrlScope(nil), th.ctrl...),
		resv:    th.resv,
		resvLoc: th.resvLoc,
		loops:   make(map[int]int, len(th.loops)),
		step:    th.step,
	}
	for k, v := range th.regs {
		c.regs[k] = v
	}
	for k, v := range th.loops {
		c.loops[k] = v
	}
	return c
}

// ctrlDeps returns the reads that the branches before pc depend on, and
// the same through picks as well.
func (th *threadRun) ctrlDeps(pc int) (d, p deps) {
	for _, s := range th.ctrl {
		if s.end == 0 || pc < s.end {
			d |= s.d
			p |= s.d | s.p
		}
	}
	return d, p
}

// addEvent appends an event and returns its local index.
func (th *threadRun) addEvent(ev tevent) int {
	ev.step = th.step
	th.events = append(th.events, ev)
	return len(th.events) - 1
}

// pathEnum enumerates the paths of one thread.
type pathEnum struct {
	th      *Thread
	domains map[string][]Value
	paths   []path
	// loopCut records that a path was cut by the unroll bound.
	loopCut bool
	// errs are errors that make the test invalid (not path cuts).
	err error
	// limit bounds the number of paths, against blow-ups.
	limit int
}

func errAt(in *Instr, format string, args ...any) error {
	return &Error{Pos: in.Pos, Msg: fmt.Sprintf(format, args...)}
}

// run continues th from pc to the end of the thread, forking at reads and
// store-conditionals.
func (pe *pathEnum) run(th *threadRun, pc int) {
	code := pe.th.Code
	for pc < len(code) {
		if pe.err != nil {
			return
		}
		in := &code[pc]
		th.step++
		switch in.Op {
		case OpNop:
		case OpMove:
			v, err := th.eval(in.Src)
			if err != nil {
				return // an impossible value combination
			}
			th.regs[in.Dst] = v
		case OpFence:
			cd, cp := th.ctrlDeps(pc)
			th.addEvent(tevent{kind: KindF, tags: in.FTags, instr: pc, rmwRead: -1, ctrl: cd, pctrl: cp})
		case OpBranch:
			taken := true
			if in.Cond != nil {
				c, err := th.eval(in.Cond)
				if err != nil {
					return
				}
				taken = truthy(c.v)
				if c.d|c.p != 0 {
					th.ctrl = append(th.ctrl, ctrlScope{d: c.d, p: c.p, end: in.CtrlEnd})
				}
			}
			if taken {
				if in.Target <= pc {
					th.loops[pc]++
					if th.loops[pc] > Unroll {
						pe.loopCut = true
						return
					}
				}
				pc = in.Target
				continue
			}
		case OpAssume:
			c, err := th.eval(in.Cond)
			if err != nil || !truthy(c.v) {
				return
			}
		case OpLoad, OpLoadReserve, OpRMW, OpCAS:
			pe.read(th, pc, in)
			return
		case OpStore:
			a, loc, ok := pe.address(th, in)
			if !ok {
				return
			}
			s, err := th.eval(in.Src)
			if err != nil {
				return
			}
			ev := tevent{kind: KindW, loc: loc, val: s.v, tags: in.WTags, instr: pc, rmwRead: -1,
				addr: a.d, vdeps: s.d, paddr: a.d | a.p}
			ev.ctrl, ev.pctrl = th.ctrlDeps(pc)
			if !in.NoDataDep {
				ev.data, ev.pdata = s.d, s.d|s.p
			}
			th.addEvent(ev)
		case OpStoreCond:
			pe.storeCond(th, pc, in)
			return
		default:
			pe.err = errAt(in, "unsupported: instruction kind %v", in.Op)
			return
		}
		pc++
	}
	if len(pe.paths) >= pe.limit {
		pe.err = &Error{Pos: pe.th.Pos, Msg: fmt.Sprintf("unsupported: more than %d paths in thread P%d", pe.limit, pe.th.ID)}
		return
	}
	regs := make(map[string]Value, len(th.regs))
	for k, v := range th.regs {
		regs[k] = v.v
	}
	pe.paths = append(pe.paths, path{events: th.events, regs: regs})
}

// address evaluates the memory address of in; ok is false when the value
// is not an address, which cuts the path.
func (pe *pathEnum) address(th *threadRun, in *Instr) (regVal, string, bool) {
	a, err := th.eval(in.Addr)
	if err != nil || a.v.Sym == "" {
		return a, "", false
	}
	loc := a.v.Sym
	if a.v.Off != 0 {
		loc = fmt.Sprintf("%s[%d]", a.v.Sym, a.v.Off)
	}
	return a, loc, true
}

// read forks the path on every value the location may hold.
func (pe *pathEnum) read(th *threadRun, pc int, in *Instr) {
	a, loc, ok := pe.address(th, in)
	if !ok {
		return
	}
	vals := pe.domains[loc]
	if len(vals) == 0 {
		vals = []Value{Int(0)}
	}
	for i, v := range vals {
		t := th
		if i < len(vals)-1 {
			t = th.clone()
		}
		pe.readValue(t, pc, in, a, loc, v)
		if pe.err != nil {
			return
		}
	}
}

func (pe *pathEnum) readValue(th *threadRun, pc int, in *Instr, a regVal, loc string, v Value) {
	ctrl, pctrl := th.ctrlDeps(pc)
	r := tevent{kind: KindR, loc: loc, val: v, tags: in.RTags, instr: pc, rmwRead: -1,
		addr: a.d, ctrl: ctrl, paddr: a.d | a.p, pctrl: pctrl}
	switch in.Op {
	case OpLoad:
		idx := th.addEvent(r)
		if in.Dst != "" {
			th.regs[in.Dst] = regVal{v: v, d: 1 << uint(idx)}
		}
	case OpLoadReserve:
		r.lxsx = true
		idx := th.addEvent(r)
		th.resv, th.resvLoc = idx, loc
		if in.Dst != "" {
			th.regs[in.Dst] = regVal{v: v, d: 1 << uint(idx)}
		}
	case OpRMW:
		s, err := th.eval(in.Src)
		if err != nil {
			return
		}
		old := v
		if in.Mask32 && v.Sym == "" {
			old = Int(int64(uint32(v.Off)))
		}
		nv, err := Apply(in.RMWOp, old, s.v)
		if err != nil {
			return
		}
		idx := th.addEvent(r)
		w := tevent{kind: KindW, loc: loc, val: nv, tags: in.WTags, instr: pc, rmwRead: idx,
			addr: a.d, data: s.d, ctrl: ctrl, vdeps: s.d,
			paddr: r.paddr, pdata: s.d | s.p, pctrl: pctrl}
		if in.RMWOp != OpXchg {
			// The old value is an operand of the new one (herd's iico_data
			// from the read to the write of an atomic operation).
			w.vdeps |= 1 << uint(idx)
			w.data |= 1 << uint(idx)
			w.pdata |= 1 << uint(idx)
		}
		if in.NoRMW {
			w.rmwRead = -1
		}
		th.addEvent(w)
		if in.Dst != "" {
			out, d, p := v, deps(1)<<uint(idx), deps(0)
			if in.ReturnNew {
				out, d, p = nv, d|s.d, s.p
			}
			th.regs[in.Dst] = regVal{v: out, d: d, p: p}
		}
	case OpCAS:
		pe.cas(th, pc, in, r, a, v)
		return
	}
	pe.run(th, pc+1)
}

// defaultCASForms are the forms of a compare-and-swap without CASForms.
var defaultCASForms = []CASForm{{Success: true}, {Success: false}}

// cas continues th once per form of in that agrees with the old value v
// read into r: the comparison of v with the expected value selects the
// success or the failure forms.
func (pe *pathEnum) cas(th *threadRun, pc int, in *Instr, r tevent, a regVal, v Value) {
	e, err := th.eval(in.Expect)
	if err != nil {
		return
	}
	// cmp is what the comparison reads: the expected value and the old
	// one. Through herd's branch event it reaches the write, and the
	// destination register in the OldFromExpect form, as pick dependencies.
	cmp := e.d | e.p
	success := v == e.v
	var s regVal
	if success {
		if s, err = th.eval(in.Src); err != nil {
			return
		}
	}
	forms := in.CASForms
	if forms == nil {
		forms = defaultCASForms
	}
	var mine []CASForm
	for _, f := range forms {
		if f.Success == success {
			mine = append(mine, f)
		}
	}
	for i, f := range mine {
		t := th
		if i < len(mine)-1 {
			t = th.clone()
		}
		ev := r
		if !success && !f.WriteBack && in.FailTags != nil {
			ev.tags = in.FailTags
		}
		idx := t.addEvent(ev)
		own := deps(1) << uint(idx)
		if success || f.WriteBack {
			w := tevent{kind: KindW, loc: r.loc, tags: in.WTags, instr: pc, rmwRead: idx,
				addr: a.d, paddr: a.d | a.p, ctrl: r.ctrl, pctrl: r.pctrl}
			if success {
				w.val, w.data, w.vdeps = s.v, s.d, s.d
				w.pdata = s.d | s.p | cmp | own
			} else {
				// The old value goes back: the read is the data.
				w.val, w.data, w.vdeps = v, own, own
				w.pdata = own | cmp
			}
			if in.NoRMW {
				w.rmwRead = -1
			}
			t.addEvent(w)
		}
		if in.Dst != "" {
			old := regVal{v: v, d: own}
			if f.OldFromExpect {
				x, err := t.eval(unpick(in.Expect))
				if err != nil {
					return
				}
				old.d, old.p = x.d, x.p
			}
			if f.OldAfterCompare {
				old.p |= cmp | own
			}
			t.regs[in.Dst] = old
		}
		if in.Status != "" {
			st := in.StatusFail
			if success {
				st = in.StatusOK
			}
			t.regs[in.Status] = regVal{v: st, d: own | e.d}
		}
		pe.run(t, pc+1)
		if pe.err != nil {
			return
		}
	}
}

// unpick returns e without its outer pick, if any.
func unpick(e Expr) Expr {
	if u, ok := e.(*Unary); ok && u.Op == OpPick {
		return u.X
	}
	return e
}

// storeCond forks on success (when a reservation is held) and failure.
func (pe *pathEnum) storeCond(th *threadRun, pc int, in *Instr) {
	a, loc, ok := pe.address(th, in)
	if !ok {
		return
	}
	s, err := th.eval(in.Src)
	if err != nil {
		return
	}
	// As herd's equation RESADDR = address: success needs a reservation
	// on this very location.
	if th.resv >= 0 && th.resvLoc == loc {
		t := th.clone()
		w := tevent{kind: KindW, loc: loc, val: s.v, tags: in.WTags, instr: pc, rmwRead: -1,
			addr: a.d, paddr: a.d | a.p, lxsx: true}
		w.ctrl, w.pctrl = t.ctrlDeps(pc)
		if loc == t.resvLoc {
			w.rmwRead = t.resv
		}
		if !in.NoDataDep {
			w.data, w.pdata = s.d, s.d|s.p
		}
		w.vdeps = s.d
		t.addEvent(w)
		t.resv = -1
		if in.Status != "" {
			t.regs[in.Status] = regVal{v: in.StatusOK}
		}
		pe.run(t, pc+1)
		if pe.err != nil {
			return
		}
	}
	th.resv = -1
	if in.Status != "" {
		th.regs[in.Status] = regVal{v: in.StatusFail}
	}
	pe.run(th, pc+1)
}
