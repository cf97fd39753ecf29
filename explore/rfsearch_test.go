// This file tests which rmw pairs may read one write (claim).

package explore

import (
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func TestClaims(t *testing.T) {
	// Reads 0 and 1 are P0's, 2 is P1's; strict marks the pairs of one
	// instruction of an AtomicModel.
	events := []litmus.Event{{Thread: 0}, {Thread: 0}, {Thread: 1}}
	tests := []struct {
		name   string
		strict []bool
		first  int
		second int
		shared bool
	}{
		{"two strict pairs of one thread", []bool{true, true, false}, 0, 1, false},
		{"a strict pair and an lr/sc of its thread", []bool{true, false, false}, 0, 1, true},
		{"two lr/sc of one thread", []bool{false, false, false}, 0, 1, true},
		{"two lr/sc of two threads", []bool{false, false, false}, 0, 2, false},
		{"a strict pair and an lr/sc of another thread", []bool{true, false, false}, 0, 2, false},
	}
	for _, tc := range tests {
		c := &combo{reads: []int{0, 1, 2}, rmwW: make([]int, 3), x: &litmus.Execution{Events: events}}
		for i, s := range tc.strict {
			c.rmwW[i] = -1
			if s {
				c.rmwW[i] = 10 + i
			}
		}
		var cl claim
		if !cl.take(c, tc.first) {
			t.Fatalf("%s: a free write refused", tc.name)
		}
		if got := cl.take(c, tc.second); got != tc.shared {
			t.Errorf("%s: shared %v, want %v", tc.name, got, tc.shared)
		}
		if tc.shared {
			cl.release(c, tc.second)
		}
		cl.release(c, tc.first)
		if cl.n != 0 || cl.strict != 0 {
			t.Errorf("%s: released claim %+v", tc.name, cl)
		}
	}
}
