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

// UpdatesLocal reports whether evaluating e assigns a variable: an
// increment, or "(r = v)".
func UpdatesLocal(e *Expr) bool {
	if e == nil {
		return false
	}
	if unaryUpdates(e.Left) || UpdatesLocal(e.Then) || UpdatesLocal(e.Else) {
		return true
	}
	for _, r := range e.Rest {
		if unaryUpdates(r.Right) {
			return true
		}
	}
	return false
}

func unaryUpdates(u *Unary) bool {
	switch {
	case u == nil:
		return false
	case u.IsIncrement():
		return true
	case u.X != nil:
		return unaryUpdates(u.X)
	case u.Cast != nil:
		return unaryUpdates(u.Cast.X)
	case u.Primary == nil:
		return false
	case u.Primary.Assigned != nil:
		return true
	case u.Primary.Paren != nil:
		return UpdatesLocal(u.Primary.Paren)
	case u.Primary.Call != nil:
		for _, a := range u.Primary.Call.Args {
			if UpdatesLocal(a) {
				return true
			}
		}
	}
	return false
}

// ReadsMemory reports whether e reads memory: a spin on registers alone is no
// await loop, and is unrolled.
func ReadsMemory(e *Expr) bool {
	found := false
	var unary func(u *Unary)
	var expr func(e *Expr)
	expr = func(e *Expr) {
		if e == nil {
			return
		}
		unary(e.Left)
		for _, r := range e.Rest {
			unary(r.Right)
		}
		expr(e.Then)
		expr(e.Else)
	}
	unary = func(u *Unary) {
		switch {
		case u == nil:
		case u.Op == "*" || u.Member != nil:
			found = true
		case u.X != nil:
			unary(u.X)
		case u.Cast != nil:
			unary(u.Cast.X)
		case u.Primary != nil && u.Primary.Paren != nil:
			expr(u.Primary.Paren)
		case u.Primary != nil && u.Primary.Assigned != nil:
			expr(u.Primary.Assigned.Value)
		case u.Primary != nil && u.Primary.Call != nil:
			found = true
		}
	}
	expr(e)
	return found
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
