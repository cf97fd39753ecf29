// This file implements C's integer types in the lowering of C threads:
// each value has the type C gives it, and a value that a conversion could
// change (an assignment to a narrower type, a cast, unsigned arithmetic
// that wraps, an unsigned comparison of 64-bit values) goes through the
// IR's conversion and unsigned operators, so that "(u16)val", a u8 local
// and "u32 - 1" compute what the compiled kernel code computes.
//
// Values are held canonical for their type (a u32 in 0..2^32-1, an s16 in
// -2^15..2^15-1, a 64-bit type as its bits), so a conversion is needed
// only where the source's range does not fit the destination's. Names
// whose type the lowering does not know (a register herd's style leaves
// undeclared, a pointer, a lock) are untyped and convert nothing, as
// before types were tracked: the LKMM's locations hold whole values.
// Unsigned arithmetic wraps at its type's width. Signed int arithmetic
// is left unwrapped: its overflow is undefined in C, and although the
// kernel builds with -fno-strict-overflow, which wraps it, no lock or
// litmus test comes near 2^31, while wrapping every "r + 1" would add a
// conversion to every compiled column of such tests.

package cparse

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A cInt is a C integer type: bits is 1 for bool, 8 to 64 for the other
// integer types, and 0 for a value the lowering does not type, which ptr
// marks as a pointer.
type cInt struct {
	bits   uint8
	signed bool
	ptr    bool
}

var (
	tUntyped = cInt{}
	tPtr     = cInt{ptr: true}
	tBool    = cInt{bits: 1}
	tInt     = cInt{bits: 32, signed: true}
	tUint    = cInt{bits: 32}
	tLong    = cInt{bits: 64, signed: true}
	tUlong   = cInt{bits: 64}
)

func (t cInt) typed() bool { return t.bits != 0 }

// cIntTypes are the integer type names, as a cType's words joined by
// spaces after the qualifiers. char is unsigned: the kernel builds with
// -funsigned-char. atomic_t and atomic_long_t stand for their counters.
var cIntTypes = map[string]cInt{
	"bool": tBool, "_Bool": tBool,
	"char": {bits: 8, signed: false}, "unsigned char": {bits: 8, signed: false}, "signed char": {bits: 8, signed: true},
	"u8": {bits: 8, signed: false}, "uint8_t": {bits: 8, signed: false}, "s8": {bits: 8, signed: true}, "int8_t": {bits: 8, signed: true},
	"short": {bits: 16, signed: true}, "short int": {bits: 16, signed: true}, "signed short": {bits: 16, signed: true}, "signed short int": {bits: 16, signed: true},
	"unsigned short": {bits: 16, signed: false}, "unsigned short int": {bits: 16, signed: false},
	"u16": {bits: 16, signed: false}, "uint16_t": {bits: 16, signed: false}, "s16": {bits: 16, signed: true}, "int16_t": {bits: 16, signed: true},
	"int": tInt, "signed": tInt, "signed int": tInt, "s32": tInt, "int32_t": tInt, "atomic_t": tInt,
	"unsigned": tUint, "unsigned int": tUint, "u32": tUint, "uint32_t": tUint,
	"long": tLong, "long int": tLong, "signed long": tLong, "long long": tLong, "long long int": tLong,
	"s64": tLong, "int64_t": tLong, "intptr_t": tLong, "atomic_long_t": tLong,
	"unsigned long": tUlong, "unsigned long int": tUlong, "unsigned long long": tUlong,
	"u64": tUlong, "uint64_t": tUlong, "uintptr_t": tUlong, "size_t": tUlong,
}

// intType is the integer type t names, untyped for a pointer (stars > 0),
// a struct, a lock or void.
func intType(t *cType, stars int) cInt {
	if t == nil {
		return tUntyped
	}
	if stars > 0 {
		return tPtr
	}
	return cIntTypes[strings.Join(unqualified(t), " ")]
}

// promoted is t after C's integer promotions: narrower types become int.
func promoted(t cInt) cInt {
	if t.typed() && t.bits < 32 {
		return tInt
	}
	return t
}

// common is the type C's usual arithmetic conversions give the operands
// of a binary operator of types a and b; untyped when either is.
func common(a, b cInt) cInt {
	if !a.typed() || !b.typed() {
		return tUntyped
	}
	a, b = promoted(a), promoted(b)
	switch {
	case a == b:
		return a
	case a.signed == b.signed:
		return cInt{bits: max(a.bits, b.bits), signed: a.signed}
	}
	u, s := a, b
	if a.signed {
		u, s = b, a
	}
	switch {
	case u.bits >= s.bits:
		return u
	case s.bits > u.bits:
		// The signed type holds every value of the unsigned one.
		return s
	}
	return cInt{bits: s.bits}
}

// fits reports whether every value of type from is a value of type to,
// with the same representation.
func fits(from, to cInt) bool {
	switch {
	case !from.typed() || !to.typed() || from == to:
		return true
	case to == tBool:
		return from == tBool
	case from == tBool:
		return true
	case to.bits == 64:
		// 64-bit values are their bits, signed or not.
		return true
	case from.signed == to.signed:
		return from.bits <= to.bits
	case !from.signed:
		return from.bits < to.bits
	}
	return false
}

// convert is e, of type from, converted to type to: a constant is folded,
// anything else goes through the conversion to.bits.
func convert(e litmus.Expr, from, to cInt) litmus.Expr {
	if fits(from, to) {
		return e
	}
	if to == tBool {
		if c, ok := e.(*litmus.Const); ok && !c.V.IsAddr() {
			return litmus.C(map[bool]int64{true: 1}[c.V.Off != 0])
		}
		return litmus.Bin(litmus.OpNe, e, litmus.C(0))
	}
	op, ok := litmus.ConvOp(int(to.bits), to.signed)
	if !ok {
		return e
	}
	return wrap(op, e)
}

// wrap applies the conversion op to e, folding a constant.
func wrap(op litmus.BinOp, e litmus.Expr) litmus.Expr {
	if c, ok := e.(*litmus.Const); ok {
		return &litmus.Const{V: litmus.Convert(op, c.V)}
	}
	return &litmus.Unary{Op: op, X: e}
}

// wraps is the conversion that keeps the result of an operator that may
// leave the range of t (addition, subtraction, multiplication, left
// shift, negation) in it; false when t's width is the registers'.
func wraps(t cInt) (litmus.BinOp, bool) {
	if !t.typed() || t.bits >= 64 || t.signed {
		return 0, false
	}
	return litmus.ConvOp(int(t.bits), t.signed)
}

// unsignedOps are the operators whose unsigned 64-bit forms differ.
var unsignedOps = map[litmus.BinOp]litmus.BinOp{
	litmus.OpLt: litmus.OpULt, litmus.OpLe: litmus.OpULe, litmus.OpGt: litmus.OpUGt, litmus.OpGe: litmus.OpUGe,
	litmus.OpDiv: litmus.OpUDiv, litmus.OpMod: litmus.OpUMod, litmus.OpShr: litmus.OpUShr,
}

// arith lowers x op y for operands of types tx and ty, with C's
// conversions; it returns the result and its type.
func arith(op litmus.BinOp, x litmus.Expr, tx cInt, y litmus.Expr, ty cInt) (litmus.Expr, cInt) {
	switch op {
	case litmus.OpLAnd, litmus.OpLOr:
		return litmus.Bin(op, x, y), tInt
	case litmus.OpShl, litmus.OpShr:
		// The result has the promoted type of the left operand.
		t := promoted(tx)
		if !t.typed() {
			return litmus.Bin(op, x, y), tUntyped
		}
		if op == litmus.OpShr && !t.signed {
			// An unsigned shift: the left operand, made explicit as no
			// wider than 32 bits where it is, lets a target without a
			// logical shift divide instead (POWER's divw).
			if t.bits <= 32 {
				x = wrap(litmus.OpZext32, x)
			}
			return litmus.Bin(litmus.OpUShr, x, y), t
		}
		r := litmus.Bin(op, x, y)
		if w, ok := wraps(t); ok && op == litmus.OpShl {
			return wrap(w, r), t
		}
		return r, t
	}
	t := common(tx, ty)
	if !t.typed() {
		r := litmus.Bin(op, x, y)
		if isComparison(op) {
			return r, tInt
		}
		return r, tUntyped
	}
	x, y = convert(x, tx, t), convert(y, ty, t)
	if u, ok := unsignedOps[op]; ok && t == tUlong {
		op = u
	}
	r := litmus.Bin(op, x, y)
	switch op {
	case litmus.OpAdd, litmus.OpSub, litmus.OpMul:
		if w, ok := wraps(t); ok {
			return wrap(w, r), t
		}
	}
	if isComparison(op) {
		return r, tInt
	}
	return r, t
}

// unaryArith lowers the prefix operator op of an operand x of type t.
func unaryArith(op litmus.BinOp, x litmus.Expr, t cInt) (litmus.Expr, cInt) {
	if op == litmus.OpNot {
		return &litmus.Unary{Op: op, X: x}, tInt
	}
	t = promoted(t)
	var r litmus.Expr
	c, ok := x.(*litmus.Const)
	switch {
	case ok && op == litmus.OpNeg && !c.V.IsAddr():
		r = litmus.C(-c.V.Off)
	case ok && op == litmus.OpBitNot && !c.V.IsAddr():
		r = litmus.C(^c.V.Off)
	default:
		r = &litmus.Unary{Op: op, X: x}
	}
	// ~ and - turn an unsigned value negative.
	if w, ok := wraps(t); ok {
		return wrap(w, r), t
	}
	return r, t
}

// literalType is the type C gives an integer constant written text with
// value n: the first of int, unsigned int (hexadecimal only), long and
// unsigned long that holds it, after the u and l suffixes.
func literalType(text string, n uint64) cInt {
	suffix := strings.ToLower(strings.TrimLeft(text, "0123456789abcdefABCDEFxX"))
	hex := strings.HasPrefix(strings.ToLower(text), "0x")
	unsigned := strings.Contains(suffix, "u")
	long := strings.Contains(suffix, "l")
	for _, t := range []cInt{tInt, tUint, tLong, tUlong} {
		if (long && t.bits < 64) || (unsigned && t.signed) || (!hex && !unsigned && !t.signed) {
			continue
		}
		limit := uint64(1)<<(t.bits-1) - 1
		if !t.signed {
			limit = limit<<1 | 1
		}
		if n <= limit {
			return t
		}
	}
	return tUlong
}
