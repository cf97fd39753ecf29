// This file implements RVWMO, the RISC-V memory model of herd's riscv.cat
// (with riscv-defs.cat and cos-opt.cat): per-location coherence, the
// thirteen rules of preserved program order, and atomicity.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// rvwmoRels are the relations riscv.cat derives, shared by its axioms.
type rvwmoRels struct {
	ppo rel.Rel
}

// rvFence is riscv-defs.cat's fence: each "fence pred,succ" orders the
// accesses of its sets, and fence.tso orders W to W and R to M.
func rvFence(e *Env) rel.Rel {
	sets := map[string]rel.Set{"r": e.R, "w": e.W, "rw": e.M}
	out := rel.NewRel(e.N)
	for _, p := range []string{"r", "w", "rw"} {
		for _, s := range []string{"r", "w", "rw"} {
			f := e.FenceRel(e.Tag("Fence." + p + "." + s))
			out = out.Union(f.Restrict(sets[p], sets[s]))
		}
	}
	tso := e.FenceRel(e.Tag("Fence.tso"))
	return out.Union(tso.Restrict(e.W, e.W), tso.Restrict(e.R, e.M))
}

func rvwmo(e *Env) *rvwmoRels {
	if r, ok := e.cache.(*rvwmoRels); ok {
		return r
	}
	R, W, M := e.R, e.W, e.M
	aq := anyTag(e, "Acq", "AcqRel", "Sc")
	rl := anyTag(e, "Rel", "AcqRel", "Sc")
	// riscv.cat's AMO is herd's set of single-event AMOs (R & W when a
	// dialect has none).
	amoX := e.R.Inter(e.W).Union(e.Tag("X"))
	rcsc := anyTag(e, "Acq", "Rel", "AcqRel", "Sc").Inter(amoX)

	poLocW := e.POLoc.Opt().Restrict(e.All, W).Seq(e.POLoc)
	poLocNoW := e.POLoc.Diff(poLocW)
	rsw := e.RF.Inverse().Seq(e.RF)
	dd := e.Addr.Union(e.Data)

	// Overlapping-address orderings.
	r1 := e.POLoc.Restrict(M, W)
	r2 := poLocNoW.Restrict(R, R).Diff(rsw)
	r3 := e.RFI.Restrict(amoX, R)
	// Explicit synchronization.
	r4 := rvFence(e)
	r5 := e.PO.Restrict(aq, M)
	r6 := e.PO.Restrict(M, rl)
	r7 := e.PO.Restrict(rcsc, rcsc)
	r8 := e.RMW
	// Syntactic dependencies.
	r9 := e.Addr.Restrict(M, M)
	r10 := e.Data.Restrict(M, W)
	r11 := e.Ctrl.Restrict(M, W)
	// Pipeline dependencies.
	r12 := dd.Restrict(M, W).Seq(e.RFI.Restrict(e.All, R))
	r13 := e.Addr.Restrict(M, M).Seq(e.PO.Restrict(e.All, W))

	r := &rvwmoRels{ppo: r1.Union(r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13)}
	e.cache = r
	return r
}

// RVWMO is herd's riscv.cat.
var RVWMO = &Model{
	ModelName: "RISCV",
	Doc:       "RISC-V weak memory ordering (RVWMO), after herd's riscv.cat",
	Arches:    []litmus.Arch{litmus.ArchRISCV},
	// herd builds an AMO as one event (litmus.OneEventView), which an
	// external write between its read and its write puts on a coherence
	// cycle (fr; co back to itself).
	Atomic: true,
	Env:    func(x *litmus.Execution) *Env { return NewArenaEnv(litmus.OneEventView(x)) },
	Axioms: []Axiom{
		{Name: "Coherence", Kind: Acyclic, Monotone: true, Rel: func(e *Env) rel.Rel {
			return e.CO.Union(e.RF, e.FR, e.POLoc)
		}},
		{Name: "Model", Kind: Acyclic, Rel: func(e *Env) rel.Rel {
			return e.CO.Union(e.RFE, e.FR, rvwmo(e).ppo)
		}},
		{Name: "Atomic", Kind: Empty, Rel: func(e *Env) rel.Rel { return e.Atomicity() }},
	},
}

func init() {
	Register(RVWMO)
}
