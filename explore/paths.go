// This file implements the enumeration of each thread's control-flow paths:
// the thread's code runs with every read returning each value its location
// may hold, which yields the thread's events, their dependencies and its
// final registers (the atomic read-modify-writes are in paths_rmw.go).

package explore

import (
	"fmt"
	"maps"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// DefaultUnroll is how many times a backward jump may be taken unless
// Options.Unroll says otherwise: herd's -unroll default.
const DefaultUnroll = 2

// A tevent is an event of one thread path, before threads are combined.
type tevent struct {
	kind  litmus.EventKind
	loc   string
	val   litmus.Value
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
	// atomic marks the events of a read-modify-write instruction (OpRMW,
	// OpCAS), whichever its outcome: herd's RMW set in the C dialect.
	atomic bool
	// vdeps, for a write, are the reads its value is computed from. A cycle
	// of rf and vdeps is a value out of thin air: herd's equations have no
	// solution for it, so no candidate has one.
	vdeps deps
}

// A path is one control-flow path of a thread with its read values.
type path struct {
	events []tevent
	regs   map[string]litmus.Value
	// overlong marks a path cut at the event that passes its budget: any
	// candidate with it is too large to check, and says so (events holds
	// the events up to that one).
	overlong bool
	// stuck, when set, marks a path cut where an instruction could not be
	// evaluated (stuck.go): its candidates are checked, never counted.
	stuck *litmus.Stuck
	// maxUnknown is the rank, in herd's numbering of the thread's
	// symbols, of the last symbol holding an unknown value; 0 for none.
	maxUnknown int
	// hang marks a path that ends in a spin that may wait forever
	// (hang.go): spin holds the local indices of its spin reads, and
	// hangInstr the instruction it spins at.
	hang      bool
	spin      deps
	hangInstr int
}

// threadRun is the state of one thread being run along a path.
type threadRun struct {
	regs    map[string]regVal
	events  []tevent
	ctrl    []ctrlScope
	resv    int // local index of the reserving read, -1 for none
	resvLoc string
	loops   map[int]int
	// loopMark and loopRegs record, for a pure polling loop's backward
	// branch, the events and registers at the last time it was taken
	// (hang.go); nil until then.
	loopMark map[int]int
	loopRegs map[int]map[string]litmus.Value
	step     int
	// stored, when set, sees every write as the path makes it, also on
	// paths that a later read cuts: the write still happens on the same
	// path with another value read.
	stored func(*threadRun, tevent)
	// discovered, when set, sees the constants an unknown read is compared
	// with (see unknownOp); usedDiscover records that a read of this path
	// returned the unknown value already.
	discovered   func(loc string, v litmus.Value)
	usedDiscover bool
	// decided records that a comparison with an unknown read decided
	// something on this path: only the stores after it are discoveries.
	decided bool
	// hc, when set, follows herd's numbering of symbols (herdvars.go).
	hc *herdCursor
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
		stored:  th.stored,

		discovered:   th.discovered,
		usedDiscover: th.usedDiscover,
		decided:      th.decided,
		hc:           th.hc.clone(),
	}
	for k, v := range th.regs {
		c.regs[k] = v
	}
	for k, v := range th.loops {
		c.loops[k] = v
	}
	if th.loopMark != nil {
		c.loopMark, c.loopRegs = maps.Clone(th.loopMark), maps.Clone(th.loopRegs)
	}
	return c
}

// setReg writes v to th's register name at instruction pc. In a C test,
// the value then carries the reads of the branches pc is under (regVal.c):
// herd's C makes a register write control-dependent on them, and a later
// branch on the register depends on them too.
func (pe *pathEnum) setReg(th *threadRun, name string, v regVal, pc int) {
	v.c |= pe.regCtrl(th, pc)
	th.regs[name] = v
}

// regCtrl are the branch reads a register write at pc carries (setReg).
func (pe *pathEnum) regCtrl(th *threadRun, pc int) deps {
	if !pe.cCtrl {
		return 0
	}
	d, _ := th.ctrlDeps(pc)
	return d
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
	if ev.kind == litmus.KindW && th.stored != nil {
		th.stored(th, ev)
	}
	return len(th.events) - 1
}

// pathEnum enumerates the paths of one thread.
type pathEnum struct {
	th *litmus.Thread
	// locBytes are the widths a C test gives its locations (Test.LocBytes),
	// which its compiled tests carry: a write of a value that does not
	// fit cuts the path (overflow).
	locBytes map[string]int
	// elemBytes are the element widths of the arrays an assembly test
	// declares ("int x[2]"), whose addresses count bytes: x+4 is x[1].
	elemBytes map[string]int
	// scalarOffsets refuses an access inside a location that is not an
	// array, in a dialect that has no mixed-size semantics to run it.
	scalarOffsets bool
	// cCtrl: the test is C, whose register writes are control-dependent
	// (setReg).
	cCtrl   bool
	domains map[string][]litmus.Value
	paths   []path
	// hangs are the paths that end in a spin that may wait forever; they
	// are kept apart so that the other paths stay those herd enumerates.
	hangs []path
	// polling caches, by backward branch, whether its loop body has no
	// write instruction.
	polling map[int]bool
	// loopCut records that a path was cut by the unroll bound.
	loopCut bool
	// errs are errors that make the test invalid (not path cuts).
	err error
	// limit bounds the number of paths, against blow-ups.
	limit int
	// unroll is how many times a backward jump may be taken.
	unroll int
	// discover lets one read per path return a value outside its
	// location's domain (Value.Var == VarDiscover), to find values that
	// only such a read leads to: a read that decides a branch whose other
	// arm stores the value it reads.
	discover bool
	// hv, when set, lays herd's symbols over the thread's code, to name
	// unknown values as herd does.
	hv *herdVars
	// lim is polled every few thousand instructions run.
	lim   *limiter
	steps int
	// budget is how many events a path may have (MaxPathEvents). A path
	// cut past it is kept, marked overlong.
	budget int
	// mixed, when set, splits memory accesses into cells (paths_mixed.go).
	mixed *mixedLayout
}

// regsCopy returns a copy of th's registers when herd's symbols are
// followed, for herdVars.step.
func (pe *pathEnum) regsCopy(th *threadRun) map[string]regVal {
	if th.hc == nil {
		return nil
	}
	c := make(map[string]regVal, len(th.regs))
	for k, v := range th.regs {
		c[k] = v
	}
	return c
}

func errAt(in *litmus.Instr, format string, args ...any) error {
	return &litmus.Error{Pos: in.Pos, Msg: fmt.Sprintf(format, args...)}
}

// run continues th from pc to the end of the thread, forking at reads and
// store-conditionals.
func (pe *pathEnum) run(th *threadRun, pc int) {
	code := pe.th.Code
	for pc < len(code) {
		if pe.err != nil {
			return
		}
		if len(th.events) > pe.budget {
			pe.keep(th, true)
			return
		}
		if pe.steps++; pe.steps%4096 == 0 {
			if pe.err = pe.lim.poll(pe.phase); pe.err != nil {
				return
			}
		}
		in := &code[pc]
		th.step++
		var before map[string]regVal
		if th.hc != nil {
			pe.hv.enter(th.hc, pc)
			before = pe.regsCopy(th)
		}
		if pe.mixed != nil && in.Addr != nil && pe.mixedAccess(th, pc, in) {
			return
		}
		switch in.Op {
		case litmus.OpNop:
		case litmus.OpMove:
			v, err := th.eval(in.Src)
			if err != nil {
				pe.stuck(th, in, cannot(v, err))
				return
			}
			pe.setReg(th, in.Dst, v, pc)
		case litmus.OpFence:
			cd, cp := th.ctrlDeps(pc)
			ev := tevent{kind: litmus.KindF, tags: in.FTags, instr: pc, rmwRead: -1, ctrl: cd, pctrl: cp}
			if in.Addr != nil {
				// A located fence (LKMM's synchronize_srcu) is an event on
				// its location that neither reads nor writes it.
				a, loc, ok := pe.address(th, in)
				if !ok {
					return
				}
				ev.loc, ev.addr, ev.paddr = loc, a.d, a.d|a.p
			}
			th.addEvent(ev)
		case litmus.OpBranch:
			taken := true
			var condReads deps
			if in.Cond != nil {
				c, err := th.eval(in.Cond)
				if err != nil || c.v.IsUnknown() {
					pe.stuck(th, in, cannot(c, err))
					return
				}
				taken, condReads = truthy(c.v), c.d
				if c.d|c.p|c.c != 0 {
					th.ctrl = append(th.ctrl, ctrlScope{d: c.d | c.c, p: c.p, end: in.CtrlEnd})
				}
				if th.hc != nil && isIf(in, pc) {
					pe.hv.branch(th.hc, pc, taken)
					before = nil
				}
			}
			if taken {
				if in.Spin > 0 {
					pe.keepHang(th, pc, pe.branchSpinReads(th, condReads, pc, in.Spin))
					return
				}
				if in.Target <= pc {
					th.loops[pc]++
					if th.loops[pc] > pe.unroll {
						pe.loopCut = true
						pe.pollingHang(th, pc, in)
						return
					}
					pe.markLoop(th, pc, in)
				}
				pc = in.Target
				continue
			}
		case litmus.OpAssume:
			c, err := th.eval(in.Cond)
			if err != nil || c.v.IsUnknown() {
				pe.stuck(th, in, cannot(c, err))
				return
			}
			if !truthy(c.v) {
				if in.Spin > 0 {
					pe.keepHang(th, pc, pe.attemptReads(th, c.d, pc-in.Spin))
				}
				return
			}
			if in.CtrlDep && c.d|c.c != 0 {
				th.ctrl = append(th.ctrl, ctrlScope{d: c.d | c.c})
			}
		case litmus.OpLoad, litmus.OpLoadReserve, litmus.OpRMW, litmus.OpCAS:
			pe.read(th, pc, in)
			return
		case litmus.OpStore:
			a, loc, s, ok := pe.store(th, in)
			if !ok {
				return
			}
			ev := tevent{kind: litmus.KindW, loc: loc, val: s.v, tags: in.WTags, instr: pc, rmwRead: -1,
				addr: a.d, vdeps: s.valueDeps(), paddr: a.d | a.p}
			ev.ctrl, ev.pctrl = th.ctrlDeps(pc)
			if !in.NoDataDep {
				ev.data, ev.pdata = s.d, s.d|s.p
			}
			th.addEvent(ev)
		case litmus.OpStoreCond:
			pe.storeCond(th, pc, in)
			return
		default:
			pe.err = errAt(in, "unsupported: instruction kind %v", in.Op)
			return
		}
		if before != nil && in.Op != litmus.OpBranch {
			pe.hv.step(th.hc, pc, 0, before, litmus.Value{})
		}
		pc++
	}
	pe.keep(th, len(th.events) > pe.budget)
}

// keep records the path th ran, cut at its budget when overlong.
func (pe *pathEnum) keep(th *threadRun, overlong bool) {
	if len(pe.paths) >= pe.limit {
		pe.err = &litmus.Error{Pos: pe.th.Pos, Msg: fmt.Sprintf("unsupported: more than %d paths in thread P%d", pe.limit, pe.th.ID)}
		return
	}
	if overlong {
		pe.paths = append(pe.paths, path{events: th.events[:pe.budget+1], overlong: true})
		return
	}
	regs := make(map[string]litmus.Value, len(th.regs))
	for k, v := range th.regs {
		regs[k] = v.v
	}
	p := path{events: th.events, regs: regs}
	if th.hc != nil {
		p.maxUnknown = th.hc.maxUnknown
	}
	pe.paths = append(pe.paths, p)
}

func (pe *pathEnum) phase() string {
	return fmt.Sprintf("enumerating the paths of thread P%d", pe.th.ID)
}

// address evaluates the memory address of in; ok is false when the value
// is not an address, which cuts the path.
func (pe *pathEnum) address(th *threadRun, in *litmus.Instr) (regVal, string, bool) {
	a, err := th.eval(in.Addr)
	if err != nil || !a.v.IsAddr() {
		pe.stuck(th, in, badAddress(a, err))
		return a, "", false
	}
	loc := a.v.Sym
	if a.v.Off != 0 {
		i := a.v.Off
		n, array := pe.elemBytes[a.v.Sym]
		if !array && pe.scalarOffsets {
			pe.stuck(th, in, fmt.Sprintf("unsupported: an access at byte %d of %s, which is not an array (herd7 finds no location there)", i, a.v.Sym))
			return a, "", false
		}
		if array {
			if i%int64(n) != 0 {
				pe.stuck(th, in, fmt.Sprintf("unsupported: an access at byte %d of array %s, inside its %d-byte element %d", i, a.v.Sym, n, i/int64(n)))
				return a, "", false
			}
			i /= int64(n)
		}
		loc = fmt.Sprintf("%s[%d]", a.v.Sym, i)
	}
	return a, loc, true
}

// arrayElements are the element widths of the arrays the assembly test t
// declares, nil for a C test, whose addresses count elements.
func arrayElements(t *litmus.Test) map[string]int {
	if t.Arch == litmus.ArchC {
		return nil
	}
	var elems map[string]int
	for _, it := range t.Init {
		if it.Loc.Thread == -1 && it.Size > 0 {
			if elems == nil {
				elems = map[string]int{}
			}
			elems[it.Loc.Name] = locBytes(it.Type)
		}
	}
	return elems
}

// store evaluates the address and the value of a store (plain or
// conditional); ok is false when the path is stuck.
func (pe *pathEnum) store(th *threadRun, in *litmus.Instr) (a regVal, loc string, v regVal, ok bool) {
	if a, loc, ok = pe.address(th, in); !ok {
		return a, loc, v, false
	}
	v, err := th.eval(in.Src)
	if err != nil {
		pe.stuck(th, in, cannot(v, err))
		return a, loc, v, false
	}
	if why := pe.overflow(loc, v.v); why != "" {
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
func (pe *pathEnum) overflow(loc string, v litmus.Value) string {
	if pe.mixed != nil || v.Sym != "" || v.IsUnknown() {
		return ""
	}
	base, _, _ := strings.Cut(loc, "[")
	n := pe.locBytes[base]
	if n == 0 || n >= 8 {
		return ""
	}
	if lo, hi := -(int64(1) << (8*n - 1)), int64(1)<<(8*n)-1; v.Off >= lo && v.Off <= hi {
		return ""
	}
	return fmt.Sprintf("writes %s to %s, a %d-byte location of the C test (the value wraps there; this column computes with whole values)", v, base, n)
}

// read forks the path on every value the location may hold.
func (pe *pathEnum) read(th *threadRun, pc int, in *litmus.Instr) {
	a, loc, ok := pe.address(th, in)
	if !ok {
		return
	}
	vals := pe.domains[loc]
	lock := isLockInstr(in)
	if lock {
		vals = lockDomain(pe.domains[lockKey(loc)])
	}
	if len(vals) == 0 {
		vals = []litmus.Value{litmus.Int(0)}
	}
	if pe.discover && !th.usedDiscover && !lock {
		vals = append(vals[:len(vals):len(vals)], litmus.Value{Sym: loc, Var: litmus.VarDiscover})
	}
	for i, v := range vals {
		t := th
		if i < len(vals)-1 {
			t = th.clone()
		}
		if v.Var == litmus.VarDiscover {
			t.usedDiscover = true
		}
		pe.readValue(t, pc, in, a, loc, v)
		if pe.err != nil {
			return
		}
	}
}

func (pe *pathEnum) readValue(th *threadRun, pc int, in *litmus.Instr, a regVal, loc string, v litmus.Value) {
	before := pe.regsCopy(th)
	alt := 0 // herd's alternative: a failed CAS, a free lock seen
	ctrl, pctrl := th.ctrlDeps(pc)
	r := tevent{kind: litmus.KindR, loc: loc, val: v, tags: in.RTags, instr: pc, rmwRead: -1,
		addr: a.d, ctrl: ctrl, paddr: a.d | a.p, pctrl: pctrl}
	switch in.Op {
	case litmus.OpLoad:
		if in.ZeroTags != nil {
			if v.IsUnknown() {
				pe.stuck(th, in, "branches on an unknown value", r)
				return
			}
			if v == litmus.Int(0) {
				r.tags, alt = in.ZeroTags, 1
			}
		}
		idx := th.addEvent(r)
		if in.Dst != "" {
			pe.setReg(th, in.Dst, regVal{v: v, d: 1 << uint(idx)}, pc)
		}
	case litmus.OpLoadReserve:
		r.lxsx = true
		idx := th.addEvent(r)
		th.resv, th.resvLoc = idx, loc
		if in.Dst != "" {
			pe.setReg(th, in.Dst, regVal{v: v, d: 1 << uint(idx)}, pc)
		}
	case litmus.OpRMW:
		if in.SpinTags != nil && !v.IsUnknown() && v != litmus.Int(0) {
			// A spin_lock finding the lock held: a read, no write; the
			// path spins at the assume that follows.
			r.tags, th.hc = in.SpinTags, nil
			idx := th.addEvent(r)
			if in.Dst != "" {
				pe.setReg(th, in.Dst, regVal{v: v, d: 1 << uint(idx)}, pc)
			}
			pe.run(th, pc+1)
			return
		}
		r.atomic = true
		s, err := th.eval(in.Src)
		if err != nil {
			pe.stuck(th, in, cannot(s, err), r)
			return
		}
		old := v
		if in.Mask32 && v.Sym == "" {
			old = litmus.Int(int64(uint32(v.Off)))
		}
		nv, err := Apply(in.RMWOp, old, s.v)
		if err != nil {
			pe.stuck(th, in, cannot(s, err), r)
			return
		}
		nv = litmus.Convert(in.Wrap, nv)
		if why := pe.overflow(loc, nv); why != "" {
			pe.stuck(th, in, why, r)
			return
		}
		idx := th.addEvent(r)
		w := tevent{kind: litmus.KindW, loc: loc, val: nv, tags: in.WTags, instr: pc, rmwRead: idx,
			addr: a.d, data: s.d, ctrl: ctrl, vdeps: s.valueDeps(), atomic: true,
			paddr: r.paddr, pdata: s.d | s.p, pctrl: pctrl}
		if in.RMWOp != litmus.OpXchg {
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
			pe.setReg(th, in.Dst, regVal{v: out, d: d, p: p}, pc)
		}
	case litmus.OpCAS:
		r.atomic = true
		pe.cas(th, pc, in, r, a, v, before)
		return
	}
	if before != nil {
		pe.hv.step(th.hc, pc, alt, before, v)
	}
	pe.run(th, pc+1)
}
