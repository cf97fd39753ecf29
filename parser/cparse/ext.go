// This file implements litmuscheck's extension primitives of the C
// dialect, which herd7 does not have and lock code needs:
//
//   - try_cmpxchg(p, &old, new) and its _relaxed, _acquire, _release and
//     atomic_ forms: the compare-and-swap of cmpxchg that returns whether it
//     succeeded and, on failure, writes the value read to old.
//   - smp_cond_load_relaxed(p, cond) and smp_cond_load_acquire(p, cond),
//     with atomic_cond_read_relaxed and atomic_cond_read_acquire: the spin
//     loop's final, successful iteration, a READ_ONCE (or an acquire load)
//     of *p whose value VAL satisfies cond; executions where it does not are
//     dropped.
//   - __assume(cond): drops the executions in which cond is false, the
//     encoding of "spin until cond" as its final successful attempt.
//   - cpu_relax(), the body of kernel spin loops: a pause hint that is a
//     compiler barrier on every architecture, so barrier()'s F[Barrier].
//   - likely(c) and unlikely(c), branch hints: the value of !!(c).
//   - smp_processor_id() and raw_smp_processor_id(): the number of the
//     thread, each thread being a CPU of its own.
//   - HMT_low(), HMT_medium() and powerpc's other priority hints, which
//     change no memory access: nothing.
//   - prefetch(p) and prefetchw(p), cache hints: the argument is
//     evaluated and nothing else happens; BUILD_BUG_ON(cond), a check made
//     when the kernel is compiled, and qstat_inc(stat, cond), the queued
//     locks' statistics (compiled out without CONFIG_QUEUED_LOCK_STAT,
//     and their arguments are constants and locals): nothing, the
//     arguments not evaluated (they name the kernel's constants and
//     enumerations); virt_spin_lock(lock), the hypervisor's test-and-set
//     fallback, is false, as on bare metal.
//   - in_interrupt() and the other tests of the context (in_irq,
//     in_hardirq, in_softirq, in_serving_softirq, in_nmi): false, a
//     test's threads running in task context; a test whose thread stands
//     for an interrupt handler defines them.
//   - arch_spin_lock(l), arch_spin_unlock(l), arch_spin_trylock(l): the
//     spinlock of the column, as spin_lock(l) and the others; the old
//     names of smp_mb__before_atomic() and smp_mb__after_atomic().
//   - need_resched() and vcpu_is_preempted(cpu): a boolean that no memory
//     access decides, a choice of 0 or 1 (litmus.OpChoose), each call's
//     own; the CPU argument is evaluated, its reads kept, and decides
//     nothing.

package cparse

import (
	"slices"
	"strings"

	"github.com/litmuscheck/litmuscheck/litmus"
	"github.com/litmuscheck/litmuscheck/parser/cparse/csyntax"
	"github.com/litmuscheck/litmuscheck/parser/cparse/ctypes"
)

// An extension primitive of this file.
type cExtKind uint8

const (
	extTryCmpxchg cExtKind = iota // (p, &old, new)
	extCondLoad                   // (p, cond)
	extAssume                     // (cond)
	extRelax                      // cpu_relax()
	extHint                       // likely(c), unlikely(c)
	extNop                        // HMT_low()...
	extCPU                        // smp_processor_id()
	extChoose                     // need_resched(), vcpu_is_preempted(cpu)
	extFalse                      // virt_spin_lock(lock), in_interrupt()
	extAlias                      // arch_spin_lock(l), smp_mb__before_atomic_dec()...
)

// aliases are kernel names that stand for one of the dialect's: the
// architecture's spinlock operations, which a kernel built on the queued
// spinlock makes its spin_lock, spin_unlock and spin_trylock (the
// column's lock: the LKMM's lock events, the hardware's qspinlock or
// --lock), and the barriers before and after an atomic operation by the
// names kernels before v3.16 gave them. A definition pasted with the code
// (powerpc's simple spinlock) replaces them.
var aliases = map[string]string{
	"arch_spin_lock": "spin_lock", "arch_spin_unlock": "spin_unlock", "arch_spin_trylock": "spin_trylock",
	"smp_mb__before_atomic_dec": "smp_mb__before_atomic", "smp_mb__before_atomic_inc": "smp_mb__before_atomic",
	"smp_mb__after_atomic_dec": "smp_mb__after_atomic", "smp_mb__after_atomic_inc": "smp_mb__after_atomic",
	"smp_mb__before_clear_bit": "smp_mb__before_atomic", "smp_mb__after_clear_bit": "smp_mb__after_atomic",
}

// aliasArgs is the arity of the alias name: a spinlock's one, a
// barrier's none.
func aliasArgs(name string) int {
	if strings.HasPrefix(aliases[name], "spin_") {
		return 1
	}
	return 0
}

// nopArgs are the arities of the extNop helpers, and evaluated those
// whose arguments run as C runs them.
var (
	nopArgs   = map[string]int{"prefetch": 1, "prefetchw": 1, "BUILD_BUG_ON": 1, "qstat_inc": 2}
	evaluated = map[string]bool{"prefetch": true, "prefetchw": true}
)

// chooseArgs are the arities of the extChoose helpers.
var chooseArgs = map[string]int{"need_resched": 0, "vcpu_is_preempted": 1}

// falseArgs are the helpers that are false, with their arities.
var falseArgs = map[string]int{"virt_spin_lock": 1, "in_interrupt": 0, "in_irq": 0, "in_hardirq": 0,
	"in_softirq": 0, "in_serving_softirq": 0, "in_nmi": 0}

type cExt struct {
	kind cExtKind
	tag  string
	// helper: a kernel helper with no memory effect of its own, which a
	// definition in the test or a user's file may replace (pasted kernel
	// code often carries its own).
	helper bool
}

var cExts = func() map[string]cExt {
	m := map[string]cExt{"__assume": {kind: extAssume}, "cpu_relax": {kind: extRelax, tag: litmus.TagBarrier, helper: true}}
	m["cpu_relax_lowlatency"] = m["cpu_relax"] // its name in kernels before v4.3
	for _, o := range []struct{ suffix, tag string }{
		{"", litmus.TagMB}, {"_relaxed", litmus.TagOnce}, {"_acquire", litmus.TagAcquire}, {"_release", litmus.TagRelease},
	} {
		m["try_cmpxchg"+o.suffix] = cExt{kind: extTryCmpxchg, tag: o.tag}
		m["atomic_try_cmpxchg"+o.suffix] = cExt{kind: extTryCmpxchg, tag: o.tag}
	}
	m["smp_cond_load_relaxed"] = cExt{kind: extCondLoad, tag: litmus.TagOnce}
	m["smp_cond_load_acquire"] = cExt{kind: extCondLoad, tag: litmus.TagAcquire}
	m["atomic_cond_read_relaxed"] = cExt{kind: extCondLoad, tag: litmus.TagOnce}
	m["atomic_cond_read_acquire"] = cExt{kind: extCondLoad, tag: litmus.TagAcquire}
	m["likely"], m["unlikely"] = cExt{kind: extHint, helper: true}, cExt{kind: extHint, helper: true}
	m["smp_processor_id"], m["raw_smp_processor_id"] = cExt{kind: extCPU, helper: true}, cExt{kind: extCPU, helper: true}
	for name := range chooseArgs {
		m[name] = cExt{kind: extChoose, helper: true}
	}
	for _, p := range []string{"very_low", "low", "medium_low", "medium", "medium_high", "high"} {
		m["HMT_"+p] = cExt{kind: extNop, helper: true}
	}
	for name := range nopArgs {
		m[name] = cExt{kind: extNop, helper: true}
	}
	for name := range falseArgs {
		m[name] = cExt{kind: extFalse, helper: true}
	}
	for name := range aliases {
		m[name] = cExt{kind: extAlias, helper: true}
	}
	return m
}()

// extCall lowers a call of a defined function or of an extension; done is
// false when c is neither, for the kernel primitives to handle.
func (l *cLowerer) extCall(c *csyntax.Call, dst string, want bool) (litmus.Expr, bool, error) {
	if l.defs != nil {
		if fn, ok := l.defs.funcs[c.Name]; ok && !l.inside(fn) {
			v, err := l.inline(fn, c, dst, want)
			return v, true, err
		}
	}
	x, ok := cExts[c.Name]
	if !ok {
		return nil, false, nil
	}
	pos, text := l.pos(c.Pos), l.text(c.Pos, c.EndPos)
	nargs := map[cExtKind]int{extTryCmpxchg: 3, extCondLoad: 2, extAssume: 1, extRelax: 0, extHint: 1, extNop: nopArgs[c.Name], extCPU: 0,
		extChoose: chooseArgs[c.Name], extFalse: falseArgs[c.Name], extAlias: aliasArgs(c.Name)}[x.kind]
	if len(c.Args) != nargs {
		return nil, true, litmus.Errorf(pos, "%s expects %d argument%s, found %d", c.Name, nargs, plural(nargs), len(c.Args))
	}
	if want && (x.kind == extAssume || x.kind == extRelax || x.kind == extNop) {
		return nil, true, litmus.Errorf(pos, "%s returns no value", c.Name)
	}
	switch x.kind {
	case extNop:
		if evaluated[c.Name] {
			for _, a := range c.Args {
				if _, err := l.expr(a); err != nil {
					return nil, true, err
				}
			}
		}
		return nil, true, nil
	case extAlias:
		alias := *c
		alias.Name = aliases[c.Name]
		v, err := l.call(&alias, dst, want)
		return v, true, err
	case extFalse:
		return l.constant(0, dst, pos, text), true, nil
	case extCPU:
		return l.constant(int64(l.thr.ID), dst, pos, text), true, nil
	case extHint:
		v, err := l.hint(c.Args[0], dst, pos, text)
		return v, true, err
	case extChoose:
		v, err := l.choose(c, dst, want, pos, text)
		return v, true, err
	case extRelax:
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpFence, FTags: []string{x.tag}})
		return nil, true, nil
	case extAssume:
		from := len(l.thr.Code)
		cond, err := l.expr(c.Args[0])
		if err != nil {
			return nil, true, err
		}
		l.emit(litmus.Instr{Pos: pos, Text: text, Op: litmus.OpAssume, Cond: cond, CtrlDep: true, Spin: acquireAttempt(l.thr.Code[from:])})
		return nil, true, nil
	case extCondLoad:
		v, err := l.condLoad(c, x.tag, dst, pos, text)
		return v, true, err
	}
	v, err := l.tryCmpxchg(c, x.tag, dst, pos, text)
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
