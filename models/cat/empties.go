// This file implements the operands a candidate need not evaluate: after
// an empty left operand of ; \ or &, and in a ; or & chain with an operand
// known empty (kept for the shape, or a name bound to an empty value), the
// result is that empty value whatever the others.

package cat

import "github.com/litmuscheck/litmuscheck/rel"

// termSubs are the numbers of the operands of a ; or & chain, nil when
// none has one.
func (n *numberer) termSubs(k int, rep func(int) subID) []subID {
	if n.probe {
		return nil
	}
	out := make([]subID, k)
	some := false
	for i := range out {
		out[i] = rep(i)
		some = some || out[i] != 0
	}
	if !some {
		return nil
	}
	return out
}

func repUnion(u *Union) subID {
	if u.sid != 0 || len(u.Terms) != 1 || len(u.Terms[0].Terms) != 1 {
		return u.sid
	}
	s := u.Terms[0].Terms[0]
	if s.sid != 0 || len(s.Terms) != 1 {
		return s.sid
	}
	return repDiff(s.Terms[0])
}

func repDiff(d *Diff) subID {
	if d.sid != 0 || len(d.Terms) != 1 {
		return d.sid
	}
	return repInter(d.Terms[0])
}

func repInter(x *Inter) subID {
	if x.sid != 0 || len(x.Terms) != 1 {
		return x.sid
	}
	return repCart(x.Terms[0])
}

func repCart(c *Cart) subID {
	if c.sid != 0 || c.Right != nil {
		return c.sid
	}
	u := c.Left
	if u.sid != 0 || u.Comp != nil || len(u.Postfix.Ops) > 0 {
		return u.sid
	}
	p := u.Postfix.Base
	switch {
	case p.sid != 0:
		return p.sid
	case p.Group != nil:
		return repExpr(p.Group)
	case p.Block != nil:
		return repExpr(p.Block)
	}
	return 0
}

func repExpr(e *Expr) subID {
	if len(e.Tuple) != 1 {
		return 0
	}
	return repUnion(e.Tuple[0])
}

// staticEmpty reports whether one of the operands of a ; or & chain is
// known empty for the shape, and returns it: the chain is then that value
// whatever the others, which are not evaluated.
func (in *interp) staticEmpty(ids []subID) (Value, bool) {
	c := in.sub
	for _, id := range ids {
		i := int(id - c.lo)
		if id != 0 && i >= 0 && i < len(c.e) && c.e[i].state == subStatic && c.e[i].empty {
			return c.e[i].v, true
		}
	}
	return nil, false
}

// A nameTerm is an operand of a ; or & chain that is a name, or [name]:
// cheap to look at before the chain is computed.
type nameTerm struct {
	app     *App
	bracket bool
}

// diffCart is the one operand d is made of, nil when it is more.
func diffCart(d *Diff) *Cart {
	if len(d.Terms) != 1 || len(d.Terms[0].Terms) != 1 {
		return nil
	}
	return d.Terms[0].Terms[0]
}

// nameTerms lists the operands that are a name or [name], nil for none.
func nameTerms(k int, term func(int) *Cart) []nameTerm {
	var out []nameTerm
	for i := 0; i < k; i++ {
		if t, ok := asNameTerm(term(i)); ok {
			out = append(out, t)
		}
	}
	return out
}

func asNameTerm(c *Cart) (nameTerm, bool) {
	if c == nil || c.Right != nil || c.Left.Comp != nil || len(c.Left.Postfix.Ops) > 0 {
		return nameTerm{}, false
	}
	p := c.Left.Postfix.Base
	if p.App != nil && len(p.App.Args) == 0 {
		return nameTerm{app: p.App}, true
	}
	if p.Bracket == nil || len(p.Bracket.Tuple) != 1 {
		return nameTerm{}, false
	}
	u := p.Bracket.Tuple[0]
	if len(u.Terms) != 1 || len(u.Terms[0].Terms) != 1 || len(u.Terms[0].Terms[0].Terms) != 1 {
		return nameTerm{}, false
	}
	inner, ok := asNameTerm(diffCart(u.Terms[0].Terms[0].Terms[0]))
	if !ok || inner.bracket {
		return nameTerm{}, false
	}
	return nameTerm{app: inner.app, bracket: true}, true
}

// emptyName reports whether one of the name operands of a ; or & chain is
// bound to an empty relation or event set, and returns the chain's value
// then: the other operands are not evaluated. A name bound to a let not
// yet computed is not looked at.
func (in *interp) emptyName(ts []nameTerm, env *scope) (Value, bool) {
	if !in.shortCircuit() {
		return nil, false
	}
	for _, t := range ts {
		b, ok := env.lookup(t.app.sym)
		if ok && b.lazy != nil {
			if !b.lazy.done || b.lazy.err != nil {
				continue
			}
			b, _ = b.lazy.vals.get(t.app.sym)
		}
		if !ok {
			continue
		}
		if isEmptyRelOrSet(b.v) {
			in.dyn = in.dyn || b.dyn
			if t.bracket {
				return in.shape.emptyV, true
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
func (in *interp) shortCircuit() bool { return in.arch != "" }
