// This file implements propositions over final states, as written after
// exists, ~exists, forall and filter.

package litmus

import "fmt"

// A Prop is a proposition over a final state: PropTrue, PropFalse,
// *PropAtom, *PropNot, *PropAnd, *PropOr or *PropImply.
type Prop interface{ isProp() }

// PropTrue is the constant "true".
type PropTrue struct{}

// PropFalse is the constant "false".
type PropFalse struct{}

// A PropAtom compares a register or location with a value (Other == nil)
// or with another register or location.
type PropAtom struct {
	Pos   Pos
	Loc   LocRef
	Value Value
	Other *LocRef
	// Bits, when not 0, compares only the low Bits bits of two integers:
	// the width of Loc's type when herd7 computes on wider values
	// (IntWidth).
	Bits uint
}

// PropNot is the negation "~ P" (herd prints "not (P)").
type PropNot struct{ P Prop }

// PropAnd is "A /\ B".
type PropAnd struct{ A, B Prop }

// PropOr is "A \/ B".
type PropOr struct{ A, B Prop }

// PropImply is "A => B".
type PropImply struct{ A, B Prop }

func (PropTrue) isProp()   {}
func (PropFalse) isProp()  {}
func (*PropAtom) isProp()  {}
func (*PropNot) isProp()   {}
func (*PropAnd) isProp()   {}
func (*PropOr) isProp()    {}
func (*PropImply) isProp() {}

// PropLocs returns the registers and locations that p mentions, each once,
// in order of first mention.
func PropLocs(p Prop) []LocRef {
	var out []LocRef
	seen := map[LocRef]bool{}
	add := func(l LocRef) {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	var walk func(Prop)
	walk = func(p Prop) {
		switch p := p.(type) {
		case *PropAtom:
			add(p.Loc)
			if p.Other != nil {
				add(*p.Other)
			}
		case *PropNot:
			walk(p.P)
		case *PropAnd:
			walk(p.A)
			walk(p.B)
		case *PropOr:
			walk(p.A)
			walk(p.B)
		case *PropImply:
			walk(p.A)
			walk(p.B)
		}
	}
	walk(p)
	return out
}

// Conjoin is a /\ b, or b alone when a is nil.
func Conjoin(a, b Prop) Prop {
	if a == nil {
		return b
	}
	return &PropAnd{A: a, B: b}
}

// sameLowBits reports whether two integers agree on their low bits.
func sameLowBits(v, w Value, bits uint) bool {
	if v.Sym != "" || w.Sym != "" || v.IsUnknown() || w.IsUnknown() {
		return false
	}
	return (v.Off^w.Off)&(1<<bits-1) == 0
}

// EvalProp evaluates p with look giving final values.
func EvalProp(p Prop, look func(LocRef) Value) bool {
	switch p := p.(type) {
	case PropTrue:
		return true
	case PropFalse:
		return false
	case *PropAtom:
		v := look(p.Loc)
		if p.Other != nil {
			return v == look(*p.Other)
		}
		return v == p.Value || p.Bits > 0 && sameLowBits(v, p.Value, p.Bits)
	case *PropNot:
		return !EvalProp(p.P, look)
	case *PropAnd:
		return EvalProp(p.A, look) && EvalProp(p.B, look)
	case *PropOr:
		return EvalProp(p.A, look) || EvalProp(p.B, look)
	case *PropImply:
		return !EvalProp(p.A, look) || EvalProp(p.B, look)
	}
	panic(fmt.Sprintf("litmus: unknown proposition %T", p))
}

// FormatProp prints a proposition in herd's normal form: "/\" binds
// tighter than "\/", which binds tighter than "=>"; negation prints as
// "not (P)".
func FormatProp(p Prop) string { return formatProp(p, 0, false) }

// Precedence levels: 0 implication, 1 disjunction, 2 conjunction.
func formatProp(p Prop, ctx int, hexa bool) string {
	paren := func(s string, level int) string {
		if level < ctx {
			return "(" + s + ")"
		}
		return s
	}
	switch p := p.(type) {
	case PropTrue:
		return "true"
	case PropFalse:
		return "false"
	case *PropAtom:
		rhs := p.Value.Format(hexa)
		if p.Other != nil {
			rhs = FormatLoc(*p.Other)
			if !p.Other.IsReg() {
				rhs = p.Other.Name
			}
		}
		return FormatLoc(p.Loc) + "=" + rhs
	case *PropNot:
		return "not (" + formatProp(p.P, 0, hexa) + ")"
	case *PropAnd:
		return paren(formatProp(p.A, 2, hexa)+" /\\ "+formatProp(p.B, 2, hexa), 2)
	case *PropOr:
		return paren(formatProp(p.A, 1, hexa)+" \\/ "+formatProp(p.B, 1, hexa), 1)
	case *PropImply:
		return paren(formatProp(p.A, 1, hexa)+" => "+formatProp(p.B, 0, hexa), 0)
	}
	return "?"
}
