// This file implements the evaluation of IR expressions on register values
// that carry the read events they depend on.

package explore

import "github.com/litmuscheck/litmuscheck/litmus"

// deps is a set of thread-local read indices.
type deps uint64

// regVal is a register's value and the reads it was computed from: d
// through data flow only (herd's iico_data and rf-reg), p through a pick
// as well (herd's iico_ctrl inside CSEL and CAS). The pick dependencies of
// a value are d|p.
type regVal struct {
	v litmus.Value
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
func cancels(e *litmus.Binary) bool {
	x, ok1 := e.X.(*litmus.RegRef)
	y, ok2 := e.Y.(*litmus.RegRef)
	return ok1 && ok2 && x.Name == y.Name && (e.Op == litmus.OpXor || e.Op == litmus.OpSub)
}

// evalError reports an expression that cannot be computed on its operands
// (arithmetic on two addresses, division by zero...).
type evalError struct{ msg string }

func (e *evalError) Error() string { return e.msg }

func (th *threadRun) eval(e litmus.Expr) (regVal, error) {
	switch e := e.(type) {
	case *litmus.Const:
		return regVal{v: e.V}, nil
	case *litmus.RegRef:
		return th.regs[e.Name], nil
	case *litmus.Unary:
		x, err := th.eval(e.X)
		if err != nil {
			return x, err
		}
		if e.Op == litmus.OpPick {
			// The value passes, its dependencies become pick ones only.
			return regVal{v: x.v, p: x.d | x.p, c: x.c}, nil
		}
		if x.v.IsUnknown() {
			return x, errUnknown
		}
		if _, _, conv := litmus.ConvWidth(e.Op); conv {
			return regVal{v: litmus.Convert(e.Op, x.v), d: x.d, p: x.p, c: x.c, z: x.z}, nil
		}
		v, err := applyUnary(e.Op, x.v)
		return regVal{v: v, d: x.d, p: x.p, c: x.c, z: x.z}, err
	case *litmus.Binary:
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
	case *litmus.Ite:
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

func truthy(v litmus.Value) bool { return v.Sym != "" || v.Off != 0 }

// errUnknown cuts a path that computes with an unknown value: herd keeps an
// equation on it, which the explorer does not solve.
var errUnknown = &evalError{"computation on an unknown value"}

// unknownOp applies op when x or y is unknown. While the explorer looks
// for the values locations may hold, an unknown read compares unequal to
// every constant, and the constant it is compared with joins the domain of
// the location read, so that the next round tries it. Otherwise only a
// swap passes an unknown value on.
func (th *threadRun) unknownOp(op litmus.BinOp, x, y litmus.Value) (litmus.Value, error) {
	if op == litmus.OpXchg {
		return y, nil
	}
	if op == litmus.OpEq || op == litmus.OpNe {
		u, c := x, y
		if !u.IsUnknown() {
			u, c = y, x
		}
		if u.Var == litmus.VarDiscover && !c.IsUnknown() && th.discovered != nil {
			th.discovered(u.Sym, c)
			th.decided = true
			return b2v(op == litmus.OpNe), nil
		}
	}
	return litmus.Value{}, errUnknown
}

func b2v(b bool) litmus.Value {
	if b {
		return litmus.Int(1)
	}
	return litmus.Int(0)
}

func applyUnary(op litmus.BinOp, x litmus.Value) (litmus.Value, error) {
	switch op {
	case litmus.OpNeg:
		if x.Sym != "" {
			return x, &evalError{"negation of an address"}
		}
		return litmus.Int(-x.Off), nil
	case litmus.OpNot:
		return b2v(!truthy(x)), nil
	case litmus.OpBitNot:
		if x.Sym != "" {
			return x, &evalError{"complement of an address"}
		}
		return litmus.Int(^x.Off), nil
	}
	return x, &evalError{"bad unary operator"}
}

// Apply computes x op y. Addresses support adding and subtracting
// integers, comparison, and the idioms "a xor a" and "a - a" that give 0.
func Apply(op litmus.BinOp, x, y litmus.Value) (litmus.Value, error) {
	if x.IsUnknown() || y.IsUnknown() {
		if op == litmus.OpXchg {
			return y, nil
		}
		return litmus.Value{}, errUnknown
	}
	switch op {
	case litmus.OpEq:
		return b2v(x == y), nil
	case litmus.OpNe:
		return b2v(x != y), nil
	case litmus.OpLAnd:
		return b2v(truthy(x) && truthy(y)), nil
	case litmus.OpLOr:
		return b2v(truthy(x) || truthy(y)), nil
	case litmus.OpXchg:
		return y, nil
	case litmus.OpCmp:
		if x.Sym != y.Sym {
			if x == y {
				return litmus.Int(0), nil
			}
			c := x.Compare(y)
			return litmus.Int(int64(c)), nil
		}
		switch {
		case x.Off < y.Off:
			return litmus.Int(-1), nil
		case x.Off > y.Off:
			return litmus.Int(1), nil
		}
		return litmus.Int(0), nil
	}
	if x.Sym != "" || y.Sym != "" {
		switch {
		case op == litmus.OpAdd && y.Sym == "":
			return litmus.Value{Sym: x.Sym, Off: x.Off + y.Off}, nil
		case op == litmus.OpAdd && x.Sym == "":
			return litmus.Value{Sym: y.Sym, Off: x.Off + y.Off}, nil
		case op == litmus.OpSub && y.Sym == "":
			return litmus.Value{Sym: x.Sym, Off: x.Off - y.Off}, nil
		case (op == litmus.OpSub || op == litmus.OpXor) && x == y:
			return litmus.Int(0), nil
		case op == litmus.OpLt || op == litmus.OpLe || op == litmus.OpGt || op == litmus.OpGe:
			c := x.Compare(y)
			return b2v(cmpOp(op, int64(c), 0)), nil
		case op == litmus.OpULt || op == litmus.OpULe || op == litmus.OpUGt || op == litmus.OpUGe:
			c := x.Compare(y)
			return b2v(cmpOp(op-litmus.OpULt+litmus.OpLt, int64(c), 0)), nil
		case (op == litmus.OpAnd || op == litmus.OpOr) && x == y:
			return x, nil
		}
		return x, &evalError{"arithmetic on an address"}
	}
	a, b := x.Off, y.Off
	switch op {
	case litmus.OpAdd:
		return litmus.Int(a + b), nil
	case litmus.OpSub:
		return litmus.Int(a - b), nil
	case litmus.OpMul:
		return litmus.Int(a * b), nil
	case litmus.OpDiv:
		if b == 0 {
			return litmus.Int(0), &evalError{"division by zero"}
		}
		return litmus.Int(a / b), nil
	case litmus.OpMod:
		if b == 0 {
			return litmus.Int(0), &evalError{"division by zero"}
		}
		return litmus.Int(a % b), nil
	case litmus.OpAnd:
		return litmus.Int(a & b), nil
	case litmus.OpOr:
		return litmus.Int(a | b), nil
	case litmus.OpXor:
		return litmus.Int(a ^ b), nil
	case litmus.OpAndNot:
		return litmus.Int(a &^ b), nil
	case litmus.OpShl:
		return litmus.Int(a << uint64(b)), nil
	case litmus.OpShr:
		return litmus.Int(a >> uint64(b)), nil
	case litmus.OpLt, litmus.OpLe, litmus.OpGt, litmus.OpGe:
		return b2v(cmpOp(op, a, b)), nil
	case litmus.OpULt, litmus.OpULe, litmus.OpUGt, litmus.OpUGe:
		return b2v(cmpOp(op-litmus.OpULt+litmus.OpLt, int64(uint64(a)^1<<63), int64(uint64(b)^1<<63))), nil
	case litmus.OpUDiv, litmus.OpUMod:
		if b == 0 {
			return litmus.Int(0), &evalError{"division by zero"}
		}
		if op == litmus.OpUDiv {
			return litmus.Int(int64(uint64(a) / uint64(b))), nil
		}
		return litmus.Int(int64(uint64(a) % uint64(b))), nil
	case litmus.OpUShr:
		return litmus.Int(int64(uint64(a) >> uint64(b))), nil
	case litmus.OpMax:
		return litmus.Int(max(a, b)), nil
	case litmus.OpMin:
		return litmus.Int(min(a, b)), nil
	case litmus.OpUMax:
		if uint64(a) > uint64(b) {
			return litmus.Int(a), nil
		}
		return litmus.Int(b), nil
	case litmus.OpUMin:
		if uint64(a) < uint64(b) {
			return litmus.Int(a), nil
		}
		return litmus.Int(b), nil
	}
	return x, &evalError{"bad operator"}
}

func cmpOp(op litmus.BinOp, a, b int64) bool {
	switch op {
	case litmus.OpLt:
		return a < b
	case litmus.OpLe:
		return a <= b
	case litmus.OpGt:
		return a > b
	}
	return a >= b
}
