// This file implements the part of the LKMM that does not depend on rf and
// co, built once per choice of paths: the event sets of linux-kernel.bell
// and lock.cat, po as herd's C semantics has it, the fences of
// linux-kernel.cat, RCU read-side critical sections, and lock.cat's checks
// of lock nesting.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// lkmmStatic holds what does not depend on rf and co.
type lkmmStatic struct {
	n   int
	all rel.Set

	// Event sets. R, W and M are lock.cat's final ones, with the lock
	// events; IW are the initial writes.
	R, W, M, IW rel.Set
	// bell's sets.
	RMW, Acquire, Release, Mb, Noreturn, Marked, Plain rel.Set
	// lock.cat's sets; LF includes RL.
	LKR, LKW, UL, LF, RU                           rel.Set
	SrcuLock, SrcuUnlock, SyncRcu, SyncSrcu, R4rmb rel.Set
	// notSrcuUnlock is ~Srcu-unlock.
	notSrcuUnlock rel.Set

	po, poOpt, loc, poLoc, int_, ext, id rel.Rel
	rmw                                  rel.Rel
	// The dependencies as herd computes them, before linux-kernel.bell
	// extends them through plain writes and reads (carry-dep).
	addr0, data0, ctrl0 rel.Rel

	accPo, poRel, rmb, wmb, gp, barrier rel.Rel
	// mbStatic is mb without its po-unlock-lock-po term, which needs rf.
	mbStatic rel.Rel
	// poUL is po;[UL] and LKRpo is [LKR];po: the ends of
	// po-unlock-lock-po; ulPoLKR is their middle when it is po.
	poUL, lkrPo, ulPoLKR rel.Rel
	// afterULLpo is [After-unlock-lock];po;[M].
	afterULLpo rel.Rel
	// fragUL and fragLKR are the fragment events in the roles of UL and
	// LKR at smp_mb__after_unlock_lock() (lkmm_fragments.go).
	fragUL, fragLKR rel.Set

	rcuRscsi rel.Rel
	// rcuKeys is what the rcu fixpoint needs of the shape (lkmm_rcu.go),
	// when there is a grace period.
	rcuKeys *rcuKeys
	// hbFixed is happens-before's part that needs no rf or co, for the
	// shapes that allow it (lkmm_hbfixed.go), else nil.
	hbFixed  *hbFixed
	hasRcu   bool // some grace period: rcu-order may be non-empty
	hasSrcu  bool // some srcu_read_lock or srcu_read_unlock
	hasPlain bool

	// Fixed parts of the per-candidate relations: data;[~Srcu-unlock],
	// the two rmb terms of r-pre-bounded and r-post-bounded, pre-race,
	// Marked*W and W*Marked.
	dataNotSU, rmbPre, rmbPost, preRace, markedW, wMarked rel.Rel
	// arena holds the relations of the candidate being checked, when the
	// explorer gives none (Execution.Arena).
	arena rel.Arena
	// rels holds the relations of the last candidate, in its arena: the
	// next candidate, which resets the arena, reuses it.
	rels *lkmmRels
	// env is the last candidate's Env, reused as rels is (lkmmEnv).
	env *Env
	// noRMW is set when rmw is empty: the atomic axiom holds.
	noRMW bool

	RmbF rel.Set // smp_rmb fences

	// lock.cat's axioms on po alone, and whether each holds.
	lockNest, nestedIsLocked, unmatchedLocks                rel.Rel
	lockNestEmpty, nestedIsLockedEmpty, unmatchedLocksEmpty bool
	// The sets behind the flags that po alone decides, by flag name.
	staticFlags map[string]rel.Set
	// none is the empty relation, shared, never written: what a flag
	// that cannot rise returns.
	none rel.Rel
}

func lkmmStaticOf(x *litmus.Execution) *lkmmStatic {
	if s, ok := x.Memo.(*lkmmStatic); ok {
		return s
	}
	s := newLKMMStatic(x)
	x.Memo = s
	return s
}

func newLKMMStatic(x *litmus.Execution) *lkmmStatic {
	n := x.N
	s := &lkmmStatic{n: n, all: rel.AllEvents(n), staticFlags: map[string]rel.Set{}, none: rel.NewRel(n)}
	h := s.eventSets(x)
	s.baseRelations(x)
	s.annotations(x, h)
	s.fenceRelations(x)
	s.rcuSections(x)
	if lkmmShortcuts {
		s.hbFixed = newHBFixed(s)
	}
	s.lockChecks(x, h)
	return s
}

// herdSets are herd's own R, W and M, which lock.cat's final ones extend
// with its lock events, and those lock events.
type herdSets struct {
	R, W, M, locks rel.Set
}

// eventSets sets the event sets of linux-kernel.bell and lock.cat that
// come from the events' kinds and tags alone.
func (s *lkmmStatic) eventSets(x *litmus.Execution) herdSets {
	tag := x.Tag
	s.IW = x.IW
	s.LKR, s.LKW, s.UL = tag(litmus.TagLockRead), tag(litmus.TagLockWrite), tag(litmus.TagUnlock)
	s.LF, s.RU = tag(litmus.TagLockFail).Union(tag(litmus.TagReadLocked)), tag(litmus.TagReadUnlocked)
	locks := s.LKR.Union(s.LKW, s.UL, s.LF, s.RU)
	// herd's own R and W: memory accesses, which lock events are not.
	hR, hW := x.R.Diff(locks), x.W.Diff(locks)
	hM := hR.Union(hW)
	s.R, s.W = hR.Union(s.LKR, s.LF, s.RU), hW.Union(s.LKW, s.UL)
	s.M = s.R.Union(s.W)
	s.SrcuLock, s.SrcuUnlock, s.SyncSrcu = tag(litmus.TagSrcuLock), tag(litmus.TagSrcuUnlock), tag(litmus.TagSyncSrcu)
	s.SyncRcu = tag(litmus.TagSyncRcu)
	s.notSrcuUnlock = s.all.Diff(s.SrcuUnlock)
	return herdSets{R: hR, W: hW, M: hM, locks: locks}
}

// baseRelations sets po, loc, int, ext and the dependencies.
func (s *lkmmStatic) baseRelations(x *litmus.Execution) {
	n := s.n
	// herd's C semantics sequences the read and the write of an atomic
	// read-modify-write, and LKR then LKW of spin_lock (lock.cat pairs
	// them through po-loc): po orders them, where the explorer's po, after
	// the assembly dialects, leaves the events of one instruction
	// unordered. Without it an xchg could read a write co-after its own.
	s.po = x.PO.Clone()
	s.rmw = x.RMW
	s.po = s.po.Union(x.RMW)
	s.noRMW = s.rmw.Empty()
	s.id = rel.Identity(n, s.all)
	s.poOpt = s.po.Opt()
	// loc relates every two events with the same location, each to
	// itself too, memory accesses or not (synchronize_srcu has one).
	s.loc = rel.NewRel(n)
	for i := 0; i < n; i++ {
		if x.Events[i].Loc == "" {
			continue
		}
		for j := 0; j < n; j++ {
			if x.Events[j].Loc == x.Events[i].Loc {
				s.loc.Add(i, j)
			}
		}
	}
	s.poLoc = s.po.Inter(s.loc)
	s.int_, s.ext = x.Internal(), x.External()
	s.addr0, s.data0, s.ctrl0 = x.Addr, x.Data, x.Ctrl
}

// annotations sets linux-kernel.bell's sets of annotations that do not
// give their ordering.
func (s *lkmmStatic) annotations(x *litmus.Execution, h herdSets) {
	tag := x.Tag
	s.RMW = x.Atomic.Diff(h.locks)
	failedRMW := s.RMW.Diff(x.RMW.Domain().Union(x.RMW.Range()))
	s.Acquire = tag(litmus.TagAcquire).Diff(h.W).Diff(failedRMW).Union(s.LKR)
	s.Release = tag(litmus.TagRelease).Diff(h.R).Diff(failedRMW).Union(s.UL)
	s.Mb = tag(litmus.TagMB).Diff(failedRMW)
	s.Noreturn = tag(litmus.TagNoreturn).Diff(h.W)
	s.R4rmb = s.R.Diff(s.Noreturn)
	marked := s.all.Diff(h.M).Union(s.IW, tag(litmus.TagOnce), tag(litmus.TagRelease), tag(litmus.TagAcquire), tag(litmus.TagMB),
		s.RMW, h.locks, s.SrcuLock, s.SrcuUnlock)
	s.Marked = marked
	s.Plain = h.M.Diff(marked)
	s.hasPlain = !s.Plain.Empty()
	s.hasSrcu = !s.SrcuLock.Union(s.SrcuUnlock).Empty()
	s.hasRcu = !s.SyncRcu.Union(s.SyncSrcu).Empty()
}

// fenceRelations sets the orderings of linux-kernel.cat that po and the
// fences give, and the fixed parts of the per-candidate relations.
func (s *lkmmStatic) fenceRelations(x *litmus.Execution) {
	n, tag := s.n, x.Tag
	po, M := s.po, s.M
	s.accPo = po.Restrict(s.Acquire, M)
	s.poRel = po.Restrict(M, s.Release)
	s.RmbF = tag(litmus.TagRmb)
	s.rmb = FenceRel(po, s.RmbF).Restrict(s.R4rmb, s.R4rmb)
	s.wmb = FenceRel(po, tag(litmus.TagWmb)).Restrict(s.W, s.W)
	s.poUL = po.Restrict(s.all, s.UL)
	s.lkrPo = po.Restrict(s.LKR, s.all)
	s.ulPoLKR = po.Restrict(s.UL, s.LKR)
	s.afterULLpo = po.Restrict(tag(litmus.TagAfterUnlockLock), M)
	s.fragmentRoles(x)
	rmwSet, lkw, srcuUnlock := s.RMW, s.LKW, s.SrcuUnlock
	s.mbStatic = FenceRel(po, s.Mb).Restrict(M, M).Union(
		po.Restrict(M, s.Mb.Inter(s.R)),
		po.Restrict(s.Mb.Inter(s.W), M),
		FenceRel(po, tag(litmus.TagBeforeAtomic)).Restrict(M, rmwSet).Seq(s.poOpt).Restrict(s.all, M),
		s.poOpt.Restrict(M, rmwSet).Seq(FenceRel(po, tag(litmus.TagAfterAtomic))).Restrict(s.all, M),
		s.poOpt.Restrict(M, lkw).Seq(FenceRel(po, tag(litmus.TagAfterSpinlock))).Restrict(s.all, M),
		s.poOpt.Restrict(M, srcuUnlock).Seq(FenceRel(po, tag(litmus.TagAfterSrcuReadUnlock))).Restrict(s.all, M),
	)
	s.gp = po.Restrict(s.all, s.SyncRcu.Union(s.SyncSrcu)).Seq(s.poOpt)
	s.dataNotSU = s.data0.Restrict(s.all, s.notSrcuUnlock)
	rmbRel := FenceRel(po, s.RmbF)
	s.rmbPre = rmbRel.Restrict(s.R4rmb, s.all.Diff(s.Noreturn))
	s.rmbPost = rmbRel.Restrict(s.all.Diff(s.Noreturn), s.R4rmb)
	s.preRace = rel.Cartesian(n, s.Plain, M).Union(rel.Cartesian(n, M.Diff(s.IW), s.Plain)).Inter(s.ext)
	s.markedW, s.wMarked = rel.Cartesian(n, s.Marked, s.W), rel.Cartesian(n, s.W, s.Marked)
	s.barrier = FenceRel(po, tag(litmus.TagBarrier).Union(tag(litmus.TagRmb), tag(litmus.TagWmb), s.Mb, s.SyncRcu, s.SyncSrcu,
		tag(litmus.TagBeforeAtomic), tag(litmus.TagAfterAtomic), s.Acquire, s.Release,
		tag(litmus.TagRcuLock), tag(litmus.TagRcuUnlock), s.SrcuLock, s.SrcuUnlock)).Union(
		po.Restrict(s.all, s.Release), po.Restrict(s.Acquire, s.all))
}

// rcuSections sets the RCU read-side critical sections, their flags, and
// what the rcu fixpoint needs when there is a grace period.
func (s *lkmmStatic) rcuSections(x *litmus.Execution) {
	tag, po := x.Tag, s.po
	// RCU read-side critical sections: each rcu_read_unlock matches the
	// innermost unmatched rcu_read_lock before it.
	rscs := rcuRscs(po, tag(litmus.TagRcuLock), tag(litmus.TagRcuUnlock))
	s.rcuRscsi = rscs.Inverse()
	s.staticFlags["unmatched-rcu-lock"] = tag(litmus.TagRcuLock).Diff(rscs.Domain())
	s.staticFlags["unmatched-rcu-unlock"] = tag(litmus.TagRcuUnlock).Diff(rscs.Range())
	s.staticFlags["invalid-sleep"] = rscs.Inter(FenceRel(po, s.SyncSrcu)).Domain()
	if s.hasRcu {
		s.rcuKeys = newRCUKeys(s, !lkmmShortcuts)
	}
}

// lockChecks evaluates lock.cat on po alone: its axioms on lock nesting
// and the flags that po decides.
func (s *lkmmStatic) lockChecks(x *litmus.Execution, h herdSets) {
	po := s.po
	allLocks := h.locks.Union(s.SrcuLock, s.SrcuUnlock, s.SyncSrcu)
	s.staticFlags["mixed-lock-accesses"] = s.loc.Restrict(h.M.Diff(s.IW).Diff(allLocks), allLocks).Domain()
	poLoc := s.poLoc
	lkRMW := poLoc.Restrict(s.LKR, s.LKW).Diff(po.Seq(po))
	s.staticFlags["unpaired-LKW"] = s.LKW.Diff(lkRMW.Range())
	s.staticFlags["unpaired-LKR"] = s.LKR.Diff(lkRMW.Domain())
	throughUL := poLoc.Restrict(s.all, s.UL).Seq(poLoc)
	s.lockNest = poLoc.Restrict(s.LKW, s.LKR).Diff(throughUL)
	s.nestedIsLocked = poLoc.Restrict(s.LKW, s.RU).Diff(throughUL)
	critical := poLoc.Restrict(s.LKW, s.UL).Diff(poLoc.Restrict(s.all, s.LKW.Union(s.UL)).Seq(poLoc))
	s.staticFlags["unmatched-unlock"] = s.UL.Diff(critical.Range())
	unmatched := s.LKW.Diff(critical.Domain())
	s.unmatchedLocks = s.loc.Restrict(unmatched, unmatched).Diff(s.id)
	s.lockNestEmpty, s.nestedIsLockedEmpty, s.unmatchedLocksEmpty = s.lockNest.Empty(), s.nestedIsLocked.Empty(), s.unmatchedLocks.Empty()
	// The final writes of the locations the final state shows, whatever
	// co, are on those locations: the flag needs a lock event there.
	var shown rel.Set
	for _, l := range ObservedMemory(x.Test) {
		for i := range x.Events {
			if x.Events[i].Loc == l {
				shown = shown.Add(i)
			}
		}
	}
	s.staticFlags["lock-final"] = shown.Inter(allLocks)
}

// ObservedMemory lists the memory locations a test's final state shows
// (its condition, locations and filter): herd's final writes are on
// those alone.
func ObservedMemory(t *litmus.Test) []string {
	if t == nil {
		return nil
	}
	var out []string
	locs := append(append([]litmus.LocRef(nil), t.Locations...), litmus.PropLocs(t.Cond.Prop)...)
	if t.Filter != nil {
		locs = append(locs, litmus.PropLocs(t.Filter)...)
	}
	for _, l := range locs {
		if !l.IsReg() {
			out = append(out, l.Name)
		}
	}
	return out
}

// rcuRscs pairs each rcu_read_lock with its rcu_read_unlock, as
// linux-kernel.bell's fixpoint does: a lock matches an unlock po-after it
// when no unmatched lock or unlock lies between them.
func rcuRscs(po rel.Rel, locks, unlocks rel.Set) rel.Rel {
	n := po.N
	matched := rel.NewRel(n)
	for {
		ulocks := locks.Diff(matched.Domain())
		uunlocks := unlocks.Diff(matched.Range())
		un := ulocks.Union(uunlocks)
		unPo := po.Restrict(un, un)
		next := matched.Union(po.Restrict(ulocks, uunlocks).Diff(unPo.Seq(unPo)))
		if next.Equal(matched) {
			return matched
		}
		matched = next
	}
}
