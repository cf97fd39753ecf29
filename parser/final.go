// This file implements the lowering of the final part every dialect
// shares: the locations list, the filter and the condition.

package parser

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// trimFinal blanks what herd ignores after the condition: a ';' ending it
// and anything after (old tests carry "with ..." model notes or "<< >>"
// blocks there). "final" is an old spelling of "exists".
func trimFinal(sec litfile.Section) litfile.Section {
	b := []byte(sec.Text)
	depth := 0
	start := -1
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '<':
			if start >= 0 && i+1 < len(b) && b[i+1] == '<' {
				blankFrom(b, i)
				i = len(b)
			}
		case ';':
			if start >= 0 && depth == 0 {
				blankFrom(b, i)
				i = len(b)
			}
		default:
			if start < 0 && depth == 0 {
				for _, kw := range []string{"exists", "forall", "final", "~"} {
					if strings.HasPrefix(string(b[i:]), kw) && (i == 0 || !isIdentByte(b[i-1])) {
						start = i
						if kw == "final" {
							copy(b[i:], "exists")
						}
						break
					}
				}
			}
		}
	}
	sec.Text = string(b)
	return sec
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func blankFrom(b []byte, i int) {
	for ; i < len(b); i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

// parseFinalPart runs the final part's grammar, on the section as
// trimFinal leaves it.
func parseFinalPart(sec litfile.Section) (*finalPart, error) {
	sec = trimFinal(sec)
	fp, err := finalParser().ParseString(sec.File.Name, sec.Padded())
	if err != nil {
		return nil, litfile.GrammarError(sec.File, err)
	}
	return fp, nil
}

// lowerFinal reads the parsed final part fp into t: the locations, the
// filter and the condition, whose names it then checks (names.go).
func lowerFinal(t *litmus.Test, d dialect, sec litfile.Section, fp *finalPart) error {
	var err error
	var uses []locUse
	if fp.Locations != nil {
		for _, ln := range fp.Locations.Locs {
			loc, err := resolveLoc(sec.File, d, ln)
			if err != nil {
				return err
			}
			t.Locations = append(t.Locations, loc)
			uses = append(uses, locUse{pos: litfile.Position(sec.File, ln.Pos), loc: loc})
		}
	}
	if fp.Filter != nil {
		if t.Filter, err = lowerProp(sec.File, d, fp.Filter); err != nil {
			return err
		}
		uses = propUses(uses, t.Filter)
		setWidths(t, t.Filter)
	}
	t.Cond.Pos = litfile.Position(sec.File, fp.Pos)
	switch {
	case fp.Quant == "forall":
		t.Cond.Quant = litmus.Forall
	case strings.HasPrefix(fp.Quant, "~"):
		t.Cond.Quant = litmus.NotExists
	}
	if fp.Prop == nil {
		// herd reads a test with no condition as "forall (true)".
		t.Cond.Quant, t.Cond.Prop = litmus.Forall, litmus.PropTrue{}
		return checkFinalUses(t, uses)
	}
	if t.Cond.Prop, err = lowerProp(sec.File, d, fp.Prop); err != nil {
		return err
	}
	setWidths(t, t.Cond.Prop)
	return checkFinalUses(t, propUses(uses, t.Cond.Prop))
}

func lowerProp(f *litfile.File, d dialect, e *propExpr) (litmus.Prop, error) {
	left, err := lowerOr(f, d, e.Left)
	if err != nil || e.Right == nil {
		return left, err
	}
	right, err := lowerProp(f, d, e.Right)
	if err != nil {
		return nil, err
	}
	return litmus.Implies(left, right), nil
}

func lowerOr(f *litfile.File, d dialect, e *propOr) (litmus.Prop, error) {
	return lowerChain(e.Terms, func(term *propAnd) (litmus.Prop, error) { return lowerAnd(f, d, term) },
		func(a, b litmus.Prop) litmus.Prop { return litmus.Or(a, b) })
}

func lowerAnd(f *litfile.File, d dialect, e *propAnd) (litmus.Prop, error) {
	return lowerChain(e.Factors, func(fac *propUnary) (litmus.Prop, error) { return lowerUnary(f, d, fac) },
		func(a, b litmus.Prop) litmus.Prop { return litmus.And(a, b) })
}

// lowerChain lowers the operands of a chain of one connective and joins
// them from the left: "a \/ b \/ c" is (a \/ b) \/ c.
func lowerChain[T any](operands []T, lower func(T) (litmus.Prop, error), join func(a, b litmus.Prop) litmus.Prop) (litmus.Prop, error) {
	var out litmus.Prop
	for _, o := range operands {
		p, err := lower(o)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = p
		} else {
			out = join(out, p)
		}
	}
	return out, nil
}

func lowerUnary(f *litfile.File, d dialect, e *propUnary) (litmus.Prop, error) {
	switch {
	case e.Not != nil:
		p, err := lowerUnary(f, d, e.Not)
		if err != nil {
			return nil, err
		}
		return &litmus.PropNot{P: p}, nil
	case e.Paren != nil:
		return lowerProp(f, d, e.Paren)
	case e.True:
		return litmus.PropTrue{}, nil
	case e.False:
		return litmus.PropFalse{}, nil
	}
	a := e.Atom
	loc, err := resolveLoc(f, d, a.Loc)
	if err != nil {
		return nil, err
	}
	atom := &litmus.PropAtom{Pos: litfile.Position(f, a.Pos), Loc: loc}
	switch {
	case a.Other != nil:
		o, err := threadReg(f, d, litfile.Position(f, a.Other.Pos), a.Other.Proc, a.Other.Name)
		if err != nil {
			return nil, err
		}
		atom.Other = &o
	case a.Num != nil:
		if atom.Value, err = intValue(f, a.Num); err != nil {
			return nil, err
		}
	default:
		atom.Value = litmus.Addr(*a.Sym)
	}
	var p litmus.Prop = atom
	if a.Neq {
		p = &litmus.PropNot{P: atom}
	}
	return p, nil
}
