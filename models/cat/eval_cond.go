// This file implements the evaluation of cat's conditions and matches:
// the comparisons of if (equality, subset, membership; the resolver decided
// those on variants) and match on sets and tags.

package cat

import (
	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// ifExpr compares two values to choose a value.
func (in *interp) ifExpr(e *resolve.If, env *scope) (Value, error) {
	ok, err := in.cond(e, env)
	if err != nil {
		return nil, err
	}
	if ok {
		return in.eval(e.Then, env)
	}
	return in.eval(e.Else, env)
}

func (in *interp) cond(c *resolve.If, env *scope) (bool, error) {
	a, err := in.eval(c.Left, env)
	if err != nil {
		return false, err
	}
	b, err := in.eval(c.Right, env)
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

func (in *interp) match(m *resolve.Match, env *scope) (Value, error) {
	v, err := in.eval(m.Subject, env)
	if err != nil {
		return nil, err
	}
	if m.Sets != nil {
		return in.matchSet(m, v, env)
	}
	t, ok := v.(tagVal)
	if !ok {
		return nil, errAt(m.Pos, "type mismatch: match on %s, want a tag", typeName(v))
	}
	for _, c := range m.Clauses {
		if c.Tag == "" || c.Tag == string(t) {
			return in.eval(c.Body, env)
		}
	}
	return nil, errAt(m.Pos, "no clause matches tag '%s", t)
}

// matchSet decomposes v, the subject of m: empty, or an element and the
// rest.
func (in *interp) matchSet(m *resolve.Match, v Value, env *scope) (Value, error) {
	elems, err := in.elements(v)
	if err != nil {
		return nil, at(m.Pos, err)
	}
	if len(elems) == 0 {
		return in.eval(m.Sets.Empty, env)
	}
	elt := &m.Sets.Elt
	if elt.Pre {
		return nil, errAt(elt.Pos, "unsupported: match clause pre | x ++ post")
	}
	inner := newScope(env)
	under := in.prog.code.Underscore
	if elt.Elt != under {
		inner.vars.set(elt.Elt, binding{v: elems[0]})
	}
	if elt.Rest != under {
		inner.vars.set(elt.Rest, binding{v: in.rest(v, elems[1:])})
	}
	return in.eval(elt.Body, inner)
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
		return in.cand.n == 0
	case valSet:
		return len(v) == 0
	case emptyVal:
		return true
	}
	return false
}
