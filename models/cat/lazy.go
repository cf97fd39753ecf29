// This file implements the work a candidate can skip: a top-level let
// known to depend on rf or co (from an earlier candidate of the shape) is
// bound to a thunk evaluated when a name it binds is first looked up, and
// flags are checked once the candidate is allowed, so that a candidate
// rejected early (lock.cat's choices that are not the explorer's
// candidate, a failed axiom) computes only what its rejection reads.

package cat

import "github.com/litmuscheck/litmuscheck/litmus"

// A thunk is a let evaluated on demand, in the scope it was run in.
type thunk struct {
	let  *LetStmt
	key  testKey
	env  *scope
	done bool
	vals vars
	err  error
}

// A thunkLet is a thunk with room for the bindings to it.
type thunkLet struct {
	thunk
	inline [1]slot
}

// lazyLet binds l's names to a thunk; dyn says which of them depended on
// rf or co when the let was last evaluated.
func lazyLet(l *LetStmt, env *scope, dyn vars, key testKey) *scope {
	// The thunk and its bindings in one allocation, for most lets.
	tl := &thunkLet{thunk: thunk{let: l, env: env, key: key}}
	t := &tl.thunk
	vs := tl.inline[:0]
	if len(dyn) > len(tl.inline) {
		vs = make(vars, 0, len(dyn))
	}
	vs = vs[:len(dyn)]
	for i, d := range dyn {
		vs[i] = slot{d.s, binding{dyn: d.b.dyn, lazy: t}}
	}
	return define(env, vs)
}

// force evaluates b's thunk, if any, and returns b's value.
func (in *interp) force(name sym, b binding) (binding, error) {
	if b.lazy == nil {
		return b, nil
	}
	t := b.lazy
	if !t.done {
		t.done = true
		saved := in.dyn
		savedSub := in.enterSub(t.key, t.let.subs)
		inner, err := in.bind(t.let.Rec, t.let.Bindings, t.env)
		in.dyn = saved
		in.sub = savedSub
		if err != nil {
			t.err = err
		} else {
			t.vals = inner.vars
		}
	}
	if t.err != nil {
		return binding{}, t.err
	}
	v, _ := t.vals.get(name)
	return v, nil
}

// dynNamesOf records which names of a let's scope depend on rf or co.
func dynNamesOf(vs vars) vars {
	out := make(vars, len(vs))
	for i, v := range vs {
		out[i] = slot{v.s, binding{dyn: v.b.dyn}}
	}
	return out
}

// A pendingTest is a flag or undefined_unless checked at the end.
type pendingTest struct {
	body     *TestBody // nil once checked
	env      *scope
	key      testKey
	memoised bool
}

// resolvePending checks the deferred tests of an allowed candidate.
func (in *interp) resolvePending() error {
	for i := range in.results {
		r := &in.results[i]
		if r.pending.body == nil {
			continue
		}
		p := r.pending
		r.pending = pendingTest{}
		holds, rel, err := in.memoTest(p.body, p.env, p.key, p.memoised)
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
func (in *interp) memoTest(t *TestBody, env *scope, key testKey, memoised bool) (bool, litmus.Rel, error) {
	saved, savedSub := in.dyn, in.sub
	defer func() { in.dyn, in.sub = saved, savedSub }()
	in.sub = subCache{}
	if !memoised {
		return in.testHolds(t, env)
	}
	if o, ok := in.memo.tests[key]; ok {
		return o.holds, o.rel, nil
	}
	in.dyn = false
	if in.memo.dynTests[key] {
		in.enterSub(key, t.subs)
	}
	holds, rel, err := in.testHolds(t, env)
	if err == nil && !in.dyn {
		if in.memo.tests == nil {
			in.memo.tests = map[testKey]testOutcome{}
		}
		in.memo.tests[key] = testOutcome{holds, rel}
	} else if err == nil {
		if in.memo.dynTests == nil {
			in.memo.dynTests = map[testKey]bool{}
		}
		in.memo.dynTests[key] = true
	}
	return holds, rel, err
}
