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
	"fmt"
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

// exploreCuts sets res.LoopCut when some execution cut by the unroll
// bound is allowed, for the cuts that cutsDecidable lets it judge.
func (s *setup) exploreCuts(res *litmus.Result, model Model, lim *limit.Limiter, workers int) error {
	if !s.cutsDecidable() {
		return nil
	}
	for h := range s.cutPaths {
		if len(s.cutPaths[h]) == 0 {
			continue
		}
		for _, p := range s.cutPaths[h] {
			if slices.ContainsFunc(p.Events, func(ev paths.Event) bool { return ev.Matched() }) {
				res.LoopCut = true
				return nil
			}
		}
		sc := *s
		sc.sym, sc.cutPhase = nil, true
		sc.paths = make([][]paths.Path, len(s.paths))
		for t := range s.paths {
			if t == h {
				sc.paths[t] = s.cutPaths[t]
			} else {
				sc.paths[t] = writeSequences(slices.Concat(s.paths[t], s.hangPaths[t], s.cutPaths[t]))
			}
		}
		sc.shapes = nil
		if s.shapes != nil {
			sc.numberShapes()
		}
		parts, err := sc.runWorkers(model, lim, workers)
		if err != nil {
			return err
		}
		for _, p := range parts {
			if p.cut {
				res.LoopCut = true
				return nil
			}
		}
	}
	return nil
}

// writeSequences are the distinct write sequences of ps, each a path of
// those writes alone, without dependencies or the reads of their rmw.
func writeSequences(ps []paths.Path) []paths.Path {
	seen := map[string]bool{}
	var out []paths.Path
	for _, p := range ps {
		var evs []paths.Event
		for _, ev := range p.Events {
			if ev.Kind != litmus.KindW {
				continue
			}
			evs = append(evs, paths.Event{Kind: ev.Kind, Loc: ev.Loc, Val: ev.Val, Tags: ev.Tags, Instr: ev.Instr,
				Step: ev.Step, RmwRead: -1, Atomic: ev.Atomic})
		}
		key := fmt.Sprint(evs)
		if !seen[key] {
			seen[key] = true
			out = append(out, paths.Path{Events: evs})
		}
	}
	return out
}

// checkCut records that the candidate c, in which a thread is cut by
// the unroll bound, is allowed. A model's failure counts as allowed: the
// caveat then stays.
func (s *setup) checkCut(c *combo, model Model, out *partial) {
	if out.cut || !out.tick(out.cost) {
		return
	}
	if fm, ok := model.(FallibleModel); ok {
		allowed, _, err := fm.CheckErr(c.x)
		out.cut = allowed || err != nil
		return
	}
	out.cut, _ = model.Check(c.x)
}
