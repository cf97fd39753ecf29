// arch/powerpc/include/asm/simple_spinlock_types.h
typedef struct {
	volatile unsigned int slock;
} arch_spinlock_t;

// arch/powerpc/include/asm/simple_spinlock.h, before "powerpc/spinlock:
// Unserialize spin_is_locked"
static __always_inline int arch_spin_value_unlocked(arch_spinlock_t lock)
{
	return lock.slock == 0;
}

static inline int arch_spin_is_locked(arch_spinlock_t *lock)
{
	smp_mb();
	return !arch_spin_value_unlocked(*lock);
}

// arch/powerpc/include/asm/qspinlock.h, before the patch
static __always_inline int queued_spin_is_locked(struct qspinlock *lock)
{
	/*
	 * This barrier was added to simple spinlocks by commit 51d7d5205d338,
	 * but it should now be possible to remove it, asm arm64 has done with
	 * commit c6f5d02b6a0f.
	 */
	smp_mb();
	return atomic_read(&lock->val);
}
#define queued_spin_is_locked queued_spin_is_locked
