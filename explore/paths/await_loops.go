// This file implements await model checking on the back edges of C loops
// (Instr.Await): a stretch of a path that comes back to a point of such a
// loop having written nothing, and with every register live there as it
// was the last time the path was at that point, is a wasted iteration.
// The path is not continued: it becomes a hang path whose spin reads are
// the stretch's reads (Oberhauser et al., "VSync", ASPLOS 2021).
//
// Why dropping the path loses no execution. Call the path prefix + W +
// C, where W is the wasted stretch, from point h back to h, and C what
// the path would have gone on with. The path prefix + C is enumerated as
// well: at h it has the same live registers, with the same values and
// the same dependencies (the same read events, picks, branch reads and
// choices: RegVal compares them all), and dead registers are written
// before they are read on every way on from h, the thread's end
// counting as a read of every register; the reservation, the choices
// and the discovery state are the same too. So C runs alike after
// either prefix, reads the same values and ends with the same registers
// and writes. An allowed execution of prefix + W + C, less W's events,
// is an execution of prefix + C: W has no write, so no read of any
// thread loses its write and co is unchanged; what W's reads and fences
// ordered, and the control dependencies that W's branches gave C's
// events, are ordering the model no longer has to respect, and the
// models' axioms (acyclic, irreflexive or empty relations built from po,
// rf, co, fr, the dependencies and fences) keep holding when events and
// dependency edges are taken away. Hence the final state is reachable
// without W. Comparing values alone would not do: a live register that W
// reads again, with the same value, makes C's events depend on W's read
// instead of the earlier one, and the two may read different writes of
// that value; under ARMv8 an execution can then be allowed with W and
// forbidden without it (the earlier read would have to read a write
// made after C). Hence the points of a loop that are tried (awaitPoints)
// include, besides the loop's head, each instruction that writes a
// register live at the head: there that register is dead, since the
// instruction writes it, and the next iteration's final attempt reads
// it again itself (OSQ's unqueue loop, "prev = READ_ONCE(node->prev)").
//
// Why the hang path is a hang when every spin read reads the co-last
// write of its location (explore/hang.go): the next time round starts at
// h in the same state, so it makes the same reads at the same addresses
// in the same order; under coherence each reads the co-last write again,
// no write being made any more, and the stretch repeats for ever. A
// stretch whose store-conditional failed is no wasted iteration: the
// next time round may succeed; nor is one without a read, whose
// repetition no write could end (it keeps the unroll bound and its Loop
// label).
//
// A stretch that makes choices (OpChoose: need_resched()) is wasted as
// well, by the same argument: C makes its own choices after either
// prefix, and a live register that a choice of the stretch set differs
// from its mark. Whether it hangs depends on what the choices decided:
// when a branch of the stretch turned on one of them, the next time round
// may choose otherwise and leave (need_resched() eventually holds, as in
// a spin's failed attempt), so the path is dropped without a hang; when
// none did, the same choices repeat the stretch for ever and it is a hang
// path as any other.

package paths

import "github.com/litmuscheck/litmuscheck/litmus"

// awaitInfo is what the await check knows of a thread's code: the points
// it tries, and the registers live at each.
type awaitInfo struct {
	point []bool
	live  [][]string
	// resv: the reservation of a load-reserve is live at the point.
	resv []bool
}

// awaitState is a path's record of its visits to the points tried.
type awaitState struct {
	marks []awaitMark
	// scFails counts the store-conditionals that failed on the path.
	scFails int
}

// An awaitMark is a visit of a path to a point pc: the number of events
// then, the values of the registers live at pc, and the state that a
// wasted iteration must leave unchanged too.
type awaitMark struct {
	pc, events       int
	regs             []regSnap
	resv             int
	resvLoc          string
	choices, scFails int
	// ctrl is the number of branch scopes the path had then.
	ctrl             int
	discover, decide bool
}

// regSnap is a register's value and whether the register was set.
type regSnap struct {
	v  RegVal
	ok bool
}

// clone copies s for a forked path: the marks are shared, never changed,
// and appending to either copy's reallocates.
func (s awaitState) clone() awaitState {
	s.marks = s.marks[:len(s.marks):len(s.marks)]
	return s
}

// awaitCode computes the await information of pe's thread once; nil when
// the thread has no marked back edge.
func (pe *Enumeration) awaitCode() *awaitInfo {
	if !pe.awaitDone {
		pe.awaitDone = true
		pe.await = awaitPoints(pe.Th.Code, pe.Shown)
	}
	return pe.await
}

// awaitArrive records th's arrival at pc, or ends th there as a hang
// path when the arrival closes a wasted iteration; it reports whether th
// ended.
func (pe *Enumeration) awaitArrive(th *ThreadRun, pc int) bool {
	info := pe.awaitCode()
	if info == nil || !info.point[pc] {
		return false
	}
	if pe.awaitWasted(th, pc) {
		return true
	}
	m := awaitMark{pc: pc, events: len(th.Events), resv: th.Resv, resvLoc: th.resvLoc,
		choices: len(th.choices), scFails: th.aw.scFails, ctrl: len(th.ctrl), discover: th.usedDiscover, decide: th.Decided}
	m.regs = make([]regSnap, len(info.live[pc]))
	for i, r := range info.live[pc] {
		v, ok := th.Regs[r]
		m.regs[i] = regSnap{v, ok}
	}
	th.aw.marks = append(th.aw.marks, m)
	return false
}

// awaitWasted reports whether th, arriving at the point pc, closes a
// wasted iteration, and then keeps it as a hang path: since th was last
// at pc it made no write, no choice and no failed store-conditional, and
// the registers live at pc and the rest of the state are as they were.
func (pe *Enumeration) awaitWasted(th *ThreadRun, pc int) bool {
	info := pe.awaitCode()
	if info == nil || !info.point[pc] {
		return false
	}
	var m *awaitMark
	for k := len(th.aw.marks) - 1; k >= 0; k-- {
		if th.aw.marks[k].pc == pc {
			m = &th.aw.marks[k]
			break
		}
	}
	if m == nil || m.scFails != th.aw.scFails || m.discover != th.usedDiscover || m.decide != th.Decided {
		return false
	}
	if info.resv[pc] && (m.resv != th.Resv || m.resvLoc != th.resvLoc) {
		return false
	}
	for i, r := range info.live[pc] {
		v, ok := th.Regs[r]
		if (regSnap{v, ok}) != m.regs[i] {
			return false
		}
	}
	spin, ok := readsSince(th, m.events, awaitDroppable)
	if !ok || len(th.Events) > pe.Budget {
		return false
	}
	if th.steeredSince(m) {
		return true
	}
	if spin == 0 {
		return false
	}
	pe.keepHang(th, pc, spin)
	return true
}

// steeredSince reports whether a branch th took since the mark m turned
// on a choice made since then.
func (th *ThreadRun) steeredSince(m *awaitMark) bool {
	if len(th.choices) == m.choices {
		return false
	}
	var recent Deps
	for k := m.choices; k < len(th.choices); k++ {
		recent |= choiceBit(k)
	}
	for _, s := range th.ctrl[m.ctrl:] {
		if s.ch&recent != 0 {
			return true
		}
	}
	return false
}

// awaitDroppable reports whether a wasted iteration may drop the read or
// fence ev: one that only reads or orders other events, not a marker
// matched against another (Event.Matched).
func awaitDroppable(ev *Event) bool { return !ev.Matched() }

// Matched reports whether ev is one of the LKMM's RCU and SRCU read-side
// markers or grace periods, which are matched and counted against each
// other: a lock left without its unlock would pair with another, so a
// stretch of a path with one cannot be dropped, nor a path cut after one
// judged as a prefix.
func (ev *Event) Matched() bool {
	if ev.Kind == litmus.KindF && ev.Loc != "" {
		return true
	}
	for _, t := range ev.Tags {
		switch t {
		case litmus.TagRcuLock, litmus.TagRcuUnlock, litmus.TagSyncRcu, litmus.TagSrcuLock, litmus.TagSrcuUnlock, litmus.TagSyncSrcu:
			return true
		}
	}
	return false
}
