// This file implements the proof table's rows for the OSQ unqueue path,
// the queued rwlock and the mutex fast path: three scenarios
// that scenarios.go lists after its own.

package table

// osqUnqueueScenario: a queued CPU gives up (need_resched()) while its
// predecessor unlocks.
var osqUnqueueScenario = &Scenario{
	Name:     "osq-unqueue",
	Question: "A queued CPU gives up while its predecessor unlocks (Steps A to C against osq_unlock): one holder at a time, the tail where the outcome leaves the OSQ, no hand-off to a CPU that left?",
	Variants: []*Variant{
		{Name: "2 CPUs, P1 gives up behind the holder (v6.7)", File: "osq-unqueue.litmus",
			Expect: every(never), Hangs: neverHangs},
		{Name: "2 CPUs, Step A unlinks by READ_ONCE and WRITE_ONCE (what-if)", File: "osq-unqueue.litmus", Lock: "osq-unlink-plain",
			Expect: every(sometimes), Hangs: neverHangs},
		{Name: "3 CPUs, P1 gives up between the holder and P2 (Step C, v6.7)", File: "osq-unqueue3.litmus",
			Expect: every(never), Hangs: neverHangs},
		{Name: "3 CPUs, Step A unlinks by READ_ONCE and WRITE_ONCE (what-if)", File: "osq-unqueue3.litmus", Lock: "osq-unlink-plain",
			Expect: every(never), Hangs: every(true)},
	},
}

// qrwlockScenario: the queued rwlock, a path of each lock per test
// (fragments/qrwlock.c). The write unlock is a byte store: those tests
// are mixed-size, and the LKMM column refuses them.
func qrwlockScenario() *Scenario {
	mixedNever := every(never).but(unsupported, "lkmm")
	mixedBroken := brokenButTSO.but(unsupported, "lkmm")
	return &Scenario{
		Name:     "qrwlock",
		Question: "Does the queued rwlock exclude writer from writer and reader from writer, and pass a writer's data to a later reader?",
		Variants: concat(
			rowsOf("writer-writer, claim of a free lock, ", "qrwlock-ww.litmus", neverHangs,
				rowSpec{"byte store-release unlock (today)", "", mixedNever},
				rowSpec{"word unlock smp_mb__before_atomic + atomic_sub (v3.16-v4.3)", "qrwlock-sub-unlock", every(never)},
				rowSpec{"WRITE_ONCE unlock (what-if)", "qrwlock-write-once-unlock", mixedBroken}),
			rowsOf("writer-writer, waiting writer, ", "qrwlock-ww-wait.litmus", neverHangs,
				rowSpec{"byte store-release unlock (today)", "", mixedNever},
				rowSpec{"WRITE_ONCE unlock (what-if)", "qrwlock-write-once-unlock", mixedBroken}),
			rowsOf("reader-writer, waiting writer, ", "qrwlock-rw.litmus", neverHangs,
				rowSpec{"atomic_sub_return_release read unlock (today)", "", every(never)},
				rowSpec{"relaxed read unlock (what-if)", "qrwlock-relaxed-read-unlock", brokenButTSO}),
			rowsOf("reader-writer, claim of a free lock, ", "qrwlock-rw-claim.litmus", neverHangs,
				rowSpec{"atomic_sub_return_release read unlock (today)", "", every(never)},
				rowSpec{"relaxed read unlock (what-if)", "qrwlock-relaxed-read-unlock", brokenButTSO}),
			rowsOf("writer to reader, reader fast path, ", "qrwlock-mp.litmus", neverHangs,
				rowSpec{"today", "", mixedNever},
				rowSpec{"word unlock (v3.16-v4.3)", "qrwlock-sub-unlock", every(never)},
				rowSpec{"WRITE_ONCE unlock (what-if)", "qrwlock-write-once-unlock", mixedBroken},
				rowSpec{"atomic_add_return_relaxed read lock (what-if)", "qrwlock-relaxed-read-lock", mixedBroken}),
			rowsOf("writer to reader, reader slow path in interrupt context, ", "qrwlock-mp-slow.litmus", neverHangs,
				rowSpec{"today", "", mixedNever},
				rowSpec{"word unlock (v3.16-v4.3)", "qrwlock-sub-unlock", every(never)},
				rowSpec{"WRITE_ONCE unlock (what-if)", "qrwlock-write-once-unlock", mixedBroken}),
		),
	}
}

// mutexScenario: the mutex fast path's claim and release of lock->owner.
func mutexScenario() *Scenario {
	return &Scenario{
		Name:     "mutex",
		Question: "Does the mutex fast path (owner try_cmpxchg_acquire, try_cmpxchg_release) exclude and pass data from one owner to the next?",
		Variants: concat(
			rowsOf("mutual exclusion, ", "mutex-lost-update.litmus", neverHangs,
				rowSpec{"atomic_long_try_cmpxchg_acquire/release (v4.10 on)", "", every(never)},
				rowSpec{"relaxed claim (what-if)", "mutex-relaxed-lock", brokenButTSO},
				rowSpec{"relaxed release (what-if)", "mutex-relaxed-unlock", brokenButTSO}),
			rowsOf("data to the next owner, ", "mutex-mp.litmus", neverHangs,
				rowSpec{"atomic_long_try_cmpxchg_acquire/release (v4.10 on)", "", every(never)},
				rowSpec{"relaxed claim (what-if)", "mutex-relaxed-lock", brokenButTSO},
				rowSpec{"relaxed release (what-if)", "mutex-relaxed-unlock", brokenButTSO}),
		),
	}
}
