// This file implements the evaluation of cat's conditions and matches:
// the tests of if (emptiness, equality, subset, variants) and match on
// sets and tags.

package cat

import "github.com/litmuscheck/litmuscheck/rel"

func (in *interp) cond(c *Cond, env *scope) (bool, error) {
	if c.Variant != nil {
		return in.variant(c.Variant), nil
	}
	a, err := in.union(c.Left, env)
	if err != nil {
		return false, err
	}
	b, err := in.union(c.Right, env)
	if err != nil {
		return false, err
	}
	switch c.Op {
	case "=":
		if sa, ok := in.asSet(a); ok && !isRel(a) {
			if sb, ok := in.asSet(b); ok && !isRel(b) {
				return setEqual(sa, sb), nil
			}
		}
		if ra, ok := in.asRel(a); ok {
			if rb, ok := in.asRel(b); ok {
				return ra.Equal(rb), nil
			}
		}
		return equal(a, b), nil
	case "subset":
		d, err := in.binary("\\", a, b)
		if err != nil {
			return false, at(c.Pos, err)
		}
		return in.isEmpty(d), nil
	}
	elems, err := in.elements(b)
	if err != nil {
		return false, at(c.Pos, err)
	}
	return contains(elems, a), nil
}

func (in *interp) variant(v *Variant) bool {
	for _, and := range v.Or {
		all := true
		for _, a := range and.And {
			if !in.variantAtom(a) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func (in *interp) variantAtom(a *VariantAtom) bool {
	switch {
	case a.Not != nil:
		return !in.variantAtom(a.Not)
	case a.Name != nil:
		return in.variants[*a.Name]
	}
	return in.variant(a.Group)
}

func (in *interp) match(m *MatchExpr, env *scope) (Value, error) {
	v, err := in.eval(m.Subject, env)
	if err != nil {
		return nil, err
	}
	if m.Sets != nil {
		elems, err := in.elements(v)
		if err != nil {
			return nil, at(m.Pos, err)
		}
		sc := m.Sets
		emptyBody, elt := sc.EmptyFst, sc.EltSnd
		if elt == nil {
			emptyBody, elt = sc.EmptySnd, sc.EltFst
		}
		if len(elems) == 0 {
			return in.eval(emptyBody, env)
		}
		if elt.Pre != "" {
			return nil, errAt(elt.Pos, "unsupported: match clause pre | x ++ post")
		}
		inner := newScope(env)
		if elt.eltSym != in.prog.symUnderscore {
			inner.vars.set(elt.eltSym, binding{v: elems[0]})
		}
		if elt.restSym != in.prog.symUnderscore {
			inner.vars.set(elt.restSym, binding{v: in.rest(v, elems[1:])})
		}
		return in.eval(elt.Body, inner)
	}
	t, ok := v.(tagVal)
	if !ok {
		return nil, errAt(m.Pos, "type mismatch: match on %s, want a tag", typeName(v))
	}
	for _, c := range m.Clauses {
		if c.Tag == "" || c.Tag[1:] == string(t) {
			return in.eval(c.Body, env)
		}
	}
	return nil, errAt(m.Pos, "no clause matches tag '%s", t)
}

// rest rebuilds a value of v's type from the remaining elements.
func (in *interp) rest(v Value, elems []Value) Value {
	switch v.(type) {
	case rel.Set, universeVal:
		var s rel.Set
		for _, e := range elems {
			s = s.Add(int(e.(eventVal)))
		}
		return s
	case rel.Rel, *relVal:
		r := in.newRel()
		for _, e := range elems {
			p := e.(pairVal)
			r.Add(p[0], p[1])
		}
		return r
	}
	if len(elems) == 0 {
		return emptyVal{}
	}
	return valSet(elems)
}

// isEmpty reports whether a set, relation or set of values is empty.
func (in *interp) isEmpty(v Value) bool {
	switch v := v.(type) {
	case *relVal, rel.Rel, rel.Set:
		return isEmptyRelOrSet(v)
	case universeVal:
		return in.n == 0
	case valSet:
		return len(v) == 0
	case emptyVal:
		return true
	}
	return false
}
