// This file implements resolving what binds and reads names: primaries
// (names, applications, brackets, set literals), bindings and the formals
// of functions.

package resolve

import (
	"github.com/litmuscheck/litmuscheck/models/cat/syntax"
)

func (r *resolver) primary(p *syntax.Primary, locals []string, cache bool) (Expr, bool) {
	switch {
	case p.Empty:
		return &Empty{}, false
	case p.Tag != "":
		return &Tag{Name: p.Tag[1:]}, false
	case p.Set != nil:
		return r.setLit(p.Set, locals, cache)
	case p.Universe:
		return &Universe{}, false
	case p.Unit:
		return &Unit{}, false
	case p.Group != nil:
		return r.expr(p.Group, locals, cache)
	case p.Block != nil:
		return r.expr(p.Block, locals, cache)
	case p.Bracket != nil:
		e, local := r.expr(p.Bracket, locals, cache)
		out := &Bracket{Pos: p.Pos, Expr: e}
		r.setID(&out.Sub, p, local, cache)
		return out, local
	}
	return r.app(p, locals, cache)
}

func (r *resolver) setLit(s *syntax.SetLit, locals []string, cache bool) (Expr, bool) {
	if len(s.Elems) == 0 {
		return &Empty{}, false
	}
	out := &SetLit{Elems: make([]Expr, len(s.Elems))}
	local := false
	for i, e := range s.Elems {
		var l bool
		out.Elems[i], l = r.union(e, locals, cache)
		local = l || local
	}
	return out, local
}

// app resolves p, an application or a name alone.
func (r *resolver) app(p *syntax.Primary, locals []string, cache bool) (Expr, bool) {
	a := p.App
	name := &Name{Pos: a.Pos, Name: a.Name, Sym: r.prog.Syms.Intern(a.Name)}
	local := bound(locals, a.Name)
	if len(a.Args) == 0 {
		return name, local
	}
	out := &App{Fun: name, Args: make([]Arg, len(a.Args))}
	for i, arg := range a.Args {
		out.Args[i].Pos = arg.Pos
		if arg.Name != "" {
			out.Args[i].Value = &Name{Pos: arg.Pos, Name: arg.Name, Sym: r.prog.Syms.Intern(arg.Name)}
			local = bound(locals, arg.Name) || local
			continue
		}
		var l bool
		out.Args[i].Value, l = r.primary(arg.Simple, locals, cache)
		local = l || local
	}
	r.setID(&out.Sub, p, local, cache)
	return out, local
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

// bindings resolves the bindings of a let, whose values see the names of
// scope; for a let rec, it marks the terms that read none of its names.
func (r *resolver) bindings(rec bool, bs []*syntax.Binding, scope []string, cache bool) ([]*Binding, bool) {
	out := make([]*Binding, len(bs))
	local := false
	for i, b := range bs {
		var l bool
		out[i], l = r.binding(b, scope, cache)
		local = l || local
	}
	if rec {
		r.markInvariant(bs, out)
	}
	return out, local
}

// binding resolves a binding, with a function's parameters local.
func (r *resolver) binding(b *syntax.Binding, locals []string, cache bool) (*Binding, bool) {
	t := &r.prog.Syms
	out := &Binding{Pos: b.Pos, NoFun: makesNoFun(b.Value)}
	if b.Fun == "" {
		var local bool
		out.Value, local = r.expr(b.Value, locals, cache)
		out.Names, out.Tuple = r.formals(b.Pattern)
		return out, local
	}
	inner := append([]string(nil), locals...)
	fn := &Lambda{Name: b.Fun, NoFun: out.NoFun}
	if b.FunTuple != nil {
		inner = append(inner, b.FunTuple.Names...)
		fn.Formals, fn.Tuple = r.formals(b.FunTuple)
	} else {
		inner = append(inner, b.FunParam)
		fn.Formals = []Sym{t.Intern(b.FunParam)}
	}
	var local bool
	fn.Body, local = r.expr(b.Value, inner, cache)
	out.Value = fn.Body
	out.Fun, out.FunSym = fn, t.Intern(b.Fun)
	return out, local
}

// formals are the symbols of a list of names, and whether it is a tuple
// (none, or more than one): nil formals are ().
func (r *resolver) formals(f *syntax.Formals) ([]Sym, bool) {
	if f == nil {
		return nil, true
	}
	return r.prog.Syms.internAll(f.Names), len(f.Names) != 1
}

func bindingNames(bs []*syntax.Binding) []string {
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

// makesNoFun reports whether e has no fun and no let of a function.
func makesNoFun(e *syntax.Expr) bool {
	none := true
	syntax.Walk(e, func(n any) {
		switch n := n.(type) {
		case *syntax.FunExpr:
			none = false
		case *syntax.Binding:
			none = none && n.Fun == ""
		}
	})
	return none
}
