// This file implements propositions over final states, as written after
// exists, ~exists, forall and filter.

package litmus

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
