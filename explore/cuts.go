// This file implements the check that an execution cut by the unroll
// bound is consistent: the caveat "the unroll bound cut some executions"
// stands only when one is, so that raising the bound can clear it.
//
// Why the check is sound. Take an allowed execution E in which thread h
// takes a backward branch once more than the bound allows. Keep of E
// the events of h up to that branch (a cut path of h, as far as the
// cut), the initial writes, and the writes alone of every other thread;
// drop the rest. Every read kept is h's, and reads a write kept: not a
// write of h after the cut, which would be po-after the read on the same
// location, breaking coherence. So the events kept form a candidate, and
// it is allowed: the models' axioms (acyclic, irreflexive or empty
// relations built from po, rf, co, fr, the dependencies and fences) keep
// holding when events are taken away, as the await check assumes
// (paths/await_loops.go). The check therefore explores, for each h, h's
// cut paths against the write sequences of the other threads' paths
// (their complete, hanging and cut paths, the reads, fences and
// dependencies taken out): when no such candidate is allowed, no
// execution reaches the cut, and the result needs no caveat. The other
// threads keep only their writes because a read of theirs may read a
// write that h makes after the cut, even when h's events before it read
// from them (load buffering).

package explore

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// cutsDecidable reports whether the cuts of s are checked for
// consistency instead of being reported as herd reports them: asked
// for, every cut kept, and none of what the argument above does not
// cover (a model that may be incoherent, mixed-size cells, lock events,
// whose rf and co the explorer builds in pairs, and paths too large or
// stuck, whose writes are not all known: under the LKMM a CAS loop whose
// new value is computed from the old keeps the caveat, its paths that
// read a value out of thin air being stuck).
func (s *setup) cutsDecidable() bool {
	if !s.consistentCuts || !s.loopCut || s.cutsLost || !s.coherent || s.mixed != nil {
		return false
	}
	for _, th := range s.test.Threads {
		for i := range th.Code {
			if in := &th.Code[i]; paths.IsLockInstr(in) || litmus.IsLockEvent(in.WTags) {
				return false
			}
		}
	}
	for t := range s.paths {
		for _, p := range slices.Concat(s.paths[t], s.hangPaths[t], s.cutPaths[t]) {
			if p.Overlong || p.Stuck != nil {
				return false
			}
		}
	}
	return true
}

// consistentCut reports whether some execution cut by the unroll bound
// is allowed, for cuts that cutsDecidable lets it judge.
func (s *setup) consistentCut(model Model, lim *limit.Limiter, workers int) (bool, error) {
	for h := range s.cutPaths {
		if len(s.cutPaths[h]) == 0 {
			continue
		}
		for _, p := range s.cutPaths[h] {
			if slices.ContainsFunc(p.Events, func(ev paths.Event) bool { return ev.Matched() }) {
				return true, nil
			}
		}
		sc := s.withPaths(func(t int) []paths.Path {
			if t == h {
				return s.cutPaths[t]
			}
			return paths.WriteSequences(slices.Concat(s.paths[t], s.hangPaths[t], s.cutPaths[t]))
		})
		sc.sym, sc.cutPhase = nil, true
		parts, err := sc.runWorkers(model, lim, workers)
		if err != nil {
			return false, err
		}
		if slices.ContainsFunc(parts, func(p *partial) bool { return p.cut }) {
			return true, nil
		}
	}
	return false, nil
}

// checkCut records that the candidate c, in which a thread is cut by
// the unroll bound, is allowed. A model's failure counts as allowed: the
// caveat then stays.
func (s *setup) checkCut(c *combo, model Model, out *partial) {
	if out.cut || !out.tick(out.cost) {
		return
	}
	allowed, _, err := checkModel(model, c.x)
	out.cut = allowed || err != nil
}
