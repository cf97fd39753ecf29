// The reviewer's lock before the patch: its unlock a plain WRITE_ONCE.

static void my_lock(spinlock_t *l)
{
	__assume(cmpxchg_acquire(l, 0, 1) == 0);
}

static void my_unlock(spinlock_t *l)
{
	WRITE_ONCE(*l, 0);
}
