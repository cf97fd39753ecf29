// This file names the LKMM's event tags, the one table of them: the
// ordering annotations of accesses, the fences, and lock.cat's lock
// events, as the C lowering tags them and the explorer, the models and the
// compiler read them. herd names the set of events tagged 'a after a.

package litmus

// The ordering annotations of C accesses (linux-kernel.def): a load or
// store carries one, a read-modify-write carries the same one on its read
// and its write.
const (
	TagOnce     = "ONCE"     // READ_ONCE, WRITE_ONCE, the _relaxed RMWs
	TagAcquire  = "ACQUIRE"  // smp_load_acquire, the _acquire RMWs
	TagRelease  = "RELEASE"  // smp_store_release, the _release RMWs
	TagMB       = "MB"       // the fully ordered RMWs (no suffix), smp_mb
	TagNoreturn = "NORETURN" // the RMWs that return no value (atomic_add)
)

// The fences of C tests, each named after its primitive.
const (
	TagRmb                 = "Rmb"                    // smp_rmb
	TagWmb                 = "Wmb"                    // smp_wmb
	TagBarrier             = "Barrier"                // barrier, cpu_relax
	TagBeforeAtomic        = "Before-atomic"          // smp_mb__before_atomic
	TagAfterAtomic         = "After-atomic"           // smp_mb__after_atomic
	TagAfterSpinlock       = "After-spinlock"         // smp_mb__after_spinlock
	TagAfterUnlockLock     = "After-unlock-lock"      // smp_mb__after_unlock_lock
	TagAfterSrcuReadUnlock = "After-srcu-read-unlock" // smp_mb__after_srcu_read_unlock
	TagRcuLock             = "Rcu-lock"               // rcu_read_lock
	TagRcuUnlock           = "Rcu-unlock"             // rcu_read_unlock
	TagSyncRcu             = "Sync-rcu"               // synchronize_rcu
	TagSrcuLock            = "Srcu-lock"              // srcu_read_lock
	TagSrcuUnlock          = "Srcu-unlock"            // srcu_read_unlock
	TagSyncSrcu            = "Sync-srcu"              // synchronize_srcu
)

// The lock events of lock.cat, as the C lowering tags them.
const (
	TagLockRead     = "LKR" // the read of spin_lock or of a successful spin_trylock
	TagLockWrite    = "LKW" // the write of the same pair
	TagUnlock       = "UL"  // spin_unlock
	TagLockFail     = "LF"  // a failed spin_trylock
	TagReadLocked   = "RL"  // spin_is_locked seeing the lock held
	TagReadUnlocked = "RU"  // spin_is_locked seeing the lock free
)

// IsLockEvent reports whether tags mark one of lock.cat's lock events.
func IsLockEvent(tags []string) bool {
	for _, t := range tags {
		switch t {
		case TagLockRead, TagLockWrite, TagUnlock, TagLockFail, TagReadLocked, TagReadUnlocked:
			return true
		}
	}
	return false
}
