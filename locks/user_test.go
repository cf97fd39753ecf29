package locks

import (
	"context"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/parser/cparse"
)

// A user's functions reach every column: the compiled ones parse the test
// again, with them. P1 reads the lock with a plain acquire: lock.cat's
// spin_lock would read no plain store (a lock's initial write is free).
func TestRunCUserFunctions(t *testing.T) {
	src := `C user
{ l = 1; }
P0(int *x, spinlock_t *l) { WRITE_ONCE(*x, 1); my_unlock(l); }
P1(int *x, spinlock_t *l) { int r0; int r1; r1 = smp_load_acquire(l); r0 = READ_ONCE(*x); }
exists (1:r1=0 /\ 1:r0=0)
`
	for _, tc := range []struct{ unlock, want string }{
		{"smp_store_release(l, 0);", "Never"},
		{"WRITE_ONCE(*l, 0);", "Sometimes"},
	} {
		user, err := cparse.ParseCDefs("mine.frag", "void my_unlock(spinlock_t *l) { "+tc.unlock+" }")
		if err != nil {
			t.Fatal(err)
		}
		for _, col := range []Column{Columns[0], Columns[1]} {
			run, err := RunC(context.Background(), "user.litmus", src, nil, col, explore.Options{}, user)
			if err != nil {
				t.Fatalf("%s: %v", col.Name, err)
			}
			if run.Verdict() != tc.want {
				t.Errorf("%s, %s: %s, want %s", tc.unlock, col.Name, run.Verdict(), tc.want)
			}
		}
	}
	if _, err := RunC(context.Background(), "user.litmus", src, nil, Columns[1], explore.Options{}); err == nil {
		t.Errorf("RunC without the user's functions: no error")
	}
	clash, err := cparse.ParseCDefs("mine.frag", "void qspin_unlock(spinlock_t *l) { }")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseC("user.litmus", src, nil, clash); err == nil {
		t.Errorf("ParseC with a user's qspin_unlock: no error")
	}
}

// TestFenceAfterUserLock: smp_mb__after_spinlock() directly after the
// acquire of a lock function the test defines is the full fence it is
// after a library lock, as under spin_lock (Never), and
// smp_mb__after_unlock_lock() there is refused, naming why, never a fence
// that silently orders nothing.
func TestFenceAfterUserLock(t *testing.T) {
	src := func(fence string) string {
		return "C t\n{}\nstatic void my_lock(int *l) { __assume(cmpxchg_acquire(l, 0, 1) == 0); }\n" +
			"static void my_unlock(int *l) { smp_store_release(l, 0); }\n" +
			"P0(int *l, int *x, int *y) { int r0; WRITE_ONCE(*x, 1); my_lock(l); " + fence + "(); r0 = READ_ONCE(*y); my_unlock(l); }\n" +
			"P1(int *x, int *y) { int r1; WRITE_ONCE(*y, 1); smp_mb(); r1 = READ_ONCE(*x); }\nexists (0:r0=0 /\\ 1:r1=0)\n"
	}
	lkmm, _ := ColumnByName("lkmm")
	run, err := RunC(context.Background(), "t.litmus", src("smp_mb__after_spinlock"), nil, lkmm, explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := run.Verdict(); got != "Never" {
		t.Errorf("smp_mb__after_spinlock after my_lock: %s (%v), want Never", got, run.Err)
	}
	run, err = RunC(context.Background(), "t.litmus", src("smp_mb__after_unlock_lock"), nil, lkmm, explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if run.Failure() != Unsupported || !strings.Contains(run.Err.Error(), "smp_mb__after_unlock_lock() after a function of the test's") {
		t.Errorf("smp_mb__after_unlock_lock after my_lock: %s (%v), want unsupported naming it", run.Verdict(), run.Err)
	}
}
