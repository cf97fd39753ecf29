// This file implements the early check of lock events: lock.cat chooses
// the reads-from of lock reads with a with, and only one choice is the
// explorer's candidate; once the program has bound rf (or co) for the last
// time, a choice that disagrees with the candidate is dropped there
// instead of running the rest of the model to be dropped at its end. The
// resolver finds those last binders (resolve.Let.Final).

package cat

// lockChoiceAgrees reports whether the value of name (rf or co), bound
// for the last time, agrees with the candidate on lock events, as
// matchesCandidate checks at the end.
func (in *interp) lockChoiceAgrees(name string, env *scope) bool {
	s := in.prog.code.CO
	if name == "rf" {
		s = in.prog.code.RF
	}
	lockEv := in.lockEvents()
	if setEmpty(lockEv) {
		return true
	}
	r, ok := in.finalRel(env, s)
	if !ok {
		return true
	}
	if name == "rf" {
		reads := setInter(lockEv, in.cand.x.R)
		return in.inArena(r).Restrict(in.cand.all, reads).Equal(in.inArena(in.cand.x.RF).Restrict(in.cand.all, reads))
	}
	ul := in.unlocks()
	r, co := in.inArena(r), in.inArena(in.cand.x.CO)
	return r.Restrict(ul, in.cand.all).Equal(co.Restrict(ul, in.cand.all)) &&
		r.Restrict(in.cand.all, ul).Equal(co.Restrict(in.cand.all, ul))
}
