// powerpc's own queued spinlock (Nicholas Piggin's 2022 rewrite, v6.2 on:
// arch/powerpc/include/asm/qspinlock.h, qspinlock_types.h and
// arch/powerpc/lib/qspinlock.c), its lock word and its fast paths, for
// litmus tests. The 32-bit word holds the locked bit (bit 0,
// _Q_LOCKED_VAL), the owner CPU (bits 1-14), the sleepy bit (15), the
// must-queue bit (16) and the tail CPU + 1 (bits 17-31). Its u16 member
// locked is bits 0-15 (on big-endian the halfword at byte offset 2, after
// reserved[2]), the bits the generic layout, which the dialect's struct
// qspinlock lays out, calls locked_pending: the fragments name them so,
// and POWER runs the unlock as the kernel's sth at offset 2.
//
// Departures, each stated where it applies: the owner field is 0 (the
// dialect has no smp_processor_id(); queued_spin_encode_locked_val()
// stores _Q_LOCKED_VAL | cpu << 1, which only the paravirt yield
// heuristics read); the EH=1 hint of the lwarx is left out (a hint to keep
// the line, with no ordering meaning; the parser accepts and ignores it);
// the slow path (try_to_steal_lock's spin, the MCS queue of
// queued_spin_lock_mcs_queue) is not modelled.

// queued_spin_trylock is __queued_spin_trylock_steal
// (_Q_SPIN_TRY_LOCK_STEAL 1): "1: lwarx; andc. (the bits but the tail);
// bne- 2f; and (the tail); or new; stwcx.; bne- 1b; PPC_ACQUIRE_BARRIER;
// 2:", which takes the lock when nothing but the tail is set and keeps
// the tail. The tests of these fragments queue no tail, and with the tail
// 0 the loop is __queued_spin_trylock_nosteal's, "lwarx; cmpwi 0; bne-
// 2f; stwcx.; bne- 1b; PPC_ACQUIRE_BARRIER; 2:", which is
// cmpxchg_acquire(&lock->val, 0, new) on every target (on POWER the same
// instructions, the acquire barrier skipped on failure).
int ppc_qspin_trylock(struct qspinlock *lock)
{
	return cmpxchg_acquire(&lock->val, 0, 1) == 0;
}

// queued_spin_lock: the trylock, else the slow path, whose lock stealing
// (try_to_steal_lock) ends in the same __queued_spin_trylock_steal: the
// spin is that attempt, successful.
void ppc_qspin_lock(struct qspinlock *lock)
{
	__assume(cmpxchg_acquire(&lock->val, 0, 1) == 0);
}

// queued_spin_unlock: smp_store_release(&lock->locked, 0), PPC_RELEASE_BARRIER
// (lwsync) and a halfword store that clears the locked bit and the owner
// and leaves the must-queue bit and the tail alone.
void ppc_qspin_unlock(struct qspinlock *lock)
{
	smp_store_release(&lock->locked_pending, 0);
}

// queued_spin_is_locked: READ_ONCE(lock->val), any bit set.
int ppc_qspin_is_locked(struct qspinlock *lock)
{
	return atomic_read(&lock->val) != 0;
}

// Known-bad variants (what-ifs): the lock without PPC_ACQUIRE_BARRIER, the
// unlock without PPC_RELEASE_BARRIER.
void ppc_qspin_lock_no_acquire(struct qspinlock *lock)
{
	__assume(cmpxchg_relaxed(&lock->val, 0, 1) == 0);
}

void ppc_qspin_unlock_no_release(struct qspinlock *lock)
{
	WRITE_ONCE(lock->locked_pending, 0);
}
