// This file implements the POWER model of herd's ppc.cat (with ppo.cat,
// ppcfences.cat and ppc-checks.cat): per-location coherence, atomicity,
// the preserved-program-order fixpoint and the Herding-cats axioms
// thinair, propagation and observation.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// anyTag is the union of the events carrying any of the tags.
func anyTag(e *Env, tags ...string) rel.Set {
	var s rel.Set
	for _, t := range tags {
		s = s.Union(e.Tag(t))
	}
	return s
}

// ctrlCFence is herd's ctrlcfence(F): ctrl; [F]; po.
func ctrlCFence(e *Env, f rel.Set) rel.Rel {
	return e.Ctrl.Restrict(e.All, f).Seq(e.PO)
}

// powerRels are the relations ppc.cat derives, shared by its axioms.
type powerRels struct {
	ppo, fence, strong, hb, hbstar, prop rel.Rel
}

func power(e *Env) *powerRels {
	if p, ok := e.cache.(*powerRels); ok {
		return p
	}
	n := e.N
	R, W := e.R, e.W
	dd := e.Addr.Union(e.Data)
	rdw := e.POLoc.Inter(e.FRE.Seq(e.RFE))
	detour := e.POLoc.Inter(e.COE.Seq(e.RFE))
	addrpo := e.Addr.Seq(e.PO)
	sync := e.FenceRel(anyTag(e, "SYNC", "sync"))
	lwsync := e.FenceRel(anyTag(e, "LWSYNC", "lwsync"))
	eieio := e.FenceRel(anyTag(e, "EIEIO", "eieio"))
	ctrlisync := ctrlCFence(e, anyTag(e, "ISYNC", "isync"))

	ci0 := ctrlisync.Union(detour)
	ii0 := dd.Union(e.RFI, rdw)
	cc0 := dd.Union(e.POLoc, e.Ctrl, addrpo)
	ic0 := rel.NewRel(n)
	// Least fixpoint of ppo.cat's four mutually recursive relations.
	ci, ii, cc, ic := rel.NewRel(n), rel.NewRel(n), rel.NewRel(n), rel.NewRel(n)
	for {
		nci := ci0.Union(ci.Seq(ii), cc.Seq(ci))
		nii := ii0.Union(ci, ic.Seq(ci), ii.Seq(ii))
		ncc := cc0.Union(ci, ci.Seq(ic), cc.Seq(cc))
		nic := ic0.Union(ii, cc, ic.Seq(cc), ii.Seq(ic))
		if nci.Equal(ci) && nii.Equal(ii) && ncc.Equal(cc) && nic.Equal(ic) {
			break
		}
		ci, ii, cc, ic = nci, nii, ncc, nic
	}
	p := &powerRels{}
	p.ppo = ii.Restrict(R, R).Union(ic.Restrict(R, W))
	lw := lwsync.Diff(rel.Cartesian(n, W, R))
	ei := eieio.Inter(rel.Cartesian(n, W, W))
	p.strong = sync
	light := lw.Union(ei)
	p.fence = p.strong.Union(light)
	p.hb = p.ppo.Union(p.fence, e.RFE)
	p.hbstar = p.hb.Star()
	propbase := p.fence.Union(e.RFE.Seq(p.fence)).Seq(p.hbstar)
	chapo := e.RFE.Union(e.FRE, e.COE, e.FRE.Seq(e.RFE), e.COE.Seq(e.RFE))
	p.prop = propbase.Inter(rel.Cartesian(n, W, W)).Union(
		chapo.Opt().Seq(propbase.Star()).Seq(p.strong).Seq(p.hbstar))
	e.cache = p
	return p
}

// Power is herd's ppc.cat.
var Power = &Model{
	ModelName: "Power",
	Doc:       "IBM POWER, after herd's ppc.cat (Herding cats)",
	Arches:    []litmus.Arch{litmus.ArchPPC},
	Axioms: []Axiom{
		perLocationAxiom("scperlocation"),
		atomicAxiom("atomic"),
		{Name: "thinair", Kind: Acyclic, Rel: func(e *Env) rel.Rel { return power(e).hb }},
		{Name: "propagation", Kind: Acyclic, Rel: func(e *Env) rel.Rel { return e.CO.Union(power(e).prop) }},
		{Name: "observation", Kind: Irreflexive, Rel: func(e *Env) rel.Rel {
			p := power(e)
			return e.FRE.Seq(p.prop).Seq(p.hbstar)
		}},
		{Name: "scXX", Kind: Acyclic, Rel: func(e *Env) rel.Rel {
			x := anyTag(e, "X")
			return e.CO.Union(e.PO.Restrict(x, x))
		}},
	},
}

func init() {
	Register(Power)
}
