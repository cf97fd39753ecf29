// This file implements the lowering of C expressions: operators, unary
// forms, primaries, and calls of the kernel primitives and of inlined
// functions, memory accesses left to right into hidden registers.

package parser

import (
	"fmt"
	"strconv"
	"strings"

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
	if e.compound() {
		return nil
	}
	u := e.Left
	for {
		switch {
		case u.Cast != nil:
			u = u.Cast.X
		case u.Primary != nil && u.Primary.Paren != nil:
			if u.Primary.Paren.compound() {
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
	v, _, err := l.typedExpr(e)
	return v, err
}

// typedExpr lowers e and returns its C type as well.
func (l *cLowerer) typedExpr(e *cExpr) (litmus.Expr, cInt, error) {
	if e.Then != nil {
		return l.conditional(e)
	}
	return l.node(climb(e))
}

// A cNode is a binary expression after precedence climbing: a leaf
// (unary) or an operator over two nodes.
type cNode struct {
	leaf *cUnary
	op   string
	x, y *cNode
}

// climb builds the operator tree of e's condition part (Left and Rest).
func climb(e *cExpr) *cNode {
	i := 0
	var level func(min int) *cNode
	level = func(min int) *cNode {
		lhs := &cNode{leaf: e.Left}
		if i > 0 {
			lhs = &cNode{leaf: e.Rest[i-1].Right}
		}
		for i < len(e.Rest) && binaryOps[e.Rest[i].Op].prec >= min {
			r := e.Rest[i]
			i++
			rhs := level(binaryOps[r.Op].prec + 1)
			lhs = &cNode{op: r.Op, x: lhs, y: rhs}
		}
		return lhs
	}
	return level(1)
}

// node lowers n, operands left to right; "&&" and "||" evaluate their
// right operand only when C does (logical).
func (l *cLowerer) node(n *cNode) (litmus.Expr, cInt, error) {
	if n.leaf != nil {
		return l.typedUnary(n.leaf)
	}
	if n.op == "&&" || n.op == "||" {
		return l.logical(n)
	}
	x, tx, err := l.node(n.x)
	if err != nil {
		return nil, tUntyped, err
	}
	y, ty, err := l.node(n.y)
	if err != nil {
		return nil, tUntyped, err
	}
	v, t := arith(binaryOps[n.op].op, x, tx, y, ty)
	return v, t, nil
}

// logical lowers "a && b" and "a || b". When b makes no event it is a
// value like any other; when it does (a read, an RMW, a call), it runs
// only if a does not decide the result:
//
//	branch to short if !a (&&) or a (||)
//	b's code
//	t = a && b (or a || b)
//	branch to end
//	short: t = a != 0
//	end:
//
// t carries a's dependencies on both paths, so that a branch on the
// result depends on a's reads and, where it ran, on b's, as the nested
// if statements that C's rule stands for do; it is live only after b,
// which keeps the compiled code's registers few.
func (l *cLowerer) logical(n *cNode) (litmus.Expr, cInt, error) {
	and := n.op == "&&"
	op := map[bool]litmus.BinOp{true: litmus.OpLAnd, false: litmus.OpLOr}[and]
	x, _, err := l.node(n.x)
	if err != nil {
		return nil, tUntyped, err
	}
	br := l.emit(litmus.Instr{Op: litmus.OpBranch})
	y, _, err := l.node(n.y)
	if err != nil {
		return nil, tUntyped, err
	}
	if len(l.thr.Code) == br+1 {
		// b makes no event: C's rule changes nothing.
		l.thr.Code = l.thr.Code[:br]
		return litmus.Bin(op, x, y), tInt, nil
	}
	pos, text := l.thr.Code[br+1].Pos, map[bool]string{true: "&&", false: "||"}[and]
	t := l.temp()
	l.types[t] = tInt
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: t, Src: litmus.Bin(op, x, y)})
	jump := l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpBranch})
	short := l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: t, Src: litmus.Bin(litmus.OpNe, x, litmus.C(0))})
	end := len(l.thr.Code)
	skip := litmus.Bin(litmus.OpEq, x, litmus.C(0))
	if !and {
		skip = litmus.Bin(litmus.OpNe, x, litmus.C(0))
	}
	l.thr.Code[br] = litmus.Instr{Pos: pos, Text: text, Op: litmus.OpBranch, Cond: skip, Target: short, CtrlEnd: end}
	l.thr.Code[jump].Target = end
	return litmus.R(t), tInt, nil
}

// conditional lowers "c ? a : b". When neither arm makes an event it is
// a value choice; otherwise only the chosen arm runs, as an if statement
// whose arms assign a hidden register, converted to the type C gives the
// result (known once both arms are lowered, so the first arm's move is
// filled in last):
//
//	branch to else unless c
//	a's code; r = a
//	branch to end
//	else: b's code; r = b
//	end:
func (l *cLowerer) conditional(e *cExpr) (litmus.Expr, cInt, error) {
	c, _, err := l.node(climb(e))
	if err != nil {
		return nil, tUntyped, err
	}
	pos, elsePos := l.pos(e.Then.Pos), l.pos(e.Else.Pos)
	br := l.emit(litmus.Instr{Pos: pos, Text: "?", Op: litmus.OpBranch, Cond: negate(c)})
	a, ta, err := l.typedExpr(e.Then)
	if err != nil {
		return nil, tUntyped, err
	}
	moveA := l.emit(litmus.Instr{Pos: pos, Text: "?", Op: litmus.OpMove})
	jump := l.emit(litmus.Instr{Pos: elsePos, Text: ":", Op: litmus.OpBranch})
	b, tb, err := l.typedExpr(e.Else)
	if err != nil {
		return nil, tUntyped, err
	}
	t := common(ta, tb)
	if moveA == br+1 && len(l.thr.Code) == jump+1 {
		// No arm makes an event.
		l.thr.Code = l.thr.Code[:br]
		return &litmus.Ite{Cond: c, Then: convert(a, ta, t), Else: convert(b, tb, t)}, t, nil
	}
	r := l.temp()
	l.types[r] = t
	l.thr.Code[moveA].Dst, l.thr.Code[moveA].Src = r, convert(a, ta, t)
	l.thr.Code[br].Target = jump + 1
	l.emit(litmus.Instr{Pos: elsePos, Text: ":", Op: litmus.OpMove, Dst: r, Src: convert(b, tb, t)})
	l.thr.Code[jump].Target = len(l.thr.Code)
	l.thr.Code[br].CtrlEnd = len(l.thr.Code)
	return litmus.R(r), t, nil
}

func (l *cLowerer) unary(u *cUnary) (litmus.Expr, error) {
	v, _, err := l.typedUnary(u)
	return v, err
}

// typedUnary lowers u and returns its C type as well.
func (l *cLowerer) typedUnary(u *cUnary) (litmus.Expr, cInt, error) {
	switch {
	case u.Cast != nil:
		x, t, err := l.typedUnary(u.Cast.X)
		if err != nil {
			return nil, tUntyped, err
		}
		to := intType(u.Cast.Type, len(u.Cast.Stars))
		if c, ok := x.(*litmus.Const); !to.typed() || t.ptr || ok && c.V.IsAddr() {
			// A pointer cast, or a cast of a pointer, changes nothing.
			return x, tUntyped, nil
		}
		if !t.typed() {
			// A value the lowering does not type (an undeclared
			// register) is converted as a whole 64-bit value.
			t = tLong
		}
		return convert(x, t, to), to, nil
	case u.Primary != nil:
		return l.primary(u.Primary)
	case u.Member != nil:
		// A plain read of a member.
		addr, size, err := l.member(u.Member)
		if err != nil {
			return nil, tUntyped, err
		}
		tmp := l.temp()
		l.emit(litmus.Instr{Pos: l.pos(u.Pos), Text: l.text(u.Pos, u.EndPos), Op: litmus.OpLoad, Dst: tmp, Addr: addr, Size: size})
		return l.loaded(tmp, l.memberType(u.Member))
	case u.Op == "&" && memberOf(u.X) != nil:
		addr, _, err := l.member(memberOf(u.X))
		return addr, tUntyped, err
	}
	x, t, err := l.typedUnary(u.X)
	if err != nil {
		return nil, tUntyped, err
	}
	switch u.Op {
	case "-":
		v, t := unaryArith(litmus.OpNeg, x, t)
		return v, t, nil
	case "!":
		v, t := unaryArith(litmus.OpNot, x, t)
		return v, t, nil
	case "~":
		v, t := unaryArith(litmus.OpBitNot, x, t)
		return v, t, nil
	case "*":
		// A plain read.
		tmp := l.temp()
		l.emit(litmus.Instr{Pos: l.pos(u.Pos), Text: l.text(u.Pos, u.EndPos), Op: litmus.OpLoad, Dst: tmp, Addr: x, Size: l.accessSize(u.X)})
		return l.loaded(tmp, l.accessType(u.X))
	}
	return nil, tUntyped, litmus.Unsupported(l.pos(u.Pos), fmt.Sprintf("operator %q", u.Op))
}

// loaded is the value of type t that a load left in register r: a
// narrow signed type is sign-extended, as a load of it does, since the
// bytes read from memory (mixed-size) are unsigned.
func (l *cLowerer) loaded(r string, t cInt) (litmus.Expr, cInt, error) {
	l.types[r] = t
	if t.signed && t.bits < 32 {
		op, _ := litmus.ConvOp(int(t.bits), true)
		return wrap(op, litmus.R(r)), t, nil
	}
	return litmus.R(r), t, nil
}

func (l *cLowerer) primary(p *cPrimary) (litmus.Expr, cInt, error) {
	switch {
	case p.Call != nil:
		t := l.callType(p.Call)
		v, err := l.call(p.Call, "", true)
		if r, ok := v.(*litmus.RegRef); ok && err == nil {
			return l.loaded(r.Name, t)
		}
		return v, t, err
	case p.Paren != nil:
		return l.typedExpr(p.Paren)
	case p.Ident != "":
		var v litmus.Expr
		var err error
		if l.frame != nil {
			v, err = l.frameIdent(p.Ident, l.pos(p.Pos))
		} else {
			v, err = l.threadIdent(p.Ident, l.pos(p.Pos))
		}
		if r, ok := v.(*litmus.RegRef); ok {
			return v, l.types[r.Name], err
		}
		return v, tUntyped, err
	}
	text := p.Int
	digits, base := strings.TrimRight(p.Int, "uUlL"), 10
	if p.Hex != "" {
		text, digits, base = p.Hex, strings.TrimRight(p.Hex[2:], "uUlL"), 16
	}
	n, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return nil, tUntyped, litmus.Errorf(l.pos(p.Pos), "bad integer: %v", err)
	}
	return litmus.C(int64(n)), literalType(text, n), nil
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
	// Arguments, left to right; the values stored, swapped, compared or
	// combined are converted to the type of the location.
	loc := l.primType(p, c.Args)
	var args []litmus.Expr
	for i, a := range c.Args {
		var v litmus.Expr
		var err error
		if i == 0 && p.lvalue {
			v, err = l.lvalue(c.Name, a)
		} else {
			var t cInt
			v, t, err = l.typedExpr(a)
			if primValueArg(p, i) {
				v = convert(v, t, loc)
			}
		}
		if err != nil {
			return nil, err
		}
		args = append(args, v)
	}
	in := litmus.Instr{Pos: pos, Text: text, Size: l.primSize(p, c.Args)}
	if w, ok := litmus.ConvOp(int(loc.bits), loc.signed); ok && (p.kind == primAtomicOp || p.kind == primAtomicRet || p.kind == primAddUnless) {
		// The atomic computes in its location's type.
		in.Wrap = w
	}
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

// primValueArg reports whether the argument i of p is a value of the
// location's type rather than the location.
func primValueArg(p cPrim, i int) bool {
	switch p.kind {
	case primStore, primStoreMb, primXchg, primCmpxchg, primAddUnless:
		return i > 0
	case primAtomicOp, primAtomicRet:
		return !p.one && i == 0
	}
	return false
}

// callType is the C type of the value of the call c, as call resolves
// it: a primitive's location type, int for a primitive that tests, an
// inlined function's return type.
func (l *cLowerer) callType(c *cCall) cInt {
	if l.defs != nil {
		if fn, ok := l.defs.funcs[c.Name]; ok && !l.inside(fn) {
			return intType(fn.Ret, len(fn.Stars))
		}
		if p, ok, err := l.defs.prims.lookup(c.Name); ok && err == nil {
			return l.primResultType(p, c.Args)
		}
	}
	if x, ok := cExts[c.Name]; ok {
		if x.kind == extCondLoad && len(c.Args) > 0 {
			return l.exprType(c.Args[0])
		}
		return tInt
	}
	name := c.Name
	if short, ok := longAlias(name); ok {
		name = short
	}
	if p, ok := cPrims[name]; ok {
		return l.primResultType(p, c.Args)
	}
	return tUntyped
}

// primResultType is the C type of the value of the primitive p called
// with args.
func (l *cLowerer) primResultType(p cPrim, args []*cExpr) cInt {
	switch {
	case p.args != nil || p.kind == primSeq:
		return tUntyped
	case p.test != nil, p.kind == primTrylock, p.kind == primAddUnless, p.kind == primIsLocked:
		return tInt
	}
	return l.primType(p, args)
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
