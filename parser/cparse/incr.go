// This file implements "++" and "--" inside expressions, as C has them
// ("idx = node->count++", "!cnt--"): the operand is read, its updated
// value written back, and the expression's value is the operand's before
// the update (postfix) or after it (prefix).

package cparse

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// increment lowers u, an increment or a decrement used as a value.
func (l *cLowerer) increment(u *csyntax.Unary) (litmus.Expr, ctypes.Int, error) {
	op, x, prefix := u.Increment()
	pos, text := l.pos(u.Pos), l.text(u.Pos, u.EndPos)
	old, t, err := l.typedUnary(x)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	step := litmus.Expr(litmus.C(1))
	if st := l.exprStruct(x); st != nil {
		step, t = litmus.C(st.Bytes()), ctypes.Ptr
	} else if p := l.accessType(x); t.Ptr && p.Typed() {
		step = scaled(step, p)
	} else if t.Ptr {
		return nil, ctypes.Untyped, litmus.Unsupported(pos, fmt.Sprintf("%s of a pointer to an unknown type (%s)", op, text))
	}
	if !t.Typed() {
		t = ctypes.Int32
	}
	// The value before the update, kept apart from the operand, which
	// may be a register the update rewrites.
	before := l.temp()
	l.types[before] = t
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: before, Src: old})
	bin := litmus.OpAdd
	if op == "--" {
		bin = litmus.OpSub
	}
	after, at := ctypes.Arith(bin, litmus.R(before), t, step, ctypes.Int32)
	after = ctypes.Convert(after, at, t)
	if err := l.storeValue(x, after, pos, text); err != nil {
		return nil, ctypes.Untyped, err
	}
	if prefix {
		return after, t, nil
	}
	return litmus.R(before), t, nil
}

// storeValue writes v, of the operand's type, to the operand x
// of an increment: a register, a "*p" or a member.
func (l *cLowerer) storeValue(x *csyntax.Unary, v litmus.Expr, pos litmus.Pos, text string) error {
	if inner := csyntax.Single(&csyntax.Expr{Left: x}); inner != nil {
		x = inner // "(*y)++"
	}
	if x.Primary != nil && x.Primary.Ident != "" {
		name, err := l.assignable(x.Primary.Ident, pos)
		if err != nil {
			return err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: name, Src: v})
		if l.innerFrame() == nil {
			l.useReg(name)
		}
		return nil
	}
	store, to, ok, err := l.plainStore(x, pos, text)
	switch {
	case err != nil:
		return err
	case !ok:
		return errNotLvalue(pos)
	}
	store.Src = ctypes.Convert(v, ctypes.Int32, to)
	l.emit(store)
	return nil
}
