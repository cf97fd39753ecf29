// This file implements litmuscheck's one extension of the LKMM: the roles
// of lock fragment code (package locks) in smp_mb__after_unlock_lock().
// linux-kernel.cat orders, at that fence, what precedes an unlock of a
// lock hand-over (po ; [UL] ; (po | rf) ; [LKR] ; po) against what follows
// the fence; a lock written as C code has no UL or LKR events, only the
// writes and reads of its algorithm. locks.PrepareLKMM tags them with the
// roles below for the tests that use the fence; the rule is lock.cat's,
// with those events standing for UL and LKR. Nothing else reads the tags:
// the fragments' own ordering stays that of their code.

package models

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/rel"
)

// The roles of fragment events, as extra tags.
const (
	// TagFragmentUnlock marks the write of a fragment unlock function.
	TagFragmentUnlock = "Fragment-UL"
	// TagFragmentLock marks the read of a fragment lock's acquiring
	// read-modify-write.
	TagFragmentLock = "Fragment-LKR"
)

// fragmentRoles sets the events that stand for UL and LKR: lock.cat's
// own lock events and the fragment events with a role.
func (s *lkmmStatic) fragmentRoles(x *litmus.Execution) {
	s.fragUL, s.fragLKR = x.Tag(TagFragmentUnlock).Inter(s.W), x.Tag(TagFragmentLock).Inter(s.R)
}

// fragmentUnlockLock is [M] ; po-unlock-lock-po ; [After-unlock-lock] ;
// po ; [M] with the fragment events of fragmentRoles in the roles of UL
// and LKR besides lock.cat's own lock events.
func (r *lkmmRels) fragmentUnlockLock() rel.Rel {
	s := r.s
	ul, lkr := s.UL.Union(s.fragUL), s.LKR.Union(s.fragLKR)
	mid := s.po.Restrict(ul, lkr).Union(r.rf.Restrict(ul, lkr))
	popo := s.po.Restrict(s.all, ul).Seq(mid).Seq(s.po.Restrict(lkr, s.all))
	return popo.Restrict(s.M, s.all).Seq(s.afterULLpo)
}
