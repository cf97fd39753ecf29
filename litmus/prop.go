// This file implements propositions over final states, as written after
// exists, ~exists, forall and filter.

package litmus

import (
	"fmt"
	"sort"
	"strings"
)

// A Prop is a proposition over a final state: PropTrue, PropFalse,
// *PropAtom, *PropNot or *PropBin.
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

// A PropOp is the connective of a PropBin, in herd's precedence order:
// "=>" binds loosest, then "\/", then "/\".
type PropOp int

const (
	PropImply PropOp = iota // A => B
	PropOr                  // A \/ B
	PropAnd                 // A /\ B
)

// propSymbols are the connectives as herd writes them, with their blanks.
var propSymbols = [...]string{PropImply: " => ", PropOr: " \\/ ", PropAnd: " /\\ "}

// A PropBin joins two propositions with a connective.
type PropBin struct {
	Op   PropOp
	A, B Prop
}

// And is "a /\ b".
func And(a, b Prop) *PropBin { return &PropBin{Op: PropAnd, A: a, B: b} }

// Or is "a \/ b".
func Or(a, b Prop) *PropBin { return &PropBin{Op: PropOr, A: a, B: b} }

// Implies is "a => b".
func Implies(a, b Prop) *PropBin { return &PropBin{Op: PropImply, A: a, B: b} }

func (PropTrue) isProp()  {}
func (PropFalse) isProp() {}
func (*PropAtom) isProp() {}
func (*PropNot) isProp()  {}
func (*PropBin) isProp()  {}

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
		case *PropBin:
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
	return And(a, b)
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
	case *PropBin:
		switch p.Op {
		case PropAnd:
			return EvalProp(p.A, look) && EvalProp(p.B, look)
		case PropOr:
			return EvalProp(p.A, look) || EvalProp(p.B, look)
		}
		return !EvalProp(p.A, look) || EvalProp(p.B, look)
	}
	panic(fmt.Sprintf("litmus: unknown proposition %T", p))
}

// FormatProp prints a proposition in herd's normal form: "/\" binds
// tighter than "\/", which binds tighter than "=>"; negation prints as
// "not (P)".
func FormatProp(p Prop) string { return propPrinter{}.print(p, 0) }

// FormatPropHexa is FormatProp with integers in hexadecimal (herd's -hexa).
func FormatPropHexa(p Prop) string { return propPrinter{hexa: true}.print(p, 0) }

// FormatPropSource prints a proposition as a test's source writes it, for
// the tests litmuscheck writes (compiled tests): locations bare, every
// binary operator parenthesised, negation as "~(P)".
func FormatPropSource(p Prop) string { return propPrinter{source: true}.print(p, 0) }

// A propPrinter is the one printer of propositions: herd's result lines
// by default, a test's source syntax when source is set.
type propPrinter struct{ hexa, source bool }

// print prints p within an operator of precedence ctx: 0 implication,
// 1 disjunction, 2 conjunction; the source syntax parenthesises always.
func (pp propPrinter) print(p Prop, ctx int) string {
	paren := func(s string, level int) string {
		if pp.source || level < ctx {
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
		return pp.loc(p.Loc) + "=" + pp.atomValue(p)
	case *PropNot:
		if pp.source {
			return "~(" + pp.print(p.P, 0) + ")"
		}
		return "not (" + pp.print(p.P, 0) + ")"
	case *PropBin:
		// A PropOp is its own precedence level. "/\\" and "\\/" chain
		// to the left; "=>" is right-associative, so a left operand that
		// is an implication takes parentheses.
		level := int(p.Op)
		left := level
		if p.Op == PropImply {
			left = level + 1
		}
		return paren(pp.print(p.A, left)+propSymbols[p.Op]+pp.print(p.B, level), level)
	}
	return "?"
}

// loc prints a register as "0:r5" and a location as herd's results do,
// "[x]", or bare in the source syntax.
func (pp propPrinter) loc(l LocRef) string {
	if pp.source && !l.IsReg() {
		return l.Name
	}
	return FormatLoc(l)
}

// atomValue is the right-hand side of an atom: a value, or another
// register or location (bare, as herd prints it).
func (pp propPrinter) atomValue(p *PropAtom) string {
	if p.Other == nil {
		if pp.source {
			return p.Value.String()
		}
		return p.Value.Format(pp.hexa)
	}
	if !p.Other.IsReg() {
		return p.Other.Name
	}
	return FormatLoc(*p.Other)
}

// FormatLocSource prints a register as "0:r5" and a location bare, as a
// test's source writes them.
func FormatLocSource(l LocRef) string { return propPrinter{source: true}.loc(l) }

// PropKey writes p with its registers' threads mapped by thread (nil: as
// they are), the operands of a chain of /\ or \/ sorted, so that two
// propositions equal up to the order of those operands have one key.
func PropKey(p Prop, thread func(int) int) string { return PropKeyRenamed(p, thread, nil) }

// PropKeyRenamed is PropKey with memory locations, and the addresses of
// locations, renamed by loc as well (nil: as they are).
func PropKeyRenamed(p Prop, thread func(int) int, loc func(string) string) string {
	ref := func(l LocRef) string {
		if l.IsReg() && thread != nil {
			l.Thread = thread(l.Thread)
		}
		if !l.IsReg() && loc != nil {
			l.Name = loc(l.Name)
		}
		return fmt.Sprintf("%d:%q", l.Thread, l.Name)
	}
	chain := func(op PropOp, name string, p Prop) string {
		var keys []string
		var walk func(Prop)
		walk = func(q Prop) {
			if b, ok := q.(*PropBin); ok && b.Op == op {
				walk(b.A)
				walk(b.B)
				return
			}
			keys = append(keys, PropKeyRenamed(q, thread, loc))
		}
		walk(p)
		sort.Strings(keys)
		return name + "(" + strings.Join(keys, ",") + ")"
	}
	switch p := p.(type) {
	case PropTrue, PropFalse:
		// A constant names nothing to rename: its key is how it prints.
		return FormatProp(p)
	case *PropAtom:
		other := ""
		if p.Other != nil {
			other = ref(*p.Other)
		}
		v := p.Value
		if v.Sym != "" && loc != nil {
			v.Sym = loc(v.Sym)
		}
		return fmt.Sprintf("atom(%s,%+v,%s,%d)", ref(p.Loc), v, other, p.Bits)
	case *PropNot:
		return "not(" + PropKeyRenamed(p.P, thread, loc) + ")"
	case *PropBin:
		switch p.Op {
		case PropAnd:
			return chain(PropAnd, "and", p)
		case PropOr:
			return chain(PropOr, "or", p)
		}
		return "imply(" + PropKeyRenamed(p.A, thread, loc) + "," + PropKeyRenamed(p.B, thread, loc) + ")"
	}
	panic(fmt.Sprintf("litmus: unknown proposition %T", p))
}

// PropSize is the number of nodes of p.
func PropSize(p Prop) int {
	switch p := p.(type) {
	case *PropNot:
		return 1 + PropSize(p.P)
	case *PropBin:
		return 1 + PropSize(p.A) + PropSize(p.B)
	}
	return 1
}
