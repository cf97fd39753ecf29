// This file implements C's integer types, their conversions and C's
// arithmetic on them.

package ctypes

import (
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// An Int is a C integer type: Bits is 1 for bool, 8 to 64 for the other
// integer types, and 0 for a value the lowering does not type, which Ptr
// marks as a pointer.
type Int struct {
	Bits   uint8
	Signed bool
	Ptr    bool
}

var (
	Untyped = Int{}
	Ptr     = Int{Ptr: true}
	Bool    = Int{Bits: 1}
	Int32   = Int{Bits: 32, Signed: true}
	Uint32  = Int{Bits: 32}
	Long    = Int{Bits: 64, Signed: true}
	Ulong   = Int{Bits: 64}
)

func (t Int) Typed() bool { return t.Bits != 0 }

// Names are the integer type names, as a cType's words joined by
// spaces after the qualifiers. char is unsigned: the kernel builds with
// -funsigned-char. atomic_t and atomic_long_t stand for their counters.
var Names = map[string]Int{
	"bool": Bool, "_Bool": Bool,
	"char": {Bits: 8, Signed: false}, "unsigned char": {Bits: 8, Signed: false}, "signed char": {Bits: 8, Signed: true},
	"u8": {Bits: 8, Signed: false}, "uint8_t": {Bits: 8, Signed: false}, "s8": {Bits: 8, Signed: true}, "int8_t": {Bits: 8, Signed: true},
	"short": {Bits: 16, Signed: true}, "short int": {Bits: 16, Signed: true}, "signed short": {Bits: 16, Signed: true}, "signed short int": {Bits: 16, Signed: true},
	"unsigned short": {Bits: 16, Signed: false}, "unsigned short int": {Bits: 16, Signed: false},
	"u16": {Bits: 16, Signed: false}, "uint16_t": {Bits: 16, Signed: false}, "s16": {Bits: 16, Signed: true}, "int16_t": {Bits: 16, Signed: true},
	"int": Int32, "signed": Int32, "signed int": Int32, "s32": Int32, "int32_t": Int32, "atomic_t": Int32,
	"unsigned": Uint32, "unsigned int": Uint32, "u32": Uint32, "uint32_t": Uint32,
	"long": Long, "long int": Long, "signed long": Long, "long long": Long, "long long int": Long,
	"s64": Long, "int64_t": Long, "intptr_t": Long, "atomic_long_t": Long,
	"unsigned long": Ulong, "unsigned long int": Ulong, "unsigned long long": Ulong,
	"u64": Ulong, "uint64_t": Ulong, "uintptr_t": Ulong, "size_t": Ulong,
}

// Promoted is t after C's integer promotions: narrower types become int.
func Promoted(t Int) Int {
	if t.Typed() && t.Bits < 32 {
		return Int32
	}
	return t
}

// Common is the type C's usual arithmetic conversions give the operands
// of a binary operator of types a and b; untyped when either is.
func Common(a, b Int) Int {
	if !a.Typed() || !b.Typed() {
		return Untyped
	}
	a, b = Promoted(a), Promoted(b)
	switch {
	case a == b:
		return a
	case a.Signed == b.Signed:
		return Int{Bits: max(a.Bits, b.Bits), Signed: a.Signed}
	}
	u, s := a, b
	if a.Signed {
		u, s = b, a
	}
	switch {
	case u.Bits >= s.Bits:
		return u
	case s.Bits > u.Bits:
		// The signed type holds every value of the unsigned one.
		return s
	}
	return Int{Bits: s.Bits}
}

// Fits reports whether every value of type from is a value of type to,
// with the same representation.
func Fits(from, to Int) bool {
	switch {
	case !from.Typed() || !to.Typed() || from == to:
		return true
	case to == Bool:
		return from == Bool
	case from == Bool:
		return true
	case to.Bits == 64:
		// 64-bit values are their bits, signed or not.
		return true
	case from.Signed == to.Signed:
		return from.Bits <= to.Bits
	case !from.Signed:
		return from.Bits < to.Bits
	}
	return false
}

// Convert is e, of type from, converted to type to: a constant is folded,
// anything else goes through the conversion to.Bits.
func Convert(e litmus.Expr, from, to Int) litmus.Expr {
	if Fits(from, to) {
		return e
	}
	if to == Bool {
		if c, ok := e.(*litmus.Const); ok && !c.V.IsAddr() {
			return litmus.C(map[bool]int64{true: 1}[c.V.Off != 0])
		}
		return litmus.Bin(litmus.OpNe, e, litmus.C(0))
	}
	op, ok := litmus.ConvOp(int(to.Bits), to.Signed)
	if !ok {
		return e
	}
	return Wrap(op, e)
}

// Wrap applies the conversion op to e, folding a constant.
func Wrap(op litmus.BinOp, e litmus.Expr) litmus.Expr {
	if c, ok := e.(*litmus.Const); ok {
		return &litmus.Const{V: litmus.Convert(op, c.V)}
	}
	return &litmus.Unary{Op: op, X: e}
}

// Wraps is the conversion that keeps the result of an operator that may
// leave the range of t (addition, subtraction, multiplication, left
// shift, negation) in it; false when t's width is the registers'.
func Wraps(t Int) (litmus.BinOp, bool) {
	if !t.Typed() || t.Bits >= 64 || t.Signed {
		return 0, false
	}
	return litmus.ConvOp(int(t.Bits), t.Signed)
}

// unsignedOps are the operators whose unsigned 64-bit forms differ.
var unsignedOps = map[litmus.BinOp]litmus.BinOp{
	litmus.OpLt: litmus.OpULt, litmus.OpLe: litmus.OpULe, litmus.OpGt: litmus.OpUGt, litmus.OpGe: litmus.OpUGe,
	litmus.OpDiv: litmus.OpUDiv, litmus.OpMod: litmus.OpUMod, litmus.OpShr: litmus.OpUShr,
}

// Arith lowers x op y for operands of types tx and ty, with C's
// conversions; it returns the result and its type.
func Arith(op litmus.BinOp, x litmus.Expr, tx Int, y litmus.Expr, ty Int) (litmus.Expr, Int) {
	switch op {
	case litmus.OpLAnd, litmus.OpLOr:
		return litmus.Bin(op, x, y), Int32
	case litmus.OpShl, litmus.OpShr:
		// The result has the Promoted type of the left operand.
		t := Promoted(tx)
		if !t.Typed() {
			return litmus.Bin(op, x, y), Untyped
		}
		if op == litmus.OpShr && !t.Signed {
			// An unsigned shift: the left operand, made explicit as no
			// wider than 32 bits where it is, lets a target without a
			// logical shift divide instead (POWER's divw).
			if t.Bits <= 32 {
				x = Wrap(litmus.OpZext32, x)
			}
			return litmus.Bin(litmus.OpUShr, x, y), t
		}
		r := litmus.Bin(op, x, y)
		if w, ok := Wraps(t); ok && op == litmus.OpShl {
			return Wrap(w, r), t
		}
		return r, t
	}
	t := Common(tx, ty)
	if !t.Typed() {
		r := litmus.Bin(op, x, y)
		if IsComparison(op) {
			return r, Int32
		}
		return r, Untyped
	}
	x, y = Convert(x, tx, t), Convert(y, ty, t)
	if u, ok := unsignedOps[op]; ok && t == Ulong {
		op = u
	}
	r := litmus.Bin(op, x, y)
	switch op {
	case litmus.OpAdd, litmus.OpSub, litmus.OpMul:
		if w, ok := Wraps(t); ok {
			return Wrap(w, r), t
		}
	}
	if IsComparison(op) {
		return r, Int32
	}
	return r, t
}

// UnaryArith lowers the prefix operator op of an operand x of type t.
func UnaryArith(op litmus.BinOp, x litmus.Expr, t Int) (litmus.Expr, Int) {
	if op == litmus.OpNot {
		return &litmus.Unary{Op: op, X: x}, Int32
	}
	t = Promoted(t)
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
	if w, ok := Wraps(t); ok {
		return Wrap(w, r), t
	}
	return r, t
}

// Literal is the type C gives an integer constant written text with
// value n: the first of int, unsigned int (hexadecimal only), long and
// unsigned long that holds it, after the u and l suffixes.
func Literal(text string, n uint64) Int {
	suffix := strings.ToLower(strings.TrimLeft(text, "0123456789abcdefABCDEFxX"))
	hex := strings.HasPrefix(strings.ToLower(text), "0x")
	unsigned := strings.Contains(suffix, "u")
	long := strings.Contains(suffix, "l")
	for _, t := range []Int{Int32, Uint32, Long, Ulong} {
		if (long && t.Bits < 64) || (unsigned && t.Signed) || (!hex && !unsigned && !t.Signed) {
			continue
		}
		limit := uint64(1)<<(t.Bits-1) - 1
		if !t.Signed {
			limit = limit<<1 | 1
		}
		if n <= limit {
			return t
		}
	}
	return Ulong
}

// IsComparison reports whether op is one of C's comparison operators,
// whose result is an int.
func IsComparison(op litmus.BinOp) bool {
	switch op {
	case litmus.OpEq, litmus.OpNe, litmus.OpLt, litmus.OpLe, litmus.OpGt, litmus.OpGe:
		return true
	}
	return false
}

// NarrowBytes is the width of an access of an object of type t, 0 for
// the natural word.
func (t Int) NarrowBytes() uint8 {
	switch {
	case !t.Typed() || t.Bits >= 32:
		return 0
	case t.Bits == 1:
		return 1
	}
	return t.Bits / 8
}
