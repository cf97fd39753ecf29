// This file implements the proof table: lock scenarios, each a C test in
// scenarios/ (built into the binary) run under variants (lock algorithms or versions of the
// code), with the verdict each column is expected to give. The verdicts
// printed are those of the runs; the expectations are what go test
// asserts.

package table

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/litmuscheck/litmuscheck/explore"
	"github.com/litmuscheck/litmuscheck/locks"
	"github.com/litmuscheck/litmuscheck/pipeline"
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
	// File is the C test, a file of scenarios/.
	File string
	// Lock names the algorithm spin_* stand for, "" when the test calls
	// the operations it means by name (or uses none).
	Lock string
	// Expect is the verdict of the bad outcome asserted in each column,
	// by column name.
	Expect map[string]string
	// Asm maps a column name to an assembly test written by hand
	// (relative to the repository's tests directory; go test reads them) that must get the same verdict as
	// the compiled C test under that column's model.
	Asm map[string]string
	// Hangs is whether each column must find executions that hang (a
	// spin that can wait forever), by column name; a column
	// left out is not asserted.
	Hangs map[string]bool
}

// The verdicts of the bad outcome a row expects.
const (
	never     = "Never"
	sometimes = "Sometimes"
	// unsupported: the column refuses the test (the LKMM's refusal of
	// mixed-size accesses, ErrLKMMMixedSize); go test asserts the
	// refusal as it asserts a verdict.
	unsupported = "unsupported"
)

// Refuses reports whether the variant expects column col to refuse the
// test rather than give a verdict.
func (v *Variant) Refuses(col string) bool { return v.Expect[col] == unsupported }

// A byColumn is an expectation per column, by column name; every and but
// build one, so that a row reads as its rule and its exceptions:
// every(sometimes).but(never, "tso").
type byColumn[T any] map[string]T

// Expectations many rows share: a lock broken on purpose is seen broken in
// every column but TSO's (too strong to show it), and a live lock hangs in
// none.
var (
	brokenButTSO = every(sometimes).but(never, "tso")
	neverHangs   = every(false)
)

// every expects v in every column.
func every[T any](v T) byColumn[T] {
	m := byColumn[T]{}
	for _, c := range locks.Columns {
		m[c.Name] = v
	}
	return m
}

// but expects v instead in the columns named cols, which must exist.
func (m byColumn[T]) but(v T, cols ...string) byColumn[T] {
	out := maps.Clone(m)
	for _, c := range cols {
		if _, ok := locks.ColumnByName(c); !ok {
			panic("should never happen: no column " + c)
		}
		out[c] = v
	}
	return out
}

// asm names the hand-written assembly versions of a variant, stem.<dialect>.litmus
// in tests/locks/asm, for POWER, ARMv8 (LL/SC and LSE) and TSO, and for
// RISC-V where riscvAsm has one.
func asm(stem string) map[string]string {
	m := map[string]string{
		"power":     "locks/asm/" + stem + ".ppc.litmus",
		"armv8":     "locks/asm/" + stem + ".aarch64.litmus",
		"armv8-lse": "locks/asm/" + stem + ".aarch64-lse.litmus",
		"tso":       "locks/asm/" + stem + ".x86_64.litmus",
	}
	if slices.Contains(riscvAsm, stem) {
		m["riscv"] = "locks/asm/" + stem + ".riscv.litmus"
	}
	return m
}

// riscvAsm are the stems with a hand-written RISC-V version: the crossed
// locking, the unlock's ordering and the lost update.
var riscvAsm = []string{"crossed-locking", "unlock-then-load", "lost-update"}

func concat(lists ...[]*Variant) []*Variant {
	var out []*Variant
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// forEachSpinlock is a row of file for lock.cat's lock events and one for
// each algorithm that defines spin_lock, expecting expect(lock) ("" for
// the lock events).
func forEachSpinlock(file string, expect func(lock string) byColumn[string]) []*Variant {
	name := strings.TrimSuffix(file, ".litmus")
	if i := strings.IndexByte(name, '+'); i >= 0 {
		name = name[i+1:]
	} else {
		name = ""
	}
	label := func(lock string) string {
		if name == "" {
			return lock
		}
		return lock + ", " + name
	}
	rows := []*Variant{{Name: label("lock events"), File: file, Expect: expect("")}}
	for _, a := range locks.Algorithms {
		if _, ok := a.Ops["spin_lock"]; ok && !a.OwnRows {
			rows = append(rows, &Variant{Name: label(a.Name), File: file, Lock: a.Name, Expect: expect(a.Name)})
		}
	}
	return rows
}

// A rowSpec is a row of a family: its label, lock and expectation.
type rowSpec struct {
	name, lock string
	expect     byColumn[string]
}

// rowsOf are the rows of file for specs, labelled with prefix; hangs,
// when not nil, is every row's liveness expectation.
func rowsOf(prefix, file string, hangs byColumn[bool], specs ...rowSpec) []*Variant {
	var rows []*Variant
	for _, r := range specs {
		rows = append(rows, &Variant{Name: prefix + r.name, File: file, Lock: r.lock, Expect: r.expect, Hangs: hangs})
	}
	return rows
}

// unlockRows are the rows of file (labelled with prefix) for the qspinlock
// and its paravirt unlocks: a cmpxchg, fully ordered or release, keeps the
// lock, a relaxed one or WRITE_ONCE breaks it except on TSO.
func unlockRows(prefix, file string) []*Variant {
	return rowsOf(prefix, file, nil,
		rowSpec{"unlock smp_store_release", "qspinlock", every(never)},
		rowSpec{"unlock cmpxchg", "pv-cmpxchg", every(never)},
		rowSpec{"unlock cmpxchg_release", "pv-cmpxchg-release", every(never)},
		rowSpec{"unlock cmpxchg_relaxed", "pv-cmpxchg-relaxed", brokenButTSO},
		rowSpec{"unlock WRITE_ONCE", "write-once", brokenButTSO})
}

// withAsm gives the first of rows the hand-written assembly versions stem.
func withAsm(rows []*Variant, stem string) []*Variant {
	rows[0].Asm = asm(stem)
	return rows
}

// ticketRows are the rows of file (labelled with prefix) for the ticket
// lock: as written it keeps the lock, without the acquire of its wait or
// the release of its unlock it is broken except on TSO; none hangs.
func ticketRows(prefix, file string) []*Variant {
	return rowsOf(prefix, file, neverHangs,
		rowSpec{"ticket", "ticket", every(never)},
		rowSpec{"ticket, relaxed wait (no acquire)", "ticket-relaxed-wait", brokenButTSO},
		rowSpec{"ticket, relaxed unlock (no release)", "ticket-relaxed-unlock", brokenButTSO})
}

// Scenarios is the proof table.
var Scenarios = []*Scenario{
	{
		Name:     "crossed-locking",
		Question: "CPU0 takes A then checks spin_is_locked(B), CPU1 takes B then checks A: can both see the other lock free?",
		Variants: concat([]*Variant{
			{Name: "ppc-simple (no smp_mb)", File: "crossed-locking.litmus", Lock: "ppc-simple",
				Expect: brokenButTSO, Asm: asm("crossed-locking")},
			{Name: "ppc-simple-mb (smp_mb first)", File: "crossed-locking.litmus", Lock: "ppc-simple-mb",
				Expect: every(never)},
			{Name: "qspinlock", File: "crossed-locking.litmus", Lock: "qspinlock",
				Expect: brokenButTSO},
			{Name: "qspinlock-mb", File: "crossed-locking.litmus", Lock: "qspinlock-mb",
				Expect: every(never)},
		},
			// smp_mb__after_spinlock() after each lock, for every
			// algorithm: the LKMM column reads it after a fragment's
			// acquire as lock.cat reads it after an LKW (PrepareLKMM).
			forEachSpinlock("crossed-locking+after-spinlock.litmus", func(string) byColumn[string] { return every(never) }),
			[]*Variant{{Name: "qspin_lock by name, after-spinlock", File: "crossed-locking+qspin+after-spinlock.litmus",
				Expect: every(never)}},
			// smp_mb__after_unlock_lock() instead orders what precedes an
			// unlock, and no unlock precedes the lock here: only powerpc's
			// sync forbids the outcome (the -mb algorithms have their
			// smp_mb() in spin_is_locked).
			forEachSpinlock("crossed-locking+after-unlock-lock.litmus", func(lock string) byColumn[string] {
				if strings.HasSuffix(lock, "-mb") {
					return every(never)
				}
				return every(never).but(sometimes, "lkmm", "armv8", "armv8-lse")
			}),
			// Through the pending path (54cf809b9512, "even on x86!!"):
			// mixed-size fragments, which the LKMM column refuses.
			[]*Variant{
				{Name: "qspinlock pending path, spin_is_locked tests _Q_LOCKED_MASK (before 54cf809b9512)", File: "crossed-locking+pending.litmus",
					Lock: "qspinlock-pending-mask", Expect: every(sometimes).but(unsupported, "lkmm"), Asm: asm("crossed-locking+pending-mask")},
				{Name: "qspinlock pending path, spin_is_locked tests the word != 0 (today)", File: "crossed-locking+pending.litmus",
					Lock: "qspinlock-pending", Expect: brokenButTSO.but(unsupported, "lkmm"), Asm: asm("crossed-locking+pending")},
				{Name: "qspinlock pending path, smp_mb() and the word != 0 (54cf809b9512)", File: "crossed-locking+pending.litmus",
					Lock: "qspinlock-pending-mb", Expect: every(never).but(unsupported, "lkmm"), Asm: asm("crossed-locking+pending-mb")},
			},
			// powerpc's own qspinlock (scenarios_pvppc.go).
			ppcQspinlockCrossedRow()),
	},
	{
		Name:     "mp-through-lock",
		Question: "Does the next critical section see the data the previous one wrote?",
		Variants: concat([]*Variant{
			// The qspinlock hand-off through two CPUs: no hang.
			{Name: "unlock smp_store_release", File: "mp-through-lock.litmus", Lock: "qspinlock",
				Expect: every(never), Hangs: neverHangs},
			{Name: "qspinlock hand-off through three CPUs", File: "qspin-handoff3.litmus", Lock: "qspinlock",
				Expect: every(never), Hangs: neverHangs},
			{Name: "unlock cmpxchg", File: "mp-through-lock.litmus", Lock: "pv-cmpxchg",
				Expect: every(never)},
			{Name: "unlock cmpxchg_release", File: "mp-through-lock.litmus", Lock: "pv-cmpxchg-release",
				Expect: every(never), Asm: asm("mp-through-lock")},
			{Name: "unlock cmpxchg_relaxed", File: "mp-through-lock.litmus", Lock: "pv-cmpxchg-relaxed",
				Expect: brokenButTSO},
			{Name: "unlock WRITE_ONCE", File: "mp-through-lock.litmus", Lock: "write-once",
				Expect: brokenButTSO},
		},
			// The generic ticket lock (asm-generic/ticket_spinlock.h):
			// P1 waits for its ticket. Three CPUs (ticket-handoff3.litmus)
			// pass the explorer's path bound: after the scale work.
			ticketRows("", "ticket-mp.litmus"),
			// powerpc's own qspinlock (scenarios_pvppc.go).
			ppcQspinlockRows("", "mp-through-lock.litmus", "")),
	},
	{
		Name:     "unlock-then-load",
		Question: "x=1; unlock; [lock; smp_mb__after_unlock_lock();] r0=y against y=1; smp_mb(); r1=x: does the unlock (and a lock after it) order the store before the load?",
		Variants: concat([]*Variant{
			{Name: "unlock cmpxchg", File: "unlock-then-load.litmus", Lock: "pv-cmpxchg",
				Expect: every(never)},
			{Name: "unlock cmpxchg_release", File: "unlock-then-load.litmus", Lock: "pv-cmpxchg-release",
				Expect: brokenButTSO, Asm: asm("unlock-then-load")},
			{Name: "unlock smp_store_release", File: "unlock-then-load.litmus", Lock: "qspinlock",
				Expect: every(sometimes)},
		},
			// A lock after the unlock: RCsc on ARMv8 and TSO, and a full
			// barrier with a fully ordered unlock.
			forEachSpinlock("unlock-lock.litmus", func(lock string) byColumn[string] {
				switch lock {
				case "pv-cmpxchg":
					return every(never)
				case "pv-cmpxchg-relaxed", "write-once":
					return brokenButTSO
				}
				return every(sometimes).but(never, "armv8", "armv8-lse", "tso")
			}),
			// With smp_mb__after_unlock_lock(): a full barrier, except
			// after an unlock that is no release (lock.cat's unlocks are).
			forEachSpinlock("unlock-lock+after-unlock-lock.litmus", func(lock string) byColumn[string] {
				switch lock {
				case "pv-cmpxchg-relaxed", "write-once":
					return every(never).but(sometimes, "lkmm", "armv8", "armv8-lse")
				}
				return every(never)
			})),
	},
	{
		Name:     "lost-update",
		Question: "Each CPU does lock; r=x; x=r+1; unlock: can an increment be lost?",
		Variants: concat(
			withAsm(unlockRows("2 CPUs, ", "lost-update.litmus"), "lost-update"),
			unlockRows("3 CPUs, ", "lost-update3.litmus"),
			// The ticket lock, P0 holding ticket 0 and P1 queued behind it.
			ticketRows("2 CPUs, ", "ticket-lost-update.litmus"),
			// The qspinlock's pending path (mixed-size; the LKMM refuses):
			// P0 holds the lock, P1 sets the pending bit and waits.
			[]*Variant{
				{Name: "2 CPUs, qspinlock pending path", File: "pending-lost-update.litmus", Lock: "qspinlock-pending",
					Expect: every(never).but(unsupported, "lkmm"), Hangs: neverHangs, Asm: asm("pending-lost-update")},
				{Name: "2 CPUs, qspinlock pending path, relaxed wait for the locked byte (no acquire)", File: "pending-lost-update.litmus",
					Lock: "qspinlock-pending-relaxed-wait", Expect: brokenButTSO.but(unsupported, "lkmm"), Hangs: neverHangs,
					Asm: asm("pending-lost-update+relaxed-wait")},
				// The MCS hand-off of the slow path (mixed-size; the LKMM
				// refuses): P1 queued behind the head P0. The weakened
				// hand-offs also hang: P1's claim can then fail on P0's late
				// set_locked, and P1 waits for a successor that never comes.
				{Name: "2 CPUs, qspinlock MCS hand-off (P1 queued behind the head P0)", File: "qspin-mcs-handoff.litmus",
					Expect: every(never).but(unsupported, "lkmm"), Hangs: neverHangs, Asm: asm("qspin-mcs-handoff")},
				{Name: "2 CPUs, qspinlock MCS hand-off by WRITE_ONCE and smp_cond_load_relaxed (no release, no acquire)", File: "qspin-mcs-handoff.litmus",
					Lock: "qspinlock-mcs-relaxed", Expect: brokenButTSO.but(unsupported, "lkmm"), Hangs: every(true).but(false, "tso"),
					Asm: map[string]string{"power": "locks/asm/qspin-mcs-handoff+relaxed.ppc.litmus", "armv8": "locks/asm/qspin-mcs-handoff+relaxed.aarch64.litmus"},
				},
				{Name: "2 CPUs, qspinlock MCS hand-off by WRITE_ONCE (no release)", File: "qspin-mcs-handoff.litmus",
					Lock: "qspinlock-mcs-no-release", Expect: brokenButTSO.but(unsupported, "lkmm"), Hangs: every(true).but(false, "tso"),
				},
				{Name: "2 CPUs, qspinlock MCS wait by smp_cond_load_relaxed (no acquire)", File: "qspin-mcs-handoff.litmus",
					Lock: "qspinlock-mcs-no-acquire", Expect: brokenButTSO.but(unsupported, "lkmm"), Hangs: every(true).but(false, "tso"),
				},
			},
			// powerpc's own qspinlock (scenarios_pvppc.go).
			ppcQspinlockRows("2 CPUs, ", "lost-update.litmus", "lost-update+ppc-qspinlock"),
			ppcQspinlockRows3(),
			// Its MCS queue (scenarios_pvppc.go).
			ppcQueueRows()),
	},
	{
		Name:     "osq-prev-cpu",
		Question: "Step-C writes next->prev_cpu then next->prev; can the waiter read the new prev with a stale prev_cpu?",
		Variants: []*Variant{
			{Name: "prev_cpu then prev, no barriers", File: "osq-prev-cpu.litmus",
				Expect: brokenButTSO, Asm: asm("osq-prev-cpu")},
			{Name: "prev then prev_cpu (swapped)", File: "osq-prev-cpu+swapped.litmus",
				Expect: every(sometimes)},
			{Name: "smp_wmb, no smp_rmb", File: "osq-prev-cpu+wmb.litmus",
				Expect: brokenButTSO},
			{Name: "smp_wmb and smp_rmb", File: "osq-prev-cpu+wmb+rmb.litmus",
				Expect: every(never)},
		},
	},
	{
		Name:     "osq-handoff",
		Question: "After xchg(&node->next, NULL); WRITE_ONCE(next->locked, 1), does the waiter see the previous holder's data?",
		Variants: []*Variant{
			{Name: "smp_cond_load_relaxed (osq_lock)", File: "osq-handoff.litmus",
				Expect: brokenButTSO, Asm: asm("osq-handoff")},
			{Name: "smp_cond_load_acquire", File: "osq-handoff+acquire.litmus",
				Expect: every(never)},
			{Name: "osq_lock/osq_unlock fragments (v6.7), data", File: "osq-lock-data.litmus",
				Expect: brokenButTSO},
			// The waiter's write after smp_cond_load_relaxed() is
			// control-dependent on the read that ended the spin, in the
			// LKMM as in the compiled branch (the spin's final iteration is
			// a load and an __assume that carries that dependency), so it
			// cannot reach the holder before the holder's xchg hands over.
			{Name: "osq_lock/osq_unlock fragments (v6.7), exclusion", File: "osq-lock.litmus",
				Expect: every(never), Hangs: neverHangs},
			// node->locked cleared after WRITE_ONCE(prev->next, node): the
			// unlocker's hand-off can land first and be overwritten.
			{Name: "osq_lock clearing node->locked late (broken), exclusion", File: "osq-lock.litmus", Lock: "osq-late-clear",
				Expect: every(never), Hangs: every(true)},
			{Name: "osq_lock with prev_cpu (Laight v2), data", File: "osq-lock-data.litmus", Lock: "osq-prev-cpu",
				Expect: brokenButTSO},
			{Name: "osq_lock with prev_cpu (Laight v2), exclusion", File: "osq-lock.litmus", Lock: "osq-prev-cpu",
				Expect: every(never)},
		},
	},
	{
		Name:     "deadlock",
		Question: "Can a CPU wait forever: for a lock held by a CPU that waits for it (ABBA), for a lock it holds itself, or for a wake-up already sent?",
		Variants: concat([]*Variant{
			{Name: "ABBA, lock events", File: "abba.litmus",
				Expect: every(never), Hangs: every(true)},
			{Name: "ABBA, qspinlock", File: "abba.litmus", Lock: "qspinlock",
				Expect: every(never), Hangs: every(true)},
			{Name: "lock taken twice, lock events", File: "self-deadlock.litmus",
				Expect: every(never), Hangs: every(true)},
			{Name: "lock taken twice, qspinlock", File: "self-deadlock.litmus", Lock: "qspinlock",
				Expect: every(never), Hangs: every(true), Asm: asm("self-deadlock")},
			{Name: "pv_wait rechecks the state (kvm_wait)", File: "pv-wait.litmus",
				Expect: brokenButTSO, Hangs: neverHangs},
			{Name: "pv_wait without the recheck", File: "pv-wait.litmus", Lock: "pv-wait-norecheck",
				Expect: brokenButTSO, Hangs: every(true)},
		},
			// The pv lost wake-up through _Q_SLOW_VAL (scenarios_pvppc.go).
			pvSlowpathRows()),
	},
	// The OSQ unqueue path, the queued rwlock, the mutex fast path
	// (scenarios_paths.go).
	osqUnqueueScenario,
	qrwlockScenario(),
	mutexScenario(),
	// powerpc's qspinlock's queue: finding and linking the predecessor's
	// node (scenarios_pvppc.go).
	ppcQnodeScenario(),
}

// A Row is a variant's runs, one per column.
type Row struct {
	Scenario *Scenario
	Variant  *Variant
	Runs     []*locks.Run
}

// Prove runs every variant of every scenario in every column; dir is the
// directory of the scenarios' C tests, "" for the copies built in. Runs go on up to workers goroutines; skip, when not
// nil, names the cells not to run (their Run has Err ErrSkipped).
func Prove(ctx context.Context, dir string, workers int, skip func(*Variant, locks.Column) bool) ([]*Row, error) {
	var rows []*Row
	type job struct{ row, col int }
	var jobs []job
	for _, s := range Scenarios {
		for _, v := range s.Variants {
			rows = append(rows, &Row{Scenario: s, Variant: v, Runs: make([]*locks.Run, len(locks.Columns))})
			for c := range locks.Columns {
				jobs = append(jobs, job{len(rows) - 1, c})
			}
		}
	}
	tests, err := parseVariants(rows, dir)
	if err != nil {
		return nil, err
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
				if skip != nil && skip(row.Variant, locks.Columns[j.col]) {
					row.Runs[j.col] = &locks.Run{Column: locks.Columns[j.col], Err: locks.ErrSkipped}
					continue
				}
				run, err := tests[row.Variant].Run(ctx, locks.Columns[j.col], explore.Options{})
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
// available or the run was skipped) and its liveness mark, "live" when no
// execution hangs and "hangs" when some does (LivenessMark). A verdict or
// a mark that differs from the expectation is marked.
func Markdown(rows []*Row) string {
	var b strings.Builder
	b.WriteString("| scenario | variant |")
	for _, c := range locks.Columns {
		b.WriteString(" " + c.Title + " |")
	}
	b.WriteString("\n|---|---|")
	for range locks.Columns {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s |", r.Scenario.Name, r.Variant.Name)
		for i, c := range locks.Columns {
			got := r.Runs[i].Verdict()
			cell := got
			if want := r.Variant.Expect[c.Name]; want != "" && got != "n/a" && got != want {
				cell = fmt.Sprintf("**%s** (expected %s)", got, want)
			}
			if res := r.Runs[i].Result; res != nil {
				mark := LivenessMark(res.Hangs > 0)
				if want, ok := r.Variant.Hangs[c.Name]; ok && want != (res.Hangs > 0) {
					mark = fmt.Sprintf("**%s** (expected %s)", mark, LivenessMark(want))
				}
				cell += ", " + mark
			}
			b.WriteString(" " + cell + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// LivenessMark is a proof-table cell's liveness mark: "hangs" when some
// execution of the column hangs, else "live".
func LivenessMark(hangs bool) string {
	if hangs {
		return "hangs"
	}
	return "live"
}

// liveScenarios are the scenarios whose rows, but for those that say
// otherwise, hang in no column: every lock taken is released and every
// spin waits for a write that comes (the liveness marks).
var liveScenarios = []string{"crossed-locking", "mp-through-lock", "unlock-then-load", "lost-update", "osq-prev-cpu", "osq-handoff"}

func init() {
	for _, s := range Scenarios {
		if !slices.Contains(liveScenarios, s.Name) {
			continue
		}
		for _, v := range s.Variants {
			if v.Hangs == nil {
				v.Hangs = neverHangs
			}
		}
	}
}

// parseVariants parses each variant's C test once, with its lock
// algorithm, for every column of its row. The compiled CASes whose result
// nothing reads keep one form per kind (locks.MergeDeadCASForms): every
// verdict and liveness mark stays.
func parseVariants(rows []*Row, dir string) (map[*Variant]*pipeline.CTest, error) {
	files, base := locks.ScenarioFS(dir)
	tests := map[*Variant]*pipeline.CTest{}
	for _, r := range rows {
		v := r.Variant
		src, err := fs.ReadFile(files, v.File)
		if err != nil {
			return nil, err
		}
		var alg *locks.Algorithm
		if v.Lock != "" {
			if alg, err = locks.AlgorithmByName(v.Lock); err != nil {
				return nil, err
			}
		}
		t, err := pipeline.Parse(context.Background(), path.Join(base, v.File), string(src), pipeline.Settings{Lock: alg, AwaitLoops: true})
		if err != nil {
			return nil, fmt.Errorf("%s (%s): %v", v.File, v.Name, err)
		}
		ct := pipeline.NewCTest(t, alg, nil)
		ct.Adjust = locks.MergeDeadCASForms
		tests[v] = ct
	}
	return tests, nil
}
