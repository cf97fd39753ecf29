package explore

import (
	"context"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore/limit"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
)

// TestOpenReadPaths checks the paths of a read whose value only a branch
// uses: one for the value the branch tells apart (0) and one for the
// others (1 and 2), whose read stands for both; with the register shown,
// one path per value.
func TestOpenReadPaths(t *testing.T) {
	for _, tc := range []struct {
		file  string
		mixed bool
		want  [][]int64 // per read of each path of P0, the values it may return
	}{
		{"open-branch.litmus", false, [][]int64{{1, 2}, {0}}},
		{"open-shown.litmus", false, [][]int64{{1}, {2}, {0}}},
		{"open-cmp.litmus", false, [][]int64{{1, 2}, {0}}},
		// A failed cmpxchg compared only: one path for 0, 1 and 2.
		{"open-cas.litmus", false, [][]int64{{0, 1, 2}, {3}}},
		// herd's AArch64 CAS: the two failure forms that write nothing
		// are open, the one that writes back runs per value; 3, the
		// success, comes from a discovery round.
		{"open-cas-a64.litmus", false, [][]int64{{0, 1, 2}, {0, 1, 2}, {3}, {3}, {0}, {1}, {2}}},
		// The word's four byte reads: the low byte decides, the second
		// stays open on both paths.
		{"open-mixed.litmus", true, [][]int64{{1}, {0, 2}, {0}, {0}, {0}, {0, 2}, {0}, {0}}},
	} {
		src, err := os.ReadFile("../tests/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		test, err := parser.Parse(tc.file, string(src))
		if err != nil {
			t.Fatal(err)
		}
		s, err := prepare(test, noModel{}, Options{Mixed: tc.mixed}, limit.New(context.Background(), test.File, 0))
		if err != nil {
			t.Fatal(err)
		}
		var got [][]int64
		for _, p := range s.paths[0] {
			for _, ev := range p.Events {
				if ev.Kind == litmus.KindR {
					vals := []int64{ev.Val.Off}
					for _, v := range ev.Alts {
						vals = append(vals, v.Off)
					}
					got = append(got, vals)
				}
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: P0's reads (-want +got):\n%s", tc.file, diff)
		}
	}
}

// TestDiscoveryKeepsProvenance checks that a store a discovery read's
// path makes after its comparison is held to the stores behind its
// value: P0's path that compares an unknown x with 5 reads y = 2 (P1's
// increment of P0's) and would store 3, which needs P0's increment twice.
// The domain of y stays 0, 1, 2.
func TestDiscoveryKeepsProvenance(t *testing.T) {
	src := `C discovery-provenance
{}
P0(int *x, int *y)
{
	int r0;
	int r1;

	r0 = READ_ONCE(*x);
	if (r0 == 5)
		WRITE_ONCE(*x, 6);
	r1 = READ_ONCE(*y);
	WRITE_ONCE(*y, r1 + 1);
}
P1(int *y)
{
	int r1;

	r1 = READ_ONCE(*y);
	WRITE_ONCE(*y, r1 + 1);
}
exists (0:r1=0 /\ 1:r1=0)
`
	test, err := parser.Parse("discovery-provenance.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	s, err := prepare(test, incoherent{}, Options{}, limit.New(context.Background(), test.File, 0))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int64]bool{}
	for _, p := range s.paths[1] {
		for _, ev := range p.Events {
			if ev.Kind == litmus.KindR {
				seen[ev.Val.Off] = true
			}
		}
	}
	if diff := cmp.Diff(map[int64]bool{0: true, 1: true, 2: true}, seen); diff != "" {
		t.Errorf("values P1 reads of y (-want +got):\n%s", diff)
	}
}
