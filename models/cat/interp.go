// This file implements the state of an evaluation, one owner per concern:
// the program (read only), the candidate execution with what derives from
// it, the memo the candidates of a shape share, the expression being
// computed, and the flow of the statements run.

package cat

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// interp is the state of one evaluation of a program on a candidate.
type interp struct {
	prog *Program
	cand candidate
	// memo is the shape's, nil in the dry run of Load and where the
	// execution has none.
	memo *memo
	expr exprState
	flow flowState
}

// A candidate is the execution evaluated and the facts of it that the
// built-ins read: fixed for the whole evaluation.
type candidate struct {
	x    *litmus.Execution
	arch litmus.Arch
	n    int
	all  rel.Set
	// shape holds what the shape alone decides (candidate.go).
	shape *shapeConsts
	rf    rel.Rel
	fw    rel.Set
	// tags are the tag sets the enums run have defined.
	tags map[string]bool
	// deps are the explorer's dependencies by aarch64deps.cat's names.
	deps map[string]rel.Rel
	// gen numbers the candidate among its shape's; dynBuiltins are the
	// built-ins that depend on rf or co, by symbol, valid for candidate
	// gen (the memo's, reused).
	gen         int
	dynBuiltins []builtinEntry
	// slab boxes the relations the candidate computes from rf or co:
	// the memo's, nil without one (boxes.go).
	slab *relSlab
}

// An exprState is the state of the expression being computed.
type exprState struct {
	// dyn says whether the value being computed depends on rf or co.
	dyn bool
	// depth is the nesting of function and procedure calls.
	depth int
	// sub is the subexpression cache of the statement being evaluated
	// (static.go), empty where there is none.
	sub subCache
}

// A flowState is where the run of the statements is, and what it has
// found.
type flowState struct {
	// at names the next top-level let or test for the memo: the choices
	// of the withs before it and its rank since the last; noMemo is set
	// once the statements run depend on rf or co (a match on such a
	// value).
	at     memoKey
	noMemo bool
	// results are the tests run.
	results []Result
	// including is the stack of files being included.
	including []string
	// catdep is set in a file that says catdep: it computes the
	// dependencies from register events.
	catdep bool
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

// A memo is what the candidates of one shape share, kept in
// Execution.Memo: the values that depend on neither rf nor co, the
// shape's facts, and room that each candidate reuses.
type memo struct {
	// lets are the top-level lets evaluated: their values when they
	// depend on neither rf nor co, else the thunk the next candidates
	// bind them to (lazy.go).
	lets letTable
	// tests are the tests evaluated, by the let before them and their
	// statement (lazy.go).
	tests map[testKey]*testMemo
	// withs are the elements of the withs' sets that depend on neither
	// rf nor co (with.go).
	withs map[withKey][]Value
	// paths number the choices of the withs run: the child of path p
	// by its i-th choice.
	paths map[[2]int32]int32

	shape *shapeConsts
	// deps are the explorer's dependencies, for a catdep file.
	deps map[string]rel.Rel
	// tags are the tag sets the enums run have defined.
	tags map[string]bool
	// gen numbers the last candidate evaluated.
	gen         int
	dynBuiltins []builtinEntry

	// in is the interpreter of the shape's evaluations, running while
	// one is under way.
	in      interp
	running bool
	// top is the last candidate's table of top-level bindings, reused.
	top *topEnv
	// results is the slice of results the next candidate fills.
	results []Result
	// including and frames are the room of flowState's, kept.
	including []string
	frames    []frame
	// slots is the room of the values of lets (bindVars).
	slots blocks[slot]
	// slab boxes the relations a candidate computes from rf or co.
	slab relSlab
	// scopes are the scopes of the candidate's calls of functions that
	// make no function (eval.go's apply).
	scopes slab[localScope]
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
	test *resolve.Test
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
	if in.cand.x.Arena != nil && in.expr.dyn {
		return in.cand.x.Arena.NewRel(in.cand.n)
	}
	return rel.NewRel(in.cand.n)
}
