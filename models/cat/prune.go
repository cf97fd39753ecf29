// This file implements the early check of lock events: lock.cat chooses
// the reads-from of lock reads with a with, and only one choice is the
// explorer's candidate; once the program has bound rf (or co) for the last
// time, a choice that disagrees with the candidate is dropped there
// instead of running the rest of the model to be dropped at its end.

package cat

import "slices"

// finalBinders finds the top-level statements that bind rf and co for the
// last time in the program's text order (bell first, includes in place,
// both branches of an if): the statements a candidate runs are a
// subsequence of that order, so once the last binder has run, nothing
// rebinds the name. A name whose last binder is a with, or a statement of
// a file included twice, is left out.
func (p *Program) finalBinders() map[*LetStmt]string {
	last := map[string]*Stmt{}
	times := map[*Stmt]int{}
	var walk func(ss []*Stmt, seen []string)
	walk = func(ss []*Stmt, seen []string) {
		for _, s := range ss {
			for _, n := range boundNames(s) {
				if n == "rf" || n == "co" {
					last[n] = s
					times[s]++
				}
			}
			switch {
			case s.Include != nil:
				f, ok := p.files[s.Include.Path]
				if !ok || slices.Contains(seen, s.Include.Path) {
					continue
				}
				walk(f.Stmts, append(seen, s.Include.Path))
			case s.If != nil:
				walk(s.If.Then, seen)
				walk(s.If.Else, seen)
			case s.Match != nil:
				for _, c := range s.Match.Clauses {
					walk(c.Stmts, seen)
				}
			}
		}
	}
	if p.bell != nil {
		walk(p.bell.Stmts, nil)
	}
	walk(p.main.Stmts, nil)
	out := map[*LetStmt]string{}
	for n, s := range last {
		if s.Let != nil && times[s] == 1 {
			out[s.Let] = n
		}
	}
	return out
}

// boundNames are the names a statement binds in the scope it runs in.
func boundNames(s *Stmt) []string {
	switch {
	case s.Let != nil:
		var out []string
		for _, b := range s.Let.Bindings {
			if b.Fun != "" {
				out = append(out, b.Fun)
			} else if b.Pattern != nil {
				out = append(out, b.Pattern.Names...)
			}
		}
		return out
	case s.With != nil:
		return []string{s.With.Name}
	case s.Enum != nil:
		return []string{s.Enum.Name}
	case s.Procedure != nil:
		return []string{s.Procedure.Name}
	}
	return nil
}

// lockChoiceAgrees reports whether the value of name (rf or co), bound
// for the last time, agrees with the candidate on lock events, as
// matchesCandidate checks at the end.
func (in *interp) lockChoiceAgrees(name string, env *scope) bool {
	s := in.prog.symCO
	if name == "rf" {
		s = in.prog.symRF
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
		reads := setInter(lockEv, in.x.R)
		return in.inArena(r).Restrict(in.all, reads).Equal(in.inArena(in.x.RF).Restrict(in.all, reads))
	}
	ul := in.unlocks()
	r, co := in.inArena(r), in.inArena(in.x.CO)
	return r.Restrict(ul, in.all).Equal(co.Restrict(ul, in.all)) &&
		r.Restrict(in.all, ul).Equal(co.Restrict(in.all, ul))
}
