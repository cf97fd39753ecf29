// This file implements symmetries that rename locations: a ring of threads such as the RCU chain, each thread the next but
// one with every location shifted along the ring, is explored one
// combination of paths per orbit of the rotation.

package explore

import (
	"reflect"
	"slices"

	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A rotation is one element of a cyclic group of symmetries other than the
// identity: thread t is renamed thread[t] and location x loc[x], and the
// observed value i becomes the observed value obs[i].
//
// Thread t's paths, renamed by loc, are those of thread[t] in the same
// order, with the same initial registers and declared types, the initial
// memory is invariant, and the condition and the filter are too: the
// renaming maps every candidate of a combination to a candidate of the
// renamed combination, which the model, the condition and the filter
// decide alike, with the final state permuted by obs.
type rotation struct {
	thread []int
	loc    map[string]string
	obs    []int
}

// findRotation returns the non-identity elements of the largest group of
// shifts of the threads by a divisor of their number under which s is
// symmetric, or nil. Tests whose values may be unknown (herd names them
// per thread) or that take addresses are left alone.
func (s *setup) findRotation() []rotation {
	nt := len(s.paths)
	if nt < 2 || !s.rotationCandidate() {
		return nil
	}
	for d := 1; d < nt; d++ {
		if nt%d != 0 {
			continue
		}
		g := s.shiftSymmetry(d)
		if g == nil {
			continue
		}
		// The group the shift generates: its powers up to the identity.
		out := []rotation{*g}
		for {
			last := out[len(out)-1]
			next := compose(last, *g)
			if isIdentity(next) {
				return out
			}
			out = append(out, next)
		}
	}
	return nil
}

// rotationCandidate reports whether s has no value that a renaming of
// locations would have to rename or that herd names per thread.
func (s *setup) rotationCandidate() bool {
	plain := func(v litmus.Value) bool { return v.Sym == "" && v.Var == 0 }
	for t, ps := range s.paths {
		if len(s.hangPaths[t]) > 0 {
			return false
		}
		for i := range ps {
			p := &ps[i]
			if p.Overlong || p.Stuck != nil || p.Hang || p.MaxUnknown != 0 {
				return false
			}
			for _, e := range p.Events {
				if !plain(e.Val) {
					return false
				}
			}
			for _, v := range p.Regs {
				if !plain(v) {
					return false
				}
			}
		}
	}
	for _, v := range s.initMem {
		if !plain(v) {
			return false
		}
	}
	for _, l := range s.observed {
		if !l.IsReg() {
			// Shown locations would need their own renaming check.
			return false
		}
	}
	return true
}

// shiftSymmetry returns the symmetry that renames thread t thread t+d, or
// nil when s is not symmetric under it.
func (s *setup) shiftSymmetry(d int) *rotation {
	nt := len(s.paths)
	g := &rotation{thread: make([]int, nt), loc: map[string]string{}}
	for t := range g.thread {
		g.thread[t] = (t + d) % nt
	}
	image := map[string]string{}
	for t := 0; t < nt; t++ {
		u := g.thread[t]
		if len(s.paths[t]) != len(s.paths[u]) || !reflect.DeepEqual(s.initRegs[t], s.initRegs[u]) {
			return nil
		}
		for i := range s.paths[t] {
			a, b := s.paths[t][i].Events, s.paths[u][i].Events
			if len(a) != len(b) {
				return nil
			}
			for k := range a {
				if y, ok := g.loc[a[k].Loc]; ok && y != b[k].Loc {
					return nil
				}
				if x, ok := image[b[k].Loc]; ok && x != a[k].Loc {
					return nil
				}
				g.loc[a[k].Loc], image[b[k].Loc] = b[k].Loc, a[k].Loc
			}
		}
	}
	// Locations no path touches stay: the map must then be a bijection.
	for _, x := range s.locs {
		if _, ok := g.loc[x]; !ok {
			if _, taken := image[x]; taken {
				return nil
			}
			g.loc[x], image[x] = x, x
		}
	}
	for x, y := range g.loc {
		if s.initMem[x] != s.initMem[y] {
			return nil
		}
	}
	for t := 0; t < nt; t++ {
		u := g.thread[t]
		for i := range s.paths[t] {
			if !reflect.DeepEqual(renamePath(s.paths[t][i], g.loc), s.paths[u][i]) {
				return nil
			}
		}
	}
	if !s.declarationsInvariant(g) {
		return nil
	}
	index := map[litmus.LocRef]int{}
	for i, l := range s.observed {
		index[l] = i
	}
	g.obs = make([]int, len(s.observed))
	for i, l := range s.observed {
		j, ok := index[litmus.LocRef{Thread: g.thread[l.Thread], Name: l.Name}]
		if !ok {
			return nil
		}
		g.obs[i] = j
	}
	thread := func(t int) int { return g.thread[t] }
	loc := func(x string) string { return g.loc[x] }
	same := func(p litmus.Prop) bool {
		return p == nil || litmus.PropKeyRenamed(p, thread, loc) == litmus.PropKey(p, nil)
	}
	if !same(s.test.Cond.Prop) || !same(s.test.Filter) {
		return nil
	}
	return g
}

// declarationsInvariant reports whether the test's declarations map to
// one another under g: a location's type and size are its image's, a
// register's those of its thread's image.
func (s *setup) declarationsInvariant(g *rotation) bool {
	type decl struct {
		typ  string
		size int
		val  litmus.Value
		has  bool
	}
	decls := map[litmus.LocRef]decl{}
	for _, it := range s.test.Init {
		decls[it.Loc] = decl{it.Type, it.Size, it.Value, it.HasValue}
	}
	for l, d := range decls {
		m := l
		if l.IsReg() {
			m.Thread = g.thread[l.Thread]
		} else if y, ok := g.loc[l.Name]; ok {
			m.Name = y
		} else {
			return false
		}
		if e, ok := decls[m]; !ok || e != d {
			return false
		}
	}
	return true
}

// renamePath returns p with its events' locations renamed by loc.
func renamePath(p paths.Path, loc map[string]string) paths.Path {
	events := make([]paths.Event, len(p.Events))
	for k, e := range p.Events {
		e.Loc = loc[e.Loc]
		events[k] = e
	}
	p.Events = events
	return p
}

// compose returns a followed by b.
func compose(a, b rotation) rotation {
	c := rotation{thread: make([]int, len(a.thread)), loc: map[string]string{}, obs: make([]int, len(a.obs))}
	for t, u := range a.thread {
		c.thread[t] = b.thread[u]
	}
	for x, y := range a.loc {
		c.loc[x] = b.loc[y]
	}
	for i, j := range a.obs {
		c.obs[i] = b.obs[j]
	}
	return c
}

func isIdentity(g rotation) bool {
	for t, u := range g.thread {
		if t != u {
			return false
		}
	}
	return true
}

// image writes into dst the combination that g maps choice to.
func (g *rotation) image(choice, dst []int) {
	for t, i := range choice {
		dst[g.thread[t]] = i
	}
}

// canonical reports whether choice is the least of its orbit in the order
// the combinations are generated (lexicographic): the one explored.
func (sym *symmetry) canonical(choice []int) bool {
	if sym == nil || len(sym.rotations) == 0 {
		return true
	}
	// Called for every combination generated: a buffer on the stack.
	var buf [64]int
	img := imageBuffer(buf[:], len(choice))
	for g := range sym.rotations {
		sym.rotations[g].image(choice, img)
		for t := range img {
			if img[t] != choice[t] {
				if img[t] < choice[t] {
					return false
				}
				break
			}
		}
	}
	return true
}

// imageBuffer is buf cut to n ints, or a new slice when buf is too short:
// the callers run per combination and keep buf on their stack.
func imageBuffer(buf []int, n int) []int {
	if n > len(buf) {
		return make([]int, n)
	}
	return buf[:n]
}

// rotationWeight is the size of choice's orbit: the distinct images.
func (sym *symmetry) rotationWeight(choice []int) int {
	// The orbit has as many combinations as the group has elements per
	// element of choice's stabilizer.
	stab := 1
	var buf [64]int
	img := imageBuffer(buf[:], len(choice))
	for g := range sym.rotations {
		sym.rotations[g].image(choice, img)
		if slices.Equal(img, choice) {
			stab++
		}
	}
	return (len(sym.rotations) + 1) / stab
}
