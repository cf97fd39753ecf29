package liveness

import (
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

func names(set map[string]bool) []string {
	var out []string
	for r := range set {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// TestCompute: a register the loop's body writes at its bottom and reads
// at its top (p) is live across the back edge; one written at the top and
// read in the body (c) is not; an operand of a symbolic boolean (a, read
// through b) is live wherever the boolean is read; a register nothing
// reads (e) meets no other.
func TestCompute(t *testing.T) {
	code := []litmus.Instr{
		{Op: litmus.OpLoad, Dst: "a", Addr: litmus.C(0)},                                           // 0
		{Op: litmus.OpMove, Dst: "b", Src: litmus.Bin(litmus.OpEq, litmus.R("a"), litmus.C(1))},    // 1
		{Op: litmus.OpLoad, Dst: "c", Addr: litmus.C(0)},                                           // 2: loop top
		{Op: litmus.OpMove, Dst: "d", Src: litmus.Bin(litmus.OpAdd, litmus.R("c"), litmus.R("p"))}, // 3
		{Op: litmus.OpMove, Dst: "p", Src: litmus.R("c")},                                          // 4
		{Op: litmus.OpBranch, Cond: litmus.R("d"), Target: 2},                                      // 5
		{Op: litmus.OpBranch, Cond: litmus.R("b"), Target: 8},                                      // 6
		{Op: litmus.OpMove, Dst: "e", Src: litmus.C(1)},                                            // 7
	}
	l := Compute(code, nil, map[string][]string{"b": {"a"}})
	want := [][]string{{"p"}, {"a", "p"}, {"a", "b", "p"}, {"a", "b", "c", "p"}, {"a", "b", "c", "d"}, {"a", "b", "d", "p"}, {"a", "b"}, nil}
	for pc := range code {
		if diff := cmp.Diff(want[pc], names(l.In[pc])); diff != "" {
			t.Errorf("live before %d (-want +got):\n%s", pc, diff)
		}
	}
	for _, tc := range []struct {
		a, b string
		want bool
	}{{"c", "p", true}, {"d", "a", true}, {"p", "d", true}, {"e", "c", false}, {"e", "a", false}} {
		if got := l.Meet(tc.a, tc.b); got != tc.want {
			t.Errorf("Meet(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestClosure: what a register reaches through others, transitively.
func TestClosure(t *testing.T) {
	got := Closure(map[string][]string{"x": {"y"}, "y": {"z", "w"}})
	want := map[string][]string{"x": {"w", "y", "z"}, "y": {"w", "z"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("closure (-want +got):\n%s", diff)
	}
}
