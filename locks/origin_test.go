package locks

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// TestCompiledPositions: every instruction of a compiled test names the
// C line it comes from, in the test or in a lock fragment, and each thread
// its C thread's, so that what a hardware column reports (a hang, a
// witness, a thread with too many paths) points at the source.
func TestCompiledPositions(t *testing.T) {
	const src = "C t\n{}\nP0(int *x, spinlock_t *l)\n{\n\tspin_lock(l);\n\tWRITE_ONCE(*x, 1);\n\tspin_unlock(l);\n}\nexists (x=0)\n"
	qspin, err := AlgorithmByName("qspinlock")
	if err != nil {
		t.Fatal(err)
	}
	test, err := ParseC("t.litmus", src, qspin)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range Targets {
		c, err := Compile(test, tg)
		if err != nil {
			t.Fatalf("%s: %v", tg.Name, err)
		}
		var stores []litmus.Pos
		for _, in := range c.Test.Threads[0].Code {
			if in.Op == litmus.OpStore && in.Pos.File == "t.litmus" {
				stores = append(stores, litmus.Pos{File: in.Pos.File, Line: in.Pos.Line})
			}
		}
		if diff := cmp.Diff([]litmus.Pos{{File: "t.litmus", Line: 6}}, stores); diff != "" {
			t.Errorf("%s: the test's own stores (-want +got):\n%s", tg.Name, diff)
		}
		fromFragment := false
		for _, in := range c.Test.Threads[0].Code {
			if in.Op != litmus.OpNop && in.Pos.File == fragmentDir+"spinlock.c" {
				fromFragment = true
			}
		}
		if !fromFragment {
			t.Errorf("%s: no instruction names the qspinlock fragment's lines", tg.Name)
		}
		if got := c.Test.Threads[0].Pos; got.File != "t.litmus" || got.Line != 3 {
			t.Errorf("%s: the thread is at %v, want its C thread's t.litmus:3", tg.Name, got)
		}
	}
}
