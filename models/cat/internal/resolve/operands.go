// This file implements what the evaluator knows of the operands of a ; or
// & chain before computing it (the operand numbered in the cache, or a
// name), and of the terms of a let rec's unions (those the fixpoint
// computes once). Both look at the syntax tree, through its levels of one
// operand.

package resolve

import "github.com/litmuscheck/litmuscheck/models/cat/syntax"

// termSubs are the numbers of the operands of a ; or & chain, nil when
// none has one.
func (r *resolver) termSubs(k int, rep func(int) SubID) []SubID {
	out := make([]SubID, k)
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

// The rep functions find the number of the node an operand is, below its
// levels of one operand; 0 when that node has none.

func (r *resolver) repUnion(u *syntax.Union) SubID {
	if id := r.subs[u]; id != 0 || len(u.Terms) != 1 || len(u.Terms[0].Terms) != 1 {
		return id
	}
	s := u.Terms[0].Terms[0]
	if id := r.subs[s]; id != 0 || len(s.Terms) != 1 {
		return id
	}
	return r.repDiff(s.Terms[0])
}

func (r *resolver) repDiff(d *syntax.Diff) SubID {
	if id := r.subs[d]; id != 0 || len(d.Terms) != 1 {
		return id
	}
	return r.repInter(d.Terms[0])
}

func (r *resolver) repInter(x *syntax.Inter) SubID {
	if id := r.subs[x]; id != 0 || len(x.Terms) != 1 {
		return id
	}
	return r.repCart(x.Terms[0])
}

func (r *resolver) repCart(c *syntax.Cart) SubID {
	if id := r.subs[c]; id != 0 || c.Right != nil {
		return id
	}
	u := c.Left
	if id := r.subs[u]; id != 0 || u.Comp != nil || len(u.Postfix.Ops) > 0 {
		return id
	}
	p := u.Postfix.Base
	switch {
	case r.subs[p] != 0:
		return r.subs[p]
	case p.Group != nil:
		return r.repExpr(p.Group)
	case p.Block != nil:
		return r.repExpr(p.Block)
	}
	return 0
}

func (r *resolver) repExpr(e *syntax.Expr) SubID {
	if len(e.Tuple) != 1 {
		return 0
	}
	return r.repUnion(e.Tuple[0])
}

// diffCart is the one operand d is made of, nil when it is more.
func diffCart(d *syntax.Diff) *syntax.Cart {
	if len(d.Terms) != 1 || len(d.Terms[0].Terms) != 1 {
		return nil
	}
	return d.Terms[0].Terms[0]
}

// nameTerms lists the operands that are a name or [name], nil for none.
func (r *resolver) nameTerms(k int, term func(int) *syntax.Cart) []NameTerm {
	var out []NameTerm
	for i := 0; i < k; i++ {
		if name, bracket, ok := asNameTerm(term(i)); ok {
			out = append(out, NameTerm{Sym: r.prog.Syms.Intern(name), Bracket: bracket})
		}
	}
	return out
}

// asNameTerm reports whether c is a name, or [name] (bracket set); a name
// in parentheses is neither.
func asNameTerm(c *syntax.Cart) (name string, bracket, ok bool) {
	if c == nil || c.Right != nil || c.Left.Comp != nil || len(c.Left.Postfix.Ops) > 0 {
		return "", false, false
	}
	p := c.Left.Postfix.Base
	if p.App != nil && len(p.App.Args) == 0 {
		return p.App.Name, false, true
	}
	if p.Bracket == nil || len(p.Bracket.Tuple) != 1 {
		return "", false, false
	}
	u := p.Bracket.Tuple[0]
	if len(u.Terms) != 1 || len(u.Terms[0].Terms) != 1 || len(u.Terms[0].Terms[0].Terms) != 1 {
		return "", false, false
	}
	name, inner, ok := asNameTerm(diffCart(u.Terms[0].Terms[0].Terms[0]))
	if !ok || inner {
		return "", false, false
	}
	return name, true, true
}

// markInvariant records, for each binding of a let rec whose value is a
// union, which of its terms read none of the names the let rec binds.
func (r *resolver) markInvariant(bs []*syntax.Binding, out []*Binding) {
	names := bindingNames(bs)
	for i, b := range bs {
		if b.Fun != "" || len(b.Value.Tuple) != 1 || len(b.Value.Tuple[0].Terms) < 2 {
			continue
		}
		terms := b.Value.Tuple[0].Terms
		inv := make([]bool, len(terms))
		some, all := false, true
		for j, t := range terms {
			inv[j] = !r.reads(t, names)
			some = some || inv[j]
			all = all && inv[j]
		}
		if some && !all {
			out[i].Invariant = inv
		}
	}
}

// reads reports whether t reads one of names, or a name bound inside it:
// t resolved again, uncached, for its locality alone.
func (r *resolver) reads(t *syntax.Add, names []string) bool {
	_, local := r.add(t, names, false)
	return local
}
