// A user's lock, as a file of C functions: .frag, since a .c file in a Go
// package directory is handed to cgo.

void my_lock(spinlock_t *l)
{
	__assume(cmpxchg_acquire(l, 0, 1) == 0);
}

void my_unlock(spinlock_t *l)
{
	smp_store_release(l, 0);
}
