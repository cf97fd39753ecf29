package images

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// TestImages checks that a ring's state images come out the same whether
// packed one to a word, as rows of bytes or of words, or as Values.
func TestImages(t *testing.T) {
	defer func(n int) { partStates = n }(partStates)
	values := func(states []litmus.State) [][]litmus.Value {
		var out [][]litmus.Value
		for _, st := range states {
			out = append(out, st.Values())
		}
		return out
	}
	for _, tc := range []struct {
		name        string
		width, span int
		lo          int64
		states      int
	}{
		{"bits", 20, 2, 0, 50},            // packed, one bit a value
		{"negative", 6, 9, -4, 50},        // packed, four bits, values below zero
		{"bytes", 40, 3, 0, 50},           // 80 bits: rows of bytes
		{"words", 3, 1 << 20, -7, 50},     // packed: 63 bits
		{"wide words", 5, 1 << 20, 0, 50}, // 105 bits: rows of words
		// Packed in parts, one per core, and merged (partStates lowered).
		{"bits in parts", 10, 3, -1, 200},
	} {
		partStates = 1 << 14
		if tc.states > 100 {
			partStates = 8
		}
		rng := rand.New(rand.NewPCG(1, uint64(tc.width)))
		// The rotation by one and its powers, as a ring's observed values.
		var perms [][]int
		for d := 1; d < tc.width; d++ {
			g := make([]int, tc.width)
			for i := range g {
				g[i] = (i + d) % tc.width
			}
			perms = append(perms, g)
		}
		var states []litmus.State
		for range tc.states {
			vals := make([]litmus.Value, tc.width)
			for i := range vals {
				vals[i] = litmus.Int(tc.lo + rng.Int64N(int64(tc.span)))
			}
			states = append(states, litmus.NewState(vals))
		}
		want := values(ofValues(states, perms))
		if diff := cmp.Diff(want, values(Of(states, perms))); diff != "" {
			t.Errorf("%s: Of (-Values +table):\n%s", tc.name, diff)
		}
		if diff := cmp.Diff(want, values(imageRows[uint64](perms, states, tc.width, tc.lo))); diff != "" {
			t.Errorf("%s: rows of words (-Values +table):\n%s", tc.name, diff)
		}
		if len(want) < 2*tc.width {
			t.Errorf("%s: %d states, want several orbits", tc.name, len(want))
		}
	}
}
