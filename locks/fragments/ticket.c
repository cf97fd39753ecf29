// The generic ticket spinlock (include/asm-generic/ticket_spinlock.h,
// torvalds/linux at 22c33321e260, the 2022 text used by riscv, csky and
// openrisc), for litmus tests. The 32-bit lock word holds the next ticket
// in its high half and the owner (the ticket now served) in its low half:
// the lock is free when the two halves are equal. Spins are their final,
// successful attempt, as in spinlock.c.
//
// One departure, forced while mixed-size accesses are refused: the
// kernel's unlock is smp_store_release() of a u16, the owner half
// ((u16 *)lock + IS_ENABLED(CONFIG_CPU_BIG_ENDIAN)). Here it is the word
// RMW atomic_fetch_add_release(1, l). It leaves the same values: only
// the holder writes the owner half, the +1 never carries into the next
// half (a test takes far fewer than 0xffff tickets), and the next half,
// which lockers' atomic_fetch_add(1<<16) may change at any moment, is
// written back as it is. A plain word store would not do: it would write
// back a next half read earlier and lose a concurrent locker's ticket.
// The RMW has one read more than the kernel's store (whose atomic_read of
// the word is used only for its owner half); that read is ordered before
// the release write as everything before it is, and sees the word's
// coherence predecessor, which the store's co position already follows.
// docs/locks.md ("ticket") says what this changes and what it does not.
//
// The kernel compares the halves as val >> 16 and (u16)val. herd's X86_64
// has no right shift (and PPC runs none), so the comparisons here shift
// the owner up instead: (val >> 16) == (val & 0xffff) is
// (val & 0xffff0000) == (val & 0xffff) << 16 for a 32-bit val, and the
// wait compares the ticket kept in place, val & 0xffff0000.

// ticket_spin_lock: take a ticket with a fully ordered
// atomic_fetch_add(1<<16) (RCsc for the uncontended path), and, if the
// owner is not ours yet, wait with atomic_cond_read_acquire() for it,
// then smp_mb() to make the acquire RCsc too.
void ticket_spin_lock(spinlock_t *l)
{
	int val = atomic_fetch_add(0x10000, l);
	int ticket = val & 0xffff0000;

	if (ticket != (val & 0xffff) << 16) {
		atomic_cond_read_acquire(l, ticket == (VAL & 0xffff) << 16);
		smp_mb();
	}
}

// ticket_spin_trylock: take a ticket only if the lock is free, with a
// fully ordered atomic_try_cmpxchg ("SC, for RCsc").
int ticket_spin_trylock(spinlock_t *l)
{
	int old = atomic_read(l);
	int got = 0;

	if ((old & 0xffff0000) == (old & 0xffff) << 16)
		got = atomic_try_cmpxchg(l, &old, old + 0x10000);
	return got;
}

// ticket_spin_unlock: serve the next ticket, at word level (see above).
void ticket_spin_unlock(spinlock_t *l)
{
	atomic_fetch_add_release(1, l);
}

// ticket_spin_is_locked: !ticket_spin_value_unlocked(READ_ONCE(*lock)).
int ticket_spin_is_locked(spinlock_t *l)
{
	int val = atomic_read(l);

	return (val & 0xffff0000) != (val & 0xffff) << 16;
}

// Known-bad variants, for the proof table (what-ifs, not kernel code).

// The wait without its acquire and without the smp_mb() after it: a
// locker that had to wait reads the previous critical section's data
// through a control dependency only.
void ticket_spin_lock_relaxed(spinlock_t *l)
{
	int val = atomic_fetch_add(0x10000, l);
	int ticket = val & 0xffff0000;

	if (ticket != (val & 0xffff) << 16)
		atomic_cond_read_relaxed(l, ticket == (VAL & 0xffff) << 16);
}

// The unlock without its release.
void ticket_spin_unlock_relaxed(spinlock_t *l)
{
	atomic_fetch_add_relaxed(1, l);
}
