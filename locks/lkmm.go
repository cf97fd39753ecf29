// This file implements the LKMM column's reading of the fences that
// linux-kernel.cat defines against lock events, smp_mb__after_spinlock()
// and smp_mb__after_unlock_lock(), when the lock is fragment code: a
// fragment's acquire is a plain read-modify-write, not an LKW or LKR, so
// without this the fences would order nothing (docs/locks-compile.md,
// "Fences after a fragment lock").

package locks

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
)

// fragmentDir prefixes the file of every event that inlined fragment code
// produces (Library names the files so).
const fragmentDir = "locks/fragments/"

// fromFragment reports whether in was inlined from a lock fragment.
func fromFragment(in *litmus.Instr) bool { return strings.HasPrefix(in.Pos.File, fragmentDir) }

// isAccess reports whether in reads or writes memory.
func isAccess(in *litmus.Instr) bool {
	switch in.Op {
	case litmus.OpLoad, litmus.OpStore, litmus.OpRMW, litmus.OpCAS, litmus.OpLoadReserve, litmus.OpStoreCond:
		return true
	}
	return false
}

// isRMW reports whether in is a read-modify-write.
func isRMW(in *litmus.Instr) bool { return in.Op == litmus.OpRMW || in.Op == litmus.OpCAS }

// isAcquireRMW reports whether in is a read-modify-write whose read is an
// acquire (or fully ordered): a lock fragment's taking of the lock.
func isAcquireRMW(in *litmus.Instr) bool {
	if !isRMW(in) {
		return false
	}
	for _, t := range in.RTags {
		if t == litmus.TagAcquire || t == litmus.TagMB {
			return true
		}
	}
	return false
}

// roleFuncs lists the fragment functions that are an algorithm's op (the
// spin_lock, spin_trylock or spin_unlock of --lock).
func roleFuncs(ops ...string) []string {
	seen := map[string]bool{}
	var out []string
	for _, a := range Algorithms {
		for _, op := range ops {
			if f, ok := a.Ops[op]; ok && !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out
}

var (
	lockFuncs   = roleFuncs("spin_lock", "spin_trylock")
	unlockFuncs = roleFuncs("spin_unlock")
)

// inFuncs reports whether in was inlined from one of the fragment
// functions funcs.
func inFuncs(in *litmus.Instr, funcs []string) (bool, error) {
	defs, err := Library()
	if err != nil {
		return false, err
	}
	for _, f := range funcs {
		file, first, last, ok := defs.Lines(f)
		if ok && in.Pos.File == file && in.Pos.Line >= first && in.Pos.Line <= last {
			return true, nil
		}
	}
	return false, nil
}

// isReleaseWrite reports whether in's write is a release or fully
// ordered, as lock.cat's UL is: a relaxed "unlock" (the what-if
// algorithms) takes no part in a lock hand-over.
func isReleaseWrite(in *litmus.Instr) bool {
	for _, t := range in.WTags {
		if t == litmus.TagRelease || t == litmus.TagMB {
			return true
		}
	}
	return false
}

// fromUserFunc reports whether in was inlined from a function of the
// user's: one the test defines before its threads, or one of a
// --fragments file.
func fromUserFunc(t *litmus.Test, in *litmus.Instr) bool {
	if fromFragment(in) {
		return false
	}
	if in.Pos.File != t.File {
		return in.Pos.File != ""
	}
	return len(t.Threads) > 0 && in.Pos.Line < t.Threads[0].Pos.Line
}

// afterUserLock reads the fence in, smp_mb__after_spinlock() or
// smp_mb__after_unlock_lock(), directly after acc, the last access of a
// user's function. linux-kernel.cat orders these fences after lock.cat's
// lock events, which the user's C code does not make. After an acquire
// (or fully ordered) read-modify-write, smp_mb__after_spinlock() is
// read as after a library lock fragment: a full fence as well. Anything
// else is refused, naming why, rather than left a fence that orders
// nothing: the user's unlock has no role the LKMM column can give it.
func afterUserLock(in, acc *litmus.Instr) error {
	if in.FTags[0] == litmus.TagAfterSpinlock && isAcquireRMW(acc) {
		in.FTags = []string{litmus.TagAfterSpinlock, litmus.TagMB}
		return nil
	}
	name, why := "smp_mb__after_spinlock", "its last access is not an acquire read-modify-write (a lock's taking)"
	if in.FTags[0] == litmus.TagAfterUnlockLock {
		name, why = "smp_mb__after_unlock_lock", "the LKMM column cannot tell which of the user's functions unlocks"
	}
	return litmus.Unsupported(in.Pos, fmt.Sprintf("%s() after a function of the test's (%q): linux-kernel.cat orders it after spin_lock()'s lock event only, and %s", name, acc.Text, why))
}

func withTag(tags []string, t string) []string {
	return append(append([]string(nil), tags...), t)
}

// PrepareLKMM readies a C test with fragment locks for the LKMM column.
// linux-kernel.cat defines smp_mb__after_spinlock() and
// smp_mb__after_unlock_lock() against lock.cat's lock events, which a
// lock written as C code does not have; after a fragment lock, both
// fences must directly follow the read-modify-write of a fragment lock
// function (no memory access between them), and are read as lock.cat
// reads them after a lock event:
//
//   - smp_mb__after_spinlock() becomes a full fence as well, which orders
//     exactly what lock.cat's rule orders with the acquire as the LKW:
//     every access up to the acquire against every access after the
//     fence;
//   - for smp_mb__after_unlock_lock(), the acquire's read takes the role
//     of lock.cat's LKR and the release (or fully ordered) writes of
//     fragment unlock functions, in every thread, that of UL
//     (models.TagFragmentLock and TagFragmentUnlock), for the model's
//     po-unlock-lock-po rule; a relaxed unlock has no role, since
//     lock.cat's unlocks are releases, and neither has a relaxed lock,
//     after which the fence then orders nothing (more executions, never
//     a false Never).
//
// Either fence after fragment code elsewhere is refused: lock.cat gives
// it no meaning there that fragment code could stand for. Hardware
// columns need none of this: they compile the fences to the kernel's
// instructions.
func PrepareLKMM(t *litmus.Test) error {
	roles := false
	for _, th := range t.Threads {
		last := -1        // the last access before pc
		fragment := false // a fragment access precedes pc
		for pc := range th.Code {
			in := &th.Code[pc]
			if isAccess(in) {
				last, fragment = pc, fragment || fromFragment(in)
				continue
			}
			if in.Op != litmus.OpFence || len(in.FTags) != 1 {
				continue
			}
			tag := in.FTags[0]
			if tag != litmus.TagAfterSpinlock && tag != litmus.TagAfterUnlockLock {
				continue
			}
			if last >= 0 && fromUserFunc(t, &th.Code[last]) {
				if err := afterUserLock(in, &th.Code[last]); err != nil {
					return err
				}
				continue
			}
			if !fragment {
				continue
			}
			acq := &th.Code[last]
			lock, err := inFuncs(acq, lockFuncs)
			if err != nil {
				return err
			}
			if !fromFragment(acq) || !isRMW(acq) || !lock {
				name := map[string]string{litmus.TagAfterSpinlock: "smp_mb__after_spinlock", litmus.TagAfterUnlockLock: "smp_mb__after_unlock_lock"}[tag]
				return litmus.Unsupported(in.Pos, name+"() after lock fragment code but not directly after the read-modify-write of a fragment lock, in the LKMM (linux-kernel.cat orders it after a lock event only)")
			}
			if tag == litmus.TagAfterSpinlock {
				in.FTags = []string{litmus.TagAfterSpinlock, litmus.TagMB}
				continue
			}
			if !isAcquireRMW(acq) {
				// A relaxed lock (barriers' weakening, a what-if) is no
				// lock.cat LKR: the fence keeps ordering nothing, which
				// allows more and so never makes a false Never.
				continue
			}
			acq.RTags, roles = withTag(acq.RTags, models.TagFragmentLock), true
		}
	}
	if !roles {
		return nil
	}
	for _, th := range t.Threads {
		for pc := range th.Code {
			in := &th.Code[pc]
			if in.Op != litmus.OpStore && in.Op != litmus.OpRMW && in.Op != litmus.OpCAS {
				continue
			}
			unlock, err := inFuncs(in, unlockFuncs)
			if err != nil {
				return err
			}
			if unlock && isReleaseWrite(in) {
				in.WTags = withTag(in.WTags, models.TagFragmentUnlock)
			}
		}
	}
	return nil
}
