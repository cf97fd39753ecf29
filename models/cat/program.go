// This file implements running a cat program's instructions on one
// candidate execution: lets, includes, checks, procedures, variants,
// enums and instructions of bell files, and with x from S, which tries
// each element in turn.

package cat

import (
	"path/filepath"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
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

// interp is the state of one evaluation.
type interp struct {
	prog     *Program
	x        *litmus.Execution
	arch     litmus.Arch
	n        int
	all      rel.Set
	empty    rel.Rel
	id, full rel.Rel
	rf       rel.Rel
	// shape holds what the shape alone decides (model.go).
	shape    *shapeConsts
	fw       rel.Set
	variants map[string]bool
	tags     map[string]bool
	// dynBuiltins are the built-ins that depend on rf or co, by symbol,
	// valid for candidate gen (the memo's, reused).
	dynBuiltins []builtinEntry
	dyn         bool
	depth       int
	callPos     lexer.Position
	// slab is the memo's, nil without one (boxes.go).
	slab *relSlab
	// memo holds the values of top-level lets that do not depend on rf
	// or co, by the choices of the withs before them (path) and order of
	// evaluation after the last (ordinal); noMemo is set once the
	// statements run depend on rf or co (a match on such a value).
	memo *memo
	// sub is the subexpression cache of the statement being evaluated
	// (static.go), nil where there is none; gen numbers the candidate.
	sub     subCache
	gen     int
	path    int32
	ordinal int32
	noMemo  bool
	results []Result
	// including is the stack of files being included.
	including []string
	// catdep is set in a file that says catdep: it computes the
	// dependencies from register events.
	catdep bool
	// deps are the explorer's dependencies by aarch64deps.cat's names.
	deps map[string]rel.Rel
	// frames are what remains to run of the enclosing statement lists,
	// innermost last, so that a with tries each choice on the whole rest
	// of the program; done says a with has run the program to its end.
	frames []frame
	done   bool
	// lazyErr is the error of a let forced where no error can be
	// returned: the program stops with it.
	lazyErr error
	// inLocal counts the procedure bodies and forall loops being run: a
	// with inside them ranges over the rest of their body only.
	inLocal int
}

type memo struct {
	// lets are the top-level lets evaluated: their values when they
	// depend on neither rf nor co, else the thunk the next candidates
	// bind them to (lazy.go).
	lets letTable
	// tests are the tests evaluated, by the let before them and their
	// statement (lazy.go).
	tests map[testKey]*testMemo
	// top is the last candidate's table of top-level bindings, reused.
	top *topEnv
	// deps are the explorer's dependencies, for a catdep file.
	deps  map[string]rel.Rel
	shape *shapeConsts
	// gen numbers the last candidate evaluated.
	gen         int
	dynBuiltins []builtinEntry
	// results is the slice of results the next candidate fills.
	results []Result
	// withs are the elements of the withs' sets that depend on neither
	// rf nor co (with.go).
	withs map[withKey][]Value
	// in is the interpreter of the shape's evaluations, running while
	// one is under way.
	in      interp
	running bool
	// slots is the room of the values of lets (bindVars).
	slots blocks[slot]
	// including and frames are the room of interp's, kept.
	including []string
	frames    []frame
	// tags are the tag sets the enums run have defined.
	tags map[string]bool
	// slab boxes the relations a candidate computes from rf or co.
	slab relSlab
	// scopes are the scopes of the candidate's calls of functions that
	// make no function (eval.go's apply).
	scopes slab[localScope]
	// paths number the choices of the withs run: the child of path p
	// by its i-th choice.
	paths map[[2]int32]int32
}

// childPath numbers the i-th choice of a with run on path p.
func (in *interp) childPath(p int32, i int) int32 {
	if in.memo == nil {
		return 0
	}
	k := [2]int32{p, int32(i)}
	c, ok := in.memo.paths[k]
	if !ok {
		if in.memo.paths == nil {
			in.memo.paths = map[[2]int32]int32{}
		}
		c = int32(len(in.memo.paths) + 1)
		in.memo.paths[k] = c
	}
	return c
}

// A memoKey names one evaluation of a top-level let: the choices of the
// withs run before it, and its rank among the lets run since the last.
// The statements a candidate runs depend on those choices only, so a key
// names the same let in the same scope in every candidate of a shape.
type memoKey struct {
	path, ordinal int32
}

type testKey struct {
	memoKey
	body *TestBody
}

// A testMemo is what the candidates of a shape keep of a test: its
// outcome when it depends on neither rf nor co (static), else the cache of
// its subexpressions.
type testMemo struct {
	static bool
	holds  bool
	rel    rel.Rel
	sub    subCache
}

// newRel is an empty relation: in the worker's arena when the value being
// computed depends on rf or co, else on the heap, since the arena is reset
// for the next candidate and a let memoised for the shape must outlive it.
func (in *interp) newRel() rel.Rel {
	if in.x.Arena != nil && in.dyn {
		return in.x.Arena.NewRel(in.n)
	}
	return rel.NewRel(in.n)
}

// run evaluates stmts from index i; it returns false once a required
// test fails, the results so far in in.results.
func (in *interp) run(stmts []*Stmt, env *scope, top bool) (*scope, bool, error) {
	for i := 0; i < len(stmts); i++ {
		s := stmts[i]
		var err error
		ok := true
		switch {
		case s.Let != nil:
			env, err = in.letStmt(s.Let, env, top)
			if s.Let.final != "" && top && err == nil {
				ok = in.lockChoiceAgrees(s.Let.final, env)
			}
		case s.Test != nil:
			ok, err = in.test(s.Test.Kind, s.Test.Body, env, top)
		case s.Include != nil:
			in.push(stmts[i+1:], top)
			env, ok, err = in.include(s.Include, env, top)
			in.pop()
		case s.If != nil:
			body := s.If.Else
			if in.variant(s.If.Cond) {
				body = s.If.Then
			}
			in.push(stmts[i+1:], top)
			env, ok, err = in.run(body, env, top)
			in.pop()
		case s.Enum != nil:
			for _, n := range s.Enum.setNames {
				if !in.tags[n] {
					in.tags[n] = true
				}
			}
			env = define1(env, s.Enum.sym, binding{v: s.Enum.vals})
		case s.Events != nil:
			// instructions R[Accesses]: the explorer already tags events.
		case s.Procedure != nil:
			p := &procedure{name: s.Procedure.Name, body: s.Procedure.Body, env: env}
			p.formals, p.tuple = formals(s.Procedure.Formals)
			env = define1(env, s.Procedure.sym, binding{v: p})
			if s.Procedure.Rec {
				p.env = env
			}
		case s.Call != nil:
			ok, err = in.local(func() (bool, error) { return in.call(s.Call, env) })
		case s.With != nil:
			return in.with(s.With, stmts[i+1:], env, top)
		case s.Match != nil:
			in.push(stmts[i+1:], top)
			env, ok, err = in.matchStmt(s.Match, env, top)
			in.pop()
		case s.Forall != nil:
			ok, err = in.local(func() (bool, error) { return in.forall(s.Forall, env) })
		case s.Show != nil, s.Unshow != nil, s.Debug != nil:
		}
		if err != nil || !ok || in.done {
			return env, ok, err
		}
	}
	return env, true, nil
}

// tagSetName is the event set herd defines for an annotation: its name
// with a capital initial.
func tagSetName(t string) string {
	if t == "" || t[0] < 'a' || t[0] > 'z' {
		return t
	}
	return string(t[0]-'a'+'A') + t[1:]
}

func (in *interp) letStmt(l *LetStmt, env *scope, top bool) (*scope, error) {
	catdep := in.catdep && in.arch == litmus.ArchAArch64
	if top && in.memo != nil && !in.noMemo {
		k := memoKey{in.path, in.ordinal}
		in.ordinal++
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
		saved := in.dyn
		in.dyn = false
		savedSub := in.sub
		in.sub = subCache{}
		defer func() { in.sub = savedSub }()
		vs, err := in.bindVars(l.Rec, l.Bindings, env)
		d := in.dyn
		in.dyn = saved
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
	if catdep {
		if vs, ok := in.catDeps(l); ok {
			return define(env, vs), nil
		}
	}
	savedSub := in.sub
	in.sub = subCache{}
	inner, err := in.bind(l.Rec, l.Bindings, env)
	in.sub = savedSub
	if err != nil {
		return nil, err
	}
	return define(env, inner.vars), nil
}

// How many of a let's bindings define functions.
const (
	noFun = iota
	someFuns
	allFuns
)

func funLet(bs []*Binding) int {
	n := 0
	for _, b := range bs {
		if b.Fun != "" {
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

func (in *interp) include(inc *IncludeStmt, env *scope, top bool) (*scope, bool, error) {
	for _, f := range in.including {
		if filepath.Base(f) == filepath.Base(inc.Path) {
			return env, false, errAt(inc.Pos, "include %q includes itself", inc.Path)
		}
	}
	f, ok := in.prog.files[inc.Path]
	if !ok {
		return env, false, errAt(inc.Pos, "cannot find included file %q", inc.Path)
	}
	in.including = append(in.including, inc.Path)
	saved := in.catdep
	in.catdep = f.CatDep
	env, ok, err := in.run(f.Stmts, env, top)
	in.catdep = saved
	in.including = in.including[:len(in.including)-1]
	return env, ok, err
}

func (in *interp) test(mode string, t *TestBody, env *scope, top bool) (bool, error) {
	r := Result{Name: t.Name, Kind: CheckKind(t.Test), Not: t.Not, Mode: mode, Pos: pos(t.Pos)}
	memoised := top && in.memo != nil && !in.noMemo
	key := testKey{memoKey{in.path, in.ordinal}, t}
	if mode == "flag" || mode == "undefined_unless" {
		// Neither forbids the candidate: checked once it is allowed.
		r.pending = pendingTest{body: t, env: env, key: key, memoised: memoised}
		in.results = append(in.results, r)
		return true, nil
	}
	holds, shown, err := in.memoTest(t, env, key, memoised)
	if err != nil {
		return false, err
	}
	r.Holds, r.Rel = holds, shown
	if mode == "assert" && !r.Holds {
		// herd stops with a user error: the test, not the model, is
		// wrong, so there is no verdict to give.
		name := t.Name
		if name == "" {
			name = "(unnamed)"
		}
		return false, errAt(t.Pos, "assertion %s failed, check input test", name)
	}
	in.results = append(in.results, r)
	if mode == "" && !r.Holds {
		return false, nil
	}
	return true, nil
}

// testHolds evaluates a test: whether it succeeds (with its ~), and the
// relation it tests; in.dyn says whether it read rf or co.
func (in *interp) testHolds(t *TestBody, env *scope) (bool, rel.Rel, error) {
	v, err := in.eval(t.Expr, env)
	if err != nil {
		return false, rel.Rel{}, err
	}
	var holds bool
	var shown rel.Rel
	switch CheckKind(t.Test) {
	case IsEmpty:
		holds = in.isEmpty(v)
		if r, ok := relOf(v); ok {
			shown = r
		} else if s, ok := in.asSet(v); ok {
			shown = rel.Identity(in.n, s)
		}
	default:
		r, ok := in.asRel(v)
		if !ok {
			return false, shown, errAt(t.Expr.Pos, "type mismatch: %s of %s, want a relation", t.Test, typeName(v))
		}
		shown = r
		if CheckKind(t.Test) == Acyclic {
			holds = r.Acyclic()
		} else {
			holds = r.Irreflexive()
		}
	}
	return holds != t.Not, shown, nil
}

func (in *interp) call(c *CallStmt, env *scope) (bool, error) {
	pv, err := in.lookupVar(c.Pos, c.Name, c.sym, env)
	if err != nil {
		return false, err
	}
	p, ok := pv.(*procedure)
	if !ok {
		return false, errAt(c.Pos, "type mismatch: call of %s, want a procedure", typeName(pv))
	}
	arg, err := in.primary(c.Arg, env)
	if err != nil {
		return false, err
	}
	if in.depth >= maxDepth {
		return false, errAt(c.Pos, "calls nested deeper than %d in %s", maxDepth, p.name)
	}
	inner := newScope(p.env)
	if err := in.bindPattern(c.Pos, p.formals, p.tuple, arg, false, inner); err != nil {
		return false, err
	}
	first := len(in.results)
	in.depth++
	_, ok, err = in.run(p.body, inner, false)
	in.depth--
	if c.As != "" {
		for i := first; i < len(in.results); i++ {
			in.results[i].Name = c.As
		}
	}
	return ok, err
}

func (in *interp) matchStmt(m *MatchStmt, env *scope, top bool) (*scope, bool, error) {
	saved := in.dyn
	in.dyn = false
	v, err := in.eval(m.Subject, env)
	dyn := in.dyn
	in.dyn = saved
	if err != nil {
		return env, false, err
	}
	t, ok := v.(tagVal)
	if !ok {
		return env, false, errAt(m.Pos, "type mismatch: match on %s, want a tag", typeName(v))
	}
	if dyn {
		// The statements run from here depend on rf or co.
		in.noMemo = true
	}
	for _, c := range m.Clauses {
		if c.Tag == "" || c.Tag[1:] == string(t) {
			return in.run(c.Stmts, env, top)
		}
	}
	return env, false, errAt(m.Pos, "no clause matches tag '%s", t)
}

func (in *interp) forall(f *ForallStmt, env *scope) (bool, error) {
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
		inner.vars.set(f.sym, binding{v: e})
		if _, ok, err := in.run(f.Body, inner, false); err != nil || !ok {
			return ok, err
		}
	}
	return true, nil
}
