// include/asm-generic/ticket_spinlock.h, the functions as the kernel has
// them (the #include lines and the include guard left out); its
// arch_spinlock_t is the generic qspinlock_types.h word, the dialect's own.

static __always_inline void ticket_spin_lock(arch_spinlock_t *lock)
{
	u32 val = atomic_fetch_add(1<<16, &lock->val);
	u16 ticket = val >> 16;

	if (ticket == (u16)val)
		return;

	/*
	 * atomic_cond_read_acquire() is RCpc, but rather than defining a
	 * custom cond_read_rcsc() here we just emit a full fence.  We only
	 * need the prior reads before subsequent writes ordering from
	 * smb_mb(), but as atomic_cond_read_acquire() just emits reads and we
	 * have no outstanding writes due to the atomic_fetch_add() the extra
	 * orderings are free.
	 */
	atomic_cond_read_acquire(&lock->val, ticket == (u16)VAL);
	smp_mb();
}

static __always_inline bool ticket_spin_trylock(arch_spinlock_t *lock)
{
	u32 old = atomic_read(&lock->val);

	if ((old >> 16) != (old & 0xffff))
		return false;

	return atomic_try_cmpxchg(&lock->val, &old, old + (1<<16)); /* SC, for RCsc */
}

static __always_inline void ticket_spin_unlock(arch_spinlock_t *lock)
{
	u16 *ptr = (u16 *)lock + IS_ENABLED(CONFIG_CPU_BIG_ENDIAN);
	u32 val = atomic_read(&lock->val);

	smp_store_release(ptr, (u16)val + 1);
}

static __always_inline int ticket_spin_value_unlocked(arch_spinlock_t lock)
{
	u32 val = lock.val.counter;

	return ((val >> 16) == (val & 0xffff));
}

static __always_inline int ticket_spin_is_locked(arch_spinlock_t *lock)
{
	arch_spinlock_t val = READ_ONCE(*lock);

	return !ticket_spin_value_unlocked(val);
}

static __always_inline int ticket_spin_is_contended(arch_spinlock_t *lock)
{
	u32 val = atomic_read(&lock->val);

	return (s16)((val >> 16) - (val & 0xffff)) > 1;
}

#define arch_spin_is_locked(l)		ticket_spin_is_locked(l)
#define arch_spin_is_contended(l)	ticket_spin_is_contended(l)
#define arch_spin_value_unlocked(l)	ticket_spin_value_unlocked(l)
#define arch_spin_lock(l)		ticket_spin_lock(l)
#define arch_spin_trylock(l)		ticket_spin_trylock(l)
#define arch_spin_unlock(l)		ticket_spin_unlock(l)
