// This file implements the evaluation of IR expressions on register values
// that carry the read events they depend on.

package litmus

// deps is a set of thread-local read indices.
type deps uint64

// regVal is a register's value and the reads it was computed from: d
// through data flow only (herd's iico_data and rf-reg), p through a pick
// as well (herd's iico_ctrl inside CSEL and CAS). The pick dependencies of
// a value are d|p.
type regVal struct {
	v Value
	d deps
	p deps
	// c are the reads of the branches under which the value, or one it
	// was computed from, was written to its register (herd's C: a branch
	// on it depends on them, its data does not); C tests only.
	c deps
	// z are the reads of d whose values the value does not depend on: an
	// operation that cancels them, such as r ^ r or r - r, which herd's
	// solver reduces to 0. d &^ z is the value's flow (valueDeps).
	z deps
}

// valueDeps are the reads r's value is computed from (regVal.z).
func (r regVal) valueDeps() deps { return r.d &^ r.z }

// cancels reports whether the binary e gives 0 whatever its operand, one
// register twice: herd's a xor a and a - a.
func cancels(e *Binary) bool {
	x, ok1 := e.X.(*RegRef)
	y, ok2 := e.Y.(*RegRef)
	return ok1 && ok2 && x.Name == y.Name && (e.Op == OpXor || e.Op == OpSub)
}

// evalError reports an expression that cannot be computed on its operands
// (arithmetic on two addresses, division by zero...).
type evalError struct{ msg string }

func (e *evalError) Error() string { return e.msg }

func (th *threadRun) eval(e Expr) (regVal, error) {
	switch e := e.(type) {
	case *Const:
		return regVal{v: e.V}, nil
	case *RegRef:
		return th.regs[e.Name], nil
	case *Unary:
		x, err := th.eval(e.X)
		if err != nil {
			return x, err
		}
		if e.Op == OpPick {
			// The value passes, its dependencies become pick ones only.
			return regVal{v: x.v, p: x.d | x.p, c: x.c}, nil
		}
		if x.v.IsUnknown() {
			return x, errUnknown
		}
		if _, _, conv := ConvWidth(e.Op); conv {
			return regVal{v: Convert(e.Op, x.v), d: x.d, p: x.p, c: x.c, z: x.z}, nil
		}
		v, err := applyUnary(e.Op, x.v)
		return regVal{v: v, d: x.d, p: x.p, c: x.c, z: x.z}, err
	case *Binary:
		x, err := th.eval(e.X)
		if err != nil {
			return x, err
		}
		y, err := th.eval(e.Y)
		if err != nil {
			return y, err
		}
		if x.v.IsUnknown() || y.v.IsUnknown() {
			v, err := th.unknownOp(e.Op, x.v, y.v)
			return regVal{v: v, d: x.d | y.d, p: x.p | y.p, c: x.c | y.c}, err
		}
		v, err := Apply(e.Op, x.v, y.v)
		r := regVal{v: v, d: x.d | y.d, p: x.p | y.p, c: x.c | y.c}
		if cancels(e) {
			r.z = r.d
		} else {
			r.z = r.d &^ (x.valueDeps() | y.valueDeps())
		}
		return r, err
	case *Ite:
		c, err := th.eval(e.Cond)
		if err != nil {
			return c, err
		}
		if c.v.IsUnknown() {
			return c, errUnknown
		}
		var r regVal
		if truthy(c.v) {
			r, err = th.eval(e.Then)
		} else {
			r, err = th.eval(e.Else)
		}
		flow := r.valueDeps() | c.valueDeps()
		r.d |= c.d
		r.p |= c.p
		r.c |= c.c
		r.z = r.d &^ flow
		return r, err
	}
	return regVal{}, &evalError{"unknown expression"}
}

func truthy(v Value) bool { return v.Sym != "" || v.Off != 0 }

// errUnknown cuts a path that computes with an unknown value: herd keeps an
// equation on it, which the explorer does not solve.
var errUnknown = &evalError{"computation on an unknown value"}

// unknownOp applies op when x or y is unknown. While the explorer looks
// for the values locations may hold, an unknown read compares unequal to
// every constant, and the constant it is compared with joins the domain of
// the location read, so that the next round tries it. Otherwise only a
// swap passes an unknown value on.
func (th *threadRun) unknownOp(op BinOp, x, y Value) (Value, error) {
	if op == OpXchg {
		return y, nil
	}
	if op == OpEq || op == OpNe {
		u, c := x, y
		if !u.IsUnknown() {
			u, c = y, x
		}
		if u.Var == VarDiscover && !c.IsUnknown() && th.discovered != nil {
			th.discovered(u.Sym, c)
			th.decided = true
			return b2v(op == OpNe), nil
		}
	}
	return Value{}, errUnknown
}

func b2v(b bool) Value {
	if b {
		return Int(1)
	}
	return Int(0)
}

func applyUnary(op BinOp, x Value) (Value, error) {
	switch op {
	case OpNeg:
		if x.Sym != "" {
			return x, &evalError{"negation of an address"}
		}
		return Int(-x.Off), nil
	case OpNot:
		return b2v(!truthy(x)), nil
	case OpBitNot:
		if x.Sym != "" {
			return x, &evalError{"complement of an address"}
		}
		return Int(^x.Off), nil
	}
	return x, &evalError{"bad unary operator"}
}

// Apply computes x op y. Addresses support adding and subtracting
// integers, comparison, and the idioms "a xor a" and "a - a" that give 0.
func Apply(op BinOp, x, y Value) (Value, error) {
	if x.IsUnknown() || y.IsUnknown() {
		if op == OpXchg {
			return y, nil
		}
		return Value{}, errUnknown
	}
	switch op {
	case OpEq:
		return b2v(x == y), nil
	case OpNe:
		return b2v(x != y), nil
	case OpLAnd:
		return b2v(truthy(x) && truthy(y)), nil
	case OpLOr:
		return b2v(truthy(x) || truthy(y)), nil
	case OpXchg:
		return y, nil
	case OpCmp:
		if x.Sym != y.Sym {
			if x == y {
				return Int(0), nil
			}
			c := x.Compare(y)
			return Int(int64(c)), nil
		}
		switch {
		case x.Off < y.Off:
			return Int(-1), nil
		case x.Off > y.Off:
			return Int(1), nil
		}
		return Int(0), nil
	}
	if x.Sym != "" || y.Sym != "" {
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
			return b2v(cmpOp(op, int64(c), 0)), nil
		case op == OpULt || op == OpULe || op == OpUGt || op == OpUGe:
			c := x.Compare(y)
			return b2v(cmpOp(op-OpULt+OpLt, int64(c), 0)), nil
		case (op == OpAnd || op == OpOr) && x == y:
			return x, nil
		}
		return x, &evalError{"arithmetic on an address"}
	}
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
			return Int(0), &evalError{"division by zero"}
		}
		return Int(a / b), nil
	case OpMod:
		if b == 0 {
			return Int(0), &evalError{"division by zero"}
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
		return b2v(cmpOp(op, a, b)), nil
	case OpULt, OpULe, OpUGt, OpUGe:
		return b2v(cmpOp(op-OpULt+OpLt, int64(uint64(a)^1<<63), int64(uint64(b)^1<<63))), nil
	case OpUDiv, OpUMod:
		if b == 0 {
			return Int(0), &evalError{"division by zero"}
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
	return x, &evalError{"bad operator"}
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
