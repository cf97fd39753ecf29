// This file implements liveness: the paths that end in a spin that may
// wait forever, the exploration of the candidates they make, and the test
// that a candidate hangs (every spin read reads the last write of its
// location, so no later write will ever release the spin).

package explore

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// exploreHangs explores the choices of paths in which some thread hangs
// and adds what it finds to res. The choices are split by the first
// thread that hangs: the threads before it complete, the later ones
// complete or hang, so that each choice is explored once, after the
// choices without a hang, whose exploration it leaves as it was.
func (s *setup) exploreHangs(res *litmus.Result, model Model, lim *limit.Limiter, workers int) error {
	for h := range s.hangPaths {
		if len(s.hangPaths[h]) == 0 {
			continue
		}
		sh := s.withPaths(func(t int) []paths.Path {
			switch {
			case t < h:
				return s.paths[t]
			case t == h:
				return s.hangPaths[t]
			}
			return slices.Concat(s.paths[t], s.hangPaths[t])
		})
		// The symmetry found holds between the terminating paths: h is
		// singled out, and the threads after it must hang alike.
		sh.sym = s.hangSymmetry(h)
		sh.hangPhase = true
		parts, err := sh.runWorkers(model, lim, workers)
		if err != nil {
			return err
		}
		// The witness is the first of the first h that has one, whatever
		// the number of workers.
		first := res.HangWitness == nil
		best := -1
		for _, p := range parts {
			res.Hangs += p.hangs
			if first && p.hangWitness != nil && (best < 0 || p.hangKey < best) {
				best, res.HangWitness = p.hangKey, p.hangWitness
			}
		}
	}
	return nil
}

// withPaths is a copy of s that explores the paths of thread t that of
// gives, for a phase of its own (hangs, cuts): the shapes, when s numbers
// them, are numbered again.
func (s *setup) withPaths(of func(t int) []paths.Path) *setup {
	c := *s
	c.paths = make([][]paths.Path, len(s.paths))
	for t := range s.paths {
		c.paths[t] = of(t)
	}
	c.shapes = nil
	if s.shapes != nil {
		c.numberShapes()
	}
	return &c
}

// checkHang records the candidate c, in which some thread hangs, when it
// does hang: every spin read reads the last write of its location in co
// (but for the write of its own attempt, which the spin repeats), so that
// no write will ever show it another value, and the model allows it.
// Under coherence each later iteration would read that same write, and
// the spin's exit test, which failed on its value, fails forever.
func (s *setup) checkHang(c *combo, model Model, out *partial) {
	if !out.tick(out.cost) {
		return
	}
	x := c.x
	for _, r := range c.spin {
		if !readsLast(c, r) {
			return
		}
	}
	if ok, _ := model.Check(x); !ok {
		return
	}
	out.hangs += c.weight
	if out.hangWitness == nil || c.key < out.hangKey {
		out.hangWitness, out.hangKey = cloneExecution(x), c.key
		out.hangWitness.Spin = slices.Clone(c.spin)
	}
}

// readsLast reports whether the read r reads a write that no write of its
// location follows in co, other than one of r's own instruction.
func readsLast(c *combo, r int) bool {
	x := c.x
	loc := x.Events[r].Loc
	for _, w := range c.writes[loc] {
		if !x.RF.Has(w, r) {
			continue
		}
		last := true
		x.CO.EachSucc(w, func(v int) {
			if x.Events[v].Loc == loc && !x.SameInstr.Has(r, v) {
				last = false
			}
		})
		return last
	}
	return false
}

// spinCandidates keeps, when r is a spin read, the writes of cands that
// may be the last of r's location in co: a write that another write
// follows in its thread's program order, or an initial write when the
// location has other writes, is never last (but for the writes of r's own
// instruction), so the candidate could not hang.
func (c *combo) spinCandidates(r int, cands []int) []int {
	if !slices.Contains(c.spin, r) {
		return cands
	}
	x := c.x
	loc := x.Events[r].Loc
	later := func(w, v int) bool {
		if v == w || x.SameInstr.Has(r, v) {
			return false
		}
		return x.Events[w].IsInit() || x.PO.Has(w, v)
	}
	var kept []int
	for _, w := range cands {
		last := true
		for _, v := range c.writes[loc] {
			if later(w, v) {
				last = false
				break
			}
		}
		if last {
			kept = append(kept, w)
		}
	}
	return kept
}
