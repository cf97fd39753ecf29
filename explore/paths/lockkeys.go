// This file implements the keys of lock worlds: a lock's state keeps its
// own value domain, apart from the plain values of its location.

package paths

import (
	"github.com/litmuscheck/litmuscheck/litmus"
)

// lockKey is the key of loc's lock world in value domains; no location
// name contains a NUL.
func lockKey(loc string) string { return "lock\x00" + loc }

// isLockKey reports whether a domain key is a lock world's.
func IsLockKey(key string) bool { return len(key) > 5 && key[:5] == "lock\x00" }

// worldKey is the domain key of the value ev reads or writes.
func (ev *Event) WorldKey() string {
	if litmus.IsLockEvent(ev.Tags) {
		return lockKey(ev.Loc)
	}
	return ev.Loc
}

// isLockInstr reports whether in reads a lock's state: spin_lock,
// spin_trylock or spin_is_locked.
func IsLockInstr(in *litmus.Instr) bool {
	return litmus.IsLockEvent(in.RTags) || litmus.IsLockEvent(in.ZeroTags) || litmus.IsLockEvent(in.FailTags)
}

// lockDomain is the states a lock read may see: free always (the initial
// write), and what the lock events of the paths so far store.
func lockDomain(stored []litmus.Value) []litmus.Value {
	if ContainsValue(stored, LockFree) {
		return stored
	}
	return append([]litmus.Value{LockFree}, stored...)
}

func ContainsValue(vs []litmus.Value, v litmus.Value) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// The values the explorer gives a lock's state: the write of spin_lock
// takes it, spin_unlock frees it.
var (
	LockFree = litmus.Int(0)
	LockHeld = litmus.Int(1)
)
