// The paravirt wait and kick of pv-qspinlock (kernel/locking/
// qspinlock_paravirt.h), for litmus tests. A vCPU that sleeps in pv_wait()
// wakes when another kicks it with pv_kick(); a kick that comes before
// the vCPU sleeps is lost (a halted vCPU is woken, a running one is not).
// The vCPU's kick flag models this: pv_wait clears it when it gets ready
// to sleep, the sleep is a spin on it (smp_cond_load_relaxed: the liveness
// check reports a sleep that no kick ends as a hang), and pv_kick sets it.
// state is the waiter's pn->state: 0 running, 1 vcpu_halted, 2
// vcpu_hashed.

// pv_wait as the hypervisors implement it (kvm_wait): with interrupts off,
// recheck *ptr == val and sleep only if it still holds, so that a kick
// that changed *ptr first is not waited for.
void pv_wait(int *ptr, int val, int *kicked)
{
	WRITE_ONCE(*kicked, 0);
	smp_mb();
	if (READ_ONCE(*ptr) == val)
		smp_cond_load_relaxed(kicked, VAL);
}

// pv_wait without the recheck: a kick between the caller's check and the
// sleep is lost.
void pv_wait_norecheck(int *ptr, int val, int *kicked)
{
	WRITE_ONCE(*kicked, 0);
	smp_cond_load_relaxed(kicked, VAL);
}

// pv_kick: a hypercall, which is serializing.
void pv_kick(int *kicked)
{
	smp_mb();
	WRITE_ONCE(*kicked, 1);
}

// pv_wait_node's wait for the MCS hand-off, one round: announce
// vcpu_halted with smp_store_mb(), recheck node->locked, sleep.
void pv_wait_node(int *node_locked, int *state, int *kicked)
{
	smp_store_mb(*state, 1);
	if (!READ_ONCE(*node_locked))
		pv_wait(state, 1, kicked);
}

// The hand-off to the next MCS node (arch_mcs_spin_unlock_contended),
// then pv_kick_node: kick the node's vCPU if it is halted, advancing its
// state to vcpu_hashed; smp_mb__before_atomic() orders the hand-off before
// the read of the state whether the cmpxchg succeeds or fails.
void pv_handoff_kick(int *node_locked, int *state, int *kicked)
{
	smp_store_release(node_locked, 1);
	smp_mb__before_atomic();
	if (cmpxchg_relaxed(state, 1, 2) == 1)
		pv_kick(kicked);
}
