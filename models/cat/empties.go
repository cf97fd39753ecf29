// This file implements the operands a candidate need not evaluate: after
// an empty left operand of ; \ or &, and in a ; or & chain with an operand
// known empty (kept for the shape, or a name bound to an empty value), the
// result is that empty value whatever the others.

package cat

import (
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// staticEmpty reports whether one of the operands of a ; or & chain is
// known empty for the shape, and returns it: the chain is then that value
// whatever the others, which are not evaluated.
func (in *interp) staticEmpty(ids []resolve.SubID) (Value, bool) {
	c := in.expr.sub
	for _, id := range ids {
		i := int(id - c.lo)
		if id != 0 && i >= 0 && i < len(c.e) && c.e[i].state == subStatic && c.e[i].empty {
			return c.e[i].v, true
		}
	}
	return nil, false
}

// emptyName reports whether one of the name operands of a ; or & chain is
// bound to an empty relation or event set, and returns the chain's value
// then: the other operands are not evaluated. A name bound to a let not
// yet computed is not looked at.
func (in *interp) emptyName(ts []resolve.NameTerm, env *scope) (Value, bool) {
	if !in.shortCircuit() {
		return nil, false
	}
	for _, t := range ts {
		b, ok := env.lookup(t.Sym)
		if ok && b.lazy != nil {
			if !b.lazy.done || b.lazy.err != nil {
				continue
			}
			b, _ = b.lazy.vals.get(t.Sym)
		}
		if !ok {
			continue
		}
		if isEmptyRelOrSet(b.v) {
			in.expr.dyn = in.expr.dyn || b.dyn
			if t.Bracket {
				return in.cand.shape.emptyV, true
			}
			return b.v, true
		}
	}
	return nil, false
}

func isEmptyRelOrSet(v Value) bool {
	switch v := v.(type) {
	case *relVal:
		return v.Empty()
	case rel.Rel:
		return v.Empty()
	case rel.Set:
		return setEmpty(v)
	}
	return false
}

// absorbs reports whether v, the left operand of ;, \ or &, is an
// empty relation or event set, which makes the result v whatever the
// right operand: the right one is not evaluated, so that what it would
// read (lock.cat's or the LKMM's costly lets behind a test on plain
// accesses a test has none of) is not computed either. The dry run of
// Load evaluates every operand, for the type errors.
func (in *interp) absorbs(v Value) bool {
	if !in.shortCircuit() {
		return false
	}
	return isEmptyRelOrSet(v)
}

// shortCircuit says whether operands may be left unevaluated: not in the
// dry run on no events.
func (in *interp) shortCircuit() bool { return in.cand.arch != "" }
