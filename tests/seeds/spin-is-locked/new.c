// arch/powerpc/include/asm/simple_spinlock_types.h
typedef struct {
	volatile unsigned int slock;
} arch_spinlock_t;

// arch/powerpc/include/asm/simple_spinlock.h, after "powerpc/spinlock:
// Unserialize spin_is_locked"
static __always_inline int arch_spin_value_unlocked(arch_spinlock_t lock)
{
	return lock.slock == 0;
}

static inline int arch_spin_is_locked(arch_spinlock_t *lock)
{
	return !arch_spin_value_unlocked(READ_ONCE(*lock));
}

// The patch removes powerpc's queued_spin_is_locked, so the generic one
// of include/asm-generic/qspinlock.h is used instead.
#ifndef queued_spin_is_locked
/**
 * queued_spin_is_locked - is the spinlock locked?
 * @lock: Pointer to queued spinlock structure
 * Return: 1 if it is locked, 0 otherwise
 */
static __always_inline int queued_spin_is_locked(struct qspinlock *lock)
{
	/*
	 * Any !0 state indicates it is locked, even if _Q_LOCKED_VAL
	 * isn't immediately observable.
	 */
	return atomic_read(&lock->val);
}
#endif
