package locks

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/parser"
)

// A two-thread message-passing test with one annotation of each kind and
// accesses that order nothing (READ_ONCE, atomic_inc, a native lock).
const weakenSrc = `C weak
{}
P0(int *x, int *y, int *z, spinlock_t *s)
{
	int r9;
	WRITE_ONCE(*x, 1);
	smp_mb();
	r9 = xchg(z, 1);
	smp_store_release(y, 1);
	atomic_inc(z);
	spin_lock(s);
}
P1(int *x, int *y, int *z)
{
	int r0;
	int r1;
	int r2;
	r0 = smp_load_acquire(y);
	r2 = cmpxchg_acquire(z, 0, 2);
	r1 = READ_ONCE(*x);
}
exists (1:r0=1 /\ 1:r1=0)
`

// annotationRow is an Annotation as the tests compare it.
type annotationRow struct {
	Pos, Text, From, To string
	Threads             []int
}

func rows(list []Annotation) []annotationRow {
	var out []annotationRow
	for _, a := range list {
		out = append(out, annotationRow{a.Pos.String(), a.Text, a.From, a.To, a.Threads})
	}
	return out
}

func TestAnnotationsOfCTest(t *testing.T) {
	test, err := ParseC("weak.litmus", weakenSrc, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []annotationRow{
		{"weak.litmus:7:2", "smp_mb()", "smp_mb", "nothing", []int{0}},
		{"weak.litmus:8:7", "xchg(z, 1)", "xchg", "xchg_release", []int{0}},
		{"weak.litmus:8:7", "xchg(z, 1)", "xchg", "xchg_acquire", []int{0}},
		{"weak.litmus:8:7", "xchg(z, 1)", "xchg", "xchg_relaxed", []int{0}},
		{"weak.litmus:9:2", "smp_store_release(y, 1)", "smp_store_release", "WRITE_ONCE", []int{0}},
		{"weak.litmus:18:7", "smp_load_acquire(y)", "smp_load_acquire", "READ_ONCE", []int{1}},
		{"weak.litmus:19:7", "cmpxchg_acquire(z, 0, 2)", "cmpxchg_acquire", "cmpxchg_relaxed", []int{1}},
	}
	if diff := cmp.Diff(want, rows(Annotations(test))); diff != "" {
		t.Errorf("annotations (-want +got):\n%s", diff)
	}
}

// TestAnnotationsOfFragments: a fragment's annotations are listed once, at
// the fragment's position, with every thread that inlines it.
func TestAnnotationsOfFragments(t *testing.T) {
	src := "C frag\n{}\nP0(spinlock_t *l, int *x)\n{\n\tgeneric_spin_lock(l);\n\tWRITE_ONCE(*x, 1);\n\tgeneric_spin_unlock(l);\n}\n" +
		"P1(spinlock_t *l, int *x)\n{\n\tint r0;\n\tgeneric_spin_lock(l);\n\tr0 = READ_ONCE(*x);\n\tgeneric_spin_unlock(l);\n}\nexists (1:r0=0)\n"
	test, err := ParseC("frag.litmus", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range Annotations(test) {
		if a.Pos.File == "frag.litmus" {
			t.Errorf("%s: %s attributed to the test, not to its fragment", a.Pos, a.From)
		}
		got = append(got, fmt.Sprintf("%s -> %s in %v", a.From, a.To, a.Threads))
	}
	want := []string{"cmpxchg_acquire -> cmpxchg_relaxed in [0 1]", "smp_store_release -> WRITE_ONCE in [0 1]"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fragment annotations (-want +got):\n%s", diff)
	}
}

// TestWeakenIsTheWeakerSource: weakening an annotation gives the test one
// would write with the weaker primitive: the same compiled code on every
// target, and the same LKMM result.
func TestWeakenIsTheWeakerSource(t *testing.T) {
	replace := []struct{ old, new string }{
		{"\tsmp_mb();\n", ""},
		{"xchg(z, 1)", "xchg_release(z, 1)"},
		{"xchg(z, 1)", "xchg_acquire(z, 1)"},
		{"xchg(z, 1)", "xchg_relaxed(z, 1)"},
		{"smp_store_release(y, 1)", "WRITE_ONCE(*y, 1)"},
		{"smp_load_acquire(y)", "READ_ONCE(*y)"},
		{"cmpxchg_acquire(z, 0, 2)", "cmpxchg_relaxed(z, 0, 2)"},
	}
	// LKMM's native spin_lock has no instructions to compile to.
	src := strings.Replace(weakenSrc, "\tspin_lock(s);\n", "", 1)
	test, err := ParseC("weak.litmus", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	list := Annotations(test)
	if len(list) != len(replace) {
		t.Fatalf("%d annotations, want %d", len(list), len(replace))
	}
	before := compileAll(t, test)
	for i, a := range list {
		r := replace[i]
		weaker, err := ParseC("weak.litmus", strings.Replace(src, r.old, r.new, 1), nil)
		if err != nil {
			t.Fatal(err)
		}
		weakened := Weaken(test, a)
		if diff := cmp.Diff(compileAll(t, weaker), compileAll(t, weakened)); diff != "" {
			t.Errorf("%s -> %s: compiled code differs from the source with %s (-want +got):\n%s", a.From, a.To, r.new, diff)
		}
		if cmp.Equal(before, compileAll(t, weakened)) {
			t.Errorf("%s -> %s: the compiled code did not change", a.From, a.To)
		}
		if want, got := lkmmStates(t, weaker), lkmmStates(t, weakened); want != got {
			t.Errorf("%s -> %s: LKMM gives %s, the source with %s gives %s", a.From, a.To, got, r.new, want)
		}
	}
	if diff := cmp.Diff(before, compileAll(t, test)); diff != "" {
		t.Errorf("Weaken changed the test it was given:\n%s", diff)
	}
}

func compileAll(t *testing.T, test *litmus.Test) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, tg := range Targets {
		c, err := Compile(test, tg)
		if err != nil {
			t.Fatalf("%s: %v", tg.Name, err)
		}
		out[tg.Name] = c.Text
	}
	return out
}

func lkmmStates(t *testing.T, test *litmus.Test) string {
	t.Helper()
	m, err := models.Lookup("lkmm")
	if err != nil {
		t.Skip("LKMM not available:", err)
	}
	res, err := explore.Explore(context.Background(), test, m, explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, st := range res.States {
		states = append(states, res.FormatState(st))
	}
	return fmt.Sprintf("%s %d/%d %v", res.Verdict(), res.Positive, res.Executions(), states)
}

// TestWeakenAssembly: an assembly test's fences are removed, one at a time.
func TestWeakenAssembly(t *testing.T) {
	src := "PPC mp\n{\n0:r2=x; 0:r4=y; 1:r2=y; 1:r4=x;\n}\n" +
		" P0           | P1           ;\n" +
		" li r1,1      | lwz r1,0(r2) ;\n" +
		" stw r1,0(r2) | lwsync       ;\n" +
		" sync         | lwz r3,0(r4) ;\n" +
		" stw r1,0(r4) |              ;\n" +
		"exists (1:r1=1 /\\ 1:r3=0)\n"
	test, err := parser.Parse("mp.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	list := Annotations(test)
	var got []string
	for _, a := range list {
		got = append(got, fmt.Sprintf("%d:%d %s -> %s in %v", a.Pos.Line, a.Pos.Col, a.From, a.To, a.Threads))
	}
	want := []string{"8:2 sync -> nop in [0]", "7:17 lwsync -> nop in [1]"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("annotations (-want +got):\n%s", diff)
	}
	weak := Weaken(test, list[0])
	if op := weak.Threads[0].Code[2].Op; op != litmus.OpNop {
		t.Errorf("the weakened sync is %s, want a nop", op)
	}
	if op := test.Threads[0].Code[2].Op; op != litmus.OpFence {
		t.Errorf("Weaken changed the original test: its sync is %s", op)
	}
}
