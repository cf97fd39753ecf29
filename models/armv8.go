// This file implements the ARMv8 model of herd's aarch64.cat (with
// aarch64hwreqs.cat, aarch64deps.cat, aarch64fences.cat and
// aarch64util.cat) at user level: every access is explicit, and the parts
// about TLB, cache maintenance, tags, translation table descriptors and
// instruction fetch are empty.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// armStatic are the relations of aarch64.cat that depend only on the
// paths of the threads, not on rf and co: the dependencies, which the cat
// file computes itself, and the locally-ordered-before relation with its
// pick extension (local-hw-reqs). The explorer varies rf and co over one
// combination of paths, so they are computed once per combination.
type armStatic struct {
	// hwreqs is local-hw-reqs restricted to memory accesses: the range of
	// the fence and branch orders is every event, but ordered-before only
	// continues from memory accesses.
	hwreqs rel.Rel
	// sameInstance relates the events of one instruction, and each event
	// to itself.
	sameInstance rel.Rel
}

// armFences are the barrier sets of aarch64fences.cat. All observers
// share one inner-shareable domain, so ISH, OSH and SY options are one.
type armFences struct {
	dsbFull, dsbLd, dsbSt, dmbFull, dmbLd, dmbSt rel.Set
}

func armFenceSets(e *Env) armFences {
	var f armFences
	f.dsbFull = anyTag(e, "DSB.ISH", "DSB.OSH", "DSB.SY")
	// aarch64fences.cat binds DSB.OSHLD to the events of DSB.OSH (a slip
	// in the file that herd follows), so DSB OSHLD orders nothing and DSB
	// OSH is also a load barrier.
	f.dsbLd = anyTag(e, "DSB.ISHLD", "DSB.OSH", "DSB.LD")
	f.dsbSt = anyTag(e, "DSB.ISHST", "DSB.OSHST", "DSB.ST")
	f.dmbFull = anyTag(e, "DMB.ISH", "DMB.OSH", "DMB.SY").Union(f.dsbFull)
	f.dmbLd = anyTag(e, "DMB.ISHLD", "DMB.OSHLD", "DMB.LD").Union(f.dsbLd)
	f.dmbSt = anyTag(e, "DMB.ISHST", "DMB.OSHST", "DMB.ST").Union(f.dsbSt)
	return f
}

// armDeps are the dependency relations of aarch64deps.cat, from explicit
// reads: addr and data (and their pick forms, and pick-dep) end at memory
// accesses, ctrl and pick-ctrl-dep at every event after the branch.
type armDeps struct {
	addr, data, ctrl                      rel.Rel
	pickAddr, pickData, pickCtrl, pickDep rel.Rel
	lrs                                   rel.Rel
}

// armDependencies derives the cat file's dependencies from the
// register-level ones the explorer records. herd's dtrm chains register
// data flow (rf-reg, iico_data) with lrs, a write read back by a po-later
// read of the same location with no write in between; its chains go on
// through a read, whose value depends on its address, and through such a
// write, whose value or address the chain reached. The pick relations
// also follow iico_ctrl edges, the conditions of CSEL and the comparisons
// of CAS.
func armDependencies(e *Env, si rel.Rel) armDeps {
	x := e.X
	R, W, M := e.R, e.W, e.M
	var d armDeps
	// lrs = [W]; (po-loc \ intervening(W, po-loc)); [R].
	poLoc := e.POLoc
	d.lrs = poLoc.Restrict(W, R).Diff(poLoc.Restrict(M, W).Seq(poLoc))
	notSI := func(r rel.Rel) rel.Rel { return r.Diff(si) }
	// next relates an event to a read whose value the chain reaches
	// through it: a read by its address, a write by lrs.
	next := func(addr, data rel.Rel) rel.Rel {
		return addr.Restrict(R, R).Union(addr.Union(data).Restrict(R, W).Seq(d.lrs))
	}
	// chain is [R]; next*, the reads whose value a read reaches.
	chain := func(n rel.Rel) rel.Rel {
		return n.Star().Restrict(R, e.All)
	}
	dc := chain(next(x.Addr, x.Data))
	d.addr = notSI(dc.Seq(x.Addr).Restrict(R, M))
	d.data = notSI(dc.Seq(x.Data).Restrict(R, W))
	d.ctrl = dc.Seq(x.Ctrl).Restrict(R, e.All)

	pn := next(x.PickAddr, x.PickData)
	pc := chain(pn)
	d.pickAddr = notSI(pc.Seq(x.PickAddr).Restrict(R, M))
	d.pickData = notSI(pc.Seq(x.PickData).Restrict(R, W))
	d.pickCtrl = pc.Seq(x.PickCtrl).Restrict(R, e.All)
	// pick-basic-dep reaches every access the chain enters, by its
	// address, its data, or lrs; pick-dep adds the three others.
	basic := pc.Seq(x.PickAddr.Union(x.PickData, pn)).Restrict(R, M)
	d.pickDep = notSI(basic.Union(d.pickAddr, d.pickData, d.pickCtrl.Restrict(R, M)))
	return d
}

func armStaticRels(e *Env) *armStatic {
	if s, ok := e.X.Memo.(*armStatic); ok {
		return s
	}
	if e.arena {
		// The shape's relations outlive the candidate: not in its arena.
		e = NewEnv(e.X)
	}
	x := e.X
	R, W, M := e.R, e.W, e.M
	po := e.PO
	s := &armStatic{sameInstance: x.SameInstr.Opt()}
	f := armFenceSets(e)
	d := armDependencies(e, s.sameInstance)

	A := e.Tag("A").Inter(M)
	Q := e.Tag("Q").Inter(M)
	L := e.Tag("L").Inter(M)
	noRet := e.Tag("NoRet")
	isb := e.Tag("ISB")
	// fence(B) relates the accesses in dom before a B to those in rng
	// after it: [dom]; po; [B]; po; [rng].
	fence := func(dom, b, rng rel.Set) rel.Rel {
		return po.Restrict(dom, b).Seq(po).Restrict(e.All, rng)
	}
	// amo is rmw inside one instruction (not a load/store exclusive pair).
	amo := e.RMW.Inter(x.SameInstr)

	dsbOb := fence(M, f.dsbFull, e.All).Union(
		fence(R.Diff(noRet), f.dsbLd, e.All),
		fence(W, f.dsbSt, e.All))
	toISB := func(r rel.Rel) rel.Rel { return r.Restrict(e.All, isb).Seq(po) }
	ifbOb := toISB(d.ctrl).Union(
		toISB(d.pickCtrl),
		toISB(d.addr.Seq(po)),
		toISB(d.pickAddr.Seq(po)),
		toISB(dsbOb))
	dob := d.addr.Union(
		d.data,
		d.ctrl.Restrict(R, W),
		d.addr.Seq(po).Restrict(R, W),
		d.addr.Seq(d.lrs),
		d.data.Seq(d.lrs))
	pob := d.pickAddr.Restrict(R, W).Union(
		d.pickData,
		d.pickCtrl.Restrict(R, W),
		d.pickAddr.Seq(po).Restrict(R, W))
	aob := e.RMW.Restrict(M, M).Union(e.RMW.Seq(d.lrs).Restrict(M, A.Union(Q)))
	bob := fence(M, f.dmbFull, M).Union(
		fence(R.Diff(noRet), f.dmbLd, M),
		fence(W, f.dmbSt, W),
		po.Restrict(amo.Restrict(A, L).Range(), M),
		po.Restrict(L, A),
		po.Restrict(A.Union(Q), M),
		po.Restrict(M, L))
	lwfs := e.POLoc.Restrict(M, W)
	lob := dsbOb.Union(ifbOb, lwfs, dob, pob, aob, bob).Restrict(M, M).Plus()
	pickLob := d.pickDep.Seq(lob).Restrict(e.All, W)
	s.hwreqs = lob.Union(pickLob).Plus()
	x.Memo = s
	return s
}

// armOb is ordered-before: (local-hw-reqs | Exp-haz-ob | Exp-obs)+.
func armOb(e *Env) rel.Rel {
	s := armStaticRels(e)
	ca := e.FR.Union(e.CO)
	caExt := ca.Inter(e.Ext)
	hazOb := e.POLoc.Restrict(e.R, e.R).Seq(caExt.Restrict(e.R, e.W))
	obs := e.RFE.Restrict(e.M, e.M).Union(caExt.Restrict(e.M, e.M))
	if !e.X.SI.IsZero() {
		// Exp-obs; sca-class?: the other cells of the access observed.
		obs = obs.Seq(e.SI)
	}
	return s.hwreqs.Union(hazOb, obs).Plus()
}

// ARMv8 is herd's aarch64.cat.
//
// It is Atomic: the read of a one-instruction RMW (CAS, SWP, LD<op>)
// reads the write immediately co-before the pair's write. atomic forbids
// any write between the two but a write of the thread's own, which
// coWR-Exp (before the read) or coWW-Exp (after the pair) forbids; and
// the write never comes co-before the write it read, which herd7 confirms
// (a CAS that reads another thread's store of 0 never leaves its own
// write under it).
var ARMv8 = &Model{
	ModelName: "ARMv8",
	Doc:       "Armv8 application level, after herd's aarch64.cat",
	Arches:    []litmus.Arch{litmus.ArchAArch64},
	Atomic:    true,
	// Of an acquire CAS's forms, herd's two successes differ in whether
	// the destination depends on the read by data or by pick, and its
	// two failures without a write in whether it also does by pick: all
	// edges from the read to events po-after it, which bob's [A]; po
	// puts in ob already. No axiom reads a dependency outside ob.
	AcquireCASFormsAlike: true,
	Axioms: []Axiom{
		{Name: "external", Kind: Irreflexive, Rel: armOb},
		{Name: "coRW1-Exp", Kind: Irreflexive, Rel: func(e *Env) rel.Rel {
			return e.POLoc.Union(e.RMW).Restrict(e.R, e.W).Seq(e.RFI.Restrict(e.W, e.R))
		}},
		{Name: "coWW-Exp", Kind: Irreflexive, Rel: func(e *Env) rel.Rel {
			return e.POLoc.Restrict(e.W, e.W).Seq(e.CO.Inter(e.Int))
		}},
		{Name: "coWR-Exp", Kind: Irreflexive, Rel: func(e *Env) rel.Rel {
			return e.POLoc.Restrict(e.W, e.R).Seq(e.FR.Inter(e.Int))
		}},
		{Name: "atomic", Kind: Empty, Rel: func(e *Env) rel.Rel {
			// A write between the two halves is allowed when both it and
			// the pair are in the same thread (fri; [W]; coi).
			bad := e.RMW.Inter(e.FR.Seq(e.CO))
			ok := e.RMW.Restrict(e.M, e.M).Inter(e.FRI.Restrict(e.All, e.W).Seq(e.COI))
			return bad.Diff(ok)
		}},
		innerShareableFlag,
	},
}

// innerShareableFlag is aarch64fences.cat's flag on a barrier with a
// shareability option: ARMv8 and SC (sc.cat, through fences.cat) raise it.
var innerShareableFlag = Axiom{Name: "Assuming-common-inner-shareable-domain", Kind: Flag, Rel: func(e *Env) rel.Rel {
	f := armFenceSets(e)
	shared := f.dmbFull.Union(f.dmbLd, f.dmbSt).Diff(anyTag(e, "DMB.SY", "DMB.LD", "DMB.ST", "DSB.SY", "DSB.LD", "DSB.ST"))
	return e.Bracket(shared)
}}

func init() {
	Register(ARMv8)
}

// ARMCatDeps gives the dependency relations aarch64deps.cat computes
// from herd's register events, by the names the file binds them to. The
// cat interpreter, which has no register events, takes them from here.
func ARMCatDeps(x *litmus.Execution) map[string]rel.Rel {
	e := NewEnv(x)
	d := armDependencies(e, x.SameInstr.Opt())
	return map[string]rel.Rel{
		"addr": d.addr, "data": d.data, "ctrl": d.ctrl,
		"pick-addr-dep": d.pickAddr, "pick-data-dep": d.pickData, "pick-ctrl-dep": d.pickCtrl,
		"pick-dep": d.pickDep,
	}
}
