// The OSQ, the optimistic spin queue of mutexes and rwsems
// (kernel/locking/osq_lock.c), for litmus tests. The lock word tail holds
// 0 (OSQ_UNLOCKED_VAL) or the encoded number (CPU + 1) of the last queued
// CPU. A CPU's node is made of the test's locations, passed by field; a
// node pointer (node->next, node->prev) is the address of the node's
// locked field. The test fixes the queue order: osq_lock is told the
// number and the fields of the CPU it queues behind, and assumes that the
// xchg on tail returned that number when the OSQ was not free (the test's
// decode_cpu).
//
// Not modelled: the unqueue path (need_resched(), vcpu_is_preempted(),
// Steps A to C). osq_unlock's osq_wait_next() loop is its final
// iteration, the one that finds the successor's node in node->next.

// osq_lock as of v6.7: node->prev is set before the smp_wmb() that
// publishes the node with WRITE_ONCE(prev->next, node); the wait is
// smp_cond_load_relaxed on node->locked.
void osq_lock(atomic_t *tail, int curr, int pred, int **pred_next, int *pred_node,
	      int *node_locked, int **node_prev, int *node_prev_cpu)
{
	int old;

	WRITE_ONCE(*node_locked, 0);
	old = atomic_xchg(tail, curr);
	if (old != 0) {
		__assume(old == pred);
		WRITE_ONCE(*node_prev, pred_node);
		smp_wmb();
		WRITE_ONCE(*pred_next, node_locked);
		smp_cond_load_relaxed(node_locked, VAL);
	}
}

// osq_lock with David Laight's 2023 series v2 1/5 and 2/5 (not merged):
// node->locked is cleared only on the slow path, after the xchg, and
// node->prev_cpu caches the predecessor's number next to node->prev.
void osq_lock_prev_cpu(atomic_t *tail, int curr, int pred, int **pred_next, int *pred_node,
		       int *node_locked, int **node_prev, int *node_prev_cpu)
{
	int old;

	old = atomic_xchg(tail, curr);
	if (old != 0) {
		__assume(old == pred);
		WRITE_ONCE(*node_prev_cpu, old);
		WRITE_ONCE(*node_prev, pred_node);
		WRITE_ONCE(*node_locked, 0);
		smp_wmb();
		WRITE_ONCE(*pred_next, node_locked);
		smp_cond_load_relaxed(node_locked, VAL);
	}
}

// osq_unlock: the fast path releases tail if this CPU is still the last
// queued; otherwise next = xchg(&node->next, NULL) finds the successor
// (in osq_wait_next's final iteration if not at once) and
// WRITE_ONCE(next->locked, 1) hands the OSQ over.
void osq_unlock(atomic_t *tail, int curr, int **node_next)
{
	int *next;

	if (atomic_cmpxchg_release(tail, curr, 0) != curr) {
		next = xchg(node_next, 0);
		__assume(next != 0);
		WRITE_ONCE(*next, 1);
	}
}

// A broken ordering: node->locked is cleared after the node is published
// in prev->next, so the predecessor's hand-off, WRITE_ONCE(next->locked,
// 1), can come first and be overwritten, and the waiter spins forever.
void osq_lock_late_clear(atomic_t *tail, int curr, int pred, int **pred_next, int *pred_node,
			 int *node_locked, int **node_prev, int *node_prev_cpu)
{
	int old;

	old = atomic_xchg(tail, curr);
	if (old != 0) {
		__assume(old == pred);
		WRITE_ONCE(*node_prev, pred_node);
		smp_wmb();
		WRITE_ONCE(*pred_next, node_locked);
		WRITE_ONCE(*node_locked, 0);
		smp_cond_load_relaxed(node_locked, VAL);
	}
}
