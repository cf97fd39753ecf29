package explore

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// TestKeepState checks that a worker's table of plain states gives back
// what it was given, whatever the span of the values.
func TestKeepState(t *testing.T) {
	for _, tc := range []struct {
		name        string
		width, span int
		lo          int64
	}{
		{"bits", 20, 2, 0},
		{"negative", 6, 9, -4},
		{"bytes", 40, 3, 0},
		{"words", 3, 1 << 20, -7},
		{"wide words", 5, 1 << 20, 0},
	} {
		rng := rand.New(rand.NewPCG(1, uint64(tc.width)))
		var p partial
		for range 50 {
			vals := make([]litmus.Value, tc.width)
			for i := range vals {
				vals[i] = litmus.Int(tc.lo + rng.Int64N(int64(tc.span)))
			}
			kept := p.keepState(append([]litmus.Value(nil), vals...))
			if diff := cmp.Diff(vals, kept.Values()); diff != "" {
				t.Fatalf("%s: keepState (-want +got):\n%s", tc.name, diff)
			}
		}
	}
}
