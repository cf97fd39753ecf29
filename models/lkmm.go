// This file implements the Linux-kernel memory model (LKMM) as herd7 runs it
// with -conf linux-kernel.cfg -variant lkmmv2: the event sets of
// linux-kernel.bell, the lock events of lock.cat, and the axioms of
// linux-kernel.cat (coherence, atomic, happens-before, propagation, rcu,
// plain-coherence) with its flags (data-race, mixed-accesses...).
//
// The relations fall in two groups. Those that depend only on the events,
// po and the dependencies (event sets, fences, RCU read-side critical
// sections, lock critical sections) are built once per choice of paths and
// kept in Execution.Memo; those that depend on rf and co are built per
// candidate.
package models

import "litmuscheck/litmus"

// Tags of the LKMM: herd names the set of events annotated 'a after a,
// upper-case for the access annotations of linux-kernel.bell and with a
// capital initial for the fence annotations.
const (
	tagOnce, tagAcquire, tagRelease, tagMB, tagNoreturn = "ONCE", "ACQUIRE", "RELEASE", "MB", "NORETURN"

	tagRmb, tagWmb, tagBarrier                 = "Rmb", "Wmb", "Barrier"
	tagRcuLock, tagRcuUnlock, tagSyncRcu       = "Rcu-lock", "Rcu-unlock", "Sync-rcu"
	tagBeforeAtomic, tagAfterAtomic            = "Before-atomic", "After-atomic"
	tagAfterSpinlock, tagAfterUnlockLock       = "After-spinlock", "After-unlock-lock"
	tagAfterSrcuReadUnlock                     = "After-srcu-read-unlock"
	tagSrcuLock, tagSrcuUnlock, tagSyncSrcu    = "Srcu-lock", "Srcu-unlock", "Sync-srcu"
	tagLKR, tagLKW, tagUL, tagLF, tagRL, tagRU = "LKR", "LKW", "UL", "LF", "RL", "RU"
)

// lkmmStatic holds what does not depend on rf and co.
type lkmmStatic struct {
	n   int
	all litmus.Set

	// Event sets. R, W and M are lock.cat's final ones, with the lock
	// events; IW are the initial writes.
	R, W, M, IW litmus.Set
	// bell's sets.
	RMW, Acquire, Release, Mb, Noreturn, Marked, Plain litmus.Set
	// lock.cat's sets; LF includes RL.
	LKR, LKW, UL, LF, RU                           litmus.Set
	SrcuLock, SrcuUnlock, SyncRcu, SyncSrcu, R4rmb litmus.Set
	// notSrcuUnlock is ~Srcu-unlock.
	notSrcuUnlock litmus.Set

	po, poOpt, loc, poLoc, int_, ext, id litmus.Rel
	rmw                                  litmus.Rel
	// The dependencies as herd computes them, before linux-kernel.bell
	// extends them through plain writes and reads (carry-dep).
	addr0, data0, ctrl0 litmus.Rel

	accPo, poRel, rmb, wmb, gp, barrier litmus.Rel
	// mbStatic is mb without its po-unlock-lock-po term, which needs rf.
	mbStatic litmus.Rel
	// poUL is po;[UL] and LKRpo is [LKR];po: the ends of
	// po-unlock-lock-po; ulPoLKR is their middle when it is po.
	poUL, lkrPo, ulPoLKR litmus.Rel
	// afterULLpo is [After-unlock-lock];po;[M].
	afterULLpo litmus.Rel

	rcuRscsi litmus.Rel
	hasRcu   bool // some grace period: rcu-order may be non-empty
	hasSrcu  bool // some srcu_read_lock or srcu_read_unlock
	hasPlain bool

	RmbF litmus.Set // smp_rmb fences
	// vals are the events' values.
	vals []litmus.Value

	// lock.cat's axioms on po alone.
	lockNest, nestedIsLocked, unmatchedLocks litmus.Rel
	// The sets behind the flags that po alone decides, by flag name.
	staticFlags map[string]litmus.Set
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
	s := &lkmmStatic{n: n, all: litmus.AllEvents(n), staticFlags: map[string]litmus.Set{}}
	tag := x.Tag
	s.IW = x.IW
	for i := range x.Events {
		s.vals = append(s.vals, x.Events[i].Value)
	}
	s.LKR, s.LKW, s.UL = tag(tagLKR), tag(tagLKW), tag(tagUL)
	s.LF, s.RU = tag(tagLF)|tag(tagRL), tag(tagRU)
	locks := s.LKR | s.LKW | s.UL | s.LF | s.RU
	// herd's own R and W: memory accesses, which lock events are not.
	hR, hW := x.R&^locks, x.W&^locks
	hM := hR | hW
	s.R, s.W = hR|s.LKR|s.LF|s.RU, hW|s.LKW|s.UL
	s.M = s.R | s.W
	s.SrcuLock, s.SrcuUnlock, s.SyncSrcu = tag(tagSrcuLock), tag(tagSrcuUnlock), tag(tagSyncSrcu)
	s.SyncRcu = tag(tagSyncRcu)
	s.notSrcuUnlock = s.all &^ s.SrcuUnlock

	// herd's po orders instructions; spin_lock and a successful
	// spin_trylock are two sequenced actions, LKR then LKW, that po
	// orders too (lock.cat pairs them through po-loc).
	s.po = x.PO.Clone()
	s.rmw = x.RMW
	for r := 0; r < n; r++ {
		s.po.Rows[r] |= x.RMW.Rows[r]
	}
	s.id = litmus.Identity(n, s.all)
	s.poOpt = s.po.Union(s.id)
	// loc relates every two events with the same location, memory
	// accesses or not (synchronize_srcu has one).
	s.loc = litmus.NewRel(n)
	for i := 0; i < n; i++ {
		if x.Events[i].Loc == "" {
			continue
		}
		for j := 0; j < n; j++ {
			if j != i && x.Events[j].Loc == x.Events[i].Loc {
				s.loc.Add(i, j)
			}
		}
	}
	s.poLoc = s.po.Inter(s.loc)
	// herd's int relates events of the same thread, each to itself too,
	// and the initial writes to one another; ext is the rest.
	s.int_ = x.Int.Union(s.id, litmus.Cartesian(n, x.IW, x.IW))
	s.ext = litmus.Cartesian(n, s.all, s.all).Diff(s.int_)
	s.addr0, s.data0, s.ctrl0 = x.Addr, x.Data, x.Ctrl

	// linux-kernel.bell: annotations that do not give their ordering.
	s.RMW = x.Atomic &^ locks
	failedRMW := s.RMW &^ (x.RMW.Domain() | x.RMW.Range())
	s.Acquire = tag(tagAcquire)&^hW&^failedRMW | s.LKR
	s.Release = tag(tagRelease)&^hR&^failedRMW | s.UL
	s.Mb = tag(tagMB) &^ failedRMW
	s.Noreturn = tag(tagNoreturn) &^ hW
	s.R4rmb = s.R &^ s.Noreturn
	marked := (s.all &^ hM) | s.IW | tag(tagOnce) | tag(tagRelease) | tag(tagAcquire) | tag(tagMB) |
		s.RMW | locks | s.SrcuLock | s.SrcuUnlock
	s.Marked = marked
	s.Plain = hM &^ marked
	s.hasPlain = s.Plain != 0
	s.hasSrcu = s.SrcuLock|s.SrcuUnlock != 0
	s.hasRcu = s.SyncRcu|s.SyncSrcu != 0

	po, M := s.po, s.M
	fencerel := func(b litmus.Set) litmus.Rel { return po.Restrict(s.all, b).Seq(po) }
	s.accPo = po.Restrict(s.Acquire, M)
	s.poRel = po.Restrict(M, s.Release)
	s.RmbF = tag(tagRmb)
	s.rmb = fencerel(s.RmbF).Restrict(s.R4rmb, s.R4rmb)
	s.wmb = fencerel(tag(tagWmb)).Restrict(s.W, s.W)
	s.poUL = po.Restrict(s.all, s.UL)
	s.lkrPo = po.Restrict(s.LKR, s.all)
	s.ulPoLKR = po.Restrict(s.UL, s.LKR)
	s.afterULLpo = po.Restrict(tag(tagAfterUnlockLock), M)
	rmwSet, lkw, srcuUnlock := s.RMW, s.LKW, s.SrcuUnlock
	s.mbStatic = fencerel(s.Mb).Restrict(M, M).Union(
		po.Restrict(M, s.Mb&s.R),
		po.Restrict(s.Mb&s.W, M),
		fencerel(tag(tagBeforeAtomic)).Restrict(M, rmwSet).Seq(s.poOpt).Restrict(s.all, M),
		s.poOpt.Restrict(M, rmwSet).Seq(fencerel(tag(tagAfterAtomic))).Restrict(s.all, M),
		s.poOpt.Restrict(M, lkw).Seq(fencerel(tag(tagAfterSpinlock))).Restrict(s.all, M),
		s.poOpt.Restrict(M, srcuUnlock).Seq(fencerel(tag(tagAfterSrcuReadUnlock))).Restrict(s.all, M),
	)
	s.gp = po.Restrict(s.all, s.SyncRcu|s.SyncSrcu).Seq(s.poOpt)
	s.barrier = fencerel(tag(tagBarrier)|tag(tagRmb)|tag(tagWmb)|s.Mb|s.SyncRcu|s.SyncSrcu|
		tag(tagBeforeAtomic)|tag(tagAfterAtomic)|s.Acquire|s.Release|
		tag(tagRcuLock)|tag(tagRcuUnlock)|s.SrcuLock|s.SrcuUnlock).Union(
		po.Restrict(s.all, s.Release), po.Restrict(s.Acquire, s.all))

	// RCU read-side critical sections: each rcu_read_unlock matches the
	// innermost unmatched rcu_read_lock before it.
	rscs := rcuRscs(po, tag(tagRcuLock), tag(tagRcuUnlock))
	s.rcuRscsi = rscs.Inverse()
	s.staticFlags["unmatched-rcu-lock"] = tag(tagRcuLock) &^ rscs.Domain()
	s.staticFlags["unmatched-rcu-unlock"] = tag(tagRcuUnlock) &^ rscs.Range()
	s.staticFlags["invalid-sleep"] = rscs.Inter(po.Restrict(s.all, s.SyncSrcu).Seq(po)).Domain()

	// lock.cat on po alone.
	allLocks := locks | s.SrcuLock | s.SrcuUnlock | s.SyncSrcu
	s.staticFlags["mixed-lock-accesses"] = s.loc.Restrict(hM&^s.IW&^allLocks, allLocks).Domain()
	poLoc := s.poLoc
	lkRMW := poLoc.Restrict(s.LKR, s.LKW).Diff(po.Seq(po))
	s.staticFlags["unpaired-LKW"] = s.LKW &^ lkRMW.Range()
	s.staticFlags["unpaired-LKR"] = s.LKR &^ lkRMW.Domain()
	throughUL := poLoc.Restrict(s.all, s.UL).Seq(poLoc)
	s.lockNest = poLoc.Restrict(s.LKW, s.LKR).Diff(throughUL)
	s.nestedIsLocked = poLoc.Restrict(s.LKW, s.RU).Diff(throughUL)
	critical := poLoc.Restrict(s.LKW, s.UL).Diff(poLoc.Restrict(s.all, s.LKW|s.UL).Seq(poLoc))
	s.staticFlags["unmatched-unlock"] = s.UL &^ critical.Range()
	unmatched := s.LKW &^ critical.Domain()
	s.unmatchedLocks = s.loc.Restrict(unmatched, unmatched)
	return s
}

// rcuRscs pairs each rcu_read_lock with its rcu_read_unlock, as
// linux-kernel.bell's fixpoint does: a lock matches an unlock po-after it
// when no unmatched lock or unlock lies between them.
func rcuRscs(po litmus.Rel, locks, unlocks litmus.Set) litmus.Rel {
	n := po.N
	matched := litmus.NewRel(n)
	for {
		ulocks := locks &^ matched.Domain()
		uunlocks := unlocks &^ matched.Range()
		un := ulocks | uunlocks
		unPo := po.Restrict(un, un)
		next := matched.Union(po.Restrict(ulocks, uunlocks).Diff(unPo.Seq(unPo)))
		if next.Equal(matched) {
			return matched
		}
		matched = next
	}
}

// lkmmRels holds the relations of one candidate, computed stage by stage
// as the axioms ask for them: a candidate that fails coherence never
// builds hb.
type lkmmRels struct {
	s                  *lkmmStatic
	rf, co, fr         litmus.Rel
	rfe, rfi, coe, fre litmus.Rel

	// Stage hb (happens-before).
	hbDone                               bool
	addr, data, ctrl                     litmus.Rel
	popoLKR                              litmus.Rel // po-unlock-lock-po
	mb, strongFence, nonrwFence, fence   litmus.Rel
	rmwSeq, cumulFence, prop, hb, hbStar litmus.Rel

	// Stage pb (propagation).
	pbDone     bool
	pb, pbStar litmus.Rel

	// Stage plain: plain-coherence's relation and the races.
	plainDone   bool
	incoh, race litmus.Rel

	// Stage rb (rcu), with fence and strong-fence rebound to include
	// rcu-fence.
	rbDone               bool
	rcuFence, rb         litmus.Rel
	fence2, strongFence2 litmus.Rel
}

func lkmmOf(e *Env) *lkmmRels {
	if r, ok := e.cache.(*lkmmRels); ok {
		return r
	}
	x := e.X
	s := lkmmStaticOf(x)
	r := &lkmmRels{s: s}
	e.cache = r
	r.rf, r.co = x.RF, x.CO
	r.fr = x.RF.Inverse().Seq(x.CO)
	r.rfe, r.rfi = r.rf.Inter(s.ext), r.rf.Inter(s.int_)
	r.coe = r.co.Inter(s.ext)
	r.fre = r.fr.Inter(s.ext)
	return r
}

// opt is r?, r with the identity.
func (s *lkmmStatic) opt(r litmus.Rel) litmus.Rel { return r.Union(s.id) }

// star is r*.
func (s *lkmmStatic) star(r litmus.Rel) litmus.Rel { return r.Plus().Union(s.id) }

// happensBefore builds linux-kernel.cat up to hb.
func (r *lkmmRels) happensBefore() *lkmmRels {
	if r.hbDone {
		return r
	}
	r.hbDone = true
	s := r.s
	all, M, Marked := s.all, s.M, s.Marked

	// linux-kernel.bell: dependencies carried through plain stores and
	// the reads that read them.
	carry := s.star(s.data0.Restrict(all, s.notSrcuUnlock).Seq(r.rfi))
	r.addr, r.data, r.ctrl = carry.Seq(s.addr0), carry.Seq(s.data0), carry.Seq(s.ctrl0)

	// po-unlock-lock-po = po ; [UL] ; (po|rf) ; [LKR] ; po
	mid := s.ulPoLKR.Union(r.rf.Restrict(s.UL, s.LKR))
	r.popoLKR = s.poUL.Seq(mid).Seq(s.lkrPo)

	r.mb = s.mbStatic.Union(r.popoLKR.Restrict(M, all).Seq(s.afterULLpo))
	r.strongFence = r.mb.Union(s.gp)
	r.nonrwFence = r.strongFence.Union(s.poRel, s.accPo)
	r.fence = r.nonrwFence.Union(s.wmb, s.rmb)

	// Preserved program order.
	dep := r.addr.Union(r.data)
	rwdep := dep.Union(r.ctrl).Restrict(all, s.W)
	overwrite := r.co.Union(r.fr)
	toW := rwdep.Union(overwrite.Inter(s.int_), r.addr.Restrict(all, s.Plain).Seq(s.wmb))
	toR := r.addr.Restrict(all, s.R).Union(dep.Restrict(all, Marked).Seq(r.rfi))
	ppo := toR.Union(toW, r.fence.Inter(s.int_), r.popoLKR.Inter(s.int_))

	// Propagation: cumulative fences and prop.
	aCumul := func(f litmus.Rel) litmus.Rel {
		return s.opt(r.rfe.Restrict(all, Marked)).Seq(f)
	}
	r.rmwSeq = s.star(r.rf.Seq(s.rmw))
	r.cumulFence = aCumul(r.strongFence.Union(s.poRel)).Union(s.wmb, r.popoLKR).
		Restrict(Marked, Marked).Seq(r.rmwSeq)
	r.prop = s.opt(overwrite.Inter(s.ext)).Restrict(Marked, all).
		Seq(s.star(r.cumulFence)).Restrict(all, Marked).
		Seq(s.opt(r.rfe)).Restrict(all, Marked)
	r.hb = ppo.Union(r.rfe, r.prop.Diff(s.id).Inter(s.int_)).Restrict(Marked, Marked)
	r.hbStar = s.star(r.hb)
	return r
}

// propagation builds pb.
func (r *lkmmRels) propagation() *lkmmRels {
	if r.pbDone {
		return r
	}
	r.happensBefore()
	r.pbDone = true
	s := r.s
	r.pb = r.prop.Seq(r.strongFence).Seq(r.hbStar).Restrict(s.all, s.Marked)
	r.pbStar = s.star(r.pb)
	return r
}

// rcu builds rcu-order, rcu-fence and rb, and rebinds fence and
// strong-fence to include rcu-fence.
func (r *lkmmRels) rcu() *lkmmRels {
	if r.rbDone {
		return r
	}
	r.propagation()
	r.rbDone = true
	s := r.s
	n := s.n
	if !s.hasRcu {
		r.rcuFence, r.rb = litmus.NewRel(n), litmus.NewRel(n)
		r.fence2, r.strongFence2 = r.fence, r.strongFence
		return r
	}
	link := s.poOpt.Seq(r.hbStar).Seq(r.pbStar).Seq(r.prop).Seq(s.po)
	gpR, gpS := s.SyncRcu, s.SyncSrcu
	rsR := s.rcuRscsi
	rsS := r.srcuRscs().Inverse()
	// a ; link ; b for a grace period or critical section a and b.
	ends := func(a litmus.Set, mid litmus.Rel, b litmus.Rel) litmus.Rel {
		return mid.Restrict(a, s.all).Seq(b)
	}
	back := func(a litmus.Rel, mid litmus.Rel, b litmus.Set) litmus.Rel {
		return a.Seq(mid).Restrict(s.all, b)
	}
	base := litmus.Identity(n, gpR|gpS).Union(
		ends(gpR, link, rsR),
		ends(gpS, link, rsS).Inter(s.loc),
		back(rsR, link, gpR),
		back(rsS, link, gpS).Inter(s.loc),
	)
	order := base
	for {
		lol := link.Seq(order).Seq(link)
		next := base.Union(
			ends(gpR, lol, rsR),
			ends(gpS, lol, rsS).Inter(s.loc),
			back(rsR, lol, gpR),
			back(rsS, lol, gpS).Inter(s.loc),
			order.Seq(link).Seq(order),
		)
		if next.Equal(order) {
			break
		}
		order = next
	}
	r.rcuFence = s.po.Seq(order).Seq(s.poOpt)
	r.fence2 = r.fence.Union(r.rcuFence)
	r.strongFence2 = r.strongFence.Union(r.rcuFence)
	r.rb = r.prop.Seq(r.rcuFence).Seq(r.hbStar).Seq(r.pbStar).Restrict(s.all, s.Marked)
	return r
}

// srcuRscs pairs srcu_read_lock with srcu_read_unlock: the unlock is
// handed the lock's value, possibly through memory.
func (r *lkmmRels) srcuRscs() litmus.Rel {
	s := r.s
	carry := s.star(s.data0.Restrict(s.all, s.notSrcuUnlock).Seq(r.rf))
	return carry.Restrict(s.SrcuLock, s.all).Seq(s.data0).Restrict(s.all, s.SrcuUnlock).Inter(s.loc)
}

// plain builds the relations of the plain-access section:
// plain-coherence's relation and the races.
func (r *lkmmRels) plain() *lkmmRels {
	if r.plainDone {
		return r
	}
	r.rcu()
	r.plainDone = true
	s := r.s
	if !s.hasPlain {
		r.incoh, r.race = litmus.NewRel(s.n), litmus.NewRel(s.n)
		return r
	}
	n, all, M, Marked := s.n, s.all, s.M, s.Marked
	fence, strong := r.fence2, r.strongFence2
	xb := r.hb.Union(r.pb, r.rb)
	xbstar := s.star(xb)
	vis := s.star(r.cumulFence).Seq(s.opt(r.rfe)).Restrict(all, Marked).Seq(
		strong.Restrict(all, Marked).Seq(xbstar).Union(xbstar.Inter(s.int_)))
	rmbRel := s.po.Restrict(all, s.RmbF).Seq(s.po)
	wPre := s.opt(r.addr.Union(fence)).Restrict(Marked, all)
	rPre := s.opt(r.addr.Union(r.nonrwFence, rmbRel.Restrict(s.R4rmb, all&^s.Noreturn))).Restrict(Marked, all)
	wPost := s.opt(fence).Restrict(all, Marked).Seq(r.rmwSeq)
	rPost := s.opt(r.nonrwFence.Union(rmbRel.Restrict(all&^s.Noreturn, s.R4rmb))).Restrict(all, Marked)
	wwVis := fence.Union(strong.Seq(xbstar).Seq(wPre), wPost.Seq(vis).Seq(wPre))
	wrVis := fence.Union(strong.Seq(xbstar).Seq(rPre), wPost.Seq(vis).Seq(rPre))
	rwXb := fence.Union(rPost.Seq(xbstar).Seq(wPre))
	preRace := litmus.Cartesian(n, s.Plain, M).Union(litmus.Cartesian(n, M&^s.IW, s.Plain)).Inter(s.ext)
	wrIncoh := preRace.Inter(r.rf).Inter(rwXb.Inverse())
	rwIncoh := preRace.Inter(r.fr).Inter(wrVis.Inverse())
	wwIncoh := preRace.Inter(r.co).Inter(wwVis.Inverse())
	r.incoh = wrIncoh.Union(rwIncoh, wwIncoh)
	wwNonrace := wwVis.Inter(litmus.Cartesian(n, Marked, s.W).Union(rwXb)).
		Inter(litmus.Cartesian(n, s.W, Marked).Union(wrVis))
	wwRace := preRace.Inter(r.co).Diff(wwNonrace)
	wrRace := preRace.Inter(s.opt(r.co).Seq(r.rf)).Diff(wrVis).Diff(rwXb.Inverse())
	rwRace := preRace.Inter(r.fr).Diff(rwXb)
	r.race = wwRace.Union(wrRace, rwRace)
	return r
}

// staticFlag is a flag that po alone decides.
func staticFlag(name string) Axiom {
	return Axiom{Name: name, Kind: Flag, Rel: func(e *Env) litmus.Rel {
		return e.Bracket(lkmmOf(e).s.staticFlags[name])
	}}
}

// srcuFlag is a flag on the matching of srcu_read_lock and
// srcu_read_unlock.
func srcuFlag(name string, f func(s *lkmmStatic, rscs litmus.Rel) litmus.Rel) Axiom {
	return Axiom{Name: name, Kind: Flag, Rel: func(e *Env) litmus.Rel {
		r := lkmmOf(e)
		if !r.s.hasSrcu {
			return e.Empty()
		}
		return f(r.s, r.srcuRscs())
	}}
}

// LKMM is the Linux-kernel memory model: linux-kernel.cat with
// linux-kernel.bell and lock.cat, as herd7 runs it with -variant lkmmv2.
var LKMM = &Model{
	ModelName: "LKMM",
	Doc:       "Linux-kernel memory model, after linux-kernel.cat, linux-kernel.bell and lock.cat (herd7 -variant lkmmv2)",
	Arches:    []litmus.Arch{litmus.ArchC},
	// coherence (po orders the read of an rmw pair before its write) and
	// atomic leave the read no other write to read.
	Atomic: true,
	// Plain accesses are not in hb: a cycle through them may stand.
	Cycles: true,
	Axioms: []Axiom{
		// lock.cat: spin_lock inside a critical section of the same lock
		// deadlocks, spin_is_locked there returns true, and at most one
		// lock is left held per location.
		{Name: "lock-nest", Kind: Empty, Rel: func(e *Env) litmus.Rel { return lkmmOf(e).s.lockNest }},
		{Name: "nested-is-locked", Kind: Empty, Rel: func(e *Env) litmus.Rel { return lkmmOf(e).s.nestedIsLocked }},
		{Name: "unmatched-locks", Kind: Empty, Rel: func(e *Env) litmus.Rel { return lkmmOf(e).s.unmatchedLocks }},
		// linux-kernel.cat.
		{Name: "coherence", Kind: Acyclic, Rel: func(e *Env) litmus.Rel {
			r := lkmmOf(e)
			return r.s.poLoc.Union(r.rf, r.co, r.fr)
		}},
		{Name: "atomic", Kind: Empty, Rel: func(e *Env) litmus.Rel {
			r := lkmmOf(e)
			return r.s.rmw.Inter(r.fre.Seq(r.coe))
		}},
		{Name: "happens-before", Kind: Acyclic, Rel: func(e *Env) litmus.Rel {
			return lkmmOf(e).happensBefore().hb
		}},
		{Name: "propagation", Kind: Acyclic, Rel: func(e *Env) litmus.Rel {
			return lkmmOf(e).propagation().pb
		}},
		{Name: "rcu", Kind: Irreflexive, Rel: func(e *Env) litmus.Rel {
			return lkmmOf(e).rcu().rb
		}},
		{Name: "plain-coherence", Kind: Empty, Rel: func(e *Env) litmus.Rel {
			return lkmmOf(e).plain().incoh
		}},

		// Flags of linux-kernel.bell.
		staticFlag("unmatched-rcu-lock"),
		staticFlag("unmatched-rcu-unlock"),
		srcuFlag("unmatched-srcu-lock", func(s *lkmmStatic, m litmus.Rel) litmus.Rel {
			return litmus.Identity(s.n, s.SrcuLock&^m.Domain())
		}),
		srcuFlag("unmatched-srcu-unlock", func(s *lkmmStatic, m litmus.Rel) litmus.Rel {
			return litmus.Identity(s.n, s.SrcuUnlock&^m.Range())
		}),
		srcuFlag("multiple-srcu-matches", func(s *lkmmStatic, m litmus.Rel) litmus.Rel {
			return m.Inverse().Seq(m).Diff(s.id)
		}),
		staticFlag("invalid-sleep"),
		srcuFlag("srcu-bad-value-match", func(s *lkmmStatic, m litmus.Rel) litmus.Rel {
			return differentValues(s, m)
		}),
		// Flags of lock.cat.
		staticFlag("mixed-lock-accesses"),
		staticFlag("unpaired-LKW"),
		staticFlag("unpaired-LKR"),
		staticFlag("unmatched-unlock"),
		// Flags of linux-kernel.cat.
		{Name: "mixed-accesses", Kind: Flag, Rel: func(e *Env) litmus.Rel {
			s := lkmmOf(e).s
			pw := s.Plain & s.W
			if pw == 0 {
				return e.Empty()
			}
			pl := s.poLoc.Diff(s.barrier)
			return pl.Restrict(pw, s.Marked).Union(pl.Restrict(s.Marked, pw))
		}},
		{Name: "data-race", Kind: Flag, Rel: func(e *Env) litmus.Rel {
			return lkmmOf(e).plain().race
		}},
	},
}

// differentValues keeps the pairs of m whose events carry different
// values (cat's different-values).
func differentValues(s *lkmmStatic, m litmus.Rel) litmus.Rel {
	out := litmus.NewRel(s.n)
	for i, row := range m.Rows {
		row.Each(func(j int) {
			if s.vals[i] != s.vals[j] {
				out.Add(i, j)
			}
		})
	}
	return out
}

func init() {
	Register(LKMM)
}
