// This file implements the printing of conditions and expressions in the
// syntax herd's tests use, for the compiled assembly tests.

package locks

import (
	"github.com/litmuscheck/litmuscheck/litmus"
)

// formatCond prints p for a filter or a final condition in the source
// syntax, without the outer parentheses.
func formatCond(p litmus.Prop) string {
	s := litmus.FormatPropSource(p)
	switch p.(type) {
	case *litmus.PropBin:
		return s[1 : len(s)-1]
	}
	return s
}

// mapProp rewrites the registers and locations of p with f.
func mapProp(p litmus.Prop, f func(litmus.LocRef) litmus.LocRef) litmus.Prop {
	switch p := p.(type) {
	case *litmus.PropAtom:
		q := *p
		q.Loc = f(p.Loc)
		if p.Other != nil {
			o := f(*p.Other)
			q.Other = &o
		}
		return &q
	case *litmus.PropNot:
		return &litmus.PropNot{P: mapProp(p.P, f)}
	case *litmus.PropBin:
		return &litmus.PropBin{Op: p.Op, A: mapProp(p.A, f), B: mapProp(p.B, f)}
	}
	return p
}

// formatExpr prints an IR expression, for error messages.
func formatExpr(e litmus.Expr) string {
	switch e := e.(type) {
	case *litmus.Const:
		return e.V.String()
	case *litmus.RegRef:
		return e.Name
	case *litmus.Unary:
		return opNames[e.Op] + formatExpr(e.X)
	case *litmus.Binary:
		return "(" + formatExpr(e.X) + " " + opNames[e.Op] + " " + formatExpr(e.Y) + ")"
	case *litmus.Ite:
		return "(" + formatExpr(e.Cond) + " ? " + formatExpr(e.Then) + " : " + formatExpr(e.Else) + ")"
	}
	return "?"
}
