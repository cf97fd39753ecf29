// This file implements the lowering of litmuscheck's extension
// primitives of the C dialect, the calls package cext lists.

package cparse

import (
	"slices"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/cext"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// extCall lowers a call of a defined function or of an extension; done is
// false when c is neither, for the kernel primitives to handle.
func (l *cLowerer) extCall(c *csyntax.Call, dst string, want bool) (litmus.Expr, bool, error) {
	if l.defs != nil {
		if fn, ok := l.defs.funcs[c.Name]; ok && !l.inside(fn) {
			v, err := l.inline(fn, c, dst, want)
			return v, true, err
		}
	}
	x, ok := cext.All[c.Name]
	if !ok {
		return nil, false, nil
	}
	pos, text := l.pos(c.Pos), l.text(c.Pos, c.EndPos)
	nargs := cext.Args(c.Name, x.Kind)
	if len(c.Args) != nargs && !(cext.Variadic(x.Kind) && len(c.Args) > nargs) {
		least := map[bool]string{true: "at least "}[cext.Variadic(x.Kind)]
		return nil, true, litmus.Errorf(pos, "%s expects %s%d argument%s, found %d", c.Name, least, nargs, plural(nargs), len(c.Args))
	}
	if want && (x.Kind == cext.Assume || x.Kind == cext.Relax || x.Kind == cext.Nop || x.Kind == cext.Report) {
		return nil, true, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	switch x.Kind {
	case cext.Nop:
		if cext.Evaluated[c.Name] {
			for _, a := range c.Args {
				if _, err := l.expr(a); err != nil {
					return nil, true, err
				}
			}
		}
		return nil, true, nil
	case cext.Alias:
		alias := *c
		alias.Name = cext.Aliases[c.Name]
		v, err := l.call(&alias, dst, want)
		return v, true, err
	case cext.False:
		return l.constant(0, dst, pos, text), true, nil
	case cext.CPU:
		return l.constant(int64(l.thr.ID), dst, pos, text), true, nil
	case cext.Hint, cext.Warn:
		v, err := l.hint(c.Args[0], dst, pos, text)
		return v, true, err
	case cext.Report:
		return nil, true, nil
	case cext.Choose:
		v, err := l.choose(c, dst, want, pos, text)
		return v, true, err
	case cext.Relax:
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpFence, FTags: []string{x.Tag}})
		return nil, true, nil
	case cext.Assume:
		from := len(l.thr.Code)
		cond, err := l.expr(c.Args[0])
		if err != nil {
			return nil, true, err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpAssume, Cond: cond, CtrlDep: true, Spin: acquireAttempt(l.thr.Code[from:])})
		return nil, true, nil
	case cext.CondLoad:
		v, err := l.condLoad(c, x.Tag, dst, pos, text)
		return v, true, err
	}
	v, err := l.tryCmpxchg(c, x.Tag, dst, pos, text)
	return v, true, err
}

// constant is the value k of a helper's call, moved into dst when it is
// named.
func (l *cLowerer) constant(k int64, dst string, pos litmus.Pos, text string) litmus.Expr {
	if dst == "" {
		return litmus.C(k)
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: dst, Src: litmus.C(k)})
	return litmus.R(dst)
}

// condLoad lowers smp_cond_load_*(p, cond) and atomic_cond_read_*: the
// spin's final iteration, a load of *p into dst whose value VAL satisfies
// cond, the failed iterations left to the await check (an OpAssume). A
// condition that updates a local ("!cnt--", qspinlock's bounded wait for
// a pending bit) makes each iteration differ: the loop is the kernel's
// own, load and test repeated while the test fails, unrolled as any loop.
func (l *cLowerer) condLoad(c *csyntax.Call, tag, dst string, pos litmus.Pos, text string) (litmus.Expr, error) {
	addr, err := l.expr(c.Args[0])
	if err != nil {
		return nil, err
	}
	if dst == "" {
		dst = l.temp()
	}
	from := l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpLoad, Dst: dst, Addr: addr, RTags: []string{tag}, Size: l.exprSize(c.Args[0])})
	l.frame = &cFrame{vars: map[string]litmus.Expr{"VAL": litmus.R(dst)}, transparent: true, parent: l.frame}
	cond, err := l.expr(c.Args[1])
	l.frame = l.frame.parent
	if err != nil {
		return nil, err
	}
	if csyntax.UpdatesLocal(c.Args[1]) {
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpBranch, Cond: litmus.Bin(litmus.OpEq, cond, litmus.C(0)), Target: from,
			CtrlEnd: len(l.thr.Code) + 1, Await: l.awaitLoops})
		return litmus.R(dst), nil
	}
	// The wait: the load and the test repeat until the test holds.
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpAssume, Cond: cond, CtrlDep: true, Spin: len(l.thr.Code) - from})
	return litmus.R(dst), nil
}

// tryCmpxchg lowers try_cmpxchg(p, &old, new) and its forms.
func (l *cLowerer) tryCmpxchg(c *csyntax.Call, tag, dst string, pos litmus.Pos, text string) (litmus.Expr, error) {
	// try_cmpxchg(p, &old, new): t = cmpxchg(p, old, new); ok = t == old;
	// old = t.
	addr, err := l.expr(c.Args[0])
	if err != nil {
		return nil, err
	}
	old, err := l.regArg(c.Name, c.Args[1])
	if err != nil {
		return nil, err
	}
	nv, nt, err := l.typedExpr(c.Args[2])
	if err != nil {
		return nil, err
	}
	nv = ctypes.Convert(nv, nt, l.exprType(c.Args[0]))
	t := l.temp()
	tags := []string{tag}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpCAS, Dst: t, Addr: addr, Expect: litmus.R(old), Src: nv, RTags: tags, WTags: tags, Size: l.exprSize(c.Args[0])})
	res := l.temp()
	if dst != "" {
		res = dst
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: res, Src: litmus.Bin(litmus.OpEq, litmus.R(t), litmus.R(old))})
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: old, Src: litmus.R(t)})
	return litmus.R(res), nil
}

// acquireAttempt is the Spin of an __assume whose condition lowered to
// attempt: the spinning final attempt of a lock's acquire (a fragment's
// __assume(cmpxchg_acquire(...) == 0)) when it reads with acquire
// ordering, 0 for a plain assumption (a test's choice, such as the queue
// order an OSQ test fixes), which cuts the paths it contradicts.
func acquireAttempt(attempt []litmus.Instr) int {
	for _, in := range attempt {
		if slices.Contains(in.RTags, litmus.TagAcquire) {
			return len(attempt)
		}
	}
	return 0
}

// regArg lowers the "&old" argument of try_cmpxchg to old's register.
func (l *cLowerer) regArg(name string, a *csyntax.Expr) (string, error) {
	u := csyntax.Single(a)
	if u == nil || u.Op != "&" || u.X.Primary == nil || u.X.Primary.Ident == "" {
		return "", litmus.Errorf(l.pos(a.Pos), "%s expects \"&r\", the address of a local variable, as its second argument", name)
	}
	// old is read (the expected value) before it is written.
	if _, _, err := l.primary(u.X.Primary); err != nil {
		return "", err
	}
	r, err := l.assignable(u.X.Primary.Ident, l.pos(a.Pos))
	if err == nil && l.innerFrame() == nil {
		l.useReg(r)
	}
	return r, err
}

// hint lowers likely(c) and unlikely(c): the value of !!(c), in dst when
// it is named.
func (l *cLowerer) hint(arg *csyntax.Expr, dst string, pos litmus.Pos, text string) (litmus.Expr, error) {
	c, err := l.expr(arg)
	if err != nil {
		return nil, err
	}
	v := litmus.Expr(litmus.Bin(litmus.OpNe, c, litmus.C(0)))
	if dst == "" {
		return v, nil
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpMove, Dst: dst, Src: v})
	return litmus.R(dst), nil
}

// choose lowers need_resched() and vcpu_is_preempted(cpu): the argument's
// code, whose value decides nothing, then a choice of 0 or 1 in dst when
// it is named, else in a hidden register. A call whose value is dropped
// makes no choice: both outcomes would be the same execution.
func (l *cLowerer) choose(c *csyntax.Call, dst string, want bool, pos litmus.Pos, text string) (litmus.Expr, error) {
	for _, a := range c.Args {
		if _, err := l.expr(a); err != nil {
			return nil, err
		}
	}
	if dst == "" && !want {
		return nil, nil
	}
	if dst == "" {
		dst = l.temp()
	}
	l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpChoose, Dst: dst})
	return litmus.R(dst), nil
}
