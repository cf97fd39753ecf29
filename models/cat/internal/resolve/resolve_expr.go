// This file implements resolving expressions: each function returns the
// resolved expression and whether it reads a local name (one of locals,
// or a name bound inside it), which keeps a node and the nodes around it
// out of the cache of subexpressions.

package resolve

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
)

func (r *resolver) expr(e *syntax.Expr, locals []string, cache bool) (Expr, bool) {
	switch {
	case e.Let != nil:
		inner := append(append([]string(nil), locals...), bindingNames(e.Let.Bindings)...)
		scope := locals
		if e.Let.Rec {
			scope = inner
		}
		bs, local := r.bindings(e.Let.Rec, e.Let.Bindings, scope, cache)
		body, bodyLocal := r.expr(e.Let.Body, inner, cache)
		return &LetIn{Rec: e.Let.Rec, Bindings: bs, Body: body}, bodyLocal || local
	case e.Fun != nil:
		inner := locals
		if e.Fun.Formals != nil {
			inner = append(append([]string(nil), locals...), e.Fun.Formals.Names...)
		}
		body, local := r.expr(e.Fun.Body, inner, cache)
		formals, tuple := r.formals(e.Fun.Formals)
		return &Fun{&Lambda{Name: "fun", Formals: formals, Tuple: tuple, Body: body, NoFun: makesNoFun(e.Fun.Body)}}, local
	case e.Try != nil:
		body, a := r.expr(e.Try.Body, locals, cache)
		fallback, b := r.expr(e.Try.Fallback, locals, cache)
		return &Try{Body: body, Fallback: fallback}, a || b
	case e.If != nil:
		return r.ifExpr(e.If, locals, cache)
	case e.Match != nil:
		return r.match(e.Match, locals, cache)
	}
	elems := make([]Expr, len(e.Tuple))
	local := false
	for i, u := range e.Tuple {
		var l bool
		elems[i], l = r.union(u, locals, cache)
		local = l || local
	}
	if len(elems) == 1 {
		return elems[0], local
	}
	return &Tuple{Elems: elems}, local
}

// ifExpr resolves an if; one on variants is the branch they choose, though
// both branches count for the locality of the nodes around it.
func (r *resolver) ifExpr(i *syntax.IfExpr, locals []string, cache bool) (Expr, bool) {
	out := &If{Pos: i.Cond.Pos, Op: i.Cond.Op}
	local := false
	if c := i.Cond; c.Variant == nil {
		var l bool
		out.Left, local = r.union(c.Left, locals, cache)
		out.Right, l = r.union(c.Right, locals, cache)
		local = l || local
	}
	then, a := r.expr(i.Then, locals, cache)
	els, b := r.expr(i.Else, locals, cache)
	local = local || a || b
	if i.Cond.Variant != nil {
		if variantHolds(i.Cond.Variant, r.in.Variants) {
			return then, local
		}
		return els, local
	}
	out.Then, out.Else = then, els
	return out, local
}

func (r *resolver) match(m *syntax.MatchExpr, locals []string, cache bool) (Expr, bool) {
	subject, local := r.expr(m.Subject, locals, cache)
	out := &Match{Pos: m.Pos, Subject: subject}
	if sc := m.Sets; sc != nil {
		empty, elt := sc.EmptyFst, sc.EltSnd
		if elt == nil {
			empty, elt = sc.EmptySnd, sc.EltFst
		}
		var l bool
		out.Sets = &SetMatch{}
		out.Sets.Empty, l = r.expr(empty, locals, cache)
		local = l || local
		t := &r.prog.Syms
		inner := append(append([]string(nil), locals...), elt.Pre, elt.Elt, elt.Rest)
		c := EltClause{Pos: elt.Pos, Pre: elt.Pre != "", Elt: t.Intern(elt.Elt), Rest: t.Intern(elt.Rest)}
		c.Body, l = r.expr(elt.Body, inner, cache)
		out.Sets.Elt = c
		return out, l || local
	}
	for _, c := range m.Clauses {
		body, l := r.expr(c.Body, locals, cache)
		out.Clauses = append(out.Clauses, Clause{Tag: untag(c.Tag), Body: body})
		local = l || local
	}
	return out, local
}

// operands resolves the operands of one precedence level.
func operands[T any](terms []T, pos func(T) lexer.Position, operand func(T) (Expr, bool)) ([]Operand, bool) {
	out := make([]Operand, len(terms))
	local := false
	for i, t := range terms {
		e, l := operand(t)
		out[i] = Operand{Pos: pos(t), Expr: e}
		local = l || local
	}
	return out, local
}

func (r *resolver) union(u *syntax.Union, locals []string, cache bool) (Expr, bool) {
	terms, local := operands(u.Terms, func(t *syntax.Add) lexer.Position { return t.Pos },
		func(t *syntax.Add) (Expr, bool) { return r.add(t, locals, cache) })
	if len(terms) == 1 {
		return terms[0].Expr, local
	}
	op := &Op{Op: "|", Terms: terms}
	r.setID(&op.Sub, u, local, cache)
	return op, local
}

func (r *resolver) add(a *syntax.Add, locals []string, cache bool) (Expr, bool) {
	terms, local := operands(a.Terms, func(t *syntax.Seq) lexer.Position { return t.Pos },
		func(t *syntax.Seq) (Expr, bool) { return r.seq(t, locals, cache) })
	if len(terms) == 1 {
		return terms[0].Expr, local
	}
	return &Add{Terms: terms}, local
}

func (r *resolver) seq(s *syntax.Seq, locals []string, cache bool) (Expr, bool) {
	terms, local := operands(s.Terms, func(t *syntax.Diff) lexer.Position { return t.Pos },
		func(t *syntax.Diff) (Expr, bool) { return r.diff(t, locals, cache) })
	if len(terms) == 1 {
		return terms[0].Expr, local
	}
	op := &Op{Op: ";", Terms: terms}
	r.setID(&op.Sub, s, local, cache)
	op.TermSubs = r.termSubs(len(s.Terms), func(i int) SubID { return r.repDiff(s.Terms[i]) })
	op.Names = r.nameTerms(len(s.Terms), func(i int) *syntax.Cart { return diffCart(s.Terms[i]) })
	return op, local
}

func (r *resolver) diff(d *syntax.Diff, locals []string, cache bool) (Expr, bool) {
	terms, local := operands(d.Terms, func(t *syntax.Inter) lexer.Position { return t.Pos },
		func(t *syntax.Inter) (Expr, bool) { return r.inter(t, locals, cache) })
	if len(terms) == 1 {
		return terms[0].Expr, local
	}
	op := &Op{Op: `\`, Terms: terms}
	r.setID(&op.Sub, d, local, cache)
	return op, local
}

func (r *resolver) inter(x *syntax.Inter, locals []string, cache bool) (Expr, bool) {
	terms, local := operands(x.Terms, func(t *syntax.Cart) lexer.Position { return t.Pos },
		func(t *syntax.Cart) (Expr, bool) { return r.cart(t, locals, cache) })
	if len(terms) == 1 {
		return terms[0].Expr, local
	}
	op := &Op{Op: "&", Terms: terms}
	r.setID(&op.Sub, x, local, cache)
	op.TermSubs = r.termSubs(len(x.Terms), func(i int) SubID { return r.repCart(x.Terms[i]) })
	op.Names = r.nameTerms(len(x.Terms), func(i int) *syntax.Cart { return x.Terms[i] })
	return op, local
}

func (r *resolver) cart(c *syntax.Cart, locals []string, cache bool) (Expr, bool) {
	left, local := r.unary(c.Left, locals, cache)
	if c.Right == nil {
		return left, local
	}
	right, l := r.unary(c.Right, locals, cache)
	local = l || local
	out := &Cart{Pos: c.Pos, Left: left, Right: right}
	r.setID(&out.Sub, c, local, cache)
	return out, local
}

func (r *resolver) unary(u *syntax.Unary, locals []string, cache bool) (Expr, bool) {
	if u.Comp != nil {
		e, local := r.unary(u.Comp, locals, cache)
		out := &Complement{Pos: u.Pos, Expr: e}
		r.setID(&out.Sub, u, local, cache)
		return out, local
	}
	base, local := r.primary(u.Postfix.Base, locals, cache)
	if len(u.Postfix.Ops) == 0 {
		return base, local
	}
	out := &Postfix{Pos: u.Pos, Base: base}
	for _, op := range u.Postfix.Ops {
		// ^-1 is two tokens, "^" and "-1": the first is the operator.
		if op != "-1" {
			out.Ops = append(out.Ops, op)
		}
	}
	r.setID(&out.Sub, u, local, cache)
	return out, local
}
