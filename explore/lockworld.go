// This file implements lock.cat's reading of the LKMM's own lock events
// (spin_lock, spin_unlock, spin_trylock, spin_is_locked) in the explorer.

package explore

import (
	"github.com/litmuscheck/litmuscheck/explore/paths"
	"github.com/litmuscheck/litmuscheck/litmus"
)

// herd's lock events carry no value and are no memory stores: lock.cat
// gives them their own reads-from. The explorer keeps them in a world of
// their own, apart from the location's plain accesses:
//
//   - the initial write counts as a free lock, whatever value the init
//     block gives the location (a lock-read and an RU read it as free);
//   - a plain read never reads a lock event, and a location's final value
//     is its last plain write's, else its initial value;
//   - an unmatched spin_unlock (no spin_lock of the same lock before it in
//     its thread) is outside co: a lock-read never reads it, and only an
//     RU may;
//   - an LF or RL inside a critical section reads its own lock-write, one
//     outside reads a lock-write of another thread.
//
// Value domains and (location, value) pairs key the lock world with
// lockKey, so that plain values and lock states never mix.

// initialValue is the value key holds before any thread runs.
func (s *setup) initialValue(key string) litmus.Value {
	if paths.IsLockKey(key) {
		return paths.LockFree
	}
	return s.initMem[key]
}

// markLockEvents sets c.lockEv to the candidate's lock events and
// c.unmatchedUL to its unlocks that follow no lock-write of their lock in
// their thread (lock.cat's critical relation matches each other one).
func (c *combo) markLockEvents() {
	ev := c.x.Events
	last := map[[2]int]bool{} // (thread, location index) -> last lock write was an LKW
	locIdx := map[string]int{}
	for i := range ev {
		e := &ev[i]
		if e.IsInit() || !litmus.IsLockEvent(e.Tags) {
			continue
		}
		c.lockEv = c.lockEv.Add(i)
		if e.Kind != litmus.KindW {
			continue
		}
		k, ok := locIdx[e.Loc]
		if !ok {
			k = len(locIdx)
			locIdx[e.Loc] = k
		}
		key := [2]int{e.Thread, k}
		if paths.HasTag(e.Tags, litmus.TagUnlock) && !last[key] {
			c.unmatchedUL = c.unmatchedUL.Add(i)
		}
		last[key] = paths.HasTag(e.Tags, litmus.TagLockWrite)
	}
}

// lockCands lists the lock events lock event r may read from, given own,
// the last lock event of r's thread that writes r's lock before r (-1 if
// none), and lockWrites, the candidate's lock writes to that lock. The
// model's coherence prunes the rest, as lock.cat's.
func (c *combo) lockCands(r, own int, lockWrites []int) []int {
	ev := c.x.Events
	re := &ev[r]
	var cands []int
	if re.Value == paths.LockHeld { // LF or RL
		if own >= 0 && paths.HasTag(ev[own].Tags, litmus.TagLockWrite) {
			return []int{own} // inside its critical section
		}
		for _, w := range lockWrites {
			if ev[w].Thread != re.Thread && paths.HasTag(ev[w].Tags, litmus.TagLockWrite) {
				cands = append(cands, w)
			}
		}
		return cands
	}
	// A free lock: the initial write or an unlock.
	lockRead := paths.HasTag(re.Tags, litmus.TagLockRead)
	cands = append(cands, c.initOf[re.Loc])
	for _, w := range lockWrites {
		if !paths.HasTag(ev[w].Tags, litmus.TagUnlock) || (lockRead && c.unmatchedUL.Has(w)) {
			continue
		}
		if ev[w].Thread == re.Thread && w != own {
			continue
		}
		cands = append(cands, w)
	}
	return cands
}
