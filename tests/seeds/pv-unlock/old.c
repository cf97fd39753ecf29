// kernel/locking/qspinlock_paravirt.h's __pv_queued_spin_unlock before
// the patch "pv-qspinlock: use cmpxchg_release in __pv_queued_spin_unlock"
// (Pan Xinhui, v3 5/6): the fully ordered cmpxchg; new.c has the patch.
// Pasted as the function reads today (see new.c).

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
	locked = cmpxchg(&lock->locked, _Q_LOCKED_VAL, 0);
	if (likely(locked == _Q_LOCKED_VAL))
		return;

	__pv_queued_spin_unlock_slowpath(lock, locked);
}
#endif
