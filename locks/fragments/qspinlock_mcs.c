// The qspinlock's MCS queue (kernel/locking/qspinlock.c,
// queued_spin_lock_slowpath from "End of pending bit optimistic spinning
// and beginning of MCS queuing" on, v5.9 and later), on the word's
// members: a mixed-size fragment, which the hardware columns run at the
// kernel's widths and the LKMM column refuses. A CPU's MCS node is made
// of the test's locations, passed by field. The tail is the word value
// of include/asm-generic/qspinlock_types.h, (cpu + 1) <<
// _Q_TAIL_CPU_OFFSET (18) with index 0: 0x40000 for CPU 0, 0x80000 for
// CPU 1. The test fixes the queue order: decode_tail is an __assume that
// the old tail is the predecessor's, whose node->next the test passes.
// node->next holds the successor's tail rather than its node's address
// (litmuscheck's mixed-size semantics, as herd7's, cannot store an address
// in a location made of cells), and the head hands over to the node the
// test passes for that tail: the hand-off store then depends on the read
// of node->next by control instead of by address, and both dependencies
// order a read before a later write in every hardware model.
//
// Not modelled: the pending path before the queue (qspinlock_pending.c),
// the trylock retry after node init, node->count and the nesting index,
// the prefetchw of node->next.

// arch_mcs_spin_lock_contended: smp_cond_load_acquire on node->locked
// (include/asm-generic/mcs_spinlock.h).
void mcs_spin_lock_contended(int *l)
{
	smp_cond_load_acquire(l, VAL);
}

// arch_mcs_spin_unlock_contended: smp_store_release of 1 to the next
// node's locked field.
void mcs_spin_unlock_contended(int *l)
{
	smp_store_release(l, 1);
}

// Known-bad variants (what-if): the hand-off without its acquire, and
// without its release.
void mcs_spin_lock_contended_relaxed(int *l)
{
	smp_cond_load_relaxed(l, VAL);
}

void mcs_spin_unlock_contended_once(int *l)
{
	WRITE_ONCE(*l, 1);
}

// qspin_mcs_head: the queue head's part, from the wait on locked_pending
// (atomic_cond_read_acquire of the word until !(VAL &
// _Q_LOCKED_PENDING_MASK)) to the hand-off: if the tail is still this
// CPU's, the claim atomic_try_cmpxchg_relaxed(&lock->val, &val,
// _Q_LOCKED_VAL) takes the lock and empties the queue; otherwise
// set_locked() (WRITE_ONCE of the locked byte), then the wait for the
// successor's node in node->next (smp_cond_load_relaxed) and
// arch_mcs_spin_unlock_contended on its locked field.
void qspin_mcs_head(struct qspinlock *lock, int tail, int *node_next, int succ, int *succ_locked)
{
	int val = atomic_cond_read_acquire(&lock->val, !(VAL & 0xffff));
	int got = 0;
	int next;

	if ((val & 0xffff0000) == tail)
		got = atomic_try_cmpxchg_relaxed(&lock->val, &val, 1);
	if (!got) {
		WRITE_ONCE(lock->locked, 1);
		next = smp_cond_load_relaxed(node_next, VAL);
		__assume(next == succ);
		mcs_spin_unlock_contended(succ_locked);
	}
}

// qspin_mcs_node_init: node->locked = 0; node->next = NULL; then the
// smp_wmb() that orders them before the node is published (95bcade33a8a,
// "Ensure node is initialised before updating prev->next").
void qspin_mcs_node_init(int *node_locked, int *node_next)
{
	WRITE_ONCE(*node_locked, 0);
	WRITE_ONCE(*node_next, 0);
	smp_wmb();
}

// qspin_mcs_publish: a queued CPU whose xchg_tail found the predecessor's
// tail pred: decode_tail (the test's __assume), the publication
// WRITE_ONCE(prev->next, node) and arch_mcs_spin_lock_contended on
// node->locked.
void qspin_mcs_publish(int old, int tail, int pred, int *pred_next, int *node_locked)
{
	if (old & 0xffff0000) {
		__assume((old & 0xffff0000) == pred);
		WRITE_ONCE(*pred_next, tail);
		mcs_spin_lock_contended(node_locked);
	}
}

// qspin_mcs_lock: a CPU's queueing, then its part as the head. Node init
// (node->locked = 0, node->next = NULL, smp_wmb() "before we publish the
// updated tail"); xchg_tail in the form for _Q_PENDING_BITS != 8, the
// final iteration of its atomic_cmpxchg_relaxed loop on the word (new =
// (old & _Q_LOCKED_PENDING_MASK) | tail), one word RMW on every target
// (the u16 xchg of the other form is a masked word loop on POWER); then
// qspin_mcs_publish and qspin_mcs_head. succ and succ_locked are the
// successor the test queues behind this CPU (0 and any node when none:
// its head part then never finds node->next set).
void qspin_mcs_lock(struct qspinlock *lock, int tail, int pred, int *pred_next,
		    int *node_locked, int *node_next, int succ, int *succ_locked)
{
	int old;

	qspin_mcs_node_init(node_locked, node_next);
	old = atomic_read(&lock->val);
	__assume(atomic_try_cmpxchg_relaxed(&lock->val, &old, (old & 0xffff) | tail));
	qspin_mcs_publish(old, tail, pred, pred_next, node_locked);
	qspin_mcs_head(lock, tail, node_next, succ, succ_locked);
}
