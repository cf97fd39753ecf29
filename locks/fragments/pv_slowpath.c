// The paravirt qspinlock's _Q_SLOW_VAL protocol (kernel/locking/
// qspinlock_paravirt.h, the text since 34d54f3d6917 relaxed its cmpxchgs),
// for litmus tests: the queue head hashes itself, sets _Q_SLOW_VAL and
// sleeps in pv_wait() (pv_wait_head_or_lock), and __pv_queued_spin_unlock
// that finds _Q_SLOW_VAL unhashes the head, releases and kicks it.
//
// The lock word stands for its locked byte, which holds 0, _Q_LOCKED_VAL
// (1) or _Q_SLOW_VAL (3): the tests of these fragments set no pending bit
// and queue no tail, so the word and the byte hold the same values, and
// the fragments run in every column, the LKMM's included. The hash table
// is one slot (one waiter, one lock): he_lock is 1 when the slot holds the
// lock, and he_node holds the address of the waiter's kick flag (pv.c),
// which stands for its pv_node: the unlock kicks through it, as the
// kernel reads node->cpu through the node it unhashed.
//
// Not modelled: the head's spinning before it hashes (set_pending(),
// SPIN_THRESHOLD failed trylock_clear_pending(), clear_pending()), the
// lock stealing of pv_queued_spin_steal_lock, and the hash's probing
// (hash_ptr, for_each_hash_entry): with one slot the probe's first step
// is its last.

// pv_hash: claim the slot with cmpxchg(&he->lock, NULL, lock), then
// WRITE_ONCE(he->node, node). The slot is free (the test's only waiter).
void pv_hash(int *he_lock, int **he_node, int *node)
{
	__assume(cmpxchg(he_lock, 0, 1) == 0);
	WRITE_ONCE(*he_node, node);
}

// The head's xchg(&l->locked, _Q_SLOW_VAL): fully ordered, so that an
// unlock that reads _Q_SLOW_VAL sees the hash entry ("We must hash before
// setting _Q_SLOW_VAL").
int pv_set_slow(spinlock_t *l)
{
	return xchg(l, 3);
}

// Known-bad variant (what-if): the same xchg without its ordering.
int pv_set_slow_relaxed(spinlock_t *l)
{
	return xchg_relaxed(l, 3);
}

// pv_wait_head_or_lock from its hashing round on, for a head that
// pv_kick_node() has not hashed (its state is vcpu_running): hash, set
// _Q_SLOW_VAL; if the lock was free, own it (WRITE_ONCE(l->locked,
// _Q_LOCKED_VAL), unhash with WRITE_ONCE(*lp, NULL)); else announce
// vcpu_hashed and sleep in pv_wait(&l->locked, _Q_SLOW_VAL). After the
// wake-up, the next round's final attempt: vcpu_running, then
// trylock_clear_pending()'s READ_ONCE(l->locked) == 0 and its
// cmpxchg_acquire, on the word (the pending bit is not modelled).
void pv_wait_head_or_lock(spinlock_t *l, int *he_lock, int **he_node, int *state, int *kicked)
{
	pv_hash(he_lock, he_node, kicked);
	if (pv_set_slow(l) == 0) {
		WRITE_ONCE(*l, 1);
		WRITE_ONCE(*he_lock, 0);
	} else {
		WRITE_ONCE(*state, 2);
		pv_wait(l, 3, kicked);
		WRITE_ONCE(*state, 0);
		__assume(READ_ONCE(*l) == 0);
		__assume(cmpxchg_acquire(l, 0, 1) == 0);
	}
}

// __pv_queued_spin_unlock: cmpxchg_release(&l->locked, _Q_LOCKED_VAL, 0)
// (b193049375b0); if it fails on _Q_SLOW_VAL,
// __pv_queued_spin_unlock_slowpath: smp_rmb() ("A failed cmpxchg doesn't
// provide any memory-ordering guarantees"), pv_unhash (READ_ONCE of
// he->lock and he->node, WRITE_ONCE(he->lock, NULL)),
// smp_store_release(&l->locked, 0) and pv_kick of the unhashed node.
// Returns 0 where the kernel crashes: pv_unhash finds no entry (BUG(), the
// lock is never released) or the entry has no node yet (pv_kick's
// node->cpu dereferences NULL, after the release); 1 otherwise.
int pv_queued_spin_unlock(spinlock_t *l, int *he_lock, int **he_node)
{
	int locked = cmpxchg_release(l, 1, 0);
	int ok = 1;
	int *node;

	if (locked == 3) {
		pv_unlock_rmb();
		if (READ_ONCE(*he_lock) == 1) {
			node = READ_ONCE(*he_node);
			WRITE_ONCE(*he_lock, 0);
			smp_store_release(l, 0);
			if (node != 0)
				pv_kick(node);
			else
				ok = 0;
		} else {
			ok = 0;
		}
	}
	return ok;
}

// The slow path's smp_rmb() after the failed cmpxchg_release.
void pv_unlock_rmb(void)
{
	smp_rmb();
}

// Known-bad variant (what-if): no barrier after the failed cmpxchg.
void pv_unlock_no_rmb(void)
{
}

// pv_kick_node, after the MCS hand-off (arch_mcs_spin_unlock_contended) by
// the new lock holder (75d227028068, "Only kick CPU at unlock time"): if
// the next node's vCPU is halted, advance its state to vcpu_hashed and,
// on its behalf, set _Q_SLOW_VAL (a plain store: the holder itself
// unlocks) and hash it, so that the unlock's slow path kicks it. The
// smp_mb__before_atomic() orders the hand-off before the read of the
// state whether the cmpxchg_relaxed succeeds or fails.
void pv_kick_node(spinlock_t *l, int *state, int *he_lock, int **he_node, int *kicked)
{
	smp_mb__before_atomic();
	if (cmpxchg_relaxed(state, 1, 2) == 1) {
		WRITE_ONCE(*l, 3);
		pv_hash(he_lock, he_node, kicked);
	}
}

// Known-bad variant (what-if): pv_kick_node without the
// smp_mb__before_atomic(), a relaxed cmpxchg alone.
void pv_kick_node_no_mb(spinlock_t *l, int *state, int *he_lock, int **he_node, int *kicked)
{
	if (cmpxchg_relaxed(state, 1, 2) == 1) {
		WRITE_ONCE(*l, 3);
		pv_hash(he_lock, he_node, kicked);
	}
}
