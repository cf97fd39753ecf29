// This file implements the relations of linux-kernel.cat that depend on
// rf and co, built per candidate and stage by stage: happens-before,
// propagation and the plain-access section (the RCU recursion is in
// lkmm_rcu.go).

package models

import "github.com/litmuscheck/litmuscheck/rel"

// lkmmRels holds the relations of one candidate, computed stage by stage
// as the axioms ask for them: a candidate that fails coherence never
// builds hb.
type lkmmRels struct {
	s                  *lkmmStatic
	arena              *rel.Arena
	rf, co, fr         rel.Rel
	rfe, rfi, coe, fre rel.Rel

	// Stage hb (happens-before).
	hbDone                               bool
	addr, data, ctrl                     rel.Rel
	popoLKR                              rel.Rel // po-unlock-lock-po
	mb, strongFence, nonrwFence, fence   rel.Rel
	rmwSeq, cumulFence, prop, hb, hbStar rel.Rel
	// hbAcyclic is the happens-before axiom, found with hb*.
	hbAcyclic bool

	// Stage pb (propagation).
	pbDone     bool
	pb, pbStar rel.Rel
	pbAcyclic  bool

	// Stage plain: plain-coherence's relation and the races.
	plainDone   bool
	incoh, race rel.Rel

	// Stage rcu-order, on keys (lkmm_rcu.go).
	orderDone             bool
	rcuLink, rcuOrderKeys rel.Rel

	// Stage rb (rcu), with fence and strong-fence rebound to include
	// rcu-fence.
	rbDone               bool
	rcuFence, rb         rel.Rel
	fence2, strongFence2 rel.Rel
}

func lkmmOf(e *Env) *lkmmRels {
	if r, ok := e.cache.(*lkmmRels); ok {
		return r
	}
	x := e.X
	s := lkmmStaticOf(x)
	// Every relation of the candidate lives in the arena, freed when the
	// next candidate starts.
	a := x.Arena
	if a == nil {
		a = &s.arena
	}
	a.Reset()
	// The arena's previous candidate is gone: its lkmmRels serves again.
	r := s.rels
	if r == nil || r.arena != a {
		r = new(lkmmRels)
		s.rels = r
	}
	*r = lkmmRels{s: s, arena: a}
	e.cache = r
	r.rf, r.co = a.Attach(x.RF), a.Attach(x.CO)
	r.fr = r.rf.Inverse().Seq(r.co)
	r.rfe, r.rfi = r.rf.Inter(s.ext), r.rf.Inter(s.int_)
	r.coe = r.co.Inter(s.ext)
	r.fre = r.fr.Inter(s.ext)
	return r
}

// stage reports whether a memoised stage is still to be built; if so it
// first builds the stage this one rests on (before; nil for none), then
// marks this one built. The caller names before, so the order of the
// stages stays in sight.
func stage(done *bool, before func() *lkmmRels) bool {
	if *done {
		return false
	}
	if before != nil {
		before()
	}
	*done = true
	return true
}

// happensBefore builds linux-kernel.cat up to hb.
func (r *lkmmRels) happensBefore() *lkmmRels {
	if !stage(&r.hbDone, nil) {
		return r
	}
	s := r.s
	if s.hbFixed != nil {
		r.happensBeforeFixed(s.hbFixed)
		return r
	}
	all, M, Marked := s.all, s.M, s.Marked

	// linux-kernel.bell: dependencies carried through plain stores and
	// the reads that read them.
	carry := s.dataNotSU.Seq(r.rfi).Star()
	r.addr, r.data, r.ctrl = carry.Seq(s.addr0), carry.Seq(s.data0), carry.Seq(s.ctrl0)

	// po-unlock-lock-po = po ; [UL] ; (po|rf) ; [LKR] ; po
	mid := s.ulPoLKR.Union(r.rf.Restrict(s.UL, s.LKR))
	r.popoLKR = s.poUL.Seq(mid).Seq(s.lkrPo)

	r.mb = s.mbStatic.Union(r.popoLKR.Restrict(M, all).Seq(s.afterULLpo))
	if !s.fragUL.Union(s.fragLKR).Empty() {
		r.mb = r.mb.Union(r.fragmentUnlockLock())
	}
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
	aCumul := func(f rel.Rel) rel.Rel {
		return r.rfe.Restrict(all, Marked).Opt().Seq(f)
	}
	r.rmwSeq = r.rf.Seq(s.rmw).Star()
	r.cumulFence = aCumul(r.strongFence.Union(s.poRel)).Union(s.wmb, r.popoLKR).
		Restrict(Marked, Marked).Seq(r.rmwSeq)
	r.prop = overwrite.Inter(s.ext).Opt().Restrict(Marked, all).
		Seq(r.cumulFence.Star()).Restrict(all, Marked).
		Seq(r.rfe.Opt()).Restrict(all, Marked)
	r.hb = ppo.Union(r.rfe, r.prop.Diff(s.id).Inter(s.int_)).Restrict(Marked, Marked)
	r.hbStar, r.hbAcyclic = r.hb.StarAcyclic()
	return r
}

// propagation builds pb.
func (r *lkmmRels) propagation() *lkmmRels {
	if !stage(&r.pbDone, r.happensBefore) {
		return r
	}
	s := r.s
	r.pb = r.prop.Seq(r.strongFence).Seq(r.hbStar).Restrict(s.all, s.Marked)
	r.pbStar, r.pbAcyclic = r.pb.StarAcyclic()
	return r
}

// srcuRscs pairs srcu_read_lock with srcu_read_unlock: the unlock is
// handed the lock's value, possibly through memory.
func (r *lkmmRels) srcuRscs() rel.Rel {
	s := r.s
	carry := s.dataNotSU.Seq(r.rf).Star()
	return carry.Restrict(s.SrcuLock, s.all).Seq(s.data0).Restrict(s.all, s.SrcuUnlock).Inter(s.loc)
}

// plain builds the relations of the plain-access section:
// plain-coherence's relation and the races.
func (r *lkmmRels) plain() *lkmmRels {
	if !stage(&r.plainDone, nil) {
		return r
	}
	s := r.s
	if !s.hasPlain {
		r.incoh, r.race = s.none, s.none // shared, never written
		return r
	}
	r.rcu()
	all, Marked := s.all, s.Marked
	fence, strong := r.fence2, r.strongFence2
	xb := r.hb.Union(r.pb, r.rb)
	xbstar := xb.Star()
	vis := r.cumulFence.Star().Seq(r.rfe.Opt()).Restrict(all, Marked).Seq(
		strong.Restrict(all, Marked).Seq(xbstar).Union(xbstar.Inter(s.int_)))
	wPre := r.addr.Union(fence).Opt().Restrict(Marked, all)
	rPre := r.addr.Union(r.nonrwFence, s.rmbPre).Opt().Restrict(Marked, all)
	wPost := fence.Opt().Restrict(all, Marked).Seq(r.rmwSeq)
	rPost := r.nonrwFence.Union(s.rmbPost).Opt().Restrict(all, Marked)
	wwVis := fence.Union(strong.Seq(xbstar).Seq(wPre), wPost.Seq(vis).Seq(wPre))
	wrVis := fence.Union(strong.Seq(xbstar).Seq(rPre), wPost.Seq(vis).Seq(rPre))
	rwXb := fence.Union(rPost.Seq(xbstar).Seq(wPre))
	preRace := s.preRace
	wrIncoh := preRace.Inter(r.rf).Inter(rwXb.Inverse())
	rwIncoh := preRace.Inter(r.fr).Inter(wrVis.Inverse())
	wwIncoh := preRace.Inter(r.co).Inter(wwVis.Inverse())
	r.incoh = wrIncoh.Union(rwIncoh, wwIncoh)
	wwNonrace := wwVis.Inter(s.markedW.Union(rwXb)).Inter(s.wMarked.Union(wrVis))
	wwRace := preRace.Inter(r.co).Diff(wwNonrace)
	wrRace := preRace.Inter(r.co.Opt().Seq(r.rf)).Diff(wrVis).Diff(rwXb.Inverse())
	rwRace := preRace.Inter(r.fr).Diff(rwXb)
	r.race = wwRace.Union(wrRace, rwRace)
	return r
}
