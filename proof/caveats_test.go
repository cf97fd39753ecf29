package proof

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/locks"
)

// TestEveryCaveatFailsTheProof: for each caveat the command reports (the
// exit status reads litmus.Result.Caveats), a proof of Never fails, and
// the LKMM's result has that caveat.
func TestEveryCaveatFailsTheProof(t *testing.T) {
	tests := []struct {
		kind litmus.CaveatKind
		src  string
	}{
		{litmus.CaveatHangs, "C t\n{}\nP0(int *f) { int r0 = smp_cond_load_acquire(f, VAL == 1); }\nexists (0:r0=2)\n"},
		{litmus.CaveatIncomplete, "C t\n{ y = x; }\nP0(int **y) { WRITE_ONCE(*y, 0); }\nP1(int **y) { int *r0; int r1; r0 = READ_ONCE(*y); r1 = READ_ONCE(*r0); }\nexists (1:r1=5)\n"},
		{litmus.CaveatVacuous, "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); __assume(r0 == 1); }\nexists (0:r0=1)\n"},
		{litmus.CaveatUnused, "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); }\nexists (0:r9=1)\n"},
		{litmus.CaveatUnroll, "C t\n{}\nP0(int *x, int *y) { int i = READ_ONCE(*y); while (i < 5) { WRITE_ONCE(*x, i); i = i + 1; } }\nP1(int *y) { WRITE_ONCE(*y, 4); }\nexists (x=7)\n"},
		{litmus.CaveatDataRace, "C t\n{}\nP0(int *x) { *x = 1; }\nP1(int *x) { int r0 = *x; }\nexists (1:r0=2)\n"},
	}
	lkmm, _ := locks.ColumnByName("lkmm")
	for _, tc := range tests {
		t.Run(string(tc.kind), func(t *testing.T) {
			run, err := locks.RunC(context.Background(), "t.litmus", tc.src, nil, lkmm, explore.Options{})
			if err != nil || run.Result == nil {
				t.Fatalf("%v %v", err, run.Err)
			}
			var kinds []litmus.CaveatKind
			for _, c := range run.Result.Caveats() {
				kinds = append(kinds, c.Kind)
			}
			if run.Result.Verdict() != "Never" || !slices.Contains(kinds, tc.kind) || run.Result.Proves() {
				t.Fatalf("LKMM: %s, caveats %v: want a Never with %s that proves nothing", run.Result.Verdict(), kinds, tc.kind)
			}
			tb := record("TestCaveat", func(tb testing.TB) { Check(tb, tc.src, Models("lkmm")).Never() })
			if len(tb.errors) == 0 {
				t.Errorf("proof of Never passed despite %s", tc.kind)
			}
		})
	}
}

// TestEveryCaveatFailsAlways: a result that would make an Always pass
// with a caveat that voids it fails the proof of Always, in a message
// that names the litmus test and the column. litmus's judge speaks for a
// Never only, so most of these reach Always itself, not Check.
func TestEveryCaveatFailsAlways(t *testing.T) {
	tests := []struct {
		kind    litmus.CaveatKind
		verdict string
		src     string
		opts    []Option
	}{
		// Some executions hang, and those that end reach the condition.
		{litmus.CaveatHangs, "Always", "C t\n{}\nP0(int *f) { int r0 = smp_cond_load_acquire(f, VAL == 1); }\nP1(int *f) { WRITE_ONCE(*f, 1); WRITE_ONCE(*f, 2); }\nexists (0:r0=1)\n", nil},
		// The execution that reads y=0 and dereferences it is left out.
		{litmus.CaveatIncomplete, "Always", "C t\n{ y = x; }\nP0(int **y) { WRITE_ONCE(*y, 0); }\nP1(int **y) { int *r0; int r1; r0 = READ_ONCE(*y); r1 = READ_ONCE(*r0); }\nexists (1:r1=0)\n", nil},
		// AllowVacuous lets a vacuous Never stand, never an Always.
		{litmus.CaveatVacuous, "Never", "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); __assume(r0 == 1); }\nexists (0:r0=1)\n", []Option{AllowVacuous()}},
		// 0:r9 is read as its initial value, 0, in every execution.
		{litmus.CaveatUnused, "Always", "C t\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); }\nexists (0:r9=0)\n", nil},
		{litmus.CaveatUnroll, "Always", "C t\n{}\nP0(int *x, int *y) { int i = READ_ONCE(*y); while (i < 5) { WRITE_ONCE(*x, i); i = i + 1; } }\nP1(int *y) { WRITE_ONCE(*y, 4); }\nexists (x=4)\n", nil},
		{litmus.CaveatDataRace, "Always", "C t\n{}\nP0(int *x) { *x = 1; }\nP1(int *x) { int r0 = *x; }\nexists (x=1)\n", nil},
	}
	lkmm, _ := locks.ColumnByName("lkmm")
	for _, tc := range tests {
		t.Run(string(tc.kind), func(t *testing.T) {
			run, err := locks.RunC(context.Background(), "t.litmus", tc.src, nil, lkmm, explore.Options{})
			if err != nil || run.Result == nil {
				t.Fatalf("%v %v", err, run.Err)
			}
			if got := run.Result.Verdict(); got != tc.verdict {
				t.Fatalf("LKMM: %s, want %s: the case does not test what it says", got, tc.verdict)
			}
			tb := record("TestCaveat", func(tb testing.TB) { Check(tb, tc.src, append(tc.opts, Models("lkmm"))...).Always() })
			if len(tb.errors) == 0 {
				t.Errorf("proof of Always passed despite %s", tc.kind)
			}
			for _, e := range tb.errors {
				if !strings.HasPrefix(e, "proof: test t (TestCaveat.litmus), column LKMM: ") {
					t.Errorf("the message does not name the test and the column: %s", e)
				}
			}
		})
	}
}
