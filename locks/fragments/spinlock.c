// Spinlock algorithms, as C functions that litmuscheck inlines into C
// litmus tests. The lock word is 0 when free and 1 (_Q_LOCKED_VAL, or the
// powerpc LOCK_TOKEN) when held. A spinning acquire is written as its
// final, successful attempt: __assume drops the executions in which the
// attempt fails.

// ---- The generic spinlock: cmpxchg_acquire to take, store-release to
// release (the spinlock every architecture can build from the kernel's
// atomics).

void generic_spin_lock(spinlock_t *l)
{
	__assume(cmpxchg_acquire(l, 0, 1) == 0);
}

int generic_spin_trylock(spinlock_t *l)
{
	return cmpxchg_acquire(l, 0, 1) == 0;
}

void generic_spin_unlock(spinlock_t *l)
{
	smp_store_release(l, 0);
}

int generic_spin_is_locked(spinlock_t *l)
{
	return READ_ONCE(*l) != 0;
}

// ---- The powerpc simple spinlock (arch/powerpc/include/asm/
// simple_spinlock.h). __arch_spin_trylock is "1: lwarx; cmpwi 0; bne- 2f;
// stwcx.; bne- 1b; PPC_ACQUIRE_BARRIER; 2:", the very sequence of the
// powerpc cmpxchg_acquire, and arch_spin_lock spins on it.
// arch_spin_unlock is lwsync and a store of 0: the generic spinlock's.

void ppc_spin_lock(spinlock_t *l)
{
	generic_spin_lock(l);
}

int ppc_spin_trylock(spinlock_t *l)
{
	return generic_spin_trylock(l);
}

void ppc_spin_unlock(spinlock_t *l)
{
	generic_spin_unlock(l);
}

// arch_spin_is_locked since 66f60522138c "powerpc/spinlock: Unserialize
// spin_is_locked" (v5.13): a plain read of the lock word.
int ppc_spin_is_locked(spinlock_t *l)
{
	return generic_spin_is_locked(l);
}

// arch_spin_is_locked from 51d7d5205d33 "powerpc: Add smp_mb() to
// arch_spin_is_locked()" (2014) to v5.12: a full barrier first.
int ppc_spin_is_locked_mb(spinlock_t *l)
{
	smp_mb();
	return READ_ONCE(*l) != 0;
}

// ---- The queued spinlock's fast path and unlock (include/asm-generic/
// qspinlock.h). The slow path (pending bit, MCS queue) is not modelled: a
// locker that finds the lock held spins, and its final attempt is the
// fast path's.

void qspin_lock(spinlock_t *l)
{
	int val = 0;

	__assume(atomic_try_cmpxchg_acquire(l, &val, 1));
}

int qspin_trylock(spinlock_t *l)
{
	int val = atomic_read(l);
	int got = 0;

	if (val == 0)
		got = atomic_try_cmpxchg_acquire(l, &val, 1);
	return got;
}

void qspin_unlock(spinlock_t *l)
{
	smp_store_release(l, 0);
}

// queued_spin_is_locked: "Any !0 state indicates it is locked".
int qspin_is_locked(spinlock_t *l)
{
	return atomic_read(l) != 0;
}

// queued_spin_is_locked with the smp_mb() of 54cf809b9512 "locking/
// qspinlock: Fix spin_unlock_wait() some more" (2016), which the
// powerpc copy kept until 66f60522138c.
int qspin_is_locked_mb(spinlock_t *l)
{
	smp_mb();
	return atomic_read(l) != 0;
}

// ---- __pv_queued_spin_unlock (kernel/locking/qspinlock_paravirt.h):
// release the locked byte if it still holds _Q_LOCKED_VAL. Otherwise the
// slow path handles _Q_SLOW_VAL, which nothing here sets, and returns
// (after a warning) for any other value, so the fast path is all there is.

// Before b193049375b0 "locking/pv-qspinlock: Use cmpxchg_release() in
// __pv_queued_spin_unlock()" (v4.9): a fully ordered cmpxchg.
void pv_unlock_cmpxchg(spinlock_t *l)
{
	cmpxchg(l, 1, 0);
}

// Since b193049375b0; mainline now spells it try_cmpxchg_release, which
// compiles the same.
void pv_unlock_cmpxchg_release(spinlock_t *l)
{
	cmpxchg_release(l, 1, 0);
}

// What if the release ordering were dropped as well.
void pv_unlock_cmpxchg_relaxed(spinlock_t *l)
{
	cmpxchg_relaxed(l, 1, 0);
}

// A strawman: unlock by a plain WRITE_ONCE, no ordering at all.
void unlock_write_once(spinlock_t *l)
{
	WRITE_ONCE(*l, 0);
}
