// This file implements the proof table: lock scenarios, each a C test in
// tests/locks run under variants (lock algorithms or versions of the
// code), with the verdict each column is expected to give. The verdicts
// printed are those of the runs; the expectations are what go test
// asserts.
package locks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"litmuscheck/litmus"
)

// A Scenario is a question about lock code, asked of several variants.
type Scenario struct {
	Name string
	// Question is what the scenario asks, in a line.
	Question string
	Variants []*Variant
}

// A Variant is one row of the proof table: a C test, run with spin_*
// standing for a lock algorithm.
type Variant struct {
	// Name labels the row.
	Name string
	// File is the C test, relative to the tests directory.
	File string
	// Lock names the algorithm spin_* stand for, "" when the test calls
	// the operations it means by name (or uses none).
	Lock string
	// Expect is the verdict of the bad outcome asserted in each column,
	// by column name.
	Expect map[string]string
	// Asm maps a column name to an assembly test written by hand
	// (relative to the tests directory) that must get the same verdict as
	// the compiled C test under that column's model.
	Asm map[string]string
	// Slow lists the columns where the run takes more than a few seconds;
	// go test -short skips them.
	Slow []string
}

// IsSlow reports whether the variant's run in column col is slow.
func (v *Variant) IsSlow(col string) bool {
	for _, c := range v.Slow {
		if c == col {
			return true
		}
	}
	return false
}

// verdicts builds an Expect map from the verdicts of LKMM, POWER, POWER
// isync, ARMv8, ARMv8 LSE and TSO, written N, S or A.
func verdicts(s string) map[string]string {
	words := map[byte]string{'N': "Never", 'S': "Sometimes", 'A': "Always"}
	fields := strings.Fields(s)
	if len(fields) != len(Columns) {
		panic("should never happen: verdicts " + s)
	}
	m := map[string]string{}
	for i, f := range fields {
		m[Columns[i].Name] = words[f[0]]
	}
	return m
}

// asm names the hand-written assembly versions of a variant, stem.<dialect>.litmus
// in tests/locks/asm, for POWER, ARMv8 (LL/SC and LSE) and TSO.
func asm(stem string) map[string]string {
	return map[string]string{
		"power":     "locks/asm/" + stem + ".ppc.litmus",
		"armv8":     "locks/asm/" + stem + ".aarch64.litmus",
		"armv8-lse": "locks/asm/" + stem + ".aarch64-lse.litmus",
		"tso":       "locks/asm/" + stem + ".x86_64.litmus",
	}
}

// lseSlow marks the LSE column of the three-CPU lost-update with a
// cmpxchg unlock: herd's AArch64 CAS has five event structures (a failed
// one may write the old value back), and the three unlocks' forms make
// about 600,000 candidates (some fifteen seconds each).
var lseSlow = []string{"armv8-lse"}

// Scenarios is the proof table.
var Scenarios = []*Scenario{
	{
		Name:     "crossed-locking",
		Question: "CPU0 takes A then checks spin_is_locked(B), CPU1 takes B then checks A: can both see the other lock free?",
		Variants: []*Variant{
			{Name: "ppc-simple (no smp_mb)", File: "locks/crossed-locking.litmus", Lock: "ppc-simple",
				Expect: verdicts("S S S S S N"), Asm: asm("crossed-locking")},
			{Name: "ppc-simple-mb (smp_mb first)", File: "locks/crossed-locking.litmus", Lock: "ppc-simple-mb",
				Expect: verdicts("N N N N N N")},
			{Name: "qspinlock", File: "locks/crossed-locking.litmus", Lock: "qspinlock",
				Expect: verdicts("S S S S S N")},
			{Name: "qspinlock-mb", File: "locks/crossed-locking.litmus", Lock: "qspinlock-mb",
				Expect: verdicts("N N N N N N")},
		},
	},
	{
		Name:     "mp-through-lock",
		Question: "Does the next critical section see the data the previous one wrote?",
		Variants: []*Variant{
			{Name: "unlock smp_store_release", File: "locks/mp-through-lock.litmus", Lock: "qspinlock",
				Expect: verdicts("N N N N N N")},
			{Name: "unlock cmpxchg", File: "locks/mp-through-lock.litmus", Lock: "pv-cmpxchg",
				Expect: verdicts("N N N N N N")},
			{Name: "unlock cmpxchg_release", File: "locks/mp-through-lock.litmus", Lock: "pv-cmpxchg-release",
				Expect: verdicts("N N N N N N"), Asm: asm("mp-through-lock")},
			{Name: "unlock cmpxchg_relaxed", File: "locks/mp-through-lock.litmus", Lock: "pv-cmpxchg-relaxed",
				Expect: verdicts("S S S S S N")},
			{Name: "unlock WRITE_ONCE", File: "locks/mp-through-lock.litmus", Lock: "write-once",
				Expect: verdicts("S S S S S N")},
		},
	},
	{
		Name:     "unlock-then-load",
		Question: "x=1; unlock; r0=y against y=1; smp_mb(); r1=x: does the unlock order the store before the load?",
		Variants: []*Variant{
			{Name: "unlock cmpxchg", File: "locks/unlock-then-load.litmus", Lock: "pv-cmpxchg",
				Expect: verdicts("N N N N N N")},
			{Name: "unlock cmpxchg_release", File: "locks/unlock-then-load.litmus", Lock: "pv-cmpxchg-release",
				Expect: verdicts("S S S S S N"), Asm: asm("unlock-then-load")},
			{Name: "unlock smp_store_release", File: "locks/unlock-then-load.litmus", Lock: "qspinlock",
				Expect: verdicts("S S S S S S")},
		},
	},
	{
		Name:     "lost-update",
		Question: "Each CPU does lock; r=x; x=r+1; unlock: can an increment be lost?",
		Variants: []*Variant{
			{Name: "2 CPUs, unlock smp_store_release", File: "locks/lost-update.litmus", Lock: "qspinlock",
				Expect: verdicts("N N N N N N"), Asm: asm("lost-update")},
			{Name: "2 CPUs, unlock cmpxchg", File: "locks/lost-update.litmus", Lock: "pv-cmpxchg",
				Expect: verdicts("N N N N N N")},
			{Name: "2 CPUs, unlock cmpxchg_release", File: "locks/lost-update.litmus", Lock: "pv-cmpxchg-release",
				Expect: verdicts("N N N N N N")},
			{Name: "2 CPUs, unlock cmpxchg_relaxed", File: "locks/lost-update.litmus", Lock: "pv-cmpxchg-relaxed",
				Expect: verdicts("S S S S S N")},
			{Name: "2 CPUs, unlock WRITE_ONCE", File: "locks/lost-update.litmus", Lock: "write-once",
				Expect: verdicts("S S S S S N")},
			{Name: "3 CPUs, unlock smp_store_release", File: "locks/lost-update3.litmus", Lock: "qspinlock",
				Expect: verdicts("N N N N N N")},
			{Name: "3 CPUs, unlock cmpxchg", File: "locks/lost-update3.litmus", Lock: "pv-cmpxchg",
				Expect: verdicts("N N N N N N"), Slow: lseSlow},
			{Name: "3 CPUs, unlock cmpxchg_release", File: "locks/lost-update3.litmus", Lock: "pv-cmpxchg-release",
				Expect: verdicts("N N N N N N"), Slow: lseSlow},
			{Name: "3 CPUs, unlock cmpxchg_relaxed", File: "locks/lost-update3.litmus", Lock: "pv-cmpxchg-relaxed",
				Expect: verdicts("S S S S S N"), Slow: lseSlow},
			{Name: "3 CPUs, unlock WRITE_ONCE", File: "locks/lost-update3.litmus", Lock: "write-once",
				Expect: verdicts("S S S S S N")},
		},
	},
	{
		Name:     "osq-prev-cpu",
		Question: "Step-C writes next->prev_cpu then next->prev; can the waiter read the new prev with a stale prev_cpu?",
		Variants: []*Variant{
			{Name: "prev_cpu then prev, no barriers", File: "locks/osq-prev-cpu.litmus",
				Expect: verdicts("S S S S S N"), Asm: asm("osq-prev-cpu")},
			{Name: "prev then prev_cpu (swapped)", File: "locks/osq-prev-cpu+swapped.litmus",
				Expect: verdicts("S S S S S S")},
			{Name: "smp_wmb, no smp_rmb", File: "locks/osq-prev-cpu+wmb.litmus",
				Expect: verdicts("S S S S S N")},
			{Name: "smp_wmb and smp_rmb", File: "locks/osq-prev-cpu+wmb+rmb.litmus",
				Expect: verdicts("N N N N N N")},
		},
	},
	{
		Name:     "osq-handoff",
		Question: "After xchg(&node->next, NULL); WRITE_ONCE(next->locked, 1), does the waiter see the previous holder's data?",
		Variants: []*Variant{
			{Name: "smp_cond_load_relaxed (osq_lock)", File: "locks/osq-handoff.litmus",
				Expect: verdicts("S S S S S N"), Asm: asm("osq-handoff")},
			{Name: "smp_cond_load_acquire", File: "locks/osq-handoff+acquire.litmus",
				Expect: verdicts("N N N N N N")},
			{Name: "osq_lock/osq_unlock fragments (v6.7), data", File: "locks/osq-lock-data.litmus",
				Expect: verdicts("S S S S S N")},
			// The waiter's write after smp_cond_load_relaxed() is
			// control-dependent on the read that ended the spin, in the
			// LKMM as in the compiled branch (the spin's final iteration is
			// a load and an __assume that carries that dependency), so it
			// cannot reach the holder before the holder's xchg hands over.
			{Name: "osq_lock/osq_unlock fragments (v6.7), exclusion", File: "locks/osq-lock.litmus",
				Expect: verdicts("N N N N N N")},
			{Name: "osq_lock with prev_cpu (Laight v2), data", File: "locks/osq-lock-data.litmus", Lock: "osq-prev-cpu",
				Expect: verdicts("S S S S S N")},
			{Name: "osq_lock with prev_cpu (Laight v2), exclusion", File: "locks/osq-lock.litmus", Lock: "osq-prev-cpu",
				Expect: verdicts("N N N N N N")},
		},
	},
}

// A Row is a variant's runs, one per column.
type Row struct {
	Scenario *Scenario
	Variant  *Variant
	Runs     []*Run
}

// ErrSkipped is the Err of a run that Prove was asked to skip.
var ErrSkipped = fmt.Errorf("skipped")

// Prove runs every variant of every scenario in every column; dir is the
// tests directory. Runs go on up to workers goroutines; skip, when not
// nil, names the cells not to run (their Run has Err ErrSkipped).
func Prove(ctx context.Context, dir string, workers int, skip func(*Variant, Column) bool) ([]*Row, error) {
	var rows []*Row
	type job struct{ row, col int }
	var jobs []job
	for _, s := range Scenarios {
		for _, v := range s.Variants {
			rows = append(rows, &Row{Scenario: s, Variant: v, Runs: make([]*Run, len(Columns))})
			for c := range Columns {
				jobs = append(jobs, job{len(rows) - 1, c})
			}
		}
	}
	srcs := map[string]string{}
	for _, r := range rows {
		if _, ok := srcs[r.Variant.File]; ok {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, r.Variant.File))
		if err != nil {
			return nil, err
		}
		srcs[r.Variant.File] = string(b)
	}
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := jobs[i]
				row := rows[j.row]
				if skip != nil && skip(row.Variant, Columns[j.col]) {
					row.Runs[j.col] = &Run{Column: Columns[j.col], Err: ErrSkipped}
					continue
				}
				var alg *Algorithm
				if row.Variant.Lock != "" {
					a, err := AlgorithmByName(row.Variant.Lock)
					if err != nil {
						errs[i] = err
						continue
					}
					alg = a
				}
				path := filepath.Join(dir, row.Variant.File)
				run, err := RunC(ctx, path, srcs[row.Variant.File], alg, Columns[j.col], litmus.Options{})
				if err != nil {
					errs[i] = fmt.Errorf("%s (%s): %v", row.Variant.File, row.Variant.Name, err)
					continue
				}
				row.Runs[j.col] = run
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// Markdown prints the proof table: a row per variant, a column per model,
// each cell the verdict of the bad outcome ("n/a" where the model is not
// available or the run was skipped). A verdict that differs from the
// expectation is marked.
func Markdown(rows []*Row) string {
	var b strings.Builder
	b.WriteString("| scenario | variant |")
	for _, c := range Columns {
		b.WriteString(" " + c.Title + " |")
	}
	b.WriteString("\n|---|---|")
	for range Columns {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s |", r.Scenario.Name, r.Variant.Name)
		for i, c := range Columns {
			got := r.Runs[i].Verdict()
			cell := got
			if want := r.Variant.Expect[c.Name]; want != "" && got != "n/a" && got != want {
				cell = fmt.Sprintf("**%s** (expected %s)", got, want)
			}
			b.WriteString(" " + cell + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}
