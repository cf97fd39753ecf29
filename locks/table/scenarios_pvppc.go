// This file implements the proof table's rows for the paravirt
// qspinlock's _Q_SLOW_VAL slow path (fragments/pv_slowpath.c) and for
// powerpc's own qspinlock (fragments/ppc_qspinlock.c) and its MCS queue
// (fragments/ppc_qspinlock_mcs.c), which scenarios.go appends to its
// scenarios.

package table

// pvSlowpathRows are the deadlock scenario's rows for the pv lost
// wake-up. In pv-unlock-slowpath.litmus the queue head hashes itself,
// sets _Q_SLOW_VAL and sleeps in pv_wait() while the holder unlocks
// through the slow path. As the kernel writes it nothing hangs and
// nothing breaks; a pv_wait() without its recheck loses the kick in every
// column (even under TSO: the kick can come before the waiter clears its
// flag); an xchg_relaxed of _Q_SLOW_VAL or a slow path without its
// smp_rmb() lets the unlock miss the hash entry (a crash in the kernel,
// and the head is never kicked) except on TSO. In pv-kick-node.litmus the
// holder hands the MCS queue over and pv_kick_node() hashes the halted
// waiter for the unlock to kick: without its smp_mb__before_atomic() the
// holder can miss the halted state while the waiter misses the hand-off,
// and the waiter sleeps for ever, except on TSO.
func pvSlowpathRows() []*Variant {
	const file, kickFile = "pv-unlock-slowpath.litmus", "pv-kick-node.litmus"
	weakHangs := every(true).but(false, "tso")
	return []*Variant{
		{Name: "pv_kick_node hashes the halted waiter, the unlock kicks it (kernel)", File: kickFile,
			Expect: every(never), Hangs: neverHangs},
		{Name: "pv_kick_node without smp_mb__before_atomic()", File: kickFile, Lock: "pv-kick-node-no-mb",
			Expect: every(never), Hangs: weakHangs},
		{Name: "pv_kick_node, pv_wait without the recheck", File: kickFile, Lock: "pv-wait-norecheck",
			Expect: every(never), Hangs: every(true)},
		{Name: "pv lost wake-up: _Q_SLOW_VAL by xchg, the unlock's smp_rmb(), pv_wait rechecks (kernel)", File: file,
			Expect: every(never), Hangs: neverHangs},
		{Name: "pv lost wake-up, pv_wait without the recheck", File: file, Lock: "pv-wait-norecheck",
			Expect: every(never), Hangs: every(true)},
		{Name: "pv lost wake-up, _Q_SLOW_VAL by xchg_relaxed", File: file, Lock: "pv-slow-relaxed",
			Expect: brokenButTSO, Hangs: weakHangs},
		{Name: "pv lost wake-up, no smp_rmb() after the failed cmpxchg_release", File: file, Lock: "pv-unlock-no-rmb",
			Expect: brokenButTSO, Hangs: weakHangs},
	}
}

// ppcQspinlockRows are the rows of file (labelled with prefix) for
// powerpc's qspinlock: as the kernel writes it the lock holds in every
// hardware column; without PPC_ACQUIRE_BARRIER or PPC_RELEASE_BARRIER it
// breaks on POWER and ARMv8, not on TSO. Its unlock is a halfword store
// into the lock word, which the LKMM column refuses. The first row has
// the hand-written POWER version asmStem, when not "".
func ppcQspinlockRows(prefix, file, asmStem string) []*Variant {
	broken := brokenButTSO.but(unsupported, "lkmm")
	rows := rowsOf(prefix, file, nil,
		rowSpec{"ppc-qspinlock (powerpc's own, 2022)", "ppc-qspinlock", every(never).but(unsupported, "lkmm")},
		rowSpec{"ppc-qspinlock without PPC_ACQUIRE_BARRIER", "ppc-qspinlock-no-acquire", broken},
		rowSpec{"ppc-qspinlock without PPC_RELEASE_BARRIER", "ppc-qspinlock-no-release", broken})
	if asmStem != "" {
		rows[0].Asm = map[string]string{"power": "locks/asm/" + asmStem + ".ppc.litmus"}
		rows[2].Asm = map[string]string{"power": "locks/asm/" + asmStem + "+no-release.ppc.litmus"}
	}
	return rows
}

// ppcQspinlockRows3 is the three-CPU mutual-exclusion row of powerpc's
// qspinlock, the kernel's version.
func ppcQspinlockRows3() []*Variant {
	return []*Variant{{Name: "3 CPUs, ppc-qspinlock (powerpc's own, 2022)", File: "lost-update3.litmus", Lock: "ppc-qspinlock",
		Expect: every(never).but(unsupported, "lkmm")}}
}

// ppcQspinlockCrossedRow is crossed-locking with powerpc's qspinlock,
// whose queued_spin_is_locked is a plain READ_ONCE of the word (no
// smp_mb(), as the simple spinlock's since 66f60522138c). The test has no
// unlock, so it is not mixed-size and the LKMM column runs it.
func ppcQspinlockCrossedRow() []*Variant {
	return []*Variant{{Name: "ppc-qspinlock (powerpc's own, 2022; no smp_mb)", File: "crossed-locking.litmus", Lock: "ppc-qspinlock",
		Expect: brokenButTSO}}
}

// ppcQueueRows are the lost-update rows of powerpc's qspinlock's MCS
// queue (ppc-qspin-mcs.litmus: P1 queues behind P0, which is first in
// the queue). As the kernel writes it the queue keeps mutual exclusion
// and hangs nowhere. Without PPC_RELEASE_BARRIER in publish_tail_cpu,
// P1's node->locked = 0 can land after P0's hand-off on ARMv8 and P1
// waits for ever; not on POWER, where get_tail_qnode's lwsync orders the
// node's stores before the link too. Without PPC_ACQUIRE_BARRIER in
// trylock_clean_tail the critical section's read passes the claim,
// except on TSO. Without the waiter's smp_rmb() nothing breaks: the
// claim is an atomic RMW that tests the locked bit, so a head that reads
// a stale free word only fails its trylock and goes again. The LKMM
// column refuses the halfword unlock.
func ppcQueueRows() []*Variant {
	hw := every(never).but(unsupported, "lkmm")
	rows := rowsOf("2 CPUs, ", "ppc-qspin-mcs.litmus", neverHangs,
		rowSpec{"ppc-qspinlock MCS queue (powerpc's own, 2022)", "", hw},
		rowSpec{"ppc-qspinlock MCS queue, publish_tail_cpu without PPC_RELEASE_BARRIER", "ppc-qspinlock-mcs-no-release", hw},
		rowSpec{"ppc-qspinlock MCS queue, trylock_clean_tail without PPC_ACQUIRE_BARRIER", "ppc-qspinlock-mcs-no-acquire",
			brokenButTSO.but(unsupported, "lkmm")},
		rowSpec{"ppc-qspinlock MCS queue, the node->locked wait without smp_rmb()", "ppc-qspinlock-mcs-no-rmb", hw})
	rows[1].Hangs = neverHangs.but(true, "armv8", "armv8-lse")
	return rows
}

// ppcQnodeScenario asks whether a CPU joining powerpc's qspinlock's queue
// finds its predecessor's node and keeps its link in it
// (ppc-qnode-link.litmus, all accesses word-sized, so the LKMM runs it).
// As the kernel writes it, yes everywhere: publish_tail_cpu's release
// pairs with get_tail_qnode's smp_acquire__after_ctrl_dep(). Without
// either, the node's lock field can be read stale (the kernel's BUG())
// or, without the release, its next = NULL can overwrite the link,
// except on TSO.
// The first two rows have hand-written POWER versions, the kernel's
// instructions (lwsync; lwarx; and; or; stwcx.), so that the fragment's
// smp_wmb() and final-iteration read are checked against them.
func ppcQnodeScenario() *Scenario {
	rows := rowsOf("", "ppc-qnode-link.litmus", neverHangs,
		rowSpec{"publish_tail_cpu, get_tail_qnode (powerpc's own qspinlock, 2022)", "", every(never)},
		rowSpec{"publish_tail_cpu without PPC_RELEASE_BARRIER", "ppc-qspinlock-mcs-no-release", brokenButTSO},
		rowSpec{"get_tail_qnode without smp_acquire__after_ctrl_dep()", "ppc-qspinlock-mcs-no-ctrl-rmb", brokenButTSO})
	rows[0].Asm = map[string]string{"power": "locks/asm/ppc-qnode-link.ppc.litmus"}
	rows[1].Asm = map[string]string{"power": "locks/asm/ppc-qnode-link+no-release.ppc.litmus"}
	return &Scenario{
		Name:     "ppc-qnode-link",
		Question: "Two CPUs join powerpc's qspinlock queue: can one find the other's tail but not its initialised node, or lose its link to the other's node init?",
		Variants: rows,
	}
}
