// This file implements the evaluation of IR expressions on register values
// that carry the read events they depend on.

package paths

import (
	"errors"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// deps is a set of thread-local read indices.
type Deps uint64

// regVal is a register's value and the reads it was computed from: d
// through data flow only (herd's iico_data and rf-reg), p through a pick
// as well (herd's iico_ctrl inside CSEL and CAS). The pick dependencies of
// a value are d|p.
type RegVal struct {
	V litmus.Value
	d Deps
	p Deps
	// c are the reads of the branches under which the value, or one it
	// was computed from, was written to its register (herd's C: a branch
	// on it depends on them, its data does not); C tests only.
	c Deps
	// z are the reads of d whose values the value does not depend on: an
	// operation that cancels them, such as r ^ r or r - r, which herd's
	// solver reduces to 0. d &^ z is the value's flow (valueDeps).
	z Deps
	// ch are the choices (OpChoose) the value is computed from, by their
	// index in ThreadRun.choices (choiceBit): a spin whose failed attempt
	// depends on a choice of the attempt does not hang.
	ch Deps
	// open, when set, is the value's table over the values of an open
	// read (open_reads.go); V is its value at the first of them.
	open *openVal
}

// valueDeps are the reads r's value is computed from (regVal.z).
func (r RegVal) valueDeps() Deps { return r.d &^ r.z }

// cancels reports whether the binary e gives 0 whatever its operand, one
// register twice: herd's a xor a and a - a.
func cancels(e *litmus.Binary) bool {
	x, ok1 := e.X.(*litmus.RegRef)
	y, ok2 := e.Y.(*litmus.RegRef)
	return ok1 && ok2 && x.Name == y.Name && (e.Op == litmus.OpXor || e.Op == litmus.OpSub)
}

func (th *ThreadRun) eval(e litmus.Expr) (RegVal, error) {
	switch e := e.(type) {
	case *litmus.Const:
		return RegVal{V: e.V}, nil
	case *litmus.RegRef:
		return th.Regs[e.Name], nil
	case *litmus.Unary:
		x, err := th.eval(e.X)
		if err != nil {
			return x, err
		}
		if e.Op == litmus.OpPick {
			// The value passes, its dependencies become pick ones only.
			return RegVal{V: x.V, p: x.d | x.p, c: x.c, ch: x.ch}, nil
		}
		if x.V.IsUnknown() {
			return x, litmus.ErrUnknown
		}
		if _, _, conv := litmus.ConvWidth(e.Op); conv {
			return RegVal{V: litmus.Convert(e.Op, x.V), d: x.d, p: x.p, c: x.c, z: x.z, ch: x.ch}, nil
		}
		v, err := litmus.ApplyUnary(e.Op, x.V)
		return RegVal{V: v, d: x.d, p: x.p, c: x.c, z: x.z, ch: x.ch}, err
	case *litmus.Binary:
		x, err := th.eval(e.X)
		if err != nil {
			return x, err
		}
		y, err := th.eval(e.Y)
		if err != nil {
			return y, err
		}
		if x.V.IsUnknown() || y.V.IsUnknown() {
			v, err := th.unknownOp(e.Op, x.V, y.V)
			return RegVal{V: v, d: x.d | y.d, p: x.p | y.p, c: x.c | y.c, ch: x.ch | y.ch}, err
		}
		v, err := litmus.Apply(e.Op, x.V, y.V)
		r := RegVal{V: v, d: x.d | y.d, p: x.p | y.p, c: x.c | y.c, ch: x.ch | y.ch}
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
		if c.V.IsUnknown() {
			return c, litmus.ErrUnknown
		}
		var r RegVal
		if litmus.Truthy(c.V) {
			r, err = th.eval(e.Then)
		} else {
			r, err = th.eval(e.Else)
		}
		flow := r.valueDeps() | c.valueDeps()
		r.d |= c.d
		r.p |= c.p
		r.c |= c.c
		r.ch |= c.ch
		r.z = r.d &^ flow
		return r, err
	}
	return RegVal{}, errors.New("unknown expression")
}

// unknownOp applies op when x or y is unknown. While the explorer looks
// for the values locations may hold, an unknown read compares unequal to
// every constant, and the constant it is compared with joins the domain of
// the location read, so that the next round tries it. Otherwise only a
// swap passes an unknown value on.
func (th *ThreadRun) unknownOp(op litmus.BinOp, x, y litmus.Value) (litmus.Value, error) {
	if op == litmus.OpXchg {
		return y, nil
	}
	if op == litmus.OpEq || op == litmus.OpNe {
		u, c := x, y
		if !u.IsUnknown() {
			u, c = y, x
		}
		if u.Var == litmus.VarDiscover && !c.IsUnknown() && th.Discovered != nil {
			th.Discovered(u.Sym, c)
			th.Decided = true
			return litmus.BoolValue(op == litmus.OpNe), nil
		}
	}
	return litmus.Value{}, litmus.ErrUnknown
}
