// This file implements binding lets, and let rec by least fixpoint: each
// round evaluates the equations in order, the terms of an equation's union
// that do not mention the let rec's names (resolve marks them) once per
// fixpoint.

package cat

import (
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// bindVars evaluates the bindings of a memoised let, as bind, into
// bindings alone.
func (in *interp) bindVars(rec bool, bs []*resolve.Binding, env *scope) (vars, error) {
	if rec {
		inner, err := in.bind(true, bs, env)
		if err != nil {
			return nil, err
		}
		return inner.vars, nil
	}
	// The values of a top-level let, kept for the shape: carved from
	// the memo's room, as the table's (boxes.go).
	out := scope{vars: in.memo.slots.take(len(bs))[:0]}
	for _, b := range bs {
		if err := in.bindOne(b, env, &out); err != nil {
			return nil, err
		}
	}
	return out.vars, nil
}

// bind evaluates let bindings into a new scope; rec ones by fixpoint.
func (in *interp) bind(rec bool, bs []*resolve.Binding, env *scope) (*scope, error) {
	inner := newScope(env)
	if !rec {
		for _, b := range bs {
			if err := in.bindOne(b, env, inner); err != nil {
				return nil, err
			}
		}
		return inner, nil
	}
	// Functions see themselves; other names start empty and grow.
	allFun := true
	for _, b := range bs {
		if b.Fun == nil {
			allFun = false
			for _, n := range b.Names {
				inner.vars.set(n, binding{v: emptyVal{}})
			}
		}
	}
	if allFun {
		for _, b := range bs {
			if err := in.bindOne(b, inner, inner); err != nil {
				return nil, err
			}
		}
		return inner, nil
	}
	hoists := make([]hoisted, len(bs))
	// The scope of the round before last is done with once no value
	// can hold it (no equation makes a function): the round after
	// reuses it.
	reuse := true
	for _, b := range bs {
		reuse = reuse && b.NoFun
	}
	var rounds [2]*scope
	for iter := 0; ; iter++ {
		if iter > 10000 {
			return nil, errAt(bs[0].Pos, "let rec does not reach a fixpoint")
		}
		next := rounds[iter%2]
		if next == nil || !reuse {
			next = newScope(env)
			next.vars = make(vars, 0, len(inner.vars))
			rounds[iter%2] = next
		}
		next.vars = append(next.vars[:0], inner.vars...)
		// Each equation sees the values the ones before it in this
		// round computed, as herd's: with a non-monotone equation (the
		// bell's rcu-rscs) the order decides which fixpoint is reached.
		for i, b := range bs {
			if err := in.bindRound(b, next, next, &hoists[i]); err != nil {
				return nil, err
			}
		}
		same := len(next.vars) == len(inner.vars)
		for i := 0; same && i < len(next.vars); i++ {
			same = next.vars[i].s == inner.vars[i].s && equal(next.vars[i].b.v, inner.vars[i].b.v)
		}
		inner = next
		if same {
			return inner, nil
		}
	}
}

// A hoisted is the union of a let rec equation's invariant terms,
// computed in the fixpoint's first round.
type hoisted struct {
	v    Value
	dyn  bool
	done bool
	// off is set when the union is not of relations or event sets,
	// whose order of terms could show: the equation is evaluated whole.
	off bool
}

// bindRound evaluates one equation of a let rec for one round of its
// fixpoint, with its invariant terms taken from h after the first.
func (in *interp) bindRound(b *resolve.Binding, env, out *scope, h *hoisted) error {
	if b.Invariant == nil || h.off || !in.shortCircuit() {
		return in.bindOne(b, env, out)
	}
	saved := in.expr.dyn
	defer func() { in.expr.dyn = saved || in.expr.dyn }()
	terms := b.Value.(*resolve.Op).Terms
	if !h.done {
		in.expr.dyn = false
		var v Value
		for i, t := range terms {
			if !b.Invariant[i] {
				continue
			}
			w, err := in.eval(t.Expr, env)
			if err != nil {
				return err
			}
			if v == nil {
				v = w
			} else if v, err = in.binary("|", v, w); err != nil {
				return at(t.Pos, err)
			}
		}
		switch v.(type) {
		case rel.Rel, *relVal, rel.Set:
		default:
			h.off = true
			in.expr.dyn = false
			return in.bindOne(b, env, out)
		}
		h.v, h.dyn, h.done = v, in.expr.dyn, true
	}
	in.expr.dyn = h.dyn
	v := h.v
	for i, t := range terms {
		if b.Invariant[i] {
			continue
		}
		w, err := in.eval(t.Expr, env)
		if err != nil {
			return err
		}
		if v, err = in.binary("|", v, w); err != nil {
			return at(t.Pos, err)
		}
	}
	return in.bindPattern(b.Pos, b.Names, b.Tuple, v, in.expr.dyn, out)
}
