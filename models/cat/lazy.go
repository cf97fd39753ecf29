// This file implements the work a candidate can skip: a top-level let
// known to depend on rf or co (from an earlier candidate of the shape) is
// bound to a thunk evaluated when a name it binds is first looked up, and
// flags are checked once the candidate is allowed, so that a candidate
// rejected early (lock.cat's choices that are not the explorer's
// candidate, a failed axiom) computes only what its rejection reads.

package cat

import (
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// A thunk is a let evaluated on demand, in the scope it was run in.
type thunk struct {
	let *resolve.Let
	// sub is its letMemo's cache of subexpressions.
	sub  *subCache
	key  testKey
	env  *scope
	done bool
	vals vars
	err  error
	// out collects the values of a let that is not rec, its room kept
	// from one candidate to the next.
	out scope
}

// A letMemo is what the candidates of a shape keep of a top-level let:
// its values, or, when it depends on rf or co, the thunk each candidate
// binds it to anew (nothing of a candidate outlives it) and the bindings
// to that thunk.
type letMemo struct {
	t     thunk
	slots vars
	// sub caches the let's subexpressions (static.go).
	sub subCache
}

// A letEntry is a let's values, or its letMemo when it depends on rf or
// co. A let of functions only is kept with the scope its closures were
// made in, funEnv: they are its values in that scope alone.
type letEntry struct {
	vals   vars
	lazy   *letMemo
	funEnv *scope
	set    bool
}

// A letTable holds the lets of a shape by the path of withs they were
// run on and their ordinal on it: both number densely from 0, so the
// table is slices, not a map, looked up once per let and candidate.
type letTable [][]letEntry

// get is the let of k, nil when none is kept.
func (t letTable) get(k memoKey) *letEntry {
	if int(k.path) >= len(t) || int(k.ordinal) >= len(t[k.path]) {
		return nil
	}
	if e := &t[k.path][k.ordinal]; e.set {
		return e
	}
	return nil
}

func (t *letTable) put(k memoKey, e letEntry) {
	for int(k.path) >= len(*t) {
		*t = append(*t, nil)
	}
	row := &(*t)[k.path]
	for int(k.ordinal) >= len(*row) {
		*row = append(*row, letEntry{})
	}
	e.set = true
	(*row)[k.ordinal] = e
}

func newLetEntry(vs vars, dyn bool) letEntry {
	if !dyn {
		return letEntry{vals: vs}
	}
	lm := &letMemo{slots: make(vars, len(vs))}
	for i, v := range vs {
		lm.slots[i] = slot{v.s, binding{dyn: v.b.dyn, lazy: &lm.t}}
	}
	return letEntry{lazy: lm}
}

// lazyLet binds l's names to the thunk of this candidate.
func (lm *letMemo) lazyLet(l *resolve.Let, env *scope, key testKey) *scope {
	out := lm.t.out.vars[:0]
	lm.t = thunk{let: l, env: env, key: key, sub: &lm.sub}
	lm.t.out.vars = out
	return define(env, lm.slots)
}

// force evaluates b's thunk, if any, and returns b's value.
func (in *interp) force(name sym, b binding) (binding, error) {
	if b.lazy == nil {
		return b, nil
	}
	t := b.lazy
	if !t.done {
		t.done = true
		saved := in.expr.dyn
		savedSub := in.enterSub(t.sub, t.let.Subs)
		var err error
		if t.let.Rec {
			var inner *scope
			if inner, err = in.bind(true, t.let.Bindings, t.env); err == nil {
				t.vals = inner.vars
			}
		} else {
			for _, b := range t.let.Bindings {
				if err = in.bindOne(b, t.env, &t.out); err != nil {
					break
				}
			}
			t.vals = t.out.vars
		}
		in.expr.dyn = saved
		in.expr.sub = savedSub
		t.err = err
	}
	if t.err != nil {
		return binding{}, t.err
	}
	v, _ := t.vals.get(name)
	return v, nil
}

// A pendingTest is a flag or undefined_unless checked at the end.
type pendingTest struct {
	test     *resolve.Test // nil once checked
	env      *scope
	key      testKey
	memoised bool
}

// resolvePending checks the deferred tests of an allowed candidate.
func (in *interp) resolvePending() error {
	for i := range in.flow.results {
		r := &in.flow.results[i]
		if r.pending.test == nil {
			continue
		}
		p := r.pending
		r.pending = pendingTest{}
		holds, rel, err := in.memoTest(p.test, p.env, p.key, p.memoised)
		if err != nil {
			return err
		}
		r.Holds, r.Rel = holds, rel
	}
	return nil
}

// memoTest evaluates a test, or takes its outcome from an earlier
// candidate of the shape when it does not depend on rf or co (memoised
// says whether the memo applies).
func (in *interp) memoTest(t *resolve.Test, env *scope, key testKey, memoised bool) (bool, rel.Rel, error) {
	saved, savedSub := in.expr.dyn, in.expr.sub
	defer func() { in.expr.dyn, in.expr.sub = saved, savedSub }()
	in.expr.sub = subCache{}
	if !memoised {
		return in.testHolds(t, env)
	}
	tm := in.memo.tests[key]
	if tm != nil && tm.static {
		return tm.holds, tm.rel, nil
	}
	in.expr.dyn = false
	if tm != nil {
		// Known to depend on rf or co: its static parts are cached.
		in.enterSub(&tm.sub, t.Subs)
	}
	holds, rel, err := in.testHolds(t, env)
	if err == nil && tm == nil {
		if in.memo.tests == nil {
			in.memo.tests = map[testKey]*testMemo{}
		}
		tm = &testMemo{}
		in.memo.tests[key] = tm
	}
	if err == nil && !in.expr.dyn {
		tm.static, tm.holds, tm.rel = true, holds, rel
	}
	return holds, rel, err
}
