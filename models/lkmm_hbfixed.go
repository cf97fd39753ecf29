// This file implements happens-before for the shapes where most of it is
// fixed: no lock hand-over (po-unlock-lock-po is empty), no dependency
// carried through a plain store and no read-modify-write. Then the fences,
// most of ppo and most of cumul-fence depend on neither rf nor co, and are
// built once per shape rather than per candidate (the RCU ring checks a
// hundred thousand candidates of one shape).

package models

import "github.com/litmuscheck/litmuscheck/rel"

// hbFixed holds the parts of linux-kernel.cat up to hb that need no rf or
// co in such a shape.
type hbFixed struct {
	mb, strongFence, nonrwFence, fence rel.Rel
	// ppo less its terms through rf, co and fr.
	ppo rel.Rel
	// (addr | data) ; [Marked], which ppo follows by rfi.
	depMarked rel.Rel
	// cumul-fence is cumul plus [Marked] ; rfe ; [Marked] ; cumulA.
	cumul, cumulA rel.Rel
}

// newHBFixed returns the fixed parts of happensBefore, or nil when s's
// shape needs the general construction.
func newHBFixed(s *lkmmStatic) *hbFixed {
	lockOrder := !s.UL.Empty() && !s.LKR.Empty() || !s.fragUL.Union(s.fragLKR).Empty()
	if lockOrder || !s.dataNotSU.Empty() || !s.rmw.Empty() {
		return nil
	}
	all, Marked := s.all, s.Marked
	f := &hbFixed{mb: s.mbStatic}
	f.strongFence = f.mb.Union(s.gp)
	f.nonrwFence = f.strongFence.Union(s.poRel, s.accPo)
	f.fence = f.nonrwFence.Union(s.wmb, s.rmb)
	// carry-dep is the identity: the dependencies are herd's own.
	addr, data, ctrl := s.addr0, s.data0, s.ctrl0
	dep := addr.Union(data)
	rwdep := dep.Union(ctrl).Restrict(all, s.W)
	f.ppo = rwdep.Union(addr.Restrict(all, s.Plain).Seq(s.wmb), addr.Restrict(all, s.R), f.fence.Inter(s.int_))
	f.depMarked = dep.Restrict(all, Marked)
	a := f.strongFence.Union(s.poRel)
	f.cumul = a.Union(s.wmb).Restrict(Marked, Marked)
	f.cumulA = a.Restrict(all, Marked)
	return f
}

// happensBeforeFixed is happensBefore from f: the same relations, the
// fixed ones shared (attached to the arena, never written).
func (r *lkmmRels) happensBeforeFixed(f *hbFixed) {
	s, a := r.s, r.arena
	all, Marked := s.all, s.Marked
	r.addr, r.data, r.ctrl = a.Attach(s.addr0), a.Attach(s.data0), a.Attach(s.ctrl0)
	r.popoLKR = a.Attach(s.none)
	r.mb, r.strongFence, r.nonrwFence, r.fence = a.Attach(f.mb), a.Attach(f.strongFence), a.Attach(f.nonrwFence), a.Attach(f.fence)
	overwrite := r.co.Union(r.fr)
	ppo := overwrite.Inter(s.int_).Union(f.depMarked.Seq(r.rfi), f.ppo)
	// rf ; rmw is empty: rmw-sequence is the identity.
	r.rmwSeq = a.Attach(s.id)
	rfeMarked := r.rfe.Restrict(Marked, Marked)
	r.cumulFence = rfeMarked.Seq(f.cumulA).Union(f.cumul)
	r.prop = overwrite.Inter(s.ext).Opt().Restrict(Marked, all).
		Seq(r.cumulFence.Star()).Restrict(all, Marked).
		Seq(r.rfe.Opt()).Restrict(all, Marked)
	r.hb = ppo.Union(r.rfe, r.prop.Diff(s.id).Inter(s.int_)).Restrict(Marked, Marked)
	r.hbStar, r.hbAcyclic = r.hb.StarAcyclic()
}
