// This file implements finding the statements that bind rf and co for the
// last time, after which the evaluator can check lock.cat's choice of
// them against the candidate's (models/cat's prune.go).

package resolve

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
)

// finalBinders finds the top-level statements that bind rf and co for the
// last time in the program's text order (bell first, includes in place,
// both branches of an if): the statements a candidate runs are a
// subsequence of that order, so once the last binder has run, nothing
// rebinds the name. A name whose last binder is a with, or a statement of
// a file included twice, is left out.
func finalBinders(main, bell *syntax.File, included map[string]*syntax.File) map[*syntax.LetStmt]string {
	last := map[string]*syntax.Stmt{}
	times := map[*syntax.Stmt]int{}
	var walk func(ss []*syntax.Stmt, seen []string)
	walk = func(ss []*syntax.Stmt, seen []string) {
		for _, s := range ss {
			for _, n := range boundNames(s) {
				if n == "rf" || n == "co" {
					last[n] = s
					times[s]++
				}
			}
			switch {
			case s.Include != nil:
				f, ok := included[s.Include.Path]
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
	if bell != nil {
		walk(bell.Stmts, nil)
	}
	walk(main.Stmts, nil)
	out := map[*syntax.LetStmt]string{}
	for n, s := range last {
		if s.Let != nil && times[s] == 1 {
			out[s.Let] = n
		}
	}
	return out
}

// boundNames are the names a statement binds in the scope it runs in.
func boundNames(s *syntax.Stmt) []string {
	switch {
	case s.Let != nil:
		return bindingNames(s.Let.Bindings)
	case s.With != nil:
		return []string{s.With.Name}
	case s.Enum != nil:
		return []string{s.Enum.Name}
	case s.Procedure != nil:
		return []string{s.Procedure.Name}
	}
	return nil
}
