package locks

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// fragmentLine is the 1-based line of the first line of fragment file
// name, at or after the line holding after, that holds text.
func fragmentLine(t *testing.T, name, after, text string) int {
	t.Helper()
	src, err := fragmentFiles.ReadFile("fragments/" + name)
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	for i, l := range strings.Split(string(src), "\n") {
		seen = seen || strings.Contains(l, after)
		if seen && strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("fragments/%s: no %q after %q", name, text, after)
	return 0
}

// TestFragmentAttribution: an event of inlined fragment code names the
// fragment file and line it comes from, with that line's text, whichever
// file of the merged library holds the function; the caller's own events
// keep the test's position.
func TestFragmentAttribution(t *testing.T) {
	src := "C t\n{}\nP0(spinlock_t *l, int *x, atomic_t *tail, int **next)\n{\n\tint r0;\n\n\tr0 = ppc_spin_is_locked_mb(l);\n\tosq_unlock(tail, 1, next);\n\tWRITE_ONCE(*x, 2);\n}\nexists (0:r0=0)\n"
	test, err := ParseC("t.litmus", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	type origin struct {
		File string
		Line int
		Text string
	}
	first := map[litmus.Op]origin{}
	var last origin
	for _, in := range test.Threads[0].Code {
		o := origin{in.Pos.File, in.Pos.Line, in.Text}
		if _, ok := first[in.Op]; !ok {
			first[in.Op] = o
		}
		if in.Op == litmus.OpStore {
			last = o
		}
	}
	want := origin{"locks/fragments/spinlock.c", fragmentLine(t, "spinlock.c", "int ppc_spin_is_locked_mb(", "smp_mb();"), "smp_mb()"}
	if diff := cmp.Diff(want, first[litmus.OpFence]); diff != "" {
		t.Errorf("smp_mb() of ppc_spin_is_locked_mb (-want +got):\n%s", diff)
	}
	if got := first[litmus.OpLoad]; got.File != "locks/fragments/spinlock.c" || got.Text != "READ_ONCE(*l)" {
		t.Errorf("the READ_ONCE of ppc_spin_is_locked_mb is attributed to %+v", got)
	}
	// osq_unlock lives in the other fragment file.
	if got := first[litmus.OpCAS]; got.File != "locks/fragments/osq.c" {
		t.Errorf("the cmpxchg of osq_unlock is attributed to %+v, want locks/fragments/osq.c", got)
	} else if line := fragmentLine(t, "osq.c", "void osq_unlock(", got.Text); got.Line != line {
		t.Errorf("the cmpxchg of osq_unlock (%q) is at osq.c:%d, want osq.c:%d", got.Text, got.Line, line)
	}
	if diff := cmp.Diff(origin{"t.litmus", 9, "WRITE_ONCE(*x, 2)"}, last); diff != "" {
		t.Errorf("the test's own WRITE_ONCE (-want +got):\n%s", diff)
	}
}

// TestPrepareLKMM: in the LKMM column, smp_mb__after_spinlock() directly
// after a fragment lock's acquire becomes a full fence too, and
// smp_mb__after_unlock_lock() there gives the acquire's read the role of
// LKR and fragment unlocks' writes that of UL; after fragment code
// otherwise both are refused; after lock.cat's own lock events both stay
// as they are.
func TestPrepareLKMM(t *testing.T) {
	qspin, err := AlgorithmByName("qspinlock")
	if err != nil {
		t.Fatal(err)
	}
	const refused = "unsupported: %s() after lock fragment code but not directly after the read-modify-write of a fragment lock"
	for _, tc := range []struct {
		name, body string
		alg        *Algorithm
		events     []string // the tags of the thread's fences and writes, and of the reads of its RMWs
		err        string
	}{
		{"after fragment lock", "spin_lock(l);\n\tsmp_mb__after_spinlock();", qspin,
			[]string{"cas R ACQUIRE", "cas W ACQUIRE", "fence After-spinlock,MB"}, ""},
		{"after qspin_lock", "qspin_lock(l);\n\tsmp_mb__after_spinlock();", nil,
			[]string{"cas R ACQUIRE", "cas W ACQUIRE", "fence After-spinlock,MB"}, ""},
		{"after lock events", "spin_lock(l);\n\tsmp_mb__after_spinlock();", nil,
			[]string{"rmw R LKR", "rmw W LKW", "fence After-spinlock"}, ""},
		{"access between", "spin_lock(l);\n\tWRITE_ONCE(*x, 1);\n\tsmp_mb__after_spinlock();", qspin, nil,
			"t.litmus:7:2: " + fmt.Sprintf(refused, "smp_mb__after_spinlock")},
		{"after fragment unlock", "spin_unlock(l);\n\tsmp_mb__after_spinlock();", qspin, nil,
			"t.litmus:6:2: " + fmt.Sprintf(refused, "smp_mb__after_spinlock")},
		{"unlock-lock after fragments", "spin_unlock(l);\n\tspin_lock(x);\n\tsmp_mb__after_unlock_lock();", qspin,
			[]string{"store W RELEASE,Fragment-UL", "cas R ACQUIRE,Fragment-LKR", "cas W ACQUIRE", "fence After-unlock-lock"}, ""},
		{"unlock-lock after an unlock", "spin_lock(x);\n\tspin_unlock(l);\n\tsmp_mb__after_unlock_lock();", qspin, nil,
			"t.litmus:7:2: " + fmt.Sprintf(refused, "smp_mb__after_unlock_lock")},
		{"unlock-lock after lock events", "spin_unlock(l);\n\tspin_lock(l);\n\tsmp_mb__after_unlock_lock();", nil,
			[]string{"store W UL", "rmw R LKR", "rmw W LKW", "fence After-unlock-lock"}, ""},
	} {
		src := "C t\n{}\nP0(spinlock_t *l, int *x)\n{\n\t" + tc.body + "\n}\nexists (x=0)\n"
		test, err := ParseC("t.litmus", src, tc.alg)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		err = PrepareLKMM(test)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q...", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if diff := cmp.Diff(tc.events, eventTags(test.Threads[0])); diff != "" {
			t.Errorf("%s: events (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestAfterLockFencesCompile: the kernel's smp_mb__after_spinlock() is
// smp_mb() on powerpc and arm64 and nothing on x86 (the lock's locked RMW
// is a full barrier) and fence iorw,iorw on riscv; smp_mb__after_unlock_lock()
// is smp_mb() on powerpc and riscv (CONFIG_ARCH_WEAK_RELEASE_ACQUIRE, which
// riscv's default spinlock selects).
func TestAfterLockFencesCompile(t *testing.T) {
	want := map[string][2]string{
		"power": {"sync", "sync"}, "power-isync": {"sync", "sync"},
		"armv8": {"DMB ISH", ""}, "armv8-lse": {"DMB ISH", ""}, "tso": {"", ""},
		"riscv": {"fence iorw,iorw", "fence rw,rw"},
	}
	for _, tg := range Targets {
		got := [2]string{
			compileThread(t, "smp_mb__after_spinlock();", tg.Name),
			compileThread(t, "smp_mb__after_unlock_lock();", tg.Name),
		}
		if got != want[tg.Name] {
			t.Errorf("%s: smp_mb__after_spinlock and smp_mb__after_unlock_lock compile to %q, want %q", tg.Name, got, want[tg.Name])
		}
	}
}

// TestPrepareLKMMRelaxedLock: a fragment lock whose RMW is relaxed (as
// barriers weakens it) still makes smp_mb__after_spinlock() a full fence,
// as every architecture implements it, while smp_mb__after_unlock_lock()
// gets no lock.cat roles and so orders nothing: more executions, never a
// false Never.
func TestPrepareLKMMRelaxedLock(t *testing.T) {
	qspin, err := AlgorithmByName("qspinlock")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"after-spinlock", "spin_lock(l);\n\tsmp_mb__after_spinlock();",
			[]string{"cas R ONCE", "cas W ONCE", "fence After-spinlock,MB"}},
		{"after-unlock-lock", "spin_unlock(l);\n\tspin_lock(x);\n\tsmp_mb__after_unlock_lock();",
			[]string{"store W RELEASE", "cas R ONCE", "cas W ONCE", "fence After-unlock-lock"}},
	} {
		src := "C t\n{}\nP0(spinlock_t *l, int *x)\n{\n\t" + tc.body + "\n}\nexists (x=0)\n"
		test, err := ParseC("t.litmus", src, qspin)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for i := range test.Threads[0].Code {
			if in := &test.Threads[0].Code[i]; in.Op == litmus.OpCAS {
				in.RTags, in.WTags = []string{"ONCE"}, []string{"ONCE"}
			}
		}
		if err := PrepareLKMM(test); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if diff := cmp.Diff(tc.want, eventTags(test.Threads[0])); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// eventTags lists the tags of a thread's fences and writes, and of the
// reads of its RMWs.
func eventTags(th *litmus.Thread) []string {
	var events []string
	for _, in := range th.Code {
		switch in.Op {
		case litmus.OpFence:
			events = append(events, "fence "+strings.Join(in.FTags, ","))
		case litmus.OpStore:
			events = append(events, "store W "+strings.Join(in.WTags, ","))
		case litmus.OpRMW, litmus.OpCAS:
			events = append(events, in.Op.String()+" R "+strings.Join(in.RTags, ","), in.Op.String()+" W "+strings.Join(in.WTags, ","))
		}
	}
	return events
}
