// This file implements linux-kernel.cat's RCU section: the recursion of
// rcu-order and rcu-link, rcu-fence and rb. The fixpoint is computed on the
// events rcu-order can relate only (grace periods and the ends of
// read-side critical sections), a few dozen even in a ring of twenty
// threads, rather than on every event of the candidate.

package models

import "github.com/litmuscheck/litmuscheck/rel"

// rcuKeys holds what rcu's fixpoint needs of the shape of an execution.
// Every term of rcu-order starts and ends at a grace period or at an end of
// an rcu-rscsi or srcu-rscsi pair, and its rcu-link steps join such events,
// so the fixpoint restricted to them (the keys) is the fixpoint itself.
type rcuKeys struct {
	ids   []int // the event of each key, increasing
	index []int // the key of each event, -1 for none
	all   rel.Set
	// On keys: the grace periods, rcu-rscsi, loc, and rcu-gp | srcu-gp.
	gpR, gpS   rel.Set
	rsR, loc   rel.Rel
	gp         rel.Rel
	set        rel.Set // the keys, as events
	fromKeys   rel.Rel // [keys] ; po?, on events
	toKeys     rel.Rel // po ; [keys], on events
	srcuLocked bool    // some srcu_read_lock or srcu_read_unlock
}

// lkmmShortcuts switches on the constructions per shape that stand for the
// general ones: rcu's fixpoint on keys only (every event is a key without
// it) and hbFixed. Tests compare the two.
var lkmmShortcuts = true

// newRCUKeys returns the keys of s: every event if every is set.
func newRCUKeys(s *lkmmStatic, every bool) *rcuKeys {
	set := s.SyncRcu.Union(s.SyncSrcu, s.rcuRscsi.Domain(), s.rcuRscsi.Range(), s.SrcuLock, s.SrcuUnlock)
	if every {
		set = s.all
	}
	kk := &rcuKeys{index: make([]int, s.n), set: set, srcuLocked: s.hasSrcu}
	for e := range kk.index {
		kk.index[e] = -1
	}
	set.Each(func(e int) {
		kk.index[e] = len(kk.ids)
		kk.ids = append(kk.ids, e)
	})
	k := len(kk.ids)
	kk.all = rel.AllEvents(k)
	kk.gpR, kk.gpS = kk.onKeys(s.SyncRcu), kk.onKeys(s.SyncSrcu)
	kk.rsR, kk.loc = kk.project(nil, s.rcuRscsi), kk.project(nil, s.loc)
	kk.gp = rel.Identity(k, kk.gpR.Union(kk.gpS))
	kk.fromKeys = s.poOpt.Restrict(set, s.all)
	kk.toKeys = s.po.Restrict(s.all, set)
	return kk
}

// onKeys is the set of keys of the events of es that are keys.
func (kk *rcuKeys) onKeys(es rel.Set) rel.Set {
	var out rel.Set
	es.Each(func(e int) {
		if k := kk.index[e]; k >= 0 {
			out = out.Add(k)
		}
	})
	return out
}

// project is r between keys, as a relation on keys (in a, if not nil).
func (kk *rcuKeys) project(a *rel.Arena, r rel.Rel) rel.Rel {
	var out rel.Rel
	if a == nil {
		out = rel.NewRel(len(kk.ids))
	} else {
		out = a.NewRel(len(kk.ids))
	}
	for i, e := range kk.ids {
		r.EachSucc(e, func(f int) {
			if j := kk.index[f]; j >= 0 {
				out.Add(i, j)
			}
		})
	}
	return out
}

// expand is the relation on n events of r, a relation on keys, in a.
func (kk *rcuKeys) expand(a *rel.Arena, n int, r rel.Rel) rel.Rel {
	out := a.NewRel(n)
	for i, e := range kk.ids {
		r.EachSucc(i, func(j int) { out.Add(e, kk.ids[j]) })
	}
	return out
}

// rcuOrder builds rcu-link and rcu-order, on keys: what the rcu axiom
// needs (rcuHolds), and what rcu-fence expands.
func (r *lkmmRels) rcuOrder() {
	if !stage(&r.orderDone, r.propagation) {
		return
	}
	kk := r.s.rcuKeys
	// rcu-link = po? ; hb* ; pb* ; prop ; po, between keys.
	link := kk.project(r.arena, kk.fromKeys.Seq(r.hbStar).Seq(r.pbStar).Seq(r.prop).Seq(kk.toKeys))
	gpR, gpS, rsR, all := kk.gpR, kk.gpS, kk.rsR, kk.all
	var rsS rel.Rel
	if kk.srcuLocked {
		rsS = kk.project(r.arena, r.srcuRscs().Inverse())
	}
	// The terms of rcu-order through mid: a grace period, mid, a critical
	// section, and back. Without srcu_read_lock, srcu-rscsi is empty and
	// so are its terms.
	terms := func(mid rel.Rel) rel.Rel {
		t := mid.Restrict(gpR, all).Seq(rsR).Union(rsR.Seq(mid).Restrict(all, gpR))
		if kk.srcuLocked {
			t = t.Union(mid.Restrict(gpS, all).Seq(rsS).Inter(kk.loc), rsS.Seq(mid).Restrict(all, gpS).Inter(kk.loc))
		}
		return t
	}
	base := terms(link).Union(kk.gp)
	order := base
	for {
		next := base.Union(terms(link.Seq(order).Seq(link)), order.Seq(link).Seq(order))
		if next.Equal(order) {
			break
		}
		order = next
	}
	r.rcuLink, r.rcuOrderKeys = link, order
}

// rcuHolds decides the rcu axiom, irreflexive rb, without building rb:
// rb = prop ; po ; rcu-order ; po? ; hb* ; pb* ; [Marked], and prop's
// domain is Marked, so an event e with (e, e) in rb gives keys k and k'
// with (k, k') in rcu-order and (k', k) in rcu-link (po? ; hb* ; pb* ;
// prop ; po between keys), and back: rb is irreflexive exactly when
// rcu-order ; rcu-link is. Without the shortcuts it asks rb itself.
func (r *lkmmRels) rcuHolds() bool {
	if !r.s.hasRcu || !lkmmShortcuts {
		return r.rcu().rb.Irreflexive()
	}
	r.rcuOrder()
	return r.rcuOrderKeys.Seq(r.rcuLink).Irreflexive()
}

// rcu builds rcu-order, rcu-fence and rb, and rebinds fence and
// strong-fence to include rcu-fence.
func (r *lkmmRels) rcu() *lkmmRels {
	if !stage(&r.rbDone, r.propagation) {
		return r
	}
	s := r.s
	n := s.n
	if !s.hasRcu {
		r.rcuFence, r.rb = s.none, s.none // shared, never written
		r.fence2, r.strongFence2 = r.fence, r.strongFence
		return r
	}
	kk := s.rcuKeys
	r.rcuOrder()
	orderN := kk.expand(r.arena, n, r.rcuOrderKeys)
	// po ; rcu-order ; po?, whose ends are keys.
	r.rcuFence = kk.toKeys.Seq(orderN).Seq(kk.fromKeys)
	r.fence2 = r.fence.Union(r.rcuFence)
	r.strongFence2 = r.strongFence.Union(r.rcuFence)
	r.rb = r.prop.Seq(r.rcuFence).Seq(r.hbStar).Seq(r.pbStar).Restrict(s.all, s.Marked)
	return r
}
