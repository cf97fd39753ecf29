package proof

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// fakeTB records what a proof reports. Fatalf ends the goroutine, as
// testing.T's does.
type fakeTB struct {
	testing.TB
	name   string
	errors []string
	fatal  bool
}

func (f *fakeTB) Helper()      {}
func (f *fakeTB) Name() string { return f.name }
func (f *fakeTB) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
	f.fatal = true
	runtime.Goexit()
}

// record runs a proof against a fake testing.TB named name.
func record(name string, proof func(tb testing.TB)) *fakeTB {
	tb := &fakeTB{name: name}
	done := make(chan struct{})
	go func() {
		defer close(done)
		proof(tb)
	}()
	<-done
	return tb
}

// handoff is message passing through a hand-off of a lock whose unlock is
// the user's: unlock is its body.
func handoff(unlock string) string {
	return `C handoff
{ l = 1; }
void my_unlock(spinlock_t *l) { ` + unlock + ` }
P0(int *x, spinlock_t *l) { WRITE_ONCE(*x, 1); my_unlock(l); }
P1(int *x, spinlock_t *l) { int r0; spin_lock(l); r0 = READ_ONCE(*x); }
exists (1:r0=0)
`
}

func TestCheckNeverHolds(t *testing.T) {
	tb := record("TestHandoff", func(tb testing.TB) {
		r := Check(tb, handoff("smp_store_release(l, 0);"), Lock("qspinlock"))
		r.Never()
		if got := len(r.Runs); got != 7 {
			tb.Errorf("%d columns ran, want 7 (the LKMM and six hardware columns)", got)
		}
	})
	if diff := cmp.Diff([]string(nil), tb.errors); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// TestCheckNeverBroken: the LKMM column's spin_lock reads the initial
// write as a free lock (lock.cat), so P1 may take it before P0's unlock;
// the plain store to the lock is lock.cat's mixed-lock-accesses, which
// the message names.
func TestCheckNeverBroken(t *testing.T) {
	tb := record("TestHandoff/weak", func(tb testing.TB) {
		r := Check(tb, handoff("WRITE_ONCE(*l, 0);"), Models("lkmm", "power"))
		r.Never()
	})
	want := []string{`proof: test handoff (TestHandoff_weak.litmus), column LKMM: Sometimes (flag mixed-lock-accesses: the model says it does not describe such a test), expected Never: 1 of 2 executions reach 1:r0=0 (1:r0=0;); the breaking execution:
    P0:
      P0:W[x]=1{ONCE}                          WRITE_ONCE(*x, 1)
      P0:W[l]=0{ONCE}                          WRITE_ONCE(*l, 0)
    P1:
      P1:R[l]=0{LKR}  reads from init[l]=1     spin_lock(l)
      P1:W[l]=1{LKW}                           spin_lock(l)
      P1:R[x]=0{ONCE}  reads from init[x]=0    READ_ONCE(*x)
    co[l]: init[l]=1 -> P1:W[l]=1{LKW} -> P0:W[l]=0{ONCE}
    co[x]: init[x]=0 -> P0:W[x]=1{ONCE}`}
	if len(tb.errors) != 2 {
		t.Fatalf("%d errors, want 2: %q", len(tb.errors), tb.errors)
	}
	if diff := cmp.Diff(want[0], tb.errors[0]); diff != "" {
		t.Errorf("LKMM (-want +got)\n%s", diff)
	}
	for _, part := range []string{"proof: test handoff (TestHandoff_weak.litmus), column POWER: Sometimes, expected Never", "(1:r0=0;)", "the breaking execution, in the compiled code:", "stw "} {
		if !strings.Contains(tb.errors[1], part) {
			t.Errorf("POWER's message lacks %q:\n%s", part, tb.errors[1])
		}
	}
}

func TestCheckFragmentsAndDiffers(t *testing.T) {
	mine := "void my_lock(spinlock_t *l) { __assume(cmpxchg_acquire(l, 0, 1) == 0); }\nvoid my_unlock(spinlock_t *l) { WRITE_ONCE(*l, 0); }\n"
	src := strings.Replace(handoff(""), "void my_unlock(spinlock_t *l) {  }\n", "", 1)
	src = strings.Replace(src, "spin_lock(l)", "my_lock(l)", 1)
	tb := record("T", func(tb testing.TB) {
		r := Check(tb, src, Fragments(mine), Models("tso", "power", "armv8"))
		r.Never("tso")
		r.Sometimes("power", "armv8")
		r.Differs("tso", "power")
		r.Differs("power", "armv8")
		r.Never("lkmm")
	})
	want := []string{
		"proof: test handoff (T.litmus): POWER and ARMv8 are both Sometimes, expected different verdicts",
		`proof: test handoff (T.litmus): no column "lkmm" ran (Models chooses them)`,
	}
	if diff := cmp.Diff(want, tb.errors); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	file := record("T", func(tb testing.TB) {
		CheckFile(tb, "testdata/handoff.litmus", FragmentFile("testdata/my-lock.frag")).Never()
	})
	if diff := cmp.Diff([]string(nil), file.errors); diff != "" {
		t.Errorf("CheckFile (-want +got)\n%s", diff)
	}
}

func TestCheckDefaults(t *testing.T) {
	vacuous := "C v\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); __assume(r0 == 1); }\nexists (0:r0=1)\n"
	misspelt := "C m\n{}\nP0(int *x) { int r0 = READ_ONCE(*x); }\nexists (0:r1=1)\n"
	rcu := "C r\n{}\nP0(int *x) { rcu_read_lock(); WRITE_ONCE(*x, 1); rcu_read_unlock(); }\nexists (x=2)\n"
	tests := []struct {
		name  string
		proof func(tb testing.TB)
		want  []string
	}{
		{"vacuous", func(tb testing.TB) { Check(tb, vacuous, Models("lkmm")).Never() },
			[]string{"proof: test v (vacuous.litmus), column LKMM: Never (vacuous: no execution survives), so it proves nothing (proof.AllowVacuous() if the test expects it)"}},
		{"allowed", func(tb testing.TB) { Check(tb, vacuous, Models("lkmm"), AllowVacuous()).Never() }, nil},
		{"misspelt", func(tb testing.TB) { Check(tb, misspelt, Models("lkmm", "tso")).Never() }, []string{
			"proof: test m (misspelt.litmus), column LKMM: the condition reads 0:r1, which no code uses: a misspelt name?",
			"proof: test m (misspelt.litmus), column TSO: the condition reads 0:r1, which no code uses: a misspelt name?",
		}},
		// n/a by design: left alone, unless named.
		{"rcu", func(tb testing.TB) { Check(tb, rcu, Models("lkmm", "power")).Never() }, nil},
		{"rcu-named", func(tb testing.TB) { Check(tb, rcu, Models("lkmm", "power")).Never("power") },
			[]string{"proof: test r (rcu-named.litmus), column POWER is n/a, no verdict to assert: r: P0: \"rcu_read_lock()\": no instruction-level mapping by design: RCU and SRCU are defined by the LKMM alone (tags Rcu-lock)"}},
		{"parse", func(tb testing.TB) { Check(tb, "C p\n{}\nP0(int *x) { WRITE_ONCE(*y, 1); }\nexists (x=1)\n").Never() },
			[]string{`proof: parse.litmus:3:26: unknown location "y" (expected a parameter of P0, a local assigned before this use, or a register the init block sets)`}},
		{"model", func(tb testing.TB) { Check(tb, vacuous, Models("x86")) },
			[]string{`proof: unknown model "x86" (known, in any case: lkmm (LKMM), power (POWER), power-isync (POWER isync), armv8 (ARMv8), armv8-lse (ARMv8 LSE), tso (TSO), riscv (RISC-V), or proof.All)`}},
		{"lock", func(tb testing.TB) { Check(tb, vacuous, Lock("clh")) },
			[]string{`proof: unknown lock algorithm "clh" (known: ` + strings.Join(Locks(), ", ") + `)`}},
		{"fragment-clash", func(tb testing.TB) { Check(tb, vacuous, Fragments("void smp_mb(void) { }")) },
			[]string{`proof: fragments.frag:1:1: function "smp_mb" would redefine a kernel primitive; give it another name`}},
		{"fragment-file", func(tb testing.TB) { Check(tb, vacuous, FragmentFile("testdata/absent.frag")) },
			[]string{`proof: open testdata/absent.frag: no such file or directory`}},
		// A limit: the run stops with an error, whichever phase it is in.
		{"timeout", func(tb testing.TB) { Check(tb, vacuous, Timeout(time.Nanosecond), Models("lkmm", "tso")).Never() },
			[]string{"proof: test v (timeout.litmus), column LKMM: timed out after 1ns", "proof: test v (timeout.litmus), column TSO: timed out after 1ns"}},
		{"assembly", func(tb testing.TB) { Check(tb, "X86 a\n{}\n P0 ;\n MOV [x],$1 ;\nexists (x=1)\n") },
			[]string{`proof: assembly.litmus: a X86 test; proof checks C tests`}},
	}
	for _, tc := range tests {
		tb := record(tc.name, tc.proof)
		if diff := cmp.Diff(tc.want, tb.errors); diff != "" {
			t.Errorf("%s (-want +got)\n%s", tc.name, diff)
		}
	}
}

// NoHangs and the default liveness check, with the hook standing in for
// hang detection.
func TestNoHangs(t *testing.T) {
	src := handoff("smp_store_release(l, 0);")
	tb := record("live", func(tb testing.TB) { Check(tb, src, Lock("qspinlock")).NoHangs() })
	if len(tb.errors) != 0 {
		t.Errorf("NoHangs on a live hand-off: %q", tb.errors)
	}
	const abba = `C abba
{}
P0(spinlock_t *a, spinlock_t *b) { spin_lock(a); spin_lock(b); }
P1(spinlock_t *a, spinlock_t *b) { spin_lock(b); spin_lock(a); }
exists (a=0)
`
	tb = record("abba", func(tb testing.TB) { Check(tb, abba, Models("lkmm"), AllowVacuous(), AllowHangs()).NoHangs() })
	if len(tb.errors) != 1 || !strings.HasPrefix(tb.errors[0], "proof: test abba (abba.litmus), column LKMM: ") || !strings.Contains(tb.errors[0], "hang") {
		t.Errorf("NoHangs on ABBA: %q", tb.errors)
	}
	saved := hangsOf
	defer func() { hangsOf = saved }()
	hangsOf = func(res *litmus.Result) (int, *litmus.Execution) {
		if res.Model == "Power" {
			return 2, res.Blocked
		}
		return 0, nil
	}
	tb = record("hangs", func(tb testing.TB) { Check(tb, src, Models("lkmm", "power"), AllowHangs()).NoHangs() })
	if len(tb.errors) != 1 || !strings.HasPrefix(tb.errors[0], "proof: test handoff (hangs.litmus), column POWER: 2 executions hang; one that hangs, in the compiled code:\n    P0:\n") {
		t.Errorf("NoHangs with hangs: %q", tb.errors)
	}
	tb = record("default", func(tb testing.TB) { Check(tb, src, Models("lkmm", "power")) })
	if len(tb.errors) != 1 || !strings.HasPrefix(tb.errors[0], "proof: test handoff (default.litmus), column POWER: 2 executions hang (proof.AllowHangs() if the test expects it); one that hangs, in the compiled code:\n") {
		t.Errorf("Check with hangs: %q", tb.errors)
	}
	tb = record("lkmm", func(tb testing.TB) { Check(tb, src, Models("lkmm", "power"), AllowHangs()).NoHangs("lkmm") })
	if len(tb.errors) != 0 {
		t.Errorf("NoHangs(lkmm): %q", tb.errors)
	}
}
