// This file implements the Linux-kernel memory model (LKMM) as herd7 runs it
// with -conf linux-kernel.cfg -variant lkmmv2: the event sets of
// linux-kernel.bell, the lock events of lock.cat, and the axioms of
// linux-kernel.cat (coherence, atomic, happens-before, propagation, rcu,
// plain-coherence) with its flags (data-race, mixed-accesses...).
//
// The relations fall in two groups. Those that depend only on the events,
// po and the dependencies (event sets, fences, RCU read-side critical
// sections, lock critical sections) are built once per shape of execution
// and kept in Execution.Memo (lkmm_sets.go); those that depend on rf and co
// are built per candidate, in the worker's arena (lkmm_rels.go). This file
// holds the model's table of axioms and flags. The bell's remaining flag,
// this-model-requires-variant-higher-than-lkmmv1, never rises under lkmmv2.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// staticFlag is a flag that the shape of the execution decides (po, the
// tags, the locations).
func staticFlag(name string) Axiom {
	return Axiom{Name: name, Kind: Flag, Rel: func(e *Env) rel.Rel {
		s := lkmmOf(e).s
		if s.staticFlags[name].Empty() {
			return s.none // flags are checked per candidate: no allocation
		}
		return e.Bracket(s.staticFlags[name])
	}, Decide: func(e *Env) bool { return lkmmOf(e).s.staticFlags[name].Empty() }}
}

// srcuFlag is a flag on the matching of srcu_read_lock and
// srcu_read_unlock.
func srcuFlag(name string, f func(e *Env, s *lkmmStatic, rscs rel.Rel) rel.Rel) Axiom {
	return Axiom{Name: name, Kind: Flag, Rel: func(e *Env) rel.Rel {
		r := lkmmOf(e)
		if !r.s.hasSrcu {
			return r.s.none
		}
		return f(e, r.s, r.srcuRscs())
	}, Decide: func(e *Env) bool {
		r := lkmmOf(e)
		return !r.s.hasSrcu || f(e, r.s, r.srcuRscs()).Empty()
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
	// The fixed relations (lkmm_sets.go) depend on the events, po and
	// the dependencies, not on the values.
	Shape: true,
	// The axioms read the LKMM's own relations (lkmmOf).
	Env: lkmmEnv,
	Axioms: withPossible([]Axiom{
		// Every axiom below is monotone in rf and co: their relations
		// are built from rf, co and fr with union, intersection,
		// sequence, inverse, closure and restriction to fixed sets, and
		// differences only with relations that do not depend on rf and
		// co (prop \ id). The flags are not (the races subtract
		// relations of rf and co), and never forbid anyway.
		//
		// lock.cat: spin_lock inside a critical section of the same lock
		// deadlocks, spin_is_locked there returns true, and at most one
		// lock is left held per location.
		{Name: "lock-nest", Monotone: true, Kind: Empty, Rel: func(e *Env) rel.Rel { return lkmmOf(e).s.lockNest },
			Decide: func(e *Env) bool { return lkmmOf(e).s.lockNestEmpty }},
		{Name: "nested-is-locked", Monotone: true, Kind: Empty, Rel: func(e *Env) rel.Rel { return lkmmOf(e).s.nestedIsLocked },
			Decide: func(e *Env) bool { return lkmmOf(e).s.nestedIsLockedEmpty }},
		{Name: "unmatched-locks", Monotone: true, Kind: Empty, Rel: func(e *Env) rel.Rel { return lkmmOf(e).s.unmatchedLocks },
			Decide: func(e *Env) bool { return lkmmOf(e).s.unmatchedLocksEmpty }},
		// linux-kernel.cat.
		{Name: "coherence", Monotone: true, Kind: Acyclic, Rel: func(e *Env) rel.Rel {
			r := lkmmOf(e)
			return r.s.poLoc.Union(r.rf, r.co, r.fr)
		}},
		{Name: "atomic", Monotone: true, Kind: Empty, Rel: func(e *Env) rel.Rel {
			r := lkmmOf(e)
			return Atomicity(r.s.rmw, r.fre, r.coe)
		}, Decide: func(e *Env) bool {
			r := lkmmOf(e)
			return r.s.noRMW || Atomicity(r.s.rmw, r.fre, r.coe).Empty()
		}},
		{Name: "happens-before", Monotone: true, Kind: Acyclic, Rel: func(e *Env) rel.Rel {
			return lkmmOf(e).happensBefore().hb
		}, Decide: func(e *Env) bool { return lkmmOf(e).happensBefore().hbAcyclic }},
		{Name: "propagation", Monotone: true, Kind: Acyclic, Rel: func(e *Env) rel.Rel {
			return lkmmOf(e).propagation().pb
		}, Decide: func(e *Env) bool { return lkmmOf(e).propagation().pbAcyclic }},
		{Name: "rcu", Monotone: true, Kind: Irreflexive, Rel: func(e *Env) rel.Rel {
			return lkmmOf(e).rcu().rb
		}, Decide: func(e *Env) bool { return lkmmOf(e).rcuHolds() }},
		{Name: "plain-coherence", Monotone: true, Kind: Empty, Rel: func(e *Env) rel.Rel {
			return lkmmOf(e).plain().incoh
		}, Decide: func(e *Env) bool { return !lkmmOf(e).s.hasPlain || lkmmOf(e).plain().incoh.Empty() }},

		// Flags of linux-kernel.bell.
		staticFlag("unmatched-rcu-lock"),
		staticFlag("unmatched-rcu-unlock"),
		srcuFlag("unmatched-srcu-lock", func(e *Env, s *lkmmStatic, m rel.Rel) rel.Rel {
			return rel.Identity(s.n, s.SrcuLock.Diff(m.Domain()))
		}),
		srcuFlag("unmatched-srcu-unlock", func(e *Env, s *lkmmStatic, m rel.Rel) rel.Rel {
			return rel.Identity(s.n, s.SrcuUnlock.Diff(m.Range()))
		}),
		srcuFlag("multiple-srcu-matches", func(e *Env, s *lkmmStatic, m rel.Rel) rel.Rel {
			return m.Inverse().Seq(m).Diff(s.id)
		}),
		staticFlag("invalid-sleep"),
		srcuFlag("srcu-bad-value-match", func(e *Env, s *lkmmStatic, m rel.Rel) rel.Rel {
			return differentValues(e.X, m)
		}),
		// Flags of lock.cat.
		staticFlag("mixed-lock-accesses"),
		staticFlag("unpaired-LKW"),
		staticFlag("unpaired-LKR"),
		staticFlag("lock-final"),
		staticFlag("unmatched-unlock"),
		// Flags of linux-kernel.cat.
		{Name: "mixed-accesses", Kind: Flag, Rel: mixedAccesses, Decide: func(e *Env) bool {
			s := lkmmOf(e).s
			return s.Plain.Inter(s.W).Empty() || mixedAccesses(e).Empty()
		}},
		{Name: "data-race", Kind: Flag, Rel: func(e *Env) rel.Rel {
			return lkmmOf(e).plain().race
		}, Decide: func(e *Env) bool { return !lkmmOf(e).s.hasPlain || lkmmOf(e).plain().race.Empty() }},
	}),
}

// lkmmEnv is the LKMM's environment for x: the sets alone, its relations
// being the model's own (lkmmOf). A candidate's Env serves the next one of
// the same arena, as its lkmmRels does: that one resets the arena.
func lkmmEnv(x *litmus.Execution) *Env {
	s := lkmmStaticOf(x)
	e := s.env
	if e == nil || e.X == nil || e.X.Arena != x.Arena || x.Arena == nil {
		e = new(Env)
		s.env = e
	}
	*e = Env{X: x, N: x.N, R: x.R, W: x.W, M: x.M, F: x.F, IW: x.IW, All: s.all}
	return e
}

// mixedAccesses is linux-kernel.cat's flag on plain writes po-loc next to
// marked accesses with no barrier between.
func mixedAccesses(e *Env) rel.Rel {
	s := lkmmOf(e).s
	pw := s.Plain.Inter(s.W)
	if pw.Empty() {
		return s.none
	}
	pl := s.poLoc.Diff(s.barrier)
	return pl.Restrict(pw, s.Marked).Union(pl.Restrict(s.Marked, pw))
}

// differentValues keeps the pairs of m whose events carry different
// values (cat's different-values).
func differentValues(x *litmus.Execution, m rel.Rel) rel.Rel {
	out := rel.NewRel(x.N)
	for i := 0; i < m.N; i++ {
		m.EachSucc(i, func(j int) {
			if x.Events[i].Value != x.Events[j].Value {
				out.Add(i, j)
			}
		})
	}
	return out
}

func init() {
	Register(LKMM)
}
