// This file implements symmetry between identical threads: the explorer visits one combination of paths per orbit of the
// permutations of interchangeable threads, counts each as many times as its
// orbit has combinations, and adds the images of its final states.

package explore

import (
	"fmt"
	"reflect"
	"slices"
	"sort"

	"github.com/litmuscheck/litmuscheck/explore/images"
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// A symmetry groups the threads that are interchangeable: two threads are
// when they have the same paths in the same order and the same initial
// registers, the final state shows the same registers of each, and
// swapping them leaves the condition and the filter unchanged. Swapping
// two such threads maps every candidate of a combination to a candidate of
// the swapped combination with the same events, relabelled: the model,
// the condition and the filter decide both alike, and the final state of
// one is the other's with the two threads' registers exchanged.
//
// Within a class the explorer keeps the combinations whose path indices
// do not decrease from thread to thread: the least of its orbit in the
// order the combinations are generated. The first combination with a
// witness, a forbidden candidate to show or an error is then one it
// visits, so those stay the same.
type symmetry struct {
	// prev[t] is the thread before t in t's class, or -1.
	prev []int
	// classes are the classes of two or more threads, each in increasing
	// order.
	classes [][]int
	// swaps are the adjacent transpositions of each class, as the pairs of
	// indices of the observed values they exchange.
	swaps [][][2]int
	// swapped are the two threads of each of swaps.
	swapped [][2]int
	// rotations, when there are no classes, are the symmetries that
	// rename locations (rotation.go).
	rotations []rotation
}

// findSymmetry returns the symmetry of s's threads, or nil when no two
// threads are interchangeable. A path cut at its budget is refused naming
// its thread: tests with one are explored in full.
func (s *setup) findSymmetry() *symmetry {
	for _, ps := range s.paths {
		for i := range ps {
			if ps[i].Overlong {
				return nil
			}
		}
	}
	nt := len(s.paths)
	regsShown := s.regsShown()
	if regsShown == nil {
		return nil
	}
	interchangeable := func(t, u int) bool {
		if !samePaths(s.paths[t], s.paths[u]) || !reflect.DeepEqual(s.initRegs[t], s.initRegs[u]) ||
			!reflect.DeepEqual(regsShown[t], regsShown[u]) {
			return false
		}
		swap := func(th int) int {
			switch th {
			case t:
				return u
			case u:
				return t
			}
			return th
		}
		same := func(p litmus.Prop) bool { return p == nil || litmus.PropKey(p, swap) == litmus.PropKey(p, nil) }
		return same(s.test.Cond.Prop) && same(s.test.Filter)
	}
	sym := &symmetry{prev: make([]int, nt)}
	placed := make([]bool, nt)
	for t := 0; t < nt; t++ {
		sym.prev[t] = -1
		if placed[t] {
			continue
		}
		class := []int{t}
		for u := t + 1; u < nt; u++ {
			// Swaps within a class generate every permutation of it: one
			// swap with the class's first thread tells.
			if !placed[u] && interchangeable(t, u) {
				class = append(class, u)
				placed[u] = true
			}
		}
		if len(class) > 1 {
			sym.classes = append(sym.classes, class)
		}
	}
	if len(sym.classes) == 0 {
		if sym.rotations = s.findRotation(); sym.rotations == nil {
			return nil
		}
		return sym
	}
	s.linkClasses(sym, regsShown)
	return sym
}

// regsShown lists per thread the registers the final state shows, sorted;
// nil when one names a thread the test does not have.
func (s *setup) regsShown() [][]string {
	nt := len(s.paths)
	regsShown := make([][]string, nt)
	for _, l := range s.observed {
		if l.IsReg() {
			if l.Thread < 0 || l.Thread >= nt {
				return nil
			}
			regsShown[l.Thread] = append(regsShown[l.Thread], l.Name)
		}
	}
	for t := range regsShown {
		sort.Strings(regsShown[t])
	}
	return regsShown
}

// linkClasses sets sym's prev, swaps and swapped from its classes.
func (s *setup) linkClasses(sym *symmetry, regsShown [][]string) {
	index := map[litmus.LocRef]int{}
	for i, l := range s.observed {
		index[l] = i
	}
	for _, class := range sym.classes {
		for k := 1; k < len(class); k++ {
			a, b := class[k-1], class[k]
			sym.prev[b] = a
			var pairs [][2]int
			for _, r := range regsShown[a] {
				pairs = append(pairs, [2]int{index[litmus.LocRef{Thread: a, Name: r}], index[litmus.LocRef{Thread: b, Name: r}]})
			}
			sym.swaps = append(sym.swaps, pairs)
			sym.swapped = append(sym.swapped, [2]int{a, b})
		}
	}
}

// hangSymmetry is the symmetry of the choices explored with thread h the
// first that hangs (exploreHangs): the threads before h complete, those
// after it complete or hang. Two threads of a class stay interchangeable
// when they are on the same side of h and, after it, have the same hang
// paths; h itself is fixed. nil when no two threads are left.
func (s *setup) hangSymmetry(h int) *symmetry {
	if s.sym == nil || len(s.sym.classes) == 0 {
		return nil
	}
	regsShown := s.regsShown()
	if regsShown == nil {
		return nil
	}
	sym := &symmetry{prev: make([]int, len(s.paths))}
	for t := range sym.prev {
		sym.prev[t] = -1
	}
	for _, class := range s.sym.classes {
		var sub [][]int
	member:
		for _, t := range class {
			if t == h {
				continue
			}
			for k, c := range sub {
				u := c[0]
				if (u < h) == (t < h) && (t < h || samePaths(s.hangPaths[u], s.hangPaths[t])) {
					sub[k] = append(sub[k], t)
					continue member
				}
			}
			sub = append(sub, []int{t})
		}
		for _, c := range sub {
			if len(c) > 1 {
				sym.classes = append(sym.classes, c)
			}
		}
	}
	if len(sym.classes) == 0 {
		return nil
	}
	s.linkClasses(sym, regsShown)
	return sym
}

// low is the least path index thread t takes given the choices of the
// threads before it.
func (sym *symmetry) low(t int, choice []int) int {
	if p := sym.predecessor(t); p >= 0 {
		return choice[p]
	}
	return 0
}

// Canonical, Low and Predecessor are canonical, low and predecessor for
// the generator of combinations (combine.Symmetry).
func (sym *symmetry) Canonical(choice []int) bool { return sym.canonical(choice) }
func (sym *symmetry) Low(t int, choice []int) int { return sym.low(t, choice) }
func (sym *symmetry) Predecessor(t int) int       { return sym.predecessor(t) }

// predecessor is the thread before t in its class, -1 for none.
func (sym *symmetry) predecessor(t int) int {
	if sym == nil {
		return -1
	}
	return sym.prev[t]
}

// weight is the number of combinations in the orbit of choice: per class,
// the arrangements of its multiset of path indices.
func (sym *symmetry) weight(choice []int) int {
	if sym == nil {
		return 1
	}
	if len(sym.rotations) > 0 {
		return sym.rotationWeight(choice)
	}
	w := 1
	for _, class := range sym.classes {
		// choice does not decrease along the class: equal indices are
		// runs.
		run := 0
		for k := range class {
			if k > 0 && choice[class[k]] == choice[class[k-1]] {
				run++
			} else {
				run = 1
			}
			w = w * (k + 1) / run
		}
	}
	return w
}

// images adds to states the images of each under every permutation of
// the classes, and then the states of whole orbits, sorted.
func (sym *symmetry) images(states, orbits []litmus.State) []litmus.State {
	if sym == nil || len(states)+len(orbits) == 0 {
		slices.SortFunc(states, litmus.CompareStates)
		return states
	}
	if len(sym.rotations) > 0 {
		// No value is unknown (findRotation): orbits is empty.
		perms := make([][]int, len(sym.rotations))
		for k, g := range sym.rotations {
			perms[k] = g.obs
		}
		return images.Of(states, perms)
	}
	seen := map[string]bool{}
	var out []litmus.State
	add := func(st litmus.State) {
		if k := stateKey(st.Values()); !seen[k] {
			seen[k] = true
			out = append(out, st)
		}
	}
	for _, st := range states {
		add(st)
	}
	// The adjacent swaps generate the group: close under them.
	for i := 0; i < len(out); i++ {
		for _, pairs := range sym.swaps {
			vals := append([]litmus.Value(nil), out[i].Values()...)
			for _, p := range pairs {
				vals[p[0]], vals[p[1]] = vals[p[1]], vals[p[0]]
			}
			add(litmus.NewState(vals))
		}
	}
	for _, st := range orbits {
		add(st)
	}
	sort.Slice(out, func(i, j int) bool { return litmus.CompareStates(out[i], out[j]) < 0 })
	return out
}

// unknownOrbit records the final states of the orbit of combination c,
// whose final values vals hold an unknown value: herd names it after the
// threads whose paths hold one (nameUnknowns), so each image is named
// from its own combination rather than swapped.
func (s *setup) unknownOrbit(c *combo, vals []litmus.Value, out *partial) {
	sym := s.sym
	choice := make([]int, len(c.paths))
	for t, p := range c.paths {
		choice[t] = int(pathIndex(s.paths[t], p))
	}
	type image struct {
		choice []int
		vals   []litmus.Value
	}
	seen := map[string]bool{}
	var queue []image
	visit := func(im image) {
		k := fmt.Sprint(im.choice) + stateKey(im.vals)
		if seen[k] {
			return
		}
		seen[k] = true
		queue = append(queue, im)
		named := append([]litmus.Value(nil), im.vals...)
		paths := make([]*paths.Path, len(im.choice))
		for t, i := range im.choice {
			paths[t] = &s.paths[t][i]
		}
		s.nameUnknowns(&combo{paths: paths}, named)
		key := stateKey(named)
		if _, ok := out.orbitStates[key]; !ok {
			out.orbitStates[key] = litmus.NewState(named)
		}
	}
	visit(image{choice, append([]litmus.Value(nil), vals...)})
	for i := 0; i < len(queue); i++ {
		for g, pairs := range sym.swaps {
			im := image{append([]int(nil), queue[i].choice...), append([]litmus.Value(nil), queue[i].vals...)}
			a, b := sym.swapped[g][0], sym.swapped[g][1]
			im.choice[a], im.choice[b] = im.choice[b], im.choice[a]
			for _, p := range pairs {
				im.vals[p[0]], im.vals[p[1]] = im.vals[p[1]], im.vals[p[0]]
			}
			visit(im)
		}
	}
}

// pathIndex is the index of p among ps.
func pathIndex(ps []paths.Path, p *paths.Path) int {
	for i := range ps {
		if &ps[i] == p {
			return i
		}
	}
	panic("litmus: a path not of its thread")
}

// samePaths reports whether two threads have the same paths. A stuck
// path names its own thread and source line; two stuck paths are the
// same when they are stuck for the same reason at the same place of the
// same code, which the rest of the path already tells.
func samePaths(a, b []paths.Path) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		p, q := a[i], b[i]
		if (p.Stuck == nil) != (q.Stuck == nil) || (p.Stuck != nil && p.Stuck.Why != q.Stuck.Why) {
			return false
		}
		p.Stuck, q.Stuck = nil, nil
		if !reflect.DeepEqual(p, q) {
			return false
		}
	}
	return true
}
