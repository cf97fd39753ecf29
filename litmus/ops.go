// This file implements the operators of the IR on values: arithmetic,
// comparison and bit operations on integers, and the few that addresses
// support.

package litmus

// EvalError reports an expression that cannot be computed on its operands
// (arithmetic on two addresses, division by zero...).
type EvalError struct{ msg string }

func (e *EvalError) Error() string { return e.msg }

func Truthy(v Value) bool { return v.Sym != "" || v.Off != 0 }

// errUnknown cuts a path that computes with an unknown value: herd keeps an
// equation on it, which the explorer does not solve.
var ErrUnknown = &EvalError{"computation on an unknown value"}

func BoolValue(b bool) Value {
	if b {
		return Int(1)
	}
	return Int(0)
}

func ApplyUnary(op BinOp, x Value) (Value, error) {
	switch op {
	case OpNeg:
		if x.Sym != "" {
			return x, &EvalError{"negation of an address"}
		}
		return Int(-x.Off), nil
	case OpNot:
		return BoolValue(!Truthy(x)), nil
	case OpBitNot:
		if x.Sym != "" {
			return x, &EvalError{"complement of an address"}
		}
		return Int(^x.Off), nil
	}
	return x, &EvalError{"bad unary operator"}
}

// Apply computes x op y. Addresses support adding and subtracting
// integers, comparison, and the idioms "a xor a" and "a - a" that give 0.
func Apply(op BinOp, x, y Value) (Value, error) {
	if x.IsUnknown() || y.IsUnknown() {
		if op == OpXchg {
			return y, nil
		}
		return Value{}, ErrUnknown
	}
	switch op {
	case OpEq, OpNe, OpLAnd, OpLOr, OpXchg:
		return applyAny(op, x, y), nil
	case OpCmp:
		return compareValues(x, y), nil
	}
	if x.Sym != "" || y.Sym != "" {
		return applyAddr(op, x, y)
	}
	return applyInt(op, x, y)
}

// applyAny computes the operators that take addresses and integers alike.
func applyAny(op BinOp, x, y Value) Value {
	switch op {
	case OpEq:
		return BoolValue(x == y)
	case OpNe:
		return BoolValue(x != y)
	case OpLAnd:
		return BoolValue(Truthy(x) && Truthy(y))
	case OpLOr:
		return BoolValue(Truthy(x) || Truthy(y))
	}
	return y // OpXchg
}

// compareValues is OpCmp: -1, 0 or 1 as x is below, equal to or above y.
func compareValues(x, y Value) Value {
	if x.Sym != y.Sym {
		if x == y {
			return Int(0)
		}
		c := x.Compare(y)
		return Int(int64(c))
	}
	switch {
	case x.Off < y.Off:
		return Int(-1)
	case x.Off > y.Off:
		return Int(1)
	}
	return Int(0)
}

// applyAddr computes x op y when x or y is an address.
func applyAddr(op BinOp, x, y Value) (Value, error) {
	switch {
	case op == OpAdd && y.Sym == "":
		return Value{Sym: x.Sym, Off: x.Off + y.Off}, nil
	case op == OpAdd && x.Sym == "":
		return Value{Sym: y.Sym, Off: x.Off + y.Off}, nil
	case op == OpSub && y.Sym == "":
		return Value{Sym: x.Sym, Off: x.Off - y.Off}, nil
	case (op == OpSub || op == OpXor) && x == y:
		return Int(0), nil
	case op == OpLt || op == OpLe || op == OpGt || op == OpGe:
		c := x.Compare(y)
		return BoolValue(cmpOp(op, int64(c), 0)), nil
	case op == OpULt || op == OpULe || op == OpUGt || op == OpUGe:
		c := x.Compare(y)
		return BoolValue(cmpOp(op-OpULt+OpLt, int64(c), 0)), nil
	case (op == OpAnd || op == OpOr) && x == y:
		return x, nil
	}
	return x, &EvalError{"arithmetic on an address"}
}

// applyInt computes x op y on two integers.
func applyInt(op BinOp, x, y Value) (Value, error) {
	a, b := x.Off, y.Off
	switch op {
	case OpAdd:
		return Int(a + b), nil
	case OpSub:
		return Int(a - b), nil
	case OpMul:
		return Int(a * b), nil
	case OpDiv:
		if b == 0 {
			return Int(0), &EvalError{"division by zero"}
		}
		return Int(a / b), nil
	case OpMod:
		if b == 0 {
			return Int(0), &EvalError{"division by zero"}
		}
		return Int(a % b), nil
	case OpAnd:
		return Int(a & b), nil
	case OpOr:
		return Int(a | b), nil
	case OpXor:
		return Int(a ^ b), nil
	case OpAndNot:
		return Int(a &^ b), nil
	case OpShl:
		return Int(a << uint64(b)), nil
	case OpShr:
		return Int(a >> uint64(b)), nil
	case OpLt, OpLe, OpGt, OpGe:
		return BoolValue(cmpOp(op, a, b)), nil
	case OpULt, OpULe, OpUGt, OpUGe:
		return BoolValue(cmpOp(op-OpULt+OpLt, int64(uint64(a)^1<<63), int64(uint64(b)^1<<63))), nil
	case OpUDiv, OpUMod:
		if b == 0 {
			return Int(0), &EvalError{"division by zero"}
		}
		if op == OpUDiv {
			return Int(int64(uint64(a) / uint64(b))), nil
		}
		return Int(int64(uint64(a) % uint64(b))), nil
	case OpUShr:
		return Int(int64(uint64(a) >> uint64(b))), nil
	case OpMax:
		return Int(max(a, b)), nil
	case OpMin:
		return Int(min(a, b)), nil
	case OpUMax:
		if uint64(a) > uint64(b) {
			return Int(a), nil
		}
		return Int(b), nil
	case OpUMin:
		if uint64(a) < uint64(b) {
			return Int(a), nil
		}
		return Int(b), nil
	}
	return x, &EvalError{"bad operator"}
}

func cmpOp(op BinOp, a, b int64) bool {
	switch op {
	case OpLt:
		return a < b
	case OpLe:
		return a <= b
	case OpGt:
		return a > b
	}
	return a >= b
}
