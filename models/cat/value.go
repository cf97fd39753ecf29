// This file implements the values of the cat language (event sets,
// relations, tags, events, pairs, tuples, sets of values, functions) and
// its operators over them, with a type error naming the operator when the
// operands do not fit.

package cat

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/models/cat/internal/resolve"
	"github.com/litmuscheck/litmuscheck/rel"
)

// A Value is one of the types below.
type Value any

type (
	// emptyVal is 0 or {}: the empty set, relation or set of values.
	emptyVal struct{}
	// universeVal is _, the set of all events.
	universeVal struct{}
	tagVal      string
	eventVal    int
	pairVal     [2]int
	tupleVal    []Value
	// valSet is a set of values other than events (tags, relations...).
	valSet []Value
	// closure is a function with the environment it was defined in.
	closure struct {
		fn  *resolve.Lambda
		env *scope
	}
	// builtin is a function implemented in Go.
	builtin struct {
		name string
		fn   func(in *interp, arg Value) (Value, error)
	}
	// procedure is a procedure with the environment it was defined in.
	procedure struct {
		def *resolve.Procedure
		env *scope
	}
)

// typeName names v's type in errors.
func typeName(v Value) string {
	switch v.(type) {
	case emptyVal:
		return "empty"
	case universeVal, rel.Set:
		return "event set"
	case rel.Rel, *relVal:
		return "relation"
	case tagVal:
		return "tag"
	case eventVal:
		return "event"
	case pairVal:
		return "pair"
	case tupleVal:
		return "tuple"
	case valSet:
		return "set"
	case *closure, *builtin:
		return "function"
	case *procedure:
		return "procedure"
	}
	return fmt.Sprintf("%T", v)
}

// asSet converts v to an event set when it is one.
func (in *interp) asSet(v Value) (rel.Set, bool) {
	switch v := v.(type) {
	case rel.Set:
		return v, true
	case emptyVal:
		return rel.Set{}, true
	case universeVal:
		return in.cand.all, true
	case eventVal:
		return rel.SetOf(int(v)), true
	}
	return rel.Set{}, false
}

// asRel converts v to a relation when it is one.
func (in *interp) asRel(v Value) (rel.Rel, bool) {
	switch v := v.(type) {
	case *relVal:
		return v.Rel, true
	case rel.Rel:
		return v, true
	case emptyVal:
		return in.cand.shape.empty, true
	case pairVal:
		r := in.newRel()
		r.Add(v[0], v[1])
		return r, true
	}
	return rel.Rel{}, false
}

func isRel(v Value) bool { _, ok := relOf(v); return ok }
func isSet(v Value) bool {
	switch v.(type) {
	case rel.Set, universeVal:
		return true
	}
	return false
}

func mismatch(op string, a, b Value) error {
	return fmt.Errorf("type mismatch: %s of %s and %s", op, typeName(a), typeName(b))
}

// binary applies a set or relation operator.
func (in *interp) binary(op string, a, b Value) (Value, error) {
	if _, ok := a.(emptyVal); ok {
		if _, ok := b.(emptyVal); ok {
			return emptyVal{}, nil
		}
	}
	// One type switch per operand: this is the interpreter's most run
	// operator.
	ra, aRel := relOf(a)
	rb, bRel := relOf(b)
	if aRel || bRel {
		ok1, ok2 := aRel, bRel
		if !aRel {
			ra, ok1 = in.asRel(a)
		}
		if !bRel {
			rb, ok2 = in.asRel(b)
		}
		if !ok1 || !ok2 {
			return nil, mismatch(op, a, b)
		}
		return in.relBinary(op, relOperand{a, ra, aRel}, relOperand{b, rb, bRel})
	}
	if sa, ok := in.asSet(a); ok && (isSet(a) || isSet(b) || isEvent(a) || isEvent(b)) {
		sb, ok := in.asSet(b)
		if !ok {
			return nil, mismatch(op, a, b)
		}
		switch op {
		case "|":
			return setUnion(sa, sb), nil
		case "&":
			return setInter(sa, sb), nil
		case "\\":
			return setDiff(sa, sb), nil
		case "*":
			return in.cartesian(sa, sb), nil
		}
		return nil, mismatch(op, a, b)
	}
	if op == "*" {
		sa, ok1 := in.asSet(a)
		sb, ok2 := in.asSet(b)
		if ok1 && ok2 {
			return in.cartesian(sa, sb), nil
		}
		return nil, mismatch(op, a, b)
	}
	if op == ";" {
		if _, ok := a.(emptyVal); ok {
			if _, ok := in.asRel(b); ok {
				return in.cand.shape.emptyV, nil
			}
		}
		return nil, mismatch(op, a, b)
	}
	return valSetBinary(op, a, b)
}

// A relOperand is an operand of a relation operator: the value, the
// relation it is, and whether it was one already (else it is boxed
// anew should it be the result).
type relOperand struct {
	v     Value
	r     rel.Rel
	isRel bool
}

// resultOf is o as the result: values are never changed in place, so an
// operand is the result when the other one is empty.
func (in *interp) resultOf(o relOperand) Value {
	if o.isRel {
		return o.v
	}
	return in.relValue(o.r)
}

// relBinary applies |, &, \ or ; to two relations.
func (in *interp) relBinary(op string, a, b relOperand) (Value, error) {
	switch op {
	case "|", "&", "\\", ";":
	default:
		return nil, mismatch(op, a.v, b.v)
	}
	// An empty operand decides the result: for & and ; it is the
	// result, for | the other operand is, and for \ the left one is.
	absorbs := op == "&" || op == ";"
	switch aEmpty := a.r.Empty(); {
	case aEmpty && op != "|":
		return in.resultOf(a), nil
	case b.r.Empty():
		if absorbs {
			return in.resultOf(b), nil
		}
		return in.resultOf(a), nil
	case aEmpty:
		return in.resultOf(b), nil
	}
	var r rel.Rel
	switch op {
	case "|":
		r = a.r.Union(b.r)
	case "&":
		r = a.r.Inter(b.r)
	case "\\":
		r = a.r.Diff(b.r)
	default:
		r = a.r.Seq(b.r)
	}
	return in.relValue(r), nil
}

// valSetBinary applies |, & or \ to two sets of values.
func valSetBinary(op string, a, b Value) (Value, error) {
	va, ok1 := asValSet(a)
	vb, ok2 := asValSet(b)
	if !ok1 || !ok2 {
		return nil, mismatch(op, a, b)
	}
	switch op {
	case "|":
		out := append(valSet(nil), va...)
		for _, v := range vb {
			if !contains(out, v) {
				out = append(out, v)
			}
		}
		return out, nil
	case "&", "\\":
		var out valSet
		for _, v := range va {
			if contains(vb, v) == (op == "&") {
				out = append(out, v)
			}
		}
		return out, nil
	}
	return nil, mismatch(op, a, b)
}

// cartesian is s * t, the shape's empty relation when one is empty.
func (in *interp) cartesian(s, t rel.Set) Value {
	if setEmpty(s) || setEmpty(t) {
		return in.cand.shape.emptyV
	}
	return rel.Cartesian(in.cand.n, s, t)
}

func isEvent(v Value) bool { _, ok := v.(eventVal); return ok }

func asValSet(v Value) (valSet, bool) {
	switch v := v.(type) {
	case valSet:
		return v, true
	case emptyVal:
		return nil, true
	}
	return nil, false
}

// contains reports whether s holds v.
func contains(s valSet, v Value) bool {
	for _, w := range s {
		if equal(w, v) {
			return true
		}
	}
	return false
}

// equal compares two values.
func equal(a, b Value) bool {
	if ra, ok := relOf(a); ok {
		rb, ok := relOf(b)
		return ok && ra.Equal(rb)
	}
	switch a := a.(type) {
	case rel.Set:
		b, ok := b.(rel.Set)
		return ok && setEqual(a, b)
	case tupleVal:
		b, ok := b.(tupleVal)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equal(a[i], b[i]) {
				return false
			}
		}
		return true
	case valSet:
		b, ok := b.(valSet)
		if !ok || len(a) != len(b) {
			return false
		}
		for _, v := range a {
			if !contains(b, v) {
				return false
			}
		}
		return true
	case tagVal, eventVal, pairVal, emptyVal, universeVal:
		return a == b
	}
	return false
}

// unary applies a postfix operator or the complement.
func (in *interp) unary(op string, v Value) (Value, error) {
	if op == "~" {
		if s, ok := in.asSet(v); ok && !isRel(v) {
			if _, e := v.(emptyVal); !e {
				return setDiff(in.cand.all, s), nil
			}
		}
		if r, ok := relOf(v); ok {
			return in.relValue(in.cand.shape.full.Diff(r)), nil
		}
		if _, ok := v.(emptyVal); ok {
			// ~0 is ambiguous in herd too; read as the set of all events.
			return in.cand.all, nil
		}
		return nil, fmt.Errorf("type mismatch: ~ of %s", typeName(v))
	}
	if _, ok := v.(emptyVal); ok {
		switch op {
		case "+", "^":
			return emptyVal{}, nil
		case "*", "?":
			return in.cand.shape.idV, nil
		}
	}
	r, ok := relOf(v)
	if !ok {
		return nil, fmt.Errorf("type mismatch: %s of %s, want a relation", opName(op), typeName(v))
	}
	if r.Empty() {
		switch op {
		case "^", "+":
			return v, nil
		case "*", "?":
			return in.cand.shape.idV, nil
		}
	}
	switch op {
	case "^":
		return in.relValue(r.Inverse()), nil
	case "+":
		return in.relValue(r.Plus()), nil
	case "*":
		return in.relValue(r.Star()), nil
	case "?":
		return in.relValue(r.Opt()), nil
	}
	return nil, fmt.Errorf("unknown operator %s", op)
}

func opName(op string) string {
	if op == "^" {
		return "^-1"
	}
	return op
}

// addElem is e ++ s: s with the element e.
func (in *interp) addElem(e, s Value) (Value, error) {
	if r, ok := s.(*relVal); ok {
		s = r.Rel
	}
	switch s := s.(type) {
	case valSet:
		if contains(s, e) {
			return s, nil
		}
		return append(append(valSet(nil), s...), e), nil
	case emptyVal:
		if p, ok := e.(pairVal); ok {
			r, _ := in.asRel(p)
			return r, nil
		}
		return valSet{e}, nil
	case rel.Rel:
		if p, ok := e.(pairVal); ok {
			r := s.Clone()
			r.Add(p[0], p[1])
			return r, nil
		}
	case rel.Set:
		if ev, ok := e.(eventVal); ok {
			return s.Add(int(ev)), nil
		}
	}
	return nil, mismatch("++", e, s)
}

// elements lists the members of a set-like value, for map, match and
// with.
func (in *interp) elements(v Value) ([]Value, error) {
	if r, ok := v.(*relVal); ok {
		v = r.Rel
	}
	switch v := v.(type) {
	case valSet:
		return v, nil
	case emptyVal:
		return nil, nil
	case rel.Set:
		var out []Value
		v.Each(func(e int) { out = append(out, eventVal(e)) })
		return out, nil
	case universeVal:
		return in.elements(in.cand.all)
	case rel.Rel:
		var out []Value
		for i := 0; i < v.N; i++ {
			v.EachSucc(i, func(j int) { out = append(out, pairVal{i, j}) })
		}
		return out, nil
	}
	return nil, fmt.Errorf("type mismatch: %s is not a set", typeName(v))
}
