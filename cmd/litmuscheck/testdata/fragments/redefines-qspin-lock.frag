void qspin_lock(spinlock_t *l)
{
	__assume(cmpxchg_acquire(l, 0, 1) == 0);
}
