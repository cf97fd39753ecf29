// The reviewer's own lock, loaded with --fragments.

static void my_lock(spinlock_t *l)
{
	__assume(cmpxchg_acquire(l, 0, 1) == 0);
}

static void my_unlock(spinlock_t *l)
{
	smp_store_release(l, 0);
}
