// The mutex fast path (kernel/locking/mutex.c, __mutex_trylock_fast and
// __mutex_unlock_fast since the owner rework of v4.10), for litmus tests.
// lock->owner is an atomic_long_t holding 0 when the mutex is free and
// the owner's task_struct pointer, with flag bits in its low three bits,
// when held. A test gives each CPU's task a number (0x100, 0x200...)
// whose flag bits are clear: no waiter, no hand-off, no pickup.
//
// Not modelled: the slow paths (__mutex_lock_slowpath with the OSQ's
// optimistic spinning and the wait list, __mutex_unlock_slowpath with
// its flags). A locker that finds the mutex held waits, and its final,
// successful attempt is the fast path's, as a spinlock's is in
// spinlock.c; the slow path's claim, __mutex_trylock_common, is an
// atomic_long_try_cmpxchg_acquire of the owner too.

// mutex_lock_fast: atomic_long_try_cmpxchg_acquire(&lock->owner, &zero,
// curr), which takes the mutex if it is free.
void mutex_lock_fast(atomic_long_t *owner, long curr)
{
	long zero = 0;

	__assume(atomic_long_try_cmpxchg_acquire(owner, &zero, curr));
}

// mutex_unlock_fast: atomic_long_try_cmpxchg_release(&lock->owner, &curr,
// 0), which frees the mutex if no flag is set (else the slow path would
// run; no test here sets one). Its result is not assumed: an unlock that
// fails leaves the mutex held, and a locker waiting for it hangs.
void mutex_unlock_fast(atomic_long_t *owner, long curr)
{
	atomic_long_try_cmpxchg_release(owner, &curr, 0);
}

// Known-bad variants, for the proof table (what-ifs, not kernel code):
// the claim without its acquire, the release without its release.
void mutex_lock_fast_relaxed(atomic_long_t *owner, long curr)
{
	long zero = 0;

	__assume(atomic_long_try_cmpxchg_relaxed(owner, &zero, curr));
}

void mutex_unlock_fast_relaxed(atomic_long_t *owner, long curr)
{
	atomic_long_try_cmpxchg_relaxed(owner, &curr, 0);
}
