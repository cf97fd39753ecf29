// This file tests the coherence orders LinearExtensions builds under
// herd's atomicity, against every permutation filtered afterwards.

package coorder

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// atomicBetween reports whether order o keeps each pair atomic: only
// writes of the pair's own thread between its source and its write.
func atomicBetween(o []int, pairs []Pair, ev []litmus.Event) bool {
	pos := map[int]int{}
	for i, w := range o {
		pos[w] = i
	}
	for _, p := range pairs {
		for k := pos[p.Src] + 1; k < pos[p.W]; k++ {
			if ev[o[k]].Thread != ev[p.R].Thread {
				return false
			}
		}
	}
	return true
}

// permutations lists every order of ws that extends before.
func permutations(ws []int, before rel.Rel) [][]int {
	var out [][]int
	var rec func(cur []int, rest []int)
	rec = func(cur, rest []int) {
		if len(rest) == 0 {
			out = append(out, slices.Clone(cur))
			return
		}
		for i, w := range rest {
			ok := true
			for _, v := range rest {
				if v != w && before.Has(v, w) {
					ok = false
				}
			}
			if ok {
				others := slices.Concat(rest[:i:i], rest[i+1:])
				rec(append(cur, w), others)
			}
		}
	}
	rec(nil, ws)
	return out
}

// TestLinearExtensionsAtomic checks that cutting non-atomic prefixes gives
// exactly the orders that filtering the finished ones gives, on a lock
// word: an initial write (0), then per thread a lock RMW (read, write)
// and an unlock write, each lock reading another's unlock or the init.
func TestLinearExtensionsAtomic(t *testing.T) {
	// Thread t's events: read 1+3t, lock write 2+3t, unlock 3+3t.
	const threads = 3
	ev := make([]litmus.Event, 1+3*threads)
	ev[0] = litmus.Event{Thread: -1}
	ws := []int{0}
	for th := 0; th < threads; th++ {
		for k := 1; k <= 3; k++ {
			ev[3*th+k] = litmus.Event{Thread: th}
		}
		ws = append(ws, 3*th+2, 3*th+3)
	}
	sources := [][]int{{0, 3, 6}, {0, 0, 3}, {6, 0, 3}, {9, 0, 3}}
	for _, src := range sources {
		before := rel.NewRel(len(ev))
		var pairs []Pair
		for th := 0; th < threads; th++ {
			before.Add(0, 3*th+2)
			before.Add(0, 3*th+3)
			before.Add(3*th+2, 3*th+3)
			pairs = append(pairs, Pair{R: 3*th + 1, W: 3*th + 2, Src: src[th]})
		}
		var want [][]int
		for _, o := range permutations(ws, before) {
			if atomicBetween(o, pairs, ev) {
				want = append(want, o)
			}
		}
		got := LinearExtensions(ws, before, nil, AtomicCut{pairs, ev}, unbounded{})
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("sources %v: orders (-filtered +cut):\n%s", src, diff)
		}
	}
}

// unbounded is Work without a bound.
type unbounded struct{}

func (unbounded) Tick(int) bool { return true }
