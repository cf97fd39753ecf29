// This file implements Env, the relations every model derives from an
// execution, under herd's names (po-loc, rfe, fre, coe, com...), computed
// once per execution and shared by the axioms.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// An Env holds an execution and the relations derived from it.
type Env struct {
	X *litmus.Execution
	N int

	// Sets.
	R, W, M, F, IW, All rel.Set

	PO, POLoc, Loc, Int, Ext   rel.Rel
	RF, RFE, RFI, CO, COE, COI rel.Rel
	FR, FRE, FRI, Com          rel.Rel
	RMW, Addr, Data, Ctrl, Id  rel.Rel
	// SI is herd's si: the cells of one access under mixed-size
	// semantics; the identity otherwise.
	SI rel.Rel

	// cache holds one model's derived relations, built once per execution.
	cache any
	// arena is set when the relations are made in the candidate's arena
	// (NewArenaEnv), to live no longer than its check.
	arena bool
}

// NewEnv derives the common relations of x.
func NewEnv(x *litmus.Execution) *Env {
	n := x.N
	e := &Env{X: x, N: n, R: x.R, W: x.W, M: x.M, F: x.F, IW: x.IW, All: rel.AllEvents(n)}
	e.PO, e.Loc, e.Int = x.PO, x.Loc, x.Int
	e.Ext = x.External()
	e.POLoc = x.PO.Inter(x.Loc)
	e.RF, e.CO, e.RMW, e.Addr, e.Data, e.Ctrl = x.RF, x.CO, x.RMW, x.Addr, x.Data, x.Ctrl
	e.RFE, e.RFI = x.RF.Inter(e.Ext), x.RF.Inter(x.Int)
	e.COE, e.COI = x.CO.Inter(e.Ext), x.CO.Inter(x.Int)
	e.FR = x.FR()
	e.FRE, e.FRI = e.FR.Inter(e.Ext), e.FR.Inter(x.Int)
	e.Com = e.RF.Union(e.CO, e.FR)
	e.Id = rel.Identity(n, e.All)
	e.SI = e.Id
	if !x.SI.IsZero() {
		e.SI = x.SI
	}
	return e
}

// NewArenaEnv is NewEnv with every relation of the candidate made in x's
// arena (Execution.Arena), reset first, so that a candidate costs no
// allocation once the arena has grown: the relations live no longer than
// the check of the candidate, and what a model keeps in Execution.Memo
// it derives from a NewEnv (armStaticRels). Without an arena it is
// NewEnv.
func NewArenaEnv(x *litmus.Execution) *Env {
	a := x.Arena
	if a == nil {
		return NewEnv(x)
	}
	a.Reset()
	base := *x
	for _, r := range []*rel.Rel{&base.PO, &base.Loc, &base.Int, &base.RF, &base.CO, &base.RMW, &base.Addr, &base.Data, &base.Ctrl, &base.SI} {
		if !r.IsZero() {
			*r = a.Attach(*r)
		}
	}
	e := NewEnv(&base)
	e.X, e.arena = x, true
	e.Id = a.Attach(e.Id)
	return e
}

// Tag is the set of events tagged t.
func (e *Env) Tag(t string) rel.Set { return e.X.Tag(t) }

// Bracket is [s].
func (e *Env) Bracket(s rel.Set) rel.Rel { return rel.Identity(e.N, s) }

// FenceRel is herd's fencerel(B) = po; [B]; po over the execution's po.
func (e *Env) FenceRel(b rel.Set) rel.Rel { return FenceRel(e.PO, b) }

// FenceRel is herd's fencerel(B) = po; [B]; po, for a po of the caller's:
// the LKMM's also orders the two halves of an RMW. The models, the cat
// interpreter and Env.FenceRel all use this one definition.
func FenceRel(po rel.Rel, b rel.Set) rel.Rel {
	return po.Restrict(rel.AllEvents(po.N), b).Seq(po)
}

// Empty is the empty relation.
func (e *Env) Empty() rel.Rel { return rel.NewRel(e.N) }

// Atomicity is the execution's rmw & (fre; coe), which the "atomic"
// axioms require empty.
func (e *Env) Atomicity() rel.Rel { return Atomicity(e.RMW, e.FRE, e.COE) }

// atomicAxiom is the axiom of herd's hardware models that no external
// write comes between the read and the write of an RMW: empty Atomicity.
func atomicAxiom(name string) Axiom {
	return Axiom{Name: name, Kind: Empty, Rel: func(e *Env) rel.Rel { return e.Atomicity() }}
}

// perLocationAxiom is sequential consistency per location: acyclic
// po-loc | com.
func perLocationAxiom(name string) Axiom {
	return Axiom{Name: name, Kind: Acyclic, Rel: func(e *Env) rel.Rel { return e.POLoc.Union(e.Com) }}
}

// Atomicity is rmw & (fre; coe) for relations of the caller's (the LKMM's
// rmw leaves lock events out): an external write between the read and the
// write of an RMW.
func Atomicity(rmw, fre, coe rel.Rel) rel.Rel { return rmw.Inter(fre.Seq(coe)) }
