// The queued rwlock (include/asm-generic/qrwlock.h and kernel/locking/
// qrwlock.c, the texts at torvalds/linux 019bc1f65e91 and 0d3001e2690a),
// for litmus tests. The 32-bit cnts word holds the writer byte wlocked
// (_QW_LOCKED 0xff when a writer holds the lock), the waiting-writer bit
// _QW_WAITING 0x100, and the reader count in units of _QR_BIAS 0x200
// (_QW_WMASK 0x1ff masks the writer part). The wait queue is an
// arch_spinlock_t, wait_lock, a location of its own: here the qspinlock
// fast path of spinlock.c (qspin_lock, qspin_unlock), as on arm64 and
// x86. The write unlock is the byte store-release of wlocked, a
// mixed-size access: the LKMM column refuses a test that uses it.
//
// Spins are their final, successful iteration, as in spinlock.c.
//
// The proof table's tests take one path of a lock each (the *_claim,
// *_fast and *_waiting entries below, and the slow paths started where a
// test's initial state says the fast path left them): the cnts word's
// additive RMWs (+_QR_BIAS, -_QR_BIAS, +_QW_WAITING) give each read of
// it dozens of candidate values, and a writer or reader that may take
// both paths passes the explorer's path bound. Each entry is the code of
// that path, starting from the state that path starts in.

// queued_read_lock: atomic_add_return_acquire(_QR_BIAS, &lock->cnts);
// if a writer holds or waits for the lock, the slow path.
void queued_read_lock(struct qrwlock *lock, spinlock_t *wait_lock)
{
	int cnts = atomic_add_return_acquire(0x200, &lock->cnts);

	if (cnts & 0x1ff)
		queued_read_lock_slowpath(lock, wait_lock);
}

// queued_read_lock_slowpath in interrupt context (in_interrupt()): the
// reader keeps its bias and waits with acquire for the writer byte to
// clear, without queueing (a waiting writer does not hold it back).
void queued_read_lock_slowpath_irq(struct qrwlock *lock)
{
	atomic_cond_read_acquire(&lock->cnts, !(VAL & 0xff));
}

// queued_read_lock_slowpath in process context: take the reader bias
// back, queue on wait_lock, add it again, wait with acquire for the
// writer byte to clear, and let the next in the queue go.
void queued_read_lock_slowpath(struct qrwlock *lock, spinlock_t *wait_lock)
{
	atomic_sub(0x200, &lock->cnts);
	qspin_lock(wait_lock);
	atomic_add(0x200, &lock->cnts);
	atomic_cond_read_acquire(&lock->cnts, !(VAL & 0xff));
	qspin_unlock(wait_lock);
}

// queued_read_unlock: atomic_sub_return_release(_QR_BIAS, &lock->cnts).
void queued_read_unlock(struct qrwlock *lock)
{
	atomic_sub_return_release(0x200, &lock->cnts);
}

// queued_write_lock: atomic_try_cmpxchg_acquire(&lock->cnts, &cnts,
// _QW_LOCKED) from 0, else the slow path.
void queued_write_lock(struct qrwlock *lock, spinlock_t *wait_lock)
{
	int cnts = 0;

	if (!atomic_try_cmpxchg_acquire(&lock->cnts, &cnts, 0xff))
		queued_write_lock_slowpath(lock, wait_lock);
}

// queued_write_lock_slowpath: queue on wait_lock; take the lock at once
// if cnts is 0 (atomic_read, then atomic_cmpxchg_acquire); else set
// _QW_WAITING and, in the final iteration of the do-while, wait with
// atomic_cond_read_relaxed for cnts == _QW_WAITING (no reader, no
// writer) and claim it with atomic_try_cmpxchg_acquire; unlock wait_lock.
void queued_write_lock_slowpath(struct qrwlock *lock, spinlock_t *wait_lock)
{
	int cnts;
	int got = 0;

	qspin_lock(wait_lock);
	if (!atomic_read(&lock->cnts))
		got = atomic_cmpxchg_acquire(&lock->cnts, 0, 0xff) == 0;
	if (!got) {
		atomic_add(0x100, &lock->cnts);
		cnts = atomic_cond_read_relaxed(&lock->cnts, VAL == 0x100);
		__assume(atomic_try_cmpxchg_acquire(&lock->cnts, &cnts, 0xff));
	}
	qspin_unlock(wait_lock);
}

// queued_write_unlock: smp_store_release(&lock->wlocked, 0), the byte.
void queued_write_unlock(struct qrwlock *lock)
{
	smp_store_release(&lock->wlocked, 0);
}

// The generic write unlock before the byte store-release (v3.16 to v4.3,
// queue_write_unlock then queued_write_unlock): smp_mb__before_atomic();
// atomic_sub(_QW_LOCKED, &lock->cnts). A word RMW, which the LKMM column
// can run.
void queued_write_unlock_sub(struct qrwlock *lock)
{
	smp_mb__before_atomic();
	atomic_sub(0xff, &lock->cnts);
}

// Known-bad variants, for the proof table (what-ifs, not kernel code).

// The write unlock as a plain byte store: no release.
void queued_write_unlock_once(struct qrwlock *lock)
{
	WRITE_ONCE(lock->wlocked, 0);
}

// The read lock's fast path without its acquire.
void queued_read_lock_relaxed(struct qrwlock *lock, spinlock_t *wait_lock)
{
	int cnts = atomic_add_return_relaxed(0x200, &lock->cnts);

	if (cnts & 0x1ff)
		queued_read_lock_slowpath(lock, wait_lock);
}

// The read unlock without its release.
void queued_read_unlock_relaxed(struct qrwlock *lock)
{
	atomic_sub_return_relaxed(0x200, &lock->cnts);
}

// ---- One path each, for the proof table's tests.

// queued_write_lock_claim: a writer's claim of a free lock, the final
// attempt of the fast path's atomic_try_cmpxchg_acquire(&lock->cnts,
// &cnts, _QW_LOCKED) from 0 (the slow path's first claim, an
// atomic_cmpxchg_acquire from 0 once atomic_read saw 0, is the same
// acquire RMW).
void queued_write_lock_claim(struct qrwlock *lock)
{
	int cnts = 0;

	__assume(atomic_try_cmpxchg_acquire(&lock->cnts, &cnts, 0xff));
}

// queued_write_lock_waiting: the slow path of a writer that holds
// wait_lock and has set _QW_WAITING (the test starts there, cnts with
// 0x100 set and wait_lock 1): the final iteration of the do-while, the
// wait with atomic_cond_read_relaxed for cnts == _QW_WAITING and the
// claim with atomic_try_cmpxchg_acquire, then arch_spin_unlock.
void queued_write_lock_waiting(struct qrwlock *lock, spinlock_t *wait_lock)
{
	int cnts = atomic_cond_read_relaxed(&lock->cnts, VAL == 0x100);

	__assume(atomic_try_cmpxchg_acquire(&lock->cnts, &cnts, 0xff));
	qspin_unlock(wait_lock);
}

// queued_read_lock_fast: the read lock's fast path, taken: the
// atomic_add_return_acquire found no writer (a plain assumption, the
// path's condition; the slow path is queued_read_lock_slowpath).
void queued_read_lock_fast(struct qrwlock *lock)
{
	int cnts = atomic_add_return_acquire(0x200, &lock->cnts);

	__assume(!(cnts & 0x1ff));
}

// The fast path taken without its acquire (what-if).
void queued_read_lock_fast_relaxed(struct qrwlock *lock)
{
	int cnts = atomic_add_return_relaxed(0x200, &lock->cnts);

	__assume(!(cnts & 0x1ff));
}
