// This file implements the inlining of a call of a defined function: the
// frames of the calls being inlined, the resolution of names through them
// to parameters, locals and the thread's own names, and return.

package cparse

import (
	"fmt"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
	"github.com/litmuscheck/litmuscheck/parser/internal/litfile"
)

// A cFrame is one call being inlined: its parameters' values and its
// locals' hidden registers. A transparent frame only binds names (VAL in
// the condition of smp_cond_load_*) and lets every other name through to
// the enclosing scope.
type cFrame struct {
	fn          *csyntax.Func
	f           *litfile.File // the file fn was read from
	vars        map[string]litmus.Expr
	regs        map[string]string // locals and value parameters
	ret         string            // hidden register of the result, "" for void
	retType     ctypes.Int        // the C type of the result
	transparent bool
	parent      *cFrame
	// final is the return that ends the function's body, which needs no
	// jump; exits are the jumps to the function's end of the others, and
	// leaving the if statements whose arms hold an exit: the code after
	// such an if, up to the function's end, runs only when the if does
	// not return, so it is control-dependent on the if's condition, as
	// in the if-else the function is equal to.
	final   *csyntax.Return
	exits   []int
	leaving []int
	labels  *labelScope // the function's labels (goto.go)
}

// maxInline bounds the nesting of inlined calls.
const maxInline = 16

func (l *cLowerer) depth() int {
	n := 0
	for fr := l.frame; fr != nil; fr = fr.parent {
		n++
	}
	return n
}

// frameIdent resolves an identifier inside an inlined call.
func (l *cLowerer) frameIdent(name string, pos litmus.Pos) (litmus.Expr, error) {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if r, ok := fr.regs[name]; ok {
			return litmus.R(r), nil
		}
		if v, ok := fr.vars[name]; ok {
			return v, nil
		}
		if !fr.transparent {
			return nil, unknownLoc(pos, name, "a parameter or a local of "+fr.fn.Name)
		}
	}
	// Only transparent frames: thread scope.
	return l.threadIdent(name, pos)
}

// threadIdent resolves an identifier read at thread scope: a parameter is
// the address of its location, a known register its value.
func (l *cLowerer) threadIdent(name string, pos litmus.Pos) (litmus.Expr, error) {
	if l.params[name] {
		return &litmus.Const{V: litmus.Addr(name)}, nil
	}
	if !l.regs[name] && !l.inited[name] {
		return nil, unknownLoc(pos, name, fmt.Sprintf("a parameter of P%d, a local assigned before this use, or a register the init block sets", l.thr.ID))
	}
	l.useReg(name)
	return litmus.R(name), nil
}

// unknownLoc is the error for a name no scope defines; what says what it
// should have been.
func unknownLoc(pos litmus.Pos, name, what string) error {
	return litmus.Errorf(pos, "unknown location %q (expected %s)", name, what)
}

// innerFrame is the innermost frame that is a function call, or nil.
func (l *cLowerer) innerFrame() *cFrame {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if !fr.transparent {
			return fr
		}
	}
	return nil
}

// declare introduces a local register and returns its IR name.
func (l *cLowerer) declare(name string) string {
	if fr := l.innerFrame(); fr != nil {
		r := l.temp()
		fr.regs[name] = r
		return r
	}
	delete(l.params, name)
	l.useReg(name)
	return name
}

// assignable returns the IR register that "name = ..." writes.
func (l *cLowerer) assignable(name string, pos litmus.Pos) (string, error) {
	if fr := l.innerFrame(); fr != nil {
		for f := l.frame; f != nil; f = f.parent {
			if r, ok := f.regs[name]; ok {
				return r, nil
			}
			if _, ok := f.vars[name]; ok {
				return "", litmus.Unsupported(pos, fmt.Sprintf("assignment to parameter %q", name))
			}
			if !f.transparent {
				break
			}
		}
		return "", unknownLoc(pos, name, "a parameter or a local of "+fr.fn.Name)
	}
	if l.params[name] {
		return "", litmus.Unsupported(pos, fmt.Sprintf("assignment to parameter %q", name))
	}
	// The caller records the register once the value is computed: in
	// "r1 = r1 + 1" the read of r1 comes first.
	return name, nil
}

// returnStmt lowers "return e;" in an inlined function.
func (l *cLowerer) returnStmt(s *csyntax.Return, text string) error {
	fr := l.innerFrame()
	if fr == nil {
		return litmus.Unsupported(l.pos(s.Pos), "return in a thread")
	}
	if s.Value == nil {
		if fr.ret != "" {
			return litmus.Errorf(l.pos(s.Pos), "%s must return a value", fr.fn.Name)
		}
		l.exit(fr, s, text)
		return nil
	}
	if fr.ret == "" {
		return litmus.Errorf(l.pos(s.Pos), "%s returns no value", fr.fn.Name)
	}
	// The result has the function's type, whatever the register's.
	v, t, err := l.typedExpr(s.Value)
	if err != nil {
		return err
	}
	l.emit(litmus.Instr{Pos: l.pos(s.Pos), Text: text, Op: litmus.OpMove, Dst: fr.ret, Src: ctypes.Convert(v, t, fr.retType)})
	l.exit(fr, s, text)
	return nil
}

// exit jumps from return s to the end of fr's function, but for the
// return that ends its body; end patches the jumps.
func (l *cLowerer) exit(fr *cFrame, s *csyntax.Return, text string) {
	if s != fr.final {
		fr.exits = append(fr.exits, l.emit(litmus.Instr{Pos: l.pos(s.Pos), Text: text, Op: litmus.OpBranch}))
	}
}

// end points fr's exits at the function's end, where the code of the if
// statements they leave stops being control-dependent on their
// conditions.
func (l *cLowerer) end(fr *cFrame) {
	end := len(l.thr.Code)
	for _, e := range fr.exits {
		l.thr.Code[e].Target = end
	}
	for _, br := range fr.leaving {
		l.thr.Code[br].CtrlEnd = end
	}
}

// inline lowers a call of a defined function: arguments are evaluated in
// the caller's scope, then the body runs in a frame of its own.
func (l *cLowerer) inline(fn *csyntax.Func, c *csyntax.Call, dst string, want bool) (litmus.Expr, error) {
	pos := l.pos(c.Pos)
	if len(c.Args) != len(fn.Params) {
		return nil, litmus.Errorf(pos, "%s expects %d argument%s, found %d", fn.Name, len(fn.Params), plural(len(fn.Params)), len(c.Args))
	}
	void := len(fn.Stars) == 0 && len(fn.Ret.Words) == 1 && fn.Ret.Words[0] == "void"
	if want && void {
		return nil, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	if l.depth() >= maxInline {
		return nil, litmus.Errorf(pos, "unsupported: calls nested more than %d deep (recursive %s?)", maxInline, fn.Name)
	}
	fr := &cFrame{fn: fn, f: l.defs.files[c.Name], vars: map[string]litmus.Expr{}, regs: map[string]string{}, parent: l.frame,
		labels: newLabelScope(len(l.loops))}
	for i, a := range c.Args {
		v, t, err := l.typedExpr(a)
		if err != nil {
			return nil, err
		}
		p := fn.Params[i]
		if len(p.Stars) > 0 {
			fr.vars[p.Name] = v
			continue
		}
		// A value parameter is a local register the body may assign.
		r := l.temp()
		if err := l.holdStruct(r, p.Type, 0, litfile.Position(fr.f, p.Pos)); err != nil {
			return nil, err
		}
		pt := intType(p.Type, 0)
		l.types[r] = pt
		l.emit(litmus.Instr{Pos: pos, Text: p.Name + " = " + l.text(a.Pos, a.EndPos), Op: litmus.OpMove, Dst: r, Src: ctypes.Convert(v, t, pt)})
		fr.regs[p.Name] = r
	}
	if !void {
		if dst == "" {
			dst = l.temp()
		}
		fr.ret, fr.retType = dst, intType(fn.Ret, len(fn.Stars))
	}
	saved, savedF := l.frame, l.f
	l.frame, l.f = fr, fr.f
	if n := len(fn.Body); n > 0 {
		fr.final = fn.Body[n-1].Return
	}
	var err error
	for _, s := range fn.Body {
		if err = l.stmt(s); err != nil {
			break
		}
	}
	l.end(fr)
	if err == nil {
		err = fr.labels.closeLabels()
	}
	l.frame, l.f = saved, savedF
	if err != nil {
		return nil, err
	}
	if void {
		return nil, nil
	}
	return litmus.R(dst), nil
}

// inside reports whether fn is being inlined already: a function that
// redefines a primitive may call the primitive itself.
func (l *cLowerer) inside(fn *csyntax.Func) bool {
	for fr := l.frame; fr != nil; fr = fr.parent {
		if fr.fn == fn {
			return true
		}
	}
	return false
}
