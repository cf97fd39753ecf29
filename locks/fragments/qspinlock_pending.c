// The qspinlock's pending path (kernel/locking/qspinlock.c,
// queued_spin_lock_slowpath from "We're pending, wait for the owner to go
// away" on, v5.9 and later), on the word's members (struct qspinlock,
// include/asm-generic/qspinlock_types.h): a mixed-size fragment, which
// the hardware columns run at the kernel's widths and the LKMM column
// refuses. The MCS queue is not modelled: paths on which the pending
// path would queue (the fetch_or finds a pending bit or a tail) are
// dropped by __assume, so these rows are about the CPUs that take the
// lock through the pending bit.

// queued_fetch_set_pending_acquire: atomic_fetch_or_acquire(_Q_PENDING_VAL,
// &lock->val) (x86's lock btsl orders as the locked cmpxchg loop it
// compiles to here). The paths on which the slow path would queue (a
// pending bit or a tail found) are dropped.
int queued_fetch_set_pending_acquire(struct qspinlock *lock)
{
	int val = atomic_fetch_or_acquire(0x100, &lock->val);

	__assume((val & 0xffffff00) == 0);
	return val;
}

// clear_pending_set_locked: a halfword store of _Q_LOCKED_VAL to
// locked_pending (_Q_PENDING_BITS 8).
void clear_pending_set_locked(struct qspinlock *lock)
{
	WRITE_ONCE(lock->locked_pending, 1);
}

// qspin_lock_pending: the slow path of a locker whose fast-path
// atomic_try_cmpxchg_acquire found the lock held (only the locked byte
// set, so the slow path goes for the pending bit; the holder may have
// released it since); the wait is smp_cond_load_acquire on the locked
// byte.
void qspin_lock_pending(struct qspinlock *lock)
{
	int val = queued_fetch_set_pending_acquire(lock);

	if (val & 0xff)
		smp_cond_load_acquire(&lock->locked, !VAL);
	clear_pending_set_locked(lock);
}

// queued_spin_unlock: smp_store_release of the locked byte.
void qspin_unlock_byte(struct qspinlock *lock)
{
	smp_store_release(&lock->locked, 0);
}

// queued_spin_trylock on the word, as the fast path.
int qspin_trylock_word(struct qspinlock *lock)
{
	int val = atomic_read(&lock->val);
	int got = 0;

	if (val == 0)
		got = atomic_try_cmpxchg_acquire(&lock->val, &val, 1);
	return got;
}

// queued_spin_is_locked before 54cf809b9512: only the locked byte, which
// the pending path stores last.
int qspin_is_locked_mask(struct qspinlock *lock)
{
	return (atomic_read(&lock->val) & 0xff) != 0;
}

// queued_spin_is_locked today: "Any !0 state indicates it is locked, even
// if _Q_LOCKED_VAL isn't immediately observable."
int qspin_is_locked_word(struct qspinlock *lock)
{
	return atomic_read(&lock->val) != 0;
}

// The same with the smp_mb() first that 54cf809b9512 added too.
int qspin_is_locked_word_mb(struct qspinlock *lock)
{
	smp_mb();
	return atomic_read(&lock->val) != 0;
}

// Known-bad variant (what-if): the wait for the locked byte without its
// acquire, which clear_pending_set_locked()'s plain store does not make
// up for.
void qspin_lock_pending_relaxed(struct qspinlock *lock)
{
	int val = queued_fetch_set_pending_acquire(lock);

	if (val & 0xff)
		smp_cond_load_relaxed(&lock->locked, !VAL);
	clear_pending_set_locked(lock);
}
