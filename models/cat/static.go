// This file implements the cache of subexpressions: each operator node
// that reads no name bound inside its statement (a parameter, a let ... in,
// a let rec's own names) has one value per evaluation of the statement in
// the candidates of a shape when it depends on neither rf nor co, which is
// kept. Load numbers them (and marks the let rec terms fixpoint.go
// computes once).

package cat

import (
	"maps"
	"slices"
)

// A subID numbers a cacheable node of a program; 0 is none.
type subID int32

// A subEntry is a node's value in one statement's evaluation for the
// whole shape, once known not to depend on rf or co (state static), or
// the mark that it does (state dyn).
type subEntry struct {
	v     Value
	state uint8
	// empty says that v is an empty relation or event set.
	empty bool
}

const (
	subUnknown uint8 = iota
	subStatic
	subDyn
)

// A subCache holds the values of the nodes of one statement, numbered
// from lo: a function defined elsewhere and called there, whose nodes
// are another statement's, is not cached.
type subCache struct {
	lo subID
	e  []subEntry
}

// A subRange is the numbers of the nodes of one statement.
type subRange struct{ lo, hi subID }

// allFiles are the program's files: the model, its bell, the included
// ones by name (an order that does not change from run to run).
func (p *Program) allFiles() []*File {
	files := []*File{p.main}
	if p.bell != nil {
		files = append(files, p.bell)
	}
	for _, name := range slices.Sorted(maps.Keys(p.files)) {
		files = append(files, p.files[name])
	}
	return files
}

// numberNodes gives every cacheable node of the program's files its
// subID: an operator node of a top-level statement that reads no name
// bound inside the statement. Nodes of procedure and forall bodies,
// which run with their own parameters, get none.
func (p *Program) numberNodes() {
	n := &numberer{}
	for _, f := range p.allFiles() {
		n.stmts(f.Stmts, nil, true)
	}
}

// open starts the numbers of a statement's nodes.
func (n *numberer) open() subID { return n.next + 1 }

// close ends them.
func (n *numberer) close(lo subID) subRange { return subRange{lo, n.next + 1} }

// A numberer numbers nodes; a probe only reports which read a name of
// locals.
type numberer struct {
	next  subID
	probe bool
}

// setID numbers a node that reads no local name when cache is set.
func (n *numberer) setID(id *subID, local bool, cache bool) {
	if n.probe {
		return
	}
	*id = 0
	if !local && cache {
		n.next++
		*id = n.next
	}
}

// bound says whether name is in locals.
func bound(locals []string, name string) bool {
	for _, l := range locals {
		if l == name {
			return true
		}
	}
	return false
}

func (n *numberer) stmts(ss []*Stmt, locals []string, cache bool) {
	for _, s := range ss {
		switch {
		case s.Let != nil:
			inner := locals
			if s.Let.Rec {
				inner = append(append([]string(nil), locals...), bindingNames(s.Let.Bindings)...)
			}
			if s.Let.Rec {
				markInvariant(s.Let.Bindings)
			}
			lo := n.open()
			for _, b := range s.Let.Bindings {
				n.binding(b, inner, cache)
			}
			s.Let.subs = n.close(lo)
		case s.Test != nil:
			lo := n.open()
			n.expr(s.Test.Body.Expr, locals, cache)
			s.Test.Body.subs = n.close(lo)
		case s.Match != nil:
			n.expr(s.Match.Subject, locals, cache)
			for _, c := range s.Match.Clauses {
				n.stmts(c.Stmts, locals, cache)
			}
		case s.If != nil:
			n.stmts(s.If.Then, locals, cache)
			n.stmts(s.If.Else, locals, cache)
		case s.With != nil:
			n.expr(s.With.Set, locals, cache)
		case s.Procedure != nil:
			n.stmts(s.Procedure.Body, locals, false)
		case s.Forall != nil:
			n.expr(s.Forall.Set, locals, cache)
			n.stmts(s.Forall.Body, locals, false)
		case s.Call != nil:
			n.primary(s.Call.Arg, locals, false)
		}
	}
}

func bindingNames(bs []*Binding) []string {
	var out []string
	for _, b := range bs {
		if b.Fun != "" {
			out = append(out, b.Fun)
		} else if b.Pattern != nil {
			out = append(out, b.Pattern.Names...)
		}
	}
	return out
}

// binding numbers a binding's value, with a function's parameters local.
func (n *numberer) binding(b *Binding, locals []string, cache bool) bool {
	if b.Fun != "" {
		inner := append([]string(nil), locals...)
		if b.FunTuple != nil {
			inner = append(inner, b.FunTuple.Names...)
		} else {
			inner = append(inner, b.FunParam)
		}
		return n.expr(b.Value, inner, cache)
	}
	return n.expr(b.Value, locals, cache)
}

// The functions below number the nodes of an expression and report
// whether it reads a local name.

func (n *numberer) expr(e *Expr, locals []string, cache bool) bool {
	switch {
	case e.Let != nil:
		if e.Let.Rec {
			markInvariant(e.Let.Bindings)
		}
		inner := append(append([]string(nil), locals...), bindingNames(e.Let.Bindings)...)
		local := false
		for _, b := range e.Let.Bindings {
			scope := locals
			if e.Let.Rec {
				scope = inner
			}
			local = n.binding(b, scope, cache) || local
		}
		return n.expr(e.Let.Body, inner, cache) || local
	case e.Fun != nil:
		inner := locals
		if e.Fun.Formals != nil {
			inner = append(append([]string(nil), locals...), e.Fun.Formals.Names...)
		}
		return n.expr(e.Fun.Body, inner, cache)
	case e.Try != nil:
		a := n.expr(e.Try.Body, locals, cache)
		return n.expr(e.Try.Fallback, locals, cache) || a
	case e.If != nil:
		local := false
		if c := e.If.Cond; c.Variant == nil {
			local = n.union(c.Left, locals, cache)
			local = n.union(c.Right, locals, cache) || local
		}
		local = n.expr(e.If.Then, locals, cache) || local
		return n.expr(e.If.Else, locals, cache) || local
	case e.Match != nil:
		return n.match(e.Match, locals, cache)
	}
	local := false
	for _, u := range e.Tuple {
		local = n.union(u, locals, cache) || local
	}
	return local
}

func (n *numberer) match(m *MatchExpr, locals []string, cache bool) bool {
	local := n.expr(m.Subject, locals, cache)
	if sc := m.Sets; sc != nil {
		for _, e := range []*Expr{sc.EmptyFst, sc.EmptySnd} {
			if e != nil {
				local = n.expr(e, locals, cache) || local
			}
		}
		for _, c := range []*EltClause{sc.EltFst, sc.EltSnd} {
			if c != nil {
				inner := append(append([]string(nil), locals...), c.Pre, c.Elt, c.Rest)
				local = n.expr(c.Body, inner, cache) || local
			}
		}
		return local
	}
	for _, c := range m.Clauses {
		local = n.expr(c.Body, locals, cache) || local
	}
	return local
}

func (n *numberer) union(u *Union, locals []string, cache bool) bool {
	return level(n, u.Terms, &u.sid, cache, func(t *Add) bool { return n.add(t, locals, cache) })
}

func (n *numberer) add(a *Add, locals []string, cache bool) bool {
	return level(n, a.Terms, nil, cache, func(t *Seq) bool { return n.seq(t, locals, cache) })
}

func (n *numberer) seq(s *Seq, locals []string, cache bool) bool {
	local := level(n, s.Terms, &s.sid, cache, func(t *Diff) bool { return n.diff(t, locals, cache) })
	if len(s.Terms) > 1 {
		s.termSubs = n.termSubs(len(s.Terms), func(i int) subID { return repDiff(s.Terms[i]) })
		s.names = nameTerms(len(s.Terms), func(i int) *Cart { return diffCart(s.Terms[i]) })
	}
	return local
}

func (n *numberer) diff(d *Diff, locals []string, cache bool) bool {
	return level(n, d.Terms, &d.sid, cache, func(t *Inter) bool { return n.inter(t, locals, cache) })
}

func (n *numberer) inter(x *Inter, locals []string, cache bool) bool {
	local := level(n, x.Terms, &x.sid, cache, func(t *Cart) bool { return n.cart(t, locals, cache) })
	if len(x.Terms) > 1 {
		x.termSubs = n.termSubs(len(x.Terms), func(i int) subID { return repCart(x.Terms[i]) })
		x.names = nameTerms(len(x.Terms), func(i int) *Cart { return x.Terms[i] })
	}
	return local
}

// level numbers the operands of one precedence level and, where the level
// has a node of its own (sid, nil for ++) and more than one operand, that
// node; it reports whether an operand depends on a local name.
func level[T any](n *numberer, terms []T, sid *subID, cache bool, operand func(T) bool) bool {
	local := false
	for _, t := range terms {
		local = operand(t) || local
	}
	if sid != nil && len(terms) > 1 {
		n.setID(sid, local, cache)
	}
	return local
}

func (n *numberer) cart(c *Cart, locals []string, cache bool) bool {
	local := n.unary(c.Left, locals, cache)
	if c.Right != nil {
		local = n.unary(c.Right, locals, cache) || local
		n.setID(&c.sid, local, cache)
	}
	return local
}

func (n *numberer) unary(u *Unary, locals []string, cache bool) bool {
	if u.Comp != nil {
		local := n.unary(u.Comp, locals, cache)
		n.setID(&u.sid, local, cache)
		return local
	}
	local := n.primary(u.Postfix.Base, locals, cache)
	if len(u.Postfix.Ops) > 0 {
		n.setID(&u.sid, local, cache)
	}
	return local
}

func (n *numberer) primary(p *Primary, locals []string, cache bool) bool {
	switch {
	case p.Set != nil:
		local := false
		for _, e := range p.Set.Elems {
			local = n.union(e, locals, cache) || local
		}
		return local
	case p.Group != nil:
		return n.expr(p.Group, locals, cache)
	case p.Block != nil:
		return n.expr(p.Block, locals, cache)
	case p.Bracket != nil:
		local := n.expr(p.Bracket, locals, cache)
		n.setID(&p.sid, local, cache)
		return local
	case p.App != nil:
		a := p.App
		local := bound(locals, a.Name)
		for _, arg := range a.Args {
			if arg.Name != "" {
				local = bound(locals, arg.Name) || local
			} else {
				local = n.primary(arg.Simple, locals, cache) || local
			}
		}
		if len(a.Args) > 0 {
			n.setID(&p.sid, local, cache)
		}
		return local
	}
	return false
}

// cached evaluates node (of cacheable id) with f, or takes its value from
// the cache of the statement being evaluated.
func cached[N any](in *interp, id subID, node N, env *scope, f func(*interp, N, *scope) (Value, error)) (Value, error) {
	c := in.sub
	i := int(id - c.lo)
	if id == 0 || i < 0 || i >= len(c.e) {
		return f(in, node, env)
	}
	switch e := &c.e[i]; e.state {
	case subStatic:
		return e.v, nil
	case subDyn:
		return f(in, node, env)
	}
	saved := in.dyn
	in.dyn = false
	v, err := f(in, node, env)
	d := in.dyn
	in.dyn = saved || d
	if err == nil {
		if d {
			c.e[i] = subEntry{state: subDyn}
		} else {
			c.e[i] = subEntry{v: v, state: subStatic, empty: isEmptyRelOrSet(v)}
		}
	}
	return v, err
}

// enterSub makes c, the cache of a statement whose nodes are r, current,
// and returns the one to restore. c is kept by what the shape keeps of
// the statement (a letMemo, a testMemo), made on first use.
func (in *interp) enterSub(c *subCache, r subRange) subCache {
	saved := in.sub
	if c.e == nil && r.hi > r.lo {
		*c = subCache{lo: r.lo, e: make([]subEntry, r.hi-r.lo)}
	}
	in.sub = *c
	return saved
}
