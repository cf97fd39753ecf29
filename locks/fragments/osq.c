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
// osq_unlock's osq_wait_next() loop is its final iteration, the one that
// finds the successor's node in node->next; the unqueue path (Steps A to
// C) and the whole osq_unlock are at the end of this file.

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

// ---- The unqueue path, for tests in which a queued CPU gives up
// (need_resched(), a flag of the test). Loops are their final iteration,
// as spins are in spinlock.c: a wait whose exit test fails is a spin (a
// hang when it reads the last writes), and an RMW that ends a wait and
// fails (the tail cmpxchg, the xchg of node->next) sends the kernel back
// to the wait, whose final iteration another path is. Not modelled:
// vcpu_is_preempted(), the Step-A re-read of node->prev (only a
// predecessor's Step C changes it), node->cpu (the test gives numbers).

// osq_unlock_full: osq_unlock as the kernel writes it, for a successor
// that may unqueue: the fast path releases tail if this CPU is still the
// last queued; otherwise next = xchg(&node->next, NULL) finds the
// successor, or osq_wait_next() waits for one to link itself or for the
// tail to come back to this CPU (a successor that gave up), and
// WRITE_ONCE(next->locked, 1) hands the OSQ over.
void osq_unlock_full(atomic_t *tail, int curr, int **node_next)
{
	int *next;

	if (atomic_cmpxchg_release(tail, curr, 0) != curr) {
		next = xchg(node_next, 0);
		if (!next)
			next = osq_wait_next(tail, curr, 0, node_next);
		if (next)
			WRITE_ONCE(*next, 1);
	}
}

// osq_wait_next (v6.7, old is prev->cpu or OSQ_UNLOCKED_VAL), its final
// iteration: the wait until the tail is this CPU's or node->next is set
// (the kernel's atomic_read(&lock->tail) and `if (node->next)`; node->next
// is read here when the tail is ours too, a read whose value is then
// unused), then atomic_cmpxchg_acquire(&lock->tail, curr, old), which
// moves the tail back and returns NULL, or xchg(&node->next, NULL), which
// returns the successor.
int *osq_wait_next(atomic_t *tail, int curr, int old, int **node_next)
{
	int *next = 0;
	int moved = 0;
	int t = atomic_cond_read_relaxed(tail, VAL == curr || READ_ONCE(*node_next) != 0);

	if (t == curr)
		moved = atomic_cmpxchg_acquire(tail, curr, old) == curr;
	if (!moved) {
		next = xchg(node_next, 0);
		__assume(next != 0);
	}
	return next;
}

// Step A of the unqueue path, its final iteration: unlink the node from
// prev->next with cmpxchg(&prev->next, node, NULL); if that fails, the
// predecessor's unlock took the node with its xchg, and the wait ends on
// its hand-off, smp_load_acquire(&node->locked). Returns whether the node
// was unlinked.
int osq_unqueue_unlink(int **pred_next, int *node_locked)
{
	int unlinked = 0;

	if (READ_ONCE(*pred_next) == node_locked)
		unlinked = cmpxchg(pred_next, node_locked, 0) == node_locked;
	if (!unlinked)
		__assume(smp_load_acquire(node_locked));
	return unlinked;
}

// A broken Step A (what-if): prev->next checked and cleared by two plain
// accesses, so the predecessor's xchg can take the node in between and
// hand the OSQ to a CPU that has given up.
int osq_unqueue_unlink_plain(int **pred_next, int *node_locked)
{
	int unlinked = 0;

	if (READ_ONCE(*pred_next) == node_locked) {
		WRITE_ONCE(*pred_next, 0);
		unlinked = 1;
	}
	if (!unlinked)
		__assume(smp_load_acquire(node_locked));
	return unlinked;
}

// osq_lock with its unqueue path (v6.7): returns whether the OSQ was
// taken. The wait is smp_cond_load_relaxed(&node->locked, VAL ||
// need_resched()), need_resched() being READ_ONCE(*resched). On a
// give-up: Step A (osq_unqueue_unlink); Step B, osq_wait_next() with
// prev->cpu, pred; Step C, WRITE_ONCE(next->prev, prev) then
// WRITE_ONCE(prev->next, next), when Step B found a successor, whose
// node and prev field the test passes (succ_node, succ_prev; 0 and an
// unused location when it queues none).
int osq_lock_unqueue(atomic_t *tail, int curr, int pred, int **pred_next, int *pred_node,
		     int *node_locked, int **node_prev, int **node_next, int *resched,
		     int *succ_node, int **succ_prev)
{
	int old;
	int got = 1;
	int *next;

	WRITE_ONCE(*node_locked, 0);
	WRITE_ONCE(*node_next, 0);
	old = atomic_xchg(tail, curr);
	if (old != 0) {
		__assume(old == pred);
		WRITE_ONCE(*node_prev, pred_node);
		smp_wmb();
		WRITE_ONCE(*pred_next, node_locked);
		if (!smp_cond_load_relaxed(node_locked, VAL || READ_ONCE(*resched))) {
			if (osq_unqueue_unlink(pred_next, node_locked)) {
				got = 0;
				next = osq_wait_next(tail, curr, pred, node_next);
				if (next) {
					__assume(next == succ_node);
					WRITE_ONCE(*succ_prev, pred_node);
					WRITE_ONCE(*pred_next, next);
				}
			}
		}
	}
	return got;
}
