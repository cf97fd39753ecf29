// This file implements the LKMM column's reading of the fences that
// linux-kernel.cat defines against lock events, smp_mb__after_spinlock()
// and smp_mb__after_unlock_lock(), when the lock is fragment code: a
// fragment's acquire is a plain read-modify-write, not an LKW, so without
// this the fences would order nothing (docs/locks.md, "Fences after a
// fragment lock").
package locks

import (
	"strings"

	"litmuscheck/litmus"
)

// fragmentDir prefixes the file of every event that inlined fragment code
// produces (Library names the files so).
const fragmentDir = "locks/fragments/"

// fromFragment reports whether in was inlined from a lock fragment.
func fromFragment(in *litmus.Instr) bool { return strings.HasPrefix(in.Pos.File, fragmentDir) }

const (
	tagAfterSpinlock   = "After-spinlock"
	tagAfterUnlockLock = "After-unlock-lock"
	tagFullFence       = "MB"
)

// isAccess reports whether in reads or writes memory.
func isAccess(in *litmus.Instr) bool {
	switch in.Op {
	case litmus.OpLoad, litmus.OpStore, litmus.OpRMW, litmus.OpCAS, litmus.OpLoadReserve, litmus.OpStoreCond:
		return true
	}
	return false
}

// isAcquireRMW reports whether in is a read-modify-write whose read is an
// acquire (or fully ordered): a lock fragment's taking of the lock.
func isAcquireRMW(in *litmus.Instr) bool {
	if in.Op != litmus.OpRMW && in.Op != litmus.OpCAS {
		return false
	}
	for _, t := range in.RTags {
		if t == "ACQUIRE" || t == tagFullFence {
			return true
		}
	}
	return false
}

// PrepareLKMM readies a C test with fragment locks for the LKMM: an
// smp_mb__after_spinlock() that directly follows a fragment's acquiring
// read-modify-write (no memory access between them) becomes a full fence
// as well, which orders exactly what linux-kernel.cat's rule orders after
// an LKW: every access up to the acquire against every access after the
// fence. Where the fences follow fragment code otherwise, the LKMM's
// answer cannot be given and PrepareLKMM refuses: an
// smp_mb__after_spinlock() with accesses between the acquire and it, and
// any smp_mb__after_unlock_lock(), whose ordering lock.cat defines through
// the UL and LKR events of a lock hand-over. Hardware columns need none of
// this: they compile the fences to the kernel's instructions.
func PrepareLKMM(t *litmus.Test) error {
	for _, th := range t.Threads {
		last := -1        // the last access before pc
		fragment := false // a fragment access precedes pc
		for pc := range th.Code {
			in := &th.Code[pc]
			if isAccess(in) {
				last, fragment = pc, fragment || fromFragment(in)
				continue
			}
			if in.Op != litmus.OpFence || !fragment || len(in.FTags) != 1 {
				continue
			}
			switch in.FTags[0] {
			case tagAfterSpinlock:
				if acq := &th.Code[last]; !fromFragment(acq) || !isAcquireRMW(acq) {
					return litmus.Unsupported(in.Pos, "smp_mb__after_spinlock() after lock fragment code but not directly after its acquiring read-modify-write, in the LKMM (linux-kernel.cat orders it after a lock event only)")
				}
				in.FTags = []string{tagAfterSpinlock, tagFullFence}
			case tagAfterUnlockLock:
				return litmus.Unsupported(in.Pos, "smp_mb__after_unlock_lock() after lock fragment code, in the LKMM (linux-kernel.cat orders it through the UL and LKR events of a lock hand-over, which fragment code has not); run without --lock for lock.cat's lock events")
			}
		}
	}
	return nil
}
