// This file implements the lowering of C (LKMM) threads to the instruction
// IR, statement by statement (expressions: lower_expr.go; calls: call.go;
// the primitives' table: package cprim), following herd7's C semantics
// (herd/CSem.ml) and the kernel's linux-kernel.def, which maps each
// primitive to an annotated event:
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

package cparse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/clayout"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// cLowerer lowers one thread.
type cLowerer struct {
	f    *litfile.File
	thr  *litmus.Thread
	ntmp int
	// params are the parameter names not shadowed by a local declaration.
	params map[string]bool
	regs   map[string]bool
	// inited are the registers of this thread the init block sets.
	inited map[string]bool
	// paramTypes are the types the parameters point to, types the types
	// of the registers, thread-level and hidden (types.go), and pointees
	// the types that the registers declared as pointers point to, for
	// access widths and pointer arithmetic (sizes.go).
	paramTypes map[string]ctypes.Int
	types      map[string]ctypes.Int
	pointees   map[string]ctypes.Int
	// valStructs are the structs the registers declared with a struct
	// type hold by value (values.go).
	valStructs map[string]valueStruct
	// ptypes are the structs the dialect lays out that the thread's
	// pointer parameters and pointer locals point to, for their members
	// (struct.go).
	ptypes map[string]string
	// paramStructs and ptrStructs are the structs a program defines that
	// the thread's pointer parameters and pointer registers (thread-level
	// and hidden) point to (members.go); objects are the per-CPU
	// variables the thread names (percpu.go).
	paramStructs map[string]*clayout.Struct
	ptrStructs   map[string]*clayout.Struct
	objects      map[string]bool
	// inAccessor counts the per-CPU accessors (this_cpu_ptr, per_cpu_ptr,
	// __this_cpu_dec...) whose argument is being lowered: only there does
	// a per-CPU variable's own name address its copies (percpu.go).
	inAccessor int
	// defs are the functions inlined at their call sites; frame is the
	// innermost call being inlined, nil at thread level (inline.go).
	defs  *CDefs
	frame *cFrame
	// loops are the loops being lowered, innermost last (loops.go).
	loops []*cLoop
	// awaitLoops lowers await loops as their final iteration (await.go).
	awaitLoops bool
	// threadLabels are the thread's own labels (goto.go).
	threadLabels *labelScope
}

func lowerCThread(f *litfile.File, i int, th *csyntax.Thread, defs *CDefs, inited map[string]bool, await bool) (*cLowerer, error) {
	pos := litfile.Position(f, th.Pos)
	if want := "P" + strconv.Itoa(i); th.Name != want {
		return nil, litmus.Errorf(pos, "expected thread name %q, found %q", want, th.Name)
	}
	l := &cLowerer{
		f:            f,
		thr:          &litmus.Thread{Pos: pos, ID: i},
		params:       map[string]bool{},
		regs:         map[string]bool{},
		inited:       inited,
		paramTypes:   map[string]ctypes.Int{},
		types:        map[string]ctypes.Int{},
		pointees:     map[string]ctypes.Int{},
		valStructs:   map[string]valueStruct{},
		paramStructs: map[string]*clayout.Struct{},
		ptrStructs:   map[string]*clayout.Struct{},
		ptypes:       map[string]string{},
		objects:      map[string]bool{},
		defs:         defs,
		awaitLoops:   await,
		threadLabels: newLabelScope(0),
	}
	for _, p := range th.Params {
		if p.Name == "" {
			if len(th.Params) == 1 && len(p.Stars) == 0 && strings.Join(p.Type.Words, " ") == "void" {
				break
			}
			return nil, litmus.Errorf(litfile.Position(f, p.Pos), "expected a parameter name")
		}
		if len(p.Stars) == 0 {
			return nil, litmus.Unsupported(litfile.Position(f, p.Pos), fmt.Sprintf("parameter %q that is not a pointer", p.Name))
		}
		if l.params[p.Name] {
			return nil, litmus.Errorf(litfile.Position(f, p.Pos), "duplicate parameter %q", p.Name)
		}
		l.params[p.Name] = true
		l.paramTypes[p.Name] = intType(p.Type, len(p.Stars)-1)
		l.thr.Params = append(l.thr.Params, p.Name)
		if st := l.structOf(p.Type, len(p.Stars)); st != nil {
			l.paramStructs[p.Name] = st
		}
		if st := structName(p.Type); st != "" && len(p.Stars) == 1 {
			l.ptypes[p.Name] = st
		}
	}
	for _, s := range th.Body {
		if err := l.stmt(s); err != nil {
			return nil, err
		}
	}
	if err := l.threadLabels.closeLabels(); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *cLowerer) pos(p lexer.Position) litmus.Pos { return litfile.Position(l.f, p) }

// text returns the source between two positions, on one line.
func (l *cLowerer) text(from, to lexer.Position) string {
	if from.Offset < 0 || to.Offset > len(l.f.Src) || from.Offset > to.Offset {
		return ""
	}
	src := cComment.ReplaceAllString(l.f.Src[from.Offset:to.Offset], " ")
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

func (l *cLowerer) stmt(s *csyntax.Stmt) error {
	text := l.text(s.Pos, s.EndPos)
	switch {
	case s.Block != nil:
		for _, s := range s.Block {
			if err := l.stmt(s); err != nil {
				return err
			}
		}
	case s.If != nil:
		return l.ifStmt(s.If)
	case s.While != nil:
		return l.whileStmt(s.While)
	case s.Do != nil:
		return l.doWhileStmt(s.Do)
	case s.For != nil:
		return l.forStmt(s.For)
	case s.Break, s.Cont:
		return l.leaveLoop(s, text)
	case s.Goto != "":
		return l.gotoStmt(s.Goto, l.pos(s.Pos), text)
	case s.Label != "":
		return l.label(s.Label, l.pos(s.Pos))
	case s.Return != nil:
		return l.returnStmt(s.Return, text)
	case s.Decl != nil:
		for _, d := range s.Decl.Vars {
			if err := l.checkLocalType(s.Decl.Type, d); err != nil {
				return err
			}
			name := l.declare(d.Name)
			l.types[name] = intType(s.Decl.Type, len(d.Stars))
			l.pointees[name] = pointeeType(s.Decl.Type, len(d.Stars))
			if err := l.holdStruct(name, s.Decl.Type, len(d.Stars), l.pos(d.Pos)); err != nil {
				return err
			}
			if st := l.structOf(s.Decl.Type, len(d.Stars)); st != nil {
				l.ptrStructs[name] = st
			} else {
				delete(l.ptrStructs, name)
			}
			if n := structName(s.Decl.Type); n != "" && len(d.Stars) == 1 {
				l.ptypes[name] = n // a local alias: "struct qspinlock *l = lock;"
			} else {
				delete(l.ptypes, name)
			}
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

// exprStmt lowers "lhs = rhs;", "lhs op= rhs;", "lhs++;" and "expr;".
func (l *cLowerer) exprStmt(s *csyntax.ExprStmt, text string) error {
	return l.assign(s.Pos, s.Assign, text)
}

// assign lowers an assignment or an expression evaluated for its effects;
// "x op= v" is "x = x op (v)" and "x++" is "x = x + 1", as C has them.
func (l *cLowerer) assign(at lexer.Position, s csyntax.Assign, text string) error {
	pos := l.pos(at)
	s = csyntax.Desugar(s)
	if s.Value == nil {
		if c := csyntax.AsCall(s.X); c != nil {
			_, err := l.call(c, "", false)
			return err
		}
		_, err := l.expr(s.X)
		return err
	}
	u := csyntax.Single(s.X)
	switch {
	case u != nil && u.Primary != nil && u.Primary.Ident != "" && l.sharedNamed(u) == nil:
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
	case u != nil:
		store, to, ok, err := l.plainStore(u, pos, text)
		if !ok || err != nil {
			break
		}
		v, t, err := l.typedExpr(s.Value)
		if err != nil {
			return err
		}
		store.Src = ctypes.Convert(v, t, to)
		l.emit(store)
		return nil
	}
	return errNotLvalue(pos)
}

func errNotLvalue(pos litmus.Pos) error {
	return litmus.Errorf(pos, "expected a register, a \"*p\" location or a \"p->member\" on the left of '='")
}

// plainStore is the store to u, a plain "*p" or "p->member", less its value,
// and the type the value converts to; ok is false for another u.
func (l *cLowerer) plainStore(u *csyntax.Unary, pos litmus.Pos, text string) (store litmus.Instr, to ctypes.Int, ok bool, err error) {
	store = litmus.Instr{Pos: pos, Text: text, Op: litmus.OpStore}
	switch {
	case u.Op == "*":
		store.Addr, err = l.unary(u.X)
		store.Size, store.WTags = l.accessSize(u.X), l.plainDerefTags(u.X)
		return store, l.accessType(u.X), true, err
	case u.Member != nil:
		store.Addr, store.Size, err = l.member(u.Member)
		store.WTags = l.plainMemberTags(u.Member)
		return store, l.memberType(u.Member), true, err
	}
	if o := l.sharedNamed(u); o != nil {
		store.Addr = l.objectAddress(o)
		return store, o.Type(), true, nil
	}
	return store, ctypes.Untyped, false, nil
}

// into lowers "dst = e", loading or calling straight into dst when e is a
// single access whose value needs no conversion to dst's type.
func (l *cLowerer) into(dst string, e *csyntax.Expr, pos litmus.Pos, text string) error {
	to := l.types[dst]
	if c := csyntax.AsCall(e); c != nil && direct(l.callType(c), to) && !csyntax.HasCast(e) {
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
	if u := csyntax.Single(e); u != nil && u.Op == "*" && !csyntax.HasCast(e) && direct(l.accessType(u.X), to) {
		addr, err := l.unary(u.X)
		if err != nil {
			return err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpLoad, Dst: dst, Addr: addr, Size: l.accessSize(u.X), RTags: l.plainDerefTags(u.X)})
		return nil
	}
	v, t, err := l.typedExpr(e)
	if err != nil {
		return err
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: dst, Src: ctypes.Convert(v, t, to)})
	return nil
}

// direct reports whether a value read or returned as type from may go
// straight into a register of type to: it needs no conversion, not even
// the sign extension of a narrow signed load.
func direct(from, to ctypes.Int) bool {
	return ctypes.Fits(from, to) && (!from.Signed || from.Bits >= 32)
}

// ifArms lowers the arms of s, whose branch br skips the then arm.
func (l *cLowerer) ifArms(s *csyntax.If, br int) error {
	if err := l.stmt(s.Then); err != nil {
		return err
	}
	if s.Else == nil {
		l.thr.Code[br].Target = len(l.thr.Code)
		return nil
	}
	jump := l.emit(litmus.Instr{Pos: l.pos(s.Else.Pos), Text: "else", Op: litmus.OpBranch})
	l.thr.Code[br].Target = len(l.thr.Code)
	if err := l.stmt(s.Else); err != nil {
		return err
	}
	l.thr.Code[jump].Target = len(l.thr.Code)
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
func (l *cLowerer) ifStmt(s *csyntax.If) error {
	c, err := l.expr(s.Cond)
	if err != nil {
		return err
	}
	exits, loopExits := 0, l.loopExits()
	if fr := l.innerFrame(); fr != nil {
		exits = len(fr.exits)
	}
	br := l.emit(litmus.Instr{
		Pos:  l.pos(s.Pos),
		Text: "if (" + l.text(s.Cond.Pos, s.Cond.EndPos) + ")",
		Op:   litmus.OpBranch,
		Cond: negate(c),
	})
	sc := l.labels()
	sc.open = append(sc.open, br)
	err = l.ifArms(s, br)
	sc.open = sc.open[:len(sc.open)-1]
	if err != nil {
		return err
	}
	l.thr.Code[br].CtrlEnd = max(l.thr.Code[br].CtrlEnd, len(l.thr.Code))
	if fr := l.innerFrame(); fr != nil && len(fr.exits) > exits {
		fr.leaving = append(fr.leaving, br)
	}
	if lp := l.loop(); lp != nil && l.loopExits() > loopExits {
		lp.leaving = append(lp.leaving, br)
	}
	return nil
}
