package explore

import (
	"math/rand/v2"
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// TestThinAirFree: the search over the reads that feed writes finds the
// cycles of rf and value flow that the whole relation has, on random
// flows and rf choices between events of known and unknown values.
func TestThinAirFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cycles := 0
	for trial := 0; trial < 2000; trial++ {
		// Events 0..n-1: even ones reads, odd ones writes.
		n := 2 + 2*rng.IntN(6)
		var known rel.Set
		for e := 0; e < n; e++ {
			if rng.IntN(8) > 0 {
				known = known.Add(e)
			}
		}
		flow, rf := rel.NewRel(n), rel.NewRel(n)
		rfOf := make([]int, n)
		for r := 0; r < n; r += 2 {
			for w := 1; w < n; w += 2 {
				if rng.IntN(3) == 0 {
					flow.Add(r, w)
				}
			}
			rfOf[r] = 1 + 2*rng.IntN(n/2)
			rf.Add(rfOf[r], r)
		}
		var reads, writes rel.Set
		for e := 0; e < n; e++ {
			if e%2 == 0 {
				reads = reads.Add(e)
			} else {
				writes = writes.Add(e)
			}
		}
		ta := newThinAir(&combo{x: &litmus.Execution{N: n, R: reads, W: writes}, valueFlow: flow, known: known})
		if ta.general {
			t.Fatalf("trial %d: a flow from reads to writes taken for another shape", trial)
		}
		whole := rel.NewRel(n)
		whole.SetKnownUnion(rf, flow, known)
		want := whole.Acyclic()
		if !want {
			cycles++
		}
		if got := ta.free(rfOf); got != want {
			t.Fatalf("trial %d: free %v, the whole relation acyclic %v (flow %v, rf %v, known %v)", trial, got, want, flow, rf, known)
		}
	}
	if cycles < 100 {
		t.Errorf("only %d of the random choices close a cycle: the test does not test", cycles)
	}
}
