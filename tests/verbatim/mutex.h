// kernel/locking/mutex.c (v4.10 on): the fast paths of mutex_lock() and
// mutex_unlock(), as the kernel has them, and include/linux/mutex.h's
// struct mutex cut to its owner word and wait lock.

struct mutex {
	atomic_long_t		owner;
	raw_spinlock_t		wait_lock;
};

static __always_inline bool __mutex_trylock_fast(struct mutex *lock)
{
	unsigned long curr = (unsigned long)current;
	unsigned long zero = 0UL;

	if (atomic_long_try_cmpxchg_acquire(&lock->owner, &zero, curr))
		return true;

	return false;
}

static __always_inline bool __mutex_unlock_fast(struct mutex *lock)
{
	unsigned long curr = (unsigned long)current;

	return atomic_long_try_cmpxchg_release(&lock->owner, &curr, 0UL);
}
