// This file implements the lowering of C (LKMM) threads to the instruction
// IR, following herd7's C semantics (herd/CSem.ml) and the kernel's
// linux-kernel.def, which maps each primitive to an annotated event:
//
//   - Event tags are the names of the event sets the model files use: herd
//     names the set of events annotated 'a by capitalising the first letter
//     of a, so __load{ONCE} gives ONCE, __fence{rmb} gives Rmb and
//     __fence{rcu-lock} gives Rcu-lock. Plain C accesses carry no tag.
//   - Parameters "int *x" hold &x: "*x" accesses location x, "x" is &x.
//     Every other identifier is a register of the thread, and must be
//     known where it is read: declared, assigned before, or given a value
//     by the init block ("0:r1=x"). herd7 would read an unknown name as an
//     empty register and give a vacuous answer; a typo such as "*yy" for
//     "*y" is refused instead (unknownLoc).
//   - An if statement's control dependency ends with the statement, as in
//     herd7 (CtrlEnd on the branch).
//   - A while loop is a backward branch, taken at most --unroll times as
//     herd7 unrolls its While; each test of the condition controls the
//     iterations after it but not the code after the loop, as in herd7.
//   - Memory accesses inside an expression are evaluated left to right into
//     hidden registers "#1", "#2"... that the condition cannot name.

package parser

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
)

// A cPrimKind is the shape of a kernel primitive: its arguments and the
// instructions it lowers to.
type cPrimKind uint8

const (
	primLoad      cPrimKind = iota // (loc): one R
	primStore                      // (loc, v): one W
	primStoreMb                    // smp_store_mb(loc, v): W[ONCE] then F[MB]
	primFence                      // (): one F
	primSyncSrcu                   // synchronize_srcu(p): an event on p
	primXchg                       // (p, v): R and W, returns the old value
	primCmpxchg                    // (p, old, new): returns the old value
	primAtomicOp                   // (v, p) or (p): R and W, returns nothing
	primAtomicRet                  // (v, p) or (p): returns the old or new value
	primAddUnless                  // (p, a, u): add a unless the value is u
	primLock                       // spin_lock(p)
	primUnlock                     // spin_unlock(p)
	primTrylock                    // spin_trylock(p)
	primIsLocked                   // spin_is_locked(p)
)

// A cPrim describes one primitive of linux-kernel.def.
type cPrim struct {
	kind cPrimKind
	// lvalue: the location argument is written "*p" (READ_ONCE(*x),
	// WRITE_ONCE(*x, v)), not "p" (smp_load_acquire(x)).
	lvalue bool
	tag    string
	op     litmus.BinOp // atomic operation
	one    bool         // inc and dec: no value argument, the operand is 1
	new    bool         // primAtomicRet: returns the new value
	// test, when set, compares the new value with 0 (atomic_dec_and_test,
	// atomic_add_negative).
	test *litmus.BinOp
}

// nargs is the number of arguments the primitive takes.
func (p cPrim) nargs() int {
	switch p.kind {
	case primFence:
		return 0
	case primLoad, primSyncSrcu, primLock, primUnlock, primTrylock, primIsLocked:
		return 1
	case primStore, primStoreMb, primXchg:
		return 2
	case primCmpxchg, primAddUnless:
		return 3
	case primAtomicOp, primAtomicRet:
		if p.one {
			return 1
		}
		return 2
	}
	panic("should never happen: unknown primitive kind")
}

// returns reports whether the primitive has a value.
func (p cPrim) returns() bool {
	switch p.kind {
	case primStore, primStoreMb, primFence, primSyncSrcu, primAtomicOp, primLock, primUnlock:
		return false
	}
	return true
}

// cPrims maps each primitive name to its description, after
// linux-kernel.def.
var cPrims = func() map[string]cPrim {
	m := map[string]cPrim{
		"READ_ONCE":           {kind: primLoad, lvalue: true, tag: litmus.TagOnce},
		"rcu_dereference":     {kind: primLoad, lvalue: true, tag: litmus.TagOnce},
		"smp_load_acquire":    {kind: primLoad, tag: litmus.TagAcquire},
		"atomic_read":         {kind: primLoad, tag: litmus.TagOnce},
		"atomic_read_acquire": {kind: primLoad, tag: litmus.TagAcquire},
		"srcu_read_lock":      {kind: primLoad, tag: litmus.TagSrcuLock},
		"srcu_down_read":      {kind: primLoad, tag: litmus.TagSrcuLock},

		"WRITE_ONCE":         {kind: primStore, lvalue: true, tag: litmus.TagOnce},
		"rcu_assign_pointer": {kind: primStore, lvalue: true, tag: litmus.TagRelease},
		"smp_store_release":  {kind: primStore, tag: litmus.TagRelease},
		"atomic_set":         {kind: primStore, tag: litmus.TagOnce},
		"atomic_set_release": {kind: primStore, tag: litmus.TagRelease},
		"srcu_read_unlock":   {kind: primStore, tag: litmus.TagSrcuUnlock},
		"srcu_up_read":       {kind: primStore, tag: litmus.TagSrcuUnlock},
		"smp_store_mb":       {kind: primStoreMb, lvalue: true, tag: litmus.TagOnce},

		"smp_mb":                         {kind: primFence, tag: litmus.TagMB},
		"smp_rmb":                        {kind: primFence, tag: litmus.TagRmb},
		"smp_wmb":                        {kind: primFence, tag: litmus.TagWmb},
		"smp_mb__before_atomic":          {kind: primFence, tag: litmus.TagBeforeAtomic},
		"smp_mb__after_atomic":           {kind: primFence, tag: litmus.TagAfterAtomic},
		"smp_mb__after_spinlock":         {kind: primFence, tag: litmus.TagAfterSpinlock},
		"smp_mb__after_unlock_lock":      {kind: primFence, tag: litmus.TagAfterUnlockLock},
		"smp_mb__after_srcu_read_unlock": {kind: primFence, tag: litmus.TagAfterSrcuReadUnlock},
		"barrier":                        {kind: primFence, tag: litmus.TagBarrier},
		"rcu_read_lock":                  {kind: primFence, tag: litmus.TagRcuLock},
		"rcu_read_unlock":                {kind: primFence, tag: litmus.TagRcuUnlock},
		"synchronize_rcu":                {kind: primFence, tag: litmus.TagSyncRcu},
		"synchronize_rcu_expedited":      {kind: primFence, tag: litmus.TagSyncRcu},

		"synchronize_srcu":           {kind: primSyncSrcu, tag: litmus.TagSyncSrcu},
		"synchronize_srcu_expedited": {kind: primSyncSrcu, tag: litmus.TagSyncSrcu},

		"spin_lock":      {kind: primLock},
		"spin_unlock":    {kind: primUnlock},
		"spin_trylock":   {kind: primTrylock},
		"spin_is_locked": {kind: primIsLocked},

		"atomic_add_unless": {kind: primAddUnless, tag: litmus.TagMB},
	}
	// Ordering suffixes of the RMW primitives and their annotations.
	orders := []struct{ suffix, tag string }{
		{"", litmus.TagMB}, {"_relaxed", litmus.TagOnce}, {"_acquire", litmus.TagAcquire}, {"_release", litmus.TagRelease},
	}
	ops := map[string]litmus.BinOp{
		"add": litmus.OpAdd, "sub": litmus.OpSub, "and": litmus.OpAnd,
		"or": litmus.OpOr, "xor": litmus.OpXor, "andnot": litmus.OpAndNot,
		"inc": litmus.OpAdd, "dec": litmus.OpSub,
	}
	one := func(name string) bool { return name == "inc" || name == "dec" }
	for _, o := range orders {
		for _, pre := range []string{"", "atomic_"} {
			m[pre+"xchg"+o.suffix] = cPrim{kind: primXchg, tag: o.tag}
			m[pre+"cmpxchg"+o.suffix] = cPrim{kind: primCmpxchg, tag: o.tag}
		}
		for _, name := range []string{"add", "sub", "inc", "dec"} {
			m["atomic_"+name+"_return"+o.suffix] = cPrim{kind: primAtomicRet, tag: o.tag, op: ops[name], one: one(name), new: true}
		}
		for _, name := range []string{"add", "sub", "and", "or", "xor", "andnot", "inc", "dec"} {
			m["atomic_fetch_"+name+o.suffix] = cPrim{kind: primAtomicRet, tag: o.tag, op: ops[name], one: one(name)}
		}
		m["atomic_add_negative"+o.suffix] = cPrim{kind: primAtomicRet, tag: o.tag, op: litmus.OpAdd, new: true, test: binOp(litmus.OpLt)}
	}
	for _, name := range []string{"add", "sub", "and", "or", "xor", "andnot", "inc", "dec"} {
		m["atomic_"+name] = cPrim{kind: primAtomicOp, tag: litmus.TagNoreturn, op: ops[name], one: one(name)}
	}
	m["atomic_sub_and_test"] = cPrim{kind: primAtomicRet, tag: litmus.TagMB, op: litmus.OpSub, new: true, test: binOp(litmus.OpEq)}
	m["atomic_dec_and_test"] = cPrim{kind: primAtomicRet, tag: litmus.TagMB, op: litmus.OpSub, one: true, new: true, test: binOp(litmus.OpEq)}
	m["atomic_inc_and_test"] = cPrim{kind: primAtomicRet, tag: litmus.TagMB, op: litmus.OpAdd, one: true, new: true, test: binOp(litmus.OpEq)}
	return m
}()

func binOp(op litmus.BinOp) *litmus.BinOp { return &op }

// cLowerer lowers one thread.
type cLowerer struct {
	f    *file
	thr  *litmus.Thread
	ntmp int
	// params are the parameter names not shadowed by a local declaration.
	params map[string]bool
	regs   map[string]bool
	// inited are the registers of this thread the init block sets.
	inited map[string]bool
	// paramSizes are the access widths of the parameters that point to a
	// byte or halfword type (accessSize, c_sizes.go).
	paramSizes map[string]uint8
	// defs are the functions inlined at their call sites; frame is the
	// innermost call being inlined, nil at thread level (c_ext.go).
	defs  *CDefs
	frame *cFrame
}

func lowerCThread(f *file, i int, th *cThread, defs *CDefs, inited map[string]bool) (*litmus.Thread, error) {
	pos := position(f, th.Pos)
	if want := "P" + strconv.Itoa(i); th.Name != want {
		return nil, litmus.Errorf(pos, "expected thread name %q, found %q", want, th.Name)
	}
	l := &cLowerer{
		f:      f,
		thr:    &litmus.Thread{Pos: pos, ID: i},
		params: map[string]bool{},
		regs:   map[string]bool{},
		inited: inited,
		defs:   defs,
	}
	for _, p := range th.Params {
		if p.Name == "" {
			if len(th.Params) == 1 && len(p.Stars) == 0 && strings.Join(p.Type.Words, " ") == "void" {
				break
			}
			return nil, litmus.Errorf(position(f, p.Pos), "expected a parameter name")
		}
		if len(p.Stars) == 0 {
			return nil, litmus.Unsupported(position(f, p.Pos), fmt.Sprintf("parameter %q that is not a pointer", p.Name))
		}
		if l.params[p.Name] {
			return nil, litmus.Errorf(position(f, p.Pos), "duplicate parameter %q", p.Name)
		}
		l.params[p.Name] = true
		l.thr.Params = append(l.thr.Params, p.Name)
		if n := cTypeSizes[strings.Join(p.Type.Words, " ")]; n != 0 && len(p.Stars) == 1 {
			if l.paramSizes == nil {
				l.paramSizes = map[string]uint8{}
			}
			l.paramSizes[p.Name] = n
		}
	}
	for _, s := range th.Body {
		if err := l.stmt(s); err != nil {
			return nil, err
		}
	}
	return l.thr, nil
}

func (l *cLowerer) pos(p lexer.Position) litmus.Pos { return position(l.f, p) }

// text returns the source between two positions, on one line.
func (l *cLowerer) text(from, to lexer.Position) string {
	if from.Offset < 0 || to.Offset > len(l.f.src) || from.Offset > to.Offset {
		return ""
	}
	src := cComment.ReplaceAllString(l.f.src[from.Offset:to.Offset], " ")
	return strings.Join(strings.Fields(src), " ")
}

var cComment = regexp.MustCompile(`//[^\n]*|/\*(?s:.*?)\*/`)

func (l *cLowerer) emit(in litmus.Instr) int {
	l.thr.Code = append(l.thr.Code, in)
	return len(l.thr.Code) - 1
}

// temp returns a fresh hidden register.
func (l *cLowerer) temp() string {
	l.ntmp++
	return "#" + strconv.Itoa(l.ntmp)
}

// useReg records a register of the thread.
func (l *cLowerer) useReg(name string) {
	if !l.regs[name] {
		l.regs[name] = true
		l.thr.Regs = append(l.thr.Regs, name)
	}
}

func (l *cLowerer) stmt(s *cStmt) error {
	text := l.text(s.Pos, s.EndPos)
	switch {
	case s.Block != nil:
		for _, s := range s.Block {
			if err := l.stmt(s); err != nil {
				return err
			}
		}
	case s.If != nil:
		if r := nestedReturn(s); r != nil {
			return litmus.Unsupported(l.pos(r.Pos), "return inside an if statement")
		}
		return l.ifStmt(s.If)
	case s.While != nil, s.Do != nil:
		if r := nestedReturn(s); r != nil {
			return litmus.Unsupported(l.pos(r.Pos), "return inside a loop")
		}
		if s.While != nil {
			return l.whileStmt(s.While)
		}
		return l.doWhileStmt(s.Do)
	case s.Return != nil:
		return l.returnStmt(s.Return, text)
	case s.Decl != nil:
		for _, d := range s.Decl.Vars {
			name := l.declare(d.Name)
			if d.Init != nil {
				if err := l.into(name, d.Init, l.pos(d.Pos), text); err != nil {
					return err
				}
			}
		}
	case s.Expr != nil:
		return l.exprStmt(s.Expr, text)
	}
	return nil
}

// exprStmt lowers "lhs = rhs;" and "expr;".
func (l *cLowerer) exprStmt(s *cExprStmt, text string) error {
	pos := l.pos(s.Pos)
	if s.Value == nil {
		if c := asCall(s.X); c != nil {
			_, err := l.call(c, "", false)
			return err
		}
		_, err := l.expr(s.X)
		return err
	}
	u := single(s.X)
	switch {
	case u != nil && u.Primary != nil && u.Primary.Ident != "":
		name, err := l.assignable(u.Primary.Ident, pos)
		if err != nil {
			return err
		}
		if err := l.into(name, s.Value, pos, text); err != nil {
			return err
		}
		if l.innerFrame() == nil {
			l.useReg(name)
		}
		return nil
	case u != nil && u.Op == "*":
		// A plain store.
		addr, err := l.unary(u.X)
		if err != nil {
			return err
		}
		v, err := l.expr(s.Value)
		if err != nil {
			return err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpStore, Addr: addr, Src: v, Size: l.accessSize(u.X)})
		return nil
	}
	return litmus.Errorf(pos, "expected a register or a \"*p\" location on the left of '='")
}

// into lowers "dst = e", loading or calling straight into dst when e is a
// single access.
func (l *cLowerer) into(dst string, e *cExpr, pos litmus.Pos, text string) error {
	if c := asCall(e); c != nil {
		v, err := l.call(c, dst, true)
		if err != nil {
			return err
		}
		if r, ok := v.(*litmus.RegRef); ok && r.Name == dst {
			return nil
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: dst, Src: v})
		return nil
	}
	if u := single(e); u != nil && u.Op == "*" {
		addr, err := l.unary(u.X)
		if err != nil {
			return err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpLoad, Dst: dst, Addr: addr, Size: l.accessSize(u.X)})
		return nil
	}
	v, err := l.expr(e)
	if err != nil {
		return err
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: dst, Src: v})
	return nil
}

// ifStmt lowers "if (c) T else E" to
//
//	branch to E unless c (the control dependency ends after E)
//	T
//	branch to end
//	E
//
// herd7 makes the events of both arms, and only those, depend on the reads
// that feed c.
func (l *cLowerer) ifStmt(s *cIf) error {
	c, err := l.expr(s.Cond)
	if err != nil {
		return err
	}
	br := l.emit(litmus.Instr{
		Pos:  l.pos(s.Pos),
		Text: "if (" + l.text(s.Cond.Pos, s.Cond.EndPos) + ")",
		Op:   litmus.OpBranch,
		Cond: negate(c),
	})
	if err := l.stmt(s.Then); err != nil {
		return err
	}
	if s.Else != nil {
		jump := l.emit(litmus.Instr{Pos: l.pos(s.Else.Pos), Text: "else", Op: litmus.OpBranch})
		l.thr.Code[br].Target = len(l.thr.Code)
		if err := l.stmt(s.Else); err != nil {
			return err
		}
		l.thr.Code[jump].Target = len(l.thr.Code)
	} else {
		l.thr.Code[br].Target = len(l.thr.Code)
	}
	l.thr.Code[br].CtrlEnd = len(l.thr.Code)
	return nil
}

// nestedReturn finds a return statement inside s: inlining makes a return
// an assignment of the result, which would let the code after it run.
func nestedReturn(s *cStmt) *cReturn {
	if s == nil {
		return nil
	}
	if s.Return != nil {
		return s.Return
	}
	inner := append([]*cStmt(nil), s.Block...)
	switch {
	case s.If != nil:
		inner = append(inner, s.If.Then, s.If.Else)
	case s.While != nil:
		inner = append(inner, s.While.Body)
	case s.Do != nil:
		inner = append(inner, s.Do.Body)
	}
	for _, x := range inner {
		if r := nestedReturn(x); r != nil {
			return r
		}
	}
	return nil
}

// whileStmt lowers "while (c) B" with the test at the bottom,
//
//	branch to test (left out when B is empty)
//	loop: B
//	test: branch to loop if c (the control dependency ends after it)
//
// so that the backward branch is taken once per test that holds: the path
// explorer cuts a path, and reports the cut, at the test that holds once
// more than --unroll allows, where herd7 cuts its unrolled While.
func (l *cLowerer) whileStmt(s *cWhile) error {
	text := "while (" + l.text(s.Cond.Pos, s.Cond.EndPos) + ")"
	jump := l.emit(litmus.Instr{Pos: l.pos(s.Pos), Text: text, Op: litmus.OpBranch})
	if err := l.stmt(s.Body); err != nil {
		return err
	}
	loop := jump + 1
	if len(l.thr.Code) == loop {
		l.thr.Code, loop = l.thr.Code[:jump], jump
	} else {
		l.thr.Code[jump].Target = len(l.thr.Code)
	}
	return l.loopTest(s.Pos, s.Cond, text, loop)
}

// doWhileStmt lowers "do B while (c);": B, then the backward branch.
func (l *cLowerer) doWhileStmt(s *cDoWhile) error {
	loop := len(l.thr.Code)
	if err := l.stmt(s.Body); err != nil {
		return err
	}
	return l.loopTest(s.Pos, s.Cond, "do ... while ("+l.text(s.Cond.Pos, s.Cond.EndPos)+")", loop)
}

// loopTest evaluates a loop's condition and branches back to loop while it
// holds.
func (l *cLowerer) loopTest(pos lexer.Position, cond *cExpr, text string, loop int) error {
	c, err := l.expr(cond)
	if err != nil {
		return err
	}
	switch x := c.(type) {
	case *litmus.Binary:
		if !isComparison(x.Op) {
			c = litmus.Bin(litmus.OpNe, c, litmus.C(0))
		}
	case *litmus.Unary:
		if x.Op == litmus.OpNot {
			c = litmus.Bin(litmus.OpEq, x.X, litmus.C(0))
		} else {
			c = litmus.Bin(litmus.OpNe, c, litmus.C(0))
		}
	default:
		c = litmus.Bin(litmus.OpNe, c, litmus.C(0))
	}
	l.emit(litmus.Instr{Pos: l.pos(pos), Text: text, Op: litmus.OpBranch, Cond: c, Target: loop, CtrlEnd: len(l.thr.Code) + 1})
	return nil
}

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
	pos, text := l.pos(c.Pos), l.text(c.Pos, c.EndPos)
	if v, done, err := l.extCall(c, dst, want); done {
		return v, err
	}
	p, ok := cPrims[c.Name]
	if !ok {
		return nil, litmus.Errorf(pos, "unknown function %q (not a kernel primitive, an extension or a fragment function)", c.Name)
	}
	if n := p.nargs(); len(c.Args) != n {
		return nil, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, n, plural(n), len(c.Args))
	}
	if want && !p.returns() {
		return nil, litmus.Errorf(pos, "%s returns no value", c.Name)
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

// lvalue lowers the "*p" argument of READ_ONCE and friends to the address
// p.
func (l *cLowerer) lvalue(name string, a *cExpr) (litmus.Expr, error) {
	u := single(a)
	if u == nil || u.Op != "*" {
		return nil, litmus.Errorf(l.pos(a.Pos), "%s expects a \"*p\" location as its first argument", name)
	}
	return l.unary(u.X)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
