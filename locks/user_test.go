package locks

import (
	"context"
	"testing"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser"
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
		user, err := parser.ParseCDefs("mine.frag", "void my_unlock(spinlock_t *l) { "+tc.unlock+" }")
		if err != nil {
			t.Fatal(err)
		}
		for _, col := range []Column{Columns[0], Columns[1]} {
			run, err := RunC(context.Background(), "user.litmus", src, nil, col, litmus.Options{}, user)
			if err != nil {
				t.Fatalf("%s: %v", col.Name, err)
			}
			if run.Verdict() != tc.want {
				t.Errorf("%s, %s: %s, want %s", tc.unlock, col.Name, run.Verdict(), tc.want)
			}
		}
	}
	if _, err := RunC(context.Background(), "user.litmus", src, nil, Columns[1], litmus.Options{}); err == nil {
		t.Errorf("RunC without the user's functions: no error")
	}
	clash, err := parser.ParseCDefs("mine.frag", "void qspin_unlock(spinlock_t *l) { }")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseC("user.litmus", src, nil, clash); err == nil {
		t.Errorf("ParseC with a user's qspin_unlock: no error")
	}
}
