// This file implements the lowering of C expressions: operators, unary
// forms, primaries, and calls of the kernel primitives and of inlined
// functions, memory accesses left to right into hidden registers.

package cparse

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

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
func (l *cLowerer) expr(e *csyntax.Expr) (litmus.Expr, error) {
	v, _, err := l.typedExpr(e)
	return v, err
}

// typedExpr lowers e and returns its C type as well.
func (l *cLowerer) typedExpr(e *csyntax.Expr) (litmus.Expr, ctypes.Int, error) {
	if e.Then != nil {
		return l.conditional(e)
	}
	return l.node(climb(e))
}

// A cNode is a binary expression after precedence climbing: a leaf
// (unary) or an operator over two nodes.
type cNode struct {
	leaf *csyntax.Unary
	op   string
	x, y *cNode
	at   lexer.Position // the operator's
}

// climb builds the operator tree of e's condition part (Left and Rest).
func climb(e *csyntax.Expr) *cNode {
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
			lhs = &cNode{op: r.Op, x: lhs, y: rhs, at: r.Pos}
		}
		return lhs
	}
	return level(1)
}

// node lowers n, operands left to right; "&&" and "||" evaluate their
// right operand only when C does (logical).
func (l *cLowerer) node(n *cNode) (litmus.Expr, ctypes.Int, error) {
	if n.leaf != nil {
		return l.typedUnary(n.leaf)
	}
	if n.op == "&&" || n.op == "||" {
		return l.logical(n)
	}
	x, tx, err := l.node(n.x)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	y, ty, err := l.node(n.y)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	if n.op == "+" || n.op == "-" {
		if x, y, err = l.pointerArith(n, x, y); err != nil {
			return nil, ctypes.Untyped, err
		}
	}
	v, t := ctypes.Arith(binaryOps[n.op].op, x, tx, y, ty)
	return v, t, nil
}

// pointerArith scales the integer operand of a pointer plus or minus an
// integer by the size of the type pointed to, as C does: "(u16 *)lock +
// 1" is the address two bytes after lock's. A pointer whose type the
// lowering does not know (herd's untyped registers, a struct) is a byte
// address, as before.
func (l *cLowerer) pointerArith(n *cNode, x, y litmus.Expr) (litmus.Expr, litmus.Expr, error) {
	px, py := l.nodePointee(n.x), l.nodePointee(n.y)
	for _, side := range []*cNode{n.x, n.y} {
		if name := l.structPointer(side); name != "" {
			return nil, nil, litmus.Unsupported(l.pos(n.at), fmt.Sprintf("pointer arithmetic on %s, a pointer to the dialect's struct %s", name, l.paramStruct(name)))
		}
	}
	sx, sy := l.nodeStruct(n.x), l.nodeStruct(n.y)
	switch {
	case sx != nil && sy != nil || (px.Typed() || sx != nil) && (py.Typed() || sy != nil):
		if n.op == "-" {
			return nil, nil, litmus.Unsupported(l.pos(n.at), "the difference of two pointers")
		}
		return x, y, nil
	case sx != nil:
		// "(struct qnode *)base + idx": idx structs on, each laid out
		// in its struct's bytes (clayout).
		return x, scaledBy(y, sx.Bytes()), nil
	case sy != nil && n.op == "+":
		return scaledBy(x, sy.Bytes()), y, nil
	case px.Typed():
		return x, scaled(y, px), nil
	case py.Typed() && n.op == "+":
		return scaled(x, py), y, nil
	}
	return x, y, nil
}

// structPointer is the name of the pointer to one of the dialect's own
// structs (the qspinlock, the qrwlock) that n is, "" if it is none.
func (l *cLowerer) structPointer(n *cNode) string {
	if n.leaf == nil || n.leaf.Primary == nil || n.leaf.Primary.Ident == "" {
		return ""
	}
	if name := n.leaf.Primary.Ident; l.paramStruct(name) != "" {
		return name
	}
	return ""
}

// nodeStruct is the struct the pointer n points to, nil when n is no
// pointer to a struct the program defines.
func (l *cLowerer) nodeStruct(n *cNode) *clayout.Struct {
	switch {
	case n.leaf != nil:
		return l.exprStruct(n.leaf)
	case n.op == "+":
		if st := l.nodeStruct(n.x); st != nil {
			return st
		}
		return l.nodeStruct(n.y)
	case n.op == "-":
		return l.nodeStruct(n.x)
	}
	return nil
}

// scaled is the integer e times the size of type t in bytes.
func scaled(e litmus.Expr, t ctypes.Int) litmus.Expr {
	return scaledBy(e, int64(max(t.Bits, 8)/8))
}

// scaledBy is the integer e times size; a power of two, as every size
// of the lowering is, is a shift, which every compiled column has.
func scaledBy(e litmus.Expr, size int64) litmus.Expr {
	if size == 1 {
		return e
	}
	if c, ok := e.(*litmus.Const); ok && !c.V.IsAddr() {
		return litmus.C(c.V.Off * size)
	}
	if size&(size-1) == 0 {
		return litmus.Bin(litmus.OpShl, e, litmus.C(int64(bits.TrailingZeros64(uint64(size)))))
	}
	return litmus.Bin(litmus.OpMul, e, litmus.C(size))
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
func (l *cLowerer) logical(n *cNode) (litmus.Expr, ctypes.Int, error) {
	and := n.op == "&&"
	op := map[bool]litmus.BinOp{true: litmus.OpLAnd, false: litmus.OpLOr}[and]
	x, _, err := l.node(n.x)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	br := l.emit(litmus.Instr{Op: litmus.OpBranch})
	y, _, err := l.node(n.y)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	if len(l.thr.Code) == br+1 {
		// b makes no event: C's rule changes nothing.
		l.thr.Code = l.thr.Code[:br]
		return litmus.Bin(op, x, y), ctypes.Int32, nil
	}
	pos, text := l.thr.Code[br+1].Pos, map[bool]string{true: "&&", false: "||"}[and]
	t := l.temp()
	l.types[t] = ctypes.Int32
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
	return litmus.R(t), ctypes.Int32, nil
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
func (l *cLowerer) conditional(e *csyntax.Expr) (litmus.Expr, ctypes.Int, error) {
	c, _, err := l.node(climb(e))
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	pos, elsePos := l.pos(e.Then.Pos), l.pos(e.Else.Pos)
	br := l.emit(litmus.Instr{Pos: pos, Text: "?", Op: litmus.OpBranch, Cond: negate(c)})
	a, ta, err := l.typedExpr(e.Then)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	moveA := l.emit(litmus.Instr{Pos: pos, Text: "?", Op: litmus.OpMove})
	jump := l.emit(litmus.Instr{Pos: elsePos, Text: ":", Op: litmus.OpBranch})
	b, tb, err := l.typedExpr(e.Else)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	t := ctypes.Common(ta, tb)
	if moveA == br+1 && len(l.thr.Code) == jump+1 {
		// No arm makes an event.
		l.thr.Code = l.thr.Code[:br]
		return &litmus.Ite{Cond: c, Then: ctypes.Convert(a, ta, t), Else: ctypes.Convert(b, tb, t)}, t, nil
	}
	r := l.temp()
	l.types[r] = t
	l.thr.Code[moveA].Dst, l.thr.Code[moveA].Src = r, ctypes.Convert(a, ta, t)
	l.thr.Code[br].Target = jump + 1
	l.emit(litmus.Instr{Pos: elsePos, Text: ":", Op: litmus.OpMove, Dst: r, Src: ctypes.Convert(b, tb, t)})
	l.thr.Code[jump].Target = len(l.thr.Code)
	l.thr.Code[br].CtrlEnd = len(l.thr.Code)
	return litmus.R(r), t, nil
}

func (l *cLowerer) unary(u *csyntax.Unary) (litmus.Expr, error) {
	v, _, err := l.typedUnary(u)
	return v, err
}

// typedUnary lowers u and returns its C type as well.
func (l *cLowerer) typedUnary(u *csyntax.Unary) (litmus.Expr, ctypes.Int, error) {
	switch {
	case u.IsIncrement():
		return l.increment(u)
	case u.Cast != nil:
		x, t, err := l.typedUnary(u.Cast.X)
		if err != nil {
			return nil, ctypes.Untyped, err
		}
		to := intType(u.Cast.Type, len(u.Cast.Stars))
		if c, ok := x.(*litmus.Const); !to.Typed() || t.Ptr || ok && c.V.IsAddr() {
			// A pointer cast, or a cast of a pointer, changes nothing.
			return x, ctypes.Untyped, nil
		}
		if !t.Typed() {
			// A value the lowering does not type (an undeclared
			// register) is converted as a whole 64-bit value.
			t = ctypes.Long
		}
		return ctypes.Convert(x, t, to), to, nil
	case l.sharedNamed(u) != nil:
		// A plain read of a variable at file scope.
		o, tmp := l.sharedNamed(u), l.temp()
		l.emit(litmus.Instr{Pos: l.pos(u.Pos), Text: l.text(u.Pos, u.EndPos), Op: litmus.OpLoad, Dst: tmp, Addr: l.objectAddress(o)})
		return l.loaded(tmp, o.Type())
	case u.Primary != nil:
		return l.primary(u.Primary)
	case u.Member != nil:
		if v, t, ok, err := l.valueMember(u.Member); ok {
			return v, t, err
		}
		// A plain read of a member.
		addr, size, err := l.member(u.Member)
		if err != nil {
			return nil, ctypes.Untyped, err
		}
		tmp := l.temp()
		l.emit(litmus.Instr{Pos: l.pos(u.Pos), Text: l.text(u.Pos, u.EndPos), Op: litmus.OpLoad, Dst: tmp, Addr: addr, Size: size, RTags: l.plainMemberTags(u.Member)})
		return l.loaded(tmp, l.memberType(u.Member))
	case u.Op == "&" && csyntax.MemberOf(u.X) != nil:
		addr, _, err := l.member(csyntax.MemberOf(u.X))
		return addr, ctypes.Untyped, err
	case u.Op == "&" && u.X.Primary != nil && l.objectNamed(u.X.Primary.Ident) != nil:
		return l.objectAddress(l.objectNamed(u.X.Primary.Ident)), ctypes.Ptr, nil
	}
	x, t, err := l.typedUnary(u.X)
	if err != nil {
		return nil, ctypes.Untyped, err
	}
	switch u.Op {
	case "-":
		v, t := ctypes.UnaryArith(litmus.OpNeg, x, t)
		return v, t, nil
	case "!":
		v, t := ctypes.UnaryArith(litmus.OpNot, x, t)
		return v, t, nil
	case "~":
		v, t := ctypes.UnaryArith(litmus.OpBitNot, x, t)
		return v, t, nil
	case "*":
		// A plain read.
		tmp := l.temp()
		l.emit(litmus.Instr{Pos: l.pos(u.Pos), Text: l.text(u.Pos, u.EndPos), Op: litmus.OpLoad, Dst: tmp, Addr: x, Size: l.accessSize(u.X), RTags: l.plainDerefTags(u.X)})
		return l.loaded(tmp, l.accessType(u.X))
	}
	return nil, ctypes.Untyped, litmus.Unsupported(l.pos(u.Pos), fmt.Sprintf("operator %q", u.Op))
}

// loaded is the value of type t that a load left in register r: a
// narrow signed type is sign-extended, as a load of it does, since the
// bytes read from memory (mixed-size) are unsigned.
func (l *cLowerer) loaded(r string, t ctypes.Int) (litmus.Expr, ctypes.Int, error) {
	l.types[r] = t
	if t.Signed && t.Bits < 32 {
		op, _ := litmus.ConvOp(int(t.Bits), true)
		return ctypes.Wrap(op, litmus.R(r)), t, nil
	}
	return litmus.R(r), t, nil
}

// cConstants are the kernel's constant names: NULL, and C23's and the
// kernel's true and false.
var cConstants = map[string]*struct {
	v int64
	t ctypes.Int
}{"NULL": {0, ctypes.Ptr}, "true": {1, ctypes.Bool}, "false": {0, ctypes.Bool}}

// bound reports whether name is a local, a parameter or a register of the
// scope, which a constant's name does not override.
func (l *cLowerer) bound(name string) bool {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if _, ok := fr.regs[name]; ok {
			return true
		}
		if _, ok := fr.vars[name]; ok {
			return true
		}
		if !fr.transparent {
			return false
		}
	}
	return l.params[name] || l.regs[name] || l.inited[name]
}

func (l *cLowerer) primary(p *csyntax.Primary) (litmus.Expr, ctypes.Int, error) {
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
	case p.Assigned != nil:
		a := p.Assigned
		pos := l.pos(a.Pos)
		name, err := l.assignable(a.Name, pos)
		if err != nil {
			return nil, ctypes.Untyped, err
		}
		if err := l.into(name, a.Value, pos, l.text(a.Pos, a.EndPos)); err != nil {
			return nil, ctypes.Untyped, err
		}
		if l.innerFrame() == nil {
			l.useReg(name)
		}
		return litmus.R(name), l.types[name], nil
	case p.Str != nil:
		return nil, ctypes.Untyped, litmus.Unsupported(l.pos(p.Pos), "a string literal as a value: C tests model no strings (only WARN's and printk's formats, which are not evaluated)")
	case p.Ident != "" && l.objectNamed(p.Ident) != nil:
		return nil, ctypes.Untyped, litmus.Unsupported(l.pos(p.Pos), fmt.Sprintf("per-CPU variable %s as a value: take a CPU's copy with this_cpu_ptr(&%s) or per_cpu_ptr(&%s, cpu)", p.Ident, p.Ident, p.Ident))
	case p.Ident != "" && cConstants[p.Ident] != nil && !l.bound(p.Ident):
		return litmus.C(cConstants[p.Ident].v), cConstants[p.Ident].t, nil
	case p.Ident == "current" && !l.bound(p.Ident):
		// The task the CPU runs: a value of its own per CPU, non-zero
		// and with the low bits clear, as a task_struct pointer's are
		// (the mutex keeps its flags there). What it points to is no
		// location: current->member is refused.
		return litmus.C(int64(l.thr.ID+1) << 8), ctypes.Ulong, nil
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
		return v, ctypes.Untyped, err
	}
	text := p.Int
	digits, base := strings.TrimRight(p.Int, "uUlL"), 10
	if p.Hex != "" {
		text, digits, base = p.Hex, strings.TrimRight(p.Hex[2:], "uUlL"), 16
	}
	n, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return nil, ctypes.Untyped, litmus.Errorf(l.pos(p.Pos), "bad integer: %v", err)
	}
	return litmus.C(int64(n)), ctypes.Literal(text, n), nil
}
