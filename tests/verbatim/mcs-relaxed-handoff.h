// An architecture's override of the MCS hand-off, as asm/mcs_spinlock.h
// may give one, weakened for the test: a plain store instead of the
// store-release, so that the next owner may miss the critical section.

#define arch_mcs_spin_unlock_contended(l)	WRITE_ONCE(*(l), 1)
