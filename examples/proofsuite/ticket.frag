// A ticket lock, the user's own lock code: next hands out tickets, owner
// is the ticket being served. Kept in a .frag file because the go command
// hands every .c file of a package directory to cgo.

void ticket_lock(atomic_t *next, int *owner)
{
	int t = atomic_fetch_inc_relaxed(next);

	// Spin until our ticket is served: the final, successful iteration.
	smp_cond_load_acquire(owner, VAL == t);
}

void ticket_unlock(int *owner)
{
	// Only the holder writes owner.
	int o = READ_ONCE(*owner);

	smp_store_release(owner, o + 1);
}
