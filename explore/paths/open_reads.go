// This file implements open reads: a plain load whose value the path
// leaves undecided until something uses it for more than a branch, so
// that the values a spin or a pointer test cannot tell apart run as one
// path instead of one path each.
//
// Why it is exact. A path forked on the values of a read differs from its
// siblings only where the register's value is used. Values that give every
// branch taken the same outcome, and reach no write, address, RMW operand
// or register the end of the thread shows, make paths that are the same
// but for the read's value: the same events, dependencies and shown
// registers. One path whose read may read any write of those values (its
// Event.Alts) stands for all of them, and the explorer's rf choices for it
// are the union of theirs: the candidates, counted one per rf, are the
// same. A use that can tell the values apart decides the read there
// (fix), forking the path on what is left open.

package paths

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// ReadsValue reports whether the read ev may return v.
func (ev *Event) ReadsValue(v litmus.Value) bool {
	return ev.Val == v || ev.Alts != nil && slices.Contains(ev.Alts, v)
}

// maxOpen bounds the values an open read holds (its mask's width).
const maxOpen = 64

// An openRead is a read event of the path whose value is not decided:
// it is one of vals at the positions mask holds. regs are the registers
// that may hold a value computed from it (openVal), shared copy-on-write.
// Under mixed-size cells the read is the events ev, ev+1, ... of its
// cells, and cells[p] are their values at position p, whose assembly is
// vals[p]; the positions kept are always a product of values per cell,
// so that each cell's event stands for its own values alone.
type openRead struct {
	ev    int
	vals  []litmus.Value
	cells [][]int64
	mask  uint64
	regs  []string
}

// An openVal is what a register computed from an open read holds: tab[p]
// is its value when the read returns vals[p]. It is shared read-only.
type openVal struct {
	ev  int
	tab []litmus.Value
}

// openCode is the liveness the open reads follow, computed once.
type openCode struct {
	index map[string]int
	regLiveness
}

func (pe *Enumeration) openInfo() *openCode {
	if pe.openLive == nil {
		_, index := registersOf(pe.Th.Code)
		pe.openLive = &openCode{index: index, regLiveness: liveness(pe.Th.Code, index, pe.Shown)}
	}
	return pe.openLive
}

// liveAt reports whether register r is live before pc (at the end of the
// thread for pc past its code).
func (oc *openCode) liveAt(r string, pc int, code []litmus.Instr) bool {
	i, ok := oc.index[r]
	if !ok {
		return false
	}
	if pc < 0 || pc >= len(code) {
		return oc.exit.has(i)
	}
	return oc.live[pc].has(i)
}

// usedAt reports whether the instruction at pc reads register r.
func (oc *openCode) usedAt(r string, pc int) bool {
	i, ok := oc.index[r]
	return ok && oc.use[pc].has(i)
}

// openable reports whether the load in may be left open: a plain load
// into a register. herd's numbering of unknown values may follow it: an
// open read's values are all known.
func (pe *Enumeration) openable(in *litmus.Instr) bool {
	return in.Op == litmus.OpLoad && in.Dst != "" && in.ZeroTags == nil && !IsLockInstr(in)
}

// mayCompare reports whether the value the instruction in at pc reads may
// be compared with anything: not a load into a register dead after it,
// for which a discovery read (Enumeration.Discover) would find nothing.
func (pe *Enumeration) mayCompare(in *litmus.Instr, pc int) bool {
	return in.Op != litmus.OpLoad || in.Dst != "" && pe.openInfo().liveAt(in.Dst, pc+1, pe.Th.Code)
}

// splitOpen separates the values vals of a read that can be left open
// from those that fork as before: unknown and discovery values, and the
// values except (a CAS's expected value, which succeeds).
func splitOpen(vals []litmus.Value, except ...litmus.Value) (open, rest []litmus.Value) {
	for _, v := range vals {
		if v.IsUnknown() || v.Var == litmus.VarDiscover || slices.Contains(except, v) {
			rest = append(rest, v)
		} else {
			open = append(open, v)
		}
	}
	if len(open) < 2 || len(open) > maxOpen {
		return nil, vals
	}
	return open, rest
}

// openLoad adds the read of in at pc, open over vals, with its register.
func (pe *Enumeration) openLoad(th *ThreadRun, pc int, r Event, vals []litmus.Value) {
	before := pe.regsCopy(th)
	defer func() {
		if before != nil {
			pe.Hv.step(th.Hc, pc, 0, before, vals[0])
		}
	}()
	r.Val, r.Alts = vals[0], vals[1:]
	idx := th.addEvent(r)
	th.open = append(th.open, openRead{ev: idx, vals: vals, mask: 1<<uint(len(vals)) - 1, regs: []string{pe.Th.Code[pc].Dst}})
	pe.setReg(th, pe.Th.Code[pc].Dst, RegVal{V: vals[0], d: 1 << uint(idx), open: &openVal{ev: idx, tab: vals}}, pc)
}

// find returns the index in th.open of the open read of event ev, or -1.
func (th *ThreadRun) findOpen(ev int) int {
	for k := range th.open {
		if th.open[k].ev == ev {
			return k
		}
	}
	return -1
}

// holds reports whether register r still holds a value of open read o.
func (th *ThreadRun) holds(r string, o *openRead) bool {
	v := th.Regs[r]
	return v.open != nil && v.open.ev == o.ev
}

// narrow keeps open read k to the positions of mask: the events' values
// and alternatives, and the registers' values, follow. A register whose
// value is the same at every position kept holds it decided; a read no
// register holds undecided any more leaves the open reads, its events
// keeping their alternatives.
func (th *ThreadRun) narrow(k int, mask uint64) {
	o := &th.open[k]
	o.mask = mask
	var vals []litmus.Value
	for p := range o.vals {
		if mask&(1<<uint(p)) != 0 {
			vals = append(vals, o.vals[p])
		}
	}
	if o.cells == nil {
		setAlts(&th.Events[o.ev], vals)
	} else {
		for i, cell := range o.cellValues(mask) {
			setAlts(&th.Events[o.ev+i], cell)
		}
	}
	var regs []string
	for _, r := range o.regs {
		if !th.holds(r, o) {
			continue
		}
		v := th.Regs[r]
		first := v.open.tab[bits.TrailingZeros64(mask)]
		same := true
		for p, x := range v.open.tab {
			if mask&(1<<uint(p)) != 0 && x != first {
				same = false
			}
		}
		v.V = first
		if same {
			v.open = nil
		} else {
			regs = append(regs, r)
		}
		th.Regs[r] = v
	}
	if len(regs) == 0 {
		th.open = slices.Delete(slices.Clone(th.open), k, k+1)
		return
	}
	o.regs = regs
}

// groups partitions the positions of o into those at which the registers
// regs all hold the same values, each a product of cell values (product);
// where one is not, into single positions.
func (th *ThreadRun) groups(o *openRead, regs []string) []uint64 {
	index := map[string]int{}
	var out []uint64
	for p := range o.vals {
		if o.mask&(1<<uint(p)) == 0 {
			continue
		}
		var key strings.Builder
		for _, r := range regs {
			if th.holds(r, o) {
				fmt.Fprintf(&key, "%v;", th.Regs[r].open.tab[p])
			}
		}
		i, ok := index[key.String()]
		if !ok {
			i = len(out)
			index[key.String()] = i
			out = append(out, 0)
		}
		out[i] |= 1 << uint(p)
	}
	for _, g := range out {
		if !o.product(g) {
			out = out[:0]
			for p := range o.vals {
				if o.mask&(1<<uint(p)) != 0 {
					out = append(out, 1<<uint(p))
				}
			}
			break
		}
	}
	return out
}

// setAlts makes vals the values ev may return.
func setAlts(ev *Event, vals []litmus.Value) {
	ev.Val, ev.Alts = vals[0], nil
	if len(vals) > 1 {
		ev.Alts = vals[1:]
	}
}

// cellValues are, per cell of o, the values it has at the positions of
// mask, in order of first appearance.
func (o *openRead) cellValues(mask uint64) [][]litmus.Value {
	out := make([][]litmus.Value, len(o.cells[0]))
	for p, tuple := range o.cells {
		if mask&(1<<uint(p)) == 0 {
			continue
		}
		for i, v := range tuple {
			if !slices.Contains(out[i], litmus.Int(v)) {
				out[i] = append(out[i], litmus.Int(v))
			}
		}
	}
	return out
}

// product reports whether the positions of mask are every combination
// of the values their cells have: what the cells' events can stand for
// each on its own.
func (o *openRead) product(mask uint64) bool {
	if o.cells == nil {
		return true
	}
	n := 1
	for _, vs := range o.cellValues(mask) {
		n *= len(vs)
	}
	return n == bits.OnesCount64(mask)
}

// settle drops from the open reads the registers dead before pc, and the
// reads no register holds any more: their events keep their alternatives.
func (pe *Enumeration) settle(th *ThreadRun, pc int) {
	oc := pe.openInfo()
	kept := th.open[:0:0]
	for k := range th.open {
		o := th.open[k]
		var regs []string
		for _, r := range o.regs {
			if !th.holds(r, &o) {
				continue
			}
			if !oc.liveAt(r, pc, pe.Th.Code) {
				v := th.Regs[r]
				v.open = nil
				th.Regs[r] = v
				continue
			}
			regs = append(regs, r)
		}
		if len(regs) > 0 {
			o.regs = regs
			kept = append(kept, o)
		}
	}
	th.open = kept
}

// openStep runs before the instruction at pc while th has open reads: it
// settles what is dead, decides the reads that the instruction or the
// point needs decided, and splits those a branch or an assumption tells
// apart. It reports whether th was forked and ran on (the caller stops).
func (pe *Enumeration) openStep(th *ThreadRun, pc int) bool {
	pe.settle(th, pc)
	if len(th.open) == 0 {
		return false
	}
	code := pe.Th.Code
	if pc >= len(code) {
		return false
	}
	in := &code[pc]
	oc := pe.openInfo()
	need := func(r string) bool { // r must hold a decided value here
		switch {
		case in.Op != litmus.OpBranch && in.Op != litmus.OpAssume && in.Op != litmus.OpMove && oc.usedAt(r, pc):
			return true
		case in.Op == litmus.OpBranch && in.Target <= pc && in.Target >= 0 && oc.liveAt(r, in.Target, code):
			return true // the loop's hang checks compare registers
		}
		info := pe.awaitCode()
		return info != nil && info.point[pc] && oc.liveAt(r, pc, code)
	}
	for k := range th.open {
		var needed []string
		for _, r := range th.open[k].regs {
			if th.holds(r, &th.open[k]) && need(r) {
				needed = append(needed, r)
			}
		}
		if needed != nil {
			pe.fix(th, k, pc, needed)
			return true
		}
	}
	var e litmus.Expr
	switch in.Op {
	case litmus.OpBranch, litmus.OpAssume:
		e = in.Cond
	case litmus.OpMove:
		e = in.Src
	}
	if e == nil {
		return false
	}
	k, res, ok := th.evalOpen(e)
	switch {
	case k < 0:
		return false
	case !ok:
		pe.fix(th, k, pc, th.open[k].regs)
		return true
	case in.Op == litmus.OpMove:
		return false
	}
	var yes, no uint64
	for p, v := range res {
		if th.open[k].mask&(1<<uint(p)) == 0 {
			continue
		}
		if litmus.Truthy(v.V) {
			yes |= 1 << uint(p)
		} else {
			no |= 1 << uint(p)
		}
	}
	if yes != 0 && no != 0 {
		if o := &th.open[k]; !o.product(yes) || !o.product(no) {
			pe.fix(th, k, pc, o.regs)
			return true
		}
		other := th.clone()
		other.narrow(k, no)
		pe.Run(other, pc)
		if pe.Err != nil {
			return true
		}
		th.narrow(k, yes)
	}
	return false
}

// evalOpen evaluates e for each value of the one open read its registers
// hold: k is that read's index in th.open (-1: e reads none), res[p] the
// value when the read returns vals[p]. ok is false when e cannot be
// evaluated so (an error, an unknown value, a second open read, or
// dependencies that change with the value): the read is then decided.
func (th *ThreadRun) evalOpen(e litmus.Expr) (k int, res []RegVal, ok bool) {
	k = -1
	var regs []string
	mixed := false
	litmus.WalkExpr(e, func(e litmus.Expr) {
		rr, isReg := e.(*litmus.RegRef)
		if !isReg || th.Regs[rr.Name].open == nil {
			return
		}
		j := th.findOpen(th.Regs[rr.Name].open.ev)
		switch {
		case k < 0:
			k = j
		case j != k:
			mixed = true
		}
		regs = append(regs, rr.Name)
	})
	if k < 0 || mixed {
		return k, nil, k < 0
	}
	o := &th.open[k]
	saved := make([]RegVal, len(regs))
	for i, r := range regs {
		saved[i] = th.Regs[r]
	}
	defer func() {
		for i, r := range regs {
			th.Regs[r] = saved[i]
		}
	}()
	res = make([]RegVal, len(o.vals))
	var first *RegVal
	for p := range o.vals {
		if o.mask&(1<<uint(p)) == 0 {
			continue
		}
		for i, r := range regs {
			v := saved[i]
			v.V, v.open = saved[i].open.tab[p], nil
			th.Regs[r] = v
		}
		v, err := th.eval(e)
		if err != nil || v.V.IsUnknown() {
			return k, nil, false
		}
		if first == nil {
			first = &res[p]
		} else if v.d != first.d || v.p != first.p || v.c != first.c || v.z != first.z || v.ch != first.ch {
			return k, nil, false
		}
		res[p] = v
	}
	return k, res, true
}

// openMove gives the register a move at pc writes the value res computes
// per value of open read k, open when the values differ.
func (pe *Enumeration) openMove(th *ThreadRun, pc int, in *litmus.Instr) bool {
	k, res, ok := th.evalOpen(in.Src)
	if k < 0 || !ok {
		return false
	}
	o := &th.open[k]
	tab := make([]litmus.Value, len(o.vals))
	var rep RegVal
	same, seen := true, false
	for p := range o.vals {
		if o.mask&(1<<uint(p)) == 0 {
			continue
		}
		tab[p] = res[p].V
		if !seen {
			rep, seen = res[p], true
		} else if res[p].V != rep.V {
			same = false
		}
	}
	if !same {
		rep.open = &openVal{ev: o.ev, tab: tab}
		if !slices.Contains(o.regs, in.Dst) {
			o.regs = append(slices.Clip(o.regs), in.Dst)
		}
	}
	pe.setReg(th, in.Dst, rep, pc)
	return true
}

// fix decides the registers regs of open read k of th at pc: th forks on
// each of their combinations of values, each running on from pc with the
// read narrowed to it.
func (pe *Enumeration) fix(th *ThreadRun, k, pc int, regs []string) {
	gs := th.groups(&th.open[k], regs)
	for i, g := range gs {
		t := th
		if i < len(gs)-1 {
			t = th.clone()
		}
		t.narrow(k, g)
		pe.Run(t, pc)
		if pe.Err != nil {
			return
		}
	}
}

// eachDecided calls f with th's runs in which every open read that a
// register shown at the end holds is decided, one per combination of
// their values: what the end of the thread keeps. It stops at an error,
// and polls the limiter as the instructions run do.
func (pe *Enumeration) eachDecided(th *ThreadRun, f func(*ThreadRun)) {
	pe.settle(th, len(pe.Th.Code))
	if len(th.open) == 0 {
		if pe.poll() {
			f(th)
		}
		return
	}
	for _, g := range th.groups(&th.open[0], th.open[0].regs) {
		if pe.Err != nil {
			return
		}
		t := th.clone()
		t.narrow(0, g)
		pe.eachDecided(t, f)
	}
}
