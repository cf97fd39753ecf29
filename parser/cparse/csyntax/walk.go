// This file implements questions about expressions and statements that
// need nothing but their syntax: the one access an expression is, the
// plain assignment a compound one stands for, whether an expression
// reads memory or updates a local.

package csyntax

import "strings"

// Single returns the unary expression e consists of, looking through
// parentheses and casts, or nil when e has binary operators.
func Single(e *Expr) *Unary {
	if e.Compound() {
		return nil
	}
	u := e.Left
	for {
		switch {
		case u.IsIncrement():
			return nil
		case u.Cast != nil:
			u = u.Cast.X
		case u.Primary != nil && u.Primary.Paren != nil:
			if u.Primary.Paren.Compound() {
				return u
			}
			u = u.Primary.Paren.Left
		default:
			return u
		}
	}
}

// AsCall returns the call e consists of, if any.
func AsCall(e *Expr) *Call {
	if u := Single(e); u != nil && u.Primary != nil {
		return u.Primary.Call
	}
	return nil
}

// HasCast reports whether Single(e) looks through a cast.
func HasCast(e *Expr) bool {
	for u := e.Left; u != nil && !e.Compound(); {
		switch {
		case u.Cast != nil:
			return true
		case u.Primary != nil && u.Primary.Paren != nil:
			e = u.Primary.Paren
			u = e.Left
		default:
			return false
		}
	}
	return false
}

// Desugar rewrites a compound assignment or an increment as the plain
// assignment it stands for: the left side is read, then written.
func Desugar(s Assign) Assign {
	if inc, x, _ := s.X.Left.Increment(); s.AssignOp == "" && s.Incr == "" && !s.X.Compound() && inc != "" {
		// "i++;" and "++i;": the statement's value is dropped.
		s.Incr, s.X = inc, &Expr{Pos: s.X.Pos, Left: x, EndPos: s.X.EndPos}
	}
	op, rhs := "", s.Value
	switch {
	case s.Incr != "":
		op, rhs = s.Incr[:1], &Expr{Left: &Unary{Primary: &Primary{Int: "1"}}}
	case s.AssignOp != "" && s.AssignOp != "=":
		op = strings.TrimSuffix(s.AssignOp, "=")
	default:
		return s
	}
	left := Single(s.X)
	if left == nil {
		// Not an lvalue: the plain assignment's check says so.
		return Assign{X: s.X, AssignOp: "=", Value: rhs}
	}
	paren := &Unary{Pos: rhs.Pos, Primary: &Primary{Pos: rhs.Pos, Paren: rhs}, EndPos: rhs.EndPos}
	value := &Expr{Pos: s.X.Pos, Left: left, Rest: []*OpArg{{Pos: rhs.Pos, Op: op, Right: paren}}, EndPos: rhs.EndPos}
	return Assign{X: s.X, AssignOp: "=", Value: value}
}

// Inspect calls f for each unary expression of e, outermost first, and
// goes on into the operands of those for which f returns true: through
// unary operators, casts, parentheses, parenthesized assignments and
// call arguments (not into a member's base or index).
func Inspect(e *Expr, f func(*Unary) bool) {
	if e == nil {
		return
	}
	inspectUnary(e.Left, f)
	for _, r := range e.Rest {
		inspectUnary(r.Right, f)
	}
	Inspect(e.Then, f)
	Inspect(e.Else, f)
}

func inspectUnary(u *Unary, f func(*Unary) bool) {
	if u == nil || !f(u) {
		return
	}
	switch {
	case u.X != nil:
		inspectUnary(u.X, f)
	case u.Cast != nil:
		inspectUnary(u.Cast.X, f)
	case u.Primary == nil:
	case u.Primary.Paren != nil:
		Inspect(u.Primary.Paren, f)
	case u.Primary.Assigned != nil:
		Inspect(u.Primary.Assigned.Value, f)
	case u.Primary.Call != nil:
		for _, a := range u.Primary.Call.Args {
			Inspect(a, f)
		}
	}
}

// Any reports whether pred holds for a unary expression of e that
// Inspect reaches.
func Any(e *Expr, pred func(*Unary) bool) bool {
	found := false
	Inspect(e, func(u *Unary) bool {
		found = found || pred(u)
		return !found
	})
	return found
}

// UpdatesLocal reports whether evaluating e assigns a variable: an
// increment, or "(r = v)".
func UpdatesLocal(e *Expr) bool {
	return Any(e, func(u *Unary) bool {
		return u.IsIncrement() || u.Primary != nil && u.Primary.Assigned != nil
	})
}

// ReadsMemory reports whether e reads memory: a spin on registers alone is no
// await loop, and is unrolled.
func ReadsMemory(e *Expr) bool {
	return Any(e, func(u *Unary) bool {
		return u.Op == "*" || u.Member != nil || u.Primary != nil && u.Primary.Call != nil
	})
}

// MemberOf returns the member u names, through parentheses, or nil.
func MemberOf(u *Unary) *Member {
	for u != nil {
		switch {
		case u.Member != nil:
			return u.Member
		case u.Primary != nil && u.Primary.Paren != nil && !u.Primary.Paren.Compound():
			u = u.Primary.Paren.Left
		default:
			return nil
		}
	}
	return nil
}

// Unqualified are t's words without const and volatile.
func Unqualified(t *Type) []string {
	var words []string
	for _, w := range t.Words {
		if w != "const" && w != "volatile" {
			words = append(words, w)
		}
	}
	return words
}

// AddressedMember is the member m of an address "&m", through
// parentheses, or nil.
func AddressedMember(u *Unary) *Member {
	for u != nil {
		switch {
		case u.Op == "&" && MemberOf(u.X) != nil:
			return MemberOf(u.X)
		case u.Primary != nil && u.Primary.Paren != nil && !u.Primary.Paren.Compound():
			u = u.Primary.Paren.Left
		default:
			return nil
		}
	}
	return nil
}
