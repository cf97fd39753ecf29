// This file implements the warning for a lock that a C test starts held:
// lock.cat reads a location's initial write as a free lock whatever value
// the init block gives it (herd7 alike), so "{ l = 1; }" does not mean that
// spin_lock(l) must wait.

package parser

import "github.com/litmuscheck/litmuscheck/litmus"

// warnHeldLocks warns, once per location, when a location that lock.cat's
// lock events use starts with a value other than 0.
func warnHeldLocks(t *litmus.Test) {
	if t.Arch != litmus.ArchC {
		return
	}
	locked := map[string]bool{}
	for _, th := range t.Threads {
		for _, in := range th.Code {
			c, ok := in.Addr.(*litmus.Const)
			if !ok || !c.V.IsAddr() || !hasLockTag(in) {
				continue
			}
			locked[c.V.Sym] = true
		}
	}
	for _, it := range t.Init {
		if it.Loc.IsReg() || !locked[it.Loc.Name] || !it.HasValue || it.Value.IsAddr() || it.Value == litmus.Int(0) {
			continue
		}
		t.Warnings = append(t.Warnings, litmus.Errorf(it.Pos,
			"lock %s starts at %s, but lock.cat's spin_lock reads the initial write as a free lock, whatever its value (as herd7 does): take the lock in the test to start it held",
			it.Loc.Name, it.Value))
		locked[it.Loc.Name] = false
	}
}

func hasLockTag(in litmus.Instr) bool {
	for _, tags := range [][]string{in.RTags, in.WTags, in.FailTags, in.ZeroTags} {
		if litmus.IsLockEvent(tags) {
			return true
		}
	}
	return false
}
