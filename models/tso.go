// This file implements SC and x86-TSO: x86tso.cat for the X86 dialect and
// x86tso-mixed.cat (herd7's default for X86_64), with mixed sizes.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// SC is sequential consistency (sc.cat): one total order of all accesses
// that respects program order.
var SC = &Model{
	ModelName: "SC",
	Doc:       "sequential consistency, after herd's sc.cat",
	Arches:    []litmus.Arch{litmus.ArchX86, litmus.ArchX86_64, litmus.ArchPPC, litmus.ArchAArch64, litmus.ArchC},
	Axioms: []Axiom{
		atomicAxiom("atom"),
		// sc.cat's po | ((fr | rf | co); sm): under mixed-size semantics
		// what one cell of an access sees orders its other cells too.
		{Name: "sc", Kind: Acyclic, Rel: func(e *Env) rel.Rel {
			if !e.X.SI.IsZero() {
				return e.PO.Union(e.Com.Seq(e.SI))
			}
			return e.PO.Union(e.Com)
		}},
		innerShareableFlag,
	},
}

// atomicEvents is herd's A: events of locked (atomic) instructions.
func atomicEvents(e *Env) rel.Set { return e.Tag("X").Union(e.Tag("A")) }

// TSO is x86-TSO as x86tso.cat states it: a global happens-before.
var TSO = &Model{
	ModelName: "TSO",
	Doc:       "x86-TSO, after herd's x86tso.cat",
	Arches:    []litmus.Arch{litmus.ArchX86, litmus.ArchX86_64},
	Axioms: []Axiom{
		perLocationAxiom("uniproc"),
		atomicAxiom("atomic"),
		{Name: "tso", Kind: Acyclic, Rel: tsoGHB},
	},
}

func tsoGHB(e *Env) rel.Rel {
	m, r, w := e.M, e.R, e.W
	a := atomicEvents(e).Inter(m)
	poGHB := e.PO.Restrict(w, w).Union(e.PO.Restrict(r, m))
	mfence := e.FenceRel(e.Tag("MFENCE"))
	poWR := e.PO.Restrict(w, r)
	implied := poWR.Restrict(m, a).Union(poWR.Restrict(a, m))
	return mfence.Union(implied, poGHB, e.RFE, e.FR, e.CO)
}

// TSOMixed is x86tso-mixed.cat, herd7's default for X86_64: ordered-before
// built from observation and local order. herd's si (the cells of one
// access) is the identity unless the test runs under mixed-size semantics.
var TSOMixed = &Model{
	ModelName: "TSO-mixed",
	Doc:       "x86-TSO, after herd's x86tso-mixed.cat (default for X86_64)",
	Arches:    []litmus.Arch{litmus.ArchX86_64},
	Axioms: []Axiom{
		perLocationAxiom("internal"),
		atomicAxiom("atomic"),
		{Name: "external", Kind: Irreflexive, Rel: func(e *Env) rel.Rel {
			w, r := e.W, e.R
			x := atomicEvents(e)
			lob := e.PO.Diff(e.PO.Restrict(w, r)).Union(
				e.FenceRel(e.Tag("MFENCE")).Restrict(w, r),
				e.PO.Restrict(w, r.Inter(x)),
				e.PO.Restrict(w.Inter(x), r),
			).Plus()
			obs := e.RFE.Union(e.FRE, e.COE)
			if !e.X.SI.IsZero() {
				obs = obs.Seq(e.SI)
			}
			return obs.Union(lob).Plus()
		}},
	},
}

// X86TSO is the model the lock proofs use for x86: TSO-mixed plus the
// order of a locked instruction's read and write. herd's x86tso-mixed.cat
// orders neither by po, and its atomicity axiom (rmw & (fre; coe)) only
// forbids a write coming between the two; it lets the write of a locked
// RMW come before, in co, the very write its read took the value from
// (the corpus expectation of x86_64/ATOM+xchg+st has such a state). With
// three CPUs that lets two of them take one lock. x86 does not do that: a
// locked instruction's write follows, in coherence, the write it read.
//
// The model is Atomic: rmw-order puts the write a locked read saw before
// the pair's write, atomicity keeps other threads' writes from between
// them, and internal keeps the thread's own (one before the read would
// be a CoWR cycle, one after the pair a CoWW cycle).
var X86TSO = &Model{
	ModelName: "x86-TSO",
	Doc:       "x86-TSO as x86tso-mixed.cat, with a locked instruction's write coherence-after the write its read saw",
	Arches:    []litmus.Arch{litmus.ArchX86, litmus.ArchX86_64},
	Atomic:    true,
	Axioms: append(append([]Axiom(nil), TSOMixed.Axioms...), Axiom{
		Name: "rmw-order", Kind: Irreflexive, Rel: func(e *Env) rel.Rel {
			return e.RMW.Seq(e.CO).Seq(e.RF)
		},
	}),
}

func init() {
	Register(X86TSO)
	Register(SC)
	Register(TSO)
	Register(TSOMixed)
}
