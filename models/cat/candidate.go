// This file implements the evaluation of a Program on one candidate: the
// interpreter of the shape's memo (or a new one), the candidate's facts,
// its table of top-level bindings, and the run of the bell and the model.
// What a candidate derives from its shape alone is kept in the memo for
// the shape's other candidates.

package cat

import (
	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/models"
	"github.com/litmuscheck/litmuscheck/rel"
)

// eval runs the program on x for dialect arch ("" accepts the tags of
// every dialect).
func (p *Program) eval(x *litmus.Execution, arch litmus.Arch) ([]Result, bool, error) {
	m, _ := x.Memo.(*memo)
	if m == nil && arch != "" {
		m = &memo{}
		x.Memo = m
	}
	var in *interp
	if m == nil || m.running {
		in = new(interp)
	} else {
		// The memo's interpreter, cleared: nothing of an evaluation
		// keeps it once done, and a shape's candidates are evaluated
		// one at a time (the flag guards a nested Explain).
		in = &m.in
		m.running = true
		defer func() { m.running = false }()
	}
	*in = interp{prog: p, memo: m}
	in.startCandidate(x, arch)
	env := in.topScope()
	if in.memo != nil {
		// The results of the last candidate CheckErr has read.
		in.flow.results, in.memo.results = in.memo.results[:0], nil
		in.flow.including, in.flow.frames = in.memo.including[:0], in.memo.frames[:0]
		defer func() { in.memo.including, in.memo.frames = in.flow.including[:0], in.flow.frames[:0] }()
	}
	ok, err := in.runProgram(env)
	return in.flow.results, ok, err
}

// startCandidate sets in.cand for x, and readies the memo's room for it.
func (in *interp) startCandidate(x *litmus.Execution, arch litmus.Arch) {
	c := &in.cand
	*c = candidate{x: x, arch: arch, n: x.N, all: rel.AllEvents(x.N)}
	if x.N == 0 {
		c.all = rel.Set{}
	}
	if x.PO.IsZero() {
		fillEmpty(x)
	}
	in.setShape()
	c.tags = in.candidateTags()
	if in.memo != nil {
		c.slab = &in.memo.slab
		c.slab.reset()
		in.memo.scopes.reset()
		in.memo.gen++
		c.gen = in.memo.gen
		c.dynBuiltins = in.memo.dynBuiltins
	}
	if x.Arena != nil {
		x.Arena.Reset()
	}
	c.rf = x.RF
	if x.RF.IsZero() {
		c.rf = c.shape.empty
	} else if !setEmpty(c.shape.lockEv) {
		// herd's rf links plain accesses only: lock.cat builds the
		// reads-from of lock events itself.
		plain := setDiff(c.all, c.shape.lockEv)
		c.rf = in.inArena(x.RF).Restrict(plain, plain)
	}
	c.rf = in.inArena(c.rf)
	// herd's final writes are memory stores (no lock event is one) on
	// the locations the final state shows: herd fixes no last write for
	// the others, so lock.cat's lock-final cannot see them.
	c.fw = setInter(finalWrites(x, x.CO, in.writes()), c.shape.observed)
}

// candidateTags are the tag sets the candidate starts with: every
// dialect's in the dry run, else those the enums of the shape's earlier
// candidates defined (the memo's, to which this one's add).
func (in *interp) candidateTags() map[string]bool {
	if in.cand.arch == "" && in.memo == nil {
		tags := map[string]bool{}
		for _, ts := range dialectTags {
			for t := range ts {
				tags[t] = true
			}
		}
		return tags
	}
	if in.memo == nil {
		return map[string]bool{}
	}
	if in.memo.tags == nil {
		in.memo.tags = map[string]bool{}
	}
	return in.memo.tags
}

// topScope is the scope of the program's first statement: a table of
// top-level bindings, the previous candidate's emptied when there is a
// memo, its slices reused.
func (in *interp) topScope() *scope {
	var t *topEnv
	if in.memo != nil && in.memo.top != nil {
		t = in.memo.top
		t.reset()
	} else {
		t = &topEnv{hist: make([][]versioned, len(in.prog.code.Syms.Names))}
		if in.memo != nil {
			in.memo.top = t
		}
	}
	return t.view()
}

// runProgram runs the bell, then the model, from env; it reports whether
// the candidate is allowed.
func (in *interp) runProgram(env *scope) (bool, error) {
	p := in.prog.code
	ok := true
	var err error
	if p.Bell != nil {
		in.flow.catdep = p.Main.CatDep
		in.push(p.Main.Stmts, true)
		in.flow.catdep = p.Bell.CatDep
		env, ok, err = in.run(p.Bell.Stmts, env, true)
		in.pop()
	}
	if err == nil && ok && !in.flow.done {
		in.flow.catdep = p.Main.CatDep
		env, ok, err = in.run(p.Main.Stmts, env, true)
	}
	if err == nil && ok && !in.flow.done {
		ok = in.matchesCandidate(env)
		err = in.flow.lazyErr
	}
	if err == nil && (ok || in.cand.arch == "") {
		// The dry run checks the flags too, for their type errors.
		err = in.resolvePending()
	}
	return ok, err
}

// A shapeConsts holds what a candidate's evaluation derives from its
// shape alone: kept in the memo, computed once per shape.
type shapeConsts struct {
	empty, id, full rel.Rel
	// emptyV and idV are empty and id as values, boxed once.
	emptyV, idV Value
	// lockEv are lock.cat's lock events, observed the events on the
	// locations the final state shows.
	lockEv, observed rel.Set
	cpo, cloc        rel.Rel
	// builtins are the values of the built-in names that depend on
	// neither rf nor co, by symbol.
	builtins []builtinEntry
}

// setShape sets in.cand.shape: the memo's, or computed for this evaluation.
func (in *interp) setShape() {
	if in.memo != nil && in.memo.shape != nil {
		in.cand.shape = in.memo.shape
		return
	}
	x, all := in.cand.x, in.cand.all
	s := &shapeConsts{
		empty:    rel.NewRel(x.N),
		id:       rel.Identity(x.N, all),
		full:     rel.Cartesian(x.N, all, all),
		observed: observedEvents(x),
		lockEv:   in.computeLockEvents(),
		builtins: make([]builtinEntry, len(in.prog.code.Syms.Names)),
	}
	s.emptyV, s.idV = &relVal{s.empty}, &relVal{s.id}
	in.cand.shape = s
	if in.memo != nil {
		in.memo.shape = s
	}
}

// observedEvents are the events on the memory locations x's final state
// shows.
func observedEvents(x *litmus.Execution) rel.Set {
	var s rel.Set
	for _, l := range models.ObservedMemory(x.Test) {
		for i := range x.Events {
			if x.Events[i].Loc == l {
				s = s.Add(i)
			}
		}
	}
	return s
}

// fillEmpty gives an execution with no events empty relations.
func fillEmpty(x *litmus.Execution) {
	e := rel.NewRel(x.N)
	for _, r := range []*rel.Rel{&x.PO, &x.Loc, &x.Int, &x.RF, &x.CO, &x.RMW, &x.Addr, &x.Data, &x.Ctrl} {
		if r.IsZero() {
			*r = e
		}
	}
}
