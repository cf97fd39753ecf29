// powerpc's own qspinlock's MCS queue (arch/powerpc/lib/qspinlock.c,
// queued_spin_lock_mcs_queue, Nicholas Piggin's 2022 rewrite, v6.2 on),
// for litmus tests, on the lock word of ppc_qspinlock.c: bit 0 locked,
// bits 17-31 the tail CPU + 1 (_Q_TAIL_CPU_MASK 0xfffe0000), so CPU 0's
// tail is 0x20000, CPU 1's 0x40000, CPU 2's 0x60000. The word and the
// tails are ints here, so the mask is written ~0x1ffff: the same 32 bits
// as an int, where the unsigned constant 0xfffe0000 would make C compare
// as unsigned and add conversions the compiled code does not need.
//
// A CPU's qnode is made of the test's locations, passed by field: next,
// lock (1 when the node is for this lock: get_tail_qnode's
// qnode->lock == lock) and locked. As in qspinlock_mcs.c, node->next
// holds the successor's tail rather than its node's address (the word is
// mixed-size, and a location made of cells cannot hold an address), and
// the test passes the node that tail names: the hand-off store then
// depends on the read of node->next by control instead of by address,
// and both order a read before a later write in every hardware model.
//
// Departures, each stated where it applies: the lwarx/stwcx. loops are
// their final iteration, a read of the word and a compare-and-swap that
// must succeed (the compiled cmpxchg's compare is the kernel's test);
// get_tail_qnode's search of the CPU's nodes[] is one node's lock field;
// the owner CPU in the locked value is 0 (as in ppc_qspinlock.c). Not
// modelled: the stealing before the queue (try_to_steal_lock, whose end is
// ppc_qspin_lock's trylock), the must-queue and sleepy bits, the paravirt
// yields and prods, node->cpu and yield_cpu, qnodesp->count and the
// nesting index, the prefetch of node->next and spec_barrier() (an "ori
// 31,31,0" speculation barrier, no memory ordering).

// publish_tail_cpu: PPC_RELEASE_BARRIER, then "1: lwarx; andc (the
// tail); or tail; stwcx.; bne- 1b", returning the old word. The barrier
// orders the node's initialisation before the new tail, for the CPU that
// finds this tail (get_tail_qnode) and for the predecessor that hands
// over through node->locked. PPC_RELEASE_BARRIER is lwsync, written
// smp_wmb(), which POWER compiles to lwsync: a cmpxchg_release would put
// the final iteration's read of the word before the lwsync, where the
// kernel has none, and that read, ordered by the lwsync before
// everything after it, made get_tail_qnode's barrier look unneeded on
// POWER. On ARMv8 smp_wmb() is dmb ishst, which orders what the release
// orders here: the node's stores before the tail's (nothing is read
// before it in the queue path). Final iteration: a read of the word and
// the relaxed cmpxchg (lwarx, cmpw, stwcx. on POWER) of the value read.
int ppcq_publish_tail_cpu(struct qspinlock *lock, int tail)
{
	smp_wmb();
	return ppcq_publish_tail_cpu_relaxed(lock, tail);
}

// get_tail_qnode: the caller found a previous tail in the word it
// replaced (the control dependency), then smp_acquire__after_ctrl_dep()
// (smp_rmb(): lwsync) pairs with that CPU's publish_tail_cpu release
// before reading its qnodes. Returns qnode->lock == lock: 0 is the
// kernel's BUG() (no node of the predecessor's is for this lock).
int ppcq_get_tail_qnode(int *pred_lock)
{
	smp_rmb();
	return READ_ONCE(*pred_lock) == 1;
}

// trylock_clean_tail: "1: lwarx; andi. locked; bne 3f; and (the tail);
// cmpw tail; or newval; bne 2f; andc (the tail); 2: stwcx.; bne- 1b;
// PPC_ACQUIRE_BARRIER; 3:": take the lock if it is free, clear the tail
// if it is still the caller's, keep it otherwise; the acquire barrier
// only on success. Final iteration: the cmpxchg_acquire (whose POWER form
// has the barrier where the kernel's has it) of the new value computed
// from old, the value the head's wait read, succeeds; a failed attempt
// writes nothing and goes again. That the wait's read and the lwarx read
// the same value drops no execution: the wait's plain read orders nothing
// that the lwarx, po-after it with its own control dependency, does not,
// so the wait could always have read the value the lwarx reads.
void ppcq_trylock_clean_tail(struct qspinlock *lock, int tail, int old)
{
	__assume(atomic_try_cmpxchg_acquire(&lock->val, &old, ppcq_clean_tail_val(old, tail)));
}

// The word trylock_clean_tail stores: the locked value, the tail cleared
// if it is the caller's.
int ppcq_clean_tail_val(int old, int tail)
{
	int new = old | 1;

	if ((old & ~0x1ffff) == tail)
		new = (old & 0x1ffff) | 1;
	return new;
}

// ppcq_head: the queue head's part, from "again:" on. It waits for the
// locked bit to clear (a READ_ONCE loop, no barrier), claims the lock
// (trylock_clean_tail); if the tail was its own it is done, else it waits
// for its successor in node->next (a READ_ONCE loop) and hands over with
// a plain WRITE_ONCE(next->locked, 1): no release, because "the acquire
// barrier we took the lock with orders that update vs this store to
// locked" and the successor reads only the lock word after its smp_rmb().
// succ and succ_locked are the successor the test queues (0 and any node
// when none).
void ppcq_head(struct qspinlock *lock, int tail, int *node_next, int succ, int *succ_locked)
{
	int old;
	int next;

	old = atomic_cond_read_relaxed(&lock->val, !(VAL & 1));
	ppcq_trylock_clean_tail(lock, tail, old);
	if ((old & ~0x1ffff) != tail) {
		next = smp_cond_load_relaxed(node_next, VAL);
		__assume(next == succ);
		ppcq_handoff(succ_locked);
	}
}

// The hand-off store, WRITE_ONCE(next->locked, 1), and the waiter's side:
// "while (!READ_ONCE(node->locked))", then smp_rmb(), the "acquire
// barrier for the mcs lock".
void ppcq_handoff(int *succ_locked)
{
	WRITE_ONCE(*succ_locked, 1);
}

void ppcq_wait_locked(int *node_locked)
{
	smp_cond_load_relaxed(node_locked, VAL);
	smp_rmb();
}

// ppcq_enqueue: a CPU's joining the queue. Node init (node->next =
// NULL, node->lock = lock, node->locked = 0), with no barrier of its own:
// publish_tail_cpu's release is the one. If the old word had a tail
// (pred, the test's __assume for decode_tail_cpu), find its node and
// link this one with WRITE_ONCE(prev->next, node). Returns 1 when it
// linked behind pred, 2 when there was no predecessor (the caller is the
// head), 0 when get_tail_qnode found no node (the kernel's BUG(); the
// link is still made, so that a test can tell the two faults apart).
int ppcq_enqueue(struct qspinlock *lock, int tail, int pred, int *pred_lock, int *pred_next,
		 int *node_lock, int *node_locked, int *node_next)
{
	int old;
	int r = 2;

	WRITE_ONCE(*node_next, 0);
	WRITE_ONCE(*node_lock, 1);
	WRITE_ONCE(*node_locked, 0);
	old = ppcq_publish_tail_cpu(lock, tail);
	if (old & ~0x1ffff) {
		__assume((old & ~0x1ffff) == pred);
		r = ppcq_get_tail_qnode(pred_lock);
		WRITE_ONCE(*pred_next, tail);
	}
	return r;
}

// ppcq_lock_queued: ppcq_enqueue, the wait on node->locked when it
// linked behind a predecessor, then the head's part. Returns 0 when
// get_tail_qnode found no node, else 1.
int ppcq_lock_queued(struct qspinlock *lock, int tail, int pred, int *pred_lock, int *pred_next,
		     int *node_lock, int *node_locked, int *node_next, int succ, int *succ_locked)
{
	int r = ppcq_enqueue(lock, tail, pred, pred_lock, pred_next, node_lock, node_locked, node_next);

	if (r != 2)
		ppcq_wait_locked(node_locked);
	ppcq_head(lock, tail, node_next, succ, succ_locked);
	return r != 0;
}

// Known-bad variants (what-ifs): publish_tail_cpu without
// PPC_RELEASE_BARRIER (its lwarx/stwcx. loop, which publish_tail_cpu
// calls after the barrier), get_tail_qnode without
// smp_acquire__after_ctrl_dep(), trylock_clean_tail without
// PPC_ACQUIRE_BARRIER, and the waiter without its smp_rmb().
int ppcq_publish_tail_cpu_relaxed(struct qspinlock *lock, int tail)
{
	int old = atomic_read(&lock->val);

	__assume(atomic_try_cmpxchg_relaxed(&lock->val, &old, (old & 0x1ffff) | tail));
	return old;
}

int ppcq_get_tail_qnode_no_rmb(int *pred_lock)
{
	return READ_ONCE(*pred_lock) == 1;
}

void ppcq_trylock_clean_tail_relaxed(struct qspinlock *lock, int tail, int old)
{
	__assume(atomic_try_cmpxchg_relaxed(&lock->val, &old, ppcq_clean_tail_val(old, tail)));
}

void ppcq_wait_locked_no_rmb(int *node_locked)
{
	smp_cond_load_relaxed(node_locked, VAL);
}
