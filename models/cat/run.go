// This file implements running a cat program's statements on one
// candidate execution: lets, includes, checks, procedures, variants,
// enums, and with x from S (with.go), which tries each element in turn.

package cat

import (
	"path/filepath"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
	"github.com/litmuscheck/litmuscheck/rel"
)

// A CheckKind is a cat test.
type CheckKind string

const (
	Acyclic     CheckKind = "acyclic"
	Irreflexive CheckKind = "irreflexive"
	IsEmpty     CheckKind = "empty"
)

// A Result is the outcome of one test of a cat file on a candidate.
type Result struct {
	Name string
	Kind CheckKind
	Not  bool
	// Mode is "" for a requirement, or flag, undefined_unless, assert.
	Mode string
	Rel  rel.Rel
	// Holds reports whether the test (with its ~) succeeds.
	Holds bool
	Pos   litmus.Pos
	// pending is a flag not yet checked (lazy.go).
	pending pendingTest
}

// run evaluates stmts; it returns false once a required test fails, the
// results so far in in.flow.results.
func (in *interp) run(stmts []resolve.Stmt, env *scope, top bool) (*scope, bool, error) {
	for i := 0; i < len(stmts); i++ {
		var err error
		ok := true
		switch s := stmts[i].(type) {
		case *resolve.Let:
			env, err = in.letStmt(s, env, top)
			if s.Final != "" && top && err == nil {
				ok = in.lockChoiceAgrees(s.Final, env)
			}
		case *resolve.Test:
			ok, err = in.test(s, env, top)
		case *resolve.Include:
			in.push(stmts[i+1:], top)
			env, ok, err = in.include(s, env, top)
			in.pop()
		case *resolve.Branch:
			in.push(stmts[i+1:], top)
			env, ok, err = in.run(s.Stmts, env, top)
			in.pop()
		case *resolve.Enum:
			for _, n := range s.SetNames {
				if !in.cand.tags[n] {
					in.cand.tags[n] = true
				}
			}
			env = define1(env, s.Sym, binding{v: in.prog.enums[s.Index]})
		case *resolve.Procedure:
			p := &procedure{def: s, env: env}
			env = define1(env, s.Sym, binding{v: p})
			if s.Rec {
				p.env = env
			}
		case *resolve.Call:
			ok, err = in.local(func() (bool, error) { return in.call(s, env) })
		case *resolve.With:
			return in.with(s, stmts[i+1:], env, top)
		case *resolve.MatchStmt:
			in.push(stmts[i+1:], top)
			env, ok, err = in.matchStmt(s, env, top)
			in.pop()
		case *resolve.Forall:
			ok, err = in.local(func() (bool, error) { return in.forall(s, env) })
		}
		if err != nil || !ok || in.flow.done {
			return env, ok, err
		}
	}
	return env, true, nil
}

func (in *interp) letStmt(l *resolve.Let, env *scope, top bool) (*scope, error) {
	catdep := in.flow.catdep && in.cand.arch == litmus.ArchAArch64
	if top && in.memo != nil && !in.flow.noMemo {
		return in.memoLet(l, env, catdep)
	}
	if catdep {
		if vs, ok := in.catDeps(l); ok {
			return define(env, vs), nil
		}
	}
	savedSub := in.expr.sub
	in.expr.sub = subCache{}
	inner, err := in.bind(l.Rec, l.Bindings, env)
	in.expr.sub = savedSub
	if err != nil {
		return nil, err
	}
	return define(env, inner.vars), nil
}

// memoLet runs a top-level let with a memo: its values from an earlier
// candidate of the shape when they depend on neither rf nor co, else its
// thunk once it is known to depend on them (lazy.go).
func (in *interp) memoLet(l *resolve.Let, env *scope, catdep bool) (*scope, error) {
	k := in.flow.at
	in.flow.at.ordinal++
	if e := in.memo.lets.get(k); e != nil && (e.funEnv == nil || e.funEnv == env) {
		if e.lazy == nil {
			return define(env, e.vals), nil
		}
		return e.lazy.lazyLet(l, env, testKey{memoKey: k}), nil
	}
	if catdep {
		if vs, ok := in.catDeps(l); ok {
			in.memo.lets.put(k, letEntry{vals: vs})
			return define(env, vs), nil
		}
	}
	saved := in.expr.dyn
	in.expr.dyn = false
	savedSub := in.expr.sub
	in.expr.sub = subCache{}
	defer func() { in.expr.sub = savedSub }()
	vs, err := in.bindVars(l.Rec, l.Bindings, env)
	d := in.expr.dyn
	in.expr.dyn = saved
	if err != nil {
		return nil, err
	}
	switch fun := funLet(l.Bindings); {
	case fun == allFuns:
		// Closures are values of the scope they are made in: made
		// again in the same scope (a view of the top table, the
		// same object from one candidate to the next), they are
		// the same.
		in.memo.lets.put(k, letEntry{vals: vs, funEnv: env})
	case fun == noFun:
		in.memo.lets.put(k, newLetEntry(vs, d))
	}
	return define(env, vs), nil
}

// How many of a let's bindings define functions.
const (
	noFun = iota
	someFuns
	allFuns
)

func funLet(bs []*resolve.Binding) int {
	n := 0
	for _, b := range bs {
		if b.Fun != nil {
			n++
		}
	}
	switch n {
	case 0:
		return noFun
	case len(bs):
		return allFuns
	}
	return someFuns
}

func (in *interp) include(inc *resolve.Include, env *scope, top bool) (*scope, bool, error) {
	for _, f := range in.flow.including {
		if filepath.Base(f) == filepath.Base(inc.Path) {
			return env, false, errAt(inc.Pos, "include %q includes itself", inc.Path)
		}
	}
	f := inc.File
	if f == nil {
		return env, false, errAt(inc.Pos, "cannot find included file %q", inc.Path)
	}
	in.flow.including = append(in.flow.including, inc.Path)
	saved := in.flow.catdep
	in.flow.catdep = f.CatDep
	env, ok, err := in.run(f.Stmts, env, top)
	in.flow.catdep = saved
	in.flow.including = in.flow.including[:len(in.flow.including)-1]
	return env, ok, err
}

func (in *interp) test(t *resolve.Test, env *scope, top bool) (bool, error) {
	r := Result{Name: t.Name, Kind: CheckKind(t.Kind), Not: t.Not, Mode: t.Mode, Pos: syntax.LitmusPos(t.Pos)}
	memoised := top && in.memo != nil && !in.flow.noMemo
	key := testKey{in.flow.at, t}
	if t.Mode == "flag" || t.Mode == "undefined_unless" {
		// Neither forbids the candidate: checked once it is allowed.
		r.pending = pendingTest{test: t, env: env, key: key, memoised: memoised}
		in.flow.results = append(in.flow.results, r)
		return true, nil
	}
	holds, shown, err := in.memoTest(t, env, key, memoised)
	if err != nil {
		return false, err
	}
	r.Holds, r.Rel = holds, shown
	if t.Mode == "assert" && !r.Holds {
		// herd stops with a user error: the test, not the model, is
		// wrong, so there is no verdict to give.
		name := t.Name
		if name == "" {
			name = "(unnamed)"
		}
		return false, errAt(t.Pos, "assertion %s failed, check input test", name)
	}
	in.flow.results = append(in.flow.results, r)
	if t.Mode == "" && !r.Holds {
		return false, nil
	}
	return true, nil
}

// testHolds evaluates a test: whether it succeeds (with its ~), and the
// relation it tests; in.expr.dyn says whether it read rf or co.
func (in *interp) testHolds(t *resolve.Test, env *scope) (bool, rel.Rel, error) {
	v, err := in.eval(t.Expr, env)
	if err != nil {
		return false, rel.Rel{}, err
	}
	var holds bool
	var shown rel.Rel
	switch CheckKind(t.Kind) {
	case IsEmpty:
		holds = in.isEmpty(v)
		if r, ok := relOf(v); ok {
			shown = r
		} else if s, ok := in.asSet(v); ok {
			shown = rel.Identity(in.cand.n, s)
		}
	default:
		r, ok := in.asRel(v)
		if !ok {
			return false, shown, errAt(t.ExprPos, "type mismatch: %s of %s, want a relation", t.Kind, typeName(v))
		}
		shown = r
		if CheckKind(t.Kind) == Acyclic {
			holds = r.Acyclic()
		} else {
			holds = r.Irreflexive()
		}
	}
	return holds != t.Not, shown, nil
}

func (in *interp) call(c *resolve.Call, env *scope) (bool, error) {
	pv, err := in.lookupVar(c.Proc, env)
	if err != nil {
		return false, err
	}
	p, ok := pv.(*procedure)
	if !ok {
		return false, errAt(c.Pos, "type mismatch: call of %s, want a procedure", typeName(pv))
	}
	arg, err := in.eval(c.Arg, env)
	if err != nil {
		return false, err
	}
	if in.expr.depth >= maxDepth {
		return false, errAt(c.Pos, "calls nested deeper than %d in %s", maxDepth, p.def.Name)
	}
	inner := newScope(p.env)
	if err := in.bindPattern(c.Pos, p.def.Formals, p.def.Tuple, arg, false, inner); err != nil {
		return false, err
	}
	first := len(in.flow.results)
	in.expr.depth++
	_, ok, err = in.run(p.def.Body, inner, false)
	in.expr.depth--
	if c.As != "" {
		for i := first; i < len(in.flow.results); i++ {
			in.flow.results[i].Name = c.As
		}
	}
	return ok, err
}

func (in *interp) matchStmt(m *resolve.MatchStmt, env *scope, top bool) (*scope, bool, error) {
	saved := in.expr.dyn
	in.expr.dyn = false
	v, err := in.eval(m.Subject, env)
	dyn := in.expr.dyn
	in.expr.dyn = saved
	if err != nil {
		return env, false, err
	}
	t, ok := v.(tagVal)
	if !ok {
		return env, false, errAt(m.Pos, "type mismatch: match on %s, want a tag", typeName(v))
	}
	if dyn {
		// The statements run from here depend on rf or co.
		in.flow.noMemo = true
	}
	for _, c := range m.Clauses {
		if c.Tag == "" || c.Tag == string(t) {
			return in.run(c.Stmts, env, top)
		}
	}
	return env, false, errAt(m.Pos, "no clause matches tag '%s", t)
}

func (in *interp) forall(f *resolve.Forall, env *scope) (bool, error) {
	v, err := in.eval(f.Set, env)
	if err != nil {
		return false, err
	}
	elems, err := in.elements(v)
	if err != nil {
		return false, at(f.Pos, err)
	}
	for _, e := range elems {
		inner := newScope(env)
		inner.vars.set(f.Sym, binding{v: e})
		if _, ok, err := in.run(f.Body, inner, false); err != nil || !ok {
			return ok, err
		}
	}
	return true, nil
}
