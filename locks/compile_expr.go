// This file implements the compilation of IR expressions: into machine
// registers, as symbolic booleans kept until a branch reads them, and as
// compare-and-branch sequences.

package locks

import (
	"fmt"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// resolve rewrites e over machine registers: an IR register becomes its
// machine register, or its symbolic boolean. With snap, registers whose
// value may change later are first copied to registers of their own.
func (tc *threadComp) resolve(e litmus.Expr, snap bool) litmus.Expr {
	switch e := e.(type) {
	case *litmus.RegRef:
		if l, ok := tc.lazy[e.Name]; ok {
			return l
		}
		r := tc.reg(e.Name)
		if snap && !tc.stable(e.Name, tc.pc) {
			s := tc.alloc()
			tc.emit(tc.syn.mov(s, r))
			r = s
		}
		return litmus.R(r)
	case *litmus.Unary:
		return &litmus.Unary{Op: e.Op, X: tc.resolve(e.X, snap)}
	case *litmus.Binary:
		return litmus.Bin(e.Op, tc.resolve(e.X, snap), tc.resolve(e.Y, snap))
	case *litmus.Ite:
		return &litmus.Ite{Cond: tc.resolve(e.Cond, snap), Then: tc.resolve(e.Then, snap), Else: tc.resolve(e.Else, snap)}
	}
	return e
}

// value returns a register holding the resolved expression e.
func (tc *threadComp) value(e litmus.Expr) (string, error) {
	switch e := e.(type) {
	case *litmus.Const:
		if e.V.IsAddr() {
			if e.V.Off != 0 {
				// A slot of a location laid out in slots, "&nodes[3]".
				d := tc.temp()
				return d, tc.into(d, litmus.Bin(litmus.OpAdd, &litmus.Const{V: litmus.Addr(e.V.Sym)}, litmus.C(e.V.Off)))
			}
			return tc.addrReg(e.V.Sym), nil
		}
		return tc.constReg(e.V.Off), nil
	case *litmus.RegRef:
		return e.Name, nil
	}
	d := tc.temp()
	return d, tc.into(d, e)
}

// into computes the resolved expression e into register d.
func (tc *threadComp) into(d string, e litmus.Expr) error {
	if isBool(e) {
		if mentions(e, d) {
			t := tc.temp()
			if err := tc.materialize(t, e); err != nil {
				return err
			}
			tc.emit(tc.syn.mov(d, t))
			return nil
		}
		return tc.materialize(d, e)
	}
	if v, ok := constValue(e); ok {
		// Computed here, as a compiler folds constants: herd's dialects
		// lack some operators (x86 has no shift right).
		e = &litmus.Const{V: v}
	}
	switch x := e.(type) {
	case *litmus.Const:
		if !x.V.IsAddr() {
			tc.emit(tc.syn.li(d, x.V.Off))
			return nil
		}
	case *litmus.Binary:
		a, err := tc.value(x.X)
		if err != nil {
			return err
		}
		if k, ok := foldConst(x.Y); ok {
			x = &litmus.Binary{Op: x.Op, X: x.X, Y: k}
		}
		if k, ok := x.Y.(*litmus.Const); ok && x.Op == litmus.OpUShr && !k.V.IsAddr() && k.V.Off >= 0 && k.V.Off < 64 {
			return tc.unsignedShr(d, x.X, a, k.V.Off)
		}
		if k, ok := x.Y.(*litmus.Const); ok && x.Op == litmus.OpShl && !k.V.IsAddr() && k.V.Off >= 0 && k.V.Off < 32 {
			tc.emit(tc.syn.shl(d, a, k.V.Off, tc.constReg)...)
			return nil
		}
		b, err := tc.value(x.Y)
		if err != nil {
			return err
		}
		s, err := tc.syn.arith(tc.target.Table, x.Op, d, a, b)
		if err != nil {
			return err
		}
		tc.emit(s...)
		return nil
	case *litmus.Unary:
		return tc.unaryInto(d, x)
	case *litmus.Ite:
		// "c ? a : b" as the branches a compiler may choose.
		els, end := tc.newLabel(), tc.newLabel()
		if err := tc.branch(x.Cond, els, false); err != nil {
			return err
		}
		if err := tc.into(d, x.Then); err != nil {
			return err
		}
		tc.emit(tc.syn.jump(end), els+":")
		if err := tc.into(d, x.Else); err != nil {
			return err
		}
		tc.emit(end + ":")
		return nil
	}
	r, err := tc.value(e)
	if err != nil {
		return err
	}
	if r != d {
		tc.emit(tc.syn.mov(d, r))
	}
	return nil
}

// unaryInto computes the resolved unary expression u into register d
// with the operations every target has: a conversion to a narrow integer
// is an and with its mask, then for a signed one the sign extension
// ((x ^ s) - s for the sign bit s); -x is 0 - x and ~x is x ^ -1.
func (tc *threadComp) unaryInto(d string, u *litmus.Unary) error {
	if u.Op == litmus.OpNot {
		return tc.materialize(d, u)
	}
	x, err := tc.value(u.X)
	if err != nil {
		return err
	}
	arith := func(op litmus.BinOp, d, a, b string) error {
		s, err := tc.syn.arith(tc.target.Table, op, d, a, b)
		tc.emit(s...)
		return err
	}
	switch u.Op {
	case litmus.OpNeg:
		return arith(litmus.OpSub, d, tc.constReg(0), x)
	case litmus.OpBitNot:
		return arith(litmus.OpXor, d, x, tc.constReg(-1))
	}
	bits, signed, ok := litmus.ConvWidth(u.Op)
	if !ok {
		return fmt.Errorf("unsupported: expression %s", formatExpr(u))
	}
	if bits == 32 && !signed && tc.target.Table.Arch == litmus.ArchRISCV {
		// RV64 keeps a u32 sign-extended in its register, as herd's
		// 32-bit RISC-V values are: the conversion is a move. Ordered
		// comparisons and shifts of it need bltu, bgeu or srliw, which
		// herd's RISCV lacks (rvU32Refusal).
		if d != x {
			tc.emit(tc.syn.mov(d, x))
		}
		return nil
	}
	if bits == 32 && tc.target.Table.Arch == litmus.ArchAArch64 {
		// herd's MOV takes no 0xffffffff; a W move zero-extends.
		tc.emit(fmt.Sprintf("MOV W%s,W%s", strings.TrimPrefix(d, "X"), strings.TrimPrefix(x, "X")))
	} else if err := arith(litmus.OpAnd, d, x, tc.constReg(int64(uint64(1)<<bits-1))); err != nil {
		return err
	}
	if !signed {
		return nil
	}
	sign := tc.constReg(int64(1) << (bits - 1))
	if err := arith(litmus.OpXor, d, d, sign); err != nil {
		return err
	}
	return arith(litmus.OpSub, d, d, sign)
}

// constValue is the value of the resolved e when its operands are all
// integer constants.
func constValue(e litmus.Expr) (litmus.Value, bool) {
	switch e := e.(type) {
	case *litmus.Const:
		return e.V, !e.V.IsAddr()
	case *litmus.Unary:
		x, ok := constValue(e.X)
		if !ok {
			return x, false
		}
		if _, _, conv := litmus.ConvWidth(e.Op); conv {
			return litmus.Convert(e.Op, x), true
		}
		switch e.Op {
		case litmus.OpNeg:
			return litmus.Int(-x.Off), true
		case litmus.OpBitNot:
			return litmus.Int(^x.Off), true
		}
	case *litmus.Binary:
		x, okx := constValue(e.X)
		y, oky := constValue(e.Y)
		if okx && oky {
			v, err := litmus.Apply(e.Op, x, y)
			return v, err == nil
		}
	}
	return litmus.Value{}, false
}

// unsignedShr computes the resolved x >> k, unsigned, into d, x being
// in register a: ARMv8's LSR, RISC-V's srli (logical in herd too); on
// POWER, whose herd model has no shift right, a division by 2^k, and on
// x86, whose herd X86_64 has neither shr nor a division, bit by bit
// (x86Shr), each exact for an operand the IR shows is no wider than 32
// bits (a zero-extension), hence not negative.
func (tc *threadComp) unsignedShr(d string, x litmus.Expr, a string, k int64) error {
	switch tc.target.Table.Arch {
	case litmus.ArchAArch64:
		tc.emit(fmt.Sprintf("LSR %s,%s,#%d", d, a, k))
		return nil
	case litmus.ArchRISCV:
		if err := tc.rvU32Refusal("an unsigned shift right (" + formatExpr(x) + ")"); err != nil {
			return err
		}
		tc.emit(fmt.Sprintf("srli %s,%s,%d", d, a, k))
		return nil
	case litmus.ArchPPC:
		if u, ok := x.(*litmus.Unary); ok && k < 32 {
			if bits, _, conv := litmus.ConvWidth(u.Op); conv && bits <= 32 {
				tc.emit(fmt.Sprintf("divw %s,%s,%s", d, a, tc.constReg(int64(1)<<k)))
				return nil
			}
		}
	case litmus.ArchX86_64:
		if u, ok := x.(*litmus.Unary); ok && k < 32 {
			if bits, signed, conv := litmus.ConvWidth(u.Op); conv && !signed && bits <= 32 {
				tc.x86Shr(d, a, k, int64(bits))
				return nil
			}
		}
	}
	return fmt.Errorf("unsupported: an unsigned shift right (%s) on %s", formatExpr(x), tc.target.Title)
}

// x86Shr computes into d bits k to bits-1 of a, shifted down by k, one
// bit at a time with and, cmpq, je and addq; a holds a zero-extended
// value of bits bits.
func (tc *threadComp) x86Shr(d, a string, k, bits int64) {
	t, acc := tc.temp(), d
	if d == a {
		acc = tc.temp()
	}
	tc.emit(fmt.Sprintf("movq $0,%%%s", acc))
	for j := k; j < bits; j++ {
		skip := tc.newLabel()
		tc.emit(fmt.Sprintf("movq %%%s,%%%s", a, t), fmt.Sprintf("and $%d,%%%s", int64(1)<<j, t),
			fmt.Sprintf("cmpq $0,%%%s", t), "je "+skip, fmt.Sprintf("addq $%d,%%%s", int64(1)<<(j-k), acc), skip+":")
	}
	if acc != d {
		tc.emit(fmt.Sprintf("movq %%%s,%%%s", acc, d))
	}
}

// rvU32Refusal refuses what on RISC-V in a thread that converts to u32:
// there a u32 is its sign-extended 32 bits (unaryInto), which an ordered
// comparison or a shift right reads as signed unless it is bltu, bgeu or
// srliw, none of which herd's RISCV runs.
func (tc *threadComp) rvU32Refusal(what string) error {
	if tc.target.Table.Arch != litmus.ArchRISCV || !convertsToU32(tc.th.Code) {
		return nil
	}
	return fmt.Errorf("unsupported: %s in a thread with u32 values on RISC-V: RV64 holds a u32 sign-extended, and herd7's RISCV has no bltu, bgeu or srliw to read it unsigned", what)
}

// convertsToU32 reports whether code converts a value to u32.
func convertsToU32(code []litmus.Instr) bool {
	found := false
	for i := range code {
		for _, e := range []litmus.Expr{code[i].Src, code[i].Cond, code[i].Addr, code[i].Expect} {
			litmus.WalkExpr(e, func(e litmus.Expr) {
				if u, ok := e.(*litmus.Unary); ok && u.Op == litmus.OpZext32 {
					found = true
				}
			})
		}
	}
	return found
}

func mentions(e litmus.Expr, r string) bool {
	for _, x := range exprRegs(e) {
		if x == r {
			return true
		}
	}
	return false
}

// materialize sets d to 1 when the resolved boolean e holds, else 0.
func (tc *threadComp) materialize(d string, e litmus.Expr) error {
	l := tc.newLabel()
	tc.emit(tc.syn.li(d, 1))
	if err := tc.branch(e, l, true); err != nil {
		return err
	}
	tc.emit(tc.syn.li(d, 0), l+":")
	return nil
}

var negated = map[litmus.BinOp]litmus.BinOp{
	litmus.OpEq: litmus.OpNe, litmus.OpNe: litmus.OpEq,
	litmus.OpLt: litmus.OpGe, litmus.OpGe: litmus.OpLt,
	litmus.OpGt: litmus.OpLe, litmus.OpLe: litmus.OpGt,
}

var mirrored = map[litmus.BinOp]litmus.BinOp{
	litmus.OpEq: litmus.OpEq, litmus.OpNe: litmus.OpNe,
	litmus.OpLt: litmus.OpGt, litmus.OpGt: litmus.OpLt,
	litmus.OpLe: litmus.OpGe, litmus.OpGe: litmus.OpLe,
}

// branch jumps to label when the resolved e is true (when) or false.
func (tc *threadComp) branch(e litmus.Expr, label string, when bool) error {
	switch x := e.(type) {
	case *litmus.Unary:
		if x.Op == litmus.OpNot {
			return tc.branch(x.X, label, !when)
		}
	case *litmus.Binary:
		switch x.Op {
		case litmus.OpLAnd, litmus.OpLOr:
			// "a && b" is true when both are; "a || b" when either is.
			and := x.Op == litmus.OpLAnd
			if and == when {
				skip := tc.newLabel()
				if err := tc.branch(x.X, skip, !when); err != nil {
					return err
				}
				if err := tc.branch(x.Y, label, when); err != nil {
					return err
				}
				tc.emit(skip + ":")
				return nil
			}
			if err := tc.branch(x.X, label, when); err != nil {
				return err
			}
			return tc.branch(x.Y, label, when)
		}
		if _, ok := negated[x.Op]; ok {
			if x.Op != litmus.OpEq && x.Op != litmus.OpNe {
				if err := tc.rvU32Refusal("an ordered comparison (" + formatExpr(x) + ")"); err != nil {
					return err
				}
			}
			op, a, b := x.Op, x.X, x.Y
			if c, ok := a.(*litmus.Const); ok && !c.V.IsAddr() {
				op, a, b = mirrored[op], b, a
			}
			if !when {
				op = negated[op]
			}
			ra, err := tc.value(a)
			if err != nil {
				return err
			}
			if c, ok := b.(*litmus.Const); ok && !c.V.IsAddr() {
				s, err := tc.syn.branch(op, ra, "", c.V.Off, true, label, tc.constReg)
				tc.emit(s...)
				return err
			}
			rb, err := tc.value(b)
			if err != nil {
				return err
			}
			s, err := tc.syn.branch(op, ra, rb, 0, false, label, tc.constReg)
			tc.emit(s...)
			return err
		}
	}
	return tc.branch(litmus.Bin(litmus.OpNe, e, litmus.C(0)), label, when)
}

// foldConst is the value of e when e is an integer computed from
// constants alone, as C's constant expressions are: a shift by
// "_Q_TAIL_IDX_OFFSET", the macro's ((0 + 8) + 8), shifts by a constant.
func foldConst(e litmus.Expr) (*litmus.Const, bool) {
	switch x := e.(type) {
	case *litmus.Const:
		return x, !x.V.IsAddr()
	case *litmus.Binary:
		a, okA := foldConst(x.X)
		b, okB := foldConst(x.Y)
		if !okA || !okB {
			return nil, false
		}
		v, err := litmus.Apply(x.Op, a.V, b.V)
		if err != nil || v.IsAddr() || v.IsUnknown() {
			return nil, false
		}
		return &litmus.Const{V: v}, true
	}
	return nil, false
}
