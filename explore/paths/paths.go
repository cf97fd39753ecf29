// This file implements the enumeration of each thread's control-flow paths:
// the thread's code runs with every read returning each value its location
// may hold, which yields the thread's events, their dependencies and its
// final registers (the atomic read-modify-writes are in paths_rmw.go).

package paths

import (
	"fmt"
	"maps"
	"slices"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// DefaultUnroll is how many times a backward jump may be taken unless
// Options.Unroll says otherwise: herd's -unroll default.
const DefaultUnroll = 2

// A tevent is an event of one thread path, before threads are combined.
type Event struct {
	Kind  litmus.EventKind
	Loc   string
	Val   litmus.Value
	Tags  []string
	Instr int
	// step numbers the instructions the path executes: events of one
	// execution of one instruction share it (a loop runs an instruction
	// several times, each a step of its own).
	Step int
	// Thread-local indices of the reads this event depends on.
	Addr, Data, Ctrl Deps
	// The same through picks as well (a superset of addr, data and ctrl):
	// herd's pick-addr-dep, pick-data-dep and pick-ctrl-dep.
	Paddr, Pdata, Pctrl Deps
	// rmwRead is the local index of the read this write completes
	// atomically, or -1.
	RmwRead int
	Lxsx    bool
	// atomic marks the events of a read-modify-write instruction (OpRMW,
	// OpCAS), whichever its outcome: herd's RMW set in the C dialect.
	Atomic bool
	// vdeps, for a write, are the reads its value is computed from. A cycle
	// of rf and vdeps is a value out of thin air: herd's equations have no
	// solution for it, so no candidate has one.
	Vdeps Deps
	// Alts, for a read left open (open_reads.go), are the values it may
	// return besides Val, any of which the path stands for.
	Alts []litmus.Value
}

// A path is one control-flow path of a thread with its read values.
type Path struct {
	Events []Event
	Regs   map[string]litmus.Value
	// overlong marks a path cut at the event that passes its budget: any
	// candidate with it is too large to check, and says so (events holds
	// the events up to that one).
	Overlong bool
	// stuck, when set, marks a path cut where an instruction could not be
	// evaluated (stuck.go): its candidates are checked, never counted.
	Stuck *litmus.Stuck
	// maxUnknown is the rank, in herd's numbering of the thread's
	// symbols, of the last symbol holding an unknown value; 0 for none.
	MaxUnknown int
	// hang marks a path that ends in a spin that may wait forever
	// (hang.go): spin holds the local indices of its spin reads, and
	// hangInstr the instruction it spins at.
	Hang      bool
	Spin      Deps
	hangInstr int
	// Weight is the number of herd's paths this one stands for (0: one):
	// forms of a compare-and-swap the model decides alike run once
	// (Enumeration.MergeAcquireCAS) and count once for each.
	Weight int
}

// Multiplicity is the number of paths p counts for.
func (p *Path) Multiplicity() int { return max(p.Weight, 1) }

// threadRun is the state of one thread being run along a path.
type ThreadRun struct {
	Regs    map[string]RegVal
	Events  []Event
	ctrl    []ctrlScope
	Resv    int // local index of the reserving read, -1 for none
	resvLoc string
	Loops   map[int]int
	// loopMark and loopRegs record, for a pure polling loop's backward
	// branch, the events and registers at the last time it was taken
	// (hang.go); nil until then.
	loopMark map[int]int
	loopRegs map[int]map[string]litmus.Value
	step     int
	// stored, when set, sees every write as the path makes it, also on
	// paths that a later read cuts: the write still happens on the same
	// path with another value read.
	Stored func(*ThreadRun, Event)
	// discovered, when set, sees the constants an unknown read is compared
	// with (see unknownOp); usedDiscover records that a read of this path
	// returned the unknown value already.
	Discovered   func(loc string, v litmus.Value)
	usedDiscover bool
	// decided records that a comparison with an unknown read decided
	// something on this path: only the stores after it are discoveries.
	Decided bool
	// hc, when set, follows herd's numbering of symbols (herdvars.go).
	Hc *HerdCursor
	// weight is the number of herd's paths the run stands for (Path.Weight).
	weight int
	// choices are the instructions of the choices (OpChoose) the path
	// made, in order: RegVal.ch and ctrlScope.ch index them.
	choices []int
	// aw records the path's visits to the points of await loops
	// (await_loops.go).
	aw awaitState
	// open are the reads of the path whose value is not decided yet
	// (open_reads.go).
	open []openRead
}

// A ctrlScope is a branch the code up to end (0: the end of the thread)
// is control-dependent on: on the reads d, p, and the choices ch.
type ctrlScope struct {
	d, p Deps
	end  int
	ch   Deps
}

func (th *ThreadRun) clone() *ThreadRun {
	c := &ThreadRun{
		Regs:    make(map[string]RegVal, len(th.Regs)),
		Events:  append([]Event(nil), th.Events...),
		ctrl:    append([]ctrlScope(nil), th.ctrl...),
		Resv:    th.Resv,
		resvLoc: th.resvLoc,
		Loops:   make(map[int]int, len(th.Loops)),
		step:    th.step,
		Stored:  th.Stored,

		Discovered:   th.Discovered,
		usedDiscover: th.usedDiscover,
		Decided:      th.Decided,
		Hc:           th.Hc.clone(),
		weight:       th.weight,
		choices:      append([]int(nil), th.choices...),
		aw:           th.aw.clone(),
		open:         append([]openRead(nil), th.open...),
	}
	for k, v := range th.Regs {
		c.Regs[k] = v
	}
	for k, v := range th.Loops {
		c.Loops[k] = v
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
func (pe *Enumeration) setReg(th *ThreadRun, name string, v RegVal, pc int) {
	v.c |= pe.regCtrl(th, pc)
	th.Regs[name] = v
}

// regCtrl are the branch reads a register write at pc carries (setReg).
func (pe *Enumeration) regCtrl(th *ThreadRun, pc int) Deps {
	if !pe.CCtrl {
		return 0
	}
	d, _ := th.ctrlDeps(pc)
	return d
}

// ctrlDeps returns the reads that the branches before pc depend on, and
// the same through picks as well.
func (th *ThreadRun) ctrlDeps(pc int) (d, p Deps) {
	for _, s := range th.ctrl {
		if s.end == 0 || pc < s.end {
			d |= s.d
			p |= s.d | s.p
		}
	}
	return d, p
}

// addEvent appends an event and returns its local index.
func (th *ThreadRun) addEvent(ev Event) int {
	ev.Step = th.step
	th.Events = append(th.Events, ev)
	if ev.Kind == litmus.KindW && th.Stored != nil {
		th.Stored(th, ev)
	}
	return len(th.Events) - 1
}

// pathEnum enumerates the paths of one thread.
type Enumeration struct {
	Th *litmus.Thread
	// locBytes are the widths a C test gives its locations (Test.LocBytes),
	// which its compiled tests carry: a write of a value that does not
	// fit cuts the path (overflow).
	LocBytes map[string]int
	// elemBytes are the element widths of the arrays an assembly test
	// declares ("int x[2]"), whose addresses count bytes: x+4 is x[1].
	ElemBytes map[string]int
	// Objects are the sizes in bytes of the locations a C test lays out
	// in slots (litmus.Test.Objects): an access outside one is refused.
	Objects map[string]int
	// scalarOffsets refuses an access inside a location that is not an
	// array, in a dialect that has no mixed-size semantics to run it.
	ScalarOffsets bool
	// MergeAcquireCAS runs once the forms of an acquire CAS that the model
	// decides alike (explore.Capabilities.AcquireCASFormsAlike).
	MergeAcquireCAS bool
	// cCtrl: the test is C, whose register writes are control-dependent
	// (setReg).
	CCtrl   bool
	Domains map[string][]litmus.Value
	Paths   []Path
	// hangs are the paths that end in a spin that may wait forever; they
	// are kept apart so that the other paths stay those herd enumerates.
	Hangs []Path
	// polling caches, by backward branch, whether its loop body has no
	// write instruction.
	polling map[int]bool
	// await is what the await check knows of the code, once awaitDone
	// (await_loops.go).
	await     *awaitInfo
	awaitDone bool
	// Shown, when not nil, are the registers of the thread that the final
	// state, the condition or the filter read: the end of the thread
	// reads these alone, for the await check's liveness. Nil: every
	// register.
	Shown []string
	// loopCut records that a path was cut by the unroll bound.
	LoopCut bool
	// KeepCuts keeps the paths that the unroll bound cut in Cuts, each
	// with its events up to the backward branch taken once too often, for
	// the check that a cut execution is consistent; CutsLost records a
	// cut not kept (past the limit or the event budget), which that check
	// cannot clear.
	KeepCuts bool
	Cuts     []Path
	CutsLost bool
	// errs are errors that make the test invalid (not path cuts).
	Err error
	// limit bounds the number of paths, against blow-ups.
	Limit int
	// unroll is how many times a backward jump may be taken.
	Unroll int
	// discover lets one read per path return a value outside its
	// location's domain (Value.Var == VarDiscover), to find values that
	// only such a read leads to: a read that decides a branch whose other
	// arm stores the value it reads.
	Discover bool
	// hv, when set, lays herd's symbols over the thread's code, to name
	// unknown values as herd does.
	Hv *herdVars
	// lim is polled every few thousand instructions run.
	Lim   *limit.Limiter
	steps int
	// budget is how many events a path may have (MaxPathEvents). A path
	// cut past it is kept, marked overlong.
	Budget int
	// mixed, when set, splits memory accesses into cells (paths_mixed.go).
	Mixed *MixedLayout
	// Writers, when set, keeps reads coherent (coherent_reads.go); Self
	// is the thread's index, Init the initial values.
	Writers *Writers
	Self    int
	Init    map[string]litmus.Value
	// openLive is the liveness open reads follow (open_reads.go).
	openLive *openCode
	// Discard counts the paths against Limit without keeping them: a
	// discovery round wants only the values stored. kept is the count.
	Discard bool
	kept    int
}

// regsCopy returns a copy of th's registers when herd's symbols are
// followed, for herdVars.step.
func (pe *Enumeration) regsCopy(th *ThreadRun) map[string]RegVal {
	if th.Hc == nil {
		return nil
	}
	c := make(map[string]RegVal, len(th.Regs))
	for k, v := range th.Regs {
		c[k] = v
	}
	return c
}

func errAt(in *litmus.Instr, format string, args ...any) error {
	return &litmus.Error{Pos: in.Pos, Msg: fmt.Sprintf(format, args...)}
}

// run continues th from pc to the end of the thread, forking at reads,
// store-conditionals and choices.
func (pe *Enumeration) Run(th *ThreadRun, pc int) {
	code := pe.Th.Code
	for pc < len(code) {
		if !pe.mayStep(th) || len(th.open) > 0 && pe.openStep(th, pc) || pe.awaitArrive(th, pc) {
			return
		}
		in := &code[pc]
		th.step++
		var before map[string]RegVal
		if th.Hc != nil {
			pe.Hv.enter(th.Hc, pc)
			before = pe.regsCopy(th)
		}
		if pe.Mixed != nil && in.Addr != nil && pe.mixedAccess(th, pc, in) {
			return
		}
		ok := true
		switch in.Op {
		case litmus.OpNop:
		case litmus.OpMove:
			ok = pe.runMove(th, pc, in)
		case litmus.OpFence:
			ok = pe.runFence(th, pc, in)
		case litmus.OpBranch:
			if pc, ok = pe.runBranch(th, pc, in); !ok {
				return
			}
			continue
		case litmus.OpAssume:
			ok = pe.runAssume(th, pc, in)
		case litmus.OpLoad, litmus.OpLoadReserve, litmus.OpRMW, litmus.OpCAS:
			pe.read(th, pc, in)
			return
		case litmus.OpStore:
			ok = pe.runStore(th, pc, in)
		case litmus.OpStoreCond:
			pe.storeCond(th, pc, in)
			return
		case litmus.OpChoose:
			pe.choose(th, pc, in, before)
			return
		default:
			pe.Err = errAt(in, "unsupported: instruction kind %v", in.Op)
			return
		}
		if !ok {
			return
		}
		if before != nil {
			pe.Hv.step(th.Hc, pc, 0, before, litmus.Value{})
		}
		pc++
	}
	pe.eachDecided(th, func(t *ThreadRun) { pe.keep(t, len(t.Events) > pe.Budget) })
}

// keep records the path th ran, cut at its budget when overlong.
func (pe *Enumeration) keep(th *ThreadRun, overlong bool) {
	if !pe.room() {
		return
	}
	if overlong {
		pe.Paths = append(pe.Paths, Path{Events: th.Events[:pe.Budget+1], Overlong: true})
		return
	}
	regs := make(map[string]litmus.Value, len(th.Regs))
	for k, v := range th.Regs {
		regs[k] = v.V
	}
	p := Path{Events: th.Events, Regs: regs, Weight: th.weight}
	if th.Hc != nil {
		p.MaxUnknown = th.Hc.maxUnknown
	}
	pe.Paths = append(pe.Paths, p)
}

// room reports whether one more path may be kept, and counts it; past
// the limit it sets the error. Paths are stored only when not Discard.
func (pe *Enumeration) room() bool {
	if pe.kept >= pe.Limit {
		pe.Err = &litmus.Error{Pos: pe.Th.Pos, Msg: fmt.Sprintf("unsupported: more than %d paths in thread P%d", pe.Limit, pe.Th.ID)}
		return false
	}
	pe.kept++
	return !pe.Discard
}

func (pe *Enumeration) phase() string {
	return fmt.Sprintf("enumerating the paths of thread P%d", pe.Th.ID)
}

// address evaluates the memory address of in; ok is false when the value
// is not an address, which cuts the path.
func (pe *Enumeration) address(th *ThreadRun, in *litmus.Instr) (RegVal, string, bool) {
	a, err := th.eval(in.Addr)
	if err != nil || !a.V.IsAddr() {
		pe.stuck(th, in, badAddress(a, err))
		return a, "", false
	}
	loc := a.V.Sym
	if a.V.Off != 0 {
		i := a.V.Off
		n, array := pe.ElemBytes[a.V.Sym]
		if !array && pe.ScalarOffsets {
			pe.stuck(th, in, fmt.Sprintf("unsupported: an access at byte %d of %s, which is not an array (herd7 finds no location there)", i, a.V.Sym))
			return a, "", false
		}
		if size, ok := pe.Objects[a.V.Sym]; ok && (i < 0 || i >= int64(size)) {
			pe.stuck(th, in, fmt.Sprintf("unsupported: an access at byte %d of %s, outside its %d bytes", i, a.V.Sym, size))
			return a, "", false
		}
		if array {
			if i%int64(n) != 0 {
				pe.stuck(th, in, fmt.Sprintf("unsupported: an access at byte %d of array %s, inside its %d-byte element %d", i, a.V.Sym, n, i/int64(n)))
				return a, "", false
			}
			i /= int64(n)
		}
		loc = fmt.Sprintf("%s[%d]", a.V.Sym, i)
	}
	return a, loc, true
}

// read forks the path on every value the location may hold.
func (pe *Enumeration) read(th *ThreadRun, pc int, in *litmus.Instr) {
	a, loc, ok := pe.address(th, in)
	if !ok {
		return
	}
	vals := pe.Domains[loc]
	lock := IsLockInstr(in)
	if lock {
		vals = lockDomain(pe.Domains[lockKey(loc)])
	}
	if len(vals) == 0 {
		vals = []litmus.Value{litmus.Int(0)}
	}
	if pe.Writers != nil && !lock {
		vals = pe.coherentValues(th, loc, vals)
	}
	if pe.Discover && !th.usedDiscover && !lock && pe.mayCompare(in, pc) {
		vals = append(vals[:len(vals):len(vals)], litmus.Value{Sym: loc, Var: litmus.VarDiscover})
	}
	if pe.openable(in) {
		if open, rest := splitOpen(vals); open != nil {
			t := th
			if len(rest) > 0 {
				t = th.clone()
			}
			pe.openLoad(t, pc, readEvent(t, pc, in, a, loc, open[0]), open)
			pe.Run(t, pc+1)
			if pe.Err != nil {
				return
			}
			vals = rest
		}
	}
	var writeBack []litmus.Value // failures left to the forms that write back
	if fails, rest, e := pe.casFailures(th, in, vals); fails != nil {
		if slices.ContainsFunc(casForms(in, false), writesBack) {
			writeBack = fails
			rest = append(rest, fails...)
		}
		t := th
		if len(rest) > 0 {
			t = th.clone()
		}
		pe.openCASFail(t, pc, in, readEvent(t, pc, in, a, loc, fails[0]), e, fails)
		if pe.Err != nil {
			return
		}
		vals = rest
	}
	for i, v := range vals {
		t := th
		if i < len(vals)-1 {
			t = th.clone()
		}
		if v.Var == litmus.VarDiscover {
			t.usedDiscover = true
		}
		if slices.Contains(writeBack, v) {
			r := readEvent(t, pc, in, a, loc, v)
			r.Atomic = true
			pe.cas(t, pc, in, r, a, v, pe.regsCopy(t), writesBack)
		} else {
			pe.readValue(t, pc, in, a, loc, v)
		}
		if pe.Err != nil {
			return
		}
	}
}

// readEvent is the read of in at pc on th, at address a of location loc,
// returning v.
func readEvent(th *ThreadRun, pc int, in *litmus.Instr, a RegVal, loc string, v litmus.Value) Event {
	ctrl, pctrl := th.ctrlDeps(pc)
	return Event{Kind: litmus.KindR, Loc: loc, Val: v, Tags: in.RTags, Instr: pc, RmwRead: -1,
		Addr: a.d, Ctrl: ctrl, Paddr: a.d | a.p, Pctrl: pctrl}
}

func (pe *Enumeration) readValue(th *ThreadRun, pc int, in *litmus.Instr, a RegVal, loc string, v litmus.Value) {
	before := pe.regsCopy(th)
	alt := 0 // herd's alternative: a failed CAS, a free lock seen
	r := readEvent(th, pc, in, a, loc, v)
	switch in.Op {
	case litmus.OpLoad:
		if in.ZeroTags != nil {
			if v.IsUnknown() {
				pe.stuck(th, in, "branches on an unknown value", r)
				return
			}
			if v == litmus.Int(0) {
				r.Tags, alt = in.ZeroTags, 1
			}
		}
		idx := th.addEvent(r)
		if in.Dst != "" {
			pe.setReg(th, in.Dst, RegVal{V: v, d: 1 << uint(idx)}, pc)
		}
	case litmus.OpLoadReserve:
		r.Lxsx = true
		idx := th.addEvent(r)
		th.Resv, th.resvLoc = idx, loc
		if in.Dst != "" {
			pe.setReg(th, in.Dst, RegVal{V: v, d: 1 << uint(idx)}, pc)
		}
	case litmus.OpRMW:
		if in.SpinTags != nil && !v.IsUnknown() && v != litmus.Int(0) {
			// A spin_lock finding the lock held: a read, no write; the
			// path spins at the assume that follows.
			r.Tags, th.Hc = in.SpinTags, nil
			idx := th.addEvent(r)
			if in.Dst != "" {
				pe.setReg(th, in.Dst, RegVal{V: v, d: 1 << uint(idx)}, pc)
			}
			pe.Run(th, pc+1)
			return
		}
		r.Atomic = true
		s, err := th.eval(in.Src)
		if err != nil {
			pe.stuck(th, in, cannot(s, err), r)
			return
		}
		old := v
		if in.Mask32 && v.Sym == "" {
			old = litmus.Int(int64(uint32(v.Off)))
		}
		nv, err := litmus.Apply(in.RMWOp, old, s.V)
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
		w := Event{Kind: litmus.KindW, Loc: loc, Val: nv, Tags: in.WTags, Instr: pc, RmwRead: idx,
			Addr: a.d, Data: s.d, Ctrl: r.Ctrl, Vdeps: s.valueDeps(), Atomic: true,
			Paddr: r.Paddr, Pdata: s.d | s.p, Pctrl: r.Pctrl}
		if in.RMWOp != litmus.OpXchg {
			// The old value is an operand of the new one (herd's iico_data
			// from the read to the write of an atomic operation).
			w.Vdeps |= 1 << uint(idx)
			w.Data |= 1 << uint(idx)
			w.Pdata |= 1 << uint(idx)
		}
		if in.NoRMW {
			w.RmwRead = -1
		}
		th.addEvent(w)
		if in.Dst != "" {
			out, d, p, ch := v, Deps(1)<<uint(idx), Deps(0), Deps(0)
			if in.ReturnNew {
				out, d, p, ch = nv, d|s.d, s.p, s.ch
			}
			pe.setReg(th, in.Dst, RegVal{V: out, d: d, p: p, ch: ch}, pc)
		}
	case litmus.OpCAS:
		r.Atomic = true
		pe.cas(th, pc, in, r, a, v, before, nil)
		return
	}
	if before != nil {
		pe.Hv.step(th.Hc, pc, alt, before, v)
	}
	pe.Run(th, pc+1)
}
