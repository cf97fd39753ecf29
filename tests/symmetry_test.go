// This file checks that exploring one combination of paths per orbit of
// interchangeable threads (issue 13, point 3) changes no result: the same
// verdict, counts, states, flags, witness and forbidden candidate as
// exploring every combination.

package tests

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// ring4 is a ring of four threads, symmetric under a shift by two.
const ring4 = `P0(int *x0, int *x1) { int r1; WRITE_ONCE(*x0, 1); r1 = READ_ONCE(*x1); }
P1(int *x1, int *x2) { int r1; rcu_read_lock(); r1 = READ_ONCE(*x2); WRITE_ONCE(*x1, 1); rcu_read_unlock(); }
P2(int *x2, int *x3) { int r1; WRITE_ONCE(*x2, 1); r1 = READ_ONCE(*x3); }
P3(int *x3, int *x0) { int r1; rcu_read_lock(); r1 = READ_ONCE(*x0); WRITE_ONCE(*x3, 1); rcu_read_unlock(); }
`

// symmetricTests are tests with interchangeable threads: every shown
// register of each, a condition that names them in another order, a
// filter, values that only some orders reach, and a thread that differs.
var symmetricTests = map[string]string{
	"incr3": `C incr3
{}
P0(int *x) { int r0; r0 = READ_ONCE(*x); WRITE_ONCE(*x, r0 + 1); }
P1(int *x) { int r0; r0 = READ_ONCE(*x); WRITE_ONCE(*x, r0 + 1); }
P2(int *x) { int r0; r0 = READ_ONCE(*x); WRITE_ONCE(*x, r0 + 1); }
exists (2:r0=0 /\ 0:r0=0 \/ 1:r0=1 /\ 0:r0=1 \/ x=2)
`,
	"plain3": `C plain3
{}
P0(int *x) { int r0; r0 = *x; *x = r0 + 1; }
P1(int *x) { int r0; r0 = *x; *x = r0 + 1; }
P2(int *y, int *x) { int r0; r0 = READ_ONCE(*x); WRITE_ONCE(*y, r0); }
exists (0:r0=1 /\ 1:r0=1)
`,
	"xchg-filter": `C xchg-filter
{}
P0(int *l, int *x) { int r0; int r1; r0 = xchg(l, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, r1 + 2); smp_store_release(l, 0); }
P1(int *l, int *x) { int r0; int r1; r0 = xchg(l, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, r1 + 2); smp_store_release(l, 0); }
P2(int *l, int *x) { int r0; int r1; r0 = xchg(l, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, r1 + 2); smp_store_release(l, 0); }
P3(int *x) { int r0; r0 = READ_ONCE(*x); }
filter (0:r0=0 /\ 2:r0=0 /\ 1:r0=0)
exists (0:r1=2 /\ 1:r1=0 \/ 3:r0=4)
`,
	"two-classes": `C two-classes
{}
P0(int *x, int *y) { WRITE_ONCE(*x, 1); WRITE_ONCE(*y, 1); }
P1(int *x, int *y) { int r0; int r1; r0 = READ_ONCE(*y); smp_rmb(); r1 = READ_ONCE(*x); }
P2(int *x, int *y) { WRITE_ONCE(*x, 1); WRITE_ONCE(*y, 1); }
P3(int *x, int *y) { int r0; int r1; r0 = READ_ONCE(*y); smp_rmb(); r1 = READ_ONCE(*x); }
exists (1:r0=1 /\ 1:r1=0 \/ 3:r0=1 /\ 3:r1=0)
`,
	"unknown-values": `C unknown-values
{}
P0(int *x, int *y) { int r0; r0 = *x; *y = r0; }
P1(int *x, int *y) { int r0; r0 = *x; *y = r0; }
P2(int *x, int *y) { int r0; r0 = *y; *x = r0; }
exists (0:r0=1 /\ 1:r0=1)
`,
	"hang3": `C hang3
{}
P0(int *f, int *x) { int r0; r0 = smp_cond_load_acquire(f, VAL == 1); WRITE_ONCE(*x, 1); }
P1(int *f, int *x) { int r0; r0 = smp_cond_load_acquire(f, VAL == 1); WRITE_ONCE(*x, 1); }
P2(int *f, int *x) { int r0; r0 = smp_cond_load_acquire(f, VAL == 1); WRITE_ONCE(*x, 1); }
P3(int *f, int *y) { int r1; r1 = READ_ONCE(*y); if (r1 == 0) WRITE_ONCE(*f, 1); }
P4(int *y) { WRITE_ONCE(*y, 1); }
exists (x=0)
`,
	// The first thread to pass resets f: the others hang, some before
	// the hanging thread that splits the choices, some after it.
	"hang-mixed": `C hang-mixed
{}
P0(int *f, int *x) { int r0; r0 = smp_cond_load_acquire(f, VAL == 1); WRITE_ONCE(*f, 0); WRITE_ONCE(*x, 1); }
P1(int *f) { WRITE_ONCE(*f, 1); }
P2(int *f, int *x) { int r0; r0 = smp_cond_load_acquire(f, VAL == 1); WRITE_ONCE(*f, 0); WRITE_ONCE(*x, 1); }
P3(int *f, int *x) { int r0; r0 = smp_cond_load_acquire(f, VAL == 1); WRITE_ONCE(*f, 0); WRITE_ONCE(*x, 1); }
P4(int *f, int *x) { int r0; r0 = smp_cond_load_acquire(f, VAL == 1); WRITE_ONCE(*f, 0); WRITE_ONCE(*x, 1); }
exists (x=1)
`,
	// Rings: each thread is the next but one with the locations shifted
	// (rotation.go), a condition the shift keeps or (ring-asymmetric)
	// does not.
	"ring-either": "C ring-either\n{}\n" + ring4 + "exists (0:r1=0 \\/ 2:r1=0)\n",
	"ring-all":    "C ring-all\n{}\n" + ring4 + "filter (1:r1=1 /\\ 3:r1=1)\nexists (0:r1=1 /\\ 2:r1=1)\n",
	"ring-sb": `C ring-sb
{}
P0(int *x, int *y) { int r0; WRITE_ONCE(*x, 1); r0 = READ_ONCE(*y); }
P1(int *y, int *x) { int r0; WRITE_ONCE(*y, 1); r0 = READ_ONCE(*x); }
exists (0:r0=0 /\ 1:r0=0)
`,
	"ring-asymmetric": "C ring-asymmetric\n{}\n" + ring4 + "exists (0:r1=0 /\\ 1:r1=1)\n",
	"asymmetric": `C asymmetric
{}
P0(int *x) { int r0; r0 = READ_ONCE(*x); WRITE_ONCE(*x, r0 + 1); }
P1(int *x) { int r0; r0 = READ_ONCE(*x); WRITE_ONCE(*x, r0 + 1); }
exists (0:r0=0 /\ 1:r0=1)
`,
}

func TestSymmetryKeepsResults(t *testing.T) {
	type input struct {
		name string
		test *litmus.Test
	}
	var inputs []input
	for name, src := range symmetricTests {
		test, err := parser.Parse(name+".litmus", src)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{name, test})
	}
	files, _ := filepath.Glob("lkmm/*.litmus")
	sizes := "[2345]"
	if testing.Short() {
		// The five-thread chains take nine seconds without symmetry:
		// -short checks the smaller ones.
		sizes = "[234]"
	}
	perf, _ := filepath.Glob(filepath.Join(corpus, "..", "perf", "C-*-"+sizes+".litmus"))
	for _, f := range append(files, perf...) {
		test, err := parser.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{f, test})
	}
	fewer := 0
	for _, in := range inputs {
		for _, workers := range []int{1, 2} {
			want, err := explore.Explore(context.Background(), in.test, models.LKMM, explore.Options{Workers: workers, NoSymmetry: true})
			if err != nil {
				t.Fatal(err)
			}
			got, err := explore.Explore(context.Background(), in.test, models.LKMM, explore.Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(summarize(want), summarize(got)); diff != "" {
				t.Errorf("%s, %d workers (-plain +symmetric):\n%s", in.name, workers, diff)
			}
			if got.Candidates < want.Candidates {
				fewer++
			}
			if (in.name == "asymmetric" || in.name == "ring-asymmetric") && got.Candidates != want.Candidates {
				t.Errorf("asymmetric: %d candidates with symmetry, %d without: its condition is not symmetric", got.Candidates, want.Candidates)
			}
		}
	}
	for _, name := range []string{"ring-either", "ring-sb"} {
		test, _ := parser.Parse(name+".litmus", symmetricTests[name])
		want, _ := explore.Explore(context.Background(), test, models.LKMM, explore.Options{NoSymmetry: true})
		got, _ := explore.Explore(context.Background(), test, models.LKMM, explore.Options{})
		if got == nil || want == nil || got.Candidates >= want.Candidates {
			t.Errorf("%s: the rotation saved no candidate", name)
		}
	}
	if fewer == 0 {
		t.Error("symmetry saved no candidate: the test checks nothing")
	}
	// A lock chain's threads are interchangeable, stuck paths of the value
	// discovery included (they name their own thread and line).
	chain, err := parser.Parse("lockchain-4.litmus", lockChain(4))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := explore.Explore(context.Background(), chain, models.LKMM, explore.Options{NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	sym, err := explore.Explore(context.Background(), chain, models.LKMM, explore.Options{})
	if err != nil || sym.Candidates >= plain.Candidates {
		t.Errorf("lockchain-4: %v, %d candidates with symmetry, %d without: not explored by orbit", err, sym.Candidates, plain.Candidates)
	}
	// hang3 and hang-mixed must exercise both halves: executions that end and ones that
	// hang, counted alike with and without symmetry above.
	for _, name := range []string{"hang3", "hang-mixed"} {
		test, err := parser.Parse(name+".litmus", symmetricTests[name])
		if err != nil {
			t.Fatal(err)
		}
		res, err := explore.Explore(context.Background(), test, models.LKMM, explore.Options{})
		if err != nil || res.Hangs == 0 || res.Executions() == 0 {
			t.Errorf("%s: %v, %d hangs, %d executions: want both", name, err, res.Hangs, res.Executions())
		}
	}
}
