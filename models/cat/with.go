// This file implements with x from S, which tries each element of S on
// the rest of the program, and the check that ties lock.cat's own
// reads-from and coherence of lock events to the explorer's candidate.

package cat

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// A frame is the rest of a statement list that a nested list (an include,
// an if, a match) returns to.
type frame struct {
	stmts  []resolve.Stmt
	top    bool
	catdep bool
}

func (in *interp) push(stmts []resolve.Stmt, top bool) {
	in.flow.frames = append(in.flow.frames, frame{stmts: stmts, top: top, catdep: in.flow.catdep})
}

func (in *interp) pop() { in.flow.frames = in.flow.frames[:len(in.flow.frames)-1] }

// local runs f with no continuation beyond its own body.
func (in *interp) local(f func() (bool, error)) (bool, error) {
	saved := in.flow.frames
	in.flow.frames = nil
	in.flow.inLocal++
	ok, err := f()
	in.flow.inLocal--
	in.flow.frames = saved
	return ok, err
}

// with binds name to each element of the set in turn and runs the rest
// of the program; the candidate is allowed when one choice passes. with
// co from S binds co to the candidate's coherence order, since the
// explorer already enumerates every coherence order that S would.
func (in *interp) with(w *resolve.With, rest []resolve.Stmt, env *scope, top bool) (*scope, bool, error) {
	if w.Sym == in.prog.code.CO {
		return in.run(rest, define1(env, w.Sym, binding{v: in.coRel(), dyn: true}), top)
	}
	elems, d, err := in.withElems(w, env, top)
	if err != nil {
		return env, false, err
	}
	// Each choice runs the rest of the program: its lets are memoised
	// under the choice's index.
	saved := in.flow.at
	defer func() { in.flow.at = saved }()
	first := len(in.flow.results)
	frames := in.flow.frames
	catdep := in.flow.catdep
	// At the top level, each choice binds the name in the top table, once
	// the previous, failed, choice's bindings are dropped from it.
	t := env.topView()
	for i, e := range elems {
		in.flow.results = in.flow.results[:first]
		in.flow.catdep = catdep
		in.flow.at = memoKey{in.childPath(saved.path, i), 0}
		if t != nil {
			t.truncate(env.ver)
		}
		inner := define1(env, w.Sym, binding{v: e, dyn: d})
		out, ok, err := in.run(rest, inner, top)
		if in.flow.inLocal == 0 {
			if err == nil && ok && !in.flow.done {
				out, ok, err = in.runFrames(frames, out)
			}
			if err == nil && ok && !in.flow.done {
				ok = in.matchesCandidate(out)
				err = in.flow.lazyErr
			}
			in.flow.done = false
		}
		if err != nil || ok {
			in.flow.done = in.flow.inLocal == 0
			return out, ok, err
		}
	}
	in.flow.done = in.flow.inLocal == 0
	return env, false, nil
}

// withElems are the elements of w's set, and whether they depend on rf
// or co. Those that do not are kept for the shape: lock.cat's and
// aarch64.cat's sets of choices are computed by cat functions (cross,
// enumerate-ordered-pairs) from event sets alone, which each candidate
// would otherwise run again.
func (in *interp) withElems(w *resolve.With, env *scope, top bool) ([]Value, bool, error) {
	memoised := top && in.memo != nil && !in.flow.noMemo
	key := withKey{in.flow.at, w}
	// The choices are bound dyn when the scope's evaluation is.
	saved := in.expr.dyn
	if memoised {
		if elems, ok := in.memo.withs[key]; ok {
			return elems, saved, nil
		}
	}
	in.expr.dyn = false
	v, err := in.eval(w.Set, env)
	setDyn := in.expr.dyn
	in.expr.dyn = saved
	d := saved || setDyn
	if err != nil {
		return nil, d, err
	}
	elems, err := in.elements(v)
	if err != nil {
		return nil, d, at(w.Pos, err)
	}
	if memoised && !setDyn {
		if in.memo.withs == nil {
			in.memo.withs = map[withKey][]Value{}
		}
		in.memo.withs[key] = elems
	}
	return elems, d, nil
}

type withKey struct {
	memoKey
	with *resolve.With
}

// runFrames runs the enclosing statement lists, innermost first.
func (in *interp) runFrames(frames []frame, env *scope) (*scope, bool, error) {
	defer func() { in.flow.frames = frames }()
	for j := len(frames) - 1; j >= 0; j-- {
		// Capped: a push in frame j must not write over frames[j],
		// which the with's next choice runs again.
		in.flow.frames = frames[:j:j]
		in.flow.catdep = frames[j].catdep
		var ok bool
		var err error
		env, ok, err = in.run(frames[j].stmts, env, frames[j].top)
		if err != nil || !ok || in.flow.done {
			return env, ok, err
		}
	}
	return env, true, nil
}

func (in *interp) coRel() rel.Rel {
	co := in.inArena(in.cand.x.CO)
	if ul := in.unlocks(); !setEmpty(ul) {
		// lock.cat's co orders the lock-writes, and places the unlocks.
		w := setDiff(in.cand.x.W, ul)
		co = co.Restrict(w, w)
	}
	return co
}

// matchesCandidate reports whether the rf and co the program ends with
// agree with the explorer's on lock events. lock.cat computes the
// reads-from of lock reads and the coherence place of unlocks itself; the
// explorer enumerates them too, so each of lock.cat's executions must be
// counted once, on the candidate that is the same execution.
func (in *interp) matchesCandidate(env *scope) bool {
	return in.lockChoiceAgrees("rf", env) && in.lockChoiceAgrees("co", env)
}

// finalRel is the relation name is bound to at the end of the program.
func (in *interp) finalRel(env *scope, name resolve.Sym) (rel.Rel, bool) {
	b, ok := env.lookup(name)
	if !ok {
		return rel.Rel{}, false
	}
	b, err := in.force(name, b)
	if err != nil {
		in.flow.lazyErr = err
		return rel.Rel{}, false
	}
	return in.asRel(b.v)
}

// lockEvents are the candidate's lock.cat events, in C only.
func (in *interp) lockEvents() rel.Set { return in.cand.shape.lockEv }

func (in *interp) computeLockEvents() rel.Set {
	var s rel.Set
	if in.cand.arch != litmus.ArchC {
		return s
	}
	for _, t := range []string{litmus.TagLockRead, litmus.TagLockWrite, litmus.TagUnlock, litmus.TagLockFail, litmus.TagReadLocked, litmus.TagReadUnlocked} {
		s = setUnion(s, in.cand.x.Tag(t))
	}
	return s
}
