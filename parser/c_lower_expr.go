// This file implements the lowering of C expressions: operators, unary
// forms, primaries, and calls of the kernel primitives and of inlined
// functions, memory accesses left to right into hidden registers.

package parser

import (
	"fmt"
	"strconv"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// isComparison reports whether op yields 0 or 1.
func isComparison(op litmus.BinOp) bool {
	switch op {
	case litmus.OpEq, litmus.OpNe, litmus.OpLt, litmus.OpLe, litmus.OpGt, litmus.OpGe:
		return true
	}
	return false
}

// negate returns the condition under which an if statement skips its
// then arm. herd tests a non-comparison c as c != 0.
func negate(c litmus.Expr) litmus.Expr {
	if b, ok := c.(*litmus.Binary); ok {
		inv := map[litmus.BinOp]litmus.BinOp{
			litmus.OpEq: litmus.OpNe, litmus.OpNe: litmus.OpEq,
			litmus.OpLt: litmus.OpGe, litmus.OpGe: litmus.OpLt,
			litmus.OpGt: litmus.OpLe, litmus.OpLe: litmus.OpGt,
		}
		if op, ok := inv[b.Op]; ok {
			return litmus.Bin(op, b.X, b.Y)
		}
	}
	return litmus.Bin(litmus.OpEq, c, litmus.C(0))
}

// single returns the unary expression e consists of, looking through
// parentheses and casts, or nil when e has binary operators.
func single(e *cExpr) *cUnary {
	if len(e.Rest) > 0 {
		return nil
	}
	u := e.Left
	for {
		switch {
		case u.Cast != nil:
			u = u.Cast.X
		case u.Primary != nil && u.Primary.Paren != nil:
			if len(u.Primary.Paren.Rest) > 0 {
				return u
			}
			u = u.Primary.Paren.Left
		default:
			return u
		}
	}
}

// asCall returns the call e consists of, if any.
func asCall(e *cExpr) *cCall {
	if u := single(e); u != nil && u.Primary != nil {
		return u.Primary.Call
	}
	return nil
}

// binaryOps gives each binary operator its IR op and its C precedence.
var binaryOps = map[string]struct {
	op   litmus.BinOp
	prec int
}{
	"||": {litmus.OpLOr, 1}, "&&": {litmus.OpLAnd, 2},
	"|": {litmus.OpOr, 3}, "^": {litmus.OpXor, 4}, "&": {litmus.OpAnd, 5},
	"==": {litmus.OpEq, 6}, "!=": {litmus.OpNe, 6},
	"<": {litmus.OpLt, 7}, "<=": {litmus.OpLe, 7}, ">": {litmus.OpGt, 7}, ">=": {litmus.OpGe, 7},
	"<<": {litmus.OpShl, 8}, ">>": {litmus.OpShr, 8},
	"+": {litmus.OpAdd, 9}, "-": {litmus.OpSub, 9},
	"*": {litmus.OpMul, 10}, "/": {litmus.OpDiv, 10}, "%": {litmus.OpMod, 10},
}

// expr lowers e: its operands are evaluated left to right, then combined
// by precedence climbing.
func (l *cLowerer) expr(e *cExpr) (litmus.Expr, error) {
	vals := make([]litmus.Expr, 0, len(e.Rest)+1)
	v, err := l.unary(e.Left)
	if err != nil {
		return nil, err
	}
	vals = append(vals, v)
	for _, r := range e.Rest {
		v, err := l.unary(r.Right)
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
	}
	i := 0
	var climb func(min int) litmus.Expr
	climb = func(min int) litmus.Expr {
		lhs := vals[i]
		for i < len(e.Rest) && binaryOps[e.Rest[i].Op].prec >= min {
			op := binaryOps[e.Rest[i].Op]
			i++
			rhs := climb(op.prec + 1)
			lhs = litmus.Bin(op.op, lhs, rhs)
		}
		return lhs
	}
	return climb(1), nil
}

func (l *cLowerer) unary(u *cUnary) (litmus.Expr, error) {
	switch {
	case u.Cast != nil:
		return l.unary(u.Cast.X)
	case u.Primary != nil:
		return l.primary(u.Primary)
	case u.Member != nil:
		// A plain read of a member.
		addr, size, err := l.member(u.Member)
		if err != nil {
			return nil, err
		}
		tmp := l.temp()
		l.emit(litmus.Instr{Pos: l.pos(u.Pos), Text: l.text(u.Pos, u.EndPos), Op: litmus.OpLoad, Dst: tmp, Addr: addr, Size: size})
		return litmus.R(tmp), nil
	case u.Op == "&" && memberOf(u.X) != nil:
		addr, _, err := l.member(memberOf(u.X))
		return addr, err
	}
	x, err := l.unary(u.X)
	if err != nil {
		return nil, err
	}
	switch u.Op {
	case "-":
		if c, ok := x.(*litmus.Const); ok && !c.V.IsAddr() {
			return litmus.C(-c.V.Off), nil
		}
		return &litmus.Unary{Op: litmus.OpNeg, X: x}, nil
	case "!":
		return &litmus.Unary{Op: litmus.OpNot, X: x}, nil
	case "~":
		return &litmus.Unary{Op: litmus.OpBitNot, X: x}, nil
	case "*":
		// A plain read.
		tmp := l.temp()
		l.emit(litmus.Instr{Pos: l.pos(u.Pos), Text: l.text(u.Pos, u.EndPos), Op: litmus.OpLoad, Dst: tmp, Addr: x, Size: l.accessSize(u.X)})
		return litmus.R(tmp), nil
	}
	return nil, litmus.Unsupported(l.pos(u.Pos), fmt.Sprintf("operator %q", u.Op))
}

func (l *cLowerer) primary(p *cPrimary) (litmus.Expr, error) {
	switch {
	case p.Call != nil:
		return l.call(p.Call, "", true)
	case p.Paren != nil:
		return l.expr(p.Paren)
	case p.Ident != "":
		if l.frame != nil {
			return l.frameIdent(p.Ident, l.pos(p.Pos))
		}
		return l.threadIdent(p.Ident, l.pos(p.Pos))
	}
	var n uint64
	var err error
	if p.Hex != "" {
		n, err = strconv.ParseUint(p.Hex[2:], 16, 64)
	} else {
		n, err = strconv.ParseUint(p.Int, 10, 64)
	}
	if err != nil {
		return nil, litmus.Errorf(l.pos(p.Pos), "bad integer: %v", err)
	}
	return litmus.C(int64(n)), nil
}

// call lowers a primitive call. The value, if any, goes to dst when it is
// named, else to a hidden register; want is false for a call whose value
// is dropped.
func (l *cLowerer) call(c *cCall, dst string, want bool) (litmus.Expr, error) {
	pos := l.pos(c.Pos)
	// A test's own functions and the fragments come first, then the
	// primitives of a .def file, which may redefine the kernel's.
	if l.defs != nil && l.defs.funcs[c.Name] == nil {
		if p, ok, err := l.defs.prims.lookup(c.Name); ok {
			if err != nil {
				return nil, litmus.Errorf(pos, "%s: %v", c.Name, err)
			}
			return l.callPrim(c, p, dst, want)
		}
	}
	if v, done, err := l.extCall(c, dst, want); done {
		return v, err
	}
	p, ok := cPrims[c.Name]
	if !ok {
		if v, done, err := l.longCall(c, dst, want); done {
			return v, err
		}
		return nil, litmus.Errorf(pos, "unknown function %q (not a kernel primitive, an extension or a fragment function)", c.Name)
	}
	return l.callPrim(c, p, dst, want)
}

// callPrim lowers a call of the primitive p.
func (l *cLowerer) callPrim(c *cCall, p cPrim, dst string, want bool) (litmus.Expr, error) {
	pos, text := l.pos(c.Pos), l.text(c.Pos, c.EndPos)
	if n := p.nargs(); len(c.Args) != n {
		return nil, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, n, plural(n), len(c.Args))
	}
	if want && !p.returns() {
		return nil, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	if p.args != nil || p.kind == primSeq {
		return l.callMacro(c, p, dst, want)
	}
	// Results computed from the value read go through a hidden register,
	// so that the arguments stay intact.
	computed := p.test != nil || p.kind == primTrylock || p.kind == primAddUnless
	if computed || p.kind == primLock || (dst == "" && want) {
		dst = l.temp()
	}
	// Arguments, left to right.
	var args []litmus.Expr
	for i, a := range c.Args {
		var v litmus.Expr
		var err error
		if i == 0 && p.lvalue {
			v, err = l.lvalue(c.Name, a)
		} else {
			v, err = l.expr(a)
		}
		if err != nil {
			return nil, err
		}
		args = append(args, v)
	}
	in := litmus.Instr{Pos: pos, Text: text, Size: l.primSize(p, c.Args)}
	tags := []string{p.tag}
	switch p.kind {
	case primLoad:
		in.Op, in.Dst, in.Addr, in.RTags = litmus.OpLoad, dst, args[0], tags
	case primStore, primStoreMb:
		in.Op, in.Addr, in.Src, in.WTags = litmus.OpStore, args[0], args[1], tags
		if p.kind == primStoreMb {
			l.emit(in)
			in = litmus.Instr{Pos: pos, Text: text, Op: litmus.OpFence, FTags: []string{litmus.TagMB}}
		}
	case primFence:
		in.Op, in.FTags = litmus.OpFence, tags
	case primSyncSrcu:
		in.Op, in.Addr, in.FTags = litmus.OpFence, args[0], tags
	case primXchg:
		in.Op, in.Dst, in.Addr, in.Src = litmus.OpRMW, dst, args[0], args[1]
		in.RMWOp, in.RTags, in.WTags = litmus.OpXchg, tags, tags
	case primCmpxchg:
		in.Op, in.Dst, in.Addr, in.Expect, in.Src = litmus.OpCAS, dst, args[0], args[1], args[2]
		in.RTags, in.WTags = tags, tags
	case primAtomicOp, primAtomicRet:
		in.Op, in.Dst, in.RMWOp, in.ReturnNew = litmus.OpRMW, dst, p.op, p.new
		in.RTags, in.WTags = tags, tags
		if p.one {
			in.Addr, in.Src = args[0], litmus.C(1)
		} else {
			in.Addr, in.Src = args[1], args[0]
		}
		if p.test != nil {
			l.emit(in)
			return litmus.Bin(*p.test, litmus.R(dst), litmus.C(0)), nil
		}
	case primAddUnless:
		// Success: old != u, stores old + a; failure: the read alone. The
		// result is 1 when the add happened.
		in.Op, in.Dst, in.Addr, in.Src, in.Expect = litmus.OpCAS, dst, args[0], args[1], args[2]
		in.AddUnless, in.RTags, in.WTags = true, tags, tags
		l.emit(in)
		return litmus.Bin(litmus.OpNe, litmus.R(dst), args[2]), nil
	case primLock:
		// The read must see the lock free (0) and the write takes it (1).
		// An attempt that finds it held reads it as spin_is_locked's RL
		// does, writes nothing, and spins (see hang.go).
		in.Op, in.Dst, in.Addr, in.Src, in.RMWOp = litmus.OpRMW, dst, args[0], litmus.C(1), litmus.OpXchg
		in.RTags, in.WTags, in.SpinTags = []string{litmus.TagLockRead}, []string{litmus.TagLockWrite}, []string{litmus.TagReadLocked}
		l.emit(in)
		in = litmus.Instr{Pos: pos, Text: text, Op: litmus.OpAssume, Cond: litmus.Bin(litmus.OpEq, litmus.R(dst), litmus.C(0)), Spin: 1}
		dst = ""
	case primUnlock:
		in.Op, in.Addr, in.Src, in.WTags = litmus.OpStore, args[0], litmus.C(0), []string{litmus.TagUnlock}
	case primTrylock:
		// Success: LKR and LKW, returns 1; failure: an LF read of the held
		// lock, returns 0.
		in.Op, in.Dst, in.Addr, in.Expect, in.Src = litmus.OpCAS, dst, args[0], litmus.C(0), litmus.C(1)
		in.RTags, in.WTags, in.FailTags = []string{litmus.TagLockRead}, []string{litmus.TagLockWrite}, []string{litmus.TagLockFail}
		l.emit(in)
		return litmus.Bin(litmus.OpEq, litmus.R(dst), litmus.C(0)), nil
	case primIsLocked:
		// The lock holds 1 when taken: the value read is the result.
		in.Op, in.Dst, in.Addr = litmus.OpLoad, dst, args[0]
		in.RTags, in.ZeroTags = []string{litmus.TagReadLocked}, []string{litmus.TagReadUnlocked}
	}
	l.emit(in)
	if dst == "" {
		return nil, nil
	}
	return litmus.R(dst), nil
}

// callMacro lowers a call of a primitive a .def macro defines: each step
// with the call's arguments in its own order.
func (l *cLowerer) callMacro(c *cCall, p cPrim, dst string, want bool) (litmus.Expr, error) {
	steps := p.seq
	if p.kind != primSeq {
		steps = []cPrim{p}
	}
	var v litmus.Expr
	for _, s := range steps {
		sub := *c
		sub.Args = make([]*cExpr, len(s.args))
		for k, i := range s.args {
			sub.Args[k] = c.Args[i]
		}
		if s.args == nil {
			sub.Args = c.Args
		}
		s.args = nil
		var err error
		if v, err = l.callPrim(&sub, s, dst, want); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// lvalue lowers the "*p" argument of READ_ONCE and friends to the address
// p.
func (l *cLowerer) lvalue(name string, a *cExpr) (litmus.Expr, error) {
	u := single(a)
	if m := memberOf(u); m != nil {
		addr, _, err := l.member(m)
		return addr, err
	}
	if u == nil || u.Op != "*" {
		return nil, litmus.Errorf(l.pos(a.Pos), "%s expects a \"*p\" location or a \"p->member\" as its first argument", name)
	}
	return l.unary(u.X)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
