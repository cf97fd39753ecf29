package locks

import (
	"context"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// defPrimitives are the primitives of herd's linux-kernel.def, in its
// order, each with a statement that uses it in a one-thread test (x=3 at
// the start; l a spinlock, s an SRCU structure).
var defPrimitives = []struct{ name, stmt string }{
	{"READ_ONCE", "r0 = READ_ONCE(*x);"},
	{"WRITE_ONCE", "WRITE_ONCE(*x, 6);"},
	{"smp_store_release", "smp_store_release(x, 6);"},
	{"smp_load_acquire", "r0 = smp_load_acquire(x);"},
	{"rcu_assign_pointer", "rcu_assign_pointer(*x, 6);"},
	{"rcu_dereference", "r0 = rcu_dereference(*x);"},
	{"smp_store_mb", "smp_store_mb(*x, 6);"},
	{"smp_mb", "smp_mb();"},
	{"smp_rmb", "smp_rmb();"},
	{"smp_wmb", "smp_wmb();"},
	{"smp_mb__before_atomic", "smp_mb__before_atomic();"},
	{"smp_mb__after_atomic", "smp_mb__after_atomic();"},
	{"smp_mb__after_spinlock", "smp_mb__after_spinlock();"},
	{"smp_mb__after_unlock_lock", "smp_mb__after_unlock_lock();"},
	{"smp_mb__after_srcu_read_unlock", "r0 = srcu_read_lock(s);\n\tsrcu_read_unlock(s, r0);\n\tsmp_mb__after_srcu_read_unlock();"},
	{"barrier", "barrier();"},
	{"xchg", "r0 = xchg(x, 6);"},
	{"xchg_relaxed", "r0 = xchg_relaxed(x, 6);"},
	{"xchg_release", "r0 = xchg_release(x, 6);"},
	{"xchg_acquire", "r0 = xchg_acquire(x, 6);"},
	{"cmpxchg", "r0 = cmpxchg(x, 3, 5);"},
	{"cmpxchg_relaxed", "r0 = cmpxchg_relaxed(x, 3, 5);"},
	{"cmpxchg_acquire", "r0 = cmpxchg_acquire(x, 3, 5);"},
	{"cmpxchg_release", "r0 = cmpxchg_release(x, 3, 5);"},
	{"spin_lock", "spin_lock(l);"},
	{"spin_unlock", "spin_lock(l);\n\tspin_unlock(l);"},
	{"spin_trylock", "r0 = spin_trylock(l);"},
	{"spin_is_locked", "r0 = spin_is_locked(l);"},
	{"rcu_read_lock", "rcu_read_lock();"},
	{"rcu_read_unlock", "rcu_read_lock();\n\trcu_read_unlock();"},
	{"synchronize_rcu", "synchronize_rcu();"},
	{"synchronize_rcu_expedited", "synchronize_rcu_expedited();"},
	{"srcu_read_lock", "r0 = srcu_read_lock(s);"},
	{"srcu_read_unlock", "r0 = srcu_read_lock(s);\n\tsrcu_read_unlock(s, r0);"},
	{"srcu_down_read", "r0 = srcu_down_read(s);"},
	{"srcu_up_read", "r0 = srcu_down_read(s);\n\tsrcu_up_read(s, r0);"},
	{"synchronize_srcu", "synchronize_srcu(s);"},
	{"synchronize_srcu_expedited", "synchronize_srcu_expedited(s);"},
	{"atomic_read", "r0 = atomic_read(x);"},
	{"atomic_set", "atomic_set(x, 6);"},
	{"atomic_read_acquire", "r0 = atomic_read_acquire(x);"},
	{"atomic_set_release", "atomic_set_release(x, 6);"},
	{"atomic_add", "atomic_add(6, x);"},
	{"atomic_sub", "atomic_sub(6, x);"},
	{"atomic_and", "atomic_and(6, x);"},
	{"atomic_or", "atomic_or(6, x);"},
	{"atomic_xor", "atomic_xor(6, x);"},
	{"atomic_inc", "atomic_inc(x);"},
	{"atomic_dec", "atomic_dec(x);"},
	{"atomic_andnot", "atomic_andnot(6, x);"},
	{"atomic_add_return", "r0 = atomic_add_return(6, x);"},
	{"atomic_add_return_relaxed", "r0 = atomic_add_return_relaxed(6, x);"},
	{"atomic_add_return_acquire", "r0 = atomic_add_return_acquire(6, x);"},
	{"atomic_add_return_release", "r0 = atomic_add_return_release(6, x);"},
	{"atomic_fetch_add", "r0 = atomic_fetch_add(6, x);"},
	{"atomic_fetch_add_relaxed", "r0 = atomic_fetch_add_relaxed(6, x);"},
	{"atomic_fetch_add_acquire", "r0 = atomic_fetch_add_acquire(6, x);"},
	{"atomic_fetch_add_release", "r0 = atomic_fetch_add_release(6, x);"},
	{"atomic_fetch_and", "r0 = atomic_fetch_and(6, x);"},
	{"atomic_fetch_and_relaxed", "r0 = atomic_fetch_and_relaxed(6, x);"},
	{"atomic_fetch_and_acquire", "r0 = atomic_fetch_and_acquire(6, x);"},
	{"atomic_fetch_and_release", "r0 = atomic_fetch_and_release(6, x);"},
	{"atomic_fetch_or", "r0 = atomic_fetch_or(6, x);"},
	{"atomic_fetch_or_relaxed", "r0 = atomic_fetch_or_relaxed(6, x);"},
	{"atomic_fetch_or_acquire", "r0 = atomic_fetch_or_acquire(6, x);"},
	{"atomic_fetch_or_release", "r0 = atomic_fetch_or_release(6, x);"},
	{"atomic_fetch_xor", "r0 = atomic_fetch_xor(6, x);"},
	{"atomic_fetch_xor_relaxed", "r0 = atomic_fetch_xor_relaxed(6, x);"},
	{"atomic_fetch_xor_acquire", "r0 = atomic_fetch_xor_acquire(6, x);"},
	{"atomic_fetch_xor_release", "r0 = atomic_fetch_xor_release(6, x);"},
	{"atomic_inc_return", "r0 = atomic_inc_return(x);"},
	{"atomic_inc_return_relaxed", "r0 = atomic_inc_return_relaxed(x);"},
	{"atomic_inc_return_acquire", "r0 = atomic_inc_return_acquire(x);"},
	{"atomic_inc_return_release", "r0 = atomic_inc_return_release(x);"},
	{"atomic_fetch_inc", "r0 = atomic_fetch_inc(x);"},
	{"atomic_fetch_inc_relaxed", "r0 = atomic_fetch_inc_relaxed(x);"},
	{"atomic_fetch_inc_acquire", "r0 = atomic_fetch_inc_acquire(x);"},
	{"atomic_fetch_inc_release", "r0 = atomic_fetch_inc_release(x);"},
	{"atomic_sub_return", "r0 = atomic_sub_return(6, x);"},
	{"atomic_sub_return_relaxed", "r0 = atomic_sub_return_relaxed(6, x);"},
	{"atomic_sub_return_acquire", "r0 = atomic_sub_return_acquire(6, x);"},
	{"atomic_sub_return_release", "r0 = atomic_sub_return_release(6, x);"},
	{"atomic_fetch_sub", "r0 = atomic_fetch_sub(6, x);"},
	{"atomic_fetch_sub_relaxed", "r0 = atomic_fetch_sub_relaxed(6, x);"},
	{"atomic_fetch_sub_acquire", "r0 = atomic_fetch_sub_acquire(6, x);"},
	{"atomic_fetch_sub_release", "r0 = atomic_fetch_sub_release(6, x);"},
	{"atomic_dec_return", "r0 = atomic_dec_return(x);"},
	{"atomic_dec_return_relaxed", "r0 = atomic_dec_return_relaxed(x);"},
	{"atomic_dec_return_acquire", "r0 = atomic_dec_return_acquire(x);"},
	{"atomic_dec_return_release", "r0 = atomic_dec_return_release(x);"},
	{"atomic_fetch_dec", "r0 = atomic_fetch_dec(x);"},
	{"atomic_fetch_dec_relaxed", "r0 = atomic_fetch_dec_relaxed(x);"},
	{"atomic_fetch_dec_acquire", "r0 = atomic_fetch_dec_acquire(x);"},
	{"atomic_fetch_dec_release", "r0 = atomic_fetch_dec_release(x);"},
	{"atomic_xchg", "r0 = atomic_xchg(x, 6);"},
	{"atomic_xchg_relaxed", "r0 = atomic_xchg_relaxed(x, 6);"},
	{"atomic_xchg_release", "r0 = atomic_xchg_release(x, 6);"},
	{"atomic_xchg_acquire", "r0 = atomic_xchg_acquire(x, 6);"},
	{"atomic_cmpxchg", "r0 = atomic_cmpxchg(x, 3, 5);"},
	{"atomic_cmpxchg_relaxed", "r0 = atomic_cmpxchg_relaxed(x, 3, 5);"},
	{"atomic_cmpxchg_acquire", "r0 = atomic_cmpxchg_acquire(x, 3, 5);"},
	{"atomic_cmpxchg_release", "r0 = atomic_cmpxchg_release(x, 3, 5);"},
	{"atomic_sub_and_test", "r0 = atomic_sub_and_test(6, x);"},
	{"atomic_dec_and_test", "r0 = atomic_dec_and_test(x);"},
	{"atomic_inc_and_test", "r0 = atomic_inc_and_test(x);"},
	{"atomic_add_negative", "r0 = atomic_add_negative(6, x);"},
	{"atomic_add_negative_relaxed", "r0 = atomic_add_negative_relaxed(6, x);"},
	{"atomic_add_negative_acquire", "r0 = atomic_add_negative_acquire(6, x);"},
	{"atomic_add_negative_release", "r0 = atomic_add_negative_release(6, x);"},
	{"atomic_fetch_andnot", "r0 = atomic_fetch_andnot(6, x);"},
	{"atomic_fetch_andnot_acquire", "r0 = atomic_fetch_andnot_acquire(6, x);"},
	{"atomic_fetch_andnot_release", "r0 = atomic_fetch_andnot_release(6, x);"},
	{"atomic_fetch_andnot_relaxed", "r0 = atomic_fetch_andnot_relaxed(6, x);"},
	{"atomic_add_unless", "r0 = atomic_add_unless(x, 2, 7);"},
}

// otherPaths are statements that take the other branch of a primitive
// that compares: a failing cmpxchg and atomic_add_unless, a negative
// atomic_add_negative, and conditions with & and <.
var otherPaths = []struct{ name, stmt string }{
	{"cmpxchg fails", "r0 = cmpxchg(x, 4, 5);"},
	{"atomic_add_unless does not add", "r0 = atomic_add_unless(x, 2, 3);"},
	{"atomic_add_negative is negative", "r0 = atomic_add_negative(-6, x);"},
	{"atomic_add_negative_relaxed is zero", "r0 = atomic_add_negative_relaxed(-3, x);"},
	{"atomic_dec_and_test", "atomic_sub(2, x);\n\tr0 = atomic_dec_and_test(x);"},
	{"condition with &", "r0 = READ_ONCE(*x);\n\tif ((r0 & 2) != 0)\n\t\tWRITE_ONCE(*x, r0 & 1);"},
	{"condition with <", "r0 = READ_ONCE(*x);\n\tif (r0 < 4)\n\t\tWRITE_ONCE(*x, r0 - 5);"},
	{"condition with < false", "r0 = READ_ONCE(*x);\n\tif (r0 < 3)\n\t\tWRITE_ONCE(*x, 9);"},
	{"condition with >=", "r0 = READ_ONCE(*x);\n\tif (r0 >= 3)\n\t\tWRITE_ONCE(*x, 8);"},
	{"condition with > and <=", "r0 = READ_ONCE(*x);\n\tif (r0 > 2 && r0 <= 3)\n\t\tWRITE_ONCE(*x, 0 - r0);"},
	{"register comparison", "int r1;\n\tr0 = READ_ONCE(*x);\n\tr1 = atomic_fetch_sub(1, x);\n\tif (r1 < r0 || r0 >= r1)\n\t\tWRITE_ONCE(*x, r1 - r0);"},
}

// noMapping are the primitives that have no instruction-level mapping by
// design: RCU and SRCU are grace periods and read-side critical sections,
// not instruction sequences, so their hardware columns are n/a.
var noMapping = map[string]bool{
	"rcu_read_lock": true, "rcu_read_unlock": true, "synchronize_rcu": true, "synchronize_rcu_expedited": true,
	"srcu_read_lock": true, "srcu_read_unlock": true, "srcu_down_read": true, "srcu_up_read": true,
	"synchronize_srcu": true, "synchronize_srcu_expedited": true, "smp_mb__after_srcu_read_unlock": true,
}

// TestPrimitivesMatchDef: the list above is linux-kernel.def's, when the
// reference models are at hand.
func TestPrimitivesMatchDef(t *testing.T) {
	src, err := os.ReadFile("../../shared/models-reference/linux-kernel.def")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skipf("no reference models: %v", err)
	}
	var want, got []string
	name := regexp.MustCompile(`^(\w+)\(`)
	for _, l := range strings.Split(string(src), "\n") {
		if m := name.FindStringSubmatch(l); m != nil {
			want = append(want, m[1])
		}
	}
	for _, p := range defPrimitives {
		got = append(got, p.name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("defPrimitives against linux-kernel.def (-def +test):\n%s", diff)
	}
}

// TestEveryPrimitiveCompiles: each primitive of linux-kernel.def that the
// mapping tables cover compiles for every target, the compiled test
// parses and runs, and its final states (in the C test's registers) are
// the LKMM's. The RCU and SRCU primitives are refused on hardware.
func TestEveryPrimitiveCompiles(t *testing.T) {
	for _, p := range append(defPrimitives[:len(defPrimitives):len(defPrimitives)], otherPaths...) {
		t.Run(p.name, func(t *testing.T) { checkPrimitiveCompiles(t, p.name, p.stmt) })
	}
}

// checkPrimitiveCompiles runs the one-thread test of stmt in every column
// and compares the hardware columns' final states with the LKMM's; it
// returns the compiled tests' texts by column name.
func checkPrimitiveCompiles(t *testing.T, name, stmt string) map[string]string {
	t.Helper()
	compiled := map[string]string{}
	cond := "x=3"
	if strings.Contains(stmt, "r0 =") {
		cond += ` /\ 0:r0=0`
	}
	src := "C " + name + "\n{\n\tx = 3;\n}\n\nP0(int *x, spinlock_t *l, struct srcu_struct *s)\n{\n\tint r0;\n\n\t" +
		stmt + "\n}\n\nexists (" + cond + ")\n"
	var lkmm []string
	for _, col := range Columns {
		run, err := RunC(context.Background(), name+".litmus", src, nil, col, explore.Options{})
		if err != nil {
			t.Fatalf("%s: %v\n%s", col.Title, err, src)
		}
		if col.Target != nil && noMapping[name] {
			if run.Err == nil {
				t.Errorf("%s: compiled, want no mapping", col.Title)
			}
			continue
		}
		if run.Err != nil {
			t.Errorf("%s: %v", col.Title, run.Err)
			continue
		}
		if run.Compiled != nil {
			compiled[col.Name] = run.Compiled.Text
		}
		res := run.CResult()
		var states []string
		for _, st := range res.States {
			states = append(states, litmus.FormatState(res.Observed, st))
		}
		sort.Strings(states)
		if len(states) == 0 {
			t.Errorf("%s: no final state", col.Title)
		}
		if col.Target == nil {
			lkmm = states
			continue
		}
		if diff := cmp.Diff(lkmm, states); diff != "" {
			t.Errorf("%s: final states differ from the LKMM's (-lkmm +%s):\n%s\n%s", col.Title, col.Name, diff, run.Compiled.Text)
		}
	}
	return compiled
}

// TestAtomicLongCompiles: each atomic_long_* form of an atomic_* primitive
// of linux-kernel.def, and of the extensions atomic_try_cmpxchg* and
// atomic_cond_read_*, compiles on every target to the atomic_* form's
// instructions and reaches the LKMM's final states.
func TestAtomicLongCompiles(t *testing.T) {
	stmts := []struct{ name, stmt string }{
		{"atomic_try_cmpxchg", "int o = 3;\n\tr0 = atomic_try_cmpxchg(x, &o, 5);"},
		{"atomic_try_cmpxchg_acquire", "int o = 3;\n\tr0 = atomic_try_cmpxchg_acquire(x, &o, 5);"},
		{"atomic_try_cmpxchg_release", "int o = 3;\n\tr0 = atomic_try_cmpxchg_release(x, &o, 5);"},
		{"atomic_try_cmpxchg_relaxed", "int o = 4;\n\tr0 = atomic_try_cmpxchg_relaxed(x, &o, 5);"},
		{"atomic_cond_read_acquire", "r0 = atomic_cond_read_acquire(x, VAL == 3);"},
		{"atomic_cond_read_relaxed", "r0 = atomic_cond_read_relaxed(x, VAL != 0);"},
	}
	for _, p := range defPrimitives {
		if strings.HasPrefix(p.name, "atomic_") {
			stmts = append(stmts, p)
		}
	}
	for _, p := range stmts {
		long := strings.Replace(p.name, "atomic_", "atomic_long_", 1)
		t.Run(long, func(t *testing.T) {
			want := checkPrimitiveCompiles(t, p.name, p.stmt)
			got := checkPrimitiveCompiles(t, p.name, strings.ReplaceAll(p.stmt, p.name+"(", long+"("))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s compiles unlike %s (-%s +%s):\n%s", long, p.name, p.name, long, diff)
			}
		})
	}
}
