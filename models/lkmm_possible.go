// This file implements what a test's code must hold for each of the LKMM's
// flags to rise in one of its executions (Axiom.Possible): the events the
// flag speaks of. A flag whose events the code cannot make never rises.

package models

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// possibleFlags gives each LKMM flag, by name, the test of its Possible.
var possibleFlags = map[string]func(t *litmus.Test) bool{
	"unmatched-rcu-lock":    tagged(litmus.TagRcuLock, litmus.TagRcuUnlock),
	"unmatched-rcu-unlock":  tagged(litmus.TagRcuLock, litmus.TagRcuUnlock),
	"invalid-sleep":         tagged(litmus.TagRcuLock),
	"unmatched-srcu-lock":   tagged(litmus.TagSrcuLock, litmus.TagSrcuUnlock),
	"unmatched-srcu-unlock": tagged(litmus.TagSrcuLock, litmus.TagSrcuUnlock),
	"multiple-srcu-matches": tagged(litmus.TagSrcuLock, litmus.TagSrcuUnlock),
	"srcu-bad-value-match":  tagged(litmus.TagSrcuLock, litmus.TagSrcuUnlock),
	"mixed-lock-accesses":   hasLockEvents,
	"unpaired-LKW":          hasLockEvents,
	"unpaired-LKR":          hasLockEvents,
	"lock-final":            hasLockEvents,
	"unmatched-unlock":      hasLockEvents,
	"mixed-accesses":        hasPlainAccess,
	"data-race":             hasPlainAccess,
}

// withPossible sets the Possible of each flag of axioms that
// possibleFlags knows.
func withPossible(axioms []Axiom) []Axiom {
	for i := range axioms {
		if p, ok := possibleFlags[axioms[i].Name]; ok && axioms[i].Kind == Flag {
			axioms[i].Possible = p
		}
	}
	return axioms
}

// instrTags are the tag lists an instruction's events may carry.
func instrTags(in *litmus.Instr) [][]string {
	return [][]string{in.RTags, in.WTags, in.FTags, in.FailTags, in.ZeroTags, in.SpinTags}
}

// tagged is the Possible of a flag on events tagged one of tags.
func tagged(tags ...string) func(t *litmus.Test) bool {
	return func(t *litmus.Test) bool {
		return anyInstr(t, func(in *litmus.Instr) bool {
			for _, ts := range instrTags(in) {
				for _, tag := range ts {
					if slices.Contains(tags, tag) {
						return true
					}
				}
			}
			return false
		})
	}
}

// hasLockEvents is the Possible of lock.cat's flags: a lock event.
func hasLockEvents(t *litmus.Test) bool {
	return anyInstr(t, func(in *litmus.Instr) bool {
		return slices.ContainsFunc(instrTags(in), litmus.IsLockEvent)
	})
}

// markedTags are the tags that make an access marked in the LKMM's
// sense; the atomic read-modify-writes, lock events and SRCU markers are
// marked whatever their tags.
var markedTags = []string{litmus.TagOnce, litmus.TagAcquire, litmus.TagRelease, litmus.TagMB, litmus.TagSrcuLock, litmus.TagSrcuUnlock}

// hasPlainAccess is the Possible of the flags on plain accesses: a load
// or a store without a marking tag, or an instruction of a kind this file
// does not know.
func hasPlainAccess(t *litmus.Test) bool {
	plain := func(tags []string) bool {
		return !litmus.IsLockEvent(tags) && !slices.ContainsFunc(tags, func(tag string) bool { return slices.Contains(markedTags, tag) })
	}
	return anyInstr(t, func(in *litmus.Instr) bool {
		switch in.Op {
		case litmus.OpLoad:
			return plain(in.RTags) || in.ZeroTags != nil && plain(in.ZeroTags)
		case litmus.OpStore:
			return plain(in.WTags)
		case litmus.OpRMW, litmus.OpCAS, litmus.OpFence, litmus.OpMove, litmus.OpBranch, litmus.OpNop, litmus.OpAssume, litmus.OpChoose:
			return false
		}
		return true
	})
}

// anyInstr reports whether some instruction of t satisfies f.
func anyInstr(t *litmus.Test, f func(in *litmus.Instr) bool) bool {
	for _, th := range t.Threads {
		for i := range th.Code {
			if f(&th.Code[i]) {
				return true
			}
		}
	}
	return false
}
