// This file implements liveness: the paths that end in a spin that may
// wait forever, the exploration of the candidates they make, and the test
// that a candidate hangs (every spin read reads the last write of its
// location, so no later write will ever release the spin).

package litmus

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// keepHang records th, stopped at the spin of instruction pc, as a hang
// path whose spin reads are spin. A spin that depends on no read cannot be
// judged and is cut, as before.
func (pe *pathEnum) keepHang(th *threadRun, pc int, spin deps) {
	if spin == 0 {
		return
	}
	if len(pe.paths)+len(pe.hangs) >= pe.limit {
		pe.err = &Error{Pos: pe.th.Pos, Msg: fmt.Sprintf("unsupported: more than %d paths in thread P%d", pe.limit, pe.th.ID)}
		return
	}
	if len(th.events) > pe.budget {
		return // a spin past the event budget: no candidate could hold it
	}
	regs := make(map[string]Value, len(th.regs))
	for k, v := range th.regs {
		regs[k] = v.v
	}
	pe.hangs = append(pe.hangs, path{events: th.events, regs: regs, hang: true, spin: spin, hangInstr: pc})
}

// attemptReads keeps, of the reads d, those of the instructions from
// index from on: the final attempt of a spin, which the spin repeats
// (earlier reads keep their values).
func (pe *pathEnum) attemptReads(th *threadRun, d deps, from int) deps {
	var out deps
	for k := range th.events {
		if d&(1<<uint(k)) != 0 && th.events[k].kind == KindR && th.events[k].instr >= from {
			out |= 1 << uint(k)
		}
	}
	return out
}

// branchSpinReads are the spin reads of the compiled spin branch at pc,
// taken with a condition that depends on cond: those reads, or, when the
// attempt spans several instructions (Instr.Spin), the reads of the
// attempt that the condition or the branches before it in the attempt
// depend on, since each of them decided that the attempt fails.
func (pe *pathEnum) branchSpinReads(th *threadRun, cond deps, pc, spin int) deps {
	if spin <= 1 {
		return cond
	}
	d := cond
	for _, c := range th.ctrl {
		d |= c.d
	}
	return pe.attemptReads(th, d, pc-spin+1)
}

// isPolling reports whether the loop closed by the backward branch at pc
// has no write instruction: only such a pure polling loop repeats an
// iteration exactly when its reads see the same values.
func (pe *pathEnum) isPolling(pc int, in *Instr) bool {
	if p, ok := pe.polling[pc]; ok {
		return p
	}
	if pe.polling == nil {
		pe.polling = map[int]bool{}
	}
	p := true
	for i := in.Target; i <= pc; i++ {
		switch pe.th.Code[i].Op {
		case OpStore, OpRMW, OpCAS, OpStoreCond:
			p = false
		}
	}
	pe.polling[pc] = p
	return p
}

// markLoop records, when the backward branch at pc closes a pure polling
// loop, where its next iteration starts and the registers it starts with.
func (pe *pathEnum) markLoop(th *threadRun, pc int, in *Instr) {
	if !pe.isPolling(pc, in) {
		return
	}
	if th.loopMark == nil {
		th.loopMark, th.loopRegs = map[int]int{}, map[int]map[string]Value{}
	}
	regs := make(map[string]Value, len(th.regs))
	for k, v := range th.regs {
		regs[k] = v.v
	}
	th.loopMark[pc], th.loopRegs[pc] = len(th.events), regs
}

// pollingHang makes th, cut by the unroll bound at the backward branch pc,
// a hang path when the loop polls: its last iteration wrote nothing and
// left the registers as it found them, so an iteration whose reads see the
// same values repeats it exactly; its reads are the spin reads.
func (pe *pathEnum) pollingHang(th *threadRun, pc int, in *Instr) {
	mark, ok := th.loopMark[pc]
	if !ok || !pe.isPolling(pc, in) {
		return
	}
	before := th.loopRegs[pc]
	if len(before) != len(th.regs) {
		return
	}
	for k, v := range th.regs {
		if w, ok := before[k]; !ok || w != v.v {
			return
		}
	}
	var spin deps
	for k := mark; k < len(th.events); k++ {
		if th.events[k].kind == KindW {
			return
		}
		if th.events[k].kind == KindR {
			spin |= 1 << uint(k)
		}
	}
	pe.keepHang(th, pc, spin)
}

// exploreHangs explores the choices of paths in which some thread hangs
// and adds what it finds to res. The choices are split by the first
// thread that hangs: the threads before it complete, the later ones
// complete or hang, so that each choice is explored once, after the
// choices without a hang, whose exploration it leaves as it was.
func (s *setup) exploreHangs(res *Result, model Model, lim *limiter, workers int) error {
	for h := range s.hangPaths {
		if len(s.hangPaths[h]) == 0 {
			continue
		}
		sh := *s
		// The symmetry found holds between the terminating paths: h is
		// singled out, and the threads after it must hang alike.
		sh.sym = s.hangSymmetry(h)
		sh.hangPhase = true
		sh.paths = make([][]path, len(s.paths))
		for t := range s.paths {
			switch {
			case t < h:
				sh.paths[t] = s.paths[t]
			case t == h:
				sh.paths[t] = s.hangPaths[t]
			default:
				sh.paths[t] = slices.Concat(s.paths[t], s.hangPaths[t])
			}
		}
		sh.shapes = nil
		if s.shapes != nil {
			sh.numberShapes()
		}
		parts, err := sh.runWorkers(model, lim, workers)
		if err != nil {
			return err
		}
		// The witness is the first of the first h that has one, whatever
		// the number of workers.
		first := res.HangWitness == nil
		best := -1
		for _, p := range parts {
			res.Hangs += p.hangs
			if first && p.hangWitness != nil && (best < 0 || p.hangKey < best) {
				best, res.HangWitness = p.hangKey, p.hangWitness
			}
		}
	}
	return nil
}

// checkHang records the candidate c, in which some thread hangs, when it
// does hang: every spin read reads the last write of its location in co
// (but for the write of its own attempt, which the spin repeats), so that
// no write will ever show it another value, and the model allows it.
// Under coherence each later iteration would read that same write, and
// the spin's exit test, which failed on its value, fails forever.
func (s *setup) checkHang(c *combo, model Model, out *partial) {
	if !out.tick(out.cost) {
		return
	}
	x := c.x
	for _, r := range c.spin {
		if !readsLast(c, r) {
			return
		}
	}
	if ok, _ := model.Check(x); !ok {
		return
	}
	out.hangs += c.weight
	if out.hangWitness == nil || c.key < out.hangKey {
		out.hangWitness, out.hangKey = cloneExecution(x), c.key
		out.hangWitness.Spin = slices.Clone(c.spin)
	}
}

// readsLast reports whether the read r reads a write that no write of its
// location follows in co, other than one of r's own instruction.
func readsLast(c *combo, r int) bool {
	x := c.x
	loc := x.Events[r].Loc
	for _, w := range c.writes[loc] {
		if !x.RF.Has(w, r) {
			continue
		}
		last := true
		x.CO.EachSucc(w, func(v int) {
			if x.Events[v].Loc == loc && !x.SameInstr.Has(r, v) {
				last = false
			}
		})
		return last
	}
	return false
}

// A Spinner is a thread that spins forever in a hanging execution.
type Spinner struct {
	Thread int
	// Pos is where it spins.
	Pos Pos
	// Reads are its spin reads: each reads the final value of its location.
	Reads []*Event
}

// Spinners lists the threads that spin forever in the hanging execution
// x, in thread order.
func Spinners(x *Execution) []Spinner {
	var out []Spinner
	for _, id := range x.Spin {
		ev := &x.Events[id]
		if len(out) == 0 || out[len(out)-1].Thread != ev.Thread {
			th := x.Test.Threads[ev.Thread]
			sp := Spinner{Thread: th.ID, Pos: th.Pos}
			if ev.Instr >= 0 && ev.Instr < len(th.Code) {
				sp.Pos = th.Code[ev.Instr].Pos
			}
			out = append(out, sp)
		}
		out[len(out)-1].Reads = append(out[len(out)-1].Reads, ev)
	}
	return out
}

// Deadlock reports whether the hanging execution x is a deadlock: two
// threads or more spin, each waiting for a write that sits behind another
// thread's spin.
func Deadlock(x *Execution) bool { return len(Spinners(x)) > 1 }

// executions is "N executions" or "1 execution".
func executions(n int) string {
	if n == 1 {
		return "1 execution"
	}
	return fmt.Sprintf("%d executions", n)
}

// HangNote is what a Never with hanging executions reads for a reader:
// "but 2 executions hang"; "" when none hangs.
func (r *Result) HangNote() string {
	if r.Hangs == 0 {
		return ""
	}
	verb := "hang"
	if r.Hangs == 1 {
		verb = "hangs"
	}
	return "but " + executions(r.Hangs) + " " + verb
}

// HangLine says how the executions hang, after the witness's spinners:
// "Hangs: 2 executions, P1 spins forever at osq.c:41 (reads locked1=0, the
// final value)"; "" when none hangs.
func (r *Result) HangLine() string {
	if r.Hangs == 0 || r.HangWitness == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Hangs: %s", executions(r.Hangs))
	if r.Executions() == 0 {
		b.WriteString(", every execution hangs")
	}
	if Deadlock(r.HangWitness) {
		b.WriteString(", a deadlock")
	}
	for i, sp := range Spinners(r.HangWitness) {
		sep := ", "
		if i > 0 {
			sep = "; "
		}
		var reads []string
		for _, ev := range sp.Reads {
			reads = append(reads, fmt.Sprintf("%s=%v", ev.Loc, ev.Value))
		}
		final := "the final value"
		if len(reads) > 1 {
			final = "the final values"
		}
		fmt.Fprintf(&b, "%sP%d spins forever at %s (reads %s, %s)", sep, sp.Thread, shortPos(sp.Pos), strings.Join(reads, ", "), final)
	}
	return b.String()
}

// shortPos is file:line with the file's base name.
func shortPos(p Pos) string {
	if p.Line == 0 {
		return p.String()
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.File), p.Line)
}

// spinCandidates keeps, when r is a spin read, the writes of cands that
// may be the last of r's location in co: a write that another write
// follows in its thread's program order, or an initial write when the
// location has other writes, is never last (but for the writes of r's own
// instruction), so the candidate could not hang.
func (c *combo) spinCandidates(r int, cands []int) []int {
	if !slices.Contains(c.spin, r) {
		return cands
	}
	x := c.x
	loc := x.Events[r].Loc
	later := func(w, v int) bool {
		if v == w || x.SameInstr.Has(r, v) {
			return false
		}
		return x.Events[w].IsInit() || x.PO.Has(w, v)
	}
	var kept []int
	for _, w := range cands {
		last := true
		for _, v := range c.writes[loc] {
			if later(w, v) {
				last = false
				break
			}
		}
		if last {
			kept = append(kept, w)
		}
	}
	return kept
}
