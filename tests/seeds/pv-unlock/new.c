// kernel/locking/qspinlock_paravirt.h's __pv_queued_spin_unlock with the
// patch "pv-qspinlock: use cmpxchg_release in __pv_queued_spin_unlock"
// (Pan Xinhui, v3 5/6) applied; old.c is the same function before it. In
// 2016 the function reached the locked byte through struct __qspinlock,
// a union view of the lock word; the kernel has since given struct
// qspinlock the members itself, and the function is pasted as it reads
// today, where the patch is the same one-line change. The #ifndef is the
// kernel's (an architecture may provide its own unlock).

#define _Q_LOCKED_VAL	1U

#ifndef __pv_queued_spin_unlock
__visible __lockfunc void __pv_queued_spin_unlock(struct qspinlock *lock)
{
	u8 locked;

	/*
	 * We must not unlock if SLOW, because in that case we'll race against
	 * a CPU that could unhash. Otherwise it would be possible to have
	 * multiple @lock entries, which would be BAD.
	 */
	locked = cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0);
	if (likely(locked == _Q_LOCKED_VAL))
		return;

	__pv_queued_spin_unlock_slowpath(lock, locked);
}
#endif
