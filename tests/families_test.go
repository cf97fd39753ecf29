// This file generates families of lock and RCU tests that grow with a CPU
// count, beyond the scaling tests: SB through one spinlock in every
// column, an emulated lock whose condition (not a filter) tests the
// exchange, and an SRCU ring. TestFamilies asserts their verdicts at
// small sizes; BenchmarkFamilies measures their growth:
//
//	go test ./tests -run '^$' -bench Families -benchtime 1x
//
// docs/performance.md has the figures.

package tests

import (
	"fmt"
	"strings"
	"testing"

	"github.com/litmuscheck/litmuscheck/pipeline"
)

// A family is a test generator by CPU count, with the sizes the
// benchmark measures and the columns it runs in.
type family struct {
	name   string
	gen    func(n int) string
	sizes  []int
	column string
}

var families = []family{
	{"sb-lock", sbLock, []int{3, 4, 5, 6}, "all"},
	{"emulock-exists", emulockExists, []int{3, 4}, "lkmm"},
	{"srcu-ring", srcuRing, []int{4, 6, 8}, "lkmm"},
}

// sbLock is N CPUs in a ring, each writing its location and reading the
// next one's inside spin_lock(sl): the lock orders the accesses, and
// every CPU reading 0 is forbidden.
func sbLock(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "C sb-lock-%d\n\n{}\n\n", n)
	var cond []string
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		fmt.Fprintf(&b, "P%d(spinlock_t *sl, int *x%d, int *x%d)\n{\n\tint r1;\n\n\tspin_lock(sl);\n\tWRITE_ONCE(*x%d, 1);\n\tr1 = READ_ONCE(*x%d);\n\tspin_unlock(sl);\n}\n\n", i, i, j, i, j)
		cond = append(cond, fmt.Sprintf("%d:r1=0", i))
	}
	fmt.Fprintf(&b, "exists (%s)\n", strings.Join(cond, " /\\ "))
	return b.String()
}

// emulockExists is C-emulock-filter's lock with the exchange's success
// in the condition: every failed exchange is an execution herd counts.
func emulockExists(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "C emulock-exists-%d\n\n{}\n\n", n)
	var cond []string
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "P%d(int *l, int *x)\n{\n\tint r0;\n\tint r1;\n\n\tr0 = xchg_acquire(l, 1);\n\tr1 = READ_ONCE(*x);\n\tWRITE_ONCE(*x, r1 + 1);\n\tsmp_store_release(l, 0);\n}\n\n", i)
		cond = append(cond, fmt.Sprintf("%d:r0=0", i))
	}
	fmt.Fprintf(&b, "exists (%s /\\ ~x=%d)\n", strings.Join(cond, " /\\ "), n)
	return b.String()
}

// srcuRing is a ring of N CPUs sharing one srcu_struct: even CPUs write,
// synchronize_srcu() and read; odd ones read and write inside an SRCU
// read-side critical section. The cycle is forbidden.
func srcuRing(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "C srcu-ring-%d\n\n{}\n\n", n)
	var cond []string
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		if i%2 == 0 {
			fmt.Fprintf(&b, "P%d(int *x%d, int *x%d, struct srcu_struct *s)\n{\n\tint r1;\n\n\tWRITE_ONCE(*x%d, 1);\n\tsynchronize_srcu(s);\n\tr1 = READ_ONCE(*x%d);\n}\n\n", i, i, j, i, j)
		} else {
			fmt.Fprintf(&b, "P%d(int *x%d, int *x%d, struct srcu_struct *s)\n{\n\tint r0;\n\tint r1;\n\n\tr0 = srcu_read_lock(s);\n\tr1 = READ_ONCE(*x%d);\n\tWRITE_ONCE(*x%d, 1);\n\tsrcu_read_unlock(s, r0);\n}\n\n", i, j, i, j, i)
		}
		cond = append(cond, fmt.Sprintf("%d:r1=0", i))
	}
	fmt.Fprintf(&b, "exists (%s)\n", strings.Join(cond, " /\\ "))
	return b.String()
}

// runFamily runs the family's test of size n and returns its verdict in
// each column it ran in.
func runFamily(tb testing.TB, f family, n int) map[string]string {
	tb.Helper()
	name := fmt.Sprintf("%s-%d.litmus", f.name, n)
	out := pipeline.File(name, f.gen(n), pipeline.Settings{Spec: pipeline.Spec{Name: f.column}})
	if out.Err != nil {
		tb.Fatalf("%s: %v", name, out.Err)
	}
	got := columnVerdicts(out)
	if out.Result != nil {
		got[f.column] = out.Result.Verdict()
	}
	return got
}

// TestFamilies checks that each family's smallest sizes are Never in
// every column they run in: the lock, the exchange and SRCU forbid them.
func TestFamilies(t *testing.T) {
	for _, f := range families {
		for _, n := range f.sizes[:2] {
			got := runFamily(t, f, n)
			if len(got) == 0 {
				t.Errorf("%s-%d: no column ran", f.name, n)
			}
			for col, v := range got {
				if v != "Never" {
					t.Errorf("%s-%d: %s in %s, want Never", f.name, n, v, col)
				}
			}
		}
	}
}

func BenchmarkFamilies(b *testing.B) {
	for _, f := range families {
		for _, n := range f.sizes {
			b.Run(fmt.Sprintf("%s-%d", f.name, n), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					runFamily(b, f, n)
				}
			})
		}
	}
}
